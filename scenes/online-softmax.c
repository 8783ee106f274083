/*
 * online-softmax (lesson Ex. 2): a running max and a running sum, one score
 * at a time, with the rescale factor exp(m_old - m_new) shown when it fires.
 *
 * Steps: 0 = nothing seen; k = x[0..k-1] seen; n + 1 = normalised;
 * n + 2 = the overflow moment: the same row with one score of 1000, summed
 * once without the running max (exp(1000) is inf in a double) and once with.
 */
#include <math.h>
#include <string.h>

#include "glyph.h"
#include "kern/softmax.h"
#include "scene/scene.h"
#include "scenes/lib/common.h"

#define OS_MAX 64
#define OS_BIG 1000.0   /* the lesson's exp(1000): past a double's largest exp, about 709.78 */

struct os_state {
	int n;
	double x[OS_MAX];
	int k;                        /* steps taken */
	struct online_softmax on;
	double m_prev, s_prev;        /* before the last step, for the narration */
	double added;                 /* exp(x - m) that the last step added */
	double shown[OS_MAX];         /* per score: exp(x - m) while streaming, p once normalised */
	double max2, sum2;            /* two-pass reference */
	double lo, hi;                /* the bars' scale: min(x, 0) .. max(x, 0) */
	/* the overflow moment: the row with OS_BIG appended */
	double big_exp;               /* exp(1000): inf */
	double naive_sum;             /* sum of exp(x) with no max subtracted: inf */
	double naive_p;               /* inf / inf: nan */
	double big_m, big_s;          /* the running max and sum on the same row */
	double big_p;                 /* p of the score OS_BIG, with the running max */
};

enum { OS_X, OS_NPARAMS };
static const struct param_spec os_params[OS_NPARAMS + 1] = {
	[OS_X] = {.name = "x", .kind = PARAM_LIST, .min = -1e4, .max = 1e4, .max_count = OS_MAX - 1,
		.help = "the scores, comma-separated"},
	[OS_NPARAMS] = {0},
};

static int os_init(void *vs, const struct scene_env *env, char *err, size_t errlen)
{
	struct os_state *st = vs;
	(void)err, (void)errlen;
	const double *x = params_list(env->p, OS_X, &st->n);
	memcpy(st->x, x, sizeof(double) * (size_t)st->n);
	online_softmax_init(&st->on);
	softmax_two_pass(st->x, (size_t)st->n, &st->max2, &st->sum2);
	st->lo = st->hi = st->x[0];
	for (int i = 0; i < st->n; i++)
		st->lo = fmin(st->lo, st->x[i]), st->hi = fmax(st->hi, st->x[i]);
	st->lo = fmin(st->lo, 0);
	st->hi = fmax(st->hi, 0);
	/* The overflow moment, computed both ways on the row plus one score of 1000. */
	double row[OS_MAX];
	memcpy(row, st->x, sizeof(double) * (size_t)st->n);
	row[st->n] = OS_BIG;
	st->naive_sum = 0;
	for (int i = 0; i <= st->n; i++)
		st->naive_sum += exp(row[i]);
	st->big_exp = exp(OS_BIG);
	st->naive_p = st->big_exp / st->naive_sum;
	struct online_softmax big;
	online_softmax_run(&big, row, (size_t)st->n + 1);
	st->big_m = big.m;
	st->big_s = big.s;
	st->big_p = online_softmax_p(&big, OS_BIG);
	return 0;
}

static int os_nsteps(const void *vs)
{
	return ((const struct os_state *)vs)->n + 2;
}

static void os_step(void *vs)
{
	struct os_state *st = vs;
	if (st->k < st->n) {
		st->m_prev = st->on.m;
		st->s_prev = st->on.s;
		online_softmax_step(&st->on, st->x[st->k]);
		st->added = exp(st->x[st->k] - st->on.m);
	}
	st->k++;
	int seen = st->k < st->n ? st->k : st->n;
	for (int i = 0; i < seen; i++)
		st->shown[i] = st->k > st->n ? online_softmax_p(&st->on, st->x[i]) : exp(st->x[i] - st->on.m);
}

/* The first score row shown when only `rows` fit: the current score (or,
 * once all are seen, the max) stays in view. */
static int os_first_row(const struct os_state *st, int rows)
{
	if (st->n <= rows)
		return 0;
	int focus = st->k >= 1 && st->k <= st->n ? st->k - 1 : 0;
	if (st->k > st->n)
		for (int i = 0; i < st->n; i++)
			if (st->x[i] == st->on.m) {
				focus = i;
				break;
			}
	int first = focus - rows / 2;
	if (first > st->n - rows)
		first = st->n - rows;
	return first < 0 ? 0 : first;
}

static void os_render_overflow(const struct os_state *st, struct view *v)
{
	struct canvas *c = v->pic;
	canvas_text(c, 0, 0, ROLE_LABEL, "the same row with one more score, x = 1000");
	canvas_text(c, 0, 2, ROLE_LABEL, "without the running max");
	char a[32], b[32], p[32];
	snprintf(a, sizeof a, "%g", st->big_exp);
	snprintf(b, sizeof b, "%g", st->naive_sum);
	snprintf(p, sizeof p, "%g", fabs(st->naive_p));   /* nan without the sign bit's "-" */
	canvas_printf(c, 2, 3, ROLE_FAIL, "✗ exp(1000) = %s", a);
	canvas_printf(c, 2, 4, ROLE_FAIL, "✗ sum exp(x) = %s", b);
	canvas_printf(c, 2, 5, ROLE_FAIL, "✗ p(1000) = exp(1000) / sum = %s", p);
	canvas_text(c, 0, 7, ROLE_LABEL, "with the running max m");
	canvas_printf(c, 2, 8, ROLE_OK, "✓ m = %g", st->big_m);
	canvas_printf(c, 2, 9, ROLE_OK, "✓ s = sum exp(x − m) = %.6f", st->big_s);
	canvas_printf(c, 2, 10, ROLE_OK, "✓ p(1000) = exp(0) / s = %.6f", st->big_p);
	struct canvas *s = v->side;
	canvas_text(s, 0, 0, ROLE_LABEL, "why");
	canvas_wrap(s, 0, 1, s->w, s->h - 1, ROLE_NORMAL,
		    "A double holds exp(x) only up to x ≈ 709.78. Subtracting m first makes every term ≤ 1.");
	snprintf(v->narration, VIEW_NARRATION,
		 "Add a score of 1000 and sum exp(x) directly: exp(1000) overflows, the sum is inf, and p(1000) = "
		 "inf/inf = nan (the other p are 0). With the running max each term exp(x − m) ≤ 1: s = %.6f, "
		 "p(1000) = %.6f.",
		 st->big_s, st->big_p);
}

/* The bars' geometry: a bar runs from 0 to x, its length x * unit cells.
 * With no negative score 0 is the left end (as before); with one, a column
 * of dots at `zero` is the axis, negative bars grow left of it, positive
 * ones right of it, on the same unit, so -1 is as long as +1. */
struct os_axis {
	int neg;        /* a score below 0: the axis column is drawn */
	int zero;       /* the axis column (neg), or bar_x */
	double unit;    /* cells per unit of x */
};

static struct os_axis os_axis(const struct os_state *st, int bar_x, int bar_w)
{
	struct os_axis a = {.neg = st->lo < 0, .zero = bar_x};
	double span = st->hi > st->lo ? st->hi - st->lo : 1;
	a.unit = (bar_w - a.neg) / span;
	if (a.neg)
		a.zero = bar_x + (int)lround(-st->lo * a.unit);
	return a;
}

/* Score x's bar on row y: eighths to the right of 0, whole cells to the
 * left (no left-growing partial blocks), light shade for one not seen yet. */
static void os_bar(struct canvas *c, const struct os_axis *a, int y, double x, int seen, enum role r)
{
	int from = a->zero + a->neg;   /* the first cell right of the axis */
	if (x < 0) {
		int len = (int)lround(-x * a->unit);
		canvas_hline(c, a->zero - len, y, len, seen ? GLYPH_FULL : GLYPH_LIGHT, seen ? r : ROLE_DIM);
	} else if (seen) {
		double cells = x * a->unit;
		canvas_bar(c, from, y, (int)ceil(cells), cells > 0 ? cells / ceil(cells) : 0, r);
	} else
		canvas_hline(c, from, y, (int)(x * a->unit + 0.5), GLYPH_LIGHT, ROLE_DIM);
}

static void os_render(const void *vs, struct view *v)
{
	const struct os_state *st = vs;
	if (st->k > st->n + 1) {
		os_render_overflow(st, v);
		return;
	}
	struct canvas *c = v->pic;
	int done = st->k > st->n;
	int seen = st->k < st->n ? st->k : st->n;
	double lo = st->lo, hi = st->hi;
	int bar_x = 15, val_w = 12, bar_w = c->w - bar_x - val_w;
	if (bar_w < 8)
		bar_w = 8;
	canvas_text(c, 0, 0, ROLE_LABEL, "score");
	struct os_axis ax = os_axis(st, bar_x, bar_w);
	if (ax.neg)
		canvas_text(c, bar_x, 0, ROLE_LABEL, bar_w >= 20 ? "bar from 0 at ·, │ m" : "0 at ·, │=m");
	else
		canvas_text(c, bar_x, 0, ROLE_LABEL,
			    bar_w >= 21   ? "x as a bar, │ marks m"
			    : bar_w >= 14 ? "bar x, │ at m"
					  : "x, │=m");
	canvas_text(c, bar_x + bar_w + 1, 0, ROLE_LABEL, done ? "p=e^(x−m)/s" : "exp(x − m)");
	int rows = c->h - 1, first = 0;
	if (st->n > rows) {
		rows--;   /* the last row says what is out of view */
		first = os_first_row(st, rows);
	}
	for (int i = first; i < st->n && i - first < rows; i++) {
		int y = i - first + 1;
		int current = !done && i == seen - 1;
		enum role r = i < seen ? (current ? ROLE_ACCENT : ROLE_BAR) : ROLE_DIM;
		canvas_printf(c, 0, y, current ? ROLE_ACCENT : ROLE_NORMAL, "%sx[%d] %7.2f", current ? "▸" : " ", i,
			      st->x[i]);
		if (ax.neg) {
			canvas_put(c, ax.zero, y, GLYPH_DOT, ROLE_DIM);
			os_bar(c, &ax, y, st->x[i], i < seen, r);
		} else {
			double frac = hi > lo ? (st->x[i] - lo) / (hi - lo) : 1;
			if (i < seen)
				canvas_bar(c, bar_x, y, bar_w, frac, r);
			else
				canvas_hline(c, bar_x, y, (int)(frac * bar_w + 0.5), GLYPH_LIGHT, ROLE_DIM);
		}
		/* m's mark: where the bar of a score equal to m ends */
		int mx = ax.neg ? ax.zero + (int)lround(st->on.m * ax.unit)
				: bar_x + (int)((st->on.m - lo) / (hi > lo ? hi - lo : 1) * (bar_w - 1) + 0.5);
		if (seen > 0)
			canvas_put(c, mx, y, GLYPH_VLINE, ROLE_ACCENT);
		if (i < seen)
			canvas_printf(c, bar_x + bar_w + 1, y, r, "%.6f", st->shown[i]);
	}
	if (st->n > rows)
		canvas_printf(c, 0, c->h - 1, ROLE_DIM, "+%d more (%d above, %d below)", st->n - rows, first,
			      st->n - first - rows);
	/* The state pane: the two numbers the loop carries, and the factor. */
	struct canvas *s = v->side;
	canvas_text(s, 0, 0, ROLE_LABEL, "state");
	if (seen == 0)
		canvas_text(s, 0, 1, ROLE_NORMAL, "m = −∞");
	else
		canvas_printf(s, 0, 1, ROLE_NORMAL, "m = %.6g", st->on.m);
	canvas_printf(s, 0, 2, ROLE_NORMAL, "s = %.6f", st->on.s);
	canvas_printf(s, 0, 3, ROLE_DIM, "seen %d of %d", seen, st->n);
	if (!done && st->on.raised) {
		canvas_text(s, 0, 5, ROLE_HOT, "RESCALE");
		/* the maxes whole (%.3g once showed 123.25 as 123), or the rule alone */
		if (!canvas_printf_whole(s, 0, 6, ROLE_HOT, "× exp(%.6g − %.6g)", st->m_prev, st->on.m))
			canvas_text(s, 0, 6, ROLE_HOT, "× exp(m_old − m_new)");
		canvas_printf(s, 0, 7, ROLE_HOT, "= %.6f", st->on.rescale);
	}
	if (done) {
		canvas_text(s, 0, 5, ROLE_LABEL, "two-pass");
		canvas_printf(s, 0, 6, ROLE_NORMAL, "max %.6g", st->max2);
		canvas_printf(s, 0, 7, ROLE_NORMAL, "sum %.6f", st->sum2);
	}

	if (st->k == 0)
		snprintf(v->narration, VIEW_NARRATION,
			 "Start: m = −∞ and s = 0. Each step feeds one score; when it raises the max, "
			 "the old sum is rescaled by exp(m_old − m_new) so that s stays the sum of exp(x − m).");
	else if (done)
		snprintf(v->narration, VIEW_NARRATION,
			 "One pass gives m = %.6g and s = %.6f; the two-pass method finds max %.6g, then sum %.6f. "
			 "Each p = exp(x − m) / s is the same both ways.", st->on.m, st->on.s, st->max2, st->sum2);
	else if (st->k == 1)
		snprintf(v->narration, VIEW_NARRATION, "x[0] = %.6g starts the row: m = %.6g, s = exp(0) = 1.",
			 st->x[0], st->on.m);
	else if (st->on.raised)
		snprintf(v->narration, VIEW_NARRATION,
			 "x[%d] = %.6g raises the max from %.6g to %.6g: the old sum %.6f is multiplied by "
			 "exp(%.6g − %.6g) = %.6f, then exp(0) = 1 is added: s = %.6f.",
			 st->k - 1, st->x[st->k - 1], st->m_prev, st->on.m, st->s_prev, st->m_prev, st->on.m,
			 st->on.rescale, st->on.s);
	else
		snprintf(v->narration, VIEW_NARRATION,
			 "x[%d] = %.6g does not raise the max %.6g: add exp(%.6g − %.6g) = %.6f, s = %.6f.",
			 st->k - 1, st->x[st->k - 1], st->on.m, st->x[st->k - 1], st->on.m, st->added, st->on.s);
}

/* The scores x[0..upto] as the inputs of an item: they are the parameter. */
static void os_in_x(struct summary *s, const struct os_state *st, int upto)
{
	for (int j = 0; j <= upto; j++) {
		char name[24];
		snprintf(name, sizeof name, "x_%d", j);
		summary_input(s, name, st->x[j], "parameter x, score %d%s", j,
			      j == 0 ? " (the lesson's Example 2: 1, 3, 2, 5, 0.5, 4, unless set)" : "");
	}
}

static void os_summary(const void *vs, struct summary *s)
{
	const struct os_state *st = vs;
	struct online_softmax on;
	online_softmax_init(&on);
	/* The one-pass kernel against the two-pass reference: max first, then the sum. */
	summary_check_real(s, HOW_REFERENCE, st->on.m, st->max2, 0, "max");
	summary_words(s, "the running max after all %d scores: m = max(m, x_j), one score at a time", st->n);
	os_in_x(s, st, st->n - 1);
	summary_explain(s, "second way: the two-pass method's first pass, max_j x_j over the whole row");
	summary_real(s, st->sum2, "sum_two_pass");
	summary_words(s, "the two-pass method's second pass: sum_j exp(x_j - max), with the first pass's max");
	os_in_x(s, st, st->n - 1);
	summary_explain(s, "this is the reference the one-pass sum is checked against");
	summary_check_real(s, HOW_REFERENCE, st->on.s, st->sum2, 1e-12 * st->sum2, "sum_one_pass");
	summary_words(s, "the running sum: s = s * exp(m_old - m_new) + exp(x_j - m_new) for each score; it ends as "
		      "sum_j exp(x_j - m)");
	os_in_x(s, st, st->n - 1);
	summary_explain(s, "second way: the two-pass sum, sum_two_pass");
	for (int i = 0; i < st->n; i++) {
		double pm, ps;
		online_softmax_step(&on, st->x[i]);
		/* The invariant, computed from scratch on the prefix x[0..i]. */
		softmax_two_pass(st->x, (size_t)i + 1, &pm, &ps);
		summary_check_real(s, HOW_REFERENCE, on.m, pm, 0, "m.%d", i);
		summary_words(s, "the running max after x[%d]: m = max(m_old, x_%d)%s", i, i,
			      on.raised ? " (raised: the sum is rescaled)" : "");
		os_in_x(s, st, i);
		summary_explain(s, "second way: max of x[0..%d] taken afresh", i);
		summary_check_real(s, HOW_REFERENCE, on.s, ps, 1e-12 * ps, "s.%d", i);
		summary_words(s, "the running sum after x[%d]: s = s_old * exp(m_old - m) + exp(x_%d - m)", i, i);
		os_in_x(s, st, i);
		summary_explain(s, "second way: the invariant, sum over j <= %d of exp(x_j - max of x[0..%d]), summed afresh", i, i);
	}
	for (int i = 0; i < st->n; i++) {
		double p = online_softmax_p(&st->on, st->x[i]);
		summary_check_real(s, HOW_REFERENCE, p, exp(st->x[i] - st->max2) / st->sum2, 1e-12, "p.%d", i);
		summary_words(s, "the probability of score %d: p = exp(x_%d - m) / s with the one-pass m and s", i, i);
		os_in_x(s, st, st->n - 1);
		summary_explain(s, "second way: exp(x_%d - max) / sum with the two-pass max and sum", i);
	}
}

static void os_print(const void *vs, FILE *out)
{
	const struct os_state *st = vs;
	struct online_softmax on;
	online_softmax_init(&on);
	fprintf(out, "two-pass: max %.1f, sum %.6f\n", st->max2, st->sum2);
	for (int i = 0; i < st->n; i++) {
		online_softmax_step(&on, st->x[i]);
		fprintf(out, "step %d: x=%.1f  m=%.1f  s=%.6f\n", i, st->x[i], on.m, on.s);
	}
	for (int i = 0; i < st->n; i++)
		fprintf(out, "p[%d]  two-pass %.6f  one-pass %.6f\n", i, exp(st->x[i] - st->max2) / st->sum2,
			online_softmax_p(&on, st->x[i]));
	double big = exp(1000.0);
	fprintf(out, "exp(1000) without subtracting the max: %s\n", isinf(big) ? "Infinity" : "finite");
}

const struct scene_class scene_online_softmax = {
	.id = "online-softmax",
	.params = os_params,
	.nparams = OS_NPARAMS,
	.state_size = sizeof(struct os_state),
	.init = os_init,
	.nsteps = os_nsteps,
	.step = os_step,
	.render = os_render,
	.summary = os_summary,
	.print = os_print,
};
