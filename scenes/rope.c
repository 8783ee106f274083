/*
 * rope (lesson Ex. 12): one clock per selected pair, its hand at position x
 * theta_i.  The rim is shaded where training swept the hand; past the
 * trained length a slow pair's hand reaches angles never seen (a star).
 * Steps walk the position from 0 to the target; autoplay spins the hands.
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
	double pos[ROPE_STEPS + 1];                      /* the position of each step */
	double angle[ROPE_STEPS + 1][ROPE_MAX_PAIRS];    /* [step][drawn pair] position × theta */
	int is_new[ROPE_STEPS + 1][ROPE_MAX_PAIRS];      /* that angle was never reached in training */
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
	for (int i = 0; i < st->r.npairs; i++)
		st->wl[i] = rope_wavelength(st->r.base, st->r.pairs[i], st->r.d);
	for (int k = 0; k <= ROPE_STEPS; k++) {
		st->pos[k] = rope_scene_step_pos(&st->r, k);
		for (int i = 0; i < st->r.npairs; i++) {
			double th = st->theta[st->r.pairs[i]];
			st->angle[k][i] = st->pos[k] * th;
			st->is_new[k][i] = rope_scene_angle_unseen(rope_scene_trained_span(&st->r, th), st->angle[k][i]);
		}
	}
	return 0;
}

static void rp_render(const void *vs, struct view *v)
{
	const struct rp_state *st = vs;
	const struct rope_scene *r = &st->r;
	int k = v->step, any_new = 0;
	double pos = st->pos[k];
	canvas_printf(v->pic, 0, 0, ROLE_LABEL, "position %.0f  (trained 0..%.0f)", pos, r->train - 1);
	int starred = rope_scene_draw_clocks(v->pic, 1, r, st->theta, st->theta, pos);
	struct canvas *s = v->side;
	canvas_printf_whole(s, 0, 0, ROLE_NORMAL, "d %d, base %g", r->d, r->base);
	/* Shorter words where the numbers are long (Gemma 4: 262144 trained,
	 * 256 pairs): every number whole at 80x24. */
	rope_scene_train_target(s, 1, r);
	if (canvas_printf_whole(s, 0, 2, ROLE_ACCENT, "%d of %d pairs never turn", st->unseen, r->d / 2)) {
		canvas_text(s, 0, 3, ROLE_DIM, "once in training");
	} else {
		canvas_printf(s, 0, 2, ROLE_ACCENT, "%d of %d pairs never", st->unseen, r->d / 2);
		canvas_text(s, 0, 3, ROLE_DIM, "turn once in training");
	}
	for (int i = 0; i < r->npairs; i++)
		any_new |= st->is_new[k][i];
	canvas_text(s, 0, 4, ROLE_DIM, starred || any_new ? "• trained  ★ never seen" : "• trained");
	canvas_text(s, 0, 5, ROLE_LABEL, "pair wavelength   angle");
	int rows = s->h - 6, shown = r->npairs <= rows ? r->npairs : rows - 1;
	for (int i = 0; i < shown; i++) {
		/* Columns of 10 and 7, right-aligned under their names, as many
		 * decimals as fit (Llama 3's base 500000, a target of 2^30). */
		char wb[24], ab[24];
		canvas_printf(s, 0, 6 + i, st->is_new[k][i] ? ROLE_HOT : ROLE_NORMAL, "%4d %10s %7s%s", r->pairs[i],
			      fmt_in(wb, sizeof wb, st->wl[i], 10, 1), fmt_in(ab, sizeof ab, st->angle[k][i], 7, 2),
			      st->is_new[k][i] ? "★" : "");
	}
	if (shown < r->npairs)
		canvas_printf(s, 0, 6 + shown, ROLE_DIM, "+%d more pair%s", r->npairs - shown, r->npairs - shown == 1 ? "" : "s");
	snprintf(v->narration, VIEW_NARRATION,
		 "Position %.0f: %s. Each hand turns θ_i = base^(−2i/d) rad per position. The %d pairs with "
		 "wavelength over %.0f never finish a turn in training; past it they reach new angles.",
		 pos, pos >= r->train ? (any_new ? "beyond training, ★ marks unseen angles crossed" : "beyond training")
				      : "inside training", st->unseen, r->train);
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
	.render = rp_render,
	.summary = rp_summary,
	.print = rp_print,
};
