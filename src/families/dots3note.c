/*
 * dots3note (src/models/dots3note.cpp): MLA with the latent cached on
 * every layer, full and sliding by the file's attention.
 * sliding_window_pattern (get_arr), and DSA's lightning indexer on the
 * layers attention.indexer.types marks.  create_memory makes
 * llama_kv_cache_dsa_iswa (src/llama-kv-cache-dsa-iswa.cpp): the full
 * layers' latent in a llama_kv_cache_dsa of kv_size cells, whose indexer
 * cache (one K head of indexer.key_length, K only) keeps the layers
 * filter_lid keeps, il < n_layer() && is_indexer_full(il), sliding or
 * not; the sliding layers' latent in a llama_kv_cache of the iSWA size.
 */
#include <string.h>

#include "model/family.h"

#define DOTS3NOTE_MAX_LAYERS 512

/* Dots3NoteModel.__init__'s checks of the variant it converts: each key
 * (its default when absent) must be what it wants */
static int dots3note_checks(struct hfc *c)
{
	static const struct {
		const char *key, *def, *want;
	} words[] = {
		{"normalization", "RMSNorm", "RMSNorm"},
		{"final_norm", "RMSNorm", "RMSNorm"},
		{"topk_method", "noaux_tc", "noaux_tc"},
		{"scoring_func", NULL, "sigmoid"},
		{"attention_gate_type", "headwise", "headwise"},
		{"swa_attention_gate_type", "headwise", "headwise"},
	};
	static const struct {
		const char *key;
		int def;
	} flags[] = {
		{"use_dsa", 1}, {"k_rope_only_layernorm", 1},
		{"use_dynamic_rsf", 0}, {"moe_gating_fp32", 0},
	};
	static const char *const one[] = {"n_group", "topk_group"};
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
		const char *v = hfc_str(c, words[i].key);
		if (!v && !hfc_has(c, words[i].key))
			v = words[i].def;
		if (!v || strcmp(v, words[i].want))
			return hfc_fail(c, NULL, "not '%s': "
					"conversion/dots3.py converts no "
					"other", words[i].want);
	}
	for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) {
		int b;
		if (hfc_bool(c, flags[i].key, flags[i].def, &b) < 0)
			return -1;
		if (b != flags[i].def)
			return hfc_fail(c, NULL, "%s: conversion/dots3.py "
					"converts no other",
					flags[i].def ? "not true" : "true");
	}
	for (size_t i = 0; i < 2; i++) {
		const char *const k[] = {one[i], NULL};
		int64_t v;
		if (hfc_int(c, k, 1, &v) < 0)
			return -1;
		if (v != 1)
			return hfc_fail(c, NULL, "%lld: conversion/dots3.py "
					"converts no grouped routing",
					(long long)v);
	}
	return 0;
}

/* config.json by conversion/dots3.py Dots3NoteModel over DeepseekV2Model
 * (hfc_deepseek_v2): the head count a layer (swa_num_attention_heads on
 * layer_types' sliding_attention layers), the window and its pattern, the
 * sliding layers' own latent (the *_swa keys), the DSA indexer on the
 * full layers.  The MTP block is counted from the checkpoint's tensors:
 * none here. */
static int dots3note_convert(struct hfc *c)
{
	static const struct {
		const char *key, *gguf;
	} idx[] = {
		{"index_n_heads", "attention.indexer.head_count"},
		{"index_head_dim", "attention.indexer.key_length"},
		{"index_topk", "attention.indexer.top_k"},
		{"sliding_window_size", "attention.sliding_window"},
	};
	static const char *const layers[] = {"num_hidden_layers", NULL};
	static const char *const heads[] = {"num_attention_heads", NULL};
	static const char *const swa_heads[] = {"swa_num_attention_heads",
						NULL};
	static const char *const lora[] = {"swa_kv_lora_rank", NULL};
	static const char *const nope[] = {"swa_qk_nope_head_dim", NULL};
	static const char *const rope[] = {"swa_qk_rope_head_dim", NULL};
	static const char *const hd[] = {"swa_head_dim", NULL};
	static const char *const v_hd[] = {"swa_v_head_dim", NULL};
	static const char *const full_rope[] = {"qk_rope_head_dim", NULL};
	static const char *const q[] = {"q_lora_rank", NULL};
	static const char *const swa_q[] = {"swa_q_lora_rank", NULL};
	int64_t n, h, hs, l, np, r, v, fr, sq, fq;
	int64_t swa[DOTS3NOTE_MAX_LAYERS], hc[DOTS3NOTE_MAX_LAYERS];
	if (hfc_need(c, layers, &n) < 0)
		return -1;
	if (n < 1 || n > DOTS3NOTE_MAX_LAYERS)
		return hfc_fail(c, NULL, "%lld layers", (long long)n);
	/* layer_types, its first num_hidden_layers (__init__'s check) */
	if (hfc_put_layer_words(c, &(const struct hfc_layer_words){
		    .from = "layer_types", .word = "sliding_attention",
		    .key = "attention.sliding_window_pattern",
		    .source = "layer_types: sliding_attention",
		    .length = HFC_AT_LEAST, .layers = n, .required = 1,
	    }, swa) < 0 ||
	    dots3note_checks(c) < 0 || hfc_need(c, nope, &np) < 0 ||
	    hfc_need(c, rope, &r) < 0 || hfc_int(c, hd, 256, &h) < 0)
		return -1;
	if (np + r != h)
		return hfc_fail(c, NULL, "%lld: swa_head_dim must equal "
				"swa_qk_nope_head_dim + swa_qk_rope_head_dim "
				"(%lld)", (long long)h, (long long)(np + r));
	if (hfc_need(c, full_rope, &fr) < 0)
		return -1;
	if (r != fr) {
		hfc_has(c, "swa_qk_rope_head_dim");   /* the error there */
		return hfc_fail(c, NULL, "%lld: swa_qk_rope_head_dim must "
				"match qk_rope_head_dim (%lld)", (long long)r,
				(long long)fr);
	}
	if (hfc_need(c, heads, &h) < 0 || hfc_need(c, swa_heads, &hs) < 0)
		return -1;
	for (int64_t il = 0; il < n; il++)
		hc[il] = swa[il] ? hs : h;
	if (hfc_deepseek_v2(c) < 0)
		return -1;
	hfc_source(c, "num_attention_heads, swa_num_attention_heads on "
		      "layer_types' sliding_attention");
	if (hfc_put_ints(c, "attention.head_count", hc, (size_t)n) < 0)
		return -1;
	for (size_t i = 0; i < sizeof idx / sizeof idx[0]; i++) {
		const char *const k[] = {idx[i].key, NULL};
		if (hfc_need(c, k, &v) < 0 ||
		    hfc_put_u32(c, idx[i].gguf, v) < 0)
			return -1;
	}
	if (hfc_need(c, lora, &l) < 0 ||
	    hfc_put_u32(c, "attention.kv_lora_rank_swa", l) < 0 ||
	    hfc_put_u32(c, "attention.value_length_swa", l) < 0)
		return -1;
	hfc_source(c, "swa_kv_lora_rank + swa_qk_rope_head_dim");
	if (hfc_put_u32(c, "attention.key_length_swa", l + r) < 0)
		return -1;
	hfc_source(c, "swa_qk_nope_head_dim + swa_qk_rope_head_dim");
	if (hfc_put_u32(c, "attention.key_length_mla_swa", np + r) < 0 ||
	    hfc_need(c, v_hd, &v) < 0 ||
	    hfc_put_u32(c, "attention.value_length_mla_swa", v) < 0 ||
	    hfc_need(c, swa_q, &sq) < 0 || hfc_need(c, q, &fq) < 0)
		return -1;
	if (sq != fq) {
		hfc_has(c, "swa_q_lora_rank");   /* the error at its line */
		return hfc_fail(c, NULL, "%lld: the converter assumes "
				"q_lora_rank's (%lld) for both layer kinds",
				(long long)sq, (long long)fq);
	}
	for (int64_t il = 0; il < n; il++)
		swa[il] = !swa[il];
	hfc_source(c, "layer_types: not sliding_attention");
	return hfc_put_bools(c, "attention.indexer.types", swa, (size_t)n);
}

const struct family family_dots3note = {
	.arch = "dots3note",
	.mech = AM_NEXTN | AM_INDEXER | AM_DENSE_LEAD,
	/* get_key(sliding_window), get_arr(sliding_window_pattern) */
	.swa = &(const struct family_swa){.required = 1},
	.indexer = &(const struct family_indexer){
		.layers = FI_TYPES,
		.nextn_out = 1,
	},
	/* Dots3NoteForCausalLM (its ...ForConditionalGeneration and
	 * Dots3NoteTextForCausalLM too); its configuration is the
	 * checkpoint's own code (trust_remote_code): the converter reads the
	 * file as it is, the defaults the converter's own .get()s. */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){
			"Dots3NoteForCausalLM",
			"Dots3NoteForConditionalGeneration",
			"Dots3NoteTextForCausalLM", NULL},
		.converter = "conversion/dots3.py Dots3NoteModel",
		.convert = dots3note_convert,
	},
};
