/*
 * Jamba (src/models/jamba.cpp): Mamba-1 state where head_count_kv(il) is 0;
 * no group_count.
 *
 * Its graph: replayed, src/graph/compute_hybrid_replay.c, exact over
 * tests/engine.sh's buffers matrix, its experts included.
 */
#include "model/family.h"

const struct family family_jamba = {
    .arch = "jamba",
    .mech = AM_NEXTN | AM_RECURRENT,
    .recurrent =
	&(const struct family_recurrent){
	    .rule = RR_KV_ZERO,
	    .state = RS_MAMBA1,
	},
    .hybrid_graph =
	&(const struct family_hybrid_graph){
	    .recr = RECR_MAMBA1,
	    .flags = HF_MOE_ODD,
	    .modelled = 1,
	    .modelled_rot_fa = 1,
	},
};
