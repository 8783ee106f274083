/*
 * Qwen3.5 dense (src/models/qwen35.cpp): Qwen3-Next's layout.
 *
 * Its graph: replayed, src/graph/compute_qwen3next.c (the gated Q,
 * Qcur_full [2 n_head head_dim], and its normed half under K.Q).
 */
#include "model/family.h"

const struct family family_qwen35 = {
    .arch = "qwen35",
    .mech = AM_NEXTN | AM_RECURRENT,
    .recurrent =
	&(const struct family_recurrent){
	    .rule = RR_INTERVAL,
	    .state = RS_MAMBA2,
	},
    .gdn_graph =
	&(const struct family_gdn_graph){
	    .flags = GD_MROPE,
	    .modelled = 1,
	},
};
