/*
 * Hunyuan V4 (src/models/hy-v4.cpp): MLA with the latent cached
 * (GGML_ASSERT(hparams.is_mla())).  create_memory: with indexer.top_k 0 a
 * plain llama_kv_cache; else llama_kv_cache_dsa (src/llama-kv-cache-
 * dsa.cpp) whose indexer cache, one K head of indexer.key_length a cell
 * in K's type, keeps only the layers hparams.is_indexer_full(il) marks
 * (attention.indexer.types; layer 0 must be one).  Neither cache filters
 * nextn layers out: such a file is refused.
 */
#include <string.h>

#include "model/family.h"

#define HY_V4_MAX_LAYERS 512

/* HYV4Model's leading dense blocks: mlp_layer_types' leading "dense"
 * (transformers' default one), which first_k_dense_replace must equal
 * when given */
static int hy_v4_lead(struct hfc *c, int64_t n, int64_t *lead)
{
	static const char *const fk[] = {"first_k_dense_replace", NULL};
	const char *t[HY_V4_MAX_LAYERS];
	int64_t explicit;
	int nt = hfc_words(c, "mlp_layer_types", t, HY_V4_MAX_LAYERS), rc;
	if (nt < 0)
		return -1;
	*lead = nt ? 0 : n > 0;   /* HYV4Config: ["dense"] + "sparse" */
	while (*lead < nt && !strcmp(t[*lead], "dense"))
		++*lead;
	for (int i = (int)*lead; i < nt; i++)
		if (!strcmp(t[i], "dense"))
			return hfc_fail(c, NULL, "entry %d dense after a "
					"sparse one: the converter expects "
					"a contiguous leading dense block",
					i);
	if ((rc = hfc_int(c, fk, 0, &explicit)) < 0)
		return -1;
	if (rc > 0 && explicit != *lead)
		return hfc_fail(c, NULL, "%lld disagrees with mlp_layer_types' "
				"%lld leading dense layers",
				(long long)explicit, (long long)*lead);
	return 0;
}

/* config.json by conversion/hy_v4.py HYV4Model over DeepseekV2Model
 * (hfc_deepseek_v2): n_group and topk_group left out when both 1, the
 * leading dense blocks settled first; the sigmoid gating, the
 * hyper-connections and the DSA indexer on the layers indexer_types
 * marks "full" (transformers' default: layer 0 and every fourth from 1).
 * The MTP layers are dropped.
 * Not written: swiglu_clamp_exp (swiglu_limit a layer, an f32 array the
 * sizing does not read). */
static int hy_v4_convert(struct hfc *c)
{
	static const struct {
		const char *key, *gguf;
	} idx[] = {
		{"index_n_heads", "attention.indexer.head_count"},
		{"index_head_dim", "attention.indexer.key_length"},
		{"index_topk", "attention.indexer.top_k"},
	}, hcr[] = {
		{"hc_eps", "hyper_connection.epsilon"},
		{"hc_magnitude", "hyper_connection.magnitude"},
	};
	static const char *const layers[] = {"num_hidden_layers", NULL};
	static const char *const grp[] = {"n_group", NULL};
	static const char *const grpu[] = {"topk_group", NULL};
	static const char *const hc[] = {"hc_mult", NULL};
	const char *t[HY_V4_MAX_LAYERS];
	int64_t n, lead, g, gu, v, full[HY_V4_MAX_LAYERS];
	double d;
	int nt, rc;
	if (hfc_need(c, layers, &n) < 0 || hy_v4_lead(c, n, &lead) < 0 ||
	    hfc_int(c, grp, 0, &g) < 0 || hfc_int(c, grpu, 0, &gu) < 0 ||
	    hfc_deepseek_v2(c) < 0)
		return -1;
	/* hparams["first_k_dense_replace"] as hy_v4_lead settled it */
	if (!hfc_has(c, "first_k_dense_replace"))
		hfc_source(c, "mlp_layer_types: its leading dense layers");
	if (hfc_put_u32(c, "leading_dense_block_count", lead) < 0)
		return -1;
	if (g == 1 && gu == 1) {
		hfc_drop(c, "expert_group_count");
		hfc_drop(c, "expert_group_used_count");
	}
	/* ExpertGatingFuncType.SIGMOID */
	hfc_source(c, "HYV4Model: a sigmoid router");
	if (hfc_put_u32(c, "expert_gating_func", 2) < 0 ||
	    hfc_need(c, hc, &v) < 0 ||
	    hfc_put_u32(c, "hyper_connection.count", v) < 0)
		return -1;
	for (size_t i = 0; i < sizeof hcr / sizeof hcr[0]; i++) {
		const char *const k[] = {hcr[i].key, NULL};
		if ((rc = hfc_real(c, k, 0, &d)) == 0)
			return hfc_fail(c, NULL, "missing (required by "
					"conversion/hy_v4.py HYV4Model)");
		if (rc < 0 || hfc_put_f32(c, hcr[i].gguf, d) < 0)
			return -1;
	}
	if (n < 1 || n > HY_V4_MAX_LAYERS) {
		hfc_has(c, "num_hidden_layers");   /* the error at its line */
		return hfc_fail(c, NULL, "%lld layers", (long long)n);
	}
	if ((nt = hfc_words(c, "indexer_types", t, HY_V4_MAX_LAYERS)) < 0)
		return -1;
	if (nt > 0 && nt < n)
		return hfc_fail(c, NULL, "%d entries, need %lld", nt,
				(long long)n);
	for (int64_t il = 0; il < n; il++) {
		if (nt && strcmp(t[il], "full") && strcmp(t[il], "shared"))
			return hfc_fail(c, NULL, "entry %lld '%s': want "
					"full or shared", (long long)il, t[il]);
		full[il] = nt ? !strcmp(t[il], "full")
			      : il == 0 || (il - 1) % 4 == 0;
	}
	if (!full[0])
		return hfc_fail(c, NULL, "layer 0 'shared': it must be 'full' "
				"(nothing precedes it to share)");
	for (size_t i = 0; i < sizeof idx / sizeof idx[0]; i++) {
		const char *const k[] = {idx[i].key, NULL};
		if (hfc_need(c, k, &v) < 0 ||
		    hfc_put_u32(c, idx[i].gguf, v) < 0)
			return -1;
	}
	hfc_source(c, "indexer_types: full");
	return hfc_put_bools(c, "attention.indexer.types", full, (size_t)n);
}

const struct family family_hy_v4 = {
	.arch = "hy_v4",
	.mech = AM_NEXTN | AM_INDEXER | AM_DENSE_LEAD,
	.indexer = &(const struct family_indexer){
		.layers = FI_TYPES,
		.top_k_zero_none = 1,
		.first_required = 1,
	},
	/* HYV4ForCausalLM; the defaults are transformers' HYV4Config's (its
	 * list defaults worked out in hy_v4_convert). */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"HYV4ForCausalLM", NULL},
		.converter = "conversion/hy_v4.py HYV4Model",
		.config = "HYV4Config",
		.defaults = (const struct hfc_default[]){
			{.key = "vocab_size", .value = 120832},
			{.key = "hidden_size", .value = 2816},
			{.key = "intermediate_size", .value = 6912},
			{.key = "moe_intermediate_size", .value = 768},
			{.key = "num_hidden_layers", .value = 34},
			{.key = "num_attention_heads", .value = 32},
			{.key = "max_position_embeddings", .value = 262144},
			{.key = "rms_norm_eps", .value = 1e-5},
			{.key = "tie_word_embeddings", .value = 0},
			{.key = "n_routed_experts", .value = 256},
			{.key = "n_shared_experts", .value = 1},
			{.key = "num_experts_per_tok", .value = 8},
			{.key = "routed_scaling_factor", .value = 2.827},
			{.key = "norm_topk_prob", .value = 1},
			{.key = "n_group", .value = 1},
			{.key = "topk_group", .value = 1},
			{.key = "q_lora_rank", .value = 1536},
			{.key = "kv_lora_rank", .value = 512},
			{.key = "qk_nope_head_dim", .value = 192},
			{.key = "qk_rope_head_dim", .value = 64},
			{.key = "v_head_dim", .value = 256},
			{.key = "index_topk", .value = 2048},
			{.key = "index_head_dim", .value = 128},
			{.key = "index_n_heads", .value = 16},
			{.key = "hc_mult", .value = 4},
			{.key = "hc_magnitude", .value = 2.0},
			{.key = "hc_eps", .value = 1e-6},
			{.key = "swiglu_limit", .value = 10.0},
			{.key = NULL},
		},
		.convert = hy_v4_convert,
	},
};
