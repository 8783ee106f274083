/*
 * Qwen3.5 MoE (src/models/qwen35moe.cpp): Qwen3-Next's layout.
 */
#include "model/family.h"

const struct family family_qwen35moe = {
	.arch = "qwen35moe",
	.mech = AM_NEXTN | AM_RECURRENT,
	.recurrent = &(const struct family_recurrent){
		.rule = RR_INTERVAL,
		.state = RS_MAMBA2,
	},
};
