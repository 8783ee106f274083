/*
 * rope-yarn (lesson Ex. 15): YaRN treats each pair by its wavelength.  A
 * chart of the ramp across all pairs shows the three zones (keep, ramp,
 * interpolate by s), from ggml's correction dims, on an axis said in words
 * (1 kept, 0 interpolated); three large clocks below, one a zone, show the
 * unscaled and the YaRN hand; mscale scales the scores.  Steps stop at the
 * zones, position 1 (fast pairs keep their speed, a ramp pair mixes), the
 * end of training, the target (no pair extrapolates) and the temperature;
 * the table marks the pair each step talks about.
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
	/* drawn pairs (indices) on the ramp and divided by s; -1 */
	int ramp_pair, divided_pair;
	/* pairs whose YaRN hand leaves its trained arc by the target */
	int unseen_at_target;
};

enum { YA_S = ROPE_NPARAMS, YA_BETA_FAST, YA_BETA_SLOW, YA_NPARAMS };
static const struct param_spec ya_params[YA_NPARAMS + 1] = {
	ROPE_PARAMS(YA_MAX_D),
	[YA_S] = {.name = "s", .kind = PARAM_REAL, .min = 1, .max = 1e6, .help = "scale factor"},
	[YA_BETA_FAST] = {.name = "beta_fast", .kind = PARAM_REAL, .min = 0.001, .max = 1e6,
		.help = "turns where the ramp starts (keep above)"},
	[YA_BETA_SLOW] = {.name = "beta_slow", .kind = PARAM_REAL, .min = 0.001, .max = 1e6,
		.help = "turns where it ends (interpolate below)"},
	[YA_NPARAMS] = {0},
};
static const struct rope_scene_params ya_own = {.s = YA_S, .beta_fast = YA_BETA_FAST, .beta_slow = YA_BETA_SLOW};

static int ya_init(void *vs, const struct scene_env *env, char *err, size_t errlen)
{
	struct ya_state *st = vs;
	struct rope_scene *r = &st->r;
	if (rope_scene_read(r, env, &ya_own, err, errlen) < 0)
		return -1;
	rope_yarn_dims(r->d, r->train, r->beta_fast, r->beta_slow, r->base, &st->low, &st->high);
	st->mscale = rope_yarn_mscale(r->s);
	for (int i = 0; i < r->d / 2; i++) {
		st->theta[i] = rope_theta(r->base, i, r->d);
		st->ramp[i] = rope_yarn_ramp(st->low, st->high, i);
		st->used[i] = rope_yarn_theta(r->base, i, r->d, r->s, st->low, st->high);
	}
	/* The ramp pair in the middle of the drawn ones on the ramp (the
	 * lesson's pair 30), and the first drawn pair divided by the full s. */
	int on_ramp[ROPE_MAX_PAIRS], nramp = 0;
	st->divided_pair = -1;
	for (int i = 0; i < r->npairs; i++) {
		double ramp = st->ramp[r->pairs[i]];
		if (ramp > 0 && ramp < 1)
			on_ramp[nramp++] = i;
		if (ramp <= 0 && st->divided_pair < 0)
			st->divided_pair = i;
	}
	st->ramp_pair = nramp ? on_ramp[(nramp - 1) / 2] : -1;
	for (int i = 0; i < r->d / 2; i++)
		st->unseen_at_target += rope_scene_angle_unseen(
			rope_scene_trained_span(r, st->theta[i]),
			(r->target - 1) * st->used[i]);
	rope_scene_stop(r, 0, STOP_START, -1);
	rope_scene_stop(r, 1, STOP_NEIGHBOUR, st->ramp_pair);
	rope_scene_stop(r, r->train - 1, STOP_TRAIN_END, st->divided_pair);
	rope_scene_stop(r, r->target - 1, STOP_TARGET, st->divided_pair);
	rope_scene_stop(r, r->target - 1, STOP_MSCALE, -1);
	return 0;
}

static void ya_narrate(const struct ya_state *st, int k, char *out, size_t len)
{
	const struct rope_scene *r = &st->r;
	const struct rope_stop *sp = &r->stops[k];
	double pos = sp->pos;
	int half = r->d / 2;
	char tail[200] = "";
	switch (sp->kind) {
	case STOP_START:
		if (st->high <= half - 1)
			snprintf(tail, sizeof tail,
				 "pairs %.0f and up, at most %g turn%s, are "
				 "divided by s = %g as in PI",
				 st->high, r->beta_slow,
				 r->beta_slow == 1 ? "" : "s", r->s);
		else
			snprintf(tail, sizeof tail,
				 "no pair makes as few as %g turn%s, so none "
				 "is divided by the full s",
				 r->beta_slow, r->beta_slow == 1 ? "" : "s");
		snprintf(out, len,
			 "YaRN treats each pair by its wavelength: pairs "
			 "0..%.0f, making %g+ turns in %.0f "
			 "positions, keep their frequency; %s; pairs between "
			 "mix the two along the ramp.",
			 st->low, r->beta_fast, r->train, tail);
		break;
	case STOP_NEIGHBOUR:
		if (sp->pair >= 0) {
			int p = r->pairs[sp->pair];
			snprintf(tail, sizeof tail,
				 " Pair %d, on the ramp at %.3f, turns %.4f of "
				 "its speed: %.3f × 1 + "
				 "%.3f × 1/%g.",
				 p, st->ramp[p], st->used[p] / st->theta[p],
				 st->ramp[p], 1 - st->ramp[p], r->s);
		}
		snprintf(out, len,
			 "Position 1: pair 0 keeps its full %.0f rad a token, "
			 "unlike PI: the fast pairs keep "
			 "their resolution.%s",
			 st->used[0], tail);
		break;
	case STOP_TRAIN_END:
		/* the pairs divided by the full s: from high on */
		if (st->high <= half - 1)
			snprintf(tail, sizeof tail,
				 " Pairs %.0f and up, wavelengths %.1f and "
				 "more, are divided by %g: their "
				 "● hands have used %.3g of their arcs.",
				 st->high,
				 rope_wavelength(r->base, (int)st->high, r->d),
				 r->s, 1 / r->s);
		snprintf(out, len,
			 "Position %.0f, the end of training: the ○ hands "
			 "stand at the end of their • arcs.%s",
			 pos, tail);
		break;
	case STOP_TARGET:
		if (sp->pair >= 0) {
			int p = r->pairs[sp->pair];
			snprintf(tail, sizeof tail,
				 ": pair %d's ● hand is at %.2f rad, its "
				 "trained %.2f",
				 p, pos * st->used[p],
				 (r->train - 1) * st->theta[p]);
		}
		if (st->unseen_at_target == 0)
			snprintf(out, len,
				 "Position %.0f, the target%s. Unlike "
				 "NTK-aware scaling, every pair with a "
				 "wavelength above training is divided by the "
				 "full s: none extrapolates.",
				 pos, tail);
		else
			snprintf(out, len,
				 "Position %.0f, the target%s. %d pair%s still "
				 "leave%s the trained arc: s = %g is "
				 "less than target / train.",
				 pos, tail, st->unseen_at_target,
				 st->unseen_at_target == 1 ? "" : "s",
				 st->unseen_at_target == 1 ? "s" : "", r->s);
		break;
	case STOP_MSCALE:
		snprintf(out, len,
			 "Interpolation flattens attention at long lengths, so "
			 "YaRN scales scores up: ggml "
			 "multiplies cos and sin by mscale = 1 + 0.1 ln s = "
			 "%.4f; queries and keys both rotate, so a "
			 "score grows by mscale² = %.4f.",
			 st->mscale, st->mscale * st->mscale);
		break;
	default: out[0] = 0;
	}
}

/* The chart's column where pair p begins (the first whose pair is p or more). */
static int ramp_col(int p, int n, int w)
{
	return (p * w + n - 1) / n;
}

/* A zone of the chart named in words under its columns x0 .. x1 - 1 (the
 * long name, else the short one, else none), in the colour its bars take:
 * colour is never the only thing that tells the zones apart. */
static void zone_word(struct canvas *c, int x, int y, int x0, int x1,
		      enum role role, const char *word, const char *short_word)
{
	/* a blank column at the zone's right end keeps two names apart */
	int room = x1 - x0 - 1;
	const char *w = utf8_width(word) <= room         ? word
			: utf8_width(short_word) <= room ? short_word
							 : NULL;
	if (w)
		canvas_text(c, x + x0 + (x1 - x0 - utf8_width(w)) / 2, y, role,
			    w);
}

/*
 * The ramp over every pair, with its axis said in words: a title row
 * (1 = the pair keeps its frequency, 0 = interpolated, divided by s), h
 * rows of bars in eighths against an axis ticked 1 and 0, then a row of
 * ticks at the ramp's ends (ggml's corr dims low and high, computed) with
 * the first and last pair, then the three zones named.  h + 3 rows.
 */
static void ramp_chart(const struct ya_state *st, struct canvas *c, int y0, int h)
{
	int n = st->r.d / 2, w = c->w - 8, x = 6;
	if (w > n * 2)
		w = n * 2;
	if (!canvas_printf_whole(c, 0, y0, ROLE_LABEL,
				 "ramp: 1 = pair kept, 0 = interpolated (÷ %g)",
				 st->r.s) &&
	    !canvas_printf_whole(c, 0, y0, ROLE_LABEL,
				 "ramp: 1 kept, 0 interpolated"))
		canvas_printf_whole(c, 0, y0, ROLE_LABEL, "ramp 1 kept 0 ÷ s");
	y0++;
	/* the axis: 1 at the top row, 0 at the floor */
	for (int y = 0; y < h; y++)
		canvas_put(c, x - 1, y0 + y,
			   y == 0 || y == h - 1 ? GLYPH_TEE_LEFT : GLYPH_VLINE,
			   ROLE_DIM);
	canvas_text(c, x - 3, y0, ROLE_LABEL, "1");
	canvas_text(c, x - 3, y0 + h - 1, ROLE_LABEL, "0");
	for (int col = 0; col < w; col++) {
		int i = col * n / w;
		double ramp = st->ramp[i];
		enum role role = ramp >= 1 ? ROLE_BAR : ramp <= 0 ? ROLE_HBM : ROLE_ACCENT;
		int eighths = (int)lround(ramp * h * 8);
		/* ramp 0: only the baseline, in its zone's colour as its name below */
		for (int y = 0; y < h; y++) {
			int fill = eighths - y * 8;
			fill = fill > 8 ? 8 : fill;
			canvas_put(c, x + col, y0 + h - 1 - y,
				   fill == 8  ? GLYPH_FULL
				   : fill > 0 ? GLYPH_LOWER_EIGHTH + fill - 1
				   : y == 0   ? GLYPH_LOWER_EIGHTH
					      : ' ',
				   fill > 0 || y == 0 ? role : ROLE_DIM);
		}
	}
	/* low keeps its frequency (ramp 1), high is divided by s (ramp 0):
	 * pairs 0..low keep, low+1..high-1 mix, high..n-1 are divided. */
	int low = (int)st->low, high = (int)st->high;
	int xl = low < n ? ramp_col(low, n, w) : w,
	    xh = high < n ? ramp_col(high, n, w) : w;
	int xl_end = low + 1 < n ? ramp_col(low + 1, n, w) : w;
	int ty = y0 + h, free_col = 0;
	char num[24];
	canvas_text(c, 0, ty, ROLE_LABEL, "pair");
	/* Left to right, each label whole where the one before left room. */
	struct {
		int col, tick, pair;
	} marks[4] = {{0, 0, 0}, {xl, 1, low}, {xh, 1, high}, {0, 0, n - 1}};
	marks[3].col = w - snprintf(num, sizeof num, "%d", n - 1);
	for (int m = 0; m < 4; m++) {
		snprintf(num, sizeof num, "%s%d", marks[m].tick ? "↑" : "",
			 marks[m].pair);
		int len = utf8_width(num);
		if (marks[m].col >= w || marks[m].col < free_col ||
		    marks[m].col + len > w)
			continue;
		if (m == 0 && xl == 0)
			continue; /* the tick at pair 0 says it */
		canvas_text(c, x + marks[m].col, ty,
			    marks[m].tick ? ROLE_LABEL : ROLE_DIM, num);
		free_col = marks[m].col + len + 1;
	}
	zone_word(c, x, ty + 1, 0, xl_end, ROLE_BAR, "unchanged", "keep");
	zone_word(c, x, ty + 1, xl_end, xh, ROLE_ACCENT, "linear mix", "mix");
	zone_word(c, x, ty + 1, xh, w, ROLE_HBM, "÷ s, as PI", "÷ s");
}

/* The dials drawn: one a zone, the pairs the narration names (a kept
 * pair, the ramp's middle pair, the first divided by the full s), large
 * enough to read the angles; every pair stays in the table.  The count. */
static int ya_dials(const struct ya_state *st, int *which, char label[][24])
{
	const struct rope_scene *r = &st->r;
	int n = 0;
	for (int i = 0; i < r->npairs; i++)
		if (st->ramp[r->pairs[i]] >= 1) {
			which[n] = i;
			snprintf(label[n++], 24, "pair %d: kept", r->pairs[i]);
			break;
		}
	if (st->ramp_pair >= 0) {
		which[n] = st->ramp_pair;
		snprintf(label[n++], 24, "pair %d: mixed",
			 r->pairs[st->ramp_pair]);
	}
	if (st->divided_pair >= 0) {
		which[n] = st->divided_pair;
		snprintf(label[n++], 24, "pair %d: ÷ %g",
			 r->pairs[st->divided_pair], r->s);
	}
	return n;
}

/* The side pane's rows from y: the table of every drawn pair, the step's
 * pair marked and on screen ("+N more" at an end that has more). */
static void ya_table(const struct ya_state *st, struct canvas *s, int y,
		     int cur)
{
	const struct rope_scene *r = &st->r;
	int rows = s->h - y, first = 0, shown = r->npairs;
	int c = cur >= 0 ? cur : 0;
	if (r->npairs > rows) {
		if (c < rows - 1) {
			shown = rows - 1;   /* "+N more" below only */
		} else if (c >= r->npairs - (rows - 1)) {
			shown = rows - 1;   /* above only */
			first = r->npairs - shown;
		} else {
			shown = rows - 2;   /* a row each end */
			first = c - shown / 2;
		}
	}
	if (first > 0)
		canvas_printf(s, 0, y++, ROLE_DIM, "+%d more pair%s above",
			      first, first == 1 ? "" : "s");
	for (int i = first; i < first + shown; i++) {
		int p = r->pairs[i];
		canvas_printf(s, 0, y++, i == cur ? ROLE_ACCENT : ROLE_NORMAL,
			      "%s%3d %.3f %8.4f", i == cur ? "▸" : " ", p,
			      st->ramp[p], st->used[p] / st->theta[p]);
	}
	int rest = r->npairs - first - shown;
	if (rest > 0)
		canvas_printf(s, 0, y, ROLE_DIM, "+%d more pair%s", rest,
			      rest == 1 ? "" : "s");
}

static void ya_render(const void *vs, struct view *v)
{
	const struct ya_state *st = vs;
	const struct rope_scene *r = &st->r;
	double pos = rope_scene_view_pos(r, v);
	int k = v->step < r->nstops ? v->step : r->nstops - 1;
	/* the chart's bars: 2 rows at 80x24, more where the picture is tall;
	 * the dials get the rest */
	int bars = v->pic->h / 3 - 2 > 2 ? v->pic->h / 3 - 2 : 2;
	ramp_chart(st, v->pic, 0, bars);
	int which[3], starred;
	char label[3][24];
	int nd = ya_dials(st, which, label);
	const char *labels[3] = {label[0], label[1], label[2]};
	if (nd > 0)
		starred = rope_scene_draw_dials(v->pic, bars + 4, r, which, nd,
						labels, st->theta, st->used,
						pos);
	else
		starred = rope_scene_draw_clocks(v->pic, bars + 4, r,
						 st->theta, st->used, pos);
	canvas_printf(v->pic, 0, bars + 3, ROLE_LABEL,
		      "position %.0f  ○ unscaled ● YaRN%s", floor(pos),
		      starred ? " ★ unseen" : "");
	struct canvas *s = v->side;
	/* the parameters in words: the scale, and the ramp's ends as the
	 * turns a pair makes in the trained length, which pairs they are */
	int y = 0;
	canvas_printf_whole(s, 0, y++, ROLE_NORMAL, "scale %g", r->s);
	const char *turns = r->beta_slow == 1 ? "turn" : "turns";
	if (canvas_printf_whole(s, 0, y, ROLE_NORMAL,
				"ramp from β_fast %g to β_slow %g %s",
				r->beta_fast, r->beta_slow, turns))
		y++;
	else {
		canvas_printf_whole(s, 0, y++, ROLE_NORMAL,
				    "ramp from β_fast %g", r->beta_fast);
		canvas_printf_whole(s, 0, y++, ROLE_NORMAL, "to β_slow %g %s",
				    r->beta_slow, turns);
	}
	canvas_printf_whole(s, 0, y++, ROLE_NORMAL, "= pairs %.0f .. %.0f",
			    st->low, st->high);
	/* The temperature in words: cos and sin are scaled by mscale, a
	 * score (query times key) by its square. */
	if (!canvas_printf_whole(s, 0, y, ROLE_ACCENT,
				 "temperature: q, k × %.4f", st->mscale) &&
	    !canvas_printf_whole(s, 0, y, ROLE_ACCENT, "q and k × mscale %.4f",
				 st->mscale))
		canvas_printf_whole(s, 0, y, ROLE_ACCENT, "mscale %.4f",
				    st->mscale);
	y++;
	if (!canvas_printf_whole(s, 0, y, ROLE_ACCENT,
				 "so scores × %.4f, its square",
				 st->mscale * st->mscale) &&
	    !canvas_printf_whole(s, 0, y, ROLE_ACCENT, "scores × %.4f (square)",
				 st->mscale * st->mscale))
		canvas_printf_whole(s, 0, y, ROLE_ACCENT, "scores × %.4f",
				    st->mscale * st->mscale);
	y++;
	canvas_text(s, 0, y++, ROLE_DIM,
		    "• trained · untrained"); /* the dials' rims */
	canvas_text(s, 0, y++, ROLE_LABEL, "pair  ramp  θ used / θ");
	ya_table(st, s, y, r->stops[k].pair);
	ya_narrate(st, k, v->narration, VIEW_NARRATION);
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

/* ggml_rope_yarn_corr_dims written out for the formulas (inputs d, train,
 * beta_fast, beta_slow, base, pi): the pair that makes beta turns in the
 * original length, d ln(train / (beta 2 pi)) / (2 ln base), floored and at
 * least 0 for low, ceiled and at most d - 1 for high. */
#define YA_F_LOW "max(0, floor(d * ln(train / (beta_fast * 2 * pi)) / (2 * ln(base))))"
#define YA_F_HIGH "min(d - 1, ceil(d * ln(train / (beta_slow * 2 * pi)) / (2 * ln(base))))"
/* ggml's rope_yarn_ramp over them: 1 keeps pair i's frequency, 0 divides it by s. */
#define YA_F_RAMP "(1 - min(1, max(0, (i - " YA_F_LOW ") / max(0.001, " YA_F_HIGH " - " YA_F_LOW "))))"
#define YA_IN_DIMS (ROPE_IN_D | ROPE_IN_TRAIN | ROPE_IN_BETA_FAST | ROPE_IN_BETA_SLOW | ROPE_IN_BASE | ROPE_IN_PI)

static void ya_summary(const void *vs, struct summary *s)
{
	const struct ya_state *st = vs;
	const struct rope_scene *r = &st->r;
	int half = r->d / 2;
	double lo2, hi2;
	yarn_ends_by_turns(r, &lo2, &hi2);
	summary_check_real(s, HOW_REFERENCE, st->low, lo2, 0, "yarn_low");
	summary_words(s, "where the ramp starts: the pair that makes beta_fast turns in the original length, ggml's corr "
		      "dim d ln(train / (beta_fast 2 pi)) / (2 ln base), floored, at least 0");
	rope_scene_in(s, r, ROPE_IN_D | ROPE_IN_TRAIN | ROPE_IN_BETA_FAST | ROPE_IN_BASE, 0);
	summary_explain(s, "second way: pair by pair, the last pair whose turns train * theta_i / 2 pi reach beta_fast");
	summary_check_real(s, HOW_REFERENCE, st->high, hi2, 0, "yarn_high");
	summary_words(s, "where the ramp ends: the pair that makes beta_slow turns, ggml's corr dim with beta_slow, ceiled, "
		      "at most d - 1");
	rope_scene_in(s, r, ROPE_IN_D | ROPE_IN_TRAIN | ROPE_IN_BETA_SLOW | ROPE_IN_BASE, 0);
	summary_explain(s, "second way: pair by pair, the first pair whose turns are at most beta_slow");
	for (int i = 0; i < half; i++) {
		summary_real(s, st->ramp[i], "ramp.%d", i);
		summary_words(s, "how much pair %d keeps its frequency (1 keep, 0 divide by s)", i);
		rope_scene_in(s, r, YA_IN_DIMS | ROPE_IN_I, i);
		summary_formula(s, 1e-12, YA_F_RAMP);
		summary_explain(s, "ggml's rope_yarn_ramp, 1 - clamp((i - low) / max(0.001, high - low)), over the corr dims "
			       "low and high of ggml_rope_yarn_corr_dims, written out");
	}
	for (int i = 0; i < half; i++) {
		double ratio = st->used[i] / st->theta[i];
		summary_real(s, ratio, "theta_ratio.%d", i);
		summary_words(s, "the share of its frequency pair %d keeps: ramp * 1 + (1 - ramp) / s, rope_yarn's mix of theta "
			      "and theta / s (written 1 / s + (1 - 1 / s) * ramp)", i);
		rope_scene_in(s, r, YA_IN_DIMS | ROPE_IN_I | ROPE_IN_S, i);
		summary_formula(s, 1e-12, "1 / s + (1 - 1 / s) * " YA_F_RAMP);
	}
	rope_scene_check_wavelength(s, r);
	summary_check_real(s, HOW_REFERENCE, st->mscale, 1 + 0.1 * rope_scene_ln_series(r->s), 1e-12, "mscale");
	summary_words(s, "the attention temperature: mscale = 1 + 0.1 ln s");
	rope_scene_in(s, r, ROPE_IN_S, 0);
	summary_explain(s, "second way: ln s summed as a series (binary exponent plus 2 atanh), not libm's log");
	summary_real(s, st->mscale * st->mscale, "mscale_sq");
	summary_words(s, "a score's scale: queries and keys are both scaled by mscale, so a score by mscale^2");
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
	.nparams = YA_NPARAMS,
	.state_size = sizeof(struct ya_state),
	.init = ya_init,
	.nsteps = rope_scene_nsteps,
	.tween = rope_scene_tween,
	.render = ya_render,
	.summary = ya_summary,
	.print = ya_print,
};
