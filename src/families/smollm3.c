/*
 * SmolLM3 (src/models/smollm3.cpp): llama's layer, tied embeddings.
 * load_arch_hparams reads no window (a full cache on every layer) and
 * fixes n_no_rope_layer_step at 4 (no_rope_layers is not read).
 */
#include "model/family.h"
#include "model/hfconv.h"

/* conversion/llama.py SmolLM3Model is LlamaModel's set_gguf_parameters:
 * TextModel's keys, vocab_size, and the rotated width head_dim, else
 * hidden_size // num_attention_heads.  Nothing of sliding_window is
 * written, and llama.cpp's smollm3 would read none: transformers' window
 * (use_sliding_window) is said, not kept. */
static int smollm3_convert(struct hfc *c)
{
	if (hfc_llama_model(c) < 0)
		return -1;
	return hfc_window_unread(c, "use_sliding_window");
}

const struct family family_smollm3 = {
    .arch = "smollm3",
    .mech = AM_NEXTN,
    .weights = &(const struct family_weights){.parts = WS_PLAIN, .tied = 1},
    /* llm_build_smollm3 is llama's graph (its NoPE layers skip a RoPE in
     * place): replayed so, held to the engine by tests/engine.sh */
    .dense_graph = &(const struct family_dense_graph){.modelled = 1},
    /* transformers' SmolLM3Config's defaults (models/smollm3/
     * configuration_smollm3.py; sliding_window None) */
    .conv =
	&(const struct family_conv){
	    .classes = (const char *const[]){"SmolLM3ForCausalLM", NULL},
	    .converter = "conversion/llama.py SmolLM3Model",
	    .config = "SmolLM3Config",
	    .defaults =
		(const struct hfc_default[]){
		    {.key = "vocab_size", .value = 128256},
		    {.key = "hidden_size", .value = 2048},
		    {.key = "intermediate_size", .value = 11008},
		    {.key = "num_hidden_layers", .value = 36},
		    {.key = "num_attention_heads", .value = 16},
		    {.key = "num_key_value_heads", .value = 4},
		    {.key = "max_position_embeddings", .value = 32768},
		    {.key = "rope_theta", .value = 2000000},
		    {.key = "tie_word_embeddings", .value = 1},
		    {.key = "use_sliding_window", .value = 0},
		    {.key = NULL},
		},
	    .convert = smollm3_convert,
	},
};
