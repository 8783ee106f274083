/*
 * Qwen3-VL MoE's language model (src/models/qwen3vlmoe.cpp): plain
 * attention, a full cache on every layer; load_arch_hparams reads no window
 * and no other cache mechanism, only the generic keys (nextn layers filtered
 * out). Experts; M-RoPE sections change no size.
 */
#include "model/family.h"

const struct family family_qwen3vlmoe = {
	.arch = "qwen3vlmoe",
	.mech = AM_NEXTN,
};
