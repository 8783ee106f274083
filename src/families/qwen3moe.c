/*
 * Qwen3-MoE (src/models/qwen3moe.cpp llama_model_qwen3moe::graph, norm_w
 * true).
 */
#include "model/family.h"

const struct family family_qwen3moe = {
	.arch = "qwen3moe",
	.mech = AM_NEXTN,
	.moe_graph = &(const struct family_moe_graph){
		.gating = GATE_SOFTMAX,
		.flags = MG_ROWS_LAST | MG_QK_NORM | MG_V_FIRST | MG_NORM_W,
	},
};
