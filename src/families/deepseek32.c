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

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* conversion/deepseek.py DeepseekV32Model: its __init__ appends the
 * nextn (MTP) layers to block_count (without --no-mtp), then
 * DeepseekV2Model's keys, nextn_predict_layers and the lightning
 * indexer's heads, K head and top-k (all three required); the gate keeps
 * e_score_correction_bias (noaux_tc). */
static int deepseek32_convert(struct hfc *c)
{
	static const struct hfc_copy indexer[] = {
	    {"index_n_heads", "attention.indexer.head_count"},
	    {"index_head_dim", "attention.indexer.key_length"},
	    {"index_topk", "attention.indexer.top_k"},
	};
	int64_t layers, nextn;
	int rc;
	if (hfc_deepseek_v2(c) < 0 || hfc_block_count(c, &layers) < 0 ||
	    (rc = hfc_int(c, K("num_nextn_predict_layers"), 0, &nextn)) < 0)
		return -1;
	hfc_source(c, "num_hidden_layers + num_nextn_predict_layers");
	if (hfc_put_u32(c, "block_count", layers + nextn) < 0 ||
	    (rc > 0 && hfc_put_u32(c, "nextn_predict_layers", nextn) < 0) ||
	    HFC_COPY(c, indexer, 1) < 0)
		return -1;
	hfc_router_bias(c, "DeepseekV3's gate: e_score_correction_bias "
			   "(exp_probs_b)");
	return 0;
}

const struct family family_deepseek32 = {
	.arch = "deepseek32",
	.mech = AM_NEXTN | AM_INDEXER,
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
		.convert = deepseek32_convert,
	},
};
