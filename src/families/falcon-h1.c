/*
 * Falcon-H1 (src/models/falcon-h1.cpp): Mamba2 beside attention in every
 * layer (create_memory: filter_attn and filter_recr true for every layer).
 *
 * Its graph: replayed, src/graph/compute_mamba2.c (the peak formulas
 * before it were 3.8 % off).
 */
#include "model/family.h"

const struct family family_falcon_h1 = {
    .arch = "falcon-h1",
    .mech = AM_NEXTN | AM_RECURRENT,
    .recurrent =
	&(const struct family_recurrent){
	    .rule = RR_EVERY,
	    .state = RS_MAMBA2,
	},
    .mamba2_graph =
	&(const struct family_mamba2_graph){
	    .flags = M2_ROPE | M2_PARALLEL | M2_FFN_GLU,
	    .modelled = 1,
	},
};
