/*
 * OLMo (the first) (src/models/olmo.cpp): plain attention, a full cache on
 * every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_olmo = {
	.arch = "olmo",
	.mech = AM_NEXTN,
	/* conversion/olmo.py OlmoModel: TextModel's keys; the defaults are
	 * transformers' OlmoConfig. */
	.hf = &(const struct family_hf){
		.classes = (const char *const[]){"OlmoForCausalLM",
					   "OLMoForCausalLM", NULL},
		.converter = "conversion/olmo.py OlmoModel",
		.model_type = "olmo", .config = "OlmoConfig",
		.vocab = 50304, .hidden = 4096, .inter = 11008, .heads = 32,
		.max_pos = 2048, .rope_theta = 10000,
	},
};
