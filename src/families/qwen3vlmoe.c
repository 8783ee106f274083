/*
 * Qwen3-VL MoE's language model (src/models/qwen3vlmoe.cpp): plain
 * attention, a full cache on every layer; load_arch_hparams reads no window
 * and no other cache mechanism, only the generic keys (nextn layers filtered
 * out). Experts; M-RoPE sections change no size.
 */
#include "model/family.h"

/*
 * conversion/qwen3vl.py Qwen3VLMoeTextModel.set_gguf_parameters over
 * Qwen2MoeModel's (conversion/qwen.py): TextModel's keys (text_config's
 * over the root's; the M-RoPE sections), the experts' and the shared
 * expert's widths when given, and the deepstack layers: as many as
 * vision_config's deepstack_visual_indexes.
 */
static int qwen3vlmoe_convert(struct hfc *c)
{
	int64_t idx[64];
	if (hfc_text_model(c) < 0 ||
	    hfc_get(c, "moe_intermediate_size", "expert_feed_forward_length",
		    HFC_U32) < 0 ||
	    hfc_get(c, "shared_expert_intermediate_size",
		    "expert_shared_feed_forward_length", HFC_U32) < 0)
		return -1;
	int n = hfc_ints(c, "vision_config.deepstack_visual_indexes", idx, 64);
	if (n < 0)
		return -1;
	return hfc_put_u32(c, "n_deepstack_layers", n);
}

const struct family family_qwen3vlmoe = {
	.arch = "qwen3vlmoe",
	.mech = AM_NEXTN,
	/* transformers' Qwen3VLMoeTextConfig's defaults (head_dim, which it
	 * makes hidden_size // num_attention_heads, is the GGUF reader's
	 * default too) */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){
			"Qwen3VLMoeForConditionalGeneration", NULL},
		.converter = "conversion/qwen3vl.py Qwen3VLMoeTextModel",
		.config = "Qwen3VLMoeConfig",
		.defaults = (const struct hfc_default[]){
			{.key = "vocab_size", .value = 151936},
			{.key = "hidden_size", .value = 2048},
			{.key = "intermediate_size", .value = 5632},
			{.key = "num_hidden_layers", .value = 24},
			{.key = "num_attention_heads", .value = 16},
			{.key = "num_key_value_heads", .value = 16},
			{.key = "max_position_embeddings", .value = 128000},
			{.key = "rms_norm_eps", .value = 1e-6},
			{.key = "tie_word_embeddings", .value = 1},
			{.key = "rope_theta", .value = 500000},
			{.key = "moe_intermediate_size", .value = 1408},
			{.key = "num_experts_per_tok", .value = 4},
			{.key = "num_experts", .value = 60},
			{.key = NULL},
		},
		.convert = qwen3vlmoe_convert,
	},
};
