/*
 * SmolLM3 (src/models/smollm3.cpp): llama's layer, tied embeddings.
 */
#include "model/family.h"

const struct family family_smollm3 = {
    .arch = "smollm3",
    .mech = AM_NEXTN,
    .weights = &(const struct family_weights){.parts = WS_PLAIN, .tied = 1},
    /* llm_build_smollm3 is llama's graph (its NoPE layers skip a RoPE in
     * place): replayed so, held to the engine by tests/engine.sh */
    .dense_graph = &(const struct family_dense_graph){.modelled = 1},
};
