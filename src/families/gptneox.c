/*
 * GPT-NeoX and Pythia (src/models/gptneox.cpp): plain attention, a full
 * cache on every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_gptneox = {
	.arch = "gptneox",
	.mech = AM_NEXTN,
	/* conversion/gptneox.py GPTNeoXModel: its own keys, no KV head count
	 * (the heads), rope dimensions int(rotary_pct x head), the factor 0.25
	 * without one; the defaults are transformers' GPTNeoXConfig. */
	.hf = &(const struct family_hf){
		.classes = (const char *const[]){"GPTNeoXForCausalLM", NULL},
		.converter = "conversion/gptneox.py GPTNeoXModel",
		.model_type = "gpt_neox", .config = "GPTNeoXConfig",
		.vocab = 50432, .hidden = 6144, .inter = 24576, .heads = 64,
		.max_pos = 2048, .rope_theta = 10000,
		.no_head_dim = 1, .kv_fixed = -1,
		.rot = HF_ROT_EMBD_FACTOR, .rot_key = "rotary_pct",
		.rot_factor = 0.25,
	},
};
