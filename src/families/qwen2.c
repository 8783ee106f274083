/*
 * Qwen2 and Qwen2.5 (src/models/qwen2.cpp): llama's layer with q/k/v biases,
 * added in place in the graph.
 */
#include "model/family.h"

const struct family family_qwen2 = {
    .arch = "qwen2",
    .mech = AM_NEXTN,
    .weights =
	&(const struct family_weights){
	    .parts = WS_PLAIN | WS_QKV_BIAS,
	},
    .dense_graph = &(const struct family_dense_graph){.modelled = 1},
};
