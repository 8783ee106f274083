/*
 * fit (beyond the lesson): what fits a memory budget.  Memory against
 * context for each cache type (f16, q8_0, q4_0) as a plot: x the context on
 * a log scale up to the trained context, y bytes; the weights as the floor,
 * the budget and the margin llama.cpp's --fit keeps free as lines, and
 * where each curve crosses budget - margin: the largest n_ctx that fits
 * (src/size/fit.h does every size).  Steps: 0 the floor and the budget;
 * 1-3 one cache type each, with its crossing; 4 which term dominates where;
 * then the budget moves through the named devices (src/size/budget.c).
 * Checks: max_ctx.TYPE by its closed form (the largest multiple of 256 x
 * streams whose total fits, solved by hand), total_bytes_at_max.TYPE and
 * next_total_bytes.TYPE by the closed form of each term at max_ctx and at
 * max_ctx + 256 x streams.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "size/budget.h"
#include "size/fit.h"
#include "scene/deploy_params.h"
#include "scene/scene.h"
#include "scenes/lib/closed_form.h"
#include "scenes/lib/common.h"
#include "scenes/lib/weights.h"

#define FI_SAMPLES 96         /* points of each curve, log-spaced in n_ctx */
#define FI_MAX_DEVICES 16
#define FI_FIRST_DEVICE 5     /* the step of the first named device */

struct fi_state {
	struct model m;
	struct fit_query q;
	double mem;                               /* the mem parameter, GiB */
	int64_t budget, margin, avail;
	int64_t cap;                              /* the x axis ends here */
	struct fit_row rows[FIT_NCACHE];          /* at the mem parameter's budget */
	int64_t per_token[FIT_NCACHE];            /* KV bytes a token, all layers */
	int64_t per_token_past[FIT_NCACHE];       /* ... on the layers without a window */
	int64_t n[FI_SAMPLES];                    /* [FI_SAMPLES] the sampled contexts */
	int64_t total[FIT_NCACHE][FI_SAMPLES];    /* [type][sample] total bytes there */
	int64_t kv_meets_weights;                 /* f16: the context where KV reaches the weights (0: never below cap) */
	int ndev;
	int64_t dev_max[FI_MAX_DEVICES][FIT_NCACHE];   /* [device][type] max_ctx at that device's budget */
	int dev_refused[FI_MAX_DEVICES][FIT_NCACHE];
	int64_t dev_missing[FI_MAX_DEVICES];           /* f16: bytes lacking at the floor */
	/* -m A -m B: the second model's curves on the same axes, at the same
	 * sampled contexts (none past its own cap); its summary keys come from
	 * a run of its own (the driver's @2), not from here */
	int two;
	struct fi_second {
		struct model m;
		struct fit_row rows[FIT_NCACHE];
		int64_t per_token[FIT_NCACHE];
		int64_t per_token_past[FIT_NCACHE];
		int64_t total[FIT_NCACHE][FI_SAMPLES];
		int64_t dev_max[FI_MAX_DEVICES][FIT_NCACHE];
		int dev_refused[FI_MAX_DEVICES][FIT_NCACHE];
	} b;
};

enum { FI_MEM = DP_COUNT, FI_MARGIN, FI_CTX_MAX, FI_NPARAMS };
static const struct param_spec fi_params[FI_NPARAMS + 1] = {
	DEPLOY_SPECS,
	[FI_MEM] = {.name = "mem",
		    .kind = PARAM_REAL,
		    .min = 0.001,
		    .max = 1048576,
		    .help = "the budget, GiB"},
	[FI_MARGIN] = DP_SPEC_MARGIN,
	[FI_CTX_MAX] = DP_SPEC_CTX_MAX,
	[FI_NPARAMS] = {0},
};

static const char *const type_glyph_text[FIT_NCACHE] = {"#", "+", "o"};
static const uint32_t type_glyph[FIT_NCACHE] = {'#', '+', 'o'};
static const enum role type_role[FIT_NCACHE] = {ROLE_BAR, ROLE_BAR2, ROLE_ACCENT};

static const char *cname(int c)
{
	return model_cache_name(fit_cache_types[c]);
}

/* Two models: one glyph and role per model (the cache type is the step's). */
static const uint32_t model_glyph[2] = {'#', '*'};
static const char *const model_glyph_text[2] = {"#", "*"};
static const enum role model_role[2] = {ROLE_BAR, ROLE_BAR2};

/* KV bytes a token on the layers that keep every token (no window): what
 * a token adds once the context is past the sliding windows. */
static int64_t bytes_token_past_windows(const struct model *m)
{
	int64_t b = 0;
	for (int64_t il = 0; il < m->layers; il++)
		if (size_layer_window(m, il) == 0)
			b += size_kv_bytes_token_layer(m, il);
	return b;
}

/* "N bytes a token", and what a token costs past the windows where that
 * is less (a model with sliding layers). */
static void token_words(char *out, size_t len, int64_t per, int64_t past)
{
	if (past < per)
		snprintf(out, len, "%lld bytes a token, %lld past the windows", (long long)per, (long long)past);
	else
		snprintf(out, len, "%lld bytes a token", (long long)per);
}

/* The smallest -c whose f16 KV cache, as llama.cpp sizes it, takes the
 * weights' bytes or more; 0 when none up to the cap does.  Bisection on
 * the sizes themselves: a sliding layer stops growing at its window, so
 * weights / bytes a token would put the crossing far too early (Gemma 4
 * 31B: 68803, where its cache is 6 GiB against 58 GiB of weights). */
static int kv_meets_weights(const struct fi_state *st, int64_t *at)
{
	const struct fit_row *r = &st->rows[FIT_F16];
	struct fit_terms t;
	*at = 0;
	if (fit_terms_at(&st->m, &st->q.d, r->k_type, r->v_type, r->cap, &t) < 0)
		return -1;
	if (t.bytes[FT_KV] < st->m.weights_bytes)
		return 0;
	int64_t lo = 0, hi = r->cap;   /* KV(lo) < weights <= KV(hi); KV(0) = 0 */
	while (hi - lo > 1) {
		int64_t mid = lo + (hi - lo) / 2;
		if (fit_terms_at(&st->m, &st->q.d, r->k_type, r->v_type, mid, &t) < 0)
			return -1;
		if (t.bytes[FT_KV] >= st->m.weights_bytes)
			hi = mid;
		else
			lo = mid;
	}
	*at = hi;
	return 0;
}

/* The second model's rows, curve and devices, on the first's axes. */
static int second_init(struct fi_state *st, char *err, size_t errlen)
{
	struct fi_second *b = &st->b;
	for (int c = 0; c < FIT_NCACHE; c++) {
		if (fit_solve(&b->m, &st->q, c, &b->rows[c]) < 0) {
			snprintf(err, errlen, "%s (second model): %s", cname(c), b->rows[c].why);
			return -1;
		}
		for (int i = 0; i < FI_SAMPLES; i++) {
			struct fit_terms t;
			if (b->rows[c].refused || st->n[i] > b->rows[c].cap) {
				b->total[c][i] = -1;   /* refused, or past its trained context: no curve */
				continue;
			}
			if (fit_terms_at(&b->m, &st->q.d, b->rows[c].k_type, b->rows[c].v_type, st->n[i], &t) < 0) {
				snprintf(err, errlen, "ctx_max: a size of the second model overflows 64-bit arithmetic");
				return -1;
			}
			b->total[c][i] = t.total;
		}
		struct model typed = b->m;
		typed.k_type = b->rows[c].k_type;
		typed.v_type = b->rows[c].v_type;
		b->per_token[c] = size_kv_bytes_token(&typed);
		b->per_token_past[c] = bytes_token_past_windows(&typed);
	}
	for (int k = 0; k < st->ndev; k++) {
		struct fit_query q = st->q;
		q.budget = budget_devices[k].bytes;
		for (int c = 0; c < FIT_NCACHE; c++) {
			struct fit_row r;
			if (fit_solve(&b->m, &q, c, &r) < 0) {
				snprintf(err, errlen, "%s (second model): %s", budget_devices[k].name, r.why);
				return -1;
			}
			b->dev_max[k][c] = r.max_ctx;
			b->dev_refused[k][c] = r.refused;
		}
	}
	return 0;
}

static int fi_init(void *vs, const struct scene_env *env, char *err, size_t errlen)
{
	struct fi_state *st = vs;
	const struct params *p = env->p;
	st->mem = params_real(p, FI_MEM);
	st->budget = (int64_t)(st->mem * GIB);
	st->margin = params_int(p, FI_MARGIN) << 20;
	st->avail = st->budget - st->margin;
	st->q = (struct fit_query){.budget = st->budget, .margin = st->margin, .ctx_cap = params_int(p, FI_CTX_MAX)};
	char why[160];
	if (fit_budget_refuse(&st->q, why, sizeof why) < 0) {
		snprintf(err, errlen, "mem: %s: raise mem or lower margin", why);
		return -1;
	}
	/* the deployment but its -c, which fit searches (FIT_MIN_CTX up),
	 * and its cache types, one row each */
	if (deploy_params_apply(p, env->model, &st->m, &st->q.d, err, errlen) <
	    0)
		return -1;
	st->q.d.n_ctx = FIT_MIN_CTX;
	for (int c = 0; c < FIT_NCACHE; c++)
		if (fit_solve(&st->m, &st->q, c, &st->rows[c]) < 0) {
			snprintf(err, errlen, "%s: %s", cname(c), st->rows[c].why);
			return -1;
		}
	st->cap = st->rows[FIT_F16].cap;
	if (env->model2) {
		/* the axis reaches the larger of the two caps, so that the second
		 * model's crossings are on it (a model's curve stops at its own) */
		struct fit_row r2;
		if (fit_solve(env->model2, &st->q, FIT_F16, &r2) == 0 && r2.cap > st->cap)
			st->cap = r2.cap;
	}
	int64_t step = st->rows[FIT_F16].step;
	/* The curves: n from one step to the cap, log-spaced, on multiples of the step. */
	for (int i = 0; i < FI_SAMPLES; i++) {
		double x = (double)step * pow((double)st->cap / (double)step, (double)i / (FI_SAMPLES - 1));
		int64_t n = (int64_t)llround(x / (double)step) * step;
		st->n[i] = n < step ? step : n > st->cap ? st->cap : n;
	}
	for (int c = 0; c < FIT_NCACHE; c++) {
		struct fit_row *r = &st->rows[c];
		for (int i = 0; i < FI_SAMPLES; i++) {
			struct fit_terms t;
			if (fit_terms_at(&st->m, &st->q.d, r->k_type, r->v_type, st->n[i], &t) < 0) {
				snprintf(err, errlen, "ctx_max: a size overflows 64-bit arithmetic");
				return -1;
			}
			st->total[c][i] = r->refused || st->n[i] > r->cap ? -1 : t.total;   /* past its cap: no curve */
		}
		struct model typed = st->m;
		typed.k_type = r->k_type;
		typed.v_type = r->v_type;
		st->per_token[c] = size_kv_bytes_token(&typed);
		st->per_token_past[c] = bytes_token_past_windows(&typed);
	}
	if (kv_meets_weights(st, &st->kv_meets_weights) < 0) {
		snprintf(err, errlen, "ctx_max: a size overflows 64-bit arithmetic");
		return -1;
	}
	st->ndev = (int)(budget_device_count < FI_MAX_DEVICES ? budget_device_count : FI_MAX_DEVICES);
	for (int k = 0; k < st->ndev; k++) {
		struct fit_query q = st->q;
		q.budget = budget_devices[k].bytes;
		for (int c = 0; c < FIT_NCACHE; c++) {
			struct fit_row r;
			if (fit_solve(&st->m, &q, c, &r) < 0) {
				snprintf(err, errlen, "%s: %s", budget_devices[k].name, r.why);
				return -1;
			}
			st->dev_max[k][c] = r.max_ctx;
			st->dev_refused[k][c] = r.refused;
			if (c == FIT_F16)
				st->dev_missing[k] = r.missing;
		}
	}
	st->two = env->model2 != NULL;
	if (st->two) {
		st->b.m = *env->model2;
		return second_init(st, err, errlen);
	}
	return 0;
}

static int fi_nsteps(const void *vs)
{
	const struct fi_state *st = vs;
	return FI_FIRST_DEVICE - 1 + st->ndev;
}

/* The plot's frame: where n and bytes land. */
struct plot {
	int x0, y0, w, h;      /* the area inside the axes; y0 is its top row */
	double ymin, ymax;     /* bytes at the bottom and the top row */
	int64_t cap;
};

static int col_of(const struct plot *pl, const struct fi_state *st, int64_t n)
{
	double lo = log((double)st->n[0]), hi = log((double)pl->cap);
	if (hi <= lo || n <= st->n[0])
		return pl->x0;
	int x = pl->x0 + (int)lround((log((double)n) - lo) / (hi - lo) * (pl->w - 1));
	return x > pl->x0 + pl->w - 1 ? pl->x0 + pl->w - 1 : x;
}

/* The row of a byte count, or -1 above the top (below the bottom: the bottom row). */
static int row_of(const struct plot *pl, double bytes)
{
	int r = (int)lround((bytes - pl->ymin) / (pl->ymax - pl->ymin) * (pl->h - 1));
	if (r < 0)
		r = 0;
	return r > pl->h - 1 ? -1 : pl->y0 + pl->h - 1 - r;
}

/* "B  17G", "W 0.5G", "W 1.2T": a line's letter and its bytes, six
 * columns, a blank after the letter ("W1250G" read as one word). */
static void glabel(char *buf, size_t len, char letter, double bytes)
{
	double g = bytes / GIB, t = g / 1024;
	if (g < 9.95)
		snprintf(buf, len, "%c%4.1fG", letter, g);
	else if (g < 999.5)
		snprintf(buf, len, "%c%4.0fG", letter, g);
	else if (t < 9.95)
		snprintf(buf, len, "%c%4.1fT", letter, t);
	else
		snprintf(buf, len, "%c%4.0fT", letter, t);
}

/* A line across the plot at bytes, labelled on the left unless another
 * label holds that row (labelled[] by row). */
static void hline_at(struct canvas *c, const struct plot *pl, double bytes, uint32_t ch, enum role role, char letter,
		     uint8_t *labelled)
{
	char lab[32];
	int y = row_of(pl, bytes);
	/* A row an earlier line holds keeps it: the budget is drawn first, so
	 * a margin too small for this scale to part from it leaves the budget's
	 * ═ whole rather than dashing over it. */
	if (y < 0 || labelled[y])
		return;
	glabel(lab, sizeof lab, letter, bytes);
	canvas_hline(c, pl->x0, y, pl->w, ch, role);
	canvas_text(c, 0, y, role, lab);
	labelled[y] = 1;
}

/* A context as the axis writes it: 4K, 128K, 1M. */
static void ctx_text(char *buf, size_t len, int64_t n)
{
	if (n >= 1048576 && n % 1048576 == 0)
		snprintf(buf, len, "%lldM", (long long)(n / 1048576));
	else if (n >= 1024 && n % 1024 == 0)
		snprintf(buf, len, "%lldK", (long long)(n / 1024));
	else
		snprintf(buf, len, "%lld", (long long)n);
}

/* Where curves land on the same cell at this scale (the three cache types
 * at a device's budget far above them all): one glyph for "several here",
 * so a curve drawn first is not hidden under the last one's marks. */
#define FI_SHARED_GLYPH 0x2261   /* ≡ */
static const char fi_shared_text[] = "≡ curves on one cell", fi_shared_short[] = "≡ same cell";

/* 1: a curve's mark (or the shared one) is at that cell already. */
static int curve_at(const struct canvas *c, int x, int y)
{
	uint32_t ch = canvas_at(c, x, y)->ch;
	for (int t = 0; t < FIT_NCACHE; t++)
		if (ch == type_glyph[t])
			return 1;
	return ch == model_glyph[1] || ch == FI_SHARED_GLYPH;
}

/* One curve: total[] at the sampled contexts, -1 where there is none; a
 * cell another curve holds becomes the shared glyph.  The cells shared. */
static int draw_curve(struct canvas *c, const struct plot *pl, const int64_t *total, uint32_t glyph, enum role role)
{
	int shared = 0;
	for (int x = 0; x < pl->w; x++) {
		int i = pl->w > 1 ? (int)lround((double)x * (FI_SAMPLES - 1) / (pl->w - 1)) : 0;
		if (total[i] < 0)
			break;   /* refused by llama.cpp, or past the model's cap: no curve */
		int y = row_of(pl, (double)total[i]);
		if (y < 0) {
			canvas_put(c, pl->x0 + x, pl->y0, 0x2191, role);   /* above the top: an arrow */
		} else if (curve_at(c, pl->x0 + x, y) && canvas_at(c, pl->x0 + x, y)->ch != glyph) {
			canvas_put(c, pl->x0 + x, y, FI_SHARED_GLYPH, ROLE_LABEL);
			shared++;
		} else {
			canvas_put(c, pl->x0 + x, y, glyph, role);
		}
	}
	return shared;
}

/* A crossing: a line down from where the curve meets budget - margin, its
 * n_ctx written on row y (left of the line when it would not fit right). */
static void mark_crossing(struct canvas *c, const struct plot *pl, const struct fi_state *st, const struct fit_row *r,
			  enum role role, const char *name, int y)
{
	char lab[48];
	if (r->max_ctx <= 0)
		return;
	int x = col_of(pl, st, r->max_ctx), top = row_of(pl, (double)r->at.total);
	for (int yy = (top < 0 ? pl->y0 : top) + 1; yy < pl->y0 + pl->h; yy++)
		canvas_put(c, x, yy, 0x2502, role);
	snprintf(lab, sizeof lab, "%s %lld", name, (long long)r->max_ctx);
	int lx = x + 1 + (int)strlen(lab) <= pl->x0 + pl->w ? x + 1 : x - (int)strlen(lab);
	if (lx < pl->x0)
		lx = pl->x0;
	canvas_printf_whole(c, lx, y, role, "%s", lab);
}

/* The plot's bytes, bottom to top: from a little below the weights (the
 * floor; the lower of two models') to a little above the budget: the bytes a
 * context adds are what the picture is about. */
static void plot_range(const struct fi_state *st, int64_t budget, double *ymin, double *ymax)
{
	double wb = (double)st->m.weights_bytes, bb = (double)budget;
	if (st->two && (double)st->b.m.weights_bytes < wb)
		wb = (double)st->b.m.weights_bytes;
	if (bb > wb) {
		*ymin = wb - 0.15 * (bb - wb);
		*ymin = *ymin < 0 ? 0 : *ymin;
		*ymax = bb + 0.3 * (bb - *ymin);
	} else {
		*ymin = 0;
		*ymax = (wb > bb ? wb : bb) * 1.15;
	}
}

/* The plot at step; how many cells two or more curves share. */
static int draw_plot(const struct fi_state *st, struct canvas *c, int step, int64_t budget)
{
	char lab[48];
	int shared = 0;
	struct plot pl = {.x0 = 7, .y0 = 1, .w = c->w - 7, .h = c->h - 3, .cap = st->cap};
	if (pl.w < 8 || pl.h < 4)
		return 0;
	plot_range(st, budget, &pl.ymin, &pl.ymax);
	ctx_text(lab, sizeof lab, pl.cap);
	canvas_printf(c, 0, 0, ROLE_LABEL, "bytes (linear) against -c (log, up to %s)", lab);
	/* axes */
	canvas_vline(c, pl.x0 - 1, pl.y0, pl.h, 0x2502, ROLE_DIM);
	canvas_hline(c, pl.x0 - 1, pl.y0 + pl.h, pl.w + 1, 0x2500, ROLE_DIM);
	canvas_put(c, pl.x0 - 1, pl.y0 + pl.h, 0x2514, ROLE_DIM);
	int last = -10;
	for (int64_t n = st->n[0]; n <= pl.cap; n *= 4) {
		int x = col_of(&pl, st, n);
		ctx_text(lab, sizeof lab, n);
		if (x - last > (int)strlen(lab) && canvas_printf_whole(c, x, pl.y0 + pl.h + 1, ROLE_DIM, "%s", lab))
			last = x + (int)strlen(lab);
		canvas_put(c, x, pl.y0 + pl.h, 0x2534, ROLE_DIM);
	}
	/* the budget, the margin and the floor: B, M (budget - margin), W (two
	 * models: each floor labelled with its model's glyph); the bottom row's
	 * bytes when no line labels it */
	uint8_t labelled[512] = {0};
	if (c->h > (int)sizeof labelled)
		return 0;
	hline_at(c, &pl, (double)budget, 0x2550, ROLE_HOT, 'B', labelled);
	if (st->margin > 0)
		hline_at(c, &pl, (double)(budget - st->margin), 0x2504, ROLE_LABEL, 'M', labelled);
	hline_at(c, &pl, (double)st->m.weights_bytes, 0x2500, ROLE_DIM, st->two ? '#' : 'W', labelled);
	if (st->two)
		hline_at(c, &pl, (double)st->b.m.weights_bytes, 0x254c, ROLE_DIM, '*', labelled);
	if (!labelled[pl.y0 + pl.h - 1]) {
		/* a bottom that reads as a line's label ("W  14G" over "   14G")
		 * gets a decimal more, or no label where that does not fit */
		double lines[] = {(double)budget, (double)(budget - st->margin), (double)st->m.weights_bytes,
				  st->two ? (double)st->b.m.weights_bytes : -1};
		char other[32];
		int same = 0;
		glabel(lab, sizeof lab, ' ', pl.ymin);
		for (int i = 0; i < 4; i++) {
			glabel(other, sizeof other, ' ', lines[i]);
			same |= lines[i] >= 0 && !strcmp(other, lab);
		}
		if (same && pl.ymin / GIB < 999.95)
			snprintf(lab, sizeof lab, "%5.1fG", pl.ymin / GIB);
		else if (same)
			lab[0] = 0;
		canvas_text(c, 0, pl.y0 + pl.h - 1, ROLE_DIM, lab);
	}
	if (st->two) {
		/* one cache type a step (f16 from step 4 on), both models' curves and crossings */
		if (step < 1)
			return 0;
		int t = step <= 3 ? step - 1 : FIT_F16;
		shared += draw_curve(c, &pl, st->total[t], model_glyph[0], model_role[0]);
		shared += draw_curve(c, &pl, st->b.total[t], model_glyph[1], model_role[1]);
		if (step < FI_FIRST_DEVICE) {
			mark_crossing(c, &pl, st, &st->rows[t], model_role[0], model_glyph_text[0], pl.y0 + pl.h - 1);
			mark_crossing(c, &pl, st, &st->b.rows[t], model_role[1], model_glyph_text[1], pl.y0 + pl.h - 2);
		}
		return shared;
	}
	/* the curves shown so far (every one on the device steps) */
	int shown = step >= 4 ? FIT_NCACHE : step;
	for (int t = 0; t < shown; t++)
		shared += draw_curve(c, &pl, st->total[t], type_glyph[t], type_role[t]);
	/* the crossing of the newest curve (f16 on the later steps), marked with its n_ctx */
	if (step >= 1 && step < FI_FIRST_DEVICE) {
		int t = step <= 3 ? step - 1 : FIT_F16;
		mark_crossing(c, &pl, st, &st->rows[t], type_role[t], cname(t), pl.y0 + pl.h - 1);
	}
	return shared;
}

/* On a device's step the picture's budget is the device's, the summary's
 * (max_ctx.TYPE under the picture) the mem parameter's: say which, so the
 * class does not read two "largest contexts" as one. */
static void summary_note(const struct fi_state *st, struct canvas *s, int y)
{
	char b[32], note[96];
	fmt_bytes(b, sizeof b, (double)st->budget);
	snprintf(note, sizeof note,
		 "the summary below is for mem = %s, not for this device", b);
	/* a blank row above it where the pane has one to spare */
	int top = s->h - canvas_wrap_lines(s->w, note);
	top = top > y + 1 ? y + 1 : top < y ? y : top;
	canvas_wrap(s, 0, top, s->w, s->h - top, ROLE_DIM, note);
}

/* A max_ctx as the two-model side pane writes it: the number ("1M" past
 * 8 digits when exact), "none" or "-" (refused). */
static void ctx_cell(char *buf, size_t len, int refused, int64_t max_ctx)
{
	if (refused)
		snprintf(buf, len, "-");
	else if (max_ctx > 99999999)
		ctx_text(buf, len, max_ctx);
	else if (max_ctx)
		snprintf(buf, len, "%lld", (long long)max_ctx);
	else
		snprintf(buf, len, "none");
}

/* The state pane with two models: each labelled by its glyph, then what
 * the step compares (one cache type, or a device's three). */
static void fi_side_two(const struct fi_state *st, struct canvas *s, int step, int shared)
{
	char b[32], x[24], y[24];
	const struct model *ms[2] = {&st->m, &st->b.m};
	int row = 0;
	for (int k = 0; k < 2; k++)
		if (!canvas_printf_whole(s, 0, row++, model_role[k], "%s %s", model_glyph_text[k], ms[k]->name))
			canvas_printf_whole(s, 0, row - 1, model_role[k], "%s model %d (long name)", model_glyph_text[k], k + 1);
	row++;
	if (step >= FI_FIRST_DEVICE) {
		int d = step - FI_FIRST_DEVICE;
		canvas_wrap(s, 0, row, s->w, 2, ROLE_NORMAL, budget_devices[d].title);
		row += 2;
		canvas_printf_whole(s, 0, row++, ROLE_NORMAL, "%.0f GiB, max_ctx", (double)budget_devices[d].bytes / GIB);
		/* a row a cache type, a column a model: two numbers of up to 8
		 * digits fit a pane of 24 (three columns would not) */
		canvas_printf(s, 6, row, model_role[0], "%8s", model_glyph_text[0]);
		canvas_printf(s, 15, row++, model_role[1], "%8s", model_glyph_text[1]);
		for (int t = 0; t < FIT_NCACHE; t++, row++) {
			ctx_cell(x, sizeof x, st->dev_refused[d][t], st->dev_max[d][t]);
			ctx_cell(y, sizeof y, st->b.dev_refused[d][t], st->b.dev_max[d][t]);
			canvas_printf(s, 0, row, ROLE_LABEL, "%s", cname(t));
			canvas_printf_whole(s, 6, row, model_role[0], "%8s", x);
			canvas_printf_whole(s, 15, row, model_role[1], "%8s", y);
		}
		if (shared)
			canvas_text(s, 0, row++, ROLE_LABEL, fi_shared_text);
		summary_note(st, s, row);
		return;
	}
	fmt_bytes(b, sizeof b, (double)st->budget);
	canvas_printf_whole(s, 0, row++, ROLE_NORMAL, "budget %s", b);
	canvas_printf_whole(s, 0, row++, ROLE_DIM, "margin %lld MiB", (long long)(st->margin >> 20));
	canvas_text(s, 0, row++, ROLE_LABEL, "weights");
	for (int k = 0; k < 2; k++) {
		fmt_bytes(b, sizeof b, (double)ms[k]->weights_bytes);
		canvas_printf_whole(s, 0, row++, model_role[k], "%s %s %s",
				    model_glyph_text[k], b,
				    model_weights_word(ms[k]));
	}
	if (step < 1)
		return;
	int t = step <= 3 ? step - 1 : FIT_F16;
	const struct fit_row *r[2] = {&st->rows[t], &st->b.rows[t]};
	row++;
	canvas_printf_whole(s, 0, row++, ROLE_LABEL, "max_ctx %s", cname(t));
	for (int k = 0; k < 2; k++) {
		ctx_cell(x, sizeof x, r[k]->refused, r[k]->max_ctx);
		canvas_printf_whole(s, 0, row++, model_role[k], "%s %s", model_glyph_text[k], x);
	}
	if (shared)
		canvas_text(s, 0, row, ROLE_LABEL, fi_shared_text);
}

static void fi_side(const struct fi_state *st, struct canvas *s, int step, int shared)
{
	if (st->two) {
		fi_side_two(st, s, step, shared);
		return;
	}
	canvas_wrap(s, 0, 0, s->w, 2, ROLE_LABEL, st->m.name);
	int y = 2;
	if (step >= FI_FIRST_DEVICE) {
		const struct budget_device *d = &budget_devices[step - FI_FIRST_DEVICE];
		canvas_wrap(s, 0, y, s->w, 2, ROLE_NORMAL, d->title);
		y += 2;
		canvas_printf_whole(s, 0, y++, ROLE_NORMAL, "%.0f GiB", (double)d->bytes / GIB);
		for (int t = 0; t < FIT_NCACHE; t++) {
			char x[24];
			ctx_cell(x, sizeof x, 0, st->dev_max[step - FI_FIRST_DEVICE][t]);
			if (st->dev_refused[step - FI_FIRST_DEVICE][t])
				canvas_printf_whole(s, 0, y++, type_role[t], "%s %-5s refused", type_glyph_text[t], cname(t));
			else
				canvas_printf_whole(s, 0, y++, type_role[t], "%s %-5s %s", type_glyph_text[t], cname(t), x);
		}
		if (shared)
			canvas_text(s, 0, y++, ROLE_LABEL, fi_shared_text);
		summary_note(st, s, y);
		return;
	}
	char b[32];
	/* Step 4 lists every term at f16's max_ctx, the weights among them:
	 * the weights' own rows and the blank ones give way to it, so the
	 * compute buffer the narration cites is on screen (at 80x24 the list
	 * once stopped after the weights). */
	int spare = 0;
	if (step == 4) {
		int name_rows = canvas_wrap_lines(s->w, st->m.name);
		y = name_rows < 2 ? name_rows : 2;
		spare = s->h - y - (2 + 1 + FIT_NCACHE + 1 + FT_COUNT);
		y += spare-- > 0;
	}
	fmt_bytes(b, sizeof b, (double)st->budget);
	/* each led by the letter that labels its line in the picture */
	canvas_printf_whole(s, 0, y++, ROLE_NORMAL, "B budget %s", b);
	canvas_printf_whole(s, 0, y++, ROLE_DIM, "M margin %lld MiB",
			    (long long)(st->margin >> 20));
	if (step != 4) {
		fmt_bytes(b, sizeof b, (double)st->m.weights_bytes);
		canvas_printf_whole(s, 0, y++, ROLE_NORMAL, "W weights %s", b);
		canvas_printf_whole(s, 0, y++, ROLE_DIM, "(%s)",
				    model_weights_word(&st->m));
		y++;
	} else {
		y += spare-- > 0;
	}
	/* the shared mark's legend on the header's row: step 4's terms need the rows below */
	canvas_text(s, 0, y, ROLE_LABEL, "max_ctx");
	if (shared)
		canvas_text(s, 9, y, ROLE_LABEL, fi_shared_short);
	y++;
	for (int t = 0; t < FIT_NCACHE && t < (step >= 4 ? FIT_NCACHE : step); t++) {
		const struct fit_row *r = &st->rows[t];
		if (r->refused)
			canvas_printf_whole(s, 0, y++, type_role[t], "%s %-5s refused", type_glyph_text[t], cname(t));
		else if (r->max_ctx)
			canvas_printf_whole(s, 0, y++, type_role[t], "%s %-5s %lld", type_glyph_text[t], cname(t),
					    (long long)r->max_ctx);
		else
			canvas_printf_whole(s, 0, y++, type_role[t], "%s %-5s none", type_glyph_text[t], cname(t));
	}
	if (step == 4) {
		const struct fit_row *r = &st->rows[FIT_F16];
		y += spare > 0;
		canvas_printf_whole(s, 0, y++, ROLE_LABEL, "f16 at -c %lld", (long long)r->at.n_ctx);
		for (int i = 0; i < FT_COUNT && y < s->h; i++) {
			if (y == s->h - 1 && i < FT_COUNT - 1) {   /* a pane too short: say what is left out */
				canvas_printf_whole(s, 0, y, ROLE_DIM, "+%d more (w)", FT_COUNT - i);
				break;
			}
			fmt_bytes(b, sizeof b, (double)r->at.bytes[i]);
			canvas_printf_whole(s, 0, y++, ROLE_NORMAL, "%-9s %s", fit_term_names[i], b);
		}
	}
}

static void row_story(const struct fi_state *st, int t, char *out, size_t len)
{
	const struct fit_row *r = &st->rows[t];
	char b[32];
	if (r->refused) {
		snprintf(out, len, "%s: %s.", cname(t), r->why);
		return;
	}
	char per[80];
	token_words(per, sizeof per, st->per_token[t], st->per_token_past[t]);
	if (!r->max_ctx) {
		fmt_bytes(b, sizeof b, (double)r->missing);
		snprintf(out, len, "%s (%s): does not fit even at %lld tokens, %s missing.", cname(t), per, (long long)r->lo,
			 b);
		return;
	}
	fmt_bytes(b, sizeof b, (double)r->at.total);
	snprintf(out, len, "%s (%s): the largest -c that fits is %lld%s, total %s. llama.cpp: %s", cname(t), per,
		 (long long)r->max_ctx, r->max_ctx == r->cap ? " (the cap: the curve never meets the line)" : "", b,
		 r->flags);
}

/* Which of two max_ctx is larger and by how much, for the narration. */
static void versus(char *out, size_t len, const char *na, int64_t a, const char *nb, int64_t b)
{
	if (a == b)
		snprintf(out, len, a ? "both %lld" : "neither fits even at the floor", (long long)a);
	else if (!a || !b)
		snprintf(out, len, "only %s fits at all", a ? na : nb);
	else
		snprintf(out, len, "%s holds %.2f times as many (%lld more)", a > b ? na : nb,
			 a > b ? (double)a / (double)b : (double)b / (double)a, (long long)(a > b ? a - b : b - a));
}

/* The narration with two models, from both models' rows. */
static void narrate_two(const struct fi_state *st, int step, char *out, size_t len)
{
	char wa[32], wb[32], b[32], cmp[160];
	const char *na = st->m.name, *nb = st->b.m.name;
	if (step == 0) {
		fmt_bytes(wa, sizeof wa, (double)st->m.weights_bytes);
		fmt_bytes(wb, sizeof wb, (double)st->b.m.weights_bytes);
		fmt_bytes(b, sizeof b, (double)st->avail);
		/* a floor above the plot's top is not drawn: say so, not "the floors" */
		double lo, hi;
		char bud[32];
		plot_range(st, st->budget, &lo, &hi);
		fmt_bytes(bud, sizeof bud, (double)st->budget);
		int up_a = (double)st->m.weights_bytes > hi, up_b = (double)st->b.m.weights_bytes > hi;
		if (up_a || up_b)
			snprintf(out, len, "Two models, one budget: the weights of # %s take %s, of * %s %s; %s off the "
				 "plot's top: the weights alone exceed the %s budget.", na, wa, nb, wb,
				 up_a && up_b ? "both are" : up_a ? "# is" : "* is", bud);
		else
			snprintf(out, len, "Two models, one budget: the weights of # %s take %s, of * %s %s (the floors # "
				 "and *). %s is left under the budget line after llama.cpp's %lld MiB margin.", na, wa, nb,
				 wb, b, (long long)(st->margin >> 20));
	} else if (step < FI_FIRST_DEVICE) {
		int t = step <= 3 ? step - 1 : FIT_F16;
		const struct fit_row *ra = &st->rows[t], *rb = &st->b.rows[t];
		if (ra->refused || rb->refused) {
			snprintf(out, len, "%s: %s.", cname(t), ra->refused ? ra->why : rb->why);
			return;
		}
		versus(cmp, sizeof cmp, na, ra->max_ctx, nb, rb->max_ctx);
		/* at its cap (the trained context) a model would hold more: say so */
		char pa[80], pb[80];
		token_words(pa, sizeof pa, st->per_token[t], st->per_token_past[t]);
		token_words(pb, sizeof pb, st->b.per_token[t], st->b.per_token_past[t]);
		snprintf(out, len, "%s cache: # %s fits -c %lld%s (%s), * %s -c %lld%s (%s); %s.%s", cname(t), na,
			 (long long)ra->max_ctx, ra->max_ctx == ra->cap ? ", its cap" : "", pa, nb, (long long)rb->max_ctx,
			 rb->max_ctx == rb->cap ? ", its cap" : "", pb, cmp,
			 step == 4 ? " The more bytes a token, the steeper the curve." : "");
	} else {
		int d = step - FI_FIRST_DEVICE;
		char a16[24], b16[24], a4[24], b4[24];
		ctx_cell(a16, sizeof a16, st->dev_refused[d][FIT_F16], st->dev_max[d][FIT_F16]);
		ctx_cell(b16, sizeof b16, st->b.dev_refused[d][FIT_F16], st->b.dev_max[d][FIT_F16]);
		ctx_cell(a4, sizeof a4, st->dev_refused[d][FIT_Q4_0], st->dev_max[d][FIT_Q4_0]);
		ctx_cell(b4, sizeof b4, st->b.dev_refused[d][FIT_Q4_0], st->b.dev_max[d][FIT_Q4_0]);
		versus(cmp, sizeof cmp, na, st->dev_max[d][FIT_F16], nb, st->b.dev_max[d][FIT_F16]);
		snprintf(out, len, "%s (%.0f GiB), largest -c with f16: # %s %s, * %s %s; %s. With q4_0: %s and %s.",
			 budget_devices[d].title, (double)budget_devices[d].bytes / GIB, na, a16, nb, b16, cmp, a4, b4);
	}
}

static void fi_render(const void *vs, struct view *v)
{
	const struct fi_state *st = vs;
	int step = v->step;
	int64_t budget = step >= FI_FIRST_DEVICE ? budget_devices[step - FI_FIRST_DEVICE].bytes : st->budget;
	int shared = draw_plot(st, v->pic, step, budget);
	fi_side(st, v->side, step, shared);
	if (st->two) {
		narrate_two(st, step, v->narration, VIEW_NARRATION);
		return;
	}
	char b[32], w[32], story[400];
	if (step == 0) {
		fmt_bytes(w, sizeof w, (double)st->m.weights_bytes);
		fmt_bytes(b, sizeof b, (double)st->avail);
		snprintf(v->narration, VIEW_NARRATION,
			 "Before any context the weights take %s (%s): the "
			 "floor. The budget line is %.2f GiB; llama.cpp's "
			 "--fit keeps %lld MiB free, so %s is left for "
			 "weights, KV cache, compute and output buffers.",
			 w, model_weights_word(&st->m),
			 (double)st->budget / GIB,
			 (long long)(st->margin >> 20), b);
	} else if (step <= 3) {
		row_story(st, step - 1, story, sizeof story);
		snprintf(v->narration, VIEW_NARRATION, "%s", story);
	} else if (step == 4) {
		const struct fit_row *r = &st->rows[FIT_F16];
		fmt_bytes(w, sizeof w, (double)st->m.weights_bytes);
		fmt_bytes(b, sizeof b, (double)r->at.bytes[FT_COMPUTE]);
		if (st->kv_meets_weights)
			snprintf(v->narration, VIEW_NARRATION,
				 "Weights (%s) dominate below %lld tokens; past that the f16 KV cache is the larger term and "
				 "the quantized caches move the crossing right. The compute buffer (%s, modelled) and the "
				 "output buffer stay small.",
				 w, (long long)st->kv_meets_weights, b);
		else
			snprintf(v->narration, VIEW_NARRATION,
				 "Weights (%s) dominate over the whole range: even at %lld tokens the f16 KV cache is smaller. "
				 "The compute buffer (%s, modelled) and the output buffer stay small.",
				 w, (long long)st->rows[FIT_F16].cap, b);
	} else {
		int k = step - FI_FIRST_DEVICE;
		const struct budget_device *d = &budget_devices[k];
		if (!st->dev_max[k][FIT_F16] && !st->dev_max[k][FIT_Q4_0]) {
			fmt_bytes(b, sizeof b, (double)st->dev_missing[k]);
			snprintf(v->narration, VIEW_NARRATION, "%s (%.0f GiB): the model does not fit even at %lld tokens "
				 "with an f16 cache; %s missing.", d->title, (double)d->bytes / GIB,
				 (long long)st->rows[FIT_F16].lo, b);
		} else {
			/* "none" where a type does not fit, as the side pane and steps 1-4 say */
			char c16[24], c8[24], c4[24];
			ctx_cell(c16, sizeof c16, st->dev_refused[k][FIT_F16], st->dev_max[k][FIT_F16]);
			ctx_cell(c8, sizeof c8, st->dev_refused[k][FIT_Q8_0], st->dev_max[k][FIT_Q8_0]);
			ctx_cell(c4, sizeof c4, st->dev_refused[k][FIT_Q4_0], st->dev_max[k][FIT_Q4_0]);
			snprintf(v->narration, VIEW_NARRATION, "%s (%.0f GiB): the largest context is %s with f16, %s with "
				 "q8_0, %s with q4_0. Source: %s.", d->title, (double)d->bytes / GIB, c16, c8, c4, d->source);
		}
	}
}

/* A layer llama.cpp keeps in its cache with 0 KV heads (an FFN-only block,
 * not a nextn one): without -fa its V rows are padded to the widest layer's
 * (llama-kv-cache.cpp n_embd_v_gqa_max), which the closed forms leave out. */
static int padded_none(const struct model *mt, const struct deploy *d)
{
	for (int64_t il = 0; il < mt->layers - mt->nextn_layers && !d->flash_attn; il++)
		if (mt->layer_type[il] == LT_NONE)
			return 1;
	return 0;
}

/* 1: the model's sliding and full layers differ in KV heads or head sizes
 * (Gemma 4), each kind with its count (cf_kinds): the closed forms give each
 * kind its own cell. */
static int split_kinds(const struct model *mt, int64_t *kf, int64_t *ks)
{
	return !cf_uniform(mt) && cf_kinds(mt, kf, ks) && cf_split(mt, *kf, *ks);
}

/* The inputs and formula text of the KV cache at ctx (uniform models, or
 * split ones). */
static const char *kv_formula(struct summary *s, const struct model *mt, const struct deploy *d, int64_t ctx, char *f,
			      size_t len)
{
	char o[160];
	int windowed = mt->sliding_window > 0 && !mt->swa_ignored;
	int64_t kf, ks;
	summary_input(s, "layers", (double)cf_cached_layers(mt), "%s", cf_layers_origin(mt, o, sizeof o));
	if (windowed && mt->swa_pattern > 0)
		summary_input(s, "swa_pattern", (double)mt->swa_pattern, "%s", cf_origin(mt, MF_SWA_PATTERN, o, sizeof o));
	cf_in_deploy(s, ctx, d->n_seq, windowed ? mt->sliding_window : 0,
		     d->n_ubatch, d->n_batch, mt);
	if (split_kinds(mt, &kf, &ks)) {
		struct cf_cells c;
		cf_in_cells(s, mt, kf, ks, NULL, NULL, d->flash_attn, &c);
		return cf_f_split_at(f, len, mt, d, &c);
	}
	return cf_f_uniform_at(f, len, mt, d, windowed,
			       cf_in_cell(s, mt, mt->kv_heads, NULL, 0));
}

/* The model keeps an indexer's cache beside the main one (model indexer_apart),
 * in the KV term of the totals. */
static int indexer_apart(const struct model *mt)
{
	/* or DeepSeek V4's (k_only): an indexer and compressed caches */
	return (mt->indexer_apart && mt->indexer_head_dim > 0) || mt->k_only;
}

/* A total at one n_ctx: weights + KV (closed form) + compute + output (vocab F32 a sequence). */
static void total_item(struct summary *s, const struct fi_state *st, const struct model *mt, const struct fit_terms *t,
		       const char *key, const char *words)
{
	char f[2400], kv[2000], o[160];
	int64_t kf, ks;
	summary_int(s, t->total, "%s", key);
	summary_words(s, "%s", words);
	if ((!cf_uniform(mt) && !split_kinds(mt, &kf, &ks)) || padded_none(mt, &st->q.d)) {
		summary_explain(s, "layers differ: the per-layer walk of src/size/size.c, no closed form");
		return;
	}
	if (indexer_apart(mt)) {
		summary_explain(s, "an indexer cache beside the main one: no "
				   "closed form here (the memory scene checks "
				   "indexer_bytes by its formula)");
		return;
	}
	if (t->mark[FT_COMPUTE] == SIZE_ESTIMATED) {
		/* no tick on a sum whose compute part is an estimate */
		summary_explain(s, "not checked: its compute part is "
			       "estimated");
		return;
	}
	summary_input(s, "weights", (double)mt->weights_bytes, "%s (%s)",
		      model_field_origin(mt, MF_WEIGHTS_BYTES),
		      model_weights_word(mt));
	summary_input(s, "compute", (double)t->bytes[FT_COMPUTE],
		      "compute buffer at this -c, modelled by size_buffers (src/size/buffers.c, checked against llama.cpp "
		      "in tests/engine.sh)");
	summary_input(s, "vocab", (double)mt->vocab, "%s", cf_origin(mt, MF_VOCAB, o, sizeof o));
	summary_input(s, "recurrent", (double)t->bytes[FT_RECURRENT], "recurrent state, fixed whatever -c (the memory "
		      "scene checks recurrent_bytes by its formula)");
	kv_formula(s, mt, &st->q.d, t->n_ctx, kv, sizeof kv);
	/* llama-context.cpp output_reserve(n_seq_max): n_vocab F32 logits a sequence. */
	snprintf(f, sizeof f, "weights + %s + recurrent + compute + n_seq * vocab * 4", kv);
	summary_formula(s, 0, f);
}

/* max_ctx by hand: total(k x step) = fixed + k x step x per-step bytes while
 * the sliding layers' cells stay constant (their stream is past window +
 * ubatch) and compute does not grow (flash attention), so the largest k is
 * floor((budget - margin - fixed) / (step x bytes a token on the growing
 * layers)), at most the cap's. */
static void max_item(struct summary *s, const struct fi_state *st, const struct model *mt, const struct fit_row *r)
{
	char f[2400], o[160], cell_f[400], swa_f[400];
	int c = r->cache;
	int64_t kf, ks;
	int split = split_kinds(mt, &kf, &ks);
	summary_int(s, r->max_ctx, "max_ctx.%s", cname(c));
	summary_words(s, "the largest -c, a multiple of 256 x streams = %lld, whose total fits budget - margin with a %s "
		      "cache (0: even %lld does not)", (long long)r->step, cname(c), (long long)r->lo);
	if (r->refused) {
		summary_explain(s, "%s", r->why);
		return;
	}
	if (!r->max_ctx) {
		summary_explain(s, "nothing fits: total_bytes_at_max.%s is the total at %lld, above budget - margin",
				cname(c), (long long)r->lo);
		return;
	}
	int windowed = mt->sliding_window > 0 && !mt->swa_ignored && !st->q.d.swa_full;
	int64_t stream_lo = st->q.d.unified ? r->lo : r->lo / st->q.d.n_seq;
	int64_t want =
		windowed ? mt->sliding_window * (st->q.d.unified ? st->q.d.n_seq
								 : 1) +
				   size_ubatch(&st->q.d)
			 : 0;
	int grows = r->next.n_ctx && r->next.bytes[FT_COMPUTE] != r->at.bytes[FT_COMPUTE];
	if (indexer_apart(mt)) {
		summary_explain(s, "an indexer cache beside the main one: no "
				   "closed form here (the memory scene "
				   "checks indexer_bytes by its formula)");
		return;
	}
	if (r->at.mark[FT_COMPUTE] == SIZE_ESTIMATED) {
		/* the largest -c that fits an estimate is an estimate */
		summary_explain(s, "not checked: the compute buffer it leaves "
			       "room for is estimated");
		return;
	}
	if ((!cf_uniform(mt) && !split) || padded_none(mt, &st->q.d) || grows || (windowed && stream_lo < want) ||
	    (mt->sliding_window > 0 && !mt->swa_ignored && st->q.d.swa_full)) {
		summary_explain(s, "no closed form here (layers differ, the compute buffer grows with -c without flash "
				"attention, or sliding layers still grow): checked by total_bytes_at_max and next_total_bytes");
		return;
	}
	summary_input(s, "budget", (double)st->budget, "mem parameter x 2^30");
	summary_input(s, "margin", (double)st->margin, "margin parameter x 2^20");
	summary_input(s, "weights", (double)mt->weights_bytes, "%s (%s)",
		      model_field_origin(mt, MF_WEIGHTS_BYTES),
		      model_weights_word(mt));
	summary_input(s, "compute", (double)r->at.bytes[FT_COMPUTE], "compute buffer, modelled (src/size/buffers.c); the "
		      "same at max_ctx and the next step with flash attention");
	summary_input(s, "vocab", (double)mt->vocab, "%s", cf_origin(mt, MF_VOCAB, o, sizeof o));
	summary_input(s, "n_seq", (double)st->q.d.n_seq, "-np, sequences");
	summary_input(s, "step", (double)r->step, "256 x streams (llama-context.cpp pads n_ctx to 256 a stream)");
	summary_input(s, "cap", (double)r->cap, "%s", st->q.ctx_cap ? "ctx_max parameter" : "the trained context (ctx_train)");
	summary_input(s, "layers", (double)cf_cached_layers(mt), "%s", cf_layers_origin(mt, o, sizeof o));
	summary_input(s, "recurrent", (double)r->at.bytes[FT_RECURRENT], "recurrent state, fixed whatever -c (the memory "
		      "scene checks recurrent_bytes by its formula)");
	if (split) {   /* the full layers' cell grows, the sliding layers' stays */
		struct cf_cells cc;
		cf_in_cells(s, mt, kf, ks, NULL, NULL, st->q.d.flash_attn, &cc);
		snprintf(cell_f, sizeof cell_f, "%s", cc.full);
		snprintf(swa_f, sizeof swa_f, "%s", cc.swa);
	} else {
		snprintf(cell_f, sizeof cell_f, "%s", cf_in_cell(s, mt, mt->kv_heads, NULL, 0));
		snprintf(swa_f, sizeof swa_f, "%s", cell_f);
	}
	if (windowed) {
		if (mt->swa_pattern > 0)
			summary_input(s, "swa_pattern", (double)mt->swa_pattern, "%s", cf_origin(mt, MF_SWA_PATTERN, o, sizeof o));
		summary_input(s, "swa_cells", (double)(((want + 255) / 256) * 256),
			      "pad(window x %s + ubatch, 256): a sliding layer's cells a stream, constant here",
			      st->q.d.unified ? "n_seq" : "1");
		const char *G = cf_f_global(mt);
		snprintf(f, sizeof f,
			 "step * min(floor(cap / step), floor((budget - margin - weights - recurrent - compute - n_seq * vocab "
			 "* 4 - (layers - %s) * swa_cells * %s * %s) / (step * %s * %s)))",
			 G, st->q.d.unified ? "1" : "n_seq", swa_f, G, cell_f);
	} else {
		snprintf(f, sizeof f,
			 "step * min(floor(cap / step), floor((budget - margin - weights - recurrent - compute - n_seq * vocab "
			 "* 4) / (step * layers * %s)))",
			 cell_f);
	}
	summary_formula(s, 0, f);
}

static void fi_summary(const void *vs, struct summary *s)
{
	const struct fi_state *st = vs;
	summary_int(s, st->budget, "budget_bytes");
	summary_words(s, "the memory budget in bytes");
	summary_input(s, "mem", st->mem, "mem parameter, GiB");
	summary_formula(s, 0, "floor(mem * 2^30)");
	summary_int(s, st->m.weights_bytes, "weights_bytes");
	weights_explain(s, &st->m);
	for (int c = 0; c < FIT_NCACHE; c++) {
		const struct fit_row *r = &st->rows[c];
		struct model *mt = malloc(sizeof *mt);
		char key[64], words[200];
		if (!mt)
			return;
		*mt = st->m;
		mt->k_type = r->k_type;
		mt->v_type = r->v_type;
		max_item(s, st, mt, r);
		if (!r->refused) {
			snprintf(key, sizeof key, "total_bytes_at_max.%s", cname(c));
			snprintf(words, sizeof words, "weights + KV + recurrent + compute + output at -c %lld (%s), bytes",
				 (long long)r->at.n_ctx, r->max_ctx ? "max_ctx" : "the floor: nothing fits");
			total_item(s, st, mt, &r->at, key, words);
			if (r->max_ctx && r->next.n_ctx) {
				snprintf(key, sizeof key, "next_total_bytes.%s", cname(c));
				snprintf(words, sizeof words, "the total one step further, at -c %lld: above budget - margin = "
					 "%lld, so it does not fit", (long long)r->next.n_ctx, (long long)st->avail);
				total_item(s, st, mt, &r->next, key, words);
			}
		}
		free(mt);
	}
}

static void fi_print(const void *vs, FILE *out)
{
	const struct fi_state *st = vs;
	fprintf(out,
		"%s in %.2f GiB, %lld MiB kept free; weights %lld bytes (%s)\n",
		st->m.name, (double)st->budget / GIB,
		(long long)(st->margin >> 20), (long long)st->m.weights_bytes,
		model_weights_word(&st->m));
	for (int c = 0; c < FIT_NCACHE; c++) {
		const struct fit_row *r = &st->rows[c];
		if (r->refused)
			fprintf(out, "%-5s refused: %s\n", cname(c), r->why);
		else if (r->max_ctx)
			fprintf(out, "%-5s max_ctx %7lld  total %14lld bytes  %s\n", cname(c), (long long)r->max_ctx,
				(long long)r->at.total, r->flags);
		else
			fprintf(out, "%-5s does not fit even at %lld tokens: %lld bytes missing\n", cname(c), (long long)r->lo,
				(long long)r->missing);
	}
}

const struct scene_class scene_fit = {
	.id = "fit",
	.params = fi_params,
	.nparams = FI_NPARAMS,
	.state_size = sizeof(struct fi_state),
	.init = fi_init,
	.nsteps = fi_nsteps,
	.render = fi_render,
	.summary = fi_summary,
	.print = fi_print,
	/* fit searches -c and gives each cache type its own row */
	.unshown = DP_BIT(DP_CTX) | DP_BIT(DP_K_TYPE) | DP_BIT(DP_V_TYPE),
};
