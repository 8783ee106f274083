/*
 * Snowflake Arctic (src/models/arctic.cpp): plain attention, a full cache on
 * every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out). Experts
 * beside a dense residual FFN.
 */
#include "model/family.h"

const struct family family_arctic = {
	.arch = "arctic",
	.mech = AM_NEXTN,
};
