/*
 * Jais 2 (src/models/jais2.cpp): plain attention, a full cache on every
 * layer; load_arch_hparams reads no window and no other cache mechanism,
 * only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_jais2 = {
	.arch = "jais2",
	.mech = AM_NEXTN,
	/* conversion/jais.py Jais2Model: TextModel's keys, rope dimensions
	 * the head; the defaults are transformers' Jais2Config. */
	.hf = &(const struct family_hf){
		.classes = (const char *const[]){"Jais2ForCausalLM", NULL},
		.converter = "conversion/jais.py Jais2Model",
		.model_type = "jais2", .config = "Jais2Config",
		.vocab = 150272, .hidden = 3328, .inter = 26624, .heads = 26,
		.max_pos = 8192, .rope_theta = 10000,
	},
};
