/*
 * EXAONE 3 (src/models/exaone.cpp): plain attention, a full cache on every
 * layer; load_arch_hparams reads no window and no other cache mechanism,
 * only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_exaone = {
    .arch = "exaone",
    .mech = AM_NEXTN,
    /* conversion/exaone.py ExaoneModel: TextModel's keys (num_layers among
     * them), rope.dimension_count int(partial_rotary_factor x (hidden_size //
     * heads)), the factor 1 without one.  ExaoneConfig is the checkpoint's own
     * code, which AutoConfig does not run: the converter reads the raw file, so
     * nothing has a default. */
    .hf =
	&(const struct family_hf){
	    .classes = (const char *const[]){"ExaoneForCausalLM", NULL},
	    .converter = "conversion/exaone.py ExaoneModel",
	    .model_type = "exaone",
	    .config = "ExaoneConfig",
	    .rot = HF_ROT_EMBD_FACTOR,
	    .rot_factor = 1,
	},
};
