/*
 * Llama 1-3, Mistral 7B v0.1 and Mixtral (src/models/llama.cpp); llama.cpp
 * reads no sliding window for it, whatever the file says.
 *
 * conversion/llama.py writes Mixtral as llama with experts, and rope_freqs
 * under llama3 scaling.
 */
#include "model/family.h"
#include "model/hfconv.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* conversion/llama.py LlamaModel.set_gguf_parameters: TextModel's keys,
 * vocab_size, the rotated dimensions head_dim (else hidden_size //
 * num_attention_heads); generate_extra_tensors' rope_freqs under llama3
 * scaling.  No window is written and llama.cpp's llama reads none:
 * Mistral v0.1's is said, not kept. */
static int llama_convert(struct hfc *c)
{
	if (hfc_llama_model(c) < 0 || hfc_rope_freqs_llama3(c) < 0)
		return -1;
	return hfc_window_unread(c, NULL);
}

/* transformers' MistralConfig and MixtralConfig __init__ defaults, by
 * model_type, beside LlamaConfig's (None: absent) */
static const struct family_conv_config llama_configs[] = {
    {.model_type = "mistral",
     .config = "MistralConfig",
     .defaults = hfc_mistral_defaults},
    {.model_type = "mixtral",
     .config = "MixtralConfig",
     .defaults = (const struct hfc_default[]){
	 {"vocab_size", 32000, NULL},
	 {"hidden_size", 4096, NULL},
	 {"intermediate_size", 14336, NULL},
	 {"num_hidden_layers", 32, NULL},
	 {"num_attention_heads", 32, NULL},
	 {"num_key_value_heads", 8, NULL},
	 {"max_position_embeddings", 131072, NULL},
	 {"rms_norm_eps", 1e-5, NULL},
	 {"tie_word_embeddings", 0, NULL},
	 {"rope_theta", 1e6, NULL},
	 {"num_experts_per_tok", 2, NULL},
	 {"num_local_experts", 8, NULL},
	 {NULL, 0, NULL},
     }},
    {NULL, NULL, NULL},
};

const struct family family_llama = {
    .arch = "llama",
    .mech = AM_NEXTN,
    .weights =
	&(const struct family_weights){
	    .parts = WS_PLAIN | WS_ROPE_FREQS,
	},
    .dense_graph = &(const struct family_dense_graph){.modelled = 1},
    /* LlamaConfig's defaults, and by model_type Mistral's and Mixtral's */
    .conv = &(const struct family_conv){
	.classes = K("LlamaForCausalLM", "LLaMAForCausalLM",
		     "MistralForCausalLM", "MixtralForCausalLM"),
	.converter = "conversion/llama.py LlamaModel",
	.config = "LlamaConfig",
	.defaults = (const struct hfc_default[]){
	    {"vocab_size", 32000, NULL},
	    {"hidden_size", 4096, NULL},
	    {"intermediate_size", 11008, NULL},
	    {"num_hidden_layers", 32, NULL},
	    {"num_attention_heads", 32, NULL},
	    {"max_position_embeddings", 2048, NULL},
	    {"rms_norm_eps", 1e-6, NULL},
	    {"tie_word_embeddings", 0, NULL},
	    {"rope_theta", 10000, NULL},
	    {"attention_bias", 0, NULL},
	    {NULL, 0, NULL},
	},
	.convert = llama_convert,
	.by_type = llama_configs,
    },
};
