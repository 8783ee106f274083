/*
 * Granite 3 MoE (src/models/granite-moe.cpp): plain attention, a full cache
 * on every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out). Experts.
 */
#include "model/family.h"

const struct family family_granitemoe = {
	.arch = "granitemoe",
	.mech = AM_NEXTN,
};
