/*
 * EXAONE 4 (src/models/exaone4.cpp): the 32B (64 layers) has a sliding
 * window, n_swa 4096 unless the file says, load_swa_pattern(ml, 4); every
 * other size reads sliding_window but keeps swa_type none, a full cache.
 */
#include <string.h>

#include "model/family.h"
#include "model/model.h"

#define KEYS(...) ((const char *const[]){__VA_ARGS__, NULL})

int exaone4_convert(struct hfc *c);

/* conversion/exaone.py Exaone4Model.set_gguf_parameters, after
 * TextModel's; ExaoneMoEModel (src/families/exaone-moe.c) calls it as its
 * super().  The window and its pattern: layer_types, else
 * sliding_window_pattern, a string ("LLLG": L a sliding layer) or a
 * period (layer i slides unless (i + 1) % period == 0), kept when it
 * covers num_hidden_layers.  (Exaone4Config's __post_init__ makes
 * layer_types from the period the same way when the file has none.) */
int exaone4_convert(struct hfc *c)
{
	int64_t v[MODEL_MAX_LAYERS], n_layer, window, period;
	const char *s;
	int n;

	if (hfc_text_model(c) < 0 ||
	    hfc_need(c, KEYS("vocab_size"), &v[0]) < 0 ||
	    hfc_put_u32(c, "vocab_size", v[0]) < 0)
		return -1;
	/* "if hparams.get("sliding_window") is not None" */
	if ((n = hfc_int(c, KEYS("sliding_window"), 0, &window)) <= 0)
		return n;
	if (hfc_put_u32(c, "attention.sliding_window", window) < 0)
		return -1;
	if (hfc_has(c, "layer_types"))
		return hfc_put_layer_words(c, &(const struct hfc_layer_words){
			.from = "layer_types", .word = "sliding_attention",
			.key = "attention.sliding_window_pattern",
		}, NULL) < 0 ? -1 : 0;
	if (!hfc_has(c, "sliding_window_pattern"))
		return 0;
	if (hfc_need(c, KEYS("num_hidden_layers"), &n_layer) < 0)
		return -1;
	if (n_layer > MODEL_MAX_LAYERS)
		return hfc_fail(c, NULL, "%lld layers: above %d",
				(long long)n_layer, MODEL_MAX_LAYERS);
	if ((s = hfc_str(c, "sliding_window_pattern"))) {
		size_t len = strlen(s);
		if (!len)
			return hfc_fail(c, "sliding_window_pattern", "empty: "
					"the converter divides by its length");
		for (int64_t i = 0; i < n_layer; i++)
			v[i] = s[i % (int64_t)len] == 'L';
	} else {
		if (hfc_int(c, KEYS("sliding_window_pattern"), 0, &period) < 0)
			return -1;
		if (period < 1)
			return hfc_fail(c, "sliding_window_pattern", "%lld: "
					"want a period of 1 or more",
					(long long)period);
		for (int64_t i = 0; i < n_layer; i++)
			v[i] = (i + 1) % period != 0;
	}
	hfc_source(c, "sliding_window_pattern");
	return n_layer ? hfc_put_bools(c, "attention.sliding_window_pattern",
				       v, (size_t)n_layer) : 0;
}

const struct family family_exaone4 = {
	.arch = "exaone4",
	.mech = AM_NEXTN,
	.swa = &(const struct family_swa){
		.pattern = 4,
		.default_window = 4096,
		.only_layers = 64,
	},
	/* Exaone4ForCausalLM (EXAONE 4.5's Exaone4_5_ForConditionalGeneration
	 * is a vision model: not read); the defaults are transformers'
	 * Exaone4Config's */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"Exaone4ForCausalLM", NULL},
		.converter = "conversion/exaone.py Exaone4Model",
		.config = "Exaone4Config",
		.defaults = (const struct hfc_default[]){
			{.key = "vocab_size", .value = 102400},
			{.key = "hidden_size", .value = 4096},
			{.key = "intermediate_size", .value = 16384},
			{.key = "num_hidden_layers", .value = 32},
			{.key = "num_attention_heads", .value = 32},
			{.key = "num_key_value_heads", .value = 32},
			{.key = "hidden_act", .str = "silu"},
			{.key = "max_position_embeddings", .value = 2048},
			{.key = "rms_norm_eps", .value = 1e-5},
			{.key = "tie_word_embeddings", .value = 0},
			{.key = "rope_theta", .value = 10000},
			{.key = "sliding_window", .value = 4096},
			{.key = "sliding_window_pattern", .value = 4},
			{.key = NULL},
		},
		.convert = exaone4_convert,
	},
};
