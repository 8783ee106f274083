/*
 * Baichuan (src/models/baichuan.cpp): ALiBi for the 13B (load_arch_hparams
 * sets f_max_alibi_bias 8 at 40 layers), RoPE for the 7B; either way a full
 * cache on every layer: load_arch_hparams reads no window and no other
 * cache mechanism, only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_baichuan = {
	.arch = "baichuan",
	.mech = AM_NEXTN,
	/* conversion/baichuan.py BaichuanModel: TextModel's keys, the rope
	 * dimensions hidden_size / heads.  The config class is the
	 * checkpoint's own code (transformers has none, and the converter reads
	 * config.json as written): every count required; without rope_theta
	 * (Baichuan's configs have none) the converter writes no base and
	 * llama.cpp takes 10000. */
	.hf = &(const struct family_hf){
		.classes = (const char *const[]){"BaichuanForCausalLM",
					   "BaiChuanForCausalLM", NULL},
		.converter = "conversion/baichuan.py BaichuanModel",
		.model_type = "baichuan", .config = "BaichuanConfig",
		.rope_theta = 10000,
	},
};
