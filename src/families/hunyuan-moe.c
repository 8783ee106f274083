/*
 * Hunyuan MoE (src/models/hunyuan-moe.cpp): plain attention, a full cache on
 * every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out). Experts and
 * a shared expert.
 */
#include "model/family.h"

const struct family family_hunyuan_moe = {
	.arch = "hunyuan-moe",
	.mech = AM_NEXTN,
};
