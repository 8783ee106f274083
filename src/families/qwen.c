/*
 * Qwen (the first) (src/models/qwen.cpp): plain attention, a full cache on
 * every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_qwen = {
	.arch = "qwen",
	.mech = AM_NEXTN,
	/* conversion/qwen.py QwenModel: TextModel's keys (the base is
	 * rotary_emb_base, which the converter does not write: llama.cpp
	 * takes 10000).  The config class is the checkpoint's own code
	 * (transformers has none, and the converter reads config.json as
	 * written): every count required. */
	.hf = &(const struct family_hf){
		.classes = (const char *const[]){"QWenLMHeadModel", NULL},
		.converter = "conversion/qwen.py QwenModel",
		.model_type = "qwen", .config = "QWenConfig",
		.rope_theta = 10000,
	},
};
