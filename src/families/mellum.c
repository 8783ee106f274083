/*
 * Mellum (src/models/mellum.cpp): experts, and a sliding window when the
 * file gives one above 0: load_swa_pattern(ml, 4), the file's per-layer
 * pattern else three sliding layers then a full one; the sliding layers'
 * RoPE base is the global one unless rope.freq_base_swa says.
 */

#include "model/family.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* conversion/mellum.py MellumModel.set_gguf_parameters: TextModel's keys
 * (the experts, rope_parameters' full and sliding bases), an expert's
 * width, and the window with its pattern unless use_sliding_window is
 * false or sliding_window absent: one bool a layer_types entry, true for
 * "sliding_attention"; MellumConfig (AutoConfig) fills an absent list with
 * "full_attention" on every layer. */
static int mellum_convert(struct hfc *c)
{
	int64_t window;
	int f, use;

	if (hfc_text_model(c) < 0 ||
	    hfc_get(c, "moe_intermediate_size", "expert_feed_forward_length",
		    HFC_U32) < 0 ||
	    hfc_bool(c, "use_sliding_window", 1, &use) < 0 ||
	    (f = hfc_int(c, K("sliding_window"), 0, &window)) < 0)
		return -1;
	if (!use || !f)
		return 0;
	if (hfc_put_u32(c, "attention.sliding_window", window) < 0)
		return -1;
	return hfc_put_layer_words(c, &(const struct hfc_layer_words){
		.from = "layer_types", .word = "sliding_attention",
		.key = "attention.sliding_window_pattern", .period = 1,
		.absent_source = "layer_types absent: MellumConfig's "
				 "full_attention on every layer",
	}, NULL) < 0 ? -1 : 0;
}

const struct family family_mellum = {
	.arch = "mellum",
	.mech = AM_NEXTN,
	.swa = &(const struct family_swa){.pattern = 4},
	/* the defaults are transformers' MellumConfig (over Qwen3MoeConfig:
	 * the heads, experts a token and the RMS epsilon) */
	.conv = &(const struct family_conv){
		.classes = K("MellumForCausalLM"),
		.converter = "conversion/mellum.py MellumModel",
		.config = "MellumConfig",
		.defaults = (const struct hfc_default[]){
			{"vocab_size", 98304, NULL},
			{"hidden_size", 2304, NULL},
			{"intermediate_size", 7168, NULL},
			{"num_hidden_layers", 28, NULL},
			{"num_attention_heads", 32, NULL},
			{"num_key_value_heads", 4, NULL},
			{"head_dim", 128, NULL},
			{"max_position_embeddings", 131072, NULL},
			{"sliding_window", 1024, NULL},
			{"num_experts", 64, NULL},
			{"num_experts_per_tok", 8, NULL},
			{"moe_intermediate_size", 896, NULL},
			{"rms_norm_eps", 1e-6, NULL},
			{NULL, 0, NULL},
		},
		.convert = mellum_convert,
	},
};
