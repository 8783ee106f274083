/*
 * MiniMax-M3 (src/models/minimax-m3.cpp): block-sparse attention (MSA).
 * create_memory makes llama_kv_cache_msa (src/llama-kv-cache-msa.cpp): a
 * main llama_kv_cache of every layer (no filter: nextn layers refused),
 * and an indexer llama_kv_cache with the same cells, one K head of
 * indexer.key_length and one V head of value_length a cell, on the layers
 * filter_idx keeps, il >= leading_dense_block_count.  No window is read
 * (load_arch_hparams).
 */
#include "model/family.h"

/* config.json by conversion/minimax.py MiniMaxM3Model, over
 * MiniMaxM2Model (expert_feed_forward_length intermediate_size,
 * rope.dimension_count rotary_dim) and TextModel: find_hparam of each key
 * required; the sparse attention's from sparse_attention_config, the
 * leading dense blocks the zeros moe_layer_freq starts with. */
static int minimax_m3_convert(struct hfc *c)
{
	static const struct {
		const char *key, *gguf;
	} counts[] = {
		{"intermediate_size", "expert_feed_forward_length"},
		{"rotary_dim", "rope.dimension_count"},
		{"n_shared_experts", "expert_shared_count"},
		{"sparse_attention_config.sparse_num_index_heads",
		 "attention.indexer.head_count"},
		{"sparse_attention_config.sparse_index_dim",
		 "attention.indexer.key_length"},
		{"sparse_attention_config.sparse_topk_blocks",
		 "attention.indexer.top_k"},
		{"sparse_attention_config.sparse_block_size",
		 "attention.indexer.block_size"},
		{"sparse_attention_config.sparse_local_block",
		 "attention.indexer.local_blocks"},
	};
	static const char *const scale[] = {"routed_scaling_factor", NULL};
	int64_t v, freq[512];
	double d;
	int n, rc;
	if (hfc_text_model(c) < 0)
		return -1;
	for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
		const char *const k[] = {counts[i].key, NULL};
		if (hfc_need(c, k, &v) < 0 ||
		    hfc_put_u32(c, counts[i].gguf, v) < 0)
			return -1;
	}
	if ((rc = hfc_real(c, scale, 0, &d)) == 0)
		return hfc_fail(c, NULL, "missing (required by "
				"conversion/minimax.py MiniMaxM3Model)");
	if (rc < 0 || hfc_put_f32(c, "expert_weights_scale", d) < 0)
		return -1;
	hfc_source(c, "MiniMaxM3Model: always");
	if (hfc_put_bool(c, "expert_weights_norm", 1) < 0)
		return -1;
	n = hfc_ints(c, "moe_layer_freq", freq, sizeof freq / sizeof freq[0]);
	if (n == 0)
		return hfc_fail(c, NULL, "missing (required by "
				"conversion/minimax.py MiniMaxM3Model)");
	if (n < 0)
		return -1;
	v = 0;
	while (v < n && freq[v] == 0)
		v++;
	hfc_source(c, "moe_layer_freq: its leading zeros");
	return hfc_put_u32(c, "leading_dense_block_count", v);
}

const struct family family_minimax_m3 = {
	.arch = "minimax-m3",
	.mech = AM_NEXTN | AM_INDEXER | AM_DENSE_LEAD,
	.indexer = &(const struct family_indexer){
		.with_v = 1,
		.layers = FI_AFTER_DENSE_LEAD,
	},
	/* MiniMaxM3SparseForCausalLM (its ...ForConditionalGeneration
	 * too, the text model's keys beside the vision tower's); its
	 * configuration is the checkpoint's own code (trust_remote_code):
	 * the converter reads the file as it is, nothing has a default. */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){
			"MiniMaxM3SparseForCausalLM",
			"MiniMaxM3SparseForConditionalGeneration", NULL},
		.converter = "conversion/minimax.py MiniMaxM3Model",
		.convert = minimax_m3_convert,
	},
};
