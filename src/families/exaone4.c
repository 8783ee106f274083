/*
 * EXAONE 4 (src/models/exaone4.cpp): the 32B (64 layers) has a sliding
 * window, n_swa 4096 unless the file says, load_swa_pattern(ml, 4); every
 * other size reads sliding_window but keeps swa_type none, a full cache.
 */
#include "model/family.h"

const struct family family_exaone4 = {
	.arch = "exaone4",
	.mech = AM_NEXTN,
	.swa = &(const struct family_swa){
		.pattern = 4,
		.default_window = 4096,
		.only_layers = 64,
	},
};
