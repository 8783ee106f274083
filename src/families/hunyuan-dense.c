/*
 * Hunyuan dense (src/models/hunyuan-dense.cpp): plain attention, a full
 * cache on every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_hunyuan_dense = {
	.arch = "hunyuan-dense",
	.mech = AM_NEXTN,
	/* conversion/hunyuan.py HunYuanModel: TextModel's keys; the defaults
	 * are transformers' HunYuanDenseV1Config.  Not read: its dynamic
	 * (alpha) RoPE, for which the converter writes a context of 256K. */
	.hf = &(const struct family_hf){
		.classes = (const char *const[]){"HunYuanDenseV1ForCausalLM",
					   NULL},
		.converter = "conversion/hunyuan.py HunYuanModel",
		.model_type = "hunyuan_v1_dense",
		.config = "HunYuanDenseV1Config",
		.vocab = 290943, .hidden = 4096, .inter = 11008, .heads = 32,
		.max_pos = 2048, .rope_theta = 10000,
	},
};
