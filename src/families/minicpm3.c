/*
 * MiniCPM3 (src/models/minicpm3.cpp): DeepSeek-V2's low-rank projections
 * (load_arch_hparams reads q_lora_rank and kv_lora_rank, required) without
 * the latent cache: it reads no key_length_mla, so hparams.is_mla() is
 * false and the graph decompresses K (the nope part and the shared RoPE
 * part repeated to every head) and V before build_attn.  The cache holds
 * full K of key_length and V of value_length for every KV head.
 */
#include "model/family.h"

const struct family family_minicpm3 = {
	.arch = "minicpm3",
	.mech = AM_NEXTN | AM_LORA_FULL_KV,
};
