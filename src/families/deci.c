/*
 * DeciLM / Nemotron-51B (src/models/deci.cpp): per-layer KV heads, 0 for its
 * no-op attention blocks.
 */
#include "model/family.h"

const struct family family_deci = {
    .arch = "deci",
    .mech = AM_NEXTN,
    /* llama's graph layer by layer: replayed so (the no-op blocks'
     * attention never decides the peak), held to the engine by
     * tests/engine.sh's DeciLM GGUF */
    .dense_graph = &(const struct family_dense_graph){.modelled = 1},
};
