/*
 * Gemma 2 (src/models/gemma2.cpp): set_swa_pattern(2), n_swa 4096 unless the
 * file says; the head is the token embeddings.
 */
#include "model/family.h"

const struct family family_gemma2 = {
    .arch = "gemma2",
    .mech = AM_NEXTN,
    .swa = &(const struct family_swa){.pattern = 2, .default_window = 4096},
    .weights =
	&(const struct family_weights){
	    .parts = WS_PLAIN | WS_POST_ATTN | WS_POST_FFN,
	    .head = WS_HEAD_NEVER,
	    .tied = 1,
	},
    /* llama's graph on its two caches: replayed so, exact over
     * tests/engine.sh's matrix on Gemma 2's GGUF and on llama.cpp's own
     * tiny Gemma 2 model */
    .dense_graph =
	&(const struct family_dense_graph){.modelled = 1, .windowed = 1},
};
