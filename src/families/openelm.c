/*
 * OpenELM (src/models/openelm.cpp): plain attention, a full cache on every
 * layer; load_arch_hparams reads no window and no other cache mechanism,
 * only the generic keys (nextn layers filtered out). Its head counts differ
 * layer by layer (head_count_kv one per layer, read as llama.cpp reads it).
 */
#include "model/family.h"

const struct family family_openelm = {
	.arch = "openelm",
	.mech = AM_NEXTN,
};
