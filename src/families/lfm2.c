/*
 * LFM2 (src/models/lfm2.cpp): short-convolution state where
 * head_count_kv(il) is 0; a sliding_window > 0 makes every attention layer
 * sliding (is_swa = !is_recr: pattern 0, all alike).
 */
#include "model/family.h"

const struct family family_lfm2 = {
	.arch = "lfm2",
	.mech = AM_NEXTN | AM_RECURRENT,
	.swa = &(const struct family_swa){.pattern = 0},
	.recurrent = &(const struct family_recurrent){
		.rule = RR_KV_ZERO,
		.state = RS_SHORTCONV,
	},
	.hybrid_graph = &(const struct family_hybrid_graph){
		.recr = RECR_SHORTCONV,
		.flags = HF_QK_NORM_ROPE,
		.modelled = 1,
		.modelled_rot_fa = 1,
	},
};
