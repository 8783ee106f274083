/*
 * HRM-Text (src/models/hrm-text.cpp): block_count is the expanded count of
 * cache slots (load_arch_hparams asserts it is layers_per_stack x h_cycles
 * x (l_cycles + 1)); load_arch_tensors points the repeated passes at the
 * same weights, but every slot is a layer of the cache, a full one: no
 * window and no other cache mechanism.
 */
#include "model/family.h"

#define KEYS(...) ((const char *const[]){__VA_ARGS__, NULL})

/* conversion/hrm_text.py HrmTextModel: __init__'s block_count, the cache
 * slots layers_per_stack x H_cycles x (L_cycles + 1) (layers_per_stack
 * num_layers_per_stack, else num_hidden_layers: the training-style
 * configs'), then set_gguf_parameters after TextModel's */
static int convert(struct hfc *c)
{
	int64_t lps, h, l, v, embd, heads;
	double scale;
	int prefix, rc;

	if (hfc_int(c, KEYS("num_layers_per_stack"), 0, &lps) < 0 ||
	    (!lps && hfc_need(c, KEYS("num_hidden_layers"), &lps) < 0) ||
	    hfc_need(c, KEYS("H_cycles"), &h) < 0 ||
	    hfc_need(c, KEYS("L_cycles"), &l) < 0 ||
	    hfc_text_model(c) < 0)
		return -1;
	hfc_source(c, "layers_per_stack x H_cycles x (L_cycles + 1)");
	if (hfc_put_u32(c, "block_count", lps * h * (l + 1)) < 0)
		return -1;
	/* "head_dim or hidden_size // num_attention_heads", all of it
	 * rotated: a head_dim of 0 falls back too (hfc_head_dim keeps it) */
	if (hfc_int(c, KEYS("head_dim"), 0, &v) < 0)
		return -1;
	if (!v) {
		if (hfc_need(c, KEYS("hidden_size"), &embd) < 0 ||
		    hfc_need(c, KEYS("num_attention_heads"), &heads) < 0)
			return -1;
		if (heads <= 0)
			return hfc_fail(c, NULL, "%lld heads",
					(long long)heads);
		v = embd / heads;
		hfc_source(c, "hidden_size / num_attention_heads");
	}
	if (hfc_put_u32(c, "rope.dimension_count", v) < 0)
		return -1;
	if ((rc = hfc_real(c, KEYS("embedding_scale"), 0, &scale)) < 0)
		return -1;
	if (!rc)
		return hfc_fail(c, "embedding_scale", "missing (required by "
				"conversion/hrm_text.py HrmTextModel)");
	if (hfc_put_f32(c, "embedding_scale", scale) < 0)
		return -1;
	hfc_source(c, "num_layers_per_stack");
	if (hfc_put_u32(c, "hrm.layers_per_stack", lps) < 0 ||
	    hfc_need(c, KEYS("H_cycles"), &h) < 0 ||
	    hfc_put_u32(c, "hrm.h_cycles", h) < 0 ||
	    hfc_need(c, KEYS("L_cycles"), &l) < 0 ||
	    hfc_put_u32(c, "hrm.l_cycles", l) < 0 ||
	    hfc_bool(c, "prefix_lm", 0, &prefix) < 0 ||
	    hfc_put_bool(c, "hrm.prefix_lm", prefix) < 0)
		return -1;
	return 0;
}

const struct family family_hrm_text = {
	.arch = "hrm_text",
	.mech = AM_NEXTN,
	/* the checkpoints ship their own code (trust_remote_code): config.json
	 * as it is */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"HrmTextForCausalLM", NULL},
		.converter = "conversion/hrm_text.py HrmTextModel",
		.convert = convert,
	},
};
