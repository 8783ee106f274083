/*
 * ERNIE 4.5 MoE (src/models/ernie4-5-moe.cpp): plain attention, a full cache
 * on every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out). Experts
 * interleaved with dense layers.
 */
#include "model/family.h"

const struct family family_ernie4_5_moe = {
	.arch = "ernie4_5-moe",
	.mech = AM_NEXTN,
};
