/*
 * InternLM 2 (src/models/internlm2.cpp): plain attention, a full cache on
 * every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_internlm2 = {
	.arch = "internlm2",
	.mech = AM_NEXTN,
	/* conversion/internlm.py InternLM2Model: TextModel's keys, the whole
	 * head rotated.  InternLM2Config is the checkpoint's own code: the
	 * converter reads the raw file, so nothing has a default. */
	.hf = &(const struct family_hf){
		.classes = (const char *const[]){"InternLM2ForCausalLM", NULL},
		.converter = "conversion/internlm.py InternLM2Model",
		.model_type = "internlm2", .config = "InternLM2Config",
	},
};
