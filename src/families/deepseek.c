/*
 * DeepSeek MoE (V1) (src/models/deepseek.cpp): plain attention, a full cache
 * on every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out). Experts,
 * shared experts and leading dense layers, no MLA.
 */
#include "model/family.h"

#define KEY(k) ((const char *const[]){(k), NULL})

/* conversion/deepseek.py DeepseekModel.set_gguf_parameters: TextModel's
 * keys, then the rotary dims (head_dim, else hidden_size //
 * num_attention_heads), no scaling, and the hparams it indexes
 * (required: a KeyError in the converter). */
static int deepseek_convert(struct hfc *c)
{
	static const struct {
		const char *from, *key;
	} need[] = {
		{"first_k_dense_replace", "leading_dense_block_count"},
		{"vocab_size", "vocab_size"},
		{"moe_intermediate_size", "expert_feed_forward_length"},
		{"n_routed_experts", "expert_count"},
		{"n_shared_experts", "expert_shared_count"},
	};
	int64_t dim, e, h, v;
	if (hfc_text_model(c) < 0)
		return -1;
	if (hfc_int(c, KEY("head_dim"), 0, &dim) < 0)
		return -1;
	if (!dim) {
		if (hfc_need(c, KEY("hidden_size"), &e) < 0 ||
		    hfc_need(c, KEY("num_attention_heads"), &h) < 0)
			return -1;
		if (h < 1)
			return hfc_fail(c, NULL, "%lld heads", (long long)h);
		dim = e / h;
		hfc_source(c, "hidden_size / num_attention_heads");
	}
	if (hfc_put_u32(c, "rope.dimension_count", dim) < 0 ||
	    hfc_put_str(c, "rope.scaling.type", "none") < 0 ||
	    hfc_put_f32(c, "expert_weights_scale", 1.0) < 0)
		return -1;
	for (size_t i = 0; i < sizeof need / sizeof need[0]; i++)
		if (hfc_need(c, KEY(need[i].from), &v) < 0 ||
		    hfc_put_u32(c, need[i].key, v) < 0)
			return -1;
	return 0;
}

const struct family family_deepseek = {
	.arch = "deepseek",
	.mech = AM_NEXTN,
	/* The config class is the checkpoint's own code (transformers has
	 * none for DeepSeek V1, and the converter reads config.json as
	 * written): no defaults. */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"DeepseekForCausalLM", NULL},
		.converter = "conversion/deepseek.py DeepseekModel",
		.convert = deepseek_convert,
	},
};
