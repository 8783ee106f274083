/*
 * DeepSeek V4 (src/models/deepseek4.cpp): every layer slides
 * (load_arch_hparams: set_swa_pattern(0), the file's pattern unread), and
 * create_memory makes llama_kv_cache_dsv4 (src/llama-kv-cache-dsv4.cpp):
 *  - a raw llama_kv_cache_iswa of K only (dsv4_make_k_only), a stream a
 *    sequence even under -kvu (unified_raw = false);
 *  - on the layers whose attention.compress_ratios is DSV4_CSA_RATIO (4)
 *    or DSV4_HCA_RATIO (128), a K-only llama_kv_cache of
 *    GGML_PAD(dsv4_comp_size(kv_size, ratio), 256) cells, and on the CSA
 *    layers the lightning indexer's, one head of indexer.key_length;
 *  - the compressors' states (llama_dsv4_comp_state): csa of 2 x ratio
 *    rows by 2 n_embd_head_k, hca of ratio rows by n_embd_head_k, lid of
 *    2 x ratio rows by 2 indexer_head_size, each a kv and a score tensor
 *    of f32.
 * With nextn layers the raw and compressed caches keep them
 * (n_layer_nextn = 0 in their hparams) but the states do not: such a file
 * is refused (src/model/gguf.c).
 */
#include "model/family.h"

/* config.json by conversion/deepseek.py DeepseekV4Model: its __init__
 * (block_count num_hidden_layers, the MTP layers left out unless they are
 * converted alone) and set_gguf_parameters, hparams["KEY"] each required.
 * Not written: swiglu_clamp_exp and _shexp (swiglu_limit a layer, f32
 * arrays the sizing does not read), the chat template. */
static int ds4_convert(struct hfc *c)
{
	static const struct {
		const char *key, *gguf;
	} counts[] = {
		{"q_lora_rank", "attention.q_lora_rank"},
		{"sliding_window", "attention.sliding_window"},
		{"moe_intermediate_size", "expert_feed_forward_length"},
		{"n_shared_experts", "expert_shared_count"},
		{"index_n_heads", "attention.indexer.head_count"},
		{"index_head_dim", "attention.indexer.key_length"},
		{"index_topk", "attention.indexer.top_k"},
		{"o_groups", "attention.output_group_count"},
		{"o_lora_rank", "attention.output_lora_rank"},
		{"hc_mult", "hyper_connection.count"},
		{"hc_sinkhorn_iters", "hyper_connection.sinkhorn_iterations"},
		{"num_hash_layers", "hash_layer_count"},
	}, reals[] = {
		{"routed_scaling_factor", "expert_weights_scale"},
		{"compress_rope_theta", "attention.compress_rope_freq_base"},
		{"hc_eps", "hyper_connection.epsilon"},
	};
	static const char *const layers[] = {"num_hidden_layers", NULL};
	static const char *const rope[] = {"qk_rope_head_dim", NULL};
	static const char *const hd[] = {"head_dim", NULL};
	static const char *const prf[] = {"partial_rotary_factor", NULL};
	static const char *const embd[] = {"hidden_size", NULL};
	static const char *const hc[] = {"hc_mult", NULL};
	int64_t v, e, ratios[512];
	double d;
	int norm, n;
	if (hfc_text_model(c) < 0 || hfc_need(c, layers, &v) < 0 ||
	    hfc_put_u32(c, "block_count", v) < 0)
		return -1;
	/* qk_rope_head_dim: the file's, else DeepseekV4Config's
	 * int(head_dim x partial_rotary_factor), 64 / 512 by default */
	if (hfc_has(c, "qk_rope_head_dim")) {
		if (hfc_need(c, rope, &v) < 0)
			return -1;
	} else {
		if (hfc_need(c, hd, &v) < 0 ||
		    hfc_real(c, prf, 64.0 / 512, &d) < 0)
			return -1;
		hfc_source(c, "head_dim x partial_rotary_factor %g", d);
		v = (int64_t)((double)v * d);
	}
	if (hfc_put_u32(c, "rope.dimension_count", v) < 0)
		return -1;
	for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
		const char *const k[] = {counts[i].key, NULL};
		if (hfc_need(c, k, &v) < 0 ||
		    hfc_put_u32(c, counts[i].gguf, v) < 0)
			return -1;
	}
	for (size_t i = 0; i < sizeof reals / sizeof reals[0]; i++) {
		const char *const k[] = {reals[i].key, NULL};
		int rc = hfc_real(c, k, 0, &d);
		if (rc == 0)
			return hfc_fail(c, NULL, "missing (required "
					"by conversion/deepseek.py)");
		if (rc < 0 || hfc_put_f32(c, reals[i].gguf, d) < 0)
			return -1;
	}
	n = hfc_bool(c, "norm_topk_prob", 0, &norm);
	if (n == 0)
		return hfc_fail(c, NULL, "missing (required by "
				"conversion/deepseek.py)");
	if (n < 0 || hfc_put_bool(c, "expert_weights_norm", norm) < 0)
		return -1;
	n = hfc_ints(c, "compress_ratios", ratios,
		     sizeof ratios / sizeof ratios[0]);
	if (n == 0)
		return hfc_fail(c, NULL, "missing (required by "
				"conversion/deepseek.py)");
	if (n < 0 || hfc_put_ints(c, "attention.compress_ratios", ratios,
				  (size_t)n) < 0)
		return -1;
	/* add_embedding_length_out(hidden_size x hc_mult) */
	if (hfc_need(c, embd, &e) < 0 || hfc_need(c, hc, &v) < 0)
		return -1;
	hfc_source(c, "hidden_size x hc_mult");
	return hfc_put_u32(c, "embedding_length_out", e * v);
}

const struct family family_deepseek4 = {
	.arch = "deepseek4",
	.mech = AM_NEXTN | AM_INDEXER,
	.swa = &(const struct family_swa){.pattern = 0,
					  .file_pattern_unread = 1},
	.compress = &(const struct family_compress){
		.cache = {
			{.name = "csa", .ratio = 4, .row = FC_HEAD},
			{.name = "hca", .ratio = 128, .row = FC_HEAD},
			{.name = "lid", .ratio = 4, .row = FC_INDEXER},
		},
		/* rows: state_size; width: n_embd_state in head sizes */
		.state = {
			{.name = "csa", .ratio = 4, .rows = 8, .width = 2,
			 .of = FC_HEAD},
			{.name = "hca", .ratio = 128, .rows = 128, .width = 1,
			 .of = FC_HEAD},
			{.name = "lid", .ratio = 4, .rows = 8, .width = 2,
			 .of = FC_INDEXER},
		},
		.pad = 256,
		.streams_per_seq = 1,
	},
	/* DeepseekV4ForCausalLM; the defaults are transformers'
	 * DeepseekV4Config's.  Its __post_init__ folds the legacy
	 * compress_ratios, num_hash_layers and qk_rope_head_dim away, and the
	 * converter's __init__ puts config.json's back (setdefault of the raw
	 * file): compress_ratios and num_hash_layers have no default, and
	 * qk_rope_head_dim's is worked out in ds4_convert. */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"DeepseekV4ForCausalLM",
						 NULL},
		.converter = "conversion/deepseek.py DeepseekV4Model",
		.config = "DeepseekV4Config",
		.defaults = (const struct hfc_default[]){
			{.key = "vocab_size", .value = 129280},
			{.key = "hidden_size", .value = 4096},
			{.key = "moe_intermediate_size", .value = 2048},
			{.key = "num_hidden_layers", .value = 43},
			{.key = "num_attention_heads", .value = 64},
			{.key = "num_key_value_heads", .value = 1},
			{.key = "head_dim", .value = 512},
			{.key = "q_lora_rank", .value = 1024},
			{.key = "num_experts_per_tok", .value = 6},
			{.key = "n_routed_experts", .value = 256},
			{.key = "n_shared_experts", .value = 1},
			{.key = "scoring_func", .str = "sqrtsoftplus"},
			{.key = "norm_topk_prob", .value = 1},
			{.key = "routed_scaling_factor", .value = 1.5},
			{.key = "max_position_embeddings", .value = 1048576},
			{.key = "rope_theta", .value = 10000},
			{.key = "compress_rope_theta", .value = 160000},
			{.key = "hc_mult", .value = 4},
			{.key = "hc_sinkhorn_iters", .value = 20},
			{.key = "hc_eps", .value = 1e-6},
			{.key = "swiglu_limit", .value = 10},
			{.key = "sliding_window", .value = 128},
			{.key = "o_groups", .value = 8},
			{.key = "o_lora_rank", .value = 1024},
			{.key = "index_n_heads", .value = 64},
			{.key = "index_head_dim", .value = 128},
			{.key = "index_topk", .value = 512},
			{.key = "num_nextn_predict_layers", .value = 1},
			{.key = "rms_norm_eps", .value = 1e-6},
			{.key = "tie_word_embeddings", .value = 0},
			{.key = NULL},
		},
		.convert = ds4_convert,
	},
};
