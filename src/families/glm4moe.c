/*
 * GLM-4.5 (src/models/glm4-moe.cpp): plain attention with a nextn (MTP)
 * block create_memory filters out.
 *
 * The graph: the nextn layer not in it; expert_weights_norm as the GGUF says
 * (tests/engine.sh's: none, so no MG_NORM_W).
 */
#include "model/family.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* conversion/glm.py Glm4MoeModel: the nextn (MTP) layers appended to
 * block_count (its __init__, without --no-mtp), TextModel's keys, the
 * rotated dimensions int(head_dim x partial_rotary_factor) (the factor
 * 0.5 when absent), the experts' keys when given, sigmoid gating; the
 * checkpoint's gate keeps e_score_correction_bias. */
static int glm4moe_convert(struct hfc *c)
{
	static const struct hfc_copy given[] = {
	    {"n_routed_experts", "expert_count"},
	    {"moe_intermediate_size", "expert_feed_forward_length"},
	    {"n_shared_experts", "expert_shared_count"},
	    {"first_k_dense_replace", "leading_dense_block_count"},
	    {"num_nextn_predict_layers", "nextn_predict_layers"},
	};
	int64_t layers, nextn, hd;
	double factor, scale;
	int rc, norm;
	if (hfc_text_model(c) < 0 || hfc_block_count(c, &layers) < 0 ||
	    hfc_int(c, K("num_nextn_predict_layers"), 0, &nextn) < 0)
		return -1;
	hfc_source(c, "num_hidden_layers + num_nextn_predict_layers");
	if (hfc_put_u32(c, "block_count", layers + nextn) < 0 ||
	    hfc_head_dim(c, &hd) < 0 ||
	    hfc_rope(c, "partial_rotary_factor", 0.5, &factor) < 0)
		return -1;
	hfc_source(c, "int(head_dim x partial_rotary_factor)");
	if (hfc_put_u32(c, "rope.dimension_count",
			(int64_t)((double)hd * factor)) < 0 ||
	    HFC_COPY(c, given, 0) < 0)
		return -1;
	hfc_source(c, "Glm4MoeModel: sigmoid");
	if (hfc_put_u32(c, "expert_gating_func", 2) < 0 ||
	    (rc = hfc_real(c, K("routed_scaling_factor"), 0, &scale)) < 0 ||
	    (rc > 0 && hfc_put_f32(c, "expert_weights_scale", scale) < 0) ||
	    (rc = hfc_bool(c, "norm_topk_prob", 0, &norm)) < 0 ||
	    (rc > 0 && hfc_put_bool(c, "expert_weights_norm", norm) < 0))
		return -1;
	hfc_router_bias(c, "Glm4MoeTopkRouter: e_score_correction_bias "
			   "(exp_probs_b)");
	return 0;
}

const struct family family_glm4moe = {
	.arch = "glm4moe",
	.mech = AM_NEXTN | AM_DENSE_LEAD,
	.moe_graph = &(const struct family_moe_graph){
		.gating = GATE_SIGMOID_BIASED,
		.flags = MG_ROWS_LAST | MG_V_FIRST | MG_SHARED | MG_DENSE_LEAD,
	},
	/* the defaults are transformers' Glm4MoeConfig.__init__'s */
	.conv = &(const struct family_conv){
		.classes = K("Glm4MoeForCausalLM",
			     "Glm4vMoeForConditionalGeneration"),
		.converter = "conversion/glm.py Glm4MoeModel",
		.config = "Glm4MoeConfig",
		.defaults = (const struct hfc_default[]){
			{"vocab_size", 151552, NULL},
			{"hidden_size", 4096, NULL},
			{"intermediate_size", 10944, NULL},
			{"num_hidden_layers", 46, NULL},
			{"num_attention_heads", 96, NULL},
			{"num_key_value_heads", 8, NULL},
			{"head_dim", 128, NULL},
			{"partial_rotary_factor", 0.5, NULL},
			{"max_position_embeddings", 131072, NULL},
			{"rms_norm_eps", 1e-5, NULL},
			{"rope_theta", 10000, NULL},
			{"tie_word_embeddings", 0, NULL},
			{"attention_bias", 0, NULL},
			{"moe_intermediate_size", 1408, NULL},
			{"num_experts_per_tok", 8, NULL},
			{"n_shared_experts", 1, NULL},
			{"n_routed_experts", 128, NULL},
			{"routed_scaling_factor", 1, NULL},
			{"first_k_dense_replace", 1, NULL},
			{"norm_topk_prob", 1, NULL},
			{NULL, 0, NULL},
		},
		.convert = glm4moe_convert,
	},
};
