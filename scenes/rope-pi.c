/*
 * rope-pi (lesson Ex. 13): position interpolation divides every position by
 * s before RoPE.  Each clock shows the unscaled hand (hollow) and the
 * interpolated one: every hand stays inside the trained sweep, and every
 * pair, fast or slow, turns s times slower.  Steps stop at position 1 (the
 * cost: neighbours closer), the end of training, one past it (where the
 * unscaled slow hands would leave their arcs) and the target.
 */
#include <math.h>
#include <string.h>

#include "kern/rope.h"
#include "scene/scene.h"
#include "scenes/lib/common.h"
#include "scenes/lib/rope_scene.h"

#define PI_MAX_D 1024

struct pi_state {
	struct rope_scene r;
	double theta[PI_MAX_D / 2], used[PI_MAX_D / 2];
	int unseen; /* pairs that never turn once in training */
	int first_unseen; /* the first drawn such pair (index), -1 */
};

enum { PI_S = ROPE_NPARAMS, PI_NPARAMS };
static const struct param_spec pi_params[PI_NPARAMS + 1] = {
	ROPE_PARAMS(PI_MAX_D),
	[PI_S] = {.name = "s", .kind = PARAM_REAL, .min = 1, .max = 1e6,
		.help = "scale factor (target / train in the lesson)"},
	[PI_NPARAMS] = {0},
};
static const struct rope_scene_params pi_own = {.s = PI_S, .beta_fast = -1, .beta_slow = -1};

static int pi_init(void *vs, const struct scene_env *env, char *err, size_t errlen)
{
	struct pi_state *st = vs;
	if (rope_scene_read(&st->r, env, &pi_own, err, errlen) < 0)
		return -1;
	for (int i = 0; i < st->r.d / 2; i++) {
		st->theta[i] = rope_theta(st->r.base, i, st->r.d);
		st->used[i] = st->theta[i] / st->r.s;   /* positions divided by s, so every angle too */
	}
	struct rope_scene *r = &st->r;
	st->unseen = rope_unseen_pairs(r->base, r->d, r->train);
	st->first_unseen = -1;
	for (int i = 0; i < r->npairs && st->first_unseen < 0; i++)
		if (rope_wavelength(r->base, r->pairs[i], r->d) > r->train)
			st->first_unseen = i;
	rope_scene_stop(r, 0, STOP_START, -1);
	rope_scene_stop(r, 1, STOP_NEIGHBOUR, -1);
	rope_scene_stop(r, r->train - 1, STOP_TRAIN_END, -1);
	if (st->unseen > 0)
		rope_scene_stop(r, r->train, STOP_LEAVE, -1);
	rope_scene_stop(r, r->target - 1, STOP_TARGET, st->first_unseen);
	return 0;
}

static void pi_narrate(const struct pi_state *st, int k, char *out, size_t len)
{
	const struct rope_scene *r = &st->r;
	const struct rope_stop *sp = &r->stops[k];
	double pos = sp->pos, rot = pos / r->s;
	switch (sp->kind) {
	case STOP_START:
		snprintf(out, len,
			 "PI divides every position by s = %g before RoPE "
			 "(llama.cpp: --rope-scaling linear "
			 "--rope-scale %g). On each clock ○ is the unscaled "
			 "hand, ● the hand PI gives the model.",
			 r->s, r->s);
		break;
	case STOP_NEIGHBOUR:
		snprintf(out, len,
			 "Position 1, the cost: pair 0's ● hand turned %.3g "
			 "rad, not 1. Neighbours differed "
			 "by at least 1 rad on this pair in training, now by "
			 "%.3g: every pair is compressed by %g, the "
			 "fast ones too.",
			 st->used[0], st->used[0], r->s);
		break;
	case STOP_TRAIN_END:
		snprintf(out, len,
			 "Position %.0f, the end of training: unscaled, each ○ "
			 "hand stands at the end of its • "
			 "arc. PI rotates it as %.2f, so the ● hands have used "
			 "only %.3g of the range training showed.",
			 pos, rot, rot / pos);
		break;
	case STOP_LEAVE:
		snprintf(out, len,
			 "Position %.0f: unscaled, the %d pairs that never "
			 "finish a turn in training would now "
			 "leave their • arcs (○ past the shading). PI rotates "
			 "it as %.2f: %s.",
			 pos, st->unseen, rot,
			 rot < r->train ? "every ● hand stays inside"
					: "the ● hands leave too");
		break;
	case STOP_TARGET: {
		char tail[160] = "", a[32], b[32];
		int n = r->npairs, fu = sp->pair;
		if (fu >= 0 && fu < n - 1 && r->pairs[fu] != 0)
			snprintf(
			    tail, sizeof tail, ", pair %d %s, pair %d %s",
			    r->pairs[fu],
			    rope_scene_rad(a, sizeof a,
					   pos * st->used[r->pairs[fu]]),
			    r->pairs[n - 1],
			    rope_scene_rad(b, sizeof b,
					   pos * st->used[r->pairs[n - 1]]));
		else if (n > 0 && r->pairs[n - 1] != 0)
			snprintf(
			    tail, sizeof tail, ", pair %d %s", r->pairs[n - 1],
			    rope_scene_rad(a, sizeof a,
					   pos * st->used[r->pairs[n - 1]]));
		snprintf(out, len,
			 "Position %.0f, the target, is rotated as %.2f, %s "
			 "the trained 0..%.0f: pair 0 reaches "
			 "%.2f rad (%.2f in training)%s. A short fine-tune "
			 "lets the model adapt.",
			 pos, rot, rot < r->train ? "inside" : "past",
			 r->train - 1, pos * st->used[0],
			 (r->train - 1) * st->theta[0], tail);
		break;
	}
	default: out[0] = 0;
	}
}

static void pi_render(const void *vs, struct view *v)
{
	const struct pi_state *st = vs;
	const struct rope_scene *r = &st->r;
	double pos = rope_scene_view_pos(r, v);
	canvas_printf(v->pic, 0, 0, ROLE_LABEL,
		      "position %.0f rotated as %.2f (÷%g)", floor(pos),
		      floor(pos) / r->s, r->s);
	int starred = rope_scene_draw_clocks(v->pic, 1, r, st->theta, st->used, pos);
	struct canvas *s = v->side;
	/* shorter where the numbers are long (Llama 3's base 500000) */
	if (!canvas_printf_whole(s, 0, 0, ROLE_NORMAL, "s = %g, d %d, base %g", r->s, r->d, r->base) &&
	    !canvas_printf_whole(s, 0, 0, ROLE_NORMAL, "s %g, d %d, base %g", r->s, r->d, r->base))
		canvas_printf_whole(s, 0, 0, ROLE_NORMAL, "d %d, base %g", r->d, r->base);
	/* the shorter word when the numbers are long (Gemma 4's 262144): whole at 80x24 */
	rope_scene_train_target(s, 1, r);
	canvas_text(s, 0, 2, ROLE_DIM, starred ? "○ unscaled ● PI ★ unseen" : "○ unscaled ● PI");
	canvas_text(s, 0, 3, ROLE_DIM, "• trained · untrained");   /* the dials' rims */
	/* both columns are angles: the unit over them, a row of its own */
	canvas_text(s, 0, 4, ROLE_LABEL, "     angle (rad)");
	canvas_text(s, 0, 5, ROLE_LABEL, "pair per token at target");
	int rows = s->h - 6, shown = r->npairs <= rows ? r->npairs : rows - 1;
	for (int i = 0; i < shown; i++) {
		int p = r->pairs[i];
		/* under "pair per token at target", right-aligned, whole */
		char ub[24], tb[24];
		canvas_printf(s, 0, 6 + i, ROLE_NORMAL, "%4d %9s %9s", p,
			      fmt_in(ub, sizeof ub, st->used[p], 9, 6),
			      fmt_in(tb, sizeof tb, (r->target - 1) * st->used[p], 9, 2));
	}
	if (shown < r->npairs)
		canvas_printf(s, 0, 6 + shown, ROLE_DIM, "+%d more pair%s",
			      r->npairs - shown,
			      r->npairs - shown == 1 ? "" : "s");
	pi_narrate(st, v->step < r->nstops ? v->step : r->nstops - 1,
		   v->narration, VIEW_NARRATION);
}

static void pi_summary(const void *vs, struct summary *s)
{
	const struct pi_state *st = vs;
	const struct rope_scene *r = &st->r;
	int half = r->d / 2;
	/* The second way to every frequency: a running product, never rope_theta's pow. */
	double prod[PI_MAX_D / 2];
	rope_scene_theta_product(r->base, r->d, half, prod);
	summary_real(s, (r->target - 1) / r->s, "pos_at_target");
	summary_words(s, "the position the last one is rotated as: (target - 1) / s, inside the trained 0 .. train - 1");
	rope_scene_in(s, r, ROPE_IN_TARGET | ROPE_IN_S | ROPE_IN_TRAIN, 0);
	rope_scene_check_theta(s, r, st->theta, prod);
	for (int i = 0; i < half; i++) {
		summary_real(s, st->used[i], "theta_used.%d", i);
		summary_words(s, "pair %d's angle per position after interpolation, rad: every position is divided by s, so "
			      "every angle is too: theta_i / s", i);
		rope_scene_in(s, r, ROPE_IN_THETA | ROPE_IN_S, i);
		summary_formula(s, 1e-12 * prod[i], ROPE_F_THETA " / s");
	}
	for (int i = 0; i < half; i++) {
		double v = (r->target - 1) * st->used[i];
		/* The scaled position under the unscaled frequency: the rotation PI means. */
		summary_real(s, v, "angle_at_target.%d", i);
		summary_words(s, "pair %d's angle at the last position, rad: the position (target - 1) / s under the unscaled "
			      "theta_i", i);
		rope_scene_in(s, r, ROPE_IN_TARGET | ROPE_IN_S | ROPE_IN_THETA, i);
		summary_formula(s, 1e-12 * (1 + v), "((target - 1) / s) * " ROPE_F_THETA);
	}
	rope_scene_check_max_trained(s, r, st->theta);
	/* Pair 0 turns 1 rad per position unscaled, so its scaled step is 1 / s. */
	summary_real(s, st->used[0], "neighbour_diff");
	summary_words(s, "how far apart two neighbouring positions now sit on pair 0, rad: theta_0 / s, where training's "
		      "smallest difference was theta_0 = 1");
	rope_scene_in(s, r, ROPE_IN_S, 0);
	summary_formula(s, 1e-15, "1 / s");
	summary_explain(s, "theta_0 = base^0 = 1 for any base, so the step is 1 / s");
}

static void pi_print(const void *vs, FILE *out)
{
	const struct pi_state *st = vs;
	const struct rope_scene *r = &st->r;
	char a[32], b[32], c[32], d[32], e[32];
	fprintf(out, "s = %s: position %.0f is rotated as position %s; trained positions 0 to %.0f\n",
		fmt_fixed(a, sizeof a, r->s, 0), r->target - 1, fmt_fixed(b, sizeof b, (r->target - 1) / r->s, 2), r->train - 1);
	for (int i = 0; i < r->npairs; i++) {
		int p = r->pairs[i];
		fprintf(out, "pair %2d: angle per token %s -> %s, angle at %.0f %8s (at %.0f in training %8s)\n", p,
			fmt_fixed(a, sizeof a, st->theta[p], 6), fmt_fixed(b, sizeof b, st->used[p], 6), r->target - 1,
			fmt_fixed(c, sizeof c, (r->target - 1) * st->used[p], 2), r->train - 1,
			fmt_fixed(d, sizeof d, (r->train - 1) * st->theta[p], 2));
	}
	fprintf(out, "pair 0: neighbours now differ by %s rad; in training the smallest difference was %s rad\n",
		fmt_fixed(e, sizeof e, st->used[0], 2), fmt_fixed(a, sizeof a, st->theta[0], 2));
}

const struct scene_class scene_rope_pi = {
	.id = "rope-pi",
	.params = pi_params,
	.nparams = PI_NPARAMS,
	.state_size = sizeof(struct pi_state),
	.init = pi_init,
	.nsteps = rope_scene_nsteps,
	.tween = rope_scene_tween,
	.render = pi_render,
	.summary = pi_summary,
	.print = pi_print,
};
