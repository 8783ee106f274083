/*
 * Hunyuan V4 (src/models/hy-v4.cpp): MLA with the latent cached
 * (GGML_ASSERT(hparams.is_mla())).  create_memory: with indexer.top_k 0 a
 * plain llama_kv_cache; else llama_kv_cache_dsa (src/llama-kv-cache-
 * dsa.cpp) whose indexer cache, one K head of indexer.key_length a cell
 * in K's type, keeps only the layers hparams.is_indexer_full(il) marks
 * (attention.indexer.types; layer 0 must be one).  Neither cache filters
 * nextn layers out: such a file is refused.
 */
#include "model/family.h"

const struct family family_hy_v4 = {
	.arch = "hy_v4",
	.mech = AM_NEXTN | AM_INDEXER,
	.indexer = &(const struct family_indexer){
		.layers = FI_TYPES,
		.top_k_zero_none = 1,
		.first_required = 1,
	},
};
