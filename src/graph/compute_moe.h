/*
 * compute_moe: the compute buffer of the MoE graphs whose peak is replayed
 * through ggml-alloc's rules (compute_moe.c); called by buffers.c.
 */
#ifndef ATTNVIZ_COMPUTE_MOE_H
#define ATTNVIZ_COMPUTE_MOE_H

#include <stdint.h>

#include "model/arch.h"
#include "model/deploy.h"

/* 1 when m's compute buffer is replayed (a family with a moe_graph,
 * src/families/: gpt-oss, Llama 4, Qwen3-MoE with its expert widths known;
 * GLM-4.5, DeepSeek2 with dense_lead, ff_dense, shared_experts; Llama 4
 * with moe_layer_step > 1 and ff_dense; DeepSeek-V3.2 and GLM-5 with
 * q_lora_rank and indexer_heads) and checked against the real engine. */
int compute_moe_modelled(const struct model *m);
/* 1 for an MoE model of no described graph (or without the widths its
 * family's graph needs): Qwen3-MoE's graph with the dense lead layers,
 * shared experts, sliding window and MLA latent its fields give (its
 * recurrent layers, if any, as attention ones), replayed as a plain
 * estimate. */
int compute_moe_plain(const struct model *m);
/* The buffer for ubatch ub against the cache a: 0, or -1 on overflow. */
int compute_moe_bytes(const struct model *m, const struct deploy *d, int64_t ub,
		      const struct kv_alloc *a, int64_t *out);

#endif
