/*
 * replay_lazy: the deferred graph of the hybrids' replays (see the header).
 */
#include "graph/replay_lazy.h"

#include <stdlib.h>

int replay_lazy_init(struct replay_lazy *g, struct alloc_sim *s, int max)
{
	*g = (struct replay_lazy){.max = max, .s = s};
	g->n = calloc((size_t)max, sizeof *g->n);
	g->stack = calloc((size_t)max, sizeof *g->stack);
	return g->n && g->stack ? 0 : -1;
}

void replay_lazy_free(struct replay_lazy *g)
{
	free(g->stack);
	free(g->n);
}

int replay_lazy_add(struct replay_lazy *g, int64_t bytes, int inplace, int nsrc,
		    const int *src)
{
	if (g->count >= g->max || nsrc > ALLOC_SIM_SRC) {
		g->broken = 1;
		return -1;
	}
	struct replay_lazy_node *t = &g->n[g->count];
	*t =
	    (struct replay_lazy_node){.bytes = bytes, .inplace = -1, .sim = -1};
	for (int i = 0; i < nsrc; i++) {
		if (src[i] < 0)
			continue;
		if (i == inplace)
			t->inplace = t->nsrc;
		t->src[t->nsrc++] = src[i];
	}
	if (inplace >= 0 && t->inplace < 0)
		g->broken = 1; /* in place on a source that is not there */
	return g->count++;
}

int replay_lazy_input(struct replay_lazy *g, int64_t bytes)
{
	int id = replay_lazy_add(g, bytes, -1, 0, NULL);
	if (id >= 0)
		g->n[id].input = 1;
	return id;
}

int replay_lazy_extern(struct replay_lazy *g, int sim)
{
	int id = replay_lazy_add(g, 0, -1, 0, NULL);
	if (id >= 0)
		g->n[id].sim = sim;
	if (sim < 0)
		g->broken = 1;
	return id;
}

int replay_lazy_piece(struct replay_lazy *g, int piece, int64_t arg, int nsrc,
		      const int *src)
{
	int id = replay_lazy_add(g, 0, -1, nsrc, src);
	if (id >= 0)
		g->n[id].piece = piece, g->n[id].arg = arg;
	return id;
}

void replay_lazy_output(struct replay_lazy *g, int id)
{
	if (id >= 0)
		g->n[id].out = 1;
}

static void place_input(struct replay_lazy *g, struct replay_lazy_node *t)
{
	if (t->sim < 0)
		t->sim = alloc_sim_input(g->s, t->bytes);
}

/* Hands node id to alloc_sim: the inputs it reads that are not placed yet
 * first, in its source order; then the node, its in-place source first
 * (alloc_sim takes the first source's slot), the rest in order. */
static void emit(struct replay_lazy *g, int id)
{
	struct replay_lazy_node *t = &g->n[id];
	if (t->input) {
		place_input(g, t);
		return;
	}
	for (int i = 0; i < t->nsrc; i++)
		if (g->n[t->src[i]].input)
			place_input(g, &g->n[t->src[i]]);
	if (t->piece) {
		t->sim = g->emit_piece ? g->emit_piece(g, t) : -1;
	} else {
		int src[ALLOC_SIM_SRC], k = 0;
		if (t->inplace >= 0)
			src[k++] = g->n[t->src[t->inplace]].sim;
		for (int i = 0; i < t->nsrc; i++)
			if (i != t->inplace)
				src[k++] = g->n[t->src[i]].sim;
		t->sim = alloc_sim_node(
		    g->s, t->inplace >= 0 ? ALLOC_SIM_INPLACE : t->bytes, k,
		    src);
		if (t->sim >= 0 && t->out)
			alloc_sim_output(g->s, t->sim);
	}
	if (t->sim < 0)
		g->broken = 1;
}

/* An explicit stack: a hostile model's chains stay off the C stack.  The
 * inputs are not walked: emit places them with their first reader. */
void replay_lazy_expand(struct replay_lazy *g, int id)
{
	int sp = 0;
	if (id < 0 || g->broken) {
		g->broken = 1;
		return;
	}
	if (g->n[id].sim >= 0)
		return;
	g->stack[sp++] = id;
	while (sp > 0) {
		struct replay_lazy_node *t = &g->n[g->stack[sp - 1]];
		int next = -1;
		for (int i = 0; i < t->nsrc && next < 0; i++)
			if (g->n[t->src[i]].sim < 0 && !g->n[t->src[i]].input)
				next = t->src[i];
		if (next < 0) {
			emit(g, g->stack[--sp]);
			if (g->broken)
				return;
			continue;
		}
		if (sp >= g->max) {
			g->broken = 1;
			return;
		}
		g->stack[sp++] = next;
	}
}

int replay_lazy_unexpanded(const struct replay_lazy *g)
{
	int n = 0;
	for (int i = 0; i < g->count; i++)
		n += !g->n[i].input && g->n[i].sim < 0;
	return n;
}
