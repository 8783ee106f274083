/*
 * Grok (src/models/grok.cpp): softcapped attention and router, scales on
 * the embeddings, attention output and logits (load_arch_hparams: old
 * GGUFs' defaults, then the file's keys); a full cache on every layer: no
 * window and no other cache mechanism, only the generic keys (nextn layers
 * filtered out).  Its YaRN beta_fast defaults to 8, not 32; attnviz reads
 * the file's rope.scaling.yarn_beta_fast and keeps 32 without it.
 * Flash attention is never on (llama-context.cpp llama_init_from_model).
 */
#include "model/family.h"

#include <math.h>
#include <string.h>

/*
 * conversion/grok.py GrokModel.set_gguf_parameters: TextModel's keys, the
 * soft caps (30 when absent; the final one only when not 0), the experts'
 * width, YaRN when rope_type is "yarn" or "original" (its keys then
 * required), the attention temperature length when not 0, the attention
 * output scale (attn_output_multiplier, else rope dimension^-0.5: head_dim,
 * else hidden_size // num_attention_heads) and the required embedding and
 * output multipliers.
 */
static int grok_convert(struct hfc *c)
{
	static const char *const cap[] = {"final_logit_softcapping", NULL};
	static const char *const temp[] = {"attn_temperature_len", NULL};
	static const char *const attn[] = {"attn_logit_softcapping", NULL};
	static const char *const router[] = {"router_logit_softcapping", NULL};
	static const char *const out[] = {"attn_output_multiplier", NULL};
	double v;
	int64_t dim, t;
	if (hfc_text_model(c) < 0 || hfc_real(c, attn, 30.0, &v) < 0 ||
	    hfc_put_f32(c, "attn_logit_softcapping", v) < 0 ||
	    hfc_real(c, router, 30.0, &v) < 0 ||
	    hfc_put_f32(c, "router_logit_softcapping", v) < 0 ||
	    hfc_real(c, cap, 0, &v) < 0 ||
	    (v != 0 && hfc_put_f32(c, "final_logit_softcapping", v) < 0) ||
	    hfc_head_dim(c, &dim) < 0 ||
	    hfc_get(c, "moe_intermediate_size", "expert_feed_forward_length",
		    HFC_U32) < 0)
		return -1;
	const char *rt = hfc_str(c, "rope_type");
	if (rt && (!strcmp(rt, "yarn") || !strcmp(rt, "original"))) {
		hfc_source(c, "rope_type %s", rt);
		if (hfc_put_str(c, "rope.scaling.type", "yarn") < 0 ||
		    hfc_item(c, "scaling_factor", "rope.scaling.factor",
			     HFC_F32) < 0 ||
		    hfc_item(c, "original_max_position_embeddings",
			     "rope.scaling.original_context_length",
			     HFC_U32) < 0 ||
		    hfc_item(c, "extrapolation_factor",
			     "rope.scaling.yarn_ext_factor", HFC_F32) < 0 ||
		    hfc_item(c, "attn_factor", "rope.scaling.yarn_attn_factor",
			     HFC_F32) < 0 ||
		    hfc_item(c, "beta_fast", "rope.scaling.yarn_beta_fast",
			     HFC_F32) < 0 ||
		    hfc_item(c, "beta_slow", "rope.scaling.yarn_beta_slow",
			     HFC_F32) < 0)
			return -1;
	}
	if (hfc_int(c, temp, 0, &t) < 0 ||
	    (t && hfc_put_u32(c, "attention.temperature_length", t) < 0))
		return -1;
	/* the default dim^-0.5 is worked out even when unused */
	if (dim <= 0)
		return hfc_fail(c, NULL, "%lld: no output scale from it",
				(long long)dim);
	if (hfc_real(c, out, 1 / sqrt((double)dim), &v) < 0)
		return -1;
	if (!hfc_has(c, "attn_output_multiplier"))
		hfc_source(c, "head dimension %lld^-0.5", (long long)dim);
	return hfc_put_f32(c, "attention.output_scale", v) < 0 ||
	       hfc_item(c, "embedding_multiplier_scale", "embedding_scale",
			HFC_F32) < 0 ||
	       hfc_item(c, "output_multiplier_scale", "logit_scale",
			HFC_F32) < 0
		   ? -1 : 0;
}

const struct family family_grok = {
	.arch = "grok",
	/* llama_init_from_model turns flash attention off for Grok: a
	 * quantized V cache is then refused */
	.mech = AM_NEXTN | AM_NO_FLASH_ATTN,
	/* a model of remote code: no transformers class fills in defaults */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"GrokForCausalLM",
						 "Grok1ForCausalLM", NULL},
		.converter = "conversion/grok.py GrokModel",
		.convert = grok_convert,
	},
};
