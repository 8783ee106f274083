/*
 * EXAONE 4 (src/models/exaone4.cpp): set_swa_pattern(4).
 */
#include "model/family.h"

const struct family family_exaone4 = {
	.arch = "exaone4",
	.mech = AM_NEXTN,
	.swa = &(const struct family_swa){.pattern = 4},
};
