/*
 * Qwen3.5 dense (src/models/qwen35.cpp): Qwen3-Next's layout.
 *
 * Where the logits land: the gated Q (Qcur_full [2 n_head head_dim]) and its
 * normed half live under K.Q beside three [n_embd] rows; the final norm's
 * get_rows (out_ids) and the last FFN's output are the rows.  Worst 1.91 %:
 * -c 32768 -np 4 -fa off, a hole just over two rows, where best fit puts the
 * rows in an exact [n_embd] slot above it first.
 */
#include "model/family.h"

const struct family family_qwen35 = {
	.arch = "qwen35",
	.mech = AM_NEXTN | AM_RECURRENT,
	.recurrent = &(const struct family_recurrent){
		.rule = RR_INTERVAL,
		.state = RS_MAMBA2,
	},
	.hybrid_logits = &(const struct family_hybrid_logits){
		.mid_hole = 1,
		.big_rows = 1,
		.modelled = 1,
	},
	.gdn_graph = &(const struct family_gdn_graph){
		.flags = GD_MROPE,
		.modelled = 1,
	},
};
