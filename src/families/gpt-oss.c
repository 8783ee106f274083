/*
 * gpt-oss (LLM_ARCH_OPENAI_MOE, src/models/openai-moe.cpp):
 * set_swa_pattern(2), learned sinks, 32 experts.
 *
 * conversion/gpt_oss.py passes the q/k/v/o biases through; the FFN's norm is
 * post_attention_norm.
 */
#include "model/family.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* conversion/gpt_oss.py GptOssModel.set_gguf_parameters: TextModel's keys,
 * the window and an expert's width (intermediate_size, both required). */
static int gpt_oss_convert(struct hfc *c)
{
	return hfc_text_model(c) < 0 ||
			   hfc_item(c, "sliding_window",
				    "attention.sliding_window", HFC_U32) < 0 ||
			   hfc_item(c, "intermediate_size",
				    "expert_feed_forward_length", HFC_U32) < 0
		   ? -1
		   : 0;
}

const struct family family_gpt_oss = {
	.arch = "gpt-oss",
	.mech = AM_NEXTN,
	.swa = &(const struct family_swa){.pattern = 2},
	.weights = &(const struct family_weights){
		.parts = WS_ATTN_NORM | WS_POST_ATTN | WS_SINKS | WS_QKV_BIAS |
			 WS_OUT_BIAS | WS_EXPERT_BIAS,
		.head = WS_HEAD_ALWAYS,
	},
	.moe_graph = &(const struct family_moe_graph){
		.gating = GATE_SOFTMAX_WEIGHT,
		.flags = MG_NEXTN_OUT,
	},
	/* the defaults are transformers' GptOssConfig.__init__'s */
	.conv = &(const struct family_conv){
		.classes = K("GptOssForCausalLM"),
		.converter = "conversion/gpt_oss.py GptOssModel",
		.config = "GptOssConfig",
		.defaults = (const struct hfc_default[]){
			{"vocab_size", 201088, NULL},
			{"hidden_size", 2880, NULL},
			{"intermediate_size", 2880, NULL},
			{"num_hidden_layers", 36, NULL},
			{"num_attention_heads", 64, NULL},
			{"num_key_value_heads", 8, NULL},
			{"head_dim", 64, NULL},
			{"num_local_experts", 128, NULL},
			{"num_experts_per_tok", 4, NULL},
			{"max_position_embeddings", 131072, NULL},
			{"rms_norm_eps", 1e-5, NULL},
			{"rope_theta", 150000, NULL},
			{"sliding_window", 128, NULL},
			{"tie_word_embeddings", 0, NULL},
			{"attention_bias", 1, NULL},
			{NULL, 0, NULL},
		},
		.convert = gpt_oss_convert,
	},
};
