/*
 * Ling 2 (BailingMoE 2) (src/models/bailingmoe2.cpp): plain attention, a
 * full cache on every layer; load_arch_hparams reads no window and no other
 * cache mechanism, only the generic keys (nextn layers filtered out).
 * Experts, shared experts and leading dense layers.
 */
#include "model/family.h"

#include <string.h>

/*
 * conversion/bailingmoe.py BailingMoeV2Model: its __init__ counts the
 * num_nextn_predict_layers (when not 0) into the blocks; set_gguf_parameters
 * writes TextModel's keys, the rope dimension int(head_dim x
 * partial_rotary_factor) (rope_parameters', else 0.5; head_dim, else
 * hidden_size // num_attention_heads), then the keys it reads with
 * hparams[...].  SarvamMoEModel, registered for the same architecture,
 * rotates the whole head instead.
 */
static int bailingmoe2_convert(struct hfc *c)
{
	static const char *const layers[] = {"num_hidden_layers", NULL};
	static const char *const nextn[] = {"num_nextn_predict_layers", NULL};
	static const char *const moe[] = {"moe_intermediate_size", NULL};
	static const char *const shared[] = {"num_shared_experts", NULL};
	static const char *const shff[] = {
		"moe_shared_expert_intermediate_size", NULL};
	const char *cls[1];
	int64_t n, x, dim, ff, ns, sff;
	double f;
	int sarvam = hfc_words(c, "architectures", cls, 1) == 1 &&
		     strstr(cls[0], "SarvamMoE") != NULL;
	if (hfc_text_model(c) < 0 || hfc_int(c, nextn, 0, &x) < 0)
		return -1;
	if (x &&
	    (hfc_need(c, layers, &n) < 0 ||
	     (hfc_source(c, "num_hidden_layers + num_nextn_predict_layers"),
	      hfc_put_u32(c, "block_count", n + x) < 0)))
		return -1;
	if (hfc_head_dim(c, &dim) < 0 ||
	    hfc_rope(c, "partial_rotary_factor", 0.5, &f) < 0)
		return -1;
	if (!sarvam)
		hfc_source(c, "head_dim x partial_rotary_factor %g", f);
	if (hfc_put_u32(c, "rope.dimension_count",
			sarvam ? dim : (int64_t)((double)dim * f)) < 0)
		return -1;
	if (hfc_item(c, "first_k_dense_replace", "leading_dense_block_count",
		     HFC_U32) < 0 ||
	    hfc_item(c, "vocab_size", "vocab_size", HFC_U32) < 0 ||
	    hfc_item(c, "moe_intermediate_size", "expert_feed_forward_length",
		     HFC_U32) < 0)
		return -1;
	/* the default, moe_intermediate_size x num_shared_experts, is
	 * evaluated (and both keys required) even when the key is there */
	if (hfc_need(c, moe, &ff) < 0 || hfc_need(c, shared, &ns) < 0 ||
	    hfc_int(c, shff, ff * ns, &sff) < 0)
		return -1;
	if (!hfc_has(c, shff[0]))
		hfc_source(c, "moe_intermediate_size x num_shared_experts");
	return hfc_put_u32(c, "expert_shared_feed_forward_length", sff) < 0 ||
	       hfc_item(c, "routed_scaling_factor", "expert_weights_scale",
			HFC_F32) < 0 ||
	       hfc_item(c, "num_shared_experts", "expert_shared_count",
			HFC_U32) < 0 ||
	       hfc_item(c, "norm_topk_prob", "expert_weights_norm",
			HFC_BOOL) < 0 ||
	       hfc_get(c, "num_nextn_predict_layers", "nextn_predict_layers",
		       HFC_U32) < 0
		   ? -1 : 0;
}

const struct family family_bailingmoe2 = {
	.arch = "bailingmoe2",
	.mech = AM_NEXTN | AM_DENSE_LEAD,
	/* models of remote code: no transformers class fills in defaults */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"BailingMoeV2ForCausalLM",
			"SarvamMoEForCausalLM",
			"modeling_sarvam_moe.SarvamMoEForCausalLM", NULL},
		.converter = "conversion/bailingmoe.py BailingMoeV2Model",
		.convert = bailingmoe2_convert,
		.shexp_by_count = 1,
	},
};
