/*
 * Granite 4.0-H (src/models/granite-hybrid.cpp): Mamba2 where
 * head_count_kv(il) is 0 (llama-memory-hybrid.cpp's default filters).
 */
#include "model/family.h"

const struct family family_granitehybrid = {
	.arch = "granitehybrid",
	.mech = AM_NEXTN | AM_RECURRENT,
	.recurrent = &(const struct family_recurrent){
		.rule = RR_KV_ZERO,
		.state = RS_MAMBA2,
	},
	.mamba2_graph = &(const struct family_mamba2_graph){
		.flags = M2_ROPE | M2_FFN_GLU,
		.modelled = 1,
	},
};
