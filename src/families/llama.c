/*
 * Llama 1-3, Mistral 7B v0.1 and Mixtral (src/models/llama.cpp); llama.cpp
 * reads no sliding window for it, whatever the file says.
 *
 * conversion/llama.py writes Mixtral as llama with experts, and rope_freqs
 * under llama3 scaling.
 */
#include "model/family.h"

const struct family family_llama = {
    .arch = "llama",
    .mech = AM_NEXTN,
    .weights =
	&(const struct family_weights){
	    .parts = WS_PLAIN | WS_ROPE_FREQS,
	},
    .dense_graph = &(const struct family_dense_graph){.modelled = 1},
};
