/*
 * Mamba-2 (src/models/mamba2.cpp): a recurrent model (llm_arch_is_recurrent),
 * every layer a Mamba-2 block; create_memory keeps each layer's conv and SSM
 * states in llama_memory_recurrent and no KV cache.  load_arch_hparams reads
 * ssm.conv_kernel, inner_size, state_size, time_step_rank and group_count
 * (required).
 */
#include "model/family.h"

const struct family family_mamba2 = {
	.arch = "mamba2",
	.mech = AM_NEXTN | AM_RECURRENT,
	.recurrent = &(const struct family_recurrent){
		.rule = RR_ALL,
		.state = RS_MAMBA2,
	},
};
