/*
 * StarCoder (src/models/starcoder.cpp): plain attention, a full cache on
 * every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_starcoder = {
	.arch = "starcoder",
	.mech = AM_NEXTN,
	/* conversion/starcoder.py StarCoderModel: its own keys, the context
	 * n_positions, feed_forward_length 4 x n_embd, one KV head whatever
	 * the file says; no RoPE (learned positions: the base is llama.cpp's
	 * unread default); the defaults are transformers' GPTBigCodeConfig. */
	.hf = &(const struct family_hf){
		.classes = (const char *const[]){"GPTBigCodeForCausalLM", NULL},
		.converter = "conversion/starcoder.py StarCoderModel",
		.model_type = "gpt_bigcode", .config = "GPTBigCodeConfig",
		.vocab = 50257, .hidden = 768, .heads = 12, .max_pos = 1024,
		.ctx_key = "n_positions", .rope_theta = 10000, .tie = 1,
		.no_head_dim = 1, .kv_fixed = 1, .ff_embd = 4,
	},
};
