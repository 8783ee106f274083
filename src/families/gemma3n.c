/*
 * Gemma 3n (src/models/gemma3n.cpp): set_swa_pattern(5), the local RoPE base
 * 10000, layers from 20 on reuse earlier layers' caches
 * (n_layer_kv_from_start = 20).
 */
#include "model/family.h"

const struct family family_gemma3n = {
	.arch = "gemma3n",
	.mech = AM_NEXTN | AM_GRAPH_GEMMA3N,
	.swa = &(const struct family_swa){
		.pattern = 5,
		.kv_from_start = 20,
		.base_local = 10000,
	},
};
