/*
 * Command R (src/models/command-r.cpp): plain attention, a full cache on
 * every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_command_r = {
	.arch = "command-r",
	.mech = AM_NEXTN,
	/* conversion/command_r.py CommandR2Model: TextModel's keys, the context
	 * model_max_length before max_position_embeddings; the defaults are
	 * transformers' CohereConfig (models/cohere/configuration_cohere.py:
	 * its default_theta 500000 for a config without rope_theta). */
	.hf = &(const struct family_hf){
		.classes = (const char *const[]){"CohereForCausalLM", NULL},
		.converter = "conversion/command_r.py CommandR2Model",
		.model_type = "cohere", .config = "CohereConfig",
		.vocab = 256000, .hidden = 8192, .inter = 22528, .heads = 64,
		.max_pos = 8192, .rope_theta = 500000, .tie = 1,
		.ctx_key = "model_max_length",
	},
};
