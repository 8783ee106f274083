/*
 * Gemma 4 (src/models/gemma4.cpp): per-layer KV heads and head sizes
 * (key_length_swa); sliding_window and the per-layer sliding_window_pattern
 * required; layers from n_layer_all - shared_kv_layers on reuse an earlier
 * layer's cache; the 26B-A4B's dense MLP beside its experts ("normal FFN as
 * shared expert").
 *
 * Its graph: replayed, src/graph/compute_gemma4.c (the peak formulas
 * before it were 1.0 % off on the 31B, 7.7 % with a rotated cache and
 * flash attention).
 */
#include "model/family.h"

const struct family family_gemma4 = {
    .arch = "gemma4",
    .mech = AM_NEXTN | AM_SHARED_KV | AM_SWA_HEADS | AM_FFN_BESIDE_EXPERTS |
	    AM_GRAPH_GEMMA4,
    .swa = &(const struct family_swa){.base_local = 10000},
};
