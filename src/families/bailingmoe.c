/*
 * Ling (BailingMoE) (src/models/bailingmoe.cpp): plain attention, a full
 * cache on every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out). Experts,
 * shared experts and leading dense layers.
 */
#include "model/family.h"

/* conversion/bailingmoe.py BailingMoeModel.set_gguf_parameters: TextModel's
 * keys, the rope dimension (head_dim, else hidden_size //
 * num_attention_heads), then the keys it reads with hparams[...], the
 * experts' weights scaled by 1.0. */
static int bailingmoe_convert(struct hfc *c)
{
	int64_t v;
	if (hfc_text_model(c) < 0 || hfc_head_dim(c, &v) < 0 ||
	    hfc_put_u32(c, "rope.dimension_count", v) < 0)
		return -1;
	if (hfc_item(c, "first_k_dense_replace", "leading_dense_block_count",
		     HFC_U32) < 0 ||
	    hfc_item(c, "vocab_size", "vocab_size", HFC_U32) < 0 ||
	    hfc_item(c, "moe_intermediate_size", "expert_feed_forward_length",
		     HFC_U32) < 0)
		return -1;
	hfc_source(c, "1.0 (BailingMoeModel)");
	return hfc_put_f32(c, "expert_weights_scale", 1.0) < 0 ||
	       hfc_item(c, "num_shared_experts", "expert_shared_count",
			HFC_U32) < 0 ||
	       hfc_item(c, "norm_topk_prob", "expert_weights_norm",
			HFC_BOOL) < 0
		   ? -1 : 0;
}

const struct family family_bailingmoe = {
	.arch = "bailingmoe",
	.mech = AM_NEXTN | AM_DENSE_LEAD,
	/* a model of remote code: no transformers class fills in defaults */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"BailingMoeForCausalLM", NULL},
		.converter = "conversion/bailingmoe.py BailingMoeModel",
		.convert = bailingmoe_convert,
	},
};
