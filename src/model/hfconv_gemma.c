/*
 * hfconv_gemma: conversion/gemma.py Gemma3Model.set_gguf_parameters,
 * which Gemma3NModel and Gemma4Model call first (src/families/gemma3.c,
 * gemma3n.c, gemma4.c).
 */
#include "model/hfconv.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* TextModel's keys, then its own with their fallbacks (hparams.get(key,
 * default)): the window only when sliding_window_pattern is not 1; the
 * rope base the full layers' (rope_parameters' full_attention, else its
 * plain rope_theta).  The head is the embeddings: the converter writes
 * no output.weight of its own. */
int hfc_gemma3_model(struct hfc *c)
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
