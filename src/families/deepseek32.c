/*
 * DeepSeek-V3.2 (src/models/deepseek32.cpp): MLA's latent plus the lightning
 * indexer's K-only cache (create_memory: llama_kv_cache_dsa, src/llama-kv-
 * cache-dsa.cpp).
 *
 * The graph: sigmoid gating with exp_probs_b; expert_weights_norm as the
 * GGUF says.
 */
#include "model/family.h"
#include "model/hfconv.h"

/* conversion/deepseek.py DeepseekV32Model: DeepseekV2Model's keys and
 * the nextn layers and indexer hfc_deepseek_dsa writes, nothing else. */
#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

const struct family family_deepseek32 = {
	.arch = "deepseek32",
	.mech = AM_NEXTN | AM_INDEXER | AM_DENSE_LEAD,
	.moe_graph = &(const struct family_moe_graph){
		.gating = GATE_SIGMOID_BIASED,
		.flags = MG_ROWS_LAST | MG_SHARED | MG_DENSE_LEAD | MG_MLA | MG_DSA,
	},
	/* DeepSeek-V3.2's own configuration_deepseek.py: DeepseekV3Config's
	 * defaults (none for the indexer) */
	.conv = &(const struct family_conv){
		.classes = K("DeepseekV32ForCausalLM"),
		.converter = "conversion/deepseek.py DeepseekV32Model",
		.config = "DeepseekV3Config",
		.defaults = hfc_deepseek_v3_defaults,
		.convert = hfc_deepseek_dsa,
	},
};
