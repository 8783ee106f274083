/*
 * GroveMoE (src/models/grovemoe.cpp): Qwen3-MoE's attention with chunked
 * adjugate experts (load_arch_hparams reads expert_chunk_feed_forward_length,
 * expert_group_scale, experts_per_group: weights and graph only); a full
 * cache on every layer: no window and no other cache mechanism, only the
 * generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_grovemoe = {
	.arch = "grovemoe",
	.mech = AM_NEXTN,
};
