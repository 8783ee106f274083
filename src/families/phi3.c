/*
 * Phi-3 and Phi-4-mini (src/models/phi3.cpp): one attn_qkv, ffn_up of 2
 * n_ff, longrope factors.
 *
 * The graph: a Phi-3 GGUF with separate attn_q, attn_k, attn_v (not what
 * convert_hf_to_gguf.py writes) builds another one, up to 8 % apart, and
 * struct model does not tell the two apart.
 *
 * Its peaks: without flash attention the residual's slot moves with the
 * deployment (n_tokens rounded to n_seq makes the last layer's [n_embd,
 * n_outputs] rows smaller than the slots they fit in): 2.9 % off at -c
 * 1000 -np 3; estimated.
 */
#include "model/family.h"

const struct family family_phi3 = {
	.arch = "phi3",
	.mech = AM_NEXTN,
	.weights = &(const struct family_weights){
		.parts = WS_PLAIN | WS_QKV_FUSED | WS_UP_GATE | WS_ROPE_FACTORS,
	},
	.dense_graph = &(const struct family_dense_graph){
		.flags = DR_PHI3,
		.modelled = 1,
	},
	.dense_peaks = &(const struct family_dense_peaks){.graph = DG_PHI3},
};
