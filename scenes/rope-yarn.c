/*
 * rope-yarn (lesson Ex. 15): YaRN treats each pair by its wavelength.  A
 * chart of the ramp across all pairs shows the three zones (keep, ramp,
 * interpolate by s), from ggml's correction dims; the clocks below show the
 * unscaled and the YaRN hand; mscale scales the scores.
 */
#include <math.h>
#include <string.h>

#include "glyph.h"
#include "kern/rope.h"
#include "scene/scene.h"
#include "scenes/common.h"
#include "scenes/common_rope.h"

#define YA_MAX_D 1024

struct ya_state {
	struct rope_setup r;
	double low, high, mscale;
	double theta[YA_MAX_D / 2], used[YA_MAX_D / 2], ramp[YA_MAX_D / 2];
	double pos[ROPE_STEPS + 1];   /* the position of each step */
};

static const struct param_spec ya_params[] = {
	ROPE_PARAMS(YA_MAX_D),
	{"s", PARAM_REAL, 1, 1e6, 1, 0, "scale factor"},
	{"beta_fast", PARAM_REAL, 0.001, 1e6, 1, 0, "turns where the ramp starts (keep above)"},
	{"beta_slow", PARAM_REAL, 0.001, 1e6, 1, 0, "turns where it ends (interpolate below)"},
	{0},
};

static int ya_init(void *vs, const struct scene_env *env, char *err, size_t errlen)
{
	struct ya_state *st = vs;
	struct rope_setup *r = &st->r;
	if (rope_setup_read(r, env, err, errlen) < 0)
		return -1;
	rope_yarn_dims(r->d, r->train, r->beta_fast, r->beta_slow, r->base, &st->low, &st->high);
	st->mscale = rope_yarn_mscale(r->s);
	for (int i = 0; i < r->d / 2; i++) {
		st->theta[i] = rope_theta(r->base, i, r->d);
		st->ramp[i] = rope_yarn_ramp(st->low, st->high, i);
		st->used[i] = rope_yarn_theta(r->base, i, r->d, r->s, st->low, st->high);
	}
	for (int k = 0; k <= ROPE_STEPS; k++)
		st->pos[k] = rope_step_pos(r, k);
	return 0;
}

/* The ramp over every pair: full height keeps the frequency, the floor divides it by s. */
static void ramp_chart(const struct ya_state *st, struct canvas *c, int y0, int h)
{
	int n = st->r.d / 2, w = c->w - 8;
	if (w > n * 2)
		w = n * 2;
	canvas_text(c, 0, y0, ROLE_LABEL, "ramp");
	for (int x = 0; x < w; x++) {
		int i = x * n / w;
		double ramp = st->ramp[i];
		enum role role = ramp >= 1 ? ROLE_BAR : ramp <= 0 ? ROLE_HBM : ROLE_ACCENT;
		int bar = (int)lround(ramp * (h - 1));
		for (int y = 0; y < h; y++)
			canvas_put(c, 6 + x, y0 + h - 1 - y, y < bar || (y == 0) ? GLYPH_FULL : ' ', y <= bar ? role : ROLE_DIM);
	}
	canvas_printf(c, 6, y0 + h, ROLE_DIM, "pairs 0..%d: keep ≤%.0f, ÷s ≥%.0f", n - 1, st->low, st->high);
}

static void ya_render(const void *vs, struct view *v)
{
	const struct ya_state *st = vs;
	const struct rope_setup *r = &st->r;
	double pos = st->pos[v->step];
	int ch = v->pic->h / 3 > 3 ? v->pic->h / 3 : 3;
	ramp_chart(st, v->pic, 0, ch);
	canvas_printf(v->pic, 0, ch + 1, ROLE_LABEL, "position %.0f  ○ unscaled ● YaRN ★ unseen", pos);
	rope_draw_clocks(v->pic, ch + 2, r, st->theta, st->used, pos);
	struct canvas *s = v->side;
	canvas_printf(s, 0, 0, ROLE_NORMAL, "s %g, β %g/%g", r->s, r->beta_fast, r->beta_slow);
	canvas_printf(s, 0, 1, ROLE_NORMAL, "corr dims %.0f .. %.0f", st->low, st->high);
	canvas_printf(s, 0, 2, ROLE_ACCENT, "mscale %.4f (²%.4f)", st->mscale, st->mscale * st->mscale);
	canvas_text(s, 0, 4, ROLE_LABEL, "pair  ramp  θ used/θ");
	int rows = s->h - 5, shown = r->npairs <= rows ? r->npairs : rows - 1;
	for (int i = 0; i < shown; i++) {
		int p = r->pairs[i];
		canvas_printf(s, 0, 5 + i, ROLE_NORMAL, "%4d %.3f %8.4f", p, st->ramp[p], st->used[p] / st->theta[p]);
	}
	if (shown < r->npairs)
		canvas_printf(s, 0, 5 + shown, ROLE_DIM, "+%d more pairs", r->npairs - shown);
	snprintf(v->narration, VIEW_NARRATION,
		 "YaRN keeps pairs that turn %g+ times in %.0f positions (pairs ≤ %.0f), divides pairs that turn under %g "
		 "%s by s = %g (pairs ≥ %.0f), and mixes in between. Scores scale by mscale² = %.4f.",
		 r->beta_fast, r->train, st->low, r->beta_slow, r->beta_slow == 1 ? "time" : "times", r->s, st->high,
		 st->mscale * st->mscale);
}

static void ya_summary(const void *vs, struct summary *s)
{
	const struct ya_state *st = vs;
	const struct rope_setup *r = &st->r;
	sum_real(s, st->low, "yarn_low");
	sum_real(s, st->high, "yarn_high");
	for (int i = 0; i < r->d / 2; i++) {
		sum_real(s, st->ramp[i], "ramp.%d", i);
		/* The mix as a ratio: ramp·1 + (1 - ramp)/s. */
		double closed = st->ramp[i] + (1 - st->ramp[i]) / r->s;
		sum_real_check(s, st->used[i] / st->theta[i], closed, 1e-12, "theta_ratio.%d", i);
		sum_real(s, rope_wavelength(r->base, i, r->d), "wavelength.%d", i);
	}
	sum_real(s, st->mscale, "mscale");
	sum_real(s, st->mscale * st->mscale, "mscale_sq");
}

static void ya_print(const void *vs, FILE *out)
{
	const struct ya_state *st = vs;
	const struct rope_setup *r = &st->r;
	char a[32], b[32], c[32];
	fprintf(out, "corr dims: low %s (%g turns), high %s (%g turn%s)\n", fmt_fixed(a, sizeof a, st->low, 0), r->beta_fast,
		fmt_fixed(b, sizeof b, st->high, 0), r->beta_slow, r->beta_slow == 1 ? "" : "s");
	fprintf(out, "pair  ramp   theta used / theta   wavelength\n");
	for (int i = 0; i < r->npairs; i++) {
		int p = r->pairs[i];
		fprintf(out, "%4d  %s  %18s  %10s\n", p, fmt_fixed(a, sizeof a, st->ramp[p], 3),
			fmt_fixed(b, sizeof b, st->used[p] / st->theta[p], 4),
			fmt_fixed(c, sizeof c, rope_wavelength(r->base, p, r->d), 1));
	}
	fprintf(out, "mscale = 1 + 0.1 ln(%s) = %s; scores scale by mscale^2 = %s\n", fmt_fixed(a, sizeof a, r->s, 0),
		fmt_fixed(b, sizeof b, st->mscale, 4), fmt_fixed(c, sizeof c, st->mscale * st->mscale, 4));
}

const struct scene_class scene_rope_yarn = {
	.id = "rope-yarn",
	.params = ya_params,
	.state_size = sizeof(struct ya_state),
	.init = ya_init,
	.nsteps = rope_nsteps,
	.render = ya_render,
	.summary = ya_summary,
	.print = ya_print,
};
