/*
 * DeepSeek MoE (V1) (src/models/deepseek.cpp): plain attention, a full cache
 * on every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out). Experts,
 * shared experts and leading dense layers, no MLA.
 */
#include "model/family.h"

const struct family family_deepseek = {
	.arch = "deepseek",
	.mech = AM_NEXTN,
};
