/*
 * Command R7B (src/models/cohere2.cpp): set_swa_pattern(4); one norm a
 * layer; the head is the token embeddings.
 *
 * The graph (llama_model_cohere2::graph): a sliding and a full cache,
 * RoPE on the sliding layers only, LayerNorm (never in place), the FFN in
 * parallel with the attention on the same norm, the layer's output
 * add(add(ffn, residual), attn_out) expanded from its first source, so wo
 * comes after the FFN; the logits scaled in place.
 */
#include "model/family.h"

const struct family family_cohere2 = {
    .arch = "cohere2",
    .mech = AM_NEXTN,
    .swa = &(const struct family_swa){.pattern = 4},
    .weights =
	&(const struct family_weights){
	    .parts = WS_ATTN_NORM,
	    .head = WS_HEAD_NEVER,
	    .tied = 1,
	},
    .dense_graph =
	&(const struct family_dense_graph){
	    .flags = DR_COHERE2,
	    .modelled = 1,
	    .windowed = 1,
	},
};
