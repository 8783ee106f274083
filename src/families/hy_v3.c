/*
 * Hunyuan V3 (src/models/hy-v3.cpp): plain attention, a full cache on every
 * layer; load_arch_hparams reads no window and no other cache mechanism,
 * only the generic keys (nextn layers filtered out). Experts; nextn layers
 * filtered out of the cache as llama.cpp's create_memory does.
 */
#include "model/family.h"

const struct family family_hy_v3 = {
	.arch = "hy_v3",
	.mech = AM_NEXTN,
};
