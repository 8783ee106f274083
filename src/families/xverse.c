/*
 * XVERSE (src/models/xverse.cpp): plain attention, a full cache on every
 * layer; load_arch_hparams reads no window and no other cache mechanism,
 * only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_xverse = {
	.arch = "xverse",
	.mech = AM_NEXTN,
	/* conversion/xverse.py XverseModel: TextModel's keys, the rope
	 * dimensions hidden_size / heads.  The config class is the
	 * checkpoint's own code (transformers has none, and the converter reads
	 * config.json as written): every count required. */
	.hf = &(const struct family_hf){
		.classes = (const char *const[]){"XverseForCausalLM", NULL},
		.converter = "conversion/xverse.py XverseModel",
		.model_type = "xverse", .config = "XverseConfig",
	},
};
