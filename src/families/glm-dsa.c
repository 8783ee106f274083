/*
 * GLM-5 (GlmMoeDsaForCausalLM, src/models/glm-dsa.cpp): the same
 * llama_kv_cache_dsa; an indexer on every layer before GLM-5.2, on the
 * layers attention.indexer.types marks after (src/model/gguf.c
 * read_glm_dsa).
 *
 * The graph is DeepSeek-V3.2's with a full indexer on every layer.
 */
#include "model/family.h"

const struct family family_glm_dsa = {
	.arch = "glm-dsa",
	.mech = AM_NEXTN | AM_INDEXER | AM_INDEXER_TYPES,
	.moe_graph = &(const struct family_moe_graph){
		.gating = GATE_SIGMOID_BIASED,
		.flags = MG_ROWS_LAST | MG_SHARED | MG_DENSE_LEAD | MG_MLA | MG_DSA,
	},
};
