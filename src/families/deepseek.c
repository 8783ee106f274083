/*
 * DeepSeek MoE (V1) (src/models/deepseek.cpp): plain attention, a full cache
 * on every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out). Experts,
 * shared experts and leading dense layers, no MLA.
 */
#include "model/family.h"

const struct family family_deepseek = {
	.arch = "deepseek",
	.mech = AM_NEXTN,
	/* conversion/deepseek.py DeepseekModel: TextModel's keys, the
	 * experts n_routed_experts of moe_intermediate_size.  The config class
	 * is the checkpoint's own code (transformers has none for DeepSeek
	 * V1, and the converter reads config.json as written): every count
	 * required. */
	.hf = &(const struct family_hf){
		.classes = (const char *const[]){"DeepseekForCausalLM", NULL},
		.converter = "conversion/deepseek.py DeepseekModel",
		.model_type = "deepseek", .config = "DeepseekConfig",
		.experts_key = "n_routed_experts",
		.used_key = "num_experts_per_tok",
		.expert_ff_key = "moe_intermediate_size",
	},
};
