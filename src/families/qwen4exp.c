/*
 * Qwen4exp (src/models/qwen4exp.cpp): Gated DeltaNet layers between
 * attention ones, as Qwen3-Next (attention.recurrent_layers, else every
 * full_attention_interval-th), and sparse attention (QSA) on the attention
 * layers.  create_memory makes llama_memory_hybrid_idx
 * (src/llama-memory-hybrid-idx.cpp): the hybrid's caches, both il <
 * n_layer(), plus an indexer llama_kv_cache of one K head of
 * indexer.key_length a cell and no V (is_mla() faked), filter_idx the
 * attention layers.  The one PLE layer (ple.layers, a recurrent one) keeps
 * a row of ple_conv_state() f32 beside its state (llama-memory-
 * recurrent.cpp cache_ple_r_l).
 */
#include <stdio.h>

#include "model/family.h"

#define QWEN4EXP_MAX_LAYERS 512

/* Qwen3NextModel's linear attention (ssm.*), hparams["KEY"] required */
static int qwen4exp_ssm(struct hfc *c)
{
	static const struct hfc_copy ssm[] = {
		{"linear_conv_kernel_dim", "ssm.conv_kernel"},
		{"linear_key_head_dim", "ssm.state_size"},
		{"linear_num_key_heads", "ssm.group_count"},
		{"linear_num_value_heads", "ssm.time_step_rank"},
	};
	static const char *const vd[] = {"linear_value_head_dim", NULL};
	static const char *const vh[] = {"linear_num_value_heads", NULL};
	int64_t v, d;
	if (HFC_COPY(c, ssm, 1) < 0)
		return -1;
	if (hfc_need(c, vd, &d) < 0 || hfc_need(c, vh, &v) < 0)
		return -1;
	hfc_source(c, "linear_value_head_dim x linear_num_value_heads");
	return hfc_put_u32(c, "ssm.inner_size", d * v);
}

/* The layers' kinds: layer_types, or transformers' Qwen4ExpTextConfig
 * default (a linear layer unless (il + 1) % full_attention_interval is
 * 0, the others its sparse names, none "full_attention").  rec[il]: a
 * linear_attention layer, full[il]: a full_attention one. */
static int qwen4exp_layers(struct hfc *c, int64_t n, int64_t *rec,
			   int64_t *full)
{
	static const char *const iv[] = {"full_attention_interval", NULL};
	struct hfc_layer_words w = {
		.from = "layer_types", .word = "linear_attention",
		.length = HFC_EXACTLY, .layers = n,
	};
	int64_t interval;
	int nt = hfc_put_layer_words(c, &w, rec);
	if (nt < 0)
		return -1;
	if (nt > 0) {
		w.word = "full_attention";
		return hfc_put_layer_words(c, &w, full) < 0 ? -1 : 0;
	}
	if (hfc_int(c, iv, 4, &interval) < 0)
		return -1;
	if (interval <= 0)
		return hfc_fail(c, NULL, "%lld: want more than 0",
				(long long)interval);
	for (int64_t il = 0; il < n; il++) {
		rec[il] = (il + 1) % interval != 0;
		full[il] = 0;
	}
	return 0;
}

/* config.json by conversion/qwen4exp.py Qwen4ExpTextModel, over
 * _Qwen35MRopeMixin, Qwen3NextModel, _QwenMtpMixin (no_mtp: the MTP
 * block left out), Qwen2MoeModel and TextModel.  Not written: the PLE
 * hash constants (layer_multipliers, head_offsets, head_vocab_sizes) and
 * embedding_length_per_layer_input, read off the checkpoint's tensors. */
static int qwen4exp_convert(struct hfc *c)
{
	static const struct hfc_copy moe[] = {
		{"moe_intermediate_size", "expert_feed_forward_length"},
		{"shared_expert_intermediate_size",
		 "expert_shared_feed_forward_length"},
	}, need[] = {
		{"hc_count", "hyper_connection.count"},
		{"hc_lowrank", "hyper_connection.low_rank"},
		{"indexer_n_heads", "attention.indexer.head_count"},
		{"indexer_head_dim", "attention.indexer.key_length"},
		{"indexer_budget", "attention.indexer.top_k"},
	}, ple[] = {
		{"ngram_size", "ple.ngram_size"},
		{"heads_per_ngram", "ple.heads_per_ngram"},
		{"ple_conv_kernel_size", "ple.conv_kernel"},
	};
	static const char *const layers[] = {"num_hidden_layers", NULL};
	static const char *const iv[] = {"full_attention_interval", NULL};
	static const char *const hd[] = {"head_dim", NULL};
	static const char *const embd[] = {"hidden_size", NULL};
	static const char *const heads[] = {"num_attention_heads", NULL};
	static const char *const ratio[] = {"indexer_compress_ratio", NULL};
	static const char *const eos[] = {"eos_token_id", NULL};
	static const char *const img[] = {"image_token_id", NULL};
	int64_t n, v, h, r, rec[QWEN4EXP_MAX_LAYERS];
	int64_t full[QWEN4EXP_MAX_LAYERS], ids[QWEN4EXP_MAX_LAYERS];
	char rp[48], k[64];
	double f;
	int rc, np;
	if (hfc_text_model(c) < 0)
		return -1;
	/* TextModel: rope_parameters' mrope_section padded to 4, else the
	 * mixin's [11, 11, 10, 0] */
	snprintf(rp, sizeof rp, "%s", hfc_has(c, "rope_parameters")
					     ? "rope_parameters"
					     : "rope_scaling");
	snprintf(k, sizeof k, "%s.mrope_section", rp);
	int64_t sec[8] = {11, 11, 10, 0};
	if ((rc = hfc_ints(c, k, sec, sizeof sec / sizeof sec[0])) < 0)
		return -1;
	if (rc == 0)
		hfc_source(c, "_Qwen35MRopeMixin: [11, 11, 10, 0]");
	for (int i = rc; i < 4; i++)
		sec[i] = 0;
	if (hfc_put_ints(c, "rope.dimension_sections", sec, 4) < 0)
		return -1;
	if (HFC_COPY(c, moe, 0) < 0)
		return -1;
	if (qwen4exp_ssm(c) < 0 || hfc_need(c, layers, &n) < 0)
		return -1;
	if (n < 1 || n > QWEN4EXP_MAX_LAYERS)
		return hfc_fail(c, NULL, "%lld layers", (long long)n);
	if (qwen4exp_layers(c, n, rec, full) < 0)
		return -1;
	if (hfc_has(c, "layer_types")) {
		hfc_source(c, "layer_types: linear_attention");
		if (hfc_put_bools(c, "attention.recurrent_layers", rec,
				  (size_t)n) < 0)
			return -1;
	}
	if (hfc_int(c, iv, 4, &v) < 0 ||
	    hfc_put_u32(c, "full_attention_interval", v) < 0)
		return -1;
	/* int(head_dim x partial_rotary_factor), 0.25 by default */
	if (hfc_has(c, "head_dim")) {
		if (hfc_need(c, hd, &v) < 0)
			return -1;
	} else {
		if (hfc_need(c, embd, &v) < 0 || hfc_need(c, heads, &h) < 0)
			return -1;
		if (h <= 0)
			return hfc_fail(c, NULL, "%lld heads", (long long)h);
		v /= h;
	}
	if (hfc_rope(c, "partial_rotary_factor", 0.25, &f) < 0)
		return -1;
	hfc_source(c, "head_dim x partial_rotary_factor %g", f);
	if (hfc_put_u32(c, "rope.dimension_count",
			(int64_t)((double)v * f)) < 0)
		return -1;
	if (HFC_COPY(c, need, 1) < 0)
		return -1;
	if (hfc_need(c, ratio, &r) < 0)
		return -1;
	for (int64_t il = 0; il < n; il++)
		full[il] = full[il] ? r : 0;
	hfc_source(c, "indexer_compress_ratio on layer_types' "
		      "full_attention");
	if (hfc_put_ints(c, "attention.compress_ratios", full, (size_t)n) < 0)
		return -1;
	/* ple_layer_ids, numbered from 1; [] (transformers' default) none */
	np = hfc_ints(c, "ple_layer_ids", ids, QWEN4EXP_MAX_LAYERS);
	if (np <= 0)
		return np;
	for (int i = 0; i < np; i++)
		ids[i]--;
	if (hfc_put_ints(c, "ple.layers", ids, (size_t)np) < 0)
		return -1;
	if (HFC_COPY(c, ple, 1) < 0)
		return -1;
	/* _eos_token_id: a list's last, else the number */
	if ((rc = hfc_ints(c, "eos_token_id", ids, QWEN4EXP_MAX_LAYERS)) > 0)
		v = ids[rc - 1];
	else if (hfc_need(c, eos, &v) < 0)
		return -1;
	if (hfc_put_u32(c, "ple.eos_token_id", v) < 0 ||
	    (rc = hfc_int(c, img, 0, &v)) < 0)
		return -1;
	return rc > 0 ? hfc_put_u32(c, "ple.image_token_id", v) : 0;
}

const struct family family_qwen4exp = {
	.arch = "qwen4exp",
	.mech = AM_NEXTN | AM_RECURRENT | AM_INDEXER,
	.recurrent = &(const struct family_recurrent){
		.rule = RR_INTERVAL,
		.state = RS_MAMBA2_PLE,
	},
	.indexer = &(const struct family_indexer){
		.layers = FI_ATTENTION,
	},
	/* Qwen4ExpForConditionalGeneration and ...ForCausalLM; the
	 * defaults are transformers' Qwen4ExpTextConfig's (its text_config).
	 * Its indexer_* are None by default, which the converter cannot
	 * write: required. */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){
			"Qwen4ExpForConditionalGeneration",
			"Qwen4ExpForCausalLM", NULL},
		.converter = "conversion/qwen4exp.py Qwen4ExpTextModel",
		.config = "Qwen4ExpTextConfig",
		.defaults = (const struct hfc_default[]){
			{.key = "vocab_size", .value = 248320},
			{.key = "hidden_size", .value = 2048},
			{.key = "num_hidden_layers", .value = 40},
			{.key = "num_attention_heads", .value = 16},
			{.key = "num_key_value_heads", .value = 2},
			{.key = "max_position_embeddings", .value = 32768},
			{.key = "rms_norm_eps", .value = 1e-6},
			{.key = "tie_word_embeddings", .value = 0},
			{.key = "head_dim", .value = 256},
			{.key = "linear_conv_kernel_dim", .value = 4},
			{.key = "linear_key_head_dim", .value = 128},
			{.key = "linear_value_head_dim", .value = 128},
			{.key = "linear_num_key_heads", .value = 16},
			{.key = "linear_num_value_heads", .value = 32},
			{.key = "moe_intermediate_size", .value = 512},
			{.key = "shared_expert_intermediate_size",
			 .value = 512},
			{.key = "num_experts_per_tok", .value = 10},
			{.key = "num_experts", .value = 512},
			{.key = "hc_count", .value = 4},
			{.key = "hc_lowrank", .value = 320},
			{.key = "ple_conv_kernel_size", .value = 4},
			{.key = "ngram_size", .value = 3},
			{.key = "heads_per_ngram", .value = 8},
			{.key = NULL},
		},
		.convert = qwen4exp_convert,
	},
};
