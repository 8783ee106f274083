/*
 * Mistral Small 3.1 (src/models/mistral3.cpp): llama's layer (inp_attn_scale
 * only with attention.temperature_scale, which 3.1 has not).
 */
#include "model/family.h"

const struct family family_mistral3 = {
    .arch = "mistral3",
    .mech = AM_NEXTN,
    .weights =
	&(const struct family_weights){
	    .parts = WS_PLAIN | WS_ROPE_FREQS,
	},
    .dense_graph = &(const struct family_dense_graph){.modelled = 1},
};
