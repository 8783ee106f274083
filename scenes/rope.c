/*
 * rope (lesson Ex. 12): one clock per selected pair, its hand at position x
 * theta_i.  The rim is shaded where training swept the hand; past the
 * trained length a slow pair's hand reaches angles never seen (a star).
 * Steps stop where the lesson looks: a fast hand's first turn, the end of
 * training, one past it (the slow pairs leave their arcs), the first turns
 * of drawn slow pairs, the target; the hands sweep between.
 */
#include <math.h>
#include <string.h>

#include "kern/rope.h"
#include "scene/scene.h"
#include "scenes/lib/common.h"
#include "scenes/lib/rope_scene.h"

#define RP_MAX_D 1024

struct rp_state {
	struct rope_scene r;
	double theta[RP_MAX_D / 2];
	int unseen;                                      /* pairs that never turn once in training */
	double wl[ROPE_MAX_PAIRS];                       /* wavelength of each drawn pair */
	/* drawn pairs (indices) that never turn in training; -1 */
	int first_unseen, last_unseen;
	/* the slowest drawn pair that turns at least once; -1 */
	int boundary;
};

enum { RP_NPARAMS = ROPE_NPARAMS };
static const struct param_spec rp_params[RP_NPARAMS + 1] = {
	ROPE_PARAMS(RP_MAX_D),
	[RP_NPARAMS] = {0},
};
static const struct rope_scene_params rp_own = {.s = -1, .beta_fast = -1, .beta_slow = -1};

static int rp_init(void *vs, const struct scene_env *env, char *err, size_t errlen)
{
	struct rp_state *st = vs;
	if (rope_scene_read(&st->r, env, &rp_own, err, errlen) < 0)
		return -1;
	if (st->r.d > RP_MAX_D) {
		snprintf(err, errlen, "d: %d is more than %d", st->r.d, RP_MAX_D);
		return -1;
	}
	for (int i = 0; i < st->r.d / 2; i++)
		st->theta[i] = rope_theta(st->r.base, i, st->r.d);
	st->unseen = rope_unseen_pairs(st->r.base, st->r.d, st->r.train);
	struct rope_scene *r = &st->r;
	st->first_unseen = st->last_unseen = st->boundary = -1;
	for (int i = 0; i < r->npairs; i++) {
		st->wl[i] = rope_wavelength(r->base, r->pairs[i], r->d);
		if (st->wl[i] > r->train) {
			st->first_unseen =
				st->first_unseen < 0 ? i : st->first_unseen;
			st->last_unseen = i;
		} else if (st->boundary < 0 ||
			   st->wl[i] > st->wl[st->boundary]) {
			st->boundary = i;
		}
	}
	/* The stops, in order of position. */
	rope_scene_stop(r, 0, STOP_START, -1);
	if (r->npairs > 0 &&
	    ceil(st->wl[0]) < r->train - 1) /* a turn within training */
		rope_scene_stop(r, ceil(st->wl[0]), STOP_FAST_TURN, 0);
	rope_scene_stop(r, r->train - 1, STOP_TRAIN_END, st->first_unseen);
	if (st->unseen > 0)
		rope_scene_stop(r, r->train, STOP_LEAVE, st->boundary);
	int a = rope_scene_turning_pair(r, st->theta, r->train, 0),
	    b = rope_scene_turning_pair(r, st->theta, r->train, 1);
	if (a >= 0)
		rope_scene_stop(r, ceil(st->wl[a]), STOP_TURN, a);
	if (b >= 0 && b != a)
		rope_scene_stop(r, ceil(st->wl[b]), STOP_TURN, b);
	rope_scene_stop(r, r->target - 1, STOP_TARGET, st->first_unseen);
	return 0;
}

/* The narration of stop k: what the hands show at that position. */
static void rp_narrate(const struct rp_state *st, int k, char *out, size_t len)
{
	const struct rope_scene *r = &st->r;
	const struct rope_stop *sp = &r->stops[k];
	double pos = sp->pos;
	int n = r->npairs, fu = st->first_unseen, lu = st->last_unseen;
	int p0 = n ? r->pairs[0] : 0, pl = n ? r->pairs[n - 1] : 0;
	char a[32], b[32];
	switch (sp->kind) {
	case STOP_START:
		if (pl != p0)
			snprintf(a, sizeof a, ", pair %d by %.3g", pl,
				 st->theta[pl]);
		else
			a[0] = 0;
		snprintf(out, len,
			 "Position 0: each pair is a clock hand turning θ_i = "
			 "base^(−2i/d) rad a position, pair %d "
			 "by %.3g%s. Fast hands tell nearby positions apart, "
			 "slow hands distant ones.",
			 p0, st->theta[p0], a);
		break;
	case STOP_FAST_TURN:
		snprintf(out, len,
			 "Position %.0f: pair %d (wavelength %.1f) has made a "
			 "full turn and repeats its angles; "
			 "pair %d has moved %.2g rad. A fast hand alone cannot "
			 "tell positions a turn apart: the slow "
			 "hands can.",
			 pos, p0, st->wl[0], pl, pos * st->theta[pl]);
		break;
	case STOP_TRAIN_END:
		if (fu >= 0 && fu != 0 && lu != fu)
			snprintf(
			    out, len,
			    "Position %.0f, the last trained: pair %d has "
			    "turned %.1f times, every angle "
			    "seen. %d of %d pairs never finish a turn: the "
			    "• arcs are all training showed them, pair %d "
			    "up to %s rad, pair %d to %s.",
			    pos, p0, r->train / st->wl[0], st->unseen, r->d / 2,
			    r->pairs[fu],
			    rope_scene_rad(a, sizeof a,
					   pos * st->theta[r->pairs[fu]]),
			    r->pairs[lu],
			    rope_scene_rad(b, sizeof b,
					   pos * st->theta[r->pairs[lu]]));
		else if (fu >= 0)
			snprintf(out, len,
				 "Position %.0f, the last trained. %d of %d "
				 "pairs never finish a turn: the • arcs "
				 "are all training showed them, pair %d up to "
				 "%s rad.",
				 pos, st->unseen, r->d / 2, r->pairs[lu],
				 rope_scene_rad(a, sizeof a,
						pos * st->theta[r->pairs[lu]]));
		else
			snprintf(out, len,
				 "Position %.0f, the last trained: pair %d has "
				 "turned %.1f times, every angle "
				 "seen. %d of %d pairs never finish a turn; "
				 "every drawn pair turned at least once.",
				 pos, p0, r->train / st->wl[0], st->unseen,
				 r->d / 2);
		break;
	case STOP_LEAVE: {
		char tail[160] = "";
		if (sp->pair >= 0)
			snprintf(tail, sizeof tail,
				 " Pair %d (%.2f turns in training) is the "
				 "slowest drawn that saw every "
				 "angle.",
				 r->pairs[sp->pair],
				 r->train / st->wl[sp->pair]);
		snprintf(out, len,
			 "Position %.0f, one past training: the %d pairs that "
			 "never finished a turn now point "
			 "past their • arcs, at angles the model never "
			 "produced (★).%s",
			 pos, st->unseen, tail);
		break;
	}
	case STOP_TURN: {
		int p = r->pairs[sp->pair];
		double from = (r->train - 1) * st->theta[p];
		if (sp->nth == 0)
			snprintf(out, len,
				 "Position %.0f: pair %d finishes its first "
				 "turn (wavelength %.1f). Since %.0f its "
				 "hand crossed %s to %.2f rad, never seen in "
				 "training (★ on its rim); slower pairs are "
				 "still on new angles.",
				 pos, p, st->wl[sp->pair], r->train,
				 rope_scene_rad(a, sizeof a, from), 2 * M_PI);
		else if (st->wl[n - 1] > r->target - 1)
			snprintf(out, len,
				 "Position %.0f: pair %d too has turned once "
				 "(wavelength %.1f), after crossing "
				 "%s to %.2f rad unseen. Pair %d (wavelength "
				 "%.1f) will not finish a turn in %.0f "
				 "positions.",
				 pos, p, st->wl[sp->pair],
				 rope_scene_rad(a, sizeof a, from), 2 * M_PI,
				 pl, st->wl[n - 1], r->target);
		else
			snprintf(out, len,
				 "Position %.0f: pair %d too has turned once "
				 "(wavelength %.1f), after crossing "
				 "%s to %.2f rad unseen.",
				 pos, p, st->wl[sp->pair],
				 rope_scene_rad(a, sizeof a, from), 2 * M_PI);
		break;
	}
	case STOP_TARGET:
		if (pos >= r->train && fu >= 0 && (fu == 0 || lu == fu))
			snprintf(out, len,
				 "Position %.0f, the target: pair %d at %s "
				 "rad, %.1f× its trained %s, an angle "
				 "training never produced. Hence the drop past "
				 "n_ctx_train: llama.cpp warns of context "
				 "overflow.",
				 pos, r->pairs[lu],
				 rope_scene_rad(a, sizeof a,
						pos * st->theta[r->pairs[lu]]),
				 pos / (r->train - 1),
				 rope_scene_rad(b, sizeof b,
						(r->train - 1) *
						    st->theta[r->pairs[lu]]));
		else if (pos < r->train || fu < 0)
			snprintf(
				out, len,
				"Position %.0f, the target: every drawn hand "
				"is on an angle training showed; "
				"pair %d's %.0f rad is %.2f after whole turns.",
				pos, p0, pos * st->theta[p0],
				fmod(pos * st->theta[p0], 2 * M_PI));
		else
			snprintf(
			    out, len,
			    "Position %.0f, the target: pair %d at %.2f "
			    "rad, pair %d at %s, %.1f× its "
			    "trained %s; pair %d's %.0f rad is %.2f after "
			    "whole turns, seen. Hence the drop past "
			    "n_ctx_train: llama.cpp warns of context "
			    "overflow.",
			    pos, r->pairs[fu], pos * st->theta[r->pairs[fu]],
			    pl,
			    rope_scene_rad(a, sizeof a, pos * st->theta[pl]),
			    pos / (r->train - 1),
			    rope_scene_rad(b, sizeof b,
					   (r->train - 1) * st->theta[pl]),
			    p0, pos * st->theta[p0],
			    fmod(pos * st->theta[p0], 2 * M_PI));
		break;
	default: out[0] = 0;
	}
}

static void rp_render(const void *vs, struct view *v)
{
	const struct rp_state *st = vs;
	const struct rope_scene *r = &st->r;
	int any_new = 0, is_new[ROPE_MAX_PAIRS];
	double pos = rope_scene_view_pos(r, v), angle[ROPE_MAX_PAIRS];
	for (int i = 0; i < r->npairs; i++) {
		double th = st->theta[r->pairs[i]];
		angle[i] = pos * th;
		is_new[i] = rope_scene_angle_unseen(
			rope_scene_trained_span(r, th), angle[i]);
	}
	canvas_printf(v->pic, 0, 0, ROLE_LABEL,
		      "position %.0f  (trained 0..%.0f)", floor(pos),
		      r->train - 1);
	int starred = rope_scene_draw_clocks(v->pic, 1, r, st->theta, st->theta, pos);
	struct canvas *s = v->side;
	canvas_printf_whole(s, 0, 0, ROLE_NORMAL, "d %d, base %g", r->d, r->base);
	/* Shorter words where the numbers are long (Gemma 4: 262144 trained,
	 * 256 pairs): every number whole at 80x24. */
	rope_scene_train_target(s, 1, r);
	/* one row, so that the columns below have a row for their units;
	 * from the end of training on, where the narration says it */
	int told = pos >= r->train - 1;
	if (told && !canvas_printf_whole(s, 0, 2, ROLE_ACCENT,
					 "%d of %d pairs: < 1 turn",
					 st->unseen, r->d / 2) &&
	    !canvas_printf_whole(s, 0, 2, ROLE_ACCENT, "%d/%d pairs: < 1 turn",
				 st->unseen, r->d / 2))
		canvas_printf(s, 0, 2, ROLE_ACCENT, "%d/%d: < 1 turn",
			      st->unseen, r->d / 2);
	for (int i = 0; i < r->npairs; i++)
		any_new |= is_new[i];
	canvas_text(s, 0, 3, ROLE_DIM, starred || any_new
		    ? "• trained  ★ never seen" : "• trained");
	canvas_text(s, 0, 4, ROLE_LABEL, "pair wavelength   angle");
	canvas_text(s, 0, 5, ROLE_LABEL, "       (tokens)   (rad)");
	int rows = s->h - 6, shown = r->npairs <= rows ? r->npairs : rows - 1;
	for (int i = 0; i < shown; i++) {
		/* Columns of 10 and 7, right-aligned under their names, as many
		 * decimals as fit (Llama 3's base 500000, a target of 2^30). */
		char wb[24], ab[24];
		canvas_printf(s, 0, 6 + i, is_new[i] ? ROLE_HOT : ROLE_NORMAL,
			      "%4d %10s %7s%s", r->pairs[i],
			      fmt_in(wb, sizeof wb, st->wl[i], 10, 1),
			      fmt_in(ab, sizeof ab, angle[i], 7, 2),
			      is_new[i] ? "★" : "");
	}
	if (shown < r->npairs)
		canvas_printf(s, 0, 6 + shown, ROLE_DIM, "+%d more pair%s", r->npairs - shown, r->npairs - shown == 1 ? "" : "s");
	rp_narrate(st, v->step < r->nstops ? v->step : r->nstops - 1,
		   v->narration, VIEW_NARRATION);
}

static void rp_summary(const void *vs, struct summary *s)
{
	const struct rp_state *st = vs;
	const struct rope_scene *r = &st->r;
	int half = r->d / 2;
	/* The second way to every frequency: a running product, never rope_theta's pow. */
	double prod[RP_MAX_D / 2];
	rope_scene_theta_product(r->base, r->d, half, prod);
	for (int i = 0; i < half; i++) {
		summary_check_real(s, HOW_REFERENCE, st->theta[i], prod[i], 1e-12 * prod[i], "theta.%d", i);
		summary_words(s, "the angle pair %d turns per position, rad: theta_i = base^(-2i/d)", i);
		rope_scene_in(s, r, ROPE_IN_THETA, i);
		summary_explain(s, "second way: a running product, theta_0 = 1 and theta_{i+1} = theta_i * base^(-2/d)");
	}
	rope_scene_check_wavelength(s, r);
	for (int i = 0; i < half; i++) {
		double wl = rope_wavelength(r->base, i, r->d), turns = r->train / wl;
		summary_real(s, turns, "turns.%d", i);
		summary_words(s, "full turns pair %d makes within the trained length: train / wavelength = train * theta_i / "
			      "(2 pi)%s", i, turns < 1 ? " (less than one: some angles never occur in training)" : "");
		rope_scene_in(s, r, ROPE_IN_TRAIN | ROPE_IN_THETA | ROPE_IN_PI, i);
		summary_formula(s, 1e-12 * turns, "train * " ROPE_F_THETA " / (2 * pi)");
	}
	rope_scene_check_max_trained(s, r, st->theta);
	for (int i = 0; i < half; i++) {
		double v = (r->target - 1) * st->theta[i];
		summary_real(s, v, "angle_at_target.%d", i);
		summary_words(s, "pair %d's angle at the last position of the target, rad: (target - 1) * theta_i", i);
		rope_scene_in(s, r, ROPE_IN_TARGET | ROPE_IN_THETA, i);
		summary_formula(s, 1e-12 * (1 + v), "(target - 1) * " ROPE_F_THETA);
	}
	/* The count again from ggml's correction-dim formula with one turn: pairs past it never turn. */
	summary_int(s, rope_unseen_pairs(r->base, r->d, r->train), "unseen_pairs");
	summary_words(s, "pairs whose wavelength 2 pi / theta_i exceeds train: they never complete a turn in training "
		      "(counted pair by pair)");
	rope_scene_in(s, r, ROPE_IN_D | ROPE_IN_TRAIN | ROPE_IN_BASE | ROPE_IN_PI, 0);
	summary_formula(s, 0, "d / 2 - min(d / 2, max(0, floor(0.5 * d * ln(train / (2 * pi)) / ln(base)) + 1))");
	summary_explain(s, "the pair where one turn fits exactly, d ln(train / 2 pi) / (2 ln base), is ggml's corr-dim "
		       "formula (ggml_rope_yarn_corr_dim) with one turn; the pairs after its floor never turn");
}

static void rp_print(const void *vs, FILE *out)
{
	const struct rp_state *st = vs;
	const struct rope_scene *r = &st->r;
	char a[32], b[32], c[32], d[32];
	fprintf(out, "pair  theta        wavelength  turns in %.0f  max angle trained  angle at %.0f\n", r->train, r->target - 1);
	for (int i = 0; i < r->npairs; i++) {
		int p = r->pairs[i];
		double th = st->theta[p], wl = 2 * M_PI / th;
		fprintf(out, "%4d  %.3e  %10s  %13s  %17s  %14s\n", p, th, fmt_fixed(a, sizeof a, wl, 1),
			fmt_fixed(b, sizeof b, r->train / wl, 2), fmt_fixed(c, sizeof c, (r->train - 1) * th, 2),
			fmt_fixed(d, sizeof d, (r->target - 1) * th, 2));
	}
	fprintf(out, "pairs that never complete one turn within %.0f positions: %d of %d\n", r->train,
		rope_unseen_pairs(r->base, r->d, r->train), r->d / 2);
}

const struct scene_class scene_rope = {
	.id = "rope",
	.params = rp_params,
	.nparams = RP_NPARAMS,
	.state_size = sizeof(struct rp_state),
	.init = rp_init,
	.nsteps = rope_scene_nsteps,
	.tween = rope_scene_tween,
	.render = rp_render,
	.summary = rp_summary,
	.print = rp_print,
};
