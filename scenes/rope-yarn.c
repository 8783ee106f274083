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
#include "scenes/lib/common.h"
#include "scenes/lib/rope_scene.h"

#define YA_MAX_D 1024

struct ya_state {
	struct rope_scene r;
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
	struct rope_scene *r = &st->r;
	if (rope_scene_read(r, env, err, errlen) < 0)
		return -1;
	rope_yarn_dims(r->d, r->train, r->beta_fast, r->beta_slow, r->base, &st->low, &st->high);
	st->mscale = rope_yarn_mscale(r->s);
	for (int i = 0; i < r->d / 2; i++) {
		st->theta[i] = rope_theta(r->base, i, r->d);
		st->ramp[i] = rope_yarn_ramp(st->low, st->high, i);
		st->used[i] = rope_yarn_theta(r->base, i, r->d, r->s, st->low, st->high);
	}
	for (int k = 0; k <= ROPE_STEPS; k++)
		st->pos[k] = rope_scene_step_pos(r, k);
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
	const struct rope_scene *r = &st->r;
	double pos = st->pos[v->step];
	int ch = v->pic->h / 3 > 3 ? v->pic->h / 3 : 3;
	ramp_chart(st, v->pic, 0, ch);
	canvas_printf(v->pic, 0, ch + 1, ROLE_LABEL, "position %.0f  ○ unscaled ● YaRN ★ unseen", pos);
	rope_scene_draw_clocks(v->pic, ch + 2, r, st->theta, st->used, pos);
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

/* x^n for an integer n by repeated squaring (no pow). */
static double pow_int(double x, long long n)
{
	double r = 1, b = n < 0 ? 1 / x : x;
	for (unsigned long long e = (unsigned long long)(n < 0 ? -n : n); e; e >>= 1, b *= b)
		if (e & 1)
			r *= b;
	return r;
}

/*
 * The ramp's ends from their per-pair definition, without ggml's corr-dim
 * formula: pair i makes turns_i = train * theta_i / (2 pi) = turns_0 * q^i
 * turns in the original length, q = base^(-2/d), falling with i.  low is
 * the last pair that still makes beta_fast turns (at least 0), high the
 * first that makes at most beta_slow (at most d - 1), as ggml clamps them.
 * The pair index may lie past d/2 - 1 or below 0 (the formula's answer
 * does too), so it is searched on all integers: doubling, then bisection.
 */
static void yarn_ends_by_turns(const struct rope_scene *r, double *low, double *high)
{
	double q = 1 / pow(r->base, 2.0 / r->d), turns0 = r->train / (2 * M_PI);
	long long a, b, step;
	/* low: turns_a >= beta_fast > turns_b, b = a + 1 at the end */
	if (turns0 < r->beta_fast) {
		*low = 0;
	} else {
		for (a = 0, step = 1; step < (1LL << 50) && turns0 * pow_int(q, a + step) >= r->beta_fast; step *= 2)
			a += step;
		b = a + step;
		while (b - a > 1) {
			long long m = a + (b - a) / 2;
			if (turns0 * pow_int(q, m) >= r->beta_fast)
				a = m;
			else
				b = m;
		}
		*low = (double)a;
	}
	/* high: turns_a > beta_slow >= turns_b */
	if (turns0 <= r->beta_slow) {
		for (b = 0, step = 1; step < (1LL << 50) && turns0 * pow_int(q, b - step) <= r->beta_slow; step *= 2)
			b -= step;
		a = b - step;
	} else {
		for (a = 0, step = 1; step < (1LL << 50) && turns0 * pow_int(q, a + step) > r->beta_slow; step *= 2)
			a += step;
		b = a + step;
	}
	while (b - a > 1) {
		long long m = a + (b - a) / 2;
		if (turns0 * pow_int(q, m) > r->beta_slow)
			a = m;
		else
			b = m;
	}
	*high = (double)(b < r->d - 1 ? b : r->d - 1);
}

/* The ramp from the ends: 1 up to low (keep), 0 from high on (divide by s), linear between. */
static double ramp_by_zone(double low, double high, int i)
{
	if (i <= low)
		return 1;
	if (i >= high)
		return 0;
	return (high - i) / (high - low);
}

static void ya_summary(const void *vs, struct summary *s)
{
	const struct ya_state *st = vs;
	const struct rope_scene *r = &st->r;
	int half = r->d / 2;
	double prod[YA_MAX_D / 2], lo2, hi2;
	rope_scene_theta_product(r->base, r->d, half, prod);
	yarn_ends_by_turns(r, &lo2, &hi2);
	double dim_fast = 0.5 * r->d * log(r->train / (r->beta_fast * 2 * M_PI)) / log(r->base);
	double dim_slow = 0.5 * r->d * log(r->train / (r->beta_slow * 2 * M_PI)) / log(r->base);
	summary_check_real(s, HOW_REFERENCE, st->low, lo2, 0, "yarn_low");
	summary_explain(s, "where the ramp starts: the pair that makes beta_fast turns in the original length,");
	summary_explain(s, "ggml's corr dim d ln(train / (beta_fast 2 pi)) / (2 ln base), floored, at least 0");
	summary_explain(s, "= max(0, floor(%d ln(%.0f / (%.9g * 2 pi)) / (2 ln %.9g))) = floor(%.6g) = %.0f", r->d, r->train,
		    r->beta_fast, r->base, dim_fast, st->low);
	rope_scene_explain_inputs(s, r, 1, 1);
	summary_explain(s, "second way: pair by pair, the last pair whose turns train * theta_i / 2 pi reach beta_fast");
	summary_check_real(s, HOW_REFERENCE, st->high, hi2, 0, "yarn_high");
	summary_explain(s, "where the ramp ends: the pair that makes beta_slow turns, ceiled, at most d - 1");
	summary_explain(s, "= min(%d, ceil(%d ln(%.0f / (%.9g * 2 pi)) / (2 ln %.9g))) = ceil(%.6g) = %.0f", r->d - 1, r->d,
		    r->train, r->beta_slow, r->base, dim_slow, st->high);
	summary_explain(s, "beta_slow = %.9g (llama.cpp's default %g unless set or given by the model)", r->beta_slow,
		    MODEL_YARN_BETA_SLOW);
	summary_explain(s, "second way: pair by pair, the first pair whose turns are at most beta_slow");
	for (int i = 0; i < half; i++) {
		double want = ramp_by_zone(lo2, hi2, i);
		summary_check_real(s, HOW_FORMULA, st->ramp[i], want, 1e-12, "ramp.%d", i);
		summary_explain(s, "how much pair %d keeps its frequency (1 keep, 0 divide by s): ggml's rope_yarn_ramp,", i);
		summary_explain(s, "1 - clamp((i - low) / max(0.001, high - low)) = 1 - clamp((%d - %.0f) / %.0f) = %.6g", i, st->low,
			    fmax(0.001, st->high - st->low), st->ramp[i]);
		summary_explain(s, "second way: the zone of pair %d by its own turns (%.6g in %.0f positions): keep, ramp", i,
			    r->train * prod[i] / (2 * M_PI), r->train);
		summary_explain(s, "(high - i) / (high - low) between the per-pair ends %.0f and %.0f, or divide", lo2, hi2);
	}
	for (int i = 0; i < half; i++) {
		double want_ramp = ramp_by_zone(lo2, hi2, i), ratio = st->used[i] / st->theta[i];
		summary_check_real(s, HOW_FORMULA, ratio, want_ramp + (1 - want_ramp) / r->s, 1e-12, "theta_ratio.%d", i);
		summary_explain(s, "the share of its frequency pair %d keeps: ramp * 1 + (1 - ramp) / s", i);
		summary_explain(s, "= %.6g + %.6g / %.9g = %.6g (rope_yarn's mix of theta and theta / s)", st->ramp[i], 1 - st->ramp[i],
			    r->s, ratio);
		summary_explain(s, "second way: the same mix with the per-pair zone's ramp %.6g", want_ramp);
	}
	for (int i = 0; i < half; i++) {
		double wl = rope_wavelength(r->base, i, r->d);
		summary_check_real(s, HOW_FORMULA, wl, 2 * M_PI / prod[i], 1e-12 * wl, "wavelength.%d", i);
		summary_explain(s, "positions for one full turn of pair %d: 2 pi / theta_i = 2 pi / %.6g = %.6g", i, st->theta[i], wl);
		summary_explain(s, "second way: theta_i from the running product");
	}
	summary_check_real(s, HOW_REFERENCE, st->mscale, 1 + 0.1 * rope_scene_ln_series(r->s), 1e-12, "mscale");
	summary_explain(s, "the attention temperature: mscale = 1 + 0.1 ln s = 1 + 0.1 ln %.9g = %.9g", r->s, st->mscale);
	summary_explain(s, "s = %.9g from %s", r->s, r->from_s);
	summary_explain(s, "second way: ln s summed as a series (binary exponent plus 2 atanh), not libm's log");
	summary_real(s, st->mscale * st->mscale, "mscale_sq");
	summary_explain(s, "queries and keys are both scaled by mscale, so a score by mscale^2 = %.9g", st->mscale * st->mscale);
}

static void ya_print(const void *vs, FILE *out)
{
	const struct ya_state *st = vs;
	const struct rope_scene *r = &st->r;
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
	.nsteps = rope_scene_nsteps,
	.render = ya_render,
	.summary = ya_summary,
	.print = ya_print,
};
