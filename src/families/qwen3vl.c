/*
 * Qwen3-VL's language model (src/models/qwen3vl.cpp): plain attention, a
 * full cache on every layer; load_arch_hparams reads no window and no other
 * cache mechanism, only the generic keys (nextn layers filtered out). M-RoPE
 * sections and deepstack layers change no cache.
 */
#include "model/family.h"

const struct family family_qwen3vl = {
	.arch = "qwen3vl",
	.mech = AM_NEXTN,
};
