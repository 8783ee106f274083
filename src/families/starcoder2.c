/*
 * StarCoder 2 (src/models/starcoder2.cpp): plain attention, a full cache on
 * every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_starcoder2 = {
	.arch = "starcoder2",
	.mech = AM_NEXTN,
	/* conversion/starcoder.py StarCoder2Model: TextModel's keys as they are
	 * (llama.cpp's starcoder2 reads no sliding window); the defaults are
	 * transformers' Starcoder2Config. */
	.hf = &(const struct family_hf){
		.classes = (const char *const[]){"Starcoder2ForCausalLM", NULL},
		.converter = "conversion/starcoder.py StarCoder2Model",
		.model_type = "starcoder2", .config = "Starcoder2Config",
		.vocab = 49152, .hidden = 3072, .inter = 12288, .heads = 24,
		.kv_heads = 2, .max_pos = 4096, .rope_theta = 10000,
		.tie = 1,
	},
};
