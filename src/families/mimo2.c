/*
 * MiMo-V2-Flash (src/models/mimo2.cpp): load_arch_hparams sets
 * the window type standard and reads attention.sliding_window and the
 * per-layer sliding_window_pattern array, both required (get_key,
 * get_arr); layer il slides where the array says.
 */
#include "model/family.h"

const struct family family_mimo2 = {
	.arch = "mimo2",
	.mech = AM_NEXTN,
	.swa = &(const struct family_swa){.required = 1},
};
