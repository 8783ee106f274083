/*
 * needle (lesson Ex. 17): the length × depth grid filling cell by cell.
 * Each cell builds the prompt and asks the fake model, which only finds a
 * needle within `window` words of the end or in the first `head` words.
 */
#include <stdlib.h>
#include <string.h>

#include "glyph.h"
#include "kern/needle.h"
#include "scene/scene.h"
#include "scenes/lib/common.h"

#define ND_MAX 16

struct nd_state {
	int nl, nd, window, head;
	int lengths[ND_MAX], depths[ND_MAX];
	int found[ND_MAX][ND_MAX];
	int at[ND_MAX][ND_MAX];        /* where the needle sits */
	int row_ok[ND_MAX];            /* cells found in each length's row */
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
	return 0;
}

static int nd_nsteps(const void *vs)
{
	const struct nd_state *st = vs;
	return st->nl * st->nd;
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

static void nd_render(const void *vs, struct view *v)
{
	const struct nd_state *st = vs;
	struct canvas *c = v->pic;
	int idx = v->step - 1, ci = idx < 0 ? 0 : idx / st->nd, cj = idx < 0 ? 0 : idx % st->nd;
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
			if (k >= v->step) {
				canvas_text(c, x, y, ROLE_DIM, cw == 6 ? "   ·  " : "   · ");
				continue;
			}
			int now = k == v->step - 1;
			canvas_text(c, x, y, st->found[i][j] ? (now ? ROLE_ACCENT : ROLE_OK) : ROLE_HOT,
				    st->found[i][j] ? (cw == 6 ? "  ok  " : "  ok ") : (cw == 6 ? " miss " : " miss"));
		}
		if ((i + 1) * st->nd <= v->step)
			canvas_printf(c, 15 + (fit_d < st->nd ? fit_d : st->nd) * cw + 1, y, ROLE_NORMAL, "%d/%d",
				      st->row_ok[i], st->nd);
	}
	if (fit_l < st->nl)
		canvas_printf(c, 0, c->h - 1, ROLE_DIM, "+%d lengths (%d above, %d below)", st->nl - fit_l, fl,
			      st->nl - fl - fit_l);
	/* Below the grid, where it has rows to spare: this cell's prompt as
	 * the fake model reads it; step 0 asks of the longest at the middle
	 * depth, the question the grid answers. */
	int sy = 1 + rh - 1 + (st->nl - 1) * rh + 2;
	int si = idx < 0 ? st->nl - 1 : ci, sj = idx < 0 ? st->nd / 2 : cj;
	int strip = fit_l >= st->nl && sy + 1 < c->h;
	if (strip) {
		canvas_printf_whole(c, 0, sy, ROLE_LABEL,
				    "%d %s, needle ◆ at %d%%: %s",
				    st->lengths[si], words_s(st->lengths[si]),
				    st->depths[sj],
				    idx < 0 ? "found?"
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

	if (v->step == 0)
		snprintf(v->narration, VIEW_NARRATION,
			 "Hide one fact (the needle) at a depth in filler text and ask for it. The fake model only sees the last "
			 "%d %s and the first %d, like the edge-heavy pattern of real models.", st->window,
			 words_s(st->window), st->head);
	else {
		int len = st->lengths[ci] + 1, from_end = len - st->at[ci][cj];
		snprintf(v->narration, VIEW_NARRATION,
			 "%d %s, depth %d%%: the needle is word %d of %d, the %d%s from the end: %s.", st->lengths[ci],
			 words_s(st->lengths[ci]), st->depths[cj], st->at[ci][cj], len, from_end, ordinal(from_end),
			 st->found[ci][cj] ? (st->at[ci][cj] < st->head ? "found (in the first words)" : "found (near the end)")
					   : "missed (neither near the end nor in the first words)");
	}
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
	.render = nd_render,
	.summary = nd_summary,
	.print = nd_print,
};
