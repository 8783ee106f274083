/*
 * SmolLM3 (src/models/smollm3.cpp): llama's layer, tied embeddings.
 */
#include "model/family.h"

const struct family family_smollm3 = {
	.arch = "smollm3",
	.mech = AM_NEXTN | AM_GRAPH_CHECKED,
	.weights = &(const struct family_weights){.parts = WS_PLAIN, .tied = 1},
};
