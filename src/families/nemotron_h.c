/*
 * Nemotron-H (src/models/nemotron-h.cpp load_arch_hparams): a layer is
 * recurrent iff head_count_kv(il) and feed_forward_length(il) are both 0; an
 * MLP-only layer keeps nothing (create_memory's filter_attn / filter_recr).
 */
#include "model/family.h"

const struct family family_nemotron_h = {
	.arch = "nemotron_h",
	.mech = AM_NEXTN | AM_RECURRENT,
	.recurrent = &(const struct family_recurrent){
		.rule = RR_KV_FF_ZERO,
		.state = RS_MAMBA2,
	},
	.mamba2_graph = &(const struct family_mamba2_graph){
		.flags = M2_MLP_BLOCKS | M2_NEXTN_OUT,
		.modelled = 1,
	},
};
