/*
 * Phi-3.5-MoE (src/models/phimoe.cpp): plain attention, a full cache on
 * every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out). Experts; its
 * loader sets no swa_type, so the graph's window branch is never taken.
 */
#include "model/family.h"

const struct family family_phimoe = {
	.arch = "phimoe",
	.mech = AM_NEXTN,
};
