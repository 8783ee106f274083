/*
 * Qwen3-VL's language model (src/models/qwen3vl.cpp): plain attention, a
 * full cache on every layer; load_arch_hparams reads no window and no other
 * cache mechanism, only the generic keys (nextn layers filtered out). M-RoPE
 * sections and deepstack layers change no cache.
 */
#include "model/family.h"

const struct family family_qwen3vl = {
	.arch = "qwen3vl",
	.mech = AM_NEXTN,
	/* conversion/qwen3vl.py Qwen3VLTextModel over Qwen3Model: the
	 * language model's keys, from text_config; the defaults are
	 * transformers' Qwen3VLTextConfig. */
	.hf = &(const struct family_hf){
		.classes = (const char *const[]){
			"Qwen3VLForConditionalGeneration", NULL},
		.converter = "conversion/qwen3vl.py Qwen3VLTextModel",
		.model_type = "qwen3_vl_text", .config = "Qwen3VLTextConfig",
		.vocab = 151936, .hidden = 4096, .inter = 22016, .heads = 32,
		.kv_heads = 32, .head_dim = 128, .max_pos = 128000,
		.rope_theta = 500000,
	},
};
