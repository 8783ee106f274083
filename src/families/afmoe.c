/*
 * AFMoE, Arcee's Trinity (src/models/afmoe.cpp): experts, leading dense
 * layers, and a sliding window when the file gives one above 0:
 * load_swa_pattern(ml, 4), the file's per-layer pattern else three sliding
 * layers then a full one; the sliding layers' RoPE base is the global one
 * unless rope.freq_base_swa says.
 */
#include "model/family.h"

/* conversion/afmoe.py AfmoeModel.set_gguf_parameters over LlamaModel's
 * (conversion/llama.py): TextModel's keys, vocab_size, the rope dimension
 * (head_dim, else hidden_size // num_attention_heads), then each MoE and
 * window key the file has. */
static int afmoe_convert(struct hfc *c)
{
	if (hfc_llama_model(c) < 0)
		return -1;
	return hfc_get(c, "num_shared_experts", "expert_shared_count",
		       HFC_U32) < 0 ||
	       hfc_get(c, "moe_intermediate_size",
		       "expert_feed_forward_length", HFC_U32) < 0 ||
	       hfc_get(c, "num_dense_layers", "leading_dense_block_count",
		       HFC_U32) < 0 ||
	       hfc_get(c, "route_norm", "expert_weights_norm", HFC_BOOL) < 0 ||
	       hfc_get(c, "route_scale", "expert_weights_scale",
		       HFC_F32) < 0 ||
	       hfc_get(c, "sliding_window", "attention.sliding_window",
		       HFC_U32) < 0
		   ? -1 : 0;
}

const struct family family_afmoe = {
	.arch = "afmoe",
	.mech = AM_NEXTN | AM_DENSE_LEAD,
	.swa = &(const struct family_swa){.pattern = 4},
	/* transformers' AfmoeConfig's defaults (num_key_value_heads:
	 * num_attention_heads, the GGUF reader's default too) */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"AfmoeForCausalLM", NULL},
		.converter = "conversion/afmoe.py AfmoeModel",
		.config = "AfmoeConfig",
		.defaults = (const struct hfc_default[]){
			{.key = "vocab_size", .value = 200192},
			{.key = "hidden_size", .value = 2048},
			{.key = "intermediate_size", .value = 6144},
			{.key = "moe_intermediate_size", .value = 1408},
			{.key = "num_hidden_layers", .value = 32},
			{.key = "num_dense_layers", .value = 1},
			{.key = "num_attention_heads", .value = 16},
			{.key = "head_dim", .value = 128},
			{.key = "max_position_embeddings", .value = 16384},
			{.key = "rms_norm_eps", .value = 1e-5},
			{.key = "tie_word_embeddings", .value = 0},
			{.key = "rope_theta", .value = 10000},
			{.key = "num_experts", .value = 64},
			{.key = "num_experts_per_tok", .value = 6},
			{.key = "num_shared_experts", .value = 2},
			{.key = "route_scale", .value = 1.0},
			{.key = "global_attn_every_n_layers", .value = 4},
			{.key = "sliding_window", .value = 1024},
			{.key = NULL},
		},
		.convert = afmoe_convert,
	},
};
