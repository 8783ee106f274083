/*
 * PaddleOCR-VL's language model (src/models/paddleocr.cpp): plain attention,
 * a full cache on every layer; load_arch_hparams reads no window and no
 * other cache mechanism, only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_paddleocr = {
	.arch = "paddleocr",
	.mech = AM_NEXTN,
	/* conversion/ernie.py PaddleOCRModel: Ernie4_5Model's
	 * set_gguf_parameters, TextModel's alone (the M-RoPE sections among
	 * them); transformers' PaddleOCRTextConfig's defaults (the published
	 * config is flat: PaddleOCRVLConfig passes its keys on) */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){
			"PaddleOCRVLForConditionalGeneration", NULL},
		.converter = "conversion/ernie.py PaddleOCRModel",
		.config = "PaddleOCRVLConfig",
		.defaults = (const struct hfc_default[]){
			{.key = "vocab_size", .value = 103424},
			{.key = "hidden_size", .value = 1024},
			{.key = "intermediate_size", .value = 3072},
			{.key = "num_hidden_layers", .value = 18},
			{.key = "num_attention_heads", .value = 16},
			{.key = "num_key_value_heads", .value = 2},
			{.key = "max_position_embeddings", .value = 131072},
			{.key = "rms_norm_eps", .value = 1e-5},
			{.key = "tie_word_embeddings", .value = 1},
			{.key = "rope_theta", .value = 500000},
			{.key = "head_dim", .value = 128},
			{.key = NULL},
		},
	},
};
