/*
 * GPT-2 (src/models/gpt2.cpp): plain attention, a full cache on every layer;
 * load_arch_hparams reads no window and no other cache mechanism, only the
 * generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_gpt2 = {
	.arch = "gpt2",
	.mech = AM_NEXTN,
	/* conversion/gpt2.py GPT2Model: its own keys, the context n_ctx,
	 * feed_forward_length 4 x n_embd, no KV head count (the heads); no
	 * RoPE (learned positions: the base is llama.cpp's unread default);
	 * the defaults are transformers' GPT2Config. */
	.hf = &(const struct family_hf){
		.classes = (const char *const[]){"GPT2LMHeadModel", NULL},
		.converter = "conversion/gpt2.py GPT2Model",
		.model_type = "gpt2", .config = "GPT2Config",
		.vocab = 50257, .hidden = 768, .heads = 12, .max_pos = 1024,
		.ctx_key = "n_ctx", .rope_theta = 10000, .tie = 1,
		.no_head_dim = 1, .kv_fixed = -1, .ff_embd = 4,
	},
};
