/*
 * alloc_sim: ggml-alloc's graph allocator replayed (the rules and their
 * ggml-alloc.c functions are in alloc_sim.h).
 */
#include <stdlib.h>
#include <string.h>

#include "graph/alloc_sim.h"

/* ggml-alloc.c MAX_FREE_BLOCKS */
#define FREE_BLOCKS 256

struct sim_node {
	int64_t bytes; /* aligned; ALLOC_SIM_INPLACE, ALLOC_SIM_NOALLOC */
	int src[ALLOC_SIM_SRC];
	int nsrc;
	int input, output;
	/* during the replay */
	int children; /* consumers not yet computed */
	int owns;     /* holds its slot (not handed on to an in-place node) */
	int64_t offset, size;
};

struct block {
	int64_t offset, size;
};

struct alloc_sim {
	struct sim_node *n;
	int count, max, cap, broken; /* cap: room in n, max: this graph's */
	int64_t align;
	struct block b[FREE_BLOCKS];
	int nb;
	int64_t max_size;
};

struct alloc_sim *alloc_sim_new(int max_nodes, int64_t alignment)
{
	struct alloc_sim *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->n = calloc((size_t)max_nodes, sizeof *s->n);
	if (!s->n) {
		free(s);
		return NULL;
	}
	s->max = s->cap = max_nodes;
	s->align = alignment;
	return s;
}

int alloc_sim_reset(struct alloc_sim *s, int max_nodes)
{
	if (max_nodes > s->cap) {
		struct sim_node *n =
		    realloc(s->n, (size_t)max_nodes * sizeof *n);
		if (!n)
			return -1;
		s->n = n;
		s->cap = max_nodes;
		s->count = max_nodes; /* all of it cleared below */
	}
	memset(s->n, 0, (size_t)s->count * sizeof *s->n);
	s->count = s->broken = s->nb = 0;
	s->max = max_nodes;
	s->max_size = 0;
	return 0;
}

void alloc_sim_free(struct alloc_sim *s)
{
	if (s)
		free(s->n);
	free(s);
}

static int add(struct alloc_sim *s, int64_t n, int nsrc, const int *src,
	       int input)
{
	if (s->count >= s->max || nsrc > ALLOC_SIM_SRC ||
	    n < ALLOC_SIM_NOALLOC || n > ALLOC_SIM_MAX_BYTES) {
		s->broken = 1;
		return -1;
	}
	struct sim_node *t = &s->n[s->count];
	if (n >= 0 && __builtin_add_overflow(n, s->align - 1, &t->bytes))
		s->broken = 1;
	t->bytes = n >= 0 ? t->bytes / s->align * s->align : n;
	t->nsrc = 0;
	for (int i = 0; i < nsrc; i++)
		if (src[i] >= 0 && src[i] < s->count)
			t->src[t->nsrc++] = src[i];
	if (n == ALLOC_SIM_INPLACE && t->nsrc == 0)
		s->broken = 1;
	t->input = input;
	return s->count++;
}

int alloc_sim_input(struct alloc_sim *s, int64_t n)
{
	return add(s, n < 0 ? 0 : n, 0, NULL, 1);
}

int alloc_sim_node(struct alloc_sim *s, int64_t n, int nsrc, const int *src)
{
	return add(s, n, nsrc, src, 0);
}

void alloc_sim_output(struct alloc_sim *s, int id)
{
	if (id >= 0 && id < s->count)
		s->n[id].output = 1;
}

static void remove_block(struct alloc_sim *s, int i)
{
	for (; i < s->nb - 1; i++)
		s->b[i] = s->b[i + 1];
	s->nb--;
}

/* ggml_dyn_tallocr_alloc: best fit among all blocks but the last, the
 * last (the open end of the one chunk) when none fits.  The open end spans
 * ALLOC_SIM_MAX_BYTES: a graph that needs more is too large, never a
 * wrapped offset (a hostile model's widths). */
static int64_t take(struct alloc_sim *s, int64_t size)
{
	int best = -1;
	int64_t best_size = INT64_MAX;
	for (int i = 0; i < s->nb - 1; i++)
		if (s->b[i].size >= size && s->b[i].size <= best_size) {
			best = i;
			best_size = s->b[i].size;
		}
	if (best < 0)
		best = s->nb - 1;
	if (size > s->b[best].size) {
		s->broken = 1;
		return 0;
	}
	int64_t at = s->b[best].offset;
	s->b[best].offset += size;
	s->b[best].size -= size;
	if (s->b[best].size == 0 && best < s->nb - 1)
		remove_block(s,
			     best); /* the open end stays, empty at the limit */
	if (at + size > s->max_size)
		s->max_size = at + size;
	return at;
}

/* ggml_dyn_tallocr_free_bytes: merge with the block ending at offset or
 * starting at its end (and then with the next or previous one), else a new
 * block in address order. */
static void give(struct alloc_sim *s, int64_t offset, int64_t size)
{
	for (int i = 0; i < s->nb; i++) {
		struct block *b = &s->b[i];
		if (b->offset + b->size == offset) {
			b->size += size;
			if (i < s->nb - 1 &&
			    b->offset + b->size == s->b[i + 1].offset) {
				b->size += s->b[i + 1].size;
				remove_block(s, i + 1);
			}
			return;
		}
		if (offset + size == b->offset) {
			b->offset = offset;
			b->size += size;
			if (i > 0 && s->b[i - 1].offset + s->b[i - 1].size ==
					 b->offset) {
				s->b[i - 1].size += b->size;
				remove_block(s, i);
			}
			return;
		}
	}
	if (s->nb >= FREE_BLOCKS) {
		s->broken = 1;
		return;
	}
	int at = 0;
	while (at < s->nb && s->b[at].offset < offset)
		at++;
	for (int i = s->nb; i > at; i--)
		s->b[i] = s->b[i - 1];
	s->b[at] = (struct block){offset, size};
	s->nb++;
}

static void place(struct alloc_sim *s, struct sim_node *t)
{
	t->size = t->bytes;
	t->offset = take(s, t->bytes);
	t->owns = 1;
}

int64_t alloc_sim_run(struct alloc_sim *s)
{
	if (s->broken)
		return -1;
	s->nb = 1;
	s->b[0] = (struct block){0, ALLOC_SIM_MAX_BYTES};
	s->max_size = 0;
	for (int i = 0; i < s->count; i++) {
		s->n[i].children = 0;
		s->n[i].owns = 0;
	}
	for (int i = 0; i < s->count; i++)
		for (int j = 0; j < s->n[i].nsrc; j++)
			s->n[s->n[i].src[j]].children++;
	for (int i = 0; i < s->count; i++)
		if (s->n[i].input)
			place(s, &s->n[i]);
	for (int i = 0; i < s->count; i++) {
		struct sim_node *t = &s->n[i];
		if (t->input)
			continue;
		if (t->bytes == ALLOC_SIM_INPLACE) {
			/* ggml_gallocr_allocate_node: the parent's slot is
			 * handed on */
			struct sim_node *p = &s->n[t->src[0]];
			if (!p->owns || p->output || p->children != 1)
				return -1; /* the graph was written wrong: ggml
					      would not reuse it */
			t->offset = p->offset;
			t->size = p->size;
			t->owns = 1;
			p->owns = 0;
		} else if (t->bytes >= 0) {
			place(s, t);
		}
		for (int j = 0; j < t->nsrc; j++) {
			struct sim_node *p = &s->n[t->src[j]];
			if (--p->children == 0 && p->owns && !p->output) {
				give(s, p->offset, p->size);
				p->owns = 0;
			}
		}
		if (s->broken)
			return -1;
	}
	return s->broken ? -1 : s->max_size; /* an input past the limit */
}
