/*
 * gpt-oss (LLM_ARCH_OPENAI_MOE, src/models/openai-moe.cpp):
 * set_swa_pattern(2), learned sinks, 32 experts.
 *
 * conversion/gpt_oss.py passes the q/k/v/o biases through; the FFN's norm is
 * post_attention_norm.
 */
#include "model/family.h"

const struct family family_gpt_oss = {
	.arch = "gpt-oss",
	.mech = AM_NEXTN,
	.swa = &(const struct family_swa){.pattern = 2},
	.weights = &(const struct family_weights){
		.parts = WS_ATTN_NORM | WS_POST_ATTN | WS_SINKS | WS_QKV_BIAS |
			 WS_OUT_BIAS | WS_EXPERT_BIAS,
		.head = WS_HEAD_ALWAYS,
	},
	.moe_graph = &(const struct family_moe_graph){
		.gating = GATE_SOFTMAX_WEIGHT,
		.flags = MG_NEXTN_OUT,
	},
};
