/*
 * Falcon (src/models/falcon.cpp): plain attention.
 */
#include "model/family.h"

const struct family family_falcon = {
	.arch = "falcon",
	.mech = AM_NEXTN,
};
