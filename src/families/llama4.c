/*
 * Llama 4 (src/models/llama4.cpp load_arch_hparams): unless the file's
 * sliding_window is 0, swa_type CHUNKED with n_swa 8192 whatever the file
 * says, load_swa_pattern(4): three chunked layers, then one full.
 *
 * The graph (llama_model_llama4::graph<true>): every layer MoE (Scout's
 * interleave_moe_layer_step 1), or every step-th (Maverick's 2: the others
 * dense).
 */
#include "model/family.h"

const struct family family_llama4 = {
	.arch = "llama4",
	.mech = AM_NEXTN | AM_CHUNKED,
	.swa = &(const struct family_swa){
		.pattern = 4,
		.default_window = 8192,
		.chunked = 1,
	},
	.moe_graph = &(const struct family_moe_graph){
		.gating = GATE_SIGMOID_ON_LOGITS,
		.flags = MG_SHARED | MG_WEIGHT_BEFORE | MG_NOPE_SCALE | MG_ROWS_LAST,
	},
};
