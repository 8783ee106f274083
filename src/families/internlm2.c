/*
 * InternLM 2 (src/models/internlm2.cpp): plain attention, a full cache on
 * every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_internlm2 = {
	.arch = "internlm2",
	.mech = AM_NEXTN,
};
