/*
 * MiniMax-M2 (src/models/minimax-m2.cpp): plain attention, a full cache on
 * every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out). Experts.
 */
#include "model/family.h"

const struct family family_minimax_m2 = {
	.arch = "minimax-m2",
	.mech = AM_NEXTN,
};
