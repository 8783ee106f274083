/*
 * DBRX (src/models/dbrx.cpp): plain attention, a full cache on every layer;
 * load_arch_hparams reads no window and no other cache mechanism, only the
 * generic keys (nextn layers filtered out). Experts.
 */
#include "model/family.h"

const struct family family_dbrx = {
	.arch = "dbrx",
	.mech = AM_NEXTN,
};
