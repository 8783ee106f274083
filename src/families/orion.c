/*
 * Orion (src/models/orion.cpp): plain attention, a full cache on every
 * layer; load_arch_hparams reads no window and no other cache mechanism,
 * only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_orion = {
	.arch = "orion",
	.mech = AM_NEXTN,
	/* conversion/orion.py OrionModel: its own keys, the context
	 * max_sequence_length before max_position_embeddings.  The config
	 * class is the checkpoint's own code (transformers has none, and the
	 * converter reads config.json as written): every count required. */
	.hf = &(const struct family_hf){
		.classes = (const char *const[]){"OrionForCausalLM", NULL},
		.converter = "conversion/orion.py OrionModel",
		.model_type = "orion", .config = "OrionConfig",
		.ctx_key = "max_sequence_length",
	},
};
