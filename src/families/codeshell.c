/*
 * CodeShell (src/models/codeshell.cpp): plain attention, a full cache on
 * every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_codeshell = {
	.arch = "codeshell",
	.mech = AM_NEXTN,
	/* conversion/codeshell.py CodeShellModel: its own keys, the context
	 * n_positions, feed_forward_length 4 x n_embd, the KV heads
	 * num_query_groups, the base 10000 always.  The config class is the
	 * checkpoint's own code (transformers has none, and the converter
	 * reads config.json as written): every count required. */
	.hf = &(const struct family_hf){
		.classes = (const char *const[]){"CodeShellForCausalLM", NULL},
		.converter = "conversion/codeshell.py CodeShellModel",
		.model_type = "codeshell", .config = "CodeShellConfig",
		.ctx_key = "n_positions", .rope_theta = 10000,
		.no_head_dim = 1, .kv_key = "num_query_groups", .ff_embd = 4,
	},
};
