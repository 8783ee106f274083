/*
 * Gemma 3 (src/models/gemma3.cpp): set_swa_pattern(6) when sliding_window >
 * 0, the local layers' RoPE base 10000.
 */
#include "model/family.h"

const struct family family_gemma3 = {
    .arch = "gemma3",
    .mech = AM_NEXTN,
    .swa = &(const struct family_swa){.pattern = 6, .base_local = 10000},
    .weights =
	&(const struct family_weights){
	    .parts = WS_PLAIN | WS_POST_ATTN | WS_POST_FFN | WS_QK_NORM,
	    .tied = 1,
	},
    /* llama's graph on its two caches: replayed so, exact over
     * tests/engine.sh's matrix on Gemma 3's GGUF and on llama.cpp's own
     * tiny Gemma 3 model */
    .dense_graph =
	&(const struct family_dense_graph){.modelled = 1, .windowed = 1},
};
