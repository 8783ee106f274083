/*
 * LFM2-MoE (src/models/lfm2moe.cpp): LFM2's short-convolution layout with
 * experts after the leading dense layers.
 */
#include <string.h>

#include "model/family.h"
#include "model/hfconv.h"
#include "model/model.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* Lfm2MoeConfig.__init__'s layer_types: the file's, else "full_attention"
 * for the layers full_attn_idxs lists ("conv" for the others), every
 * layer when it lists none.  LFM2MoeModel.set_gguf_parameters makes
 * num_key_value_heads a list: the heads where "full_attention", 0
 * elsewhere, which lfm2moe.cpp reads as a recurrent layer (is_recr =
 * n_head_kv(il) == 0).  Another word is refused (the converter would make
 * it a conv block). */
static int lfm2moe_kv_heads(struct hfc *c)
{
	return hfc_lfm2_kv_heads(c, K("conv", "full_attention"), "LFM2-MoE");
}

/* conversion/lfm2.py LFM2MoeModel.set_gguf_parameters: the KV heads a
 * layer, TextModel's keys (expert_count num_experts, expert_used_count
 * num_experts_per_tok, the RMS epsilon norm_eps), then
 * expert_feed_forward_length moe_intermediate_size,
 * leading_dense_block_count num_dense_layers, expert_gating_func SIGMOID,
 * vocab_size and shortconv.l_cache conv_L_cache.  lfm2moe.cpp's loader
 * wants an exp_probs_b on every MoE layer: the checkpoint's expert_bias
 * (use_expert_bias), which filter_tensors renames so. */
static int lfm2moe_convert(struct hfc *c)
{
	int bias, tie, rc;
	if (hfc_text_model(c) < 0 || lfm2moe_kv_heads(c) < 0 ||
	    hfc_item(c, "moe_intermediate_size", "expert_feed_forward_length",
		     HFC_U32) < 0 ||
	    hfc_item(c, "num_dense_layers", "leading_dense_block_count",
		     HFC_U32) < 0)
		return -1;
	hfc_source(c, "architectures[0] (conversion/lfm2.py LFM2MoeModel: "
		   "SIGMOID)");
	if (hfc_put_u32(c, "expert_gating_func", 2) < 0 ||
	    hfc_item(c, "vocab_size", "vocab_size", HFC_U32) < 0 ||
	    hfc_item(c, "conv_L_cache", "shortconv.l_cache", HFC_U32) < 0 ||
	    hfc_bool(c, "use_expert_bias", 1, &bias) < 0 ||
	    (rc = hfc_bool(c, "tie_embedding", 1, &tie)) < 0)
		return -1;
	if (!bias)
		return hfc_fail(c, "use_expert_bias", "false: llama.cpp's "
				"lfm2moe loader wants the experts' score bias "
				"(exp_probs_b) on every MoE layer");
	hfc_router_bias(c, "config.json use_expert_bias: the checkpoint's "
			"expert_bias, written as exp_probs_b");
	if (rc > 0)
		hfc_tied_by(c, "tie_embedding", tie);
	return 0;
}

const struct family family_lfm2moe = {
	.arch = "lfm2moe",
	.mech = AM_NEXTN | AM_RECURRENT | AM_DENSE_LEAD,
	.recurrent = &(const struct family_recurrent){
		.rule = RR_KV_ZERO,
		.state = RS_SHORTCONV,
	},
	/* lfm2moe.cpp load_arch_tensors: attn_norm and ffn_norm a layer,
	 * q/k norms a head wide on the attention layers, the router and
	 * exp_probs_b; output.weight not required (tied: the embeddings) */
	.weights = &(const struct family_weights){
		.parts = WS_PLAIN | WS_QK_NORM,
	},
	/* transformers' Lfm2MoeConfig's defaults (models/lfm2_moe/
	 * configuration_lfm2_moe.py; no head_dim: hidden_size / heads) */
	.conv = &(const struct family_conv){
		.classes = K("Lfm2MoeForCausalLM"),
		.converter = "conversion/lfm2.py LFM2MoeModel",
		.config = "Lfm2MoeConfig",
		.defaults = (const struct hfc_default[]){
			{"vocab_size", 65536, NULL},
			{"hidden_size", 2048, NULL},
			{"intermediate_size", 7168, NULL},
			{"moe_intermediate_size", 1792, NULL},
			{"num_hidden_layers", 32, NULL},
			{"tie_word_embeddings", 1, NULL},
			{"rope_theta", 1e6, NULL},
			{"max_position_embeddings", 128000, NULL},
			{"norm_eps", 1e-5, NULL},
			{"num_attention_heads", 32, NULL},
			{"num_key_value_heads", 8, NULL},
			{"conv_bias", 0, NULL},
			{"conv_L_cache", 3, NULL},
			{"num_dense_layers", 2, NULL},
			{"num_experts_per_tok", 4, NULL},
			{"num_experts", 32, NULL},
			{"use_expert_bias", 1, NULL},
			{"norm_topk_prob", 1, NULL},
			{NULL, 0, NULL},
		},
		.convert = lfm2moe_convert,
	},
};
