/*
 * Qwen3-Next (src/models/qwen3next.cpp): Gated DeltaNet layers between
 * attention ones, every full_attention_interval-th (4) or as
 * attention.recurrent_layers says; both caches keep il < n_layer() only.
 */
#include "model/family.h"

const struct family family_qwen3next = {
	.arch = "qwen3next",
	.mech = AM_NEXTN | AM_RECURRENT,
	.recurrent = &(const struct family_recurrent){
		.rule = RR_INTERVAL,
		.state = RS_MAMBA2,
	},
	.gdn_graph = &(const struct family_gdn_graph){
		.flags = GD_MOE | GD_BA_FUSED | GD_REPEAT,
		.modelled = 1,
	},
};
