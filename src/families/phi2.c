/*
 * Phi-2 (src/models/phi2.cpp): plain attention, a full cache on every layer;
 * load_arch_hparams reads no window and no other cache mechanism, only the
 * generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_phi2 = {
	.arch = "phi2",
	.mech = AM_NEXTN,
	/* conversion/phi.py Phi2Model: its own keys, the context n_positions
	 * first, feed_forward_length 4 x n_embd, the KV heads the heads, rope
	 * dimensions int(factor x n_embd) // heads (the same as int(factor x
	 * head) when the heads divide n_embd, which the head requires), the
	 * factor 0.5 without one; the defaults are transformers' PhiConfig. */
	.hf = &(const struct family_hf){
		.classes = (const char *const[]){"PhiForCausalLM", NULL},
		.converter = "conversion/phi.py Phi2Model",
		.model_type = "phi", .config = "PhiConfig",
		.vocab = 51200, .hidden = 2048, .heads = 32, .max_pos = 2048,
		.ctx_key = "n_positions", .rope_theta = 10000,
		.no_head_dim = 1, .kv_fixed = -1, .ff_embd = 4,
		.rot = HF_ROT_EMBD_FACTOR, .rot_factor = 0.5,
	},
};
