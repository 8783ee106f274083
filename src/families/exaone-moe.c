/*
 * EXAONE MoE (src/models/exaone-moe.cpp): experts, leading dense layers,
 * and a sliding window on every file (attention.sliding_window is
 * required, its 128 overwritten), load_swa_pattern(ml, 4): the file's
 * per-layer pattern else three sliding layers then a full one; the sliding
 * layers' RoPE base is the global one unless rope.freq_base_swa says.
 */
#include "model/family.h"

#define KEYS(...) ((const char *const[]){__VA_ARGS__, NULL})

/* Exaone4Model.set_gguf_parameters (src/families/exaone4.c) */
int exaone4_convert(struct hfc *c);

/* conversion/exaone.py ExaoneMoEModel: __init__'s block_count (the layers
 * and the MTP ones), Exaone4Model's keys, then the experts' */
static int convert(struct hfc *c)
{
	int64_t n_layer, nextn, ff, shared, dense;
	double scale;
	int norm;

	if (hfc_need(c, KEYS("num_hidden_layers"), &n_layer) < 0 ||
	    hfc_int(c, KEYS("num_nextn_predict_layers"), 0, &nextn) < 0 ||
	    exaone4_convert(c) < 0)
		return -1;
	hfc_source(c, "num_hidden_layers + num_nextn_predict_layers");
	if (hfc_put_u32(c, "block_count", n_layer + nextn) < 0 ||
	    hfc_need(c, KEYS("moe_intermediate_size"), &ff) < 0 ||
	    hfc_put_u32(c, "expert_feed_forward_length", ff) < 0 ||
	    hfc_need(c, KEYS("num_shared_experts"), &shared) < 0 ||
	    hfc_put_u32(c, "expert_shared_count", shared) < 0)
		return -1;
	hfc_source(c, "moe_intermediate_size x num_shared_experts");
	if (hfc_put_u32(c, "expert_shared_feed_forward_length",
			ff * shared) < 0)
		return -1;
	if (hfc_real(c, KEYS("routed_scaling_factor"), 0, &scale) < 0)
		return -1;
	if (!hfc_has(c, "routed_scaling_factor"))
		return hfc_fail(c, "routed_scaling_factor", "missing (required "
				"by conversion/exaone.py ExaoneMoEModel)");
	if (hfc_put_f32(c, "expert_weights_scale", scale) < 0)
		return -1;
	if (!hfc_has(c, "norm_topk_prob"))
		return hfc_fail(c, "norm_topk_prob", "missing (required by "
				"conversion/exaone.py ExaoneMoEModel)");
	if (hfc_bool(c, "norm_topk_prob", 0, &norm) < 0 ||
	    hfc_put_bool(c, "expert_weights_norm", norm) < 0)
		return -1;
	/* first_k_dense_replace, else first_last_k_dense_replace, else 0 */
	if (hfc_int(c, KEYS("first_k_dense_replace",
			    "first_last_k_dense_replace"), 0, &dense) < 0 ||
	    hfc_put_u32(c, "leading_dense_block_count", dense) < 0 ||
	    hfc_int(c, KEYS("num_nextn_predict_layers"), 0, &nextn) < 0 ||
	    hfc_put_u32(c, "nextn_predict_layers", nextn) < 0)
		return -1;
	/* RopeScalingType.NONE */
	hfc_source(c, "architectures[0] (ExaoneMoEModel)");
	return hfc_put_str(c, "rope.scaling.type", "none");
}

const struct family family_exaone_moe = {
	.arch = "exaone-moe",
	.mech = AM_NEXTN | AM_DENSE_LEAD,
	.swa = &(const struct family_swa){.pattern = 4},
	/* both spellings (transformers 5.1 renamed the class); the defaults
	 * are transformers' ExaoneMoeConfig's */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"ExaoneMoEForCausalLM",
						 "ExaoneMoeForCausalLM", NULL},
		.converter = "conversion/exaone.py ExaoneMoEModel",
		.config = "ExaoneMoeConfig",
		.defaults = (const struct hfc_default[]){
			{.key = "vocab_size", .value = 102400},
			{.key = "hidden_size", .value = 4096},
			{.key = "intermediate_size", .value = 16384},
			{.key = "num_hidden_layers", .value = 32},
			{.key = "num_attention_heads", .value = 32},
			{.key = "num_key_value_heads", .value = 32},
			{.key = "hidden_act", .str = "silu"},
			{.key = "max_position_embeddings", .value = 2048},
			{.key = "rms_norm_eps", .value = 1e-5},
			{.key = "tie_word_embeddings", .value = 0},
			{.key = "rope_theta", .value = 10000},
			{.key = "sliding_window", .value = 4096},
			{.key = "sliding_window_pattern", .value = 4},
			{.key = "first_k_dense_replace", .value = 1},
			{.key = "moe_intermediate_size", .value = 1024},
			{.key = "num_experts", .value = 64},
			{.key = "num_experts_per_tok", .value = 8},
			{.key = "num_shared_experts", .value = 1},
			{.key = "norm_topk_prob", .value = 1},
			{.key = "routed_scaling_factor", .value = 2.5},
			{.key = "n_group", .value = 1},
			{.key = "topk_group", .value = 1},
			{.key = NULL},
		},
		.convert = convert,
	},
};
