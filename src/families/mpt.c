/*
 * MPT (src/models/mpt.cpp): ALiBi (load_arch_hparams reads
 * attention.max_alibi_bias and clamp_kqv), no RoPE; a full cache on every
 * layer: load_arch_hparams reads no window and no other cache mechanism,
 * only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_mpt = {
	.arch = "mpt",
	.mech = AM_NEXTN,
};
