/*
 * Gemma 4 (src/models/gemma4.cpp): per-layer KV heads and head sizes
 * (key_length_swa); sliding_window and the per-layer sliding_window_pattern
 * required; layers from n_layer_all - shared_kv_layers on reuse an earlier
 * layer's cache; the 26B-A4B's dense MLP beside its experts ("normal FFN as
 * shared expert").
 *
 * Its peaks: worst 1.0 % over tests/engine.sh's matrix (31B); with a
 * rotated cache and flash attention the logits move (7.7 % at -c 4096):
 * not checked there.
 */
#include "model/family.h"

const struct family family_gemma4 = {
	.arch = "gemma4",
	.mech = AM_NEXTN | AM_SHARED_KV | AM_SWA_HEADS |
		AM_FFN_BESIDE_EXPERTS | AM_GRAPH_GEMMA4,
	.swa = &(const struct family_swa){.base_local = 10000},
	.dense_peaks = &(const struct family_dense_peaks){
		.graph = DG_GEMMA4,
		.checked = 1,
	},
};
