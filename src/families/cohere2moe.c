/*
 * Command A MoE (src/models/cohere2moe.cpp): experts, leading dense layers,
 * and a sliding window on every file (attention.sliding_window is
 * required), load_swa_pattern(ml, 4, true): the file's per-layer pattern,
 * else the full layer first and three sliding ones after it; the sliding
 * layers' RoPE base is the global one unless rope.freq_base_swa says.
 */
#include "model/family.h"

#include <string.h>

/*
 * conversion/command_r.py Cohere2MoeModel: __init__ counts the
 * num_nextn_predict_layers into the blocks; set_gguf_parameters writes
 * TextModel's keys, then: the experts' width intermediate_size, the dense
 * lead (the layers before the first mlp_layer_types entry not "dense",
 * else first_k_dense_replace), one sliding bool a layer_types entry (the
 * nextn layers have none: llama.cpp leaves them full), the shared experts
 * only when there are some (averaged: any other combination refused), the
 * rope dimension head_dim, and no rope scaling.
 */
static int cohere2moe_convert(struct hfc *c)
{
	static const char *const ff[] = {"intermediate_size", NULL};
	static const char *const first[] = {"first_k_dense_replace", NULL};
	static const char *const nextn[] = {"num_nextn_predict_layers", NULL};
	static const char *const shared[] = {"num_shared_experts", NULL};
	const char *types[1024];
	int64_t ffe, lead, x, n, ns;
	if (hfc_need(c, ff, &ffe) < 0 || hfc_int(c, first, 0, &lead) < 0)
		return -1;
	int nm = hfc_words(c, "mlp_layer_types", types, 1024);
	if (nm < 0)
		return -1;
	if (hfc_has(c, "mlp_layer_types")) {
		for (lead = 0; lead < nm && !strcmp(types[lead], "dense");)
			lead++;
	}
	if (hfc_text_model(c) < 0 || hfc_int(c, nextn, 0, &x) < 0)
		return -1;
	if (x > 0) {
		if (hfc_block_count(c, &n) < 0)
			return -1;
		hfc_source(c, "num_hidden_layers + num_nextn_predict_layers");
		if (hfc_put_u32(c, "block_count", n + x) < 0)
			return -1;
	}
	if (hfc_item(c, "logit_scale", "logit_scale", HFC_F32) < 0 ||
	    hfc_item(c, "sliding_window", "attention.sliding_window",
		     HFC_U32) < 0)
		return -1;
	if (hfc_put_layer_words(c, &(const struct hfc_layer_words){
		    .from = "layer_types", .word = "sliding_attention",
		    .key = "attention.sliding_window_pattern", .required = 1,
	    }, NULL) < 0 ||
	    hfc_item(c, "vocab_size", "vocab_size", HFC_U32) < 0)
		return -1;
	hfc_source(c, "intermediate_size");
	if (hfc_put_u32(c, "expert_feed_forward_length", ffe) < 0)
		return -1;
	if (hfc_has(c, "mlp_layer_types"))
		hfc_source(c, "mlp_layer_types (the leading \"dense\")");
	else
		hfc_source(c, "first_k_dense_replace");
	if (hfc_put_u32(c, "leading_dense_block_count", lead) < 0)
		return -1;
	int norm;
	if (hfc_bool(c, "norm_topk_prob", 0, &norm) < 0 ||
	    hfc_put_bool(c, "expert_weights_norm", norm) < 0 ||
	    hfc_int(c, shared, 0, &ns) < 0)
		return -1;
	if (ns > 0) {
		const char *how = hfc_str(c,
			"shared_expert_combination_strategy");
		if (hfc_has(c, "shared_expert_combination_strategy") &&
		    (!how || strcmp(how, "average")))
			return hfc_fail(c, NULL, "the converter supports only "
					"\"average\"");
		hfc_source(c, "num_shared_experts");
		if (hfc_put_u32(c, "expert_shared_count", ns) < 0)
			return -1;
		hfc_source(c, "intermediate_size x num_shared_experts");
		if (hfc_put_u32(c, "expert_shared_feed_forward_length",
				ffe * ns) < 0)
			return -1;
	}
	if (x > 0 && (hfc_source(c, "num_nextn_predict_layers"),
		      hfc_put_u32(c, "nextn_predict_layers", x) < 0))
		return -1;
	if (hfc_item(c, "head_dim", "rope.dimension_count", HFC_U32) < 0)
		return -1;
	hfc_source(c, "none (Cohere2MoeModel)");
	return hfc_put_str(c, "rope.scaling.type", "none");
}

const struct family family_cohere2moe = {
	.arch = "cohere2moe",
	.mech = AM_NEXTN | AM_DENSE_LEAD,
	.swa = &(const struct family_swa){.pattern = 4, .dense_first = 1},
	/* transformers' Cohere2MoeConfig's defaults (its layer_types and
	 * mlp_layer_types, made from the others, are not: the file gives
	 * layer_types, which the converter requires) */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"Cohere2MoeForCausalLM", NULL},
		.converter = "conversion/command_r.py Cohere2MoeModel",
		.config = "Cohere2MoeConfig",
		.defaults = (const struct hfc_default[]){
			{.key = "vocab_size", .value = 256000},
			{.key = "hidden_size", .value = 8192},
			{.key = "intermediate_size", .value = 22528},
			{.key = "logit_scale", .value = 0.0625},
			{.key = "num_hidden_layers", .value = 40},
			{.key = "num_attention_heads", .value = 64},
			{.key = "head_dim", .value = 128},
			{.key = "max_position_embeddings", .value = 8192},
			{.key = "layer_norm_eps", .value = 1e-5},
			{.key = "tie_word_embeddings", .value = 1},
			{.key = "rope_theta", .value = 10000},
			{.key = "sliding_window", .value = 4096},
			{.key = "num_experts_per_tok", .value = 2},
			{.key = "num_experts", .value = 8},
			{.key = "num_shared_experts", .value = 0},
			{.key = "shared_expert_combination_strategy",
			 .str = "average"},
			{.key = "expert_selection_fn", .str = "softmax"},
			{.key = "norm_topk_prob", .value = 1},
			{.key = NULL},
		},
		.convert = cohere2moe_convert,
	},
};
