/*
 * Baichuan (src/models/baichuan.cpp): ALiBi for the 13B (load_arch_hparams
 * sets f_max_alibi_bias 8 at 40 layers), RoPE for the 7B; either way a full
 * cache on every layer: load_arch_hparams reads no window and no other
 * cache mechanism, only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_baichuan = {
	.arch = "baichuan",
	.mech = AM_NEXTN,
};
