/*
 * Granite 4 with sliding windows (src/models/granite-swa.cpp):
 * load_arch_hparams sets the window type standard and reads
 * attention.sliding_window and the per-layer sliding_window_pattern array,
 * both required (get_key, get_arr); layer il slides where the array says.
 */
#include <string.h>

#include "model/family.h"
#include "model/model.h"

#define KEYS(...) ((const char *const[]){__VA_ARGS__, NULL})

/* GraniteModel's multipliers, written when truthy ("if x :=
 * hparams.get(...)"), as the _scale keys */
static int scale(struct hfc *c, const char *key, const char *gguf)
{
	double v;
	int rc = hfc_real(c, KEYS(key), 0, &v);
	return rc < 0 ? -1 : v != 0 ? hfc_put_f32(c, gguf, v) : 0;
}

/* conversion/granite.py GraniteSWAModel.set_gguf_parameters over
 * GraniteModel's over LlamaModel's over TextModel's (and
 * GraniteMoeSWAModel's shared expert) */
static int convert(struct hfc *c)
{
	int64_t v[MODEL_MAX_LAYERS], embd, heads, window;
	const char *arch[4];
	int n;

	/* GraniteModel pops head_dim ("Ignoring head_dim") before TextModel
	 * writes key_length and value_length from it */
	if (hfc_text_model(c) < 0)
		return -1;
	hfc_drop(c, "attention.key_length");
	hfc_drop(c, "attention.value_length");
	/* LlamaModel: vocab_size, and the rotated width hidden_size //
	 * num_attention_heads (head_dim popped) */
	if (hfc_need(c, KEYS("vocab_size"), &v[0]) < 0 ||
	    hfc_put_u32(c, "vocab_size", v[0]) < 0 ||
	    hfc_need(c, KEYS("hidden_size"), &embd) < 0 ||
	    hfc_need(c, KEYS("num_attention_heads"), &heads) < 0)
		return -1;
	if (heads <= 0)
		return hfc_fail(c, NULL, "%lld heads", (long long)heads);
	hfc_source(c, "hidden_size / num_attention_heads");
	if (hfc_put_u32(c, "rope.dimension_count", embd / heads) < 0)
		return -1;
	if (scale(c, "attention_multiplier", "attention.scale") < 0 ||
	    scale(c, "embedding_multiplier", "embedding_scale") < 0 ||
	    scale(c, "residual_multiplier", "residual_scale") < 0 ||
	    scale(c, "logits_scaling", "logit_scale") < 0)
		return -1;
	/* (Granite 4 Vision's deepstack_layer_arr: a vision model's) */
	/* "if layer_types := ...", else "Fall back to period-based pattern:
	 * i % 4 != 0" */
	if (hfc_int(c, KEYS("sliding_window"), 128, &window) < 0 ||
	    hfc_put_u32(c, "attention.sliding_window", window) < 0 ||
	    hfc_put_layer_words(c, &(const struct hfc_layer_words){
		    .from = "layer_types", .word = "sliding_attention",
		    .key = "attention.sliding_window_pattern", .period = 4,
		    .absent_source = "num_hidden_layers (layer i % 4 != 0 "
				     "slides)",
	    }, NULL) < 0)
		return -1;
	/* no_rope_layers: 1 RoPE, 0 NoPE */
	if ((n = hfc_ints(c, "no_rope_layers", v, MODEL_MAX_LAYERS)) < 0 ||
	    (n > 0 &&
	     hfc_put_bools(c, "attention.rope_pattern", v, (size_t)n) < 0))
		return -1;
	if (hfc_words(c, "architectures", arch, 4) > 0 &&
	    !strcmp(arch[0], "GraniteMoeSWAForCausalLM")) {
		if (hfc_int(c, KEYS("shared_intermediate_size"), 0,
			    &v[0]) < 0 ||
		    (v[0] &&
		     hfc_put_u32(c, "expert_shared_feed_forward_length",
				 v[0]) < 0))
			return -1;
	}
	return 0;
}

const struct family family_granite_swa = {
	.arch = "granite_swa",
	.mech = AM_NEXTN,
	.swa = &(const struct family_swa){.required = 1},
	/* no configuration class of transformers reads it: config.json as
	 * it is */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"GraniteSWAForCausalLM",
						 "GraniteMoeSWAForCausalLM",
						 NULL},
		.converter = "conversion/granite.py GraniteSWAModel",
		.convert = convert,
	},
};
