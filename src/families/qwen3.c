/*
 * Qwen3 dense (src/models/qwen3.cpp): q/k norms a head wide.
 */
#include "model/family.h"

const struct family family_qwen3 = {
	.arch = "qwen3",
	.mech = AM_NEXTN,
	.weights = &(const struct family_weights){
		.parts = WS_PLAIN | WS_QK_NORM,
	},
};
