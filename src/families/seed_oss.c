/*
 * Seed-OSS (src/models/seed-oss.cpp): plain attention, a full cache on every
 * layer; load_arch_hparams reads no window and no other cache mechanism,
 * only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_seed_oss = {
	.arch = "seed_oss",
	.mech = AM_NEXTN,
	/* conversion/olmo.py SeedOssModel: TextModel's keys as they are; no
	 * transformers defaults are relied on (each count required). */
	.hf = &(const struct family_hf){
		.classes = (const char *const[]){"SeedOssForCausalLM", NULL},
		.converter = "conversion/olmo.py SeedOssModel",
		.model_type = "seed_oss", .config = "SeedOssConfig",
	},
};
