/*
 * HRM-Text (src/models/hrm-text.cpp): block_count is the expanded count of
 * cache slots (load_arch_hparams asserts it is layers_per_stack x h_cycles
 * x (l_cycles + 1)); load_arch_tensors points the repeated passes at the
 * same weights, but every slot is a layer of the cache, a full one: no
 * window and no other cache mechanism.
 */
#include "model/family.h"

const struct family family_hrm_text = {
	.arch = "hrm_text",
	.mech = AM_NEXTN,
};
