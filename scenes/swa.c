/*
 * swa (lesson Ex. 9): the sliding-window mask drawn row by row, and the ring
 * buffer beside it, slot p mod W, with the evicted position flashing.
 * Steps stop where the lesson looks: the first entry, the cache full (the
 * plain causal rows), the first eviction (the window of query W in rotated
 * order), the ring come round once, and the last query.  The positions
 * between stream in as frames (tween), one every SW_FRAMES frames.
 */
#include <string.h>

#include "kern/ring.h"
#include "scene/scene.h"
#include "scenes/lib/common.h"

#define SW_MAX_N 512
/* Frames each streamed position shows between two stops: 0.4 s a token. */
#define SW_FRAMES 5

/* What a stop shows, in the order of the walk. */
enum sw_stop {
	SW_INTRO,
	SW_FIRST,
	SW_FULL,
	SW_EVICT,
	SW_ROUND,
	SW_END,
	SW_NSTOPS
};

struct sw_state {
	int n, window;
	int pos;               /* positions pushed */
	struct ring ring;
	int slots[SW_MAX_N];   /* slot of each position, for the summary */
	int evicted[SW_MAX_N];
	int nstops, k;
	int stop_at[SW_NSTOPS];          /* positions pushed at each step */
	enum sw_stop stop[SW_NSTOPS];
};

/* A stop after `at` positions, unless the walk is already there or past n. */
static void sw_add_stop(struct sw_state *st, int at, enum sw_stop kind)
{
	if (at > st->n || (st->nstops > 0 && at <= st->stop_at[st->nstops - 1]))
		return;
	st->stop_at[st->nstops] = at;
	st->stop[st->nstops++] = kind;
}

enum { SW_N, SW_WINDOW, SW_NPARAMS };
static const struct param_spec sw_params[SW_NPARAMS + 1] = {
	[SW_N] = {.name = "n", .kind = PARAM_INT, .min = 1, .max = SW_MAX_N, .help = "tokens"},
	[SW_WINDOW] = {.name = "window", .kind = PARAM_INT, .min = 1, .max = 256,
		.help = "window W (keys a query may see, itself included)"},
	[SW_NPARAMS] = {0},
};

static int sw_init(void *vs, const struct scene_env *env, char *err, size_t errlen)
{
	struct sw_state *st = vs;
	(void)err, (void)errlen;
	st->n = (int)params_int(env->p, SW_N);
	st->window = (int)params_int(env->p, SW_WINDOW);
	ring_init(&st->ring, st->window);
	sw_add_stop(st, 0, SW_INTRO);
	sw_add_stop(st, 1, SW_FIRST);
	sw_add_stop(st, st->window, SW_FULL);
	sw_add_stop(st, st->window + 1, SW_EVICT);
	sw_add_stop(st, 2 * st->window, SW_ROUND);
	sw_add_stop(st, st->n, SW_END);
	if (st->stop_at[st->nstops - 1] <
	    st->n) /* the last query always shown */
		st->stop_at[st->nstops - 1] = st->n;
	return 0;
}

static int sw_nsteps(const void *vs)
{
	return ((const struct sw_state *)vs)->nstops - 1;
}

static void sw_step(void *vs)
{
	struct sw_state *st = vs;
	st->k++;
	while (st->pos < st->stop_at[st->k]) {
		ring_push(&st->ring, st->pos);
		st->slots[st->pos] = st->ring.last_slot;
		st->evicted[st->pos] = st->ring.last_evicted;
		st->pos++;
	}
}

/* The positions streaming in between step k - 1 and step k, SW_FRAMES
 * frames each. */
static int sw_tween(const void *vs, int k)
{
	const struct sw_state *st = vs;
	if (k < 1 || k >= st->nstops)
		return 0;
	return (st->stop_at[k] - st->stop_at[k - 1] - 1) * SW_FRAMES;
}

/* Positions pushed in the picture: the step's, or during the move into it
 * one of those between (frame i shows position stop_at[k-1] + (i-1)/F). */
static int sw_shown(const struct sw_state *st, const struct view *v)
{
	int k = st->k;
	if (view_progress(v) >= 1 || k < 1)
		return st->pos;
	return st->stop_at[k - 1] + 1 + (v->frame - 1) / SW_FRAMES;
}

/* The ring after `pos` positions, from the slots the walk recorded: the
 * ring itself once all of the step's positions are in. */
static void sw_ring_at(const struct sw_state *st, int pos, struct ring *r)
{
	if (pos == st->pos) {
		*r = st->ring;
		return;
	}
	ring_init(r, st->window);
	for (int p = 0; p < pos; p++)
		ring_push(r, p);
}

/* The ring's slots as "[4, 1, 2, 3]", or "W entries" when too many to read. */
static void sw_cache_words(const struct sw_state *st, char *buf, size_t len)
{
	size_t n = 0;
	if (st->window > 8) {
		snprintf(buf, len, "(%d entries)", st->window);
		return;
	}
	n += (size_t)snprintf(buf, len, "[");
	for (int i = 0; i < st->window && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%d", i ? ", " : "",
				      st->ring.slot[i]);
	if (n < len)
		snprintf(buf + n, len - n, "]");
}

/* "Position 5" or "Positions 5 to 7": those pushed since the last stop. */
static void sw_since(const struct sw_state *st, char *buf, size_t len)
{
	int from = st->stop_at[st->k - 1], to = st->pos - 1;
	if (from >= to)
		snprintf(buf, len, "Position %d", to);
	else if (from + 1 == to)
		snprintf(buf, len, "Positions %d and %d", from, to);
	else
		snprintf(buf, len, "Positions %d to %d", from, to);
}

/* The step's point: what the walk shows at this stop. */
static void sw_narrate(const struct sw_state *st, struct view *v)
{
	char cache[96], since[48];
	int w = st->window, last = st->pos - 1;
	if (st->k == 0) {
		snprintf(v->narration, VIEW_NARRATION,
			 "Sliding-window attention: a query at q sees a key at "
			 "k only if k ≤ q and q − k < %d. No later query looks "
			 "further back, so the cache holds %d entries in a "
			 "ring.",
			 w, w);
		return;
	}
	sw_cache_words(st, cache, sizeof cache);
	sw_since(st, since, sizeof since);
	switch (st->stop[st->k]) {
	case SW_FIRST:
		snprintf(v->narration, VIEW_NARRATION,
			 "Position 0 goes to slot 0 mod %d = 0, which was "
			 "empty: position p always goes to slot p mod %d, and "
			 "the slot stores p beside its key and value.",
			 w, w);
		break;
	case SW_FULL:
		snprintf(v->narration, VIEW_NARRATION,
			 "%s fill%s the empty slots: the cache is %s, full. "
			 "Rows q0 to q%d are the plain causal mask, because "
			 "fewer than %d earlier positions exist.",
			 since, st->pos - st->stop_at[st->k - 1] > 1 ? "" : "s",
			 cache, last, w);
		break;
	case SW_EVICT:
		snprintf(v->narration, VIEW_NARRATION,
			 "Position %d goes to slot %d and evicts position %d, "
			 "which no later query can see. The cache %s is the "
			 "window of query %d in rotated order: order does not "
			 "matter to softmax, and each slot keeps its position "
			 "for RoPE.",
			 last, st->ring.last_slot, st->ring.last_evicted, cache,
			 last);
		break;
	case SW_ROUND:
		snprintf(v->narration, VIEW_NARRATION,
			 "%s each evict the oldest entry: every slot is "
			 "rewritten and the cache %s is in order again. Memory "
			 "stays %d entries however long the text grows.",
			 since, cache, w);
		break;
	default:
		snprintf(v->narration, VIEW_NARRATION,
			 "%s stream in the same way. Query %d sees positions "
			 "%d to %d and no other: a token that left the window "
			 "is gone from this layer. L stacked layers reach "
			 "L × (%d − 1) positions back.",
			 since, last, last - w + 1 > 0 ? last - w + 1 : 0, last,
			 w);
		if (w == 1)   /* a window of one: the query sees itself */
			snprintf(v->narration, VIEW_NARRATION,
				 "%s stream in the same way. With W = 1 query "
				 "%d sees only itself: the cache is one entry, "
				 "and no earlier token can be attended to.",
				 since, last);
		break;
	}
}

static void sw_render(const void *vs, struct view *v)
{
	const struct sw_state *st = vs;
	struct canvas *c = v->pic;
	/* the picture and the pane at the position streaming in; the
	 * narration is the step's */
	int pos = sw_shown(st, v);
	struct ring rg;
	sw_ring_at(st, pos, &rg);
	int rows = c->h - 1, cols = c->w / 2 - 6;
	int first = pos > rows ? pos - rows : 0;
	/* Keys scroll with the queries so the newest query's window stays in view. */
	int kfirst = st->n > cols && pos > cols ? pos - cols : 0;
	if (st->n > cols)
		canvas_printf(c, 0, 0, ROLE_LABEL, "mask, keys %d–%d", kfirst, kfirst + cols - 1);
	else {   /* a row q, a column k: the columns numbered by k's last digit */
		canvas_text(c, 0, 0, ROLE_LABEL, "q\\k");
		for (int k = 0; k < st->n; k++)
			canvas_put(c, 5 + k, 0, (uint32_t)('0' + k % 10), ROLE_LABEL);
	}
	for (int q = first; q < pos && q - first < rows; q++) {
		int y = 1 + q - first;
		canvas_printf(c, 0, y, q == pos - 1 ? ROLE_ACCENT : ROLE_DIM,
			      "q%-3d", q);
		for (int k = kfirst; k < st->n && k - kfirst < cols; k++) {
			int vis = ring_swa_visible(q, k, st->window);
			canvas_put(c, 5 + k - kfirst, y, vis ? 'x' : '.',
				   vis ? (q == pos - 1 ? ROLE_ACCENT : ROLE_BAR)
				       : ROLE_DIM);
		}
	}
	int rx = 5 + (st->n < cols ? st->n : cols) + 3;
	if (rx < 24)
		rx = 24;
	for (int y = 0; y < c->h; y++)   /* the ring apart from the mask's rows */
		canvas_put(c, rx - 2, y, 0x2506, ROLE_DIM);   /* ┆, not the frame's │ */
	canvas_text(c, rx, 0, ROLE_LABEL, "ring: slot = p mod W");
	int srows = st->window <= rows ? st->window : rows - 1;
	/* A window longer than the pane: the slots around the one just written. */
	int sfirst = 0;
	if (st->window > srows && pos > 0) {
		sfirst = rg.last_slot - srows / 2;
		sfirst = sfirst < 0 ? 0 : sfirst > st->window - srows ? st->window - srows : sfirst;
	}
	for (int i = 0; i < srows; i++) {
		int sl = sfirst + i, p = rg.slot[sl];
		int now = pos > 0 && sl == rg.last_slot;
		canvas_printf(c, rx, 1 + i, ROLE_DIM, "%3d:", sl);
		if (p < 0)
			canvas_text(c, rx + 5, 1 + i, ROLE_DIM, "empty");
		else
			canvas_printf(c, rx + 5, 1 + i, now ? ROLE_ACCENT : ROLE_SRAM, "pos %d", p);
		if (now)
			canvas_text(c, rx + 14, 1 + i, ROLE_ACCENT, "◀");
	}
	if (srows < st->window)
		canvas_printf(c, rx, c->h - 1, ROLE_DIM, "+%d more slots", st->window - srows);
	struct canvas *s = v->side;
	canvas_printf(s, 0, 0, ROLE_NORMAL, "W = %d, n = %d", st->window, st->n);
	canvas_printf(s, 0, 1, ROLE_NORMAL, "cache: %d entries", st->window);
	canvas_text(s, 0, 3, ROLE_DIM, "x: k visible from q when");
	canvas_text(s, 0, 4, ROLE_DIM, "k ≤ q and q − k < W");
	if (pos > 0) {
		canvas_printf(s, 0, 6, ROLE_ACCENT, "◀ pos %d → slot %d",
			      pos - 1, rg.last_slot);
		if (rg.last_evicted >= 0)
			canvas_printf(s, 0, 7, ROLE_HOT, "✗ evicts pos %d",
				      rg.last_evicted);
	}

	sw_narrate(st, v);
}

static void sw_summary(const void *vs, struct summary *s)
{
	const struct sw_state *st = vs;
	/* A second cache, simulated as a queue: the oldest position leaves once W
	 * are held, and the newcomer takes the freed slot (or the first free one).
	 * It never computes p mod W. */
	int queue[SW_MAX_N], queue_slot[SW_MAX_N], head = 0, tail = 0, next_free = 0;
	for (int p = 0; p < st->n; p++) {
		int slot, evicted = -1;
		if (tail - head == st->window) {
			evicted = queue[head];
			slot = queue_slot[head++];
		} else {
			slot = next_free++;
		}
		queue[tail] = p;
		queue_slot[tail++] = slot;
		summary_check_int(s, HOW_REFERENCE, st->slots[p], slot, "slot.%d", p);
		summary_words(s, "the ring-buffer slot position %d goes to (the ring computes p mod W)", p);
		summary_input(s, "W", st->window, "parameter window (the lesson's 4 unless set)");
		summary_explain(s, "second way: a queue of the cached positions; the newcomer takes the slot the oldest frees");
		summary_check_int(s, HOW_REFERENCE, st->evicted[p], evicted, "evicted.%d", p);
		summary_words(s, "the position that position %d overwrites in its slot (-1: none, fewer than W are cached)", p);
		summary_input(s, "W", st->window, "parameter window");
		summary_explain(s, "second way: the oldest position in the queue once it holds W");
	}
	for (int q = 0; q < st->n; q++) {
		int vis = 0;
		for (int k = 0; k < st->n; k++)
			vis += ring_swa_visible(q, k, st->window);
		summary_int(s, vis, "visible.%d", q);
		summary_words(s, "keys query %d may attend to: those with k <= q and q - k < W, counted in the mask row", q);
		summary_input(s, "q", q, "the query position");
		summary_input(s, "W", st->window, "parameter window");
		summary_formula(s, 0, "min(q + 1, W)");
	}
}

static void sw_print(const void *vs, FILE *out)
{
	const struct sw_state *st = vs;
	struct ring r;
	fprintf(out, "mask (q = query position, x = may attend, . = masked):\n");
	for (int q = 0; q < st->n; q++) {
		fprintf(out, "q%-2d ", q);
		for (int k = 0; k < st->n; k++)
			fputc(ring_swa_visible(q, k, st->window) ? 'x' : '.', out);
		fputc('\n', out);
	}
	ring_init(&r, st->window);
	for (int pos = 0; pos < st->n; pos++) {
		ring_push(&r, pos);
		if (pos < st->window - 1)
			continue;
		fprintf(out, "after pos %d: slot %d gets %d", pos, r.last_slot, pos);
		if (r.last_evicted >= 0)
			fprintf(out, " (evicts %d)", r.last_evicted);
		fprintf(out, ", cache = [");
		for (int s = 0; s < st->window; s++)
			fprintf(out, "%s%d", s ? ", " : "", r.slot[s]);
		fprintf(out, "]\n");
	}
}

const struct scene_class scene_swa = {
	.id = "swa",
	.params = sw_params,
	.nparams = SW_NPARAMS,
	.state_size = sizeof(struct sw_state),
	.init = sw_init,
	.nsteps = sw_nsteps,
	.step = sw_step,
	.render = sw_render,
	.summary = sw_summary,
	.print = sw_print,
	.tween = sw_tween,
};
