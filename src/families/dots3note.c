/*
 * dots3note (src/models/dots3note.cpp): MLA with the latent cached on
 * every layer, full and sliding by the file's attention.
 * sliding_window_pattern (get_arr), and DSA's lightning indexer on the
 * layers attention.indexer.types marks.  create_memory makes
 * llama_kv_cache_dsa_iswa (src/llama-kv-cache-dsa-iswa.cpp): the full
 * layers' latent in a llama_kv_cache_dsa of kv_size cells, whose indexer
 * cache (one K head of indexer.key_length, K only) keeps the layers
 * filter_lid keeps, il < n_layer() && is_indexer_full(il), sliding or
 * not; the sliding layers' latent in a llama_kv_cache of the iSWA size.
 */
#include "model/family.h"

const struct family family_dots3note = {
	.arch = "dots3note",
	.mech = AM_NEXTN | AM_INDEXER,
	/* get_key(sliding_window), get_arr(sliding_window_pattern) */
	.swa = &(const struct family_swa){.required = 1},
	.indexer = &(const struct family_indexer){
		.layers = FI_TYPES,
		.nextn_out = 1,
	},
};
