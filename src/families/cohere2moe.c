/*
 * Command A MoE (src/models/cohere2moe.cpp): experts, leading dense layers,
 * and a sliding window on every file (attention.sliding_window is
 * required), load_swa_pattern(ml, 4, true): the file's per-layer pattern,
 * else the full layer first and three sliding ones after it; the sliding
 * layers' RoPE base is the global one unless rope.freq_base_swa says.
 */
#include "model/family.h"

const struct family family_cohere2moe = {
	.arch = "cohere2moe",
	.mech = AM_NEXTN,
	.swa = &(const struct family_swa){.pattern = 4, .dense_first = 1},
};
