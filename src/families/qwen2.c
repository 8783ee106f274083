/*
 * Qwen2 and Qwen2.5 (src/models/qwen2.cpp): llama's layer with q/k/v biases,
 * added in place in the graph.  load_arch_hparams reads no window: a full
 * cache on every layer.
 */
#include "model/family.h"
#include "model/hfconv.h"

/* conversion/qwen.py Qwen2Model.set_gguf_parameters: TextModel's keys,
 * then _try_set_pooling_type (the pooling of a sentence-transformers
 * directory, files beside config.json that size nothing).  Nothing of
 * sliding_window is written, and llama.cpp's qwen2 would read none:
 * transformers' window (use_sliding_window) is said, not kept. */
static int qwen2_convert(struct hfc *c)
{
	if (hfc_text_model(c) < 0)
		return -1;
	return hfc_window_unread(c, "use_sliding_window");
}

const struct family family_qwen2 = {
    .arch = "qwen2",
    .mech = AM_NEXTN,
    .weights =
	&(const struct family_weights){
	    .parts = WS_PLAIN | WS_QKV_BIAS,
	},
    .dense_graph = &(const struct family_dense_graph){.modelled = 1},
    /* transformers' Qwen2Config's defaults (models/qwen2/
     * configuration_qwen2.py; num_key_value_heads 32, not None) */
    .conv =
	&(const struct family_conv){
	    .classes = (const char *const[]){"Qwen2ForCausalLM", NULL},
	    .converter = "conversion/qwen.py Qwen2Model",
	    .config = "Qwen2Config",
	    .defaults =
		(const struct hfc_default[]){
		    {.key = "vocab_size", .value = 151936},
		    {.key = "hidden_size", .value = 4096},
		    {.key = "intermediate_size", .value = 22016},
		    {.key = "num_hidden_layers", .value = 32},
		    {.key = "num_attention_heads", .value = 32},
		    {.key = "num_key_value_heads", .value = 32},
		    {.key = "max_position_embeddings", .value = 32768},
		    {.key = "rope_theta", .value = 10000},
		    {.key = "tie_word_embeddings", .value = 0},
		    {.key = "use_sliding_window", .value = 0},
		    {.key = "sliding_window", .value = 4096},
		    {.key = NULL},
		},
	    .convert = qwen2_convert,
	},
};
