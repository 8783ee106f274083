/*
 * Phi-3 and Phi-4-mini (src/models/phi3.cpp): one attn_qkv, ffn_up of 2
 * n_ff, longrope factors.
 *
 * The graph: a Phi-3 GGUF with separate attn_q, attn_k, attn_v (not what
 * convert_hf_to_gguf.py writes) builds another one, up to 8 % apart, and
 * struct model does not tell the two apart.
 *
 * Its graph: replayed with the fused attn_qkv,
 * src/graph/compute_dense_replay.c (the peak formulas before it were 2.9 %
 * off: the residual's slot moves with the deployment).
 */
#include "model/family.h"

const struct family family_phi3 = {
    .arch = "phi3",
    .mech = AM_NEXTN,
    .weights =
	&(const struct family_weights){
	    .parts = WS_PLAIN | WS_QKV_FUSED | WS_UP_GATE | WS_ROPE_FACTORS,
	},
    .dense_graph =
	&(const struct family_dense_graph){
	    .flags = DR_PHI3,
	    .modelled = 1,
	},
};
