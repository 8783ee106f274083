/*
 * DeepSeek-V2/V3, Kimi K2 (src/models/deepseek2.cpp): MLA's latent cached
 * with the *_mla keys, dense lead layers and shared experts.
 *
 * conversion/deepseek.py splits kv_b into k_b and v_b and leaves out the MTP
 * layers.
 *
 * The graph: V2's softmax gating (V3's sigmoid is in place too; its
 * exp_probs_b copy, 4 n_expert bytes a token freed before the experts, is
 * left out).
 */
#include "model/family.h"

const struct family family_deepseek2 = {
	.arch = "deepseek2",
	.mech = AM_NEXTN,
	.weights = &(const struct family_weights){
		.parts = WS_PLAIN | WS_MLA | WS_LEAD_SHARED,
	},
	.moe_graph = &(const struct family_moe_graph){
		.gating = GATE_SOFTMAX,
		.flags = MG_ROWS_LAST | MG_SHARED | MG_DENSE_LEAD | MG_MLA,
	},
};
