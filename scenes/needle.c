/*
 * needle (lesson Ex. 17): the length × depth grid filling cell by cell.
 * Each cell builds the prompt and asks the fake model, which only finds a
 * needle within `window` words of the end or in the first `head` words.
 *
 * A step is a point of the lesson, not a cell: the lengths whose whole
 * prompt fits the window (every cell found) in one step, then each longer
 * length (what it misses and why), then the pattern the grid shows.  The
 * cells of a step fill one by one as animation between the steps.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "glyph.h"
#include "kern/needle.h"
#include "scene/scene.h"
#include "scenes/lib/common.h"

#define ND_MAX 16
/* frames a cell takes to fill between steps (SCENE_FRAME_MS each) */
#define ND_CELL_FRAMES 4

/* What a step is about; each narrated by its own sentences. */
enum nd_stop_kind {
	ND_ASK,       /* step 0: the question, the grid empty */
	ND_FITS,      /* the lengths whose whole prompt the window holds */
	ND_ROW,       /* one longer length: what it misses, and why */
	ND_PATTERN,   /* the grid read as a whole */
};

struct nd_stop {
	enum nd_stop_kind kind;
	int upto;     /* cells filled at the step's end, row by row */
	int row;      /* the last row it fills */
};

struct nd_state {
	int nl, nd, window, head;
	int lengths[ND_MAX], depths[ND_MAX];
	int found[ND_MAX][ND_MAX];
	int at[ND_MAX][ND_MAX];        /* where the needle sits */
	int row_ok[ND_MAX];            /* cells found in each length's row */
	int nstops;
	struct nd_stop stops[ND_MAX + 2];
};

/* "st", "nd", "rd" or "th" after n: the 3001st word from the end. */
static const char *ordinal(int n)
{
	int t = n % 100, u = n % 10;
	return t >= 11 && t <= 13 ? "th" : u == 1 ? "st" : u == 2 ? "nd" : u == 3 ? "rd" : "th";
}

static const char *words_s(long n)
{
	return n == 1 ? "word" : "words";
}

enum { ND_LENGTHS, ND_DEPTHS, ND_WINDOW, ND_HEAD, ND_NPARAMS };
static const struct param_spec nd_params[ND_NPARAMS + 1] = {
	[ND_LENGTHS] = {.name = "lengths", .kind = PARAM_INTS, .min = 1, .max = 1000000, .max_count = ND_MAX,
		.help = "prompt lengths in words"},
	[ND_DEPTHS] = {.name = "depths", .kind = PARAM_INTS, .min = 0, .max = 100, .max_count = ND_MAX,
		.help = "needle depths in percent"},
	[ND_WINDOW] = {.name = "window", .kind = PARAM_INT, .min = 0, .max = 10000000,
		.help = "fake model: words it sees from the end"},
	[ND_HEAD] = {.name = "head", .kind = PARAM_INT, .min = 0, .max = 10000000,
		.help = "fake model: words it sees from the start"},
	[ND_NPARAMS] = {0},
};

static int nd_init(void *vs, const struct scene_env *env, char *err, size_t errlen)
{
	struct nd_state *st = vs;
	const double *l = params_list(env->p, ND_LENGTHS, &st->nl), *d = params_list(env->p, ND_DEPTHS, &st->nd);
	int maxlen = 0;
	st->window = (int)params_int(env->p, ND_WINDOW);
	st->head = (int)params_int(env->p, ND_HEAD);
	for (int i = 0; i < st->nl; i++)
		st->lengths[i] = (int)l[i], maxlen = st->lengths[i] > maxlen ? st->lengths[i] : maxlen;
	for (int j = 0; j < st->nd; j++)
		st->depths[j] = (int)d[j];
	int *words = malloc(sizeof(int) * ((size_t)maxlen + 1));
	if (!words) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (int i = 0; i < st->nl; i++)
		for (int j = 0; j < st->nd; j++) {
			int n = needle_prompt(words, st->lengths[i], st->depths[j]);
			st->found[i][j] = needle_fake_model(words, n, st->window, st->head);
			for (int w = 0; w < n; w++)
				if (words[w] == NEEDLE_WORD)
					st->at[i][j] = w;
		}
	free(words);
	for (int i = 0; i < st->nl; i++)
		for (int j = 0; j < st->nd; j++)
			st->row_ok[i] += st->found[i][j];
	/* The steps: the question; the leading lengths whose whole prompt
	 * (the filler and the needle) lies within the window, together;
	 * each length after them; the grid read as a whole. */
	int fits = 0;
	while (fits < st->nl && st->lengths[fits] + 1 <= st->window)
		fits++;
	st->stops[st->nstops++] = (struct nd_stop){ND_ASK, 0, -1};
	if (fits > 0)
		st->stops[st->nstops++] =
		    (struct nd_stop){ND_FITS, fits * st->nd, fits - 1};
	for (int i = fits; i < st->nl; i++)
		st->stops[st->nstops++] =
		    (struct nd_stop){ND_ROW, (i + 1) * st->nd, i};
	st->stops[st->nstops++] =
	    (struct nd_stop){ND_PATTERN, st->nl * st->nd, st->nl - 1};
	return 0;
}

static int nd_nsteps(const void *vs)
{
	const struct nd_state *st = vs;
	return st->nstops - 1;
}

/* The cells the step's stop adds fill one by one between the steps. */
static int nd_tween(const void *vs, int k)
{
	const struct nd_state *st = vs;
	if (k < 1 || k >= st->nstops)
		return 0;
	return (st->stops[k].upto - st->stops[k - 1].upto) * ND_CELL_FRAMES;
}

/* How a found needle was found: 1 among the first head words, 2 within
 * window words of the end, 0 missed. */
static int nd_how(const struct nd_state *st, int i, int j)
{
	if (!st->found[i][j])
		return 0;
	return st->at[i][j] < st->head ? 1 : 2;
}

/* The depths of row i found (how = 1 or 2) or missed (0) as words: "25%",
 * "25% and 50%", "0%, 25% and 50%", or "10% to 60% (6 depths)" past
 * three; the count. */
static int nd_depths(const struct nd_state *st, int i, int how, char *out,
		     size_t len)
{
	int list[ND_MAX], n = 0;
	for (int j = 0; j < st->nd; j++)
		if (nd_how(st, i, j) == how)
			list[n++] = j;
	out[0] = 0;
	if (n > 3) {
		snprintf(out, len, "%d%% to %d%% (%d depths)",
			 st->depths[list[0]], st->depths[list[n - 1]], n);
		return n;
	}
	size_t used = 0;
	for (int k = 0; k < n && used < len; k++)
		used += (size_t)snprintf(out + used, len - used, "%s%d%%",
					 k == 0       ? ""
					 : k == n - 1 ? " and "
						      : ", ",
					 st->depths[list[k]]);
	return n;
}

/* The cell a stop's strip shows: a row's miss nearest the end (where the
 * window stops), else its middle depth. */
static int nd_focus(const struct nd_state *st, int i)
{
	for (int j = st->nd - 1; j >= 0; j--)
		if (!st->found[i][j])
			return j;
	return st->nd / 2;
}

/* Row i's narration: what is new at this length, the miss nearest the end
 * and why, and what is still found and why. */
static void nd_row_words(const struct nd_state *st, int i, char *out,
			 size_t len)
{
	char miss[64], head[64], end[64], a[200], b[200] = "", c[400] = "";
	int nm = nd_depths(st, i, 0, miss, sizeof miss);
	int nh = nd_depths(st, i, 1, head, sizeof head);
	int ne = nd_depths(st, i, 2, end, sizeof end);
	int prev = i > 0 ? st->nd - st->row_ok[i - 1] : 0;
	int L = st->lengths[i];
	if (nm == 0)
		snprintf(a, sizeof a, "At %d %s every depth is %sfound.", L,
			 words_s(L), i > 0 ? "still " : "");
	else if (nh <= 1 && ne <= 1 && nh + ne > 0 && prev > 0)
		snprintf(a, sizeof a, "At %d %s only %s %s found.", L,
			 words_s(L),
			 nh && ne ? "the start and the end"
			 : nh     ? "the start"
				  : "the end",
			 nh + ne == 1 ? "is" : "are");
	else if (prev == 0)
		snprintf(a, sizeof a, "At %d %s the first miss%s: %s.", L,
			 words_s(L), nm == 1 ? "" : "es", miss);
	else if (nm > prev)
		snprintf(a, sizeof a, "At %d %s the misses spread to %s.", L,
			 words_s(L), miss);
	else
		snprintf(a, sizeof a, "At %d %s %s %s missed.", L, words_s(L),
			 miss, nm == 1 ? "is" : "are");
	if (nm > 0) {
		int j = nd_focus(st, i);
		int from_end = L + 1 - st->at[i][j];
		int over = from_end - st->window;
		char by[32];
		if (over == 1)
			snprintf(by, sizeof by, "one word");
		else
			snprintf(by, sizeof by, "%d", over);
		snprintf(b, sizeof b, " The needle at %d%% is the %d%s word "
			 "from the end, %s past the %d-word range.",
			 st->depths[j], from_end, ordinal(from_end), by,
			 st->window);
	}
	if (nh + ne > 0) {
		char hs[160] = "", es[160] = "";
		if (nh)
			snprintf(hs, sizeof hs, "%s in the first %d %s", head,
				 st->head, words_s(st->head));
		if (ne)
			snprintf(es, sizeof es, "%s within %d %s of the end",
				 end, st->window, words_s(st->window));
		snprintf(c, sizeof c, " Found: %s%s%s (%d/%d).", hs,
			 nh && ne ? "; " : "", es, st->row_ok[i], st->nd);
	}
	snprintf(out, len, "%s%s%s", a, b, c);
}

static int row_correct(const struct nd_state *st, int i, int upto)
{
	int c = 0;
	for (int j = 0; j < st->nd && i * st->nd + j < upto; j++)
		c += st->found[i][j];
	return c;
}

/* The first of `fit` items shown so that item `cur` is in view. */
static int window_first(int cur, int n, int fit)
{
	if (n <= fit)
		return 0;
	int first = cur - fit / 2;
	return first < 0 ? 0 : first > n - fit ? n - fit : first;
}

/* One prompt as a strip of w columns from (0, y): the words the fake
 * model sees (the first `head`, the last `window`) full, the rest light,
 * the needle a diamond.  A column holds L / w words: it is seen when any
 * of them is. */
static void nd_strip(const struct nd_state *st, struct canvas *c, int y,
		     int w, int i, int j)
{
	double len = st->lengths[i] + 1.0;   /* the filler and the needle */
	for (int x = 0; x < w; x++) {
		double from = x * len / w, to = (x + 1) * len / w;
		int seen = from < st->head || to > len - st->window;
		canvas_put(c, x, y, seen ? GLYPH_FULL : GLYPH_LIGHT,
			   seen ? ROLE_OK : ROLE_DIM);
	}
	int nx = (int)(st->at[i][j] * w / len);
	canvas_put(c, nx < w ? nx : w - 1, y, GLYPH_DIAMOND, ROLE_HOT);
}

/* The step's narration: the question, the lengths that fit, a longer
 * length, or the grid read as a whole. */
static void nd_narrate(const struct nd_state *st, const struct nd_stop *sp,
		       char *out, size_t len)
{
	int last = st->nl - 1;
	switch (sp->kind) {
	case ND_ASK:
		snprintf(out, len,
			 "Hide one fact (the needle) at a depth in filler "
			 "text and ask for it: a row per length, a column per "
			 "depth, 0%% the start. The fake model sees only the "
			 "last %d %s and the first %d, the edge-heavy pattern "
			 "of real models.",
			 st->window, words_s(st->window), st->head);
		break;
	case ND_FITS:
		snprintf(out, len,
			 "%s %d %s every cell is found: the whole prompt, %d "
			 "words with the needle, lies within the %d-word "
			 "range the fake model sees, at any depth.",
			 sp->row > 0 ? "Up to" : "At", st->lengths[sp->row],
			 words_s(st->lengths[sp->row]),
			 st->lengths[sp->row] + 1, st->window);
		break;
	case ND_ROW:
		nd_row_words(st, sp->row, out, len);
		break;
	case ND_PATTERN:
		if (st->row_ok[last] == st->nd && st->row_ok[0] == st->nd)
			snprintf(out, len,
				 "Every cell is found: each prompt lies within "
				 "the fake model's reach. Make the prompts "
				 "longer or the window smaller (e, window=N) "
				 "to see where retrieval fails.");
		else
			snprintf(out, len,
				 "Read the grid: found at the edges, missed in "
				 "the middle%s. Real models show a similar "
				 "shape (Lost in the Middle): the length a "
				 "model retrieves from can be shorter than the "
				 "length it accepts.",
				 st->row_ok[last] < st->row_ok[0]
				     ? ", more often as the length grows"
				     : "");
		break;
	}
}

static void nd_render(const void *vs, struct view *v)
{
	const struct nd_state *st = vs;
	struct canvas *c = v->pic;
	int ks = v->step < st->nstops ? v->step : st->nstops - 1;
	const struct nd_stop *sp = &st->stops[ks];
	/* The cells filled: the step's, or on the way to them one by one
	 * (the cell filled last is the one its strip shows). */
	int from = ks > 0 ? sp[-1].upto : 0, filled = sp->upto;
	double t = view_progress(v);
	if (t < 1)
		filled = from + (int)ceil(t * (sp->upto - from) - 1e-9);
	int moving = filled < sp->upto;
	int idx = filled - 1;
	int ci = idx < 0 ? 0 : idx / st->nd, cj = idx < 0 ? 0 : idx % st->nd;
	/* Cells of 6 columns and 2 rows, or tighter; what still does not fit scrolls with the cell filled last. */
	int cw = 15 + st->nd * 6 + 7 <= c->w ? 6 : 5, fit_d = (c->w - 15 - 7) / cw;
	int rh = 2 + st->nl * 2 <= c->h ? 2 : 1, fit_l = (c->h - 2) / rh;
	if (fit_l < st->nl)
		fit_l--;   /* the last row says how many lengths are out of view */
	int fd = window_first(cj, st->nd, fit_d), fl = window_first(ci, st->nl, fit_l);
	/* the lengths count words (the lesson's prompts are filler words):
	 * the unit under "length", or in its place when rows are tight */
	canvas_text(c, 0, 0, ROLE_LABEL,
		    rh == 2 ? "length   depth:" : "words    depth:");
	if (rh == 2)
		canvas_text(c, 0, 1, ROLE_LABEL, "(words)");
	for (int j = fd; j < st->nd && j - fd < fit_d; j++)
		canvas_printf(c, 15 + (j - fd) * cw, 0, ROLE_LABEL, "%*d%%", cw - 1, st->depths[j]);
	if (fit_d < st->nd)
		canvas_printf(c, 15 + fit_d * cw + 1, 0, ROLE_DIM, "+%d", st->nd - fit_d);
	for (int i = fl; i < st->nl && i - fl < fit_l; i++) {
		int y = 1 + rh - 1 + (i - fl) * rh;
		canvas_printf(c, 0, y, ROLE_NORMAL, "%7d", st->lengths[i]);
		for (int j = fd; j < st->nd && j - fd < fit_d; j++) {
			int k = i * st->nd + j, x = 15 + (j - fd) * cw;
			if (k >= filled) {
				canvas_text(c, x, y, ROLE_DIM, cw == 6 ? "   ·  " : "   · ");
				continue;
			}
			/* the step's own cells accented: the one just filled
			 * while they fill, all of them at the step's end */
			int now = moving ? k == idx : k >= from;
			canvas_text(c, x, y, st->found[i][j] ? (now ? ROLE_ACCENT : ROLE_OK) : ROLE_HOT,
				    st->found[i][j] ? (cw == 6 ? "  ok  " : "  ok ") : (cw == 6 ? " miss " : " miss"));
		}
		if ((i + 1) * st->nd <= filled)
			canvas_printf(c, 15 + (fit_d < st->nd ? fit_d : st->nd) * cw + 1, y, ROLE_NORMAL, "%d/%d",
				      st->row_ok[i], st->nd);
	}
	if (fit_l < st->nl)
		canvas_printf(c, 0, c->h - 1, ROLE_DIM, "+%d lengths (%d above, %d below)", st->nl - fit_l, fl,
			      st->nl - fl - fit_l);
	/* Below the grid, where it has rows to spare: a prompt as the fake
	 * model reads it: the cell just filled while cells fill, else the one
	 * the step talks about (a row's miss nearest the end); step 0 asks of
	 * the longest at the middle depth, the question the grid answers. */
	int sy = 1 + rh - 1 + (st->nl - 1) * rh + 2;
	int si = sp->row < 0 ? st->nl - 1 : sp->row, sj = st->nd / 2;
	if (moving && idx >= 0)
		si = ci, sj = cj;
	else if (sp->kind == ND_ROW || sp->kind == ND_PATTERN)
		sj = nd_focus(st, si);
	int strip = fit_l >= st->nl && sy + 1 < c->h;
	if (strip) {
		canvas_printf_whole(c, 0, sy, ROLE_LABEL,
				    "%d %s, needle ◆ at %d%%: %s",
				    st->lengths[si], words_s(st->lengths[si]),
				    st->depths[sj],
				    sp->kind == ND_ASK ? "found?"
				    : st->found[si][sj] ? "found" : "missed");
		nd_strip(st, c, sy + 1, c->w - 1, si, sj);
	}
	struct canvas *s = v->side;
	char rule[200];
	snprintf(rule, sizeof rule, "The fake model finds the needle within %d %s of the end or in the first %d %s.",
		 st->window, words_s(st->window), st->head, words_s(st->head));
	int used = canvas_wrap(s, 0, 0, s->w, 4, ROLE_NORMAL, rule);
	used += 1 + canvas_wrap(s, 0, used + 1, s->w, 3, ROLE_DIM,
				"To change it: e, then window=N or head=N.");
	if (strip) {   /* the strip's legend */
		canvas_put(s, 0, used + 1, GLYPH_FULL, ROLE_OK);
		canvas_text(s, 2, used + 1, ROLE_NORMAL, "words it sees");
		canvas_put(s, 0, used + 2, GLYPH_LIGHT, ROLE_DIM);
		canvas_text(s, 2, used + 2, ROLE_NORMAL,
			    "words it does not see");
	}
	nd_narrate(st, sp, v->narration, VIEW_NARRATION);
}

/* The rule in closed form over the inputs L, depth, window and head: the
 * needle is word at = min(L, floor(L · depth / 100)); it is found when
 * L + 1 − at ≤ window or at < head.  Each comparison of whole numbers is
 * written as a clamp to 0 or 1 (x ≤ y is min(1, max(0, y − x + 1))), and
 * "or" as max. */
#define ND_AT "min(L, floor(L * depth / 100))"
#define ND_RULE "max(min(1, max(0, window - (L + 1 - " ND_AT ") + 1)), min(1, max(0, head - " ND_AT ")))"

static void nd_summary(const void *vs, struct summary *s)
{
	const struct nd_state *st = vs;
	for (int i = 0; i < st->nl; i++) {
		int closed = 0;
		for (int j = 0; j < st->nd; j++) {
			/* Counted for correct.N below: the rule applied depth by depth. */
			long at = (long)st->lengths[i] * st->depths[j] / 100;
			if (at > st->lengths[i])
				at = st->lengths[i];
			closed += st->lengths[i] + 1 - at <= st->window || at < st->head;
			summary_int(s, st->found[i][j], "cell.%d.%d", st->lengths[i], st->depths[j]);
			summary_words(s, "1 when the fake model finds the needle in the %d-word prompt at depth %d %% (it searched "
				      "the built prompt: the needle is word %d of %d), else 0", st->lengths[i], st->depths[j],
				      st->at[i][j], st->lengths[i] + 1);
			summary_input(s, "L", st->lengths[i], "the prompt's length in words (parameter lengths)");
			summary_input(s, "depth", st->depths[j], "the needle's depth in %% (parameter depths)");
			summary_input(s, "window", st->window, "parameter window: the words it reads at the end");
			summary_input(s, "head", st->head, "parameter head: the first words it keeps");
			summary_formula(s, 0, ND_RULE);
		}
		summary_check_int(s, HOW_REFERENCE, row_correct(st, i, st->nl * st->nd), closed, "correct.%d", st->lengths[i]);
		summary_words(s, "depths answered right at %d words, of %d", st->lengths[i], st->nd);
		summary_explain(s, "second way: the rule (found within window words of the end or among the first head) "
				   "applied depth by depth and counted, against the searches' results");
	}
}

static void nd_print(const void *vs, FILE *out)
{
	const struct nd_state *st = vs;
	fprintf(out, "length   depth:");
	for (int j = 0; j < st->nd; j++)
		fprintf(out, j == 0 ? "%2d" : "%5d", st->depths[j]);
	fprintf(out, "\n");
	for (int i = 0; i < st->nl; i++) {
		fprintf(out, "%6d         ", st->lengths[i]);
		for (int j = 0; j < st->nd; j++)
			fprintf(out, "%s", st->found[i][j] ? "   ok" : " miss");
		fprintf(out, "   %d/%d\n", row_correct(st, i, st->nl * st->nd), st->nd);
	}
}

const struct scene_class scene_needle = {
	.id = "needle",
	.params = nd_params,
	.nparams = ND_NPARAMS,
	.state_size = sizeof(struct nd_state),
	.init = nd_init,
	.nsteps = nd_nsteps,
	.tween = nd_tween,
	.render = nd_render,
	.summary = nd_summary,
	.print = nd_print,
};
