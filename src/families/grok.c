/*
 * Grok (src/models/grok.cpp): softcapped attention and router, scales on
 * the embeddings, attention output and logits (load_arch_hparams: old
 * GGUFs' defaults, then the file's keys); a full cache on every layer: no
 * window and no other cache mechanism, only the generic keys (nextn layers
 * filtered out).  Its YaRN beta_fast defaults to 8, not 32; attnviz reads
 * the file's rope.scaling.yarn_beta_fast and keeps 32 without it.
 */
#include "model/family.h"

const struct family family_grok = {
	.arch = "grok",
	.mech = AM_NEXTN,
};
