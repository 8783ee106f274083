/*
 * GroveMoE (src/models/grovemoe.cpp): Qwen3-MoE's attention with chunked
 * adjugate experts (load_arch_hparams reads expert_chunk_feed_forward_length,
 * expert_group_scale, experts_per_group: weights and graph only); a full
 * cache on every layer: no window and no other cache mechanism, only the
 * generic keys (nextn layers filtered out).
 */
#include "model/family.h"

/*
 * conversion/grovemoe.py GroveMoeModel.set_gguf_parameters: TextModel's
 * keys, the experts' width, then what the converter fixes after the
 * published modeling code: the chunk experts' width head_dim (128 when
 * absent or 0), 2 experts a group, a group scale of 0.05.
 */
static int grovemoe_convert(struct hfc *c)
{
	static const char *const hd[] = {"head_dim", NULL};
	int64_t chunk;
	if (hfc_text_model(c) < 0 ||
	    hfc_get(c, "moe_intermediate_size", "expert_feed_forward_length",
		    HFC_U32) < 0 ||
	    hfc_int(c, hd, 0, &chunk) < 0)
		return -1;
	if (!chunk)
		hfc_source(c, "128 (GroveMoeModel: no head_dim)");
	if (hfc_put_u32(c, "expert_chunk_feed_forward_length",
			chunk ? chunk : 128) < 0)
		return -1;
	hfc_source(c, "2 (GroveMoeModel)");
	if (hfc_put_u32(c, "experts_per_group", 2) < 0)
		return -1;
	hfc_source(c, "0.05 (GroveMoeModel)");
	return hfc_put_f32(c, "expert_group_scale", 0.05);
}

const struct family family_grovemoe = {
	.arch = "grovemoe",
	.mech = AM_NEXTN,
	/* a model of remote code: no transformers class fills in defaults */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"GroveMoeForCausalLM",
			"modeling_grove_moe.GroveMoeForCausalLM", NULL},
		.converter = "conversion/grovemoe.py GroveMoeModel",
		.convert = grovemoe_convert,
	},
};
