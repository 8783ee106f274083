/*
 * PLaMo 3 (src/models/plamo3.cpp): a sliding window when the file gives
 * one above 0, load_swa_pattern(ml, 8): the file's per-layer pattern else
 * seven sliding layers then a full one.  The sliding layers' RoPE base is
 * rope.freq_base_swa, else llama_hparams' default 10000 (plamo3.cpp does
 * not copy the global base to it).
 */
#include "model/family.h"

const struct family family_plamo3 = {
	.arch = "plamo3",
	.mech = AM_NEXTN,
	.swa = &(const struct family_swa){.pattern = 8, .base_local = 10000},
};
