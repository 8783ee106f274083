/*
 * OLMo 2 (src/models/olmo2.cpp): set_swa_pattern(4) when the file has a
 * window; q/k norms over all heads, post-norms only.
 *
 * Its graph (no norm before the attention): replayed,
 * src/graph/compute_dense_replay.c (the peak formulas before it were 3.8 %
 * off with a rotated cache and flash attention).
 */
#include "model/family.h"
#include "model/hfconv.h"
#include "model/model.h"

#define KEY(k) ((const char *const[]){(k), NULL})

/* conversion/olmo.py Olmo2Model.set_gguf_parameters: TextModel's keys;
 * then, when hparams has sliding_window (Olmo2Config has none: only a file
 * that gives one; null is taken as absent, which add_sliding_window could
 * not write), the window and one bool a layer: layer_types' "t ==
 * 'sliding_attention'", else "(i + 1) % 4 != 0" for
 * hparams["num_hidden_layers"] layers. */
static int olmo2_convert(struct hfc *c)
{
	static const struct hfc_layer_words types = {
	    .from = "layer_types",
	    .word = "sliding_attention",
	    .key = "attention.sliding_window_pattern",
	};
	int64_t w, n, flags[MODEL_MAX_LAYERS];
	if (hfc_text_model(c) < 0)
		return -1;
	if (!hfc_has(c, "sliding_window"))
		return 0;
	if (hfc_int(c, KEY("sliding_window"), 0, &w) < 0 ||
	    hfc_put_u32(c, "attention.sliding_window", w) < 0)
		return -1;
	if (hfc_has(c, "layer_types"))
		return hfc_put_layer_words(c, &types, NULL) < 0 ? -1 : 0;
	if (hfc_need(c, KEY("num_hidden_layers"), &n) < 0)
		return -1;
	if (n < 1 || n > MODEL_MAX_LAYERS)
		return hfc_fail(c, NULL, "%lld layers, want 1 to %d",
				(long long)n, MODEL_MAX_LAYERS);
	for (int64_t il = 0; il < n; il++)
		flags[il] = (il + 1) % 4 != 0;
	hfc_source(c, "num_hidden_layers (layer i slides unless (i + 1) %% "
		      "4 == 0)");
	return hfc_put_bools(c, "attention.sliding_window_pattern", flags,
			     (size_t)n);
}

const struct family family_olmo2 = {
    .arch = "olmo2",
    .mech = AM_NEXTN,
    .swa = &(const struct family_swa){.pattern = 4},
    .weights =
	&(const struct family_weights){
	    .parts = WS_QK_NORM_ALL | WS_POST_ATTN | WS_POST_FFN,
	    .head = WS_HEAD_ALWAYS,
	},
    .dense_graph =
	&(const struct family_dense_graph){
	    .flags = DR_OLMO2,
	    .modelled = 1,
	},
    /* transformers' Olmo2Config's defaults (models/olmo2/
     * configuration_olmo2.py; num_key_value_heads None is
     * num_attention_heads, the GGUF reader's default too) */
    .conv =
	&(const struct family_conv){
	    .classes = (const char *const[]){"Olmo2ForCausalLM", NULL},
	    .converter = "conversion/olmo.py Olmo2Model",
	    .config = "Olmo2Config",
	    .defaults =
		(const struct hfc_default[]){
		    {.key = "vocab_size", .value = 50304},
		    {.key = "hidden_size", .value = 4096},
		    {.key = "intermediate_size", .value = 11008},
		    {.key = "num_hidden_layers", .value = 32},
		    {.key = "num_attention_heads", .value = 32},
		    {.key = "max_position_embeddings", .value = 2048},
		    {.key = "rope_theta", .value = 10000},
		    {.key = "tie_word_embeddings", .value = 0},
		    {.key = NULL},
		},
	    .convert = olmo2_convert,
	},
};
