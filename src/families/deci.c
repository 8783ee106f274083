/*
 * DeciLM / Nemotron-51B (src/models/deci.cpp): per-layer KV heads, 0 for its
 * no-op attention blocks.
 */
#include "model/family.h"

const struct family family_deci = {
	.arch = "deci",
	.mech = AM_NEXTN | AM_GRAPH_CHECKED,
};
