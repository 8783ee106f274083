/*
 * dots.llm1 (src/models/dots1.cpp): plain attention, a full cache on every
 * layer; load_arch_hparams reads no window and no other cache mechanism,
 * only the generic keys (nextn layers filtered out). Experts, shared experts
 * and leading dense layers.
 */
#include "model/family.h"

/* config.json by conversion/dots1.py Dots1Model, over Qwen2MoeModel and
 * TextModel: __init__ sets num_experts to n_routed_experts (the expert
 * count), Qwen2MoeModel adds the expert widths when present, Dots1Model
 * the leading dense blocks, shared experts and weights' scale and norm,
 * hparams["KEY"] each required. */
static int dots1_convert(struct hfc *c)
{
	static const struct hfc_copy opt[] = {
		{"moe_intermediate_size", "expert_feed_forward_length"},
		{"shared_expert_intermediate_size",
		 "expert_shared_feed_forward_length"},
	}, need[] = {
		{"n_routed_experts", "expert_count"},
		{"first_k_dense_replace", "leading_dense_block_count"},
		{"n_shared_experts", "expert_shared_count"},
	};
	static const char *const scale[] = {"routed_scaling_factor", NULL};
	double d;
	int rc, norm;
	if (hfc_text_model(c) < 0)
		return -1;
	if (HFC_COPY(c, opt, 0) < 0)
		return -1;
	if (HFC_COPY(c, need, 1) < 0)
		return -1;
	if ((rc = hfc_real(c, scale, 0, &d)) == 0)
		return hfc_fail(c, NULL, "missing (required by "
				"conversion/dots1.py Dots1Model)");
	if (rc < 0 || hfc_put_f32(c, "expert_weights_scale", d) < 0)
		return -1;
	if ((rc = hfc_bool(c, "norm_topk_prob", 0, &norm)) == 0)
		return hfc_fail(c, NULL, "missing (required by "
				"conversion/dots1.py Dots1Model)");
	return rc < 0 ? -1 : hfc_put_bool(c, "expert_weights_norm", norm);
}

const struct family family_dots1 = {
	.arch = "dots1",
	.mech = AM_NEXTN | AM_DENSE_LEAD,
	/* Dots1ForCausalLM; the defaults are transformers' Dots1Config's
	 * (its n_routed_experts and n_shared_experts None: required). */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"Dots1ForCausalLM", NULL},
		.converter = "conversion/dots1.py Dots1Model",
		.config = "Dots1Config",
		.defaults = (const struct hfc_default[]){
			{.key = "vocab_size", .value = 152064},
			{.key = "hidden_size", .value = 4608},
			{.key = "intermediate_size", .value = 10944},
			{.key = "moe_intermediate_size", .value = 1408},
			{.key = "num_hidden_layers", .value = 62},
			{.key = "num_attention_heads", .value = 32},
			{.key = "num_key_value_heads", .value = 32},
			{.key = "n_group", .value = 1},
			{.key = "topk_group", .value = 1},
			{.key = "first_k_dense_replace", .value = 0},
			{.key = "norm_topk_prob", .value = 0},
			{.key = "max_position_embeddings", .value = 2048},
			{.key = "rms_norm_eps", .value = 1e-6},
			{.key = "tie_word_embeddings", .value = 0},
			{.key = "routed_scaling_factor", .value = 1.0},
			{.key = NULL},
		},
		.convert = dots1_convert,
	},
};
