/*
 * Qwen1.5-MoE and Qwen2-MoE (src/models/qwen2moe.cpp): plain attention, a
 * full cache on every layer; load_arch_hparams reads no window and no other
 * cache mechanism, only the generic keys (nextn layers filtered out).
 * Experts and a shared expert.
 */
#include "model/family.h"

const struct family family_qwen2moe = {
	.arch = "qwen2moe",
	.mech = AM_NEXTN,
	/* conversion/qwen.py Qwen2MoeModel: TextModel's keys, expert_count
	 * num_experts, an expert moe_intermediate_size wide (llama.cpp reads no
	 * sliding window for qwen2moe); the defaults are transformers'
	 * Qwen2MoeConfig. */
	.hf = &(const struct family_hf){
		.classes = (const char *const[]){"Qwen2MoeForCausalLM", NULL},
		.converter = "conversion/qwen.py Qwen2MoeModel",
		.model_type = "qwen2_moe", .config = "Qwen2MoeConfig",
		.vocab = 151936, .hidden = 2048, .inter = 5632, .heads = 16,
		.kv_heads = 16, .max_pos = 32768, .rope_theta = 10000,
		.expert_ff_key = "moe_intermediate_size",
		.experts = 60, .experts_used = 4,
	},
};
