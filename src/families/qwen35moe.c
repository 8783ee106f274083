/*
 * Qwen3.5 MoE (src/models/qwen35moe.cpp): Qwen3-Next's layout.
 */
#include "model/family.h"
#include "model/hfconv.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

const struct family family_qwen35moe = {
	.arch = "qwen35moe",
	.mech = AM_NEXTN | AM_RECURRENT,
	.recurrent = &(const struct family_recurrent){
		.rule = RR_INTERVAL,
		.state = RS_MAMBA2,
	},
	/* conversion/qwen.py Qwen3_5MoeTextModel: Qwen3NextModel's keys and
	 * _Qwen35MRopeMixin's sections (hfc_qwen35); the defaults are
	 * transformers' Qwen3_5MoeTextConfig's (models/qwen3_5_moe/
	 * configuration_qwen3_5_moe.py, no intermediate_size: experts on
	 * every layer; Qwen3_5MoeConfig keeps it in text_config) */
	.conv = &(const struct family_conv){
		.classes = K("Qwen3_5MoeForConditionalGeneration",
			     "Qwen3_5MoeForCausalLM"),
		.converter = "conversion/qwen.py Qwen3_5MoeTextModel",
		.config = "Qwen3_5MoeTextConfig",
		.defaults = (const struct hfc_default[]){
			{"vocab_size", 248320, NULL},
			{"hidden_size", 2048, NULL},
			{"num_hidden_layers", 40, NULL},
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
			{"moe_intermediate_size", 512, NULL},
			{"shared_expert_intermediate_size", 512, NULL},
			{"num_experts_per_tok", 8, NULL},
			{"num_experts", 256, NULL},
			{NULL, 0, NULL},
		},
		.convert = hfc_qwen35,
		/* qwen35moe.cpp load_arch_tensors: a shared expert a layer */
		.shared_expert = 1,
		.delta_net = 1,
	},
};
