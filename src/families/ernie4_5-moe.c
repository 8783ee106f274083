/*
 * ERNIE 4.5 MoE (src/models/ernie4-5-moe.cpp): plain attention, a full cache
 * on every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out). Experts
 * interleaved with dense layers.
 */
#include "model/family.h"

const struct family family_ernie4_5_moe = {
    .arch = "ernie4_5-moe",
    .mech = AM_NEXTN,
    /* conversion/ernie.py Ernie4_5MoeModel: TextModel's keys, expert_count
     * moe_num_experts and expert_used_count moe_k (both required), an expert
     * moe_intermediate_size wide; no transformers defaults are relied on.
     * Its leading dense layers (moe_layer_start_index) change no cache and
     * are not in the parameter estimate. */
    .hf =
	&(const struct family_hf){
	    .classes = (const char *const[]){"Ernie4_5_MoeForCausalLM", NULL},
	    .converter = "conversion/ernie.py Ernie4_5MoeModel",
	    .model_type = "ernie4_5_moe",
	    .config = "Ernie4_5_MoeConfig",
	    .experts_key = "moe_num_experts",
	    .used_key = "moe_k",
	    .expert_ff_key = "moe_intermediate_size",
	},
};
