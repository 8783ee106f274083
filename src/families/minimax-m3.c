/*
 * MiniMax-M3 (src/models/minimax-m3.cpp): block-sparse attention (MSA).
 * create_memory makes llama_kv_cache_msa (src/llama-kv-cache-msa.cpp): a
 * main llama_kv_cache of every layer (no filter: nextn layers refused),
 * and an indexer llama_kv_cache with the same cells, one K head of
 * indexer.key_length and one V head of value_length a cell, on the layers
 * filter_idx keeps, il >= leading_dense_block_count.  No window is read
 * (load_arch_hparams).
 */
#include "model/family.h"

const struct family family_minimax_m3 = {
	.arch = "minimax-m3",
	.mech = AM_NEXTN | AM_INDEXER,
	.indexer = &(const struct family_indexer){
		.with_v = 1,
		.layers = FI_AFTER_DENSE_LEAD,
	},
};
