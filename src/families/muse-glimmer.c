/*
 * Muse Glimmer (src/models/muse-glimmer.cpp): a sliding window on every
 * file (attention.sliding_window is required), load_swa_pattern(ml, 4):
 * the file's per-layer pattern else three sliding layers then a full one;
 * the sliding layers' RoPE base is the global one unless
 * rope.freq_base_swa says.
 */
#include "model/family.h"

const struct family family_muse_glimmer = {
	.arch = "muse-glimmer",
	.mech = AM_NEXTN,
	.swa = &(const struct family_swa){.pattern = 4},
};
