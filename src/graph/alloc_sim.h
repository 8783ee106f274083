/*
 * alloc_sim: a replay of ggml-alloc's graph allocator (ggml/src/ggml-alloc.c,
 * release v0.5.0) on a reserve graph written out tensor by tensor, for the
 * compute buffers whose peak depends on where ggml_dyn_tallocr_alloc's best
 * fit leaves holes (MoE: src/graph/compute_moe.c).  Our code, following its
 * rules:
 *   - ggml_gallocr_alloc_graph_impl: the graph inputs are placed first, in
 *     the order the graph first uses them; then every node in order, and
 *     after a node its sources lose a consumer; one without consumers left
 *     is freed (never a graph output);
 *   - ggml_gallocr_allocate_node: a node computed in place takes its first
 *     source's slot (the source is then not freed on its own);
 *   - ggml_dyn_tallocr_alloc: sizes rounded up to the alignment; the
 *     smallest free block that fits among all but the last (the last of
 *     equal ones), else the last block (the open end); the buffer is the
 *     highest offset + size handed out (max_size);
 *   - ggml_dyn_tallocr_free_bytes: a freed range merges with the free
 *     blocks it touches.
 * View nodes (reshape, permute, view) are not written: their consumers are
 * the viewed tensor's, which is freed after the last of them as
 * ggml-alloc's n_views count does.  Nodes computed in place (the biases,
 * norms' weights, residual adds) only move a slot on and are written as
 * ALLOC_SIM_INPLACE nodes only when they add a consumer of another tensor.
 */
#ifndef ATTNVIZ_ALLOC_SIM_H
#define ATTNVIZ_ALLOC_SIM_H

#include <stdint.h>

#define ALLOC_SIM_SRC                                                          \
	6 /* the gated delta net reads six (ggml.h GGML_MAX_SRC: 10) */
#define ALLOC_SIM_INPLACE                                                      \
	(-1) /* bytes of a node that takes its first source's slot */
#define ALLOC_SIM_NOALLOC                                                      \
	(-2) /* bytes of a node outside the buffer (a write into the KV cache) \
	      */
/* The largest buffer replayed (2^62 B): a node or a graph above it is
 * refused (alloc_sim_run gives -1), so no size or offset wraps. */
#define ALLOC_SIM_MAX_BYTES (INT64_C(1) << 62)

struct alloc_sim;

/* A graph of at most max_nodes nodes on a buffer of the given alignment
 * (ggml_backend_cpu_buffer_type: 32); NULL when out of memory. */
struct alloc_sim *alloc_sim_new(int max_nodes, int64_t alignment);
void alloc_sim_free(struct alloc_sim *s);
/* Empties s for a new graph of at most max_nodes nodes, keeping its memory
 * (the replays of one process are many: fresh pages for each cost more than
 * the replay); 0, or -1 when out of memory. */
int alloc_sim_reset(struct alloc_sim *s, int max_nodes);
/* A graph input of n bytes (placed before every node, in the order added):
 * its id. */
int alloc_sim_input(struct alloc_sim *s, int64_t n);
/* A node of n bytes (or ALLOC_SIM_INPLACE, ALLOC_SIM_NOALLOC) reading the
 * sources src[0..nsrc) (-1 entries are skipped): its id, or -1 when the
 * graph is full. */
int alloc_sim_node(struct alloc_sim *s, int64_t n, int nsrc, const int *src);
/* Marks a tensor a graph output: never freed (llama-graph.cpp: t_logits,
 * t_embd, t_h_nextn). */
void alloc_sim_output(struct alloc_sim *s, int id);
/* Replays the graph: the buffer's max_size in bytes, or -1 when a node was
 * refused or the buffer would pass ALLOC_SIM_MAX_BYTES. */
int64_t alloc_sim_run(struct alloc_sim *s);

#endif
