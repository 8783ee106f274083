/*
 * DeepSeek MoE (V1) (src/models/deepseek.cpp): plain attention, a full cache
 * on every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out). Experts,
 * shared experts and leading dense layers, no MLA.
 */
#include "model/family.h"

/* conversion/deepseek.py DeepseekModel.set_gguf_parameters: TextModel's
 * keys, then the rotary dims (head_dim, else hidden_size //
 * num_attention_heads), no scaling, and the hparams it indexes
 * (required: a KeyError in the converter). */
static int deepseek_convert(struct hfc *c)
{
	static const struct hfc_copy need[] = {
		{"first_k_dense_replace", "leading_dense_block_count"},
		{"vocab_size", "vocab_size"},
		{"moe_intermediate_size", "expert_feed_forward_length"},
		{"n_routed_experts", "expert_count"},
		{"n_shared_experts", "expert_shared_count"},
	};
	int64_t dim;
	if (hfc_text_model(c) < 0 || hfc_head_dim(c, &dim) < 0)
		return -1;
	if (hfc_put_u32(c, "rope.dimension_count", dim) < 0 ||
	    hfc_put_str(c, "rope.scaling.type", "none") < 0 ||
	    hfc_put_f32(c, "expert_weights_scale", 1.0) < 0)
		return -1;
	if (HFC_COPY(c, need, 1) < 0)
		return -1;
	return 0;
}

const struct family family_deepseek = {
	.arch = "deepseek",
	.mech = AM_NEXTN | AM_DENSE_LEAD,
	/* The config class is the checkpoint's own code (transformers has
	 * none for DeepSeek V1, and the converter reads config.json as
	 * written): no defaults. */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"DeepseekForCausalLM", NULL},
		.converter = "conversion/deepseek.py DeepseekModel",
		.convert = deepseek_convert,
	},
};
