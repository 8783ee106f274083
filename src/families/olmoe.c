/*
 * OLMoE (src/models/olmoe.cpp): plain attention, a full cache on every
 * layer; load_arch_hparams reads no window and no other cache mechanism,
 * only the generic keys (nextn layers filtered out). Experts.
 */
#include "model/family.h"

const struct family family_olmoe = {
	.arch = "olmoe",
	.mech = AM_NEXTN,
	/* conversion/olmo.py OlmoeModel: TextModel's keys and expert counts, an
	 * expert intermediate_size wide; the defaults are transformers'
	 * OlmoeConfig. */
	.hf = &(const struct family_hf){
		.classes = (const char *const[]){"OlmoeForCausalLM", NULL},
		.converter = "conversion/olmo.py OlmoeModel",
		.model_type = "olmoe", .config = "OlmoeConfig",
		.vocab = 50304, .hidden = 2048, .inter = 2048, .heads = 16,
		.max_pos = 4096, .rope_theta = 10000,
		.experts = 64, .experts_used = 8,
	},
};
