/*
 * GLM-5 (GlmMoeDsaForCausalLM, src/models/glm-dsa.cpp): the same
 * llama_kv_cache_dsa; an indexer on every layer before GLM-5.2, on the
 * layers attention.indexer.types marks after (src/model/gguf.c
 * read_glm_dsa).
 *
 * The graph is DeepSeek-V3.2's with a full indexer on every layer.
 */
#include "model/family.h"
#include "model/hfconv.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* conversion/glm.py GlmMoeDsaModel: DeepseekV32Model's keys
 * (hfc_deepseek_dsa), then the rotated dimensions int(qk_rope_head_dim x
 * partial_rotary_factor) (1 when absent) and GLM-5.2's indexer_types as
 * a bool a layer ("full"). */
static int glm_dsa_convert(struct hfc *c)
{
	static const struct hfc_layer_words types = {
	    .from = "indexer_types",
	    .word = "full",
	    .key = "attention.indexer.types",
	    .length = HFC_ANY_LENGTH,
	};
	int64_t rope;
	double factor;
	if (hfc_deepseek_dsa(c) < 0 ||
	    hfc_need(c, K("qk_rope_head_dim"), &rope) < 0 ||
	    hfc_rope(c, "partial_rotary_factor", 1, &factor) < 0)
		return -1;
	hfc_source(c, "int(qk_rope_head_dim x partial_rotary_factor)");
	if (hfc_put_u32(c, "rope.dimension_count",
			(int64_t)((double)rope * factor)) < 0)
		return -1;
	return hfc_put_layer_words(c, &types, NULL) < 0 ? -1 : 0;
}

const struct family family_glm_dsa = {
	.arch = "glm-dsa",
	.mech = AM_NEXTN | AM_INDEXER | AM_INDEXER_TYPES | AM_DENSE_LEAD,
	.moe_graph = &(const struct family_moe_graph){
		.gating = GATE_SIGMOID_BIASED,
		.flags = MG_ROWS_LAST | MG_SHARED | MG_DENSE_LEAD | MG_MLA | MG_DSA,
	},
	/* transformers' GlmMoeDsaConfig.__init__ defaults, those the table
	 * had (the latent's head sizes are required) */
	.conv = &(const struct family_conv){
		.classes = K("GlmMoeDsaForCausalLM"),
		.converter = "conversion/glm.py GlmMoeDsaModel",
		.config = "GlmMoeDsaConfig",
		.defaults = (const struct hfc_default[]){
			{"vocab_size", 154880, NULL},
			{"hidden_size", 6144, NULL},
			{"intermediate_size", 12288, NULL},
			{"num_hidden_layers", 78, NULL},
			{"num_attention_heads", 64, NULL},
			{"num_key_value_heads", 64, NULL},
			{"max_position_embeddings", 202752, NULL},
			{"rope_theta", 10000, NULL},
			{"n_routed_experts", 256, NULL},
			{"num_experts_per_tok", 8, NULL},
			{"moe_intermediate_size", 2048, NULL},
			{"n_shared_experts", 1, NULL},
			{"first_k_dense_replace", 3, NULL},
			{"index_head_dim", 128, NULL},
			{"index_n_heads", 32, NULL},
			{"index_topk", 2048, NULL},
			{"q_lora_rank", 2048, NULL},
			{NULL, 0, NULL},
		},
		.convert = glm_dsa_convert,
	},
};
