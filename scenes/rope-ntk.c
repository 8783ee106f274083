/*
 * rope-ntk (lesson Ex. 14): NTK-aware scaling raises the base to
 * base·s^(d/(d-2)).  Pair 0 keeps its speed, the last pair slows by exactly
 * s, and the pairs between slow by s^(2i/(d-2)): some still extrapolate.
 * Steps stop at position 1 (pair 0 keeps its speed), the end of training,
 * where drawn pairs' new hands leave their trained arcs, and the target.
 */
#include <math.h>
#include <string.h>

#include "kern/rope.h"
#include "scene/scene.h"
#include "scenes/lib/common.h"
#include "scenes/lib/rope_scene.h"

#define NT_MAX_D 1024

struct nt_state {
	struct rope_scene r;
	double new_base;
	double theta[NT_MAX_D / 2], used[NT_MAX_D / 2];
	int beyond[ROPE_MAX_PAIRS];            /* drawn pair i reaches an unseen angle by the target */
	/* and the position where it first does */
	double leaves[ROPE_MAX_PAIRS];
	/* how many; the first and the last to leave (indices), -1 */
	int nbeyond, first_beyond, last_beyond;
};

/* The first position where drawn pair i's new hand is past its trained span. */
static double leave_pos(const struct nt_state *st, int i)
{
	int p = st->r.pairs[i];
	double span = rope_scene_trained_span(&st->r, st->theta[p]),
	       pos = ceil(span / st->used[p]);
	while (pos > 0 &&
	       rope_scene_angle_unseen(span, (pos - 1) * st->used[p]))
		pos--;
	while (!rope_scene_angle_unseen(span, pos * st->used[p]))
		pos++;
	return pos;
}

enum { NT_S = ROPE_NPARAMS, NT_NPARAMS };
static const struct param_spec nt_params[NT_NPARAMS + 1] = {
	ROPE_PARAMS(NT_MAX_D),
	[NT_S] = {.name = "s", .kind = PARAM_REAL, .min = 1, .max = 1e6, .help = "scale factor"},
	[NT_NPARAMS] = {0},
};
static const struct rope_scene_params nt_own = {.s = NT_S, .beta_fast = -1, .beta_slow = -1};

static int nt_init(void *vs, const struct scene_env *env, char *err, size_t errlen)
{
	struct nt_state *st = vs;
	if (rope_scene_read(&st->r, env, &nt_own, err, errlen) < 0)
		return -1;
	if (st->r.d < 4) {
		snprintf(err, errlen, "d: NTK-aware scaling needs d of at least 4");
		return -1;
	}
	st->new_base = rope_ntk_base(st->r.base, st->r.s, st->r.d);
	for (int i = 0; i < st->r.d / 2; i++) {
		st->theta[i] = rope_theta(st->r.base, i, st->r.d);
		st->used[i] = rope_theta(st->new_base, i, st->r.d);
	}
	st->first_beyond = st->last_beyond = -1;
	for (int i = 0; i < st->r.npairs; i++) {
		int p = st->r.pairs[i];
		st->beyond[i] = rope_scene_angle_unseen(rope_scene_trained_span(&st->r, st->theta[p]), (st->r.target - 1) * st->used[p]);
		st->nbeyond += st->beyond[i];
		if (!st->beyond[i])
			continue;
		st->leaves[i] = leave_pos(st, i);
		if (st->first_beyond < 0 ||
		    st->leaves[i] < st->leaves[st->first_beyond])
			st->first_beyond = i;
		if (st->last_beyond < 0 ||
		    st->leaves[i] > st->leaves[st->last_beyond])
			st->last_beyond = i;
	}
	struct rope_scene *r = &st->r;
	rope_scene_stop(r, 0, STOP_START, -1);
	rope_scene_stop(r, 1, STOP_NEIGHBOUR, -1);
	rope_scene_stop(r, r->train - 1, STOP_TRAIN_END, -1);
	if (st->first_beyond >= 0)
		rope_scene_stop(r, st->leaves[st->first_beyond],
				STOP_PAIR_LEAVES, st->first_beyond);
	if (st->last_beyond >= 0 && st->last_beyond != st->first_beyond)
		rope_scene_stop(r, st->leaves[st->last_beyond],
				STOP_PAIR_LEAVES, st->last_beyond);
	rope_scene_stop(r, r->target - 1, STOP_TARGET, -1);
	return 0;
}

static void nt_narrate(const struct nt_state *st, int k, char *out, size_t len)
{
	const struct rope_scene *r = &st->r;
	const struct rope_stop *sp = &r->stops[k];
	double pos = sp->pos;
	int n = r->npairs, pl = n ? r->pairs[n - 1] : 0;
	switch (sp->kind) {
	case STOP_START:
		snprintf(out, len,
			 "NTK-aware scaling raises the base instead of "
			 "dividing positions: %g → %.1f = "
			 "base·s^(d/(d−2)). Pair i turns s^(2i/(d−2)) times "
			 "slower: pair 0 not at all, pair %d exactly "
			 "s = %g times. ○ old, ● new hand.",
			 r->base, st->new_base, r->d / 2 - 1, r->s);
		break;
	case STOP_NEIGHBOUR: {
		char mid[200] = "";
		size_t used = 0;
		for (int i = 1, m = 0; i < n - 1 && m < 3 && used < sizeof mid;
		     i++, m++) {
			int p = r->pairs[i],
			    w = snprintf(mid + used, sizeof mid - used,
					 "%s%.3f for pair %d", m ? ", " : "",
					 st->theta[p] / st->used[p], p);
			used += w > 0 ? (size_t)w : 0;
		}
		snprintf(out, len,
			 "Position 1: pair 0's ● hand turned the full %.0f "
			 "rad, as in training: fast pairs keep "
			 "their resolution, unlike PI.%s%s%s",
			 st->used[0],
			 used ? " Between, the slowdown grows "
				"smoothly: "
			      : "",
			 mid, used ? "." : "");
		break;
	}
	case STOP_TRAIN_END:
		snprintf(out, len,
			 "Position %.0f, the end of training: each ○ hand "
			 "stands at the end of its • arc, each "
			 "● hand behind it by its pair's slowdown, so the slow "
			 "pairs have room left: pair %d has used %.2f "
			 "of its arc.",
			 pos, pl, st->used[pl] / st->theta[pl]);
		break;
	case STOP_PAIR_LEAVES: {
		int i = sp->pair, p = r->pairs[i];
		double slow = st->theta[p] / st->used[p];
		if (sp->nth == 0 && slow < r->s * (1 - 1e-9))
			snprintf(out, len,
				 "Position %.0f: pair %d's ● hand leaves its "
				 "trained • arc (★). Slowed by %.3f, "
				 "less than s = %g, with a wavelength of %.1f: "
				 "it partly extrapolates, to angles the model "
				 "never saw.",
				 pos, p, slow, r->s,
				 rope_wavelength(r->base, p, r->d));
		else if (sp->nth == 0)
			snprintf(out, len,
				 "Position %.0f: pair %d's ● hand leaves its "
				 "trained • arc (★): slowed by the full "
				 "s = %g, it still cannot cover a target past "
				 "s × train = %.0f.",
				 pos, p, r->s, r->s * r->train);
		else
			snprintf(out, len,
				 "Position %.0f: pair %d leaves its arc too "
				 "(slowdown %.3f). The nearer a pair's "
				 "slowdown is to s, the later it leaves.",
				 pos, p, slow);
		break;
	}
	case STOP_TARGET: {
		char tail[200] = "";
		int a = st->first_beyond, b = st->last_beyond;
		if (a >= 0 && b != a)
			snprintf(tail, sizeof tail,
				 "; pair %d at %.2f and pair %d at %.2f, past "
				 "their trained %.2f and "
				 "%.2f. Some pairs still extrapolate: YaRN is "
				 "the answer.",
				 r->pairs[a], pos * st->used[r->pairs[a]],
				 r->pairs[b], pos * st->used[r->pairs[b]],
				 (r->train - 1) * st->theta[r->pairs[a]],
				 (r->train - 1) * st->theta[r->pairs[b]]);
		else if (a >= 0)
			snprintf(tail, sizeof tail,
				 "; pair %d at %.2f, past its trained %.2f. "
				 "Some pairs still "
				 "extrapolate: YaRN is the answer.",
				 r->pairs[a], pos * st->used[r->pairs[a]],
				 (r->train - 1) * st->theta[r->pairs[a]]);
		else
			snprintf(tail, sizeof tail,
				 "; every drawn ● hand stays on its trained "
				 "arc.");
		/* the slowest drawn pair leaves too: the tail says it */
		if (n > 0 && st->beyond[n - 1])
			snprintf(out, len, "Position %.0f, the target: %s", pos,
				 tail + 2);
		else
			snprintf(out, len,
				 "Position %.0f, the target: pair %d at %.2f "
				 "rad (%.2f in training)%s",
				 pos, pl, pos * st->used[pl],
				 (r->train - 1) * st->theta[pl], tail);
		break;
	}
	default: out[0] = 0;
	}
}

static void nt_render(const void *vs, struct view *v)
{
	const struct nt_state *st = vs;
	const struct rope_scene *r = &st->r;
	double pos = rope_scene_view_pos(r, v);
	canvas_printf(v->pic, 0, 0, ROLE_LABEL,
		      "position %.0f  (trained 0..%.0f)", floor(pos),
		      r->train - 1);
	int starred = rope_scene_draw_clocks(v->pic, 1, r, st->theta, st->used, pos);
	struct canvas *s = v->side;
	canvas_printf_whole(s, 0, 0, ROLE_NORMAL, "s = %g, d %d", r->s, r->d);
	/* the new base in fewer digits where it is long (Mistral's 1e9 → 4.1e9) */
	if (!canvas_printf_whole(s, 0, 1, ROLE_ACCENT, "base %g → %.1f", r->base, st->new_base) &&
	    !canvas_printf_whole(s, 0, 1, ROLE_ACCENT, "base %g → %.0f", r->base, st->new_base))
		canvas_printf_whole(s, 0, 1, ROLE_ACCENT, "base %g → %.6g", r->base, st->new_base);
	/* A row's ★ once its pair's hand has left the trained arc, at the
	 * step that says so, not before the question; named in the legend
	 * when a dial or a row shows one. */
	int left[ROPE_MAX_PAIRS] = {0};
	for (int i = 0; i < r->npairs; i++) {
		left[i] = st->beyond[i] && pos >= st->leaves[i];
		starred |= left[i];
	}
	canvas_text(s, 0, 2, ROLE_DIM,
		    starred ? "○ old ● new ★ unseen" : "○ old ● new");
	canvas_text(s, 0, 3, ROLE_DIM, "• trained · untrained");   /* the dials' rims */
	/* the unit of the angle at the target, over its column (the
	 * slowdown is a ratio) */
	canvas_text(s, 0, 4, ROLE_LABEL, "            angle (rad)");
	canvas_text(s, 0, 5, ROLE_LABEL, "pair slowdown at target");
	int rows = s->h - 6, shown = r->npairs <= rows ? r->npairs : rows - 1;
	for (int i = 0; i < shown; i++) {
		int p = r->pairs[i];
		char sb[24], tb[24];
		canvas_printf(s, 0, 6 + i, left[i] ? ROLE_HOT : ROLE_NORMAL,
			      "%4d %8s %9s%s", p,
			      fmt_in(sb, sizeof sb, st->theta[p] / st->used[p], 8, 3),
			      fmt_in(tb, sizeof tb,
				     (r->target - 1) * st->used[p], 9, 2),
			      left[i] ? "★" : "");
	}
	if (shown < r->npairs)
		canvas_printf(s, 0, 6 + shown, ROLE_DIM, "+%d more pair%s",
			      r->npairs - shown,
			      r->npairs - shown == 1 ? "" : "s");
	nt_narrate(st, v->step < r->nstops ? v->step : r->nstops - 1,
		   v->narration, VIEW_NARRATION);
}

/*
 * The base NTK-aware scaling needs, found from what it must do: the last
 * pair, i = d/2 - 1, slows by exactly s.  Bisection on the base, measuring
 * the slowdown with running products; it never uses base * s^(d/(d-2)).
 */
static double ntk_base_by_slowdown(const struct rope_scene *r)
{
	int last = r->d / 2 - 1;
	double want = r->s, lo = log(r->base), hi = log(r->base) + 4 * log(r->s) + 1;
	double t0[NT_MAX_D / 2], t1[NT_MAX_D / 2];
	rope_scene_theta_product(r->base, r->d, last + 1, t0);
	for (int k = 0; k < 200 && hi - lo > 1e-15 * hi; k++) {
		double mid = 0.5 * (lo + hi);
		rope_scene_theta_product(exp(mid), r->d, last + 1, t1);
		if (t0[last] / t1[last] < want)
			lo = mid;
		else
			hi = mid;
	}
	return exp(0.5 * (lo + hi));
}

static void nt_summary(const void *vs, struct summary *s)
{
	const struct nt_state *st = vs;
	const struct rope_scene *r = &st->r;
	int half = r->d / 2;
	double prod[NT_MAX_D / 2];
	rope_scene_theta_product(r->base, r->d, half, prod);
	summary_check_real(s, HOW_REFERENCE, st->new_base, ntk_base_by_slowdown(r), 1e-9 * st->new_base, "ntk_base");
	summary_words(s, "the new base: base' = base * s^(d/(d-2))");
	rope_scene_in(s, r, ROPE_IN_BASE | ROPE_IN_S | ROPE_IN_D, 0);
	summary_explain(s, "second way: the base at which the last pair (%d) turns exactly s times slower,", half - 1);
	summary_explain(s, "found by bisection with running-product frequencies");
	rope_scene_check_theta(s, r, st->theta, prod);
	/* The lesson's slowdown s^(2i/(d-2)), applied to theta_i. */
	for (int i = 0; i < half; i++) {
		double want = prod[i] / pow(r->s, 2.0 * i / (r->d - 2));
		summary_real(s, st->used[i], "theta_new.%d", i);
		summary_words(s, "pair %d's angle per position under the new base, rad: base'^(-2i/d), theta_i slowed by "
			      "s^(2i/(d-2))", i);
		rope_scene_in(s, r, ROPE_IN_THETA | ROPE_IN_S, i);
		summary_formula(s, 1e-9 * want, ROPE_F_THETA " / s^(2 * i / (d - 2))");
	}
	for (int i = 0; i < half; i++) {
		double slow = st->theta[i] / st->used[i];
		summary_real(s, slow, "slowdown.%d", i);
		summary_words(s, "how many times slower pair %d turns: theta_i / theta'_i, 1 for pair 0, s for the last", i);
		rope_scene_in(s, r, ROPE_IN_S | ROPE_IN_I | ROPE_IN_D, i);
		summary_formula(s, 1e-9 * slow, "s^(2 * i / (d - 2))");
	}
	for (int i = 0; i < half; i++) {
		double v = (r->target - 1) * st->used[i];
		summary_real(s, v, "angle_at_target.%d", i);
		summary_words(s, "pair %d's angle at the last position, rad: (target - 1) * theta'_i%s", i,
			      v > (r->train - 1) * st->theta[i] + 1e-9 ? ", beyond the largest in training" : "");
		rope_scene_in(s, r, ROPE_IN_TARGET | ROPE_IN_THETA | ROPE_IN_S, i);
		summary_formula(s, 1e-9 * (1 + v), "(target - 1) * " ROPE_F_THETA " / s^(2 * i / (d - 2))");
	}
	rope_scene_check_max_trained(s, r, st->theta);
}

static void nt_print(const void *vs, FILE *out)
{
	const struct nt_state *st = vs;
	const struct rope_scene *r = &st->r;
	char a[32], b[32], c[32];
	fprintf(out, "base %s -> %s\n", fmt_fixed(a, sizeof a, r->base, 0), fmt_fixed(b, sizeof b, st->new_base, 1));
	fprintf(out, "pair  theta        theta'       slowdown  angle at %.0f  trained max\n", r->target - 1);
	for (int i = 0; i < r->npairs; i++) {
		int p = r->pairs[i];
		fprintf(out, "%4d  %.4e  %.4e  %8s  %14s  %11s\n", p, st->theta[p], st->used[p],
			fmt_fixed(a, sizeof a, st->theta[p] / st->used[p], 3), fmt_fixed(b, sizeof b, (r->target - 1) * st->used[p], 2),
			fmt_fixed(c, sizeof c, (r->train - 1) * st->theta[p], 2));
	}
}

const struct scene_class scene_rope_ntk = {
	.id = "rope-ntk",
	.params = nt_params,
	.nparams = NT_NPARAMS,
	.state_size = sizeof(struct nt_state),
	.init = nt_init,
	.nsteps = rope_scene_nsteps,
	.tween = rope_scene_tween,
	.render = nt_render,
	.summary = nt_summary,
	.print = nt_print,
};
