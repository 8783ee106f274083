/*
 * MiniCPM (src/models/minicpm.cpp): plain attention, a full cache on every
 * layer; load_arch_hparams reads no window and no other cache mechanism,
 * only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_minicpm = {
	.arch = "minicpm",
	.mech = AM_NEXTN,
	/* conversion/minicpm.py MiniCPMModel: TextModel's keys and its
	 * scales (which size nothing).  The config class is the checkpoint's
	 * own code (transformers has none, and the converter reads config.json
	 * as written): every count required. */
	.hf = &(const struct family_hf){
		.classes = (const char *const[]){"MiniCPMForCausalLM", NULL},
		.converter = "conversion/minicpm.py MiniCPMModel",
		.model_type = "minicpm", .config = "MiniCPMConfig",
	},
};
