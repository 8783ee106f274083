/*
 * StableLM (src/models/stablelm.cpp): plain attention, a full cache on every
 * layer; load_arch_hparams reads no window and no other cache mechanism,
 * only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_stablelm = {
    .arch = "stablelm",
    .mech = AM_NEXTN,
    /* conversion/stablelm.py StableLMModel: its own keys, no head_dim (the
     * head is n_embd / n_head), rope.dimension_count int(partial_rotary_factor
     * (rope_pct) x (hidden_size // heads)); no transformers defaults are
     * relied on (each count and the factor required). */
    .hf =
	&(const struct family_hf){
	    .classes =
		(const char *const[]){"StableLmForCausalLM",
				      "StableLMEpochForCausalLM",
				      "LlavaStableLMEpochForCausalLM", NULL},
	    .converter = "conversion/stablelm.py StableLMModel",
	    .model_type = "stablelm",
	    .config = "StableLmConfig",
	    .no_head_dim = 1,
	    .rot = HF_ROT_EMBD_FACTOR,
	},
};
