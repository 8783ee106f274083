/*
 * GLM-4 (src/models/glm4.cpp): plain attention, a full cache on every layer;
 * load_arch_hparams reads no window and no other cache mechanism, only the
 * generic keys (nextn layers filtered out).
 */
#include "model/family.h"

/* conversion/glm.py Glm4Model.set_gguf_parameters: TextModel's keys, then
 * rope.dimension_count int(head_dim x partial_rotary_factor), head_dim
 * hidden_size // num_attention_heads when absent, the factor
 * rope_parameters' or 0.5 (its __init__). */
static int glm4_convert(struct hfc *c)
{
	int64_t dim;
	double f;
	if (hfc_text_model(c) < 0 ||
	    hfc_rope(c, "partial_rotary_factor", 0.5, &f) < 0 ||
	    hfc_head_dim(c, &dim) < 0)
		return -1;
	hfc_source(c, "head_dim x partial_rotary_factor %g", f);
	return hfc_put_u32(c, "rope.dimension_count", (int64_t)(dim * f));
}

const struct family family_glm4 = {
	.arch = "glm4",
	.mech = AM_NEXTN,
	/* Glm4ForCausalLM (its other class, Glm4v, is a vision model); the
	 * defaults are transformers' Glm4Config's. */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"Glm4ForCausalLM", NULL},
		.converter = "conversion/glm.py Glm4Model",
		.config = "Glm4Config",
		.defaults = (const struct hfc_default[]){
			{.key = "vocab_size", .value = 151552},
			{.key = "hidden_size", .value = 4096},
			{.key = "intermediate_size", .value = 13696},
			{.key = "num_hidden_layers", .value = 40},
			{.key = "num_attention_heads", .value = 32},
			{.key = "num_key_value_heads", .value = 2},
			{.key = "head_dim", .value = 128},
			{.key = "max_position_embeddings", .value = 131072},
			{.key = "rope_theta", .value = 10000},
			{.key = "partial_rotary_factor", .value = 0.5},
			{.key = "rms_norm_eps", .value = 1.5625e-07},
			{.key = "tie_word_embeddings", .value = 0},
			{.key = NULL},
		},
		.convert = glm4_convert,
	},
};
