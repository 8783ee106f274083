/*
 * Qwen2-VL's language model (src/models/qwen2vl.cpp): plain attention, a
 * full cache on every layer; load_arch_hparams reads no window and no other
 * cache mechanism, only the generic keys (nextn layers filtered out). M-RoPE
 * sections change no size.
 */
#include "model/family.h"

const struct family family_qwen2vl = {
	.arch = "qwen2vl",
	.mech = AM_NEXTN,
};
