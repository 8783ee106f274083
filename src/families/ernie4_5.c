/*
 * ERNIE 4.5 dense (src/models/ernie4-5.cpp): plain attention, a full cache
 * on every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_ernie4_5 = {
	.arch = "ernie4_5",
	.mech = AM_NEXTN,
};
