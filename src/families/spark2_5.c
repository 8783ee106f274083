/*
 * Spark 2.5 (src/models/spark2-5.cpp): load_arch_hparams sets the window type
 * standard and reads attention.sliding_window and the per-layer
 * sliding_window_pattern array, both required (get_key, get_arr); layer il
 * slides where the array says.
 */
#include "model/family.h"

const struct family family_spark2_5 = {
	.arch = "spark2_5",
	.mech = AM_NEXTN,
	.swa = &(const struct family_swa){.required = 1},
};
