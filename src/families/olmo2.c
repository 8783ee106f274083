/*
 * OLMo 2 (src/models/olmo2.cpp): set_swa_pattern(4) when the file has a
 * window; q/k norms over all heads, post-norms only.
 *
 * Its graph (no norm before the attention): replayed,
 * src/graph/compute_dense_replay.c (the peak formulas before it were 3.8 %
 * off with a rotated cache and flash attention).
 */
#include "model/family.h"

const struct family family_olmo2 = {
    .arch = "olmo2",
    .mech = AM_NEXTN,
    .swa = &(const struct family_swa){.pattern = 4},
    .weights =
	&(const struct family_weights){
	    .parts = WS_QK_NORM_ALL | WS_POST_ATTN | WS_POST_FFN,
	    .head = WS_HEAD_ALWAYS,
	},
    .dense_graph =
	&(const struct family_dense_graph){
	    .flags = DR_OLMO2,
	    .modelled = 1,
	},
};
