/*
 * Gemma 3n (src/models/gemma3n.cpp): set_swa_pattern(5), the local RoPE base
 * 10000, layers from 20 on reuse earlier layers' caches
 * (n_layer_kv_from_start = 20).
 */
#include <string.h>

#include "model/family.h"
#include "model/model.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* Gemma3nTextConfig.__post_init__'s layer_types: the file's, else every
 * fifth layer full ((i + 1) % 5 == 0), the others sliding; written as
 * Gemma3NModel writes them, [t == "sliding_attention" for t in
 * layer_types], which gemma3n.cpp's load_swa_pattern prefers over its 5. */
static int gemma3n_layers(struct hfc *c)
{
	static const char *words[MODEL_MAX_LAYERS];
	static int64_t swa[MODEL_MAX_LAYERS];
	int64_t n;
	int nw = hfc_words(c, "layer_types", words, MODEL_MAX_LAYERS);
	if (nw < 0)
		return -1;
	if (!hfc_has(c, "layer_types")) {
		if (hfc_block_count(c, &n) < 0)
			return -1;
		if (n < 1 || n > MODEL_MAX_LAYERS)
			return hfc_fail(c, NULL, "%lld layers (1 to %d)",
					(long long)n, MODEL_MAX_LAYERS);
		for (int64_t il = 0; il < n; il++)
			swa[il] = (il + 1) % 5 != 0;
		nw = (int)n;
		hfc_source(c, "num_hidden_layers (Gemma3nTextConfig: every "
			   "fifth layer full_attention)");
	} else {
		for (int i = 0; i < nw; i++)
			swa[i] = !strcmp(words[i], "sliding_attention");
	}
	return hfc_put_bools(c, "attention.sliding_window_pattern", swa,
			     (size_t)nw);
}

/* conversion/gemma.py Gemma3NModel.set_gguf_parameters: Gemma3Model's
 * keys (intermediate_size a list: feed_forward_length a layer), then
 * altup.active_idx, altup.num_inputs (its __init__ asserts 4),
 * embedding_length_per_layer_input hidden_size_per_layer_input,
 * attention.shared_kv_layers num_kv_shared_layers (every one required),
 * activation_sparsity_scale (no size: not written here) and the layers'
 * sliding flags.  gemma3n.cpp reads no shared_kv_layers: it shares from
 * layer 20 on whatever the key says (the GGUF reader's note). */
static int gemma3n_convert(struct hfc *c)
{
	static const struct hfc_copy keys[] = {
	    {"altup_active_idx", "altup.active_idx"},
	    {"altup_num_inputs", "altup.num_inputs"},
	    {"hidden_size_per_layer_input",
	     "embedding_length_per_layer_input"},
	    {"num_kv_shared_layers", "attention.shared_kv_layers"},
	};
	int64_t alt;
	if (hfc_need(c, K("altup_num_inputs"), &alt) < 0)
		return -1;
	if (alt != 4)
		return hfc_fail(c, NULL, "%lld: \"Current conversion only "
				"supports 4 altup inputs\" (Gemma3NModel)",
				(long long)alt);
	if (hfc_gemma3_model(c) < 0 || HFC_COPY(c, keys, 1) < 0)
		return -1;
	return gemma3n_layers(c);
}

const struct family family_gemma3n = {
	.arch = "gemma3n",
	.mech = AM_NEXTN | AM_GRAPH_GEMMA3N,
	.swa = &(const struct family_swa){
		.pattern = 5,
		.kv_from_start = 20,
		.base_local = 10000,
	},
	/* the defaults are transformers' Gemma3nTextConfig's (models/
	 * gemma3n/configuration_gemma3n.py; Gemma3nConfig keeps the
	 * language model in text_config) */
	.conv = &(const struct family_conv){
		.classes = K("Gemma3nForCausalLM",
			     "Gemma3nForConditionalGeneration"),
		.converter = "conversion/gemma.py Gemma3NModel",
		.config = "Gemma3nTextConfig",
		.defaults = (const struct hfc_default[]){
			{"vocab_size", 262400, NULL},
			{"vocab_size_per_layer_input", 262144, NULL},
			{"hidden_size", 2048, NULL},
			{"hidden_size_per_layer_input", 256, NULL},
			{"intermediate_size", 16384, NULL},
			{"num_hidden_layers", 35, NULL},
			{"num_attention_heads", 8, NULL},
			{"num_key_value_heads", 2, NULL},
			{"head_dim", 256, NULL},
			{"max_position_embeddings", 32768, NULL},
			{"rms_norm_eps", 1e-6, NULL},
			{"tie_word_embeddings", 1, NULL},
			{"rope_theta", 1e6, NULL},
			{"rope_local_base_freq", 10000, NULL},
			{"attention_bias", 0, NULL},
			{"sliding_window", 512, NULL},
			{"final_logit_softcapping", 30, NULL},
			{"altup_active_idx", 0, NULL},
			{"altup_coef_clip", 120, NULL},
			{"altup_correct_scale", 1, NULL},
			{"altup_num_inputs", 4, NULL},
			{"num_kv_shared_layers", 15, NULL},
			{"laurel_rank", 64, NULL},
			{NULL, 0, NULL},
		},
		.convert = gemma3n_convert,
	},
};
