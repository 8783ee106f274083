/*
 * SmallThinker (src/models/smallthinker.cpp): load_arch_hparams switches
 * the window on when attention.sliding_window is above 0, then fixes n_swa
 * at 4096 whatever the file says, and reads the file's per-layer pattern or
 * set_swa_pattern(4, dense_first = true) (llama-model.cpp
 * load_swa_pattern); absent or 0, every layer full.
 */
#include "model/family.h"

const struct family family_smallthinker = {
	.arch = "smallthinker",
	.mech = AM_NEXTN,
	.swa = &(const struct family_swa){
		.pattern = 4,
		.dense_first = 1,
		.fixed_window = 4096,
	},
};
