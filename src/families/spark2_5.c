/*
 * Spark 2.5 (src/models/spark2-5.cpp): load_arch_hparams sets the window type
 * standard and reads attention.sliding_window and the per-layer
 * sliding_window_pattern array, both required (get_key, get_arr); layer il
 * slides where the array says.
 */
#include <stdio.h>
#include <string.h>

#include "model/family.h"
#include "model/model.h"

#define KEYS(...) ((const char *const[]){__VA_ARGS__, NULL})

#define CONVERTER "conversion/spark2_5.py Spark2_5Model"

/* int(head_dim x float(rope_parameters[KIND]["partial_rotary_factor"])):
 * self.rope_parameters is rope_parameters, else rope_scaling */
static int rot(struct hfc *c, const char *kind, int64_t head_dim,
	       const char *key)
{
	char a[80], b[80];
	double f;
	snprintf(a, sizeof a, "rope_parameters.%s.partial_rotary_factor",
		 kind);
	snprintf(b, sizeof b, "rope_scaling.%s.partial_rotary_factor", kind);
	int rc = hfc_real(c, KEYS(a, b), 0, &f);
	if (rc < 0)
		return -1;
	if (!rc)
		return hfc_fail(c, a, "missing (required by %s)", CONVERTER);
	hfc_source(c, "head_dim x %s", a);
	return hfc_put_u32(c, key, (int64_t)((double)head_dim * f));
}

/* conversion/spark2_5.py Spark2_5Model.set_gguf_parameters, after
 * TextModel's: its checks, then the window and the two rotated widths */
static int convert(struct hfc *c)
{
	int64_t v[MODEL_MAX_LAYERS], n_layer, head_dim;
	const char *words[MODEL_MAX_LAYERS];
	const char *mode, *act;
	int n, gate;

	if (hfc_text_model(c) < 0 || hfc_block_count(c, &n_layer) < 0 ||
	    (n = hfc_words(c, "layer_types", words, MODEL_MAX_LAYERS)) < 0)
		return -1;
	if (!n && !hfc_has(c, "layer_types"))
		return hfc_fail(c, "layer_types", "missing (required by %s)",
				CONVERTER);
	if (n != n_layer)
		return hfc_fail(c, "layer_types", "%d entries, but "
				"num_hidden_layers is %lld", n,
				(long long)n_layer);
	for (int i = 0; i < n; i++) {
		if (strcmp(words[i], "sliding_attention") &&
		    strcmp(words[i], "full_attention"))
			return hfc_fail(c, "layer_types", "entry %d: \"%s\" "
					"is not sliding_attention or "
					"full_attention", i, words[i]);
		v[i] = !strcmp(words[i], "sliding_attention");
	}
	/* the head-wise sigmoid gates and GELU llama.cpp builds */
	mode = hfc_str(c, "gate_attn_act_mode");
	if (hfc_bool(c, "headwise_attn_output_gate", 0, &gate) < 0)
		return -1;
	if (!mode || strcmp(mode, "sigmoid") || !gate)
		return hfc_fail(c, mode && !strcmp(mode, "sigmoid")
				       ? "headwise_attn_output_gate"
				       : "gate_attn_act_mode",
				"the converter requires head-wise sigmoid "
				"attention gates");
	act = hfc_str(c, "hidden_act");
	if (!act || strcmp(act, "gelu"))
		return hfc_fail(c, "hidden_act", "the converter requires "
				"\"gelu\"");
	if (hfc_need(c, KEYS("vocab_size"), &head_dim) < 0 ||
	    hfc_put_u32(c, "vocab_size", head_dim) < 0 ||
	    hfc_need(c, KEYS("sliding_window"), &head_dim) < 0 ||
	    hfc_put_u32(c, "attention.sliding_window", head_dim) < 0)
		return -1;
	hfc_source(c, "layer_types");
	if ((n > 0 && hfc_put_bools(c, "attention.sliding_window_pattern", v,
				    (size_t)n) < 0) ||
	    hfc_need(c, KEYS("head_dim"), &head_dim) < 0 ||
	    rot(c, "full_attention", head_dim, "rope.dimension_count") < 0 ||
	    rot(c, "sliding_attention", head_dim,
		"rope.dimension_count_swa") < 0)
		return -1;
	return 0;
}

const struct family family_spark2_5 = {
	.arch = "spark2_5",
	.mech = AM_NEXTN,
	.swa = &(const struct family_swa){.required = 1},
	/* the checkpoint ships its own code (trust_remote_code): config.json
	 * as it is */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"Spark2_5ForCausalLM", NULL},
		.converter = CONVERTER,
		.convert = convert,
	},
};
