/*
 * swa (lesson Ex. 9): the sliding-window mask drawn row by row, and the ring
 * buffer beside it, slot p mod W, with the evicted position flashing.
 * Steps: one per position.
 */
#include <string.h>

#include "kern/ring.h"
#include "scene/scene.h"
#include "scenes/lib/common.h"

#define SW_MAX_N 512

struct sw_state {
	int n, window;
	int pos;               /* positions pushed */
	struct ring ring;
	int slots[SW_MAX_N];   /* slot of each position, for the summary */
	int evicted[SW_MAX_N];
};

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
	return 0;
}

static int sw_nsteps(const void *vs)
{
	return ((const struct sw_state *)vs)->n;
}

static void sw_step(void *vs)
{
	struct sw_state *st = vs;
	ring_push(&st->ring, st->pos);
	st->slots[st->pos] = st->ring.last_slot;
	st->evicted[st->pos] = st->ring.last_evicted;
	st->pos++;
}

static void sw_render(const void *vs, struct view *v)
{
	const struct sw_state *st = vs;
	struct canvas *c = v->pic;
	int rows = c->h - 1, cols = c->w / 2 - 6;
	int first = st->pos > rows ? st->pos - rows : 0;
	/* Keys scroll with the queries so the newest query's window stays in view. */
	int kfirst = st->n > cols && st->pos > cols ? st->pos - cols : 0;
	if (st->n > cols)
		canvas_printf(c, 0, 0, ROLE_LABEL, "mask, keys %d–%d", kfirst, kfirst + cols - 1);
	else {   /* a row q, a column k: the columns numbered by k's last digit */
		canvas_text(c, 0, 0, ROLE_LABEL, "q\\k");
		for (int k = 0; k < st->n; k++)
			canvas_put(c, 5 + k, 0, (uint32_t)('0' + k % 10), ROLE_LABEL);
	}
	for (int q = first; q < st->pos && q - first < rows; q++) {
		int y = 1 + q - first;
		canvas_printf(c, 0, y, q == st->pos - 1 ? ROLE_ACCENT : ROLE_DIM, "q%-3d", q);
		for (int k = kfirst; k < st->n && k - kfirst < cols; k++) {
			int vis = ring_swa_visible(q, k, st->window);
			canvas_put(c, 5 + k - kfirst, y, vis ? 'x' : '.',
				   vis ? (q == st->pos - 1 ? ROLE_ACCENT : ROLE_BAR) : ROLE_DIM);
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
	if (st->window > srows && st->pos > 0) {
		sfirst = st->ring.last_slot - srows / 2;
		sfirst = sfirst < 0 ? 0 : sfirst > st->window - srows ? st->window - srows : sfirst;
	}
	for (int i = 0; i < srows; i++) {
		int sl = sfirst + i, p = st->ring.slot[sl];
		int now = st->pos > 0 && sl == st->ring.last_slot;
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
	if (st->pos > 0) {
		canvas_printf(s, 0, 6, ROLE_ACCENT, "◀ pos %d → slot %d", st->pos - 1, st->ring.last_slot);
		if (st->ring.last_evicted >= 0)
			canvas_printf(s, 0, 7, ROLE_HOT, "✗ evicts pos %d", st->ring.last_evicted);
	}

	if (st->pos == 0)
		snprintf(v->narration, VIEW_NARRATION,
			 "Sliding-window attention: a query at q sees a key at k only if k ≤ q and q − k < %d. No later query "
			 "looks further back, so the cache holds %d entries in a ring.", st->window, st->window);
	else if (st->ring.last_evicted < 0)
		snprintf(v->narration, VIEW_NARRATION, "Position %d goes to slot %d mod %d = %d, which was empty.", st->pos - 1,
			 st->pos - 1, st->window, st->ring.last_slot);
	else
		snprintf(v->narration, VIEW_NARRATION,
			 "Position %d goes to slot %d and evicts position %d, which no later query can see. The cache holds "
			 "exactly the window of query %d, in rotated order: the mask reads each slot's stored position.",
			 st->pos - 1, st->ring.last_slot, st->ring.last_evicted, st->pos - 1);
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
};
