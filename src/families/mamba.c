/*
 * Mamba (src/models/mamba.cpp): a recurrent model (llm_arch_is_recurrent),
 * every layer a Mamba-1 block; create_memory keeps each layer's conv and
 * SSM states in llama_memory_recurrent and no KV cache.  load_arch_hparams
 * reads ssm.conv_kernel, inner_size, state_size and time_step_rank
 * (required), no group_count.
 */
#include "model/family.h"

const struct family family_mamba = {
	.arch = "mamba",
	.mech = AM_NEXTN | AM_RECURRENT,
	.recurrent = &(const struct family_recurrent){
		.rule = RR_ALL,
		.state = RS_MAMBA1,
	},
};
