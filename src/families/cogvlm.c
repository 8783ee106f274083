/*
 * CogVLM's language model (src/models/cogvlm.cpp): plain attention, a full
 * cache on every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out). Its vision
 * expert weights sit beside the text ones in each layer, one cache.
 */
#include "model/family.h"

const struct family family_cogvlm = {
	.arch = "cogvlm",
	.mech = AM_NEXTN,
};
