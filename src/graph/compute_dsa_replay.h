/*
 * compute_dsa_replay: the sparse-attention layer of DeepSeek-V3.2 and GLM-5
 * (the lightning indexer, its top-k mask, the MLA attention) written tensor
 * by tensor into the MoE replay (compute_moe.c's build, alloc_sim.c).
 */
#ifndef ATTNVIZ_MODEL_COMPUTE_DSA_REPLAY_H
#define ATTNVIZ_MODEL_COMPUTE_DSA_REPLAY_H

#include <stdint.h>

#include "graph/alloc_sim.h"
#include "model/deploy.h"

/* The graph inputs and leaves the sparse layers read (alloc_sim ids). */
struct dsa_inputs {
	int pos, krot, kidx, kidx_lid, mask, mask_lid;
	int zeros[MODEL_MAX_LAYERS]; /* each layer's zeros leaf of its top-k
					mask */
};

/* 1 when m has what the sparse graph's widths need (indexer heads, head
 * size and top-k, the query latent). */
int compute_dsa_replayable(const struct model *m);
/* 1 when the sparse graph can be replayed as an estimate: its widths but
 * the indexer's heads, whose place the attention's heads take. */
int compute_dsa_plain(const struct model *m);
/* Places the inputs after inp_tokens and inp_embd, in ggml-alloc's order,
 * for n_layer graph layers of nt tokens: 0, or -1 when the graph is full. */
int compute_dsa_inputs(struct alloc_sim *s, const struct model *m,
		       const struct deploy *d, const struct kv_alloc *a,
		       int64_t nt, int64_t n_layer, struct dsa_inputs *in);
/* Layer il's attention from its norm to the input of wo: the node id. */
int compute_dsa_attn(struct alloc_sim *s, const struct model *m,
		     const struct deploy *d, const struct kv_alloc *a,
		     int64_t nt, const struct dsa_inputs *in, int64_t il,
		     int norm);

#endif
