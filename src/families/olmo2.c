/*
 * OLMo 2 (src/models/olmo2.cpp): set_swa_pattern(4) when the file has a
 * window; q/k norms over all heads, post-norms only.
 *
 * The graph's peaks move (no norm before the attention): not
 * AM_GRAPH_CHECKED's formula peaks, but replayed (src/size/compute_dense.c
 * checks it).
 *
 * Its peaks: worst 0.015 % over tests/engine.sh's matrix (f16, a q8_0 K
 * without flash attention); with a rotated cache and flash attention the
 * logits move (3.8 % at -c 16384 q4_0): not checked there.
 */
#include "model/family.h"

const struct family family_olmo2 = {
	.arch = "olmo2",
	.mech = AM_NEXTN,
	.swa = &(const struct family_swa){.pattern = 4},
	.weights = &(const struct family_weights){
		.parts = WS_QK_NORM_ALL | WS_POST_ATTN | WS_POST_FFN,
		.head = WS_HEAD_ALWAYS,
	},
	.dense_graph = &(const struct family_dense_graph){
		.flags = DR_OLMO2,
		.modelled = 1,
	},
	.dense_peaks = &(const struct family_dense_peaks){
		.graph = DG_OLMO2,
		.checked = 1,
	},
};
