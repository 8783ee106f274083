/*
 * Gemma (the first) (src/models/gemma.cpp): plain attention, a full cache on
 * every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_gemma = {
	.arch = "gemma",
	.mech = AM_NEXTN,
	/* conversion/gemma.py GemmaModel: its own keys (head_dim as the key
	 * and value length); the defaults are transformers' GemmaConfig. */
	.hf = &(const struct family_hf){
		.classes = (const char *const[]){"GemmaForCausalLM", NULL},
		.converter = "conversion/gemma.py GemmaModel",
		.model_type = "gemma", .config = "GemmaConfig",
		.vocab = 256000, .hidden = 3072, .inter = 24576, .heads = 16,
		.kv_heads = 16, .head_dim = 256, .max_pos = 8192,
		.rope_theta = 10000, .tie = 1,
	},
};
