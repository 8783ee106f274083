/*
 * Jais (src/models/jais.cpp): ALiBi (load_arch_hparams reads
 * attention.max_alibi_bias), no RoPE; a full cache on every layer:
 * load_arch_hparams reads no window and no other cache mechanism, only the
 * generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_jais = {
	.arch = "jais",
	.mech = AM_NEXTN,
};
