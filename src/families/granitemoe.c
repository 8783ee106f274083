/*
 * Granite 3 MoE (src/models/granite-moe.cpp): plain attention, a full cache
 * on every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out). Experts.
 */
#include "model/family.h"

const struct family family_granitemoe = {
	.arch = "granitemoe",
	.mech = AM_NEXTN,
	/* conversion/granite.py GraniteMoeModel over GraniteModel: head_dim
	 * dropped, TextModel's expert keys, an expert intermediate_size wide;
	 * the defaults are transformers' GraniteMoeConfig. */
	.hf = &(const struct family_hf){
		.classes = (const char *const[]){"GraniteMoeForCausalLM",
					   "GraniteMoeSharedForCausalLM", NULL},
		.converter = "conversion/granite.py GraniteMoeModel",
		.model_type = "granitemoe", .config = "GraniteMoeConfig",
		.vocab = 32000, .hidden = 4096, .inter = 11008, .heads = 32,
		.max_pos = 2048, .rope_theta = 10000, .no_head_dim = 1,
		.experts = 8, .experts_used = 2,
	},
};
