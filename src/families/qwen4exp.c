/*
 * Qwen4exp (src/models/qwen4exp.cpp): Gated DeltaNet layers between
 * attention ones, as Qwen3-Next (attention.recurrent_layers, else every
 * full_attention_interval-th), and sparse attention (QSA) on the attention
 * layers.  create_memory makes llama_memory_hybrid_idx
 * (src/llama-memory-hybrid-idx.cpp): the hybrid's caches, both il <
 * n_layer(), plus an indexer llama_kv_cache of one K head of
 * indexer.key_length a cell and no V (is_mla() faked), filter_idx the
 * attention layers.  The one PLE layer (ple.layers, a recurrent one) keeps
 * a row of ple_conv_state() f32 beside its state (llama-memory-
 * recurrent.cpp cache_ple_r_l).
 */
#include "model/family.h"

const struct family family_qwen4exp = {
	.arch = "qwen4exp",
	.mech = AM_NEXTN | AM_RECURRENT | AM_INDEXER,
	.recurrent = &(const struct family_recurrent){
		.rule = RR_INTERVAL,
		.state = RS_MAMBA2_PLE,
	},
	.indexer = &(const struct family_indexer){
		.layers = FI_ATTENTION,
	},
};
