/*
 * GLM-4 (src/models/glm4.cpp): plain attention, a full cache on every layer;
 * load_arch_hparams reads no window and no other cache mechanism, only the
 * generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_glm4 = {
	.arch = "glm4",
	.mech = AM_NEXTN,
	/* conversion/glm.py Glm4Model (its other class, Glm4v, is a vision
	 * model): TextModel's keys, rope.dimension_count int(head_dim x
	 * partial_rotary_factor), the factor 0.5 without one; the defaults are
	 * transformers' Glm4Config. */
	.hf = &(const struct family_hf){
		.classes = (const char *const[]){"Glm4ForCausalLM", NULL},
		.converter = "conversion/glm.py Glm4Model",
		.model_type = "glm4", .config = "Glm4Config",
		.vocab = 151552, .hidden = 4096, .inter = 13696, .heads = 32,
		.kv_heads = 2, .head_dim = 128, .max_pos = 131072,
		.rope_theta = 10000,
		.rot = HF_ROT_HEAD_FACTOR, .rot_factor = 0.5,
	},
};
