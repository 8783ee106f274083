/*
 * Gemma 2 (src/models/gemma2.cpp): set_swa_pattern(2), n_swa 4096 unless the
 * file says; the head is the token embeddings.
 */
#include "model/family.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* conversion/gemma.py Gemma2Model.set_gguf_parameters, which calls no base
 * class: its own keys from self.hparams (every one required: a KeyError
 * when absent; AutoConfig fills in Gemma2Config's defaults first), no rope
 * base (llama.cpp's default 10000). */
static int gemma2_convert(struct hfc *c)
{
	static const struct hfc_copy counts[] = {
	    {"max_position_embeddings", "context_length"},
	    {"hidden_size", "embedding_length"},
	    {"intermediate_size", "feed_forward_length"},
	    {"num_attention_heads", "attention.head_count"},
	    {"head_dim", "attention.key_length"},
	    {"head_dim", "attention.value_length"},
	    {"sliding_window", "attention.sliding_window"},
	};
	int64_t layers, kv;
	if (HFC_COPY(c, counts, 1) < 0 || hfc_block_count(c, &layers) < 0 ||
	    hfc_put_u32(c, "block_count", layers) < 0)
		return -1;
	/* num_key_value_heads if present, else num_attention_heads */
	if (hfc_need(c, K("num_key_value_heads", "num_attention_heads"),
		     &kv) < 0 ||
	    hfc_put_u32(c, "attention.head_count_kv", kv) < 0)
		return -1;
	if (hfc_item(c, "rms_norm_eps", "attention.layer_norm_rms_epsilon",
		     HFC_F32) < 0 ||
	    hfc_item(c, "attn_logit_softcapping", "attn_logit_softcapping",
		     HFC_F32) < 0 ||
	    hfc_item(c, "final_logit_softcapping", "final_logit_softcapping",
		     HFC_F32) < 0)
		return -1;
	/* the head is the embeddings: the converter skips lm_head.weight */
	hfc_tied(c, 1);
	return 0;
}

const struct family family_gemma2 = {
    .arch = "gemma2",
    .mech = AM_NEXTN,
    .swa = &(const struct family_swa){.pattern = 2, .default_window = 4096},
    .weights =
	&(const struct family_weights){
	    .parts = WS_PLAIN | WS_POST_ATTN | WS_POST_FFN,
	    .head = WS_HEAD_NEVER,
	    .tied = 1,
	},
    /* llama's graph on its two caches: replayed so, exact over
     * tests/engine.sh's matrix on Gemma 2's GGUF and on llama.cpp's own
     * tiny Gemma 2 model */
    .dense_graph =
	&(const struct family_dense_graph){.modelled = 1, .windowed = 1},
    /* the defaults are transformers' Gemma2Config.__init__'s */
    .conv = &(const struct family_conv){
	.classes = K("Gemma2ForCausalLM"),
	.converter = "conversion/gemma.py Gemma2Model",
	.config = "Gemma2Config",
	.defaults = (const struct hfc_default[]){
	    {"vocab_size", 256000, NULL},
	    {"hidden_size", 2304, NULL},
	    {"intermediate_size", 9216, NULL},
	    {"num_hidden_layers", 26, NULL},
	    {"num_attention_heads", 8, NULL},
	    {"num_key_value_heads", 4, NULL},
	    {"head_dim", 256, NULL},
	    {"max_position_embeddings", 8192, NULL},
	    {"rms_norm_eps", 1e-6, NULL},
	    {"rope_theta", 10000, NULL},
	    {"tie_word_embeddings", 1, NULL},
	    {"sliding_window", 4096, NULL},
	    {"attn_logit_softcapping", 50, NULL},
	    {"final_logit_softcapping", 30, NULL},
	    {NULL, 0, NULL},
	},
	.convert = gemma2_convert,
    },
};
