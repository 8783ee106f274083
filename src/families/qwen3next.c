/*
 * Qwen3-Next (src/models/qwen3next.cpp): Gated DeltaNet layers between
 * attention ones, every full_attention_interval-th (4) or as
 * attention.recurrent_layers says; both caches keep il < n_layer() only.
 */
#include "model/family.h"
#include "model/hfconv.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

const struct family family_qwen3next = {
	.arch = "qwen3next",
	.mech = AM_NEXTN | AM_RECURRENT,
	.recurrent = &(const struct family_recurrent){
		.rule = RR_INTERVAL,
		.state = RS_MAMBA2,
	},
	.gdn_graph = &(const struct family_gdn_graph){
		.flags = GD_MOE | GD_BA_FUSED | GD_REPEAT,
		.modelled = 1,
	},
	/* conversion/qwen.py Qwen3NextModel (hfc_qwen3next); the defaults
	 * are transformers' Qwen3NextConfig's (models/qwen3_next/
	 * configuration_qwen3_next.py; partial_rotary_factor 0.25 and
	 * full_attention_interval 4 the converter's own fallbacks too) */
	.conv = &(const struct family_conv){
		.classes = K("Qwen3NextForCausalLM"),
		.converter = "conversion/qwen.py Qwen3NextModel",
		.config = "Qwen3NextConfig",
		.defaults = (const struct hfc_default[]){
			{"vocab_size", 151936, NULL},
			{"hidden_size", 2048, NULL},
			{"intermediate_size", 5632, NULL},
			{"num_hidden_layers", 48, NULL},
			{"num_attention_heads", 16, NULL},
			{"num_key_value_heads", 2, NULL},
			{"max_position_embeddings", 32768, NULL},
			{"rms_norm_eps", 1e-6, NULL},
			{"tie_word_embeddings", 0, NULL},
			{"rope_theta", 10000, NULL},
			{"attention_bias", 0, NULL},
			{"head_dim", 256, NULL},
			{"linear_conv_kernel_dim", 4, NULL},
			{"linear_key_head_dim", 128, NULL},
			{"linear_value_head_dim", 128, NULL},
			{"linear_num_key_heads", 16, NULL},
			{"linear_num_value_heads", 32, NULL},
			{"decoder_sparse_step", 1, NULL},
			{"moe_intermediate_size", 512, NULL},
			{"shared_expert_intermediate_size", 512, NULL},
			{"num_experts_per_tok", 10, NULL},
			{"num_experts", 512, NULL},
			{"norm_topk_prob", 1, NULL},
			{NULL, 0, NULL},
		},
		.convert = hfc_qwen3next,
		.shared_expert = 1,
		.delta_net = 1,
	},
};
