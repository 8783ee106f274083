/*
 * Gemma 3 (src/models/gemma3.cpp): set_swa_pattern(6) when sliding_window >
 * 0, the local layers' RoPE base 10000.
 */
#include "model/family.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* conversion/gemma.py Gemma3Model.set_gguf_parameters: TextModel's keys,
 * then its own with their fallbacks (hparams.get(key, default)): the
 * window only when sliding_window_pattern is not 1; the rope base the
 * full layers' (gemma3.cpp fixes the sliding layers' at 10000 and reads
 * no pattern: set_swa_pattern(6)). */
static int gemma3_convert(struct hfc *c)
{
	static const struct {
		const char *from, *key;
		int64_t def;
	} counts[] = {
	    {"max_position_embeddings", "context_length", 131072},
	    {"num_attention_heads", "attention.head_count", 8},
	    {"head_dim", "attention.key_length", 256},
	    {"head_dim", "attention.value_length", 256},
	    {"num_key_value_heads", "attention.head_count_kv", 4},
	};
	int64_t v, pattern;
	double x;
	if (hfc_text_model(c) < 0)
		return -1;
	for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
		if (hfc_int(c, K(counts[i].from), counts[i].def, &v) < 0 ||
		    hfc_put_u32(c, counts[i].key, v) < 0)
			return -1;
	if (hfc_real(c, K("rms_norm_eps"), 1e-6, &x) < 0 ||
	    hfc_put_f32(c, "attention.layer_norm_rms_epsilon", x) < 0 ||
	    hfc_rope(c, "rope_theta", 1e6, &x) < 0 ||
	    hfc_put_f32(c, "rope.freq_base", x) < 0)
		return -1;
	/* attn_logit_softcapping is removed in Gemma 3 (the converter
	 * asserts it is None) */
	if (hfc_has(c, "attn_logit_softcapping") &&
	    hfc_real(c, K("attn_logit_softcapping"), 0, &x) > 0)
		return hfc_fail(c, "attn_logit_softcapping",
				"%g: Gemma3Model asserts none", x);
	if (hfc_real(c, K("final_logit_softcapping"), 0, &x) < 0 ||
	    (x != 0 && hfc_put_f32(c, "final_logit_softcapping", x) < 0))
		return -1;
	if (hfc_int(c, K("sliding_window_pattern"), 0, &pattern) < 0 ||
	    (pattern != 1 && hfc_item(c, "sliding_window",
				      "attention.sliding_window",
				      HFC_U32) < 0))
		return -1;
	hfc_tied(c, 1);
	return 0;
}

const struct family family_gemma3 = {
    .arch = "gemma3",
    .mech = AM_NEXTN,
    .swa = &(const struct family_swa){.pattern = 6, .base_local = 10000},
    .weights =
	&(const struct family_weights){
	    .parts = WS_PLAIN | WS_POST_ATTN | WS_POST_FFN | WS_QK_NORM,
	    .tied = 1,
	},
    /* llama's graph on its two caches: replayed so, exact over
     * tests/engine.sh's matrix on Gemma 3's GGUF and on llama.cpp's own
     * tiny Gemma 3 model */
    .dense_graph =
	&(const struct family_dense_graph){.modelled = 1, .windowed = 1},
    /* the defaults are transformers' Gemma3TextConfig.__init__'s
     * (Gemma3Config keeps the language model's in text_config) */
    .conv = &(const struct family_conv){
	.classes = K("Gemma3ForCausalLM", "Gemma3ForConditionalGeneration"),
	.converter = "conversion/gemma.py Gemma3Model",
	.config = "Gemma3TextConfig",
	.defaults = (const struct hfc_default[]){
	    {"vocab_size", 262208, NULL},
	    {"hidden_size", 2304, NULL},
	    {"intermediate_size", 9216, NULL},
	    {"num_hidden_layers", 26, NULL},
	    {"num_attention_heads", 8, NULL},
	    {"num_key_value_heads", 4, NULL},
	    {"head_dim", 256, NULL},
	    {"max_position_embeddings", 131072, NULL},
	    {"rms_norm_eps", 1e-6, NULL},
	    {"rope_theta", 1e6, NULL},
	    {"rope_local_base_freq", 10000, NULL},
	    {"sliding_window", 4096, NULL},
	    {"sliding_window_pattern", 6, NULL},
	    {"query_pre_attn_scalar", 256, NULL},
	    {"tie_word_embeddings", 1, NULL},
	    {"attention_bias", 0, NULL},
	    {NULL, 0, NULL},
	},
	.convert = gemma3_convert,
    },
};
