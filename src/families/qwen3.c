/*
 * Qwen3 dense (src/models/qwen3.cpp): q/k norms a head wide.
 * load_arch_hparams reads no window: a full cache on every layer.
 */
#include "model/family.h"
#include "model/hfconv.h"

/* conversion/qwen.py Qwen3Model.set_gguf_parameters: Qwen2Model's
 * (TextModel's keys, then _try_set_pooling_type), then a reranker's
 * pooling, labels and chat template (found by README.md and the model's
 * name: none sizes anything).  Nothing of sliding_window is written, and
 * llama.cpp's qwen3 would read none: transformers' window
 * (use_sliding_window) is said, not kept. */
static int qwen3_convert(struct hfc *c)
{
	if (hfc_text_model(c) < 0)
		return -1;
	return hfc_window_unread(c, "use_sliding_window");
}

const struct family family_qwen3 = {
	.arch = "qwen3",
	.mech = AM_NEXTN,
	.weights = &(const struct family_weights){
		.parts = WS_PLAIN | WS_QK_NORM,
	},
	/* transformers' Qwen3Config's defaults (models/qwen3/
	 * configuration_qwen3.py; num_key_value_heads 32, not None) */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"Qwen3ForCausalLM", NULL},
		.converter = "conversion/qwen.py Qwen3Model",
		.config = "Qwen3Config",
		.defaults = (const struct hfc_default[]){
			{.key = "vocab_size", .value = 151936},
			{.key = "hidden_size", .value = 4096},
			{.key = "intermediate_size", .value = 22016},
			{.key = "num_hidden_layers", .value = 32},
			{.key = "num_attention_heads", .value = 32},
			{.key = "num_key_value_heads", .value = 32},
			{.key = "head_dim", .value = 128},
			{.key = "max_position_embeddings", .value = 32768},
			{.key = "rope_theta", .value = 10000},
			{.key = "tie_word_embeddings", .value = 0},
			{.key = "use_sliding_window", .value = 0},
			{.key = "sliding_window", .value = 4096},
			{.key = NULL},
		},
		.convert = qwen3_convert,
	},
};
