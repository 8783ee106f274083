/*
 * dots.llm1 (src/models/dots1.cpp): plain attention, a full cache on every
 * layer; load_arch_hparams reads no window and no other cache mechanism,
 * only the generic keys (nextn layers filtered out). Experts, shared experts
 * and leading dense layers.
 */
#include "model/family.h"

const struct family family_dots1 = {
	.arch = "dots1",
	.mech = AM_NEXTN,
};
