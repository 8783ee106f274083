/*
 * Ling (BailingMoeV3) (src/models/bailingmoe3.cpp): Kimi delta attention (KDA)
 * layers where head_count_kv(il) is 0 (is_recr_impl), MLA with the latent
 * cached on the others.  create_memory: llama_memory_hybrid with its default
 * filters
 * (!is_recr(il) / is_recr(il)); the state is llama-hparams.cpp's KDA
 * n_embd_r = 3 (ssm.conv_kernel - 1) n_head() kda.head_dim and n_embd_s
 * = kda.head_dim^2 n_head(), f32 a sequence.  The default filters keep
 * nextn layers in the attention cache: such a file is refused.
 */
#include "model/family.h"

const struct family family_bailingmoe3 = {
	.arch = "bailingmoe3",
	.mech = AM_NEXTN | AM_RECURRENT,
	.recurrent = &(const struct family_recurrent){
		.rule = RR_KV_ZERO,
		.state = RS_KDA,
	},
};
