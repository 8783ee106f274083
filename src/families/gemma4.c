/*
 * Gemma 4 (src/models/gemma4.cpp): per-layer KV heads and head sizes
 * (key_length_swa); sliding_window and the per-layer sliding_window_pattern
 * required; layers from n_layer_all - shared_kv_layers on reuse an earlier
 * layer's cache; the 26B-A4B's dense MLP beside its experts ("normal FFN as
 * shared expert").
 *
 * Its graph: replayed, src/graph/compute_gemma4.c (the peak formulas
 * before it were 1.0 % off on the 31B, 7.7 % with a rotated cache and
 * flash attention).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/family.h"
#include "model/model.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* Gemma4TextConfig.__post_init__'s layer_types: the file's, else five
 * sliding layers then a full one ((i + 1) % 6), and the last layer
 * forced to full_attention (with a warning) whatever the file says.
 * swa[] gets Gemma4Model's flags, t == "sliding_attention"; 0 or -1. */
static int gemma4_layers(struct hfc *c, int64_t *swa, int64_t *n)
{
	static const char *words[MODEL_MAX_LAYERS];
	int nw = hfc_words(c, "layer_types", words, MODEL_MAX_LAYERS);
	if (nw < 0)
		return -1;
	if (!hfc_has(c, "layer_types")) {
		if (hfc_block_count(c, n) < 0)
			return -1;
		if (*n < 1 || *n > MODEL_MAX_LAYERS)
			return hfc_fail(c, NULL, "%lld layers (1 to %d)",
					(long long)*n, MODEL_MAX_LAYERS);
		for (int64_t il = 0; il < *n; il++)
			swa[il] = (il + 1) % 6 != 0;
		hfc_source(c, "num_hidden_layers (Gemma4TextConfig: five "
			   "sliding_attention, then one full_attention)");
	} else {
		for (int i = 0; i < nw; i++)
			swa[i] = !strcmp(words[i], "sliding_attention");
		*n = nw;
	}
	if (*n > 0 && swa[*n - 1]) {
		swa[*n - 1] = 0;
		hfc_note(c, "layer_types", "the last layer is sliding_attention"
			 ": Gemma4TextConfig makes it full_attention");
	}
	return *n > 0 ? hfc_put_bools(c, "attention.sliding_window_pattern",
				      swa, (size_t)*n)
		      : 0;
}

/* A full layer's FIELD from per_layer_config (transformers 5 writes it:
 * {"5": {"head_dim": 512, "num_key_value_heads": 2}, ...}), as
 * Gemma4Model.set_gguf_parameters reads it where global_head_dim
 * (num_global_key_value_heads) is absent: the first entry, in the file's
 * order, whose index (int() of its key) is a full_attention layer and
 * which has FIELD.  1 found, 0 none, -1 an error. */
static int per_layer(struct hfc *c, const char *field, const int64_t *swa,
		     int64_t n, int64_t *out)
{
	static const char *keys[4 * MODEL_MAX_LAYERS];
	char path[96];
	int nk = hfc_keys(c, "per_layer_config", keys, 4 * MODEL_MAX_LAYERS);
	for (int i = 0; i < nk; i++) {
		char *end;
		long long il = strtoll(keys[i], &end, 10);
		if (!*keys[i] || *end || il < 0) {
			hfc_has(c, "per_layer_config");   /* the error's key */
			return hfc_fail(c, NULL, "key '%.20s' is not a layer "
					"index", keys[i]);
		}
		snprintf(path, sizeof path, "per_layer_config.%.20s.%s",
			 keys[i], field);
		if (il >= n || swa[il] || !hfc_has(c, path))
			continue;
		return hfc_int(c, K(path), 0, out) < 0 ? -1 : 1;
	}
	return nk < 0 ? -1 : 0;
}

/* The rope of the full layers, which generate_extra_tensors reads:
 * rope_parameters["full_attention"], whose rope_type it asserts
 * "proportional" and whose partial_rotary_factor it indexes (its
 * rope_freqs: 1 on int(head_dim x factor / 2) pairs, 1e30 on the rest).
 * Without rope_parameters, Gemma4TextConfig's: proportional, 0.25. */
static int gemma4_rope_full(struct hfc *c)
{
	const char *t;
	double f;
	if (!hfc_has(c, "rope_parameters"))
		return 0;
	t = hfc_str(c, "rope_parameters.full_attention.rope_type");
	if (!t || strcmp(t, "proportional")) {
		hfc_has(c, "rope_parameters");   /* the error's key */
		return hfc_fail(c, NULL, "want full_attention: {\"rope_type\""
				": \"proportional\", ...} (Gemma4Model "
				"asserts it)");
	}
	if (hfc_real(c, K("rope_parameters.full_attention."
			  "partial_rotary_factor"), 0, &f) < 0)
		return -1;
	if (!hfc_has(c, "rope_parameters.full_attention."
			"partial_rotary_factor"))
		return hfc_fail(c, NULL, "missing (required by Gemma4Model's "
				"rope_freqs)");
	if (!(f > 0 && f <= 1))
		return hfc_fail(c, NULL, "%g: want a share of the head, above "
				"0 and at most 1", f);
	return 0;
}

/* The experts, which TextModel and Gemma4Model write from whatever the
 * file says (expert_count num_experts, expert_used_count top_k_experts,
 * expert_feed_forward_length moe_intermediate_size); transformers builds
 * them only with enable_moe_block, and without them the checkpoint has
 * no router: gemma4.cpp's ffn_gate_inp is TENSOR_NOT_REQUIRED, the
 * model dense. */
static int gemma4_experts(struct hfc *c)
{
	static const char *const gk[] = {"expert_count", "expert_used_count",
					 "expert_feed_forward_length"};
	const char *const *const from[] = {
	    K("num_local_experts", "num_experts", "n_routed_experts"),
	    K("num_experts_per_tok", "num_experts_per_token",
	      "top_k_experts"),
	    K("expert_intermediate_size", "moe_intermediate_size"),
	};
	int moe;
	int64_t v;
	if (hfc_bool(c, "enable_moe_block", 0, &moe) < 0)
		return -1;
	for (size_t i = 0; i < sizeof gk / sizeof gk[0]; i++) {
		if (!moe) {
			hfc_drop(c, gk[i]);
			continue;
		}
		if (hfc_need(c, from[i], &v) < 0)
			return -1;
		if (v < 1)
			return hfc_fail(c, NULL, "%lld: enable_moe_block wants "
					"1 or more", (long long)v);
	}
	return 0;
}

/* conversion/gemma.py Gemma4Model.set_gguf_parameters: Gemma3Model's keys,
 * then attention.shared_kv_layers num_kv_shared_layers (required),
 * embedding_length_per_layer_input hidden_size_per_layer_input (or 0),
 * the layers' sliding flags, key_length and value_length the full
 * layers' head (global_head_dim, else per_layer_config), key_length_swa
 * and value_length_swa head_dim, expert_feed_forward_length,
 * feed_forward_length doubled on the shared layers with
 * use_double_wide_mlp, head_count_kv a layer (num_key_value_heads
 * sliding, num_global_key_value_heads, else per_layer_config, full) and
 * rope.dimension_count the full head (proportional rope: the rest frozen
 * by rope_freqs), rope.dimension_count_swa head_dim x the rope
 * parameters' own partial_rotary_factor (1: they are per layer type). */
static int gemma4_convert(struct hfc *c)
{
	static int64_t swa[MODEL_MAX_LAYERS], arr[MODEL_MAX_LAYERS];
	int64_t n, shared, hd, hd_swa, kv_full, kv_swa, ff, v;
	int wide, rc;
	if (hfc_gemma3_model(c) < 0 ||
	    hfc_item(c, "num_kv_shared_layers", "attention.shared_kv_layers",
		     HFC_U32) < 0 ||
	    hfc_int(c, K("num_kv_shared_layers"), 0, &shared) < 0 ||
	    hfc_int(c, K("hidden_size_per_layer_input"), 0, &v) < 0 ||
	    hfc_put_u32(c, "embedding_length_per_layer_input", v) < 0 ||
	    gemma4_layers(c, swa, &n) < 0)
		return -1;
	/* global_head_dim; without it, per_layer_config's; without either,
	 * Gemma4TextConfig's 512 (its per_layer_config then holds it) */
	if ((rc = hfc_int(c, K("global_head_dim"), 512, &hd)) < 0 ||
	    (!rc && hfc_has(c, "per_layer_config") &&
	     (rc = per_layer(c, "head_dim", swa, n, &hd)) <= 0))
		return rc < 0 ? -1
			      : hfc_fail(c, "global_head_dim", "missing, and "
					 "no full layer's head_dim in "
					 "per_layer_config (Gemma4Model "
					 "asserts one)");
	if (hd % 2)
		return hfc_fail(c, NULL, "%lld is odd: RoPE rotates pairs",
				(long long)hd);
	/* neither key: Gemma4TextConfig's default */
	if (!rc)
		hfc_source(c, "global_head_dim (default)");
	if (hfc_put_u32(c, "attention.key_length", hd) < 0)
		return -1;
	if (!rc)
		hfc_source(c, "global_head_dim (default)");
	if (hfc_put_u32(c, "attention.value_length", hd) < 0 ||
	    hfc_need(c, K("head_dim"), &hd_swa) < 0 ||
	    hfc_put_u32(c, "attention.key_length_swa", hd_swa) < 0 ||
	    hfc_put_u32(c, "attention.value_length_swa", hd_swa) < 0 ||
	    hfc_get(c, "expert_intermediate_size",
		    "expert_feed_forward_length", HFC_U32) < 0 ||
	    (!hfc_has(c, "expert_intermediate_size") &&
	     hfc_get(c, "moe_intermediate_size", "expert_feed_forward_length",
		     HFC_U32) < 0) ||
	    gemma4_experts(c) < 0 ||
	    hfc_bool(c, "use_double_wide_mlp", 0, &wide) < 0)
		return -1;
	if (wide) {
		if (hfc_need(c, K("intermediate_size"), &ff) < 0)
			return -1;
		for (int64_t il = 0; il < n; il++)
			arr[il] = il < n - shared ? ff : 2 * ff;
		hfc_source(c, "intermediate_size x use_double_wide_mlp (2 on "
			   "the shared layers)");
		if (hfc_put_ints(c, "feed_forward_length", arr, (size_t)n) < 0)
			return -1;
	}
	/* the full layers' heads looked up last: first in the written
	 * list's source, where an error names it */
	int kv_has = hfc_int(c, K("num_key_value_heads"), 0, &kv_swa);
	if (kv_has < 0 ||
	    (rc = hfc_int(c, K("num_global_key_value_heads"), 0,
			  &kv_full)) < 0 ||
	    (!rc && (rc = per_layer(c, "num_key_value_heads", swa, n,
				    &kv_full)) < 0))
		return -1;
	if (rc && kv_has) {
		for (int64_t il = 0; il < n; il++)
			arr[il] = swa[il] ? kv_swa : kv_full;
		hfc_source(c, "%s x num_key_value_heads",
			   hfc_where(c));
		if (hfc_put_ints(c, "attention.head_count_kv", arr,
				 (size_t)n) < 0)
			return -1;
	}
	hfc_source(c, "global_head_dim (proportional rope: rope_freqs "
		   "freeze the pairs past partial_rotary_factor)");
	if (hfc_put_u32(c, "rope.dimension_count", hd) < 0)
		return -1;
	hfc_source(c, "head_dim");
	if (hfc_put_u32(c, "rope.dimension_count_swa", hd_swa) < 0)
		return -1;
	return gemma4_rope_full(c);
}

const struct family family_gemma4 = {
    .arch = "gemma4",
    .mech = AM_NEXTN | AM_SHARED_KV | AM_SWA_HEADS | AM_FFN_BESIDE_EXPERTS |
	    AM_GRAPH_GEMMA4,
    .swa = &(const struct family_swa){.base_local = 10000},
    /* the defaults are transformers' Gemma4TextConfig's (models/gemma4/
     * configuration_gemma4.py; Gemma4Config keeps the language model in
     * text_config); its rope_parameters, one object a layer type, and
     * global_head_dim 512 are given where they are read */
    .conv = &(const struct family_conv){
	.classes = K("Gemma4ForConditionalGeneration", "Gemma4ForCausalLM"),
	.converter = "conversion/gemma.py Gemma4Model",
	.config = "Gemma4TextConfig",
	.defaults = (const struct hfc_default[]){
	    {"vocab_size", 262144, NULL},
	    {"hidden_size", 2304, NULL},
	    {"intermediate_size", 9216, NULL},
	    {"num_hidden_layers", 30, NULL},
	    {"num_attention_heads", 8, NULL},
	    {"num_key_value_heads", 4, NULL},
	    {"head_dim", 256, NULL},
	    {"max_position_embeddings", 131072, NULL},
	    {"rms_norm_eps", 1e-6, NULL},
	    {"tie_word_embeddings", 1, NULL},
	    {"attention_bias", 0, NULL},
	    {"sliding_window", 512, NULL},
	    {"vocab_size_per_layer_input", 262144, NULL},
	    {"hidden_size_per_layer_input", 256, NULL},
	    {"attention_k_eq_v", 0, NULL},
	    {"num_kv_shared_layers", 0, NULL},
	    {"enable_moe_block", 0, NULL},
	    {"use_double_wide_mlp", 0, NULL},
	    {NULL, 0, NULL},
	},
	.convert = gemma4_convert,
    },
};
