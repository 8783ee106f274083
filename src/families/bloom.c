/*
 * BLOOM (src/models/bloom.cpp): ALiBi (load_arch_hparams fixes
 * f_max_alibi_bias at 8), no RoPE; a full cache on every layer:
 * load_arch_hparams reads no window and no other cache mechanism, only the
 * generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_bloom = {
	.arch = "bloom",
	.mech = AM_NEXTN,
};
