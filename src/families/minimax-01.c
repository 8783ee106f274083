/*
 * MiniMax-Text-01 (src/models/minimax-01.cpp): lightning (linear)
 * attention layers whose state is a head x head matrix a head, and softmax
 * attention layers with a full cache.  load_arch_hparams marks the
 * recurrent layers from attention.recurrent_layers, else
 * full_attention_interval (default 8): il < n_layer() and (il + 1) % 8 !=
 * 0; create_memory's filters keep il < n_layer() only.  The state
 * (llama-hparams.cpp n_embd_s, n_embd_head_la = key_length): key_length^2
 * x layer 0's head_count; no conv rows (no ssm key is read).
 */
#include "model/family.h"

const struct family family_minimax_01 = {
	.arch = "minimax-01",
	.mech = AM_NEXTN | AM_RECURRENT,
	.recurrent = &(const struct family_recurrent){
		.rule = RR_INTERVAL,
		.state = RS_LINEAR,
		.interval = 8,
	},
};
