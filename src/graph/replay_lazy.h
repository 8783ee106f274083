/*
 * replay_lazy: a reserve graph written as llama.cpp's builders make its
 * tensors and handed to an alloc_sim replay in ggml's order, for the graphs
 * whose builders expand in the middle of a layer (the hybrids:
 * compute_mamba2.c, compute_hybrid_replay.c).
 *
 * ggml puts a node into the graph when a ggml_build_forward_expand reaches
 * it (ggml.c ggml_visit_parents: its sources first, in order, depth
 * first), so a layer's tail joins the graph only when a later expand pulls
 * it in.  A node is made here where the builder makes its tensor and goes
 * to alloc_sim when expanded, after its sources.  A graph input goes to
 * alloc_sim when the first node emitted reads it, or when expanded itself
 * (inp_tokens, inp_embd): ggml_gallocr_alloc_graph_impl places the inputs
 * of every node, nodes in order, before the nodes.
 */
#ifndef ATTNVIZ_REPLAY_LAZY_H
#define ATTNVIZ_REPLAY_LAZY_H

#include <stdint.h>

#include "graph/alloc_sim.h"

struct replay_lazy_node {
	int64_t
	    bytes; /* or ALLOC_SIM_NOALLOC; a node in place has `inplace` set */
	int src[ALLOC_SIM_SRC]; /* lazy ids, in the op's source order */
	int nsrc;
	int inplace; /* the source whose slot it takes
			(ggml_gallocr_allocate_node), -1 none */
	int input;   /* a graph input */
	int out;     /* a graph output: never freed */
	int piece;   /* the caller's piece (0: a plain node), written by
			emit_piece */
	int64_t arg; /* the piece's argument */
	int sim;     /* its alloc_sim id once emitted, -1 before */
};
struct replay_lazy {
	struct replay_lazy_node *n; /* [max] */
	int *stack;		    /* the depth-first walk: [max] lazy ids */
	int count, max, broken;
	struct alloc_sim *s;
	/* writes a piece (a run of nodes of src/graph/replay_graph.c, written
	 * whole when expanded) into s: its last node's alloc_sim id, or -1 */
	int (*emit_piece)(struct replay_lazy *g,
			  const struct replay_lazy_node *t);
};

/* Room for max lazy nodes emitted into s: 0, or -1 when out of memory
 * (replay_lazy_free frees it either way). */
int replay_lazy_init(struct replay_lazy *g, struct alloc_sim *s, int max);
void replay_lazy_free(struct replay_lazy *g);
/* A node of bytes reading src[0..nsrc) (-1 entries skipped), in place on
 * source number inplace (-1: a new tensor): its lazy id, or -1 (and
 * broken) when full. */
int replay_lazy_add(struct replay_lazy *g, int64_t bytes, int inplace, int nsrc,
		    const int *src);
/* A graph input of bytes: its lazy id. */
int replay_lazy_input(struct replay_lazy *g, int64_t bytes);
/* A tensor already in alloc_sim (a piece's own input): its lazy id. */
int replay_lazy_extern(struct replay_lazy *g, int sim);
/* A piece reading src[0..nsrc): its lazy id. */
int replay_lazy_piece(struct replay_lazy *g, int piece, int64_t arg, int nsrc,
		      const int *src);
/* Marks node id a graph output (llama-graph.cpp res->t_h_nextn). */
void replay_lazy_output(struct replay_lazy *g, int id);
/* ggml_build_forward_expand: id and every source not yet emitted. */
void replay_lazy_expand(struct replay_lazy *g, int id);
/* The nodes made but never expanded (an unread one is a slip in a builder). */
int replay_lazy_unexpanded(const struct replay_lazy *g);

#define REPLAY_LAZY_COUNT(...)                                                 \
	((int)(sizeof((int[]){__VA_ARGS__}) / sizeof(int)))
/* A new tensor of bytes reading the sources: REPLAY_LAZY_NEW(g, 4 * E * nt, a,
 * b) */
#define REPLAY_LAZY_NEW(g, bytes, ...)                                         \
	replay_lazy_add((g), (bytes), -1, REPLAY_LAZY_COUNT(__VA_ARGS__),      \
			(int[]){__VA_ARGS__})
/* An op computed in place on its source number `which` */
#define REPLAY_LAZY_INPL(g, which, ...)                                        \
	replay_lazy_add((g), 0, (which), REPLAY_LAZY_COUNT(__VA_ARGS__),       \
			(int[]){__VA_ARGS__})
/* A copy into a cache (set_rows, ggml_cpy into a state view): outside the
 * buffer */
#define REPLAY_LAZY_STORE(g, ...)                                              \
	replay_lazy_add((g), ALLOC_SIM_NOALLOC, -1,                            \
			REPLAY_LAZY_COUNT(__VA_ARGS__), (int[]){__VA_ARGS__})

#endif
