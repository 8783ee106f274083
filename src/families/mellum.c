/*
 * Mellum (src/models/mellum.cpp): experts, and a sliding window when the
 * file gives one above 0: load_swa_pattern(ml, 4), the file's per-layer
 * pattern else three sliding layers then a full one; the sliding layers'
 * RoPE base is the global one unless rope.freq_base_swa says.
 */
#include "model/family.h"

const struct family family_mellum = {
	.arch = "mellum",
	.mech = AM_NEXTN,
	.swa = &(const struct family_swa){.pattern = 4},
};
