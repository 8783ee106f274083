/*
 * Qwen2-VL's language model (src/models/qwen2vl.cpp): plain attention, a
 * full cache on every layer; load_arch_hparams reads no window and no other
 * cache mechanism, only the generic keys (nextn layers filtered out). M-RoPE
 * sections change no size.
 */
#include "model/family.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

const struct family family_qwen2vl = {
	.arch = "qwen2vl",
	.mech = AM_NEXTN,
	/* conversion/qwenvl.py Qwen2VLModel: TextModel's keys alone
	 * (rope_scaling's mrope_section become rope.dimension_sections);
	 * the defaults are transformers' Qwen2VLConfig */
	.conv = &(const struct family_conv){
		.classes = K("Qwen2VLModel", "Qwen2VLForConditionalGeneration",
			     "Qwen2_5_VLForConditionalGeneration"),
		.converter = "conversion/qwenvl.py Qwen2VLModel",
		.config = "Qwen2VLConfig",
		.defaults = (const struct hfc_default[]){
			{"vocab_size", 152064, NULL},
			{"hidden_size", 8192, NULL},
			{"intermediate_size", 29568, NULL},
			{"num_hidden_layers", 80, NULL},
			{"num_attention_heads", 64, NULL},
			{"num_key_value_heads", 8, NULL},
			{"max_position_embeddings", 32768, NULL},
			{"rms_norm_eps", 1e-5, NULL},
			{"rope_theta", 1000000, NULL},
			{NULL, 0, NULL},
		},
	},
};
