/*
 * ERNIE 4.5 dense (src/models/ernie4-5.cpp): plain attention, a full cache
 * on every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_ernie4_5 = {
	.arch = "ernie4_5",
	.mech = AM_NEXTN,
	/* conversion/ernie.py Ernie4_5Model: TextModel's keys as they are; no
	 * transformers defaults are relied on (each count required). */
	.hf = &(const struct family_hf){
		.classes = (const char *const[]){"Ernie4_5_ForCausalLM",
					   "Ernie4_5ForCausalLM", NULL},
		.converter = "conversion/ernie.py Ernie4_5Model",
		.model_type = "ernie4_5", .config = "Ernie4_5Config",
	},
};
