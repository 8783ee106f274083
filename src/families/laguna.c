/*
 * Laguna (src/models/laguna.cpp): experts, leading dense layers, and a
 * sliding window when the file gives one above 0 (XS.2; M.1 has none),
 * load_swa_pattern(ml, 4, true): the file's per-layer pattern, else the
 * full layer first and three sliding ones after it; the sliding layers'
 * RoPE base is the global one unless rope.freq_base_swa says (their plain
 * RoPE, without the full layers' scaling, changes no size).
 */
#include "model/family.h"

const struct family family_laguna = {
	.arch = "laguna",
	.mech = AM_NEXTN,
	.swa = &(const struct family_swa){.pattern = 4, .dense_first = 1},
};
