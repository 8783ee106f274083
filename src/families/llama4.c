/*
 * Llama 4 (src/models/llama4.cpp load_arch_hparams): unless the file's
 * sliding_window is 0, swa_type CHUNKED with n_swa 8192 whatever the file
 * says, load_swa_pattern(4): three chunked layers, then one full.
 *
 * The graph (llama_model_llama4::graph<true>): every layer MoE (Scout's
 * interleave_moe_layer_step 1), or every step-th (Maverick's 2: the others
 * dense).
 */
#include <string.h>

#include "model/family.h"
#include "model/hfconv.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* conversion/llama.py Llama4Model: its __init__ makes intermediate_size
 * the dense layers' (intermediate_size_mlp, required) and keeps the
 * experts' apart; then LlamaModel's keys (llama3's rope_freqs among them),
 * interleave_moe_layer_step (required), the experts' width, and
 * sliding_window 0 when layer_types is all full_attention (MobileLLM).
 * llama4.cpp chunks attention at 8192 whatever attention_chunk_size says:
 * said, not kept. */
static int llama4_convert(struct hfc *c)
{
	const char *types[1024];
	int64_t moe, mlp, chunk;
	int n, all_full, rc;
	if (hfc_need(c, K("intermediate_size"), &moe) < 0 ||
	    hfc_need(c, K("intermediate_size_mlp"), &mlp) < 0 ||
	    hfc_llama_model(c) < 0)
		return -1;
	hfc_source(c, "intermediate_size_mlp (Llama4Model's "
		   "intermediate_size)");
	if (hfc_put_u32(c, "feed_forward_length", mlp) < 0 ||
	    hfc_rope_freqs_llama3(c) < 0 ||
	    hfc_item(c, "interleave_moe_layer_step",
		     "interleave_moe_layer_step", HFC_U32) < 0)
		return -1;
	hfc_source(c, "intermediate_size (Llama4Model's "
		   "intermediate_size_moe)");
	if (hfc_put_u32(c, "expert_feed_forward_length", moe) < 0 ||
	    (n = hfc_words(c, "layer_types", types, 1024)) < 0)
		return -1;
	/* all() of an empty list is True in the converter */
	all_full = n > 0 || (n == 0 && hfc_has(c, "layer_types"));
	for (int i = 0; i < n; i++)
		all_full &= types[i] && !strcmp(types[i], "full_attention");
	hfc_source(c, "layer_types: all full_attention");
	if (all_full && hfc_put_u32(c, "attention.sliding_window", 0) < 0)
		return -1;
	if ((rc = hfc_int(c, K("attention_chunk_size"), 8192, &chunk)) < 0)
		return -1;
	if (!all_full && rc > 0 && chunk != 8192)
		hfc_note(c, "attention_chunk_size",
			 "config.json attention_chunk_size %lld is not read: "
			 "llama.cpp's llama4 chunks attention at 8192",
			 (long long)chunk);
	return 0;
}

const struct family family_llama4 = {
	.arch = "llama4",
	.mech = AM_NEXTN | AM_CHUNKED,
	.swa = &(const struct family_swa){
		.pattern = 4,
		.default_window = 8192,
		.chunked = 1,
	},
	.moe_graph = &(const struct family_moe_graph){
		.gating = GATE_SIGMOID_ON_LOGITS,
		.flags = MG_SHARED | MG_WEIGHT_BEFORE | MG_NOPE_SCALE | MG_ROWS_LAST,
	},
	/* the defaults are transformers' Llama4TextConfig.__init__'s (the
	 * language model of Llama4Config's text_config) */
	.conv = &(const struct family_conv){
		.classes = K("Llama4ForConditionalGeneration",
			     "Llama4ForCausalLM"),
		.converter = "conversion/llama.py Llama4Model",
		.config = "Llama4TextConfig",
		.defaults = (const struct hfc_default[]){
			{"vocab_size", 202048, NULL},
			{"hidden_size", 5120, NULL},
			{"intermediate_size", 8192, NULL},
			{"intermediate_size_mlp", 16384, NULL},
			{"num_hidden_layers", 48, NULL},
			{"num_attention_heads", 40, NULL},
			{"num_key_value_heads", 8, NULL},
			{"head_dim", 128, NULL},
			{"max_position_embeddings", 131072, NULL},
			{"rms_norm_eps", 1e-5, NULL},
			{"rope_theta", 500000, NULL},
			{"num_experts_per_tok", 1, NULL},
			{"num_local_experts", 16, NULL},
			{"interleave_moe_layer_step", 1, NULL},
			{"attention_chunk_size", 8192, NULL},
			{"tie_word_embeddings", 0, NULL},
			{"attention_bias", 0, NULL},
			{NULL, 0, NULL},
		},
		.convert = llama4_convert,
	},
};
