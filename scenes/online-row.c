/*
 * online-row (lesson Ex. 3): m, s and the accumulator acc, key by key.  The
 * accumulator is drawn as an arrow in 2-D; when the max grows, the whole
 * arrow shrinks by exp(m_old - m_new) before the new value is added.
 *
 * Steps: 0 = no key; k = keys 0..k-1 consumed; n + 1 = divided by s.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "glyph.h"
#include "kern/attn_row.h"
#include "scene/scene.h"
#include "scenes/lib/common.h"

#define OR_MAX 64

struct or_state {
	int n;
	double score[OR_MAX];
	double value[OR_MAX][2];
	int k;
	struct attn_row row;
	double acc_hist[OR_MAX + 1][2];   /* acc after each key, for the arrow's trail */
	double ref[2];
	double out[2];                    /* acc / s now */
	double lim;                       /* the plot's half-range: every value and every acc of the run */
};

enum { OR_SCORES, OR_VALUES, OR_NPARAMS };
static const struct param_spec or_params[OR_NPARAMS + 1] = {
	[OR_SCORES] = {.name = "scores", .kind = PARAM_LIST, .min = -1e4, .max = 1e4, .max_count = OR_MAX,
		.help = "q·k/√d for each key"},
	[OR_VALUES] = {.name = "values", .kind = PARAM_VECS, .min = -1e4, .max = 1e4, .max_count = OR_MAX, .dim = 2,
		.help = "a 2-D value per key, x:y"},
	[OR_NPARAMS] = {0},
};

static int or_init(void *vs, const struct scene_env *env, char *err, size_t errlen)
{
	struct or_state *st = vs;
	int nv;
	const double *sc = params_list(env->p, OR_SCORES, &st->n);
	const double *vals = params_list(env->p, OR_VALUES, &nv);
	if (nv != st->n) {
		snprintf(err, errlen, "values: %d vectors for %d scores (one value per key)", nv, st->n);
		return -1;
	}
	memcpy(st->score, sc, sizeof(double) * (size_t)st->n);
	memcpy(st->value, vals, sizeof(double) * 2 * (size_t)st->n);
	attn_row_init(&st->row, 2);
	attn_row_reference(st->score, &st->value[0][0], (size_t)st->n, 2, st->ref);
	/* One scale for the whole run, so the plot does not jump between steps. */
	struct attn_row run;
	attn_row_init(&run, 2);
	st->lim = 1;
	for (int j = 0; j < st->n; j++) {
		attn_row_step(&run, st->score[j], st->value[j]);
		st->lim = fmax(st->lim, fmax(fabs(st->value[j][0]), fabs(st->value[j][1])));
		st->lim = fmax(st->lim, fmax(fabs(run.acc[0]), fabs(run.acc[1])));
	}
	return 0;
}

static int or_nsteps(const void *vs)
{
	return ((const struct or_state *)vs)->n + 1;
}

static void or_step(void *vs)
{
	struct or_state *st = vs;
	if (st->k < st->n) {
		attn_row_step(&st->row, st->score[st->k], st->value[st->k]);
		st->acc_hist[st->k][0] = st->row.acc[0];
		st->acc_hist[st->k][1] = st->row.acc[1];
	}
	st->k++;
	attn_row_output(&st->row, st->out);
}

/* The plot: the origin at cell (ox, oy), lim units to hw columns on each
 * side of it and to hh rows above and below.  Rounding is symmetric about
 * the origin, so (0, 1) is as far above the axis as (0, -1) is below. */
struct plot {
	int ox, oy, hw, hh;
	double lim;
};

static void plot_cell(const struct plot *p, double x, double y, int *cx, int *cy)
{
	*cx = p->ox + (int)lround(x / p->lim * p->hw);
	*cy = p->oy - (int)lround(y / p->lim * p->hh);
}

/* The cell before (*cx, *cy) on the line to it from the origin; the
 * origin's own cell stays. */
static void short_of(const struct plot *p, int *cx, int *cy)
{
	int dx = *cx - p->ox, dy = *cy - p->oy;
	int n = abs(dx) > abs(dy) ? abs(dx) : abs(dy);
	if (n < 2)
		return;
	*cx = p->ox + (int)lround((double)dx * (n - 1) / n);
	*cy = p->oy + (int)lround((double)dy * (n - 1) / n);
}

/* A tick step of 1, 2 or 5 times a power of ten with two to five ticks in lim. */
static double tick_step(double lim)
{
	double t = pow(10, floor(log10(lim)));
	static const double mult[] = {5, 2, 1, 0.5, 0.2};
	for (int i = 0; i < 5; i++)
		if (lim / (t * mult[i]) >= 2)
			return t * mult[i];
	return t * 0.1;
}

/* The arrow's tip: the compass direction of (x, y), east first. */
static uint32_t arrow_tip(double x, double y)
{
	static const uint32_t tip[8] = {GLYPH_ARROW_E, GLYPH_ARROW_NE, GLYPH_ARROW_N, GLYPH_ARROW_NW,
					GLYPH_ARROW_W, GLYPH_ARROW_SW, GLYPH_ARROW_S, GLYPH_ARROW_SE};
	if (x == 0 && y == 0)
		return GLYPH_DIAMOND;
	int sector = (int)lround(atan2(y, x) / (M_PI / 4));
	return tip[(sector + 8) % 8];
}

/* Text at (x, y) only where every cell is blank or an axis: a tick's value
 * whole, or not at all when a point sits there. */
static void label_free(struct canvas *c, int x, int y, const char *text)
{
	int len = utf8_width(text);
	if (x < 0 || x + len > c->w || y < 0 || y >= c->h)
		return;
	for (int i = 0; i < len; i++) {
		uint32_t ch = canvas_at(c, x + i, y)->ch;
		if (ch != ' ' && ch != GLYPH_HLINE && ch != GLYPH_VLINE)
			return;
	}
	canvas_text(c, x, y, ROLE_DIM, text);
}

/* Both axes with a tick every `step`, and the ticks' values beside them. */
static void draw_axes(struct canvas *c, const struct plot *p, double step)
{
	canvas_hline(c, p->ox - p->hw, p->oy, 2 * p->hw + 1, GLYPH_HLINE, ROLE_DIM);
	canvas_vline(c, p->ox, p->oy - p->hh, 2 * p->hh + 1, GLYPH_VLINE, ROLE_DIM);
	int nt = (int)floor(p->lim / step + 1e-9), cx, cy;
	for (int i = -nt; i <= nt; i++) {
		plot_cell(p, i * step, i * step, &cx, &cy);
		canvas_put(c, cx, p->oy, i ? GLYPH_TEE_UP : GLYPH_CROSS, ROLE_DIM);
		if (i)
			canvas_put(c, p->ox, cy, GLYPH_TEE_LEFT, ROLE_DIM);
	}
}

/* The ticks' values, after the points so that none is drawn over one. */
static void draw_tick_values(struct canvas *c, const struct plot *p, double step)
{
	int nt = (int)floor(p->lim / step + 1e-9), cx, cy;
	char buf[32];
	for (int i = -nt; i <= nt; i++) {
		if (!i)
			continue;
		plot_cell(p, i * step, i * step, &cx, &cy);
		snprintf(buf, sizeof buf, "%g", i * step);
		int len = (int)strlen(buf);
		label_free(c, cx - len / 2, p->oy + 1, buf);
		label_free(c, p->ox - len - 1, cy, buf);
	}
}

static void or_render(const void *vs, struct view *v)
{
	const struct or_state *st = vs;
	struct canvas *c = v->pic;
	int done = st->k > st->n, seen = st->k < st->n ? st->k : st->n;
	const double *out = st->out;

	/* Left: the keys, their scores and values; a long list scrolls with the current key. */
	canvas_text(c, 0, 0, ROLE_LABEL, "key  score  value");
	int rows = c->h - 1, first = 0;
	if (st->n > rows) {
		rows--;
		first = seen - rows / 2;
		first = first > st->n - rows ? st->n - rows : first;
		first = first < 0 ? 0 : first;
	}
	for (int j = first; j < st->n && j - first < rows; j++) {
		enum role r = j >= seen ? ROLE_DIM : (!done && j == seen - 1 ? ROLE_ACCENT : ROLE_NORMAL);
		char val[40];
		snprintf(val, sizeof val, "(%.3g, %.3g)", st->value[j][0], st->value[j][1]);
		canvas_printf(c, 0, j - first + 1, r, "%s%2d %6.2f  %s", r == ROLE_ACCENT ? "▸" : " ", j, st->score[j], val);
	}
	if (st->n > rows)
		canvas_printf(c, 0, c->h - 1, ROLE_DIM, "+%d more", st->n - rows);

	/* Right: the plane with the values (dots), acc (arrow) and acc/s (the output).
	 * Terminal cells are about twice as tall as wide: two columns a row. */
	int avail_w = c->w - 32, avail_h = c->h - 2;
	struct plot p = {.hh = (avail_h - 1) / 2, .hw = (avail_w - 1) / 2, .lim = st->lim};
	if (p.hw > 2 * p.hh)
		p.hw = 2 * p.hh;
	if (p.hw < 4 || p.hh < 2)
		return;
	p.ox = 30 + p.hw, p.oy = 1 + p.hh;
	double step = tick_step(p.lim);
	uint32_t tip = GLYPH_DIAMOND;
	canvas_text(c, 30, 0, ROLE_LABEL, "the x–y plane");
	draw_axes(c, &p, step);
	int ex, ey;
	const double *a = done ? out : st->row.acc;
	/* The arrow's line first, the values' points over it (key 3's (2, 0)
	 * once vanished under the line at step 6), then acc/s and the tip. */
	if (seen > 0) {
		plot_cell(&p, a[0], a[1], &ex, &ey);
		canvas_line(c, p.ox, p.oy, ex, ey, GLYPH_DOT, ROLE_ACCENT);
	}
	for (int j = 0; j < st->n; j++) {
		int vx, vy;
		plot_cell(&p, st->value[j][0], st->value[j][1], &vx, &vy);
		canvas_put(c, vx, vy, GLYPH_DISC, j < seen ? ROLE_BAR2 : ROLE_DIM);
	}
	int circle_under_tip = 0;
	if (seen > 0) {
		/* The tip on a value's dot would hide it (after key 1, acc is
		 * v1 itself): there it stops one cell short, pointing at it. */
		if (canvas_at(c, ex, ey)->ch == GLYPH_DISC)
			short_of(&p, &ex, &ey);
		/* acc/s lies on the arrow (s >= 1 shortens it): drawn over the line, under the tip. */
		if (!done) {
			int rx, ry;
			plot_cell(&p, out[0], out[1], &rx, &ry);
			canvas_put(c, rx, ry, GLYPH_CIRCLE, ROLE_OK);
			circle_under_tip = rx == ex && ry == ey;
		}
		tip = arrow_tip(a[0], a[1]);
		canvas_put(c, ex, ey, tip, ROLE_ACCENT);
	}
	draw_tick_values(c, &p, step);

	struct canvas *s = v->side;
	canvas_text(s, 0, 0, ROLE_LABEL, "state");
	if (seen == 0)
		canvas_text(s, 0, 1, ROLE_NORMAL, "m = −∞");
	else
		canvas_printf(s, 0, 1, ROLE_NORMAL, "m = %.6g", st->row.sm.m);
	canvas_printf(s, 0, 2, ROLE_NORMAL, "s = %.4f", st->row.sm.s);
	canvas_printf(s, 0, 3, ROLE_NORMAL, "acc.x = %.4f", st->row.acc[0]);
	canvas_printf(s, 0, 4, ROLE_NORMAL, "acc.y = %.4f", st->row.acc[1]);
	if (!done && st->row.sm.raised) {
		canvas_text(s, 0, 6, ROLE_HOT, "RESCALE acc and s");
		canvas_printf(s, 0, 7, ROLE_HOT, "× %.4f", st->row.sm.rescale);
	}
	if (done) {
		canvas_text(s, 0, 6, ROLE_LABEL, "streaming  reference");
		canvas_printf(s, 0, 7, ROLE_OK, "%9.6f  %9.6f", out[0], st->ref[0]);
		canvas_printf(s, 0, 8, ROLE_OK, "%9.6f  %9.6f", out[1], st->ref[1]);
	}
	/* The plot's legend: shapes, not only colours; the arrow's tip as drawn. */
	canvas_printf(s, 0, s->h - 4, ROLE_DIM, "axes: a tick every %g", step);
	canvas_text(s, 0, s->h - 3, ROLE_BAR2, "● a key's value v");
	if (seen > 0) {   /* no arrow before the first key */
		canvas_put(s, 0, s->h - 2, tip, ROLE_ACCENT);
		canvas_text(s, 2, s->h - 2, ROLE_ACCENT, done ? "the output acc/s" : "acc, an arrow from 0");
		if (!done)   /* s = 1: acc/s is acc, its ○ under the tip */
			canvas_text(s, 0, s->h - 1, ROLE_OK, circle_under_tip ? "○ acc/s: at the tip" : "○ acc/s so far");
	}

	if (st->k == 0)
		snprintf(v->narration, VIEW_NARRATION,
			 "Start: m = −∞, s = 0, acc = (0, 0). Each key adds w·v with w = exp(score − m); "
			 "when the max grows, acc and s shrink by the same factor. Division by s waits for the end.");
	else if (done)
		snprintf(v->narration, VIEW_NARRATION,
			 "After the last key, acc / s = (%.6f, %.6f); the reference that computed all %d "
			 "probabilities first gives (%.6f, %.6f). The loop never held more than one score.",
			 out[0], out[1], st->n, st->ref[0], st->ref[1]);
	else if (st->k == 1)   /* the first key: no max before it to keep or raise */
		snprintf(v->narration, VIEW_NARRATION,
			 "Key 0 (score %.6g) starts the row: m = %.6g, and (%g, %g) goes in with weight exp(0) = 1: "
			 "acc = (%.4f, %.4f), s = %.4f.",
			 st->score[0], st->row.sm.m, st->value[0][0], st->value[0][1], st->row.acc[0], st->row.acc[1],
			 st->row.sm.s);
	else if (st->row.sm.raised)
		snprintf(v->narration, VIEW_NARRATION,
			 "Key %d (score %.6g) raises the max to %.6g: acc and s are multiplied by %.4f, then "
			 "(%g, %g) is added with weight 1: acc = (%.4f, %.4f), s = %.4f.",
			 st->k - 1, st->score[st->k - 1], st->row.sm.m, st->row.sm.rescale,
			 st->value[st->k - 1][0], st->value[st->k - 1][1], st->row.acc[0], st->row.acc[1], st->row.sm.s);
	else
		snprintf(v->narration, VIEW_NARRATION,
			 "Key %d (score %.6g) keeps the max %.6g: (%g, %g) is added with weight exp(%.6g − %.6g) = %.4f: "
			 "acc = (%.4f, %.4f), s = %.4f.",
			 st->k - 1, st->score[st->k - 1], st->row.sm.m, st->value[st->k - 1][0], st->value[st->k - 1][1],
			 st->score[st->k - 1], st->row.sm.m, st->row.w, st->row.acc[0], st->row.acc[1], st->row.sm.s);
}

/* The state after keys 0..j from its invariant, computed afresh: m the max
 * of the scores, s = sum exp(score - m), acc = sum exp(score - m) v. */
static void prefix_state(const struct or_state *st, int j, double *m, double *sum, double acc[2])
{
	*m = -INFINITY;
	for (int i = 0; i <= j; i++)
		*m = fmax(*m, st->score[i]);
	*sum = acc[0] = acc[1] = 0;
	for (int i = 0; i <= j; i++) {
		double w = exp(st->score[i] - *m);
		*sum += w;
		acc[0] += w * st->value[i][0];
		acc[1] += w * st->value[i][1];
	}
}

/* The scores 0..upto, and with c >= 0 component c of their values, as the
 * inputs of an item: they are the parameters. */
static void or_in_keys(struct summary *s, const struct or_state *st, int upto, int c)
{
	char name[24];
	for (int j = 0; j <= upto; j++) {
		snprintf(name, sizeof name, "score_%d", j);
		summary_input(s, name, st->score[j], "parameter scores, key %d%s", j,
			      j == 0 ? " (the lesson's Example 3 unless set)" : "");
	}
	for (int j = 0; c >= 0 && j <= upto; j++) {
		snprintf(name, sizeof name, "v_%d", j);
		summary_input(s, name, st->value[j][c], "parameter values, key %d, component %d", j, c);
	}
}

static void or_summary(const void *vs, struct summary *s)
{
	const struct or_state *st = vs;
	double out[2];
	attn_row_output(&st->row, out);
	for (int c = 0; c < 2; c++) {
		summary_check_real(s, HOW_REFERENCE, out[c], st->ref[c], 1e-12, "out.%d", c);
		summary_words(s, "component %d of the streamed output: acc / s after the last key", c);
		or_in_keys(s, st, st->n - 1, c);
		summary_explain(s, "second way: the reference, full softmax first, then sum_j p_j v_j");
	}
	for (int c = 0; c < 2; c++) {
		summary_real(s, st->ref[c], "ref.%d", c);
		summary_words(s, "component %d of the reference output: sum_j exp(score_j - max) / sum * v_j", c);
		or_in_keys(s, st, st->n - 1, c);
		summary_explain(s, "this is the second way for out.%d", c);
	}
	/* Replay the stepper for the per-key table, each state against its invariant. */
	struct attn_row row;
	attn_row_init(&row, 2);
	for (int j = 0; j < st->n; j++) {
		double m, sum, acc[2];
		attn_row_step(&row, st->score[j], st->value[j]);
		prefix_state(st, j, &m, &sum, acc);
		summary_check_real(s, HOW_REFERENCE, row.sm.m, m, 0, "m.%d", j);
		summary_words(s, "the running max after key %d: max(m_old, score_%d)%s", j, j,
			      row.sm.raised ? ": raised, so s and acc shrink by exp(m_old - m)" : "");
		or_in_keys(s, st, j, -1);
		summary_explain(s, "second way: the max of scores 0..%d taken afresh", j);
		summary_check_real(s, HOW_REFERENCE, row.sm.s, sum, 1e-12 * sum, "s.%d", j);
		summary_words(s, "the running sum after key %d: s = s_old * exp(m_old - m) + exp(score_%d - m)", j, j);
		or_in_keys(s, st, j, -1);
		summary_explain(s, "second way: sum over keys 0..%d of exp(score - m), summed afresh", j);
		for (int c = 0; c < 2; c++) {
			summary_check_real(s, HOW_REFERENCE, row.acc[c], acc[c], 1e-12 * (1 + fabs(acc[c])), "acc.%d.%d", j, c);
			summary_words(s, "the accumulator after key %d, component %d: acc = acc_old * exp(m_old - m) + "
				      "exp(score_%d - m) * v_%d", j, c, j, j);
			or_in_keys(s, st, j, c);
			summary_explain(s, "second way: sum over keys 0..%d of exp(score - m) * v, summed afresh", j);
		}
	}
}

static void or_print(const void *vs, FILE *out)
{
	const struct or_state *st = vs;
	struct attn_row row;
	double o[2];
	attn_row_init(&row, 2);
	for (int j = 0; j < st->n; j++) {
		attn_row_step(&row, st->score[j], st->value[j]);
		fprintf(out, "key %d: m=%.1f s=%.4f acc=(%.4f, %.4f)\n", j, row.sm.m, row.sm.s, row.acc[0], row.acc[1]);
	}
	attn_row_output(&row, o);
	fprintf(out, "streaming output  (%.6f, %.6f)\n", o[0], o[1]);
	fprintf(out, "reference output  (%.6f, %.6f)\n", st->ref[0], st->ref[1]);
}

const struct scene_class scene_online_row = {
	.id = "online-row",
	.params = or_params,
	.nparams = OR_NPARAMS,
	.state_size = sizeof(struct or_state),
	.init = or_init,
	.nsteps = or_nsteps,
	.step = or_step,
	.render = or_render,
	.summary = or_summary,
	.print = or_print,
};
