/*
 * Arcee AFM (src/models/arcee.cpp): plain attention, a full cache on every
 * layer; load_arch_hparams reads no window and no other cache mechanism,
 * only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_arcee = {
	.arch = "arcee",
	.mech = AM_NEXTN,
	/* conversion/llama.py ArceeModel over LlamaModel: TextModel's keys,
	 * rope.dimension_count the head; the defaults are transformers'
	 * ArceeConfig. */
	.hf = &(const struct family_hf){
		.classes = (const char *const[]){"ArceeForCausalLM", NULL},
		.converter = "conversion/llama.py ArceeModel",
		.model_type = "arcee", .config = "ArceeConfig",
		.vocab = 32000, .hidden = 2560, .inter = 18432, .heads = 32,
		.max_pos = 4096, .rope_theta = 10000,
	},
};
