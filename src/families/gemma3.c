/*
 * Gemma 3 (src/models/gemma3.cpp): set_swa_pattern(6) when sliding_window >
 * 0, the local layers' RoPE base 10000.
 */
#include "model/family.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

const struct family family_gemma3 = {
    .arch = "gemma3",
    .mech = AM_NEXTN,
    .swa = &(const struct family_swa){.pattern = 6, .base_local = 10000},
    .weights =
	&(const struct family_weights){
	    .parts = WS_PLAIN | WS_POST_ATTN | WS_POST_FFN | WS_QK_NORM,
	    .tied = 1,
	},
    /* llama's graph on its two caches: replayed so, exact over
     * tests/engine.sh's matrix on Gemma 3's GGUF and on llama.cpp's own
     * tiny Gemma 3 model */
    .dense_graph =
	&(const struct family_dense_graph){.modelled = 1, .windowed = 1},
    /* the defaults are transformers' Gemma3TextConfig.__init__'s
     * (Gemma3Config keeps the language model's in text_config) */
    .conv = &(const struct family_conv){
	.classes = K("Gemma3ForCausalLM", "Gemma3ForConditionalGeneration"),
	.converter = "conversion/gemma.py Gemma3Model",
	.config = "Gemma3TextConfig",
	.defaults = (const struct hfc_default[]){
	    {"vocab_size", 262208, NULL},
	    {"hidden_size", 2304, NULL},
	    {"intermediate_size", 9216, NULL},
	    {"num_hidden_layers", 26, NULL},
	    {"num_attention_heads", 8, NULL},
	    {"num_key_value_heads", 4, NULL},
	    {"head_dim", 256, NULL},
	    {"max_position_embeddings", 131072, NULL},
	    {"rms_norm_eps", 1e-6, NULL},
	    {"rope_theta", 1e6, NULL},
	    {"rope_local_base_freq", 10000, NULL},
	    {"sliding_window", 4096, NULL},
	    {"sliding_window_pattern", 6, NULL},
	    {"query_pre_attn_scalar", 256, NULL},
	    {"tie_word_embeddings", 1, NULL},
	    {"attention_bias", 0, NULL},
	    {NULL, 0, NULL},
	},
	.convert = hfc_gemma3_model,
    },
};
