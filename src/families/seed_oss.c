/*
 * Seed-OSS (src/models/seed-oss.cpp): plain attention, a full cache on every
 * layer; load_arch_hparams reads no window and no other cache mechanism,
 * only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_seed_oss = {
	.arch = "seed_oss",
	.mech = AM_NEXTN,
};
