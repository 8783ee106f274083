/*
 * Granite 3 (src/models/granite.cpp): plain attention, a full cache on every
 * layer; load_arch_hparams reads no window and no other cache mechanism,
 * only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_granite = {
	.arch = "granite",
	.mech = AM_NEXTN,
	/* conversion/granite.py GraniteModel over LlamaModel: TextModel's keys
	 * with head_dim dropped (the head is n_embd / n_head); the defaults are
	 * transformers' GraniteConfig. */
	.hf = &(const struct family_hf){
		.classes = (const char *const[]){"GraniteForCausalLM", NULL},
		.converter = "conversion/granite.py GraniteModel",
		.model_type = "granite", .config = "GraniteConfig",
		.vocab = 32000, .hidden = 4096, .inter = 11008, .heads = 32,
		.max_pos = 2048, .rope_theta = 10000, .no_head_dim = 1,
	},
};
