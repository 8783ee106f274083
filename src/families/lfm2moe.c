/*
 * LFM2-MoE (src/models/lfm2moe.cpp): LFM2's short-convolution layout with
 * experts.
 */
#include "model/family.h"

const struct family family_lfm2moe = {
	.arch = "lfm2moe",
	.mech = AM_NEXTN | AM_RECURRENT,
	.recurrent = &(const struct family_recurrent){
		.rule = RR_KV_ZERO,
		.state = RS_SHORTCONV,
	},
};
