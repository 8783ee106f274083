/*
 * Spark 2.5 (src/models/spark2-5.cpp): load_arch_hparams sets the window type
 * standard and reads attention.sliding_window and the per-layer
 * sliding_window_pattern array, both required (get_key, get_arr); layer il
 * slides where the array says.
 */
#include <stdio.h>
#include <string.h>

#include "model/family.h"

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
 * TextModel's: its checks (the pattern written with layer_types'), then
 * the window and the two rotated widths */
static int convert(struct hfc *c)
{
	int64_t n_layer, head_dim;
	const char *mode, *act;
	int gate;

	/* layer_types, checked first: one a layer, each sliding_attention
	 * or full_attention */
	if (hfc_text_model(c) < 0 || hfc_block_count(c, &n_layer) < 0 ||
	    hfc_put_layer_words(c, &(const struct hfc_layer_words){
		    .from = "layer_types", .word = "sliding_attention",
		    .other = "full_attention",
		    .key = "attention.sliding_window_pattern",
		    .length = HFC_EXACTLY, .layers = n_layer, .required = 1,
	    }, NULL) < 0)
		return -1;
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
	    hfc_put_u32(c, "attention.sliding_window", head_dim) < 0 ||
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
