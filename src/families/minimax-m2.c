/*
 * MiniMax-M2 (src/models/minimax-m2.cpp): plain attention, a full cache on
 * every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out). Experts.
 */
#include "model/family.h"

const struct family family_minimax_m2 = {
	.arch = "minimax-m2",
	.mech = AM_NEXTN,
	/* conversion/minimax.py MiniMaxM2Model: TextModel's keys and expert
	 * counts, an expert intermediate_size wide, rope.dimension_count
	 * rotary_dim (required).  MiniMaxM2Config is the checkpoint's own code:
	 * the converter reads the raw file, so nothing has a default. */
	.hf = &(const struct family_hf){
		.classes = (const char *const[]){"MiniMaxM2ForCausalLM", NULL},
		.converter = "conversion/minimax.py MiniMaxM2Model",
		.model_type = "minimax_m2", .config = "MiniMaxM2Config",
		.rot = HF_ROT_KEY,
	},
};
