/*
 * Falcon-H1 (src/models/falcon-h1.cpp): Mamba2 beside attention in every
 * layer (create_memory: filter_attn and filter_recr true for every layer).
 *
 * Where the logits land: four [n_embd] rows under K.Q; once the hole holds a
 * row, the last FFN's output and the logits stay in it.  Estimated: at -ub
 * 2048 the logits go one row higher there (2.2 %), and a rotated V with
 * flash attention keeps them low with a small hole (3.8 %).
 */
#include "model/family.h"

const struct family family_falcon_h1 = {
	.arch = "falcon-h1",
	.mech = AM_NEXTN | AM_RECURRENT,
	.recurrent = &(const struct family_recurrent){
		.rule = RR_EVERY,
		.state = RS_MAMBA2,
	},
	.mamba2_graph = &(const struct family_mamba2_graph){
		.flags = M2_ROPE | M2_PARALLEL | M2_FFN_GLU,
		.modelled = 1,
	},
	.hybrid_logits = &(const struct family_hybrid_logits){.attn_rows = 4},
};
