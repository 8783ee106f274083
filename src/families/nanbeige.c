/*
 * Nanbeige (src/models/nanbeige.cpp): plain attention, a full cache on every
 * layer.  load_arch_hparams reads num_loops (default 1) and repeats the
 * block_count physical layers that many times, each pass a layer of the
 * cache of its own (n_layer_all = block_count x num_loops).
 */
#include "model/family.h"

const struct family family_nanbeige = {
	.arch = "nanbeige",
	.mech = AM_NEXTN | AM_LOOPS,
};
