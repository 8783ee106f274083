/*
 * PLaMo 2 (src/models/plamo2.cpp): Mamba-2 state where head_count_kv(il) is
 * 0 (load_arch_hparams: is_recr_impl[i] = n_head_kv(i) == 0), a full cache
 * on the others; ssm.conv_kernel, inner_size, state_size, time_step_rank
 * and group_count required.
 */
#include "model/family.h"

const struct family family_plamo2 = {
	.arch = "plamo2",
	.mech = AM_NEXTN | AM_RECURRENT,
	.recurrent = &(const struct family_recurrent){
		.rule = RR_KV_ZERO,
		.state = RS_MAMBA2,
	},
};
