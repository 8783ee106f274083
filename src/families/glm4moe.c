/*
 * GLM-4.5 (src/models/glm4-moe.cpp): plain attention with a nextn (MTP)
 * block create_memory filters out.
 *
 * The graph: the nextn layer not in it; expert_weights_norm as the GGUF says
 * (tests/engine.sh's: none, so no MG_NORM_W).
 */
#include "model/family.h"

const struct family family_glm4moe = {
	.arch = "glm4moe",
	.mech = AM_NEXTN,
	.moe_graph = &(const struct family_moe_graph){
		.gating = GATE_SIGMOID_BIASED,
		.flags = MG_ROWS_LAST | MG_V_FIRST | MG_SHARED | MG_DENSE_LEAD,
	},
};
