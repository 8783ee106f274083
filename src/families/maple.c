/*
 * Maple (src/models/maple.cpp): load_arch_hparams sets the window type
 * standard and reads attention.sliding_window and the per-layer
 * sliding_window_pattern array, both required (get_key, get_arr); layer il
 * slides where the array says.
 */
#include <string.h>

#include "model/family.h"

#define KEYS(...) ((const char *const[]){__VA_ARGS__, NULL})

/* conversion/maple.py MapleModel.set_gguf_parameters, after TextModel's */
static int convert(struct hfc *c)
{
	int64_t v, embd, heads, head_dim;
	const char *act;
	double factor;
	int flag;

	if (hfc_text_model(c) < 0)
		return -1;
	/* the converter's asserts: what llama.cpp's graph builds */
	act = hfc_str(c, "hidden_act");
	if (!act || strcmp(act, "silu"))
		return hfc_fail(c, "hidden_act", "%s%s%s: the converter "
				"asserts \"silu\"", act ? "\"" : "missing",
				act ? act : "", act ? "\"" : "");
	if (hfc_int(c, KEYS("num_shared_experts"), 0, &v) < 0)
		return -1;
	if (v != 0)
		return hfc_fail(c, NULL, "%lld: the converter asserts 0",
				(long long)v);
	if (hfc_bool(c, "norm_topk_prob", 1, &flag) < 0)
		return -1;
	if (!flag)
		return hfc_fail(c, NULL, "false: the converter asserts true");
	if (hfc_bool(c, "nope_on_global_attention", 0, &flag) < 0)
		return -1;
	if (!flag)
		return hfc_fail(c, "nope_on_global_attention", "false or "
				"missing: the converter asserts true");
	/* head_dim, else hidden_size // num_attention_heads (both read
	 * first: the default is evaluated) */
	if (hfc_need(c, KEYS("hidden_size"), &embd) < 0 ||
	    hfc_need(c, KEYS("num_attention_heads"), &heads) < 0)
		return -1;
	if (heads <= 0)
		return hfc_fail(c, NULL, "%lld heads", (long long)heads);
	if (hfc_int(c, KEYS("head_dim"), embd / heads, &head_dim) < 0 ||
	    hfc_rope(c, "partial_rotary_factor", 1.0, &factor) < 0 ||
	    hfc_need(c, KEYS("vocab_size"), &v) < 0 ||
	    hfc_put_u32(c, "vocab_size", v) < 0)
		return -1;
	hfc_source(c, "head_dim x partial_rotary_factor %g", factor);
	if (hfc_put_u32(c, "rope.dimension_count",
			(int64_t)((double)head_dim * factor)) < 0 ||
	    hfc_need(c, KEYS("sliding_window"), &v) < 0 ||
	    hfc_put_u32(c, "attention.sliding_window", v) < 0)
		return -1;
	if (hfc_put_layer_words(c, &(const struct hfc_layer_words){
		    .from = "layer_types", .word = "sliding_attention",
		    .key = "attention.sliding_window_pattern", .required = 1,
	    }, NULL) < 0 ||
	    hfc_need(c, KEYS("moe_intermediate_size"), &v) < 0 ||
	    hfc_put_u32(c, "expert_feed_forward_length", v) < 0)
		return -1;
	/* swiglu_clamp_exp, 7.0 a layer: a float array the GGUF reader does
	 * not read (attnviz sizes no activations by it) */
	return 0;
}

const struct family family_maple = {
	.arch = "maple",
	.mech = AM_NEXTN,
	.swa = &(const struct family_swa){.required = 1},
	/* the checkpoint ships its own code (trust_remote_code): config.json
	 * as it is */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"MapleForCausalLM", NULL},
		.converter = "conversion/maple.py MapleModel",
		.convert = convert,
	},
};
