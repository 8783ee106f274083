/*
 * compute_dense_replay: the compute buffer of the dense llama-like reserve
 * graphs (Llama, Mistral 3, Qwen2, OLMo 2, Phi-3, Cohere2), replayed tensor by
 * tensor through ggml-alloc's rules (src/graph/alloc_sim.h); called by
 * buffers.c.
 */
#ifndef ATTNVIZ_COMPUTE_DENSE_REPLAY_H
#define ATTNVIZ_COMPUTE_DENSE_REPLAY_H

#include <stdint.h>

#include "model/model.h"
#include "model/deploy.h"

/* 1 when m's graph against the cache a is one replayed here (its
 * builder's row, n_embd and n_ff known, one cache: no sliding window but
 * for Cohere2's iSWA) and
 * tests/engine.sh holds that family within 2 % over its whole buffers
 * matrix (every cache type, flash attention on and off). */
int compute_dense_replay_modelled(const struct model *m,
				  const struct kv_alloc *a);
/* 1 for any model of 1 to MODEL_MAX_LAYERS layers: compute_replay.c's
 * last row, Llama's graph with the model's widths, a plain estimate. */
int compute_dense_replay_plain(const struct model *m);
/* The buffer for ubatch ub against the cache a: 0, or -1 on overflow or
 * when m is not replayed here. */
int compute_dense_replay_bytes(const struct model *m, const struct deploy *d,
			       int64_t ub, const struct kv_alloc *a,
			       int64_t *out);

#endif
