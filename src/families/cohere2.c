/*
 * Command R7B (src/models/cohere2.cpp): set_swa_pattern(4); one norm a
 * layer; the head is the token embeddings.
 *
 * The graph (llama_model_cohere2::graph): a sliding and a full cache,
 * RoPE on the sliding layers only, LayerNorm (never in place), the FFN in
 * parallel with the attention on the same norm, the layer's output
 * add(add(ffn, residual), attn_out) expanded from its first source, so wo
 * comes after the FFN; the logits scaled in place.
 */
#include "model/family.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* conversion/command_r.py Cohere2Model.set_gguf_parameters: TextModel's
 * keys, then logit_scale, sliding_window and vocab_size as given (each
 * required: Cohere2Config has no rotary_pct, so a file without it is a
 * KeyError), the rotated dimensions int(rotary_pct x (hidden_size //
 * num_attention_heads)) and no rope scaling. */
static int cohere2_convert(struct hfc *c)
{
	int64_t embd, heads;
	double pct;
	if (hfc_text_model(c) < 0 ||
	    hfc_item(c, "logit_scale", "logit_scale", HFC_F32) < 0 ||
	    hfc_item(c, "sliding_window", "attention.sliding_window",
		     HFC_U32) < 0 ||
	    hfc_item(c, "vocab_size", "vocab_size", HFC_U32) < 0 ||
	    hfc_need(c, K("hidden_size"), &embd) < 0 ||
	    hfc_need(c, K("num_attention_heads"), &heads) < 0)
		return -1;
	if (!hfc_has(c, "rotary_pct"))
		return hfc_fail(c, "rotary_pct", "missing (required by "
			       "conversion/command_r.py Cohere2Model)");
	if (hfc_real(c, K("rotary_pct"), 0, &pct) < 0)
		return -1;
	hfc_source(c, "int(rotary_pct x (hidden_size // "
		   "num_attention_heads))");
	if (hfc_put_u32(c, "rope.dimension_count",
			(int64_t)(pct * (double)(embd / heads))) < 0)
		return -1;
	/* add_rope_scaling_type(NONE), over TextModel's */
	if (hfc_put_str(c, "rope.scaling.type", "none") < 0)
		return -1;
	/* cohere2.cpp reads no output.weight: the head is the embeddings */
	hfc_tied(c, 1);
	return 0;
}

const struct family family_cohere2 = {
    .arch = "cohere2",
    .mech = AM_NEXTN,
    .swa = &(const struct family_swa){.pattern = 4},
    .weights =
	&(const struct family_weights){
	    .parts = WS_ATTN_NORM,
	    .head = WS_HEAD_NEVER,
	    .tied = 1,
	},
    .dense_graph =
	&(const struct family_dense_graph){
	    .flags = DR_COHERE2,
	    .modelled = 1,
	    .windowed = 1,
	},
    /* the defaults are transformers' Cohere2Config.__init__'s (its
     * num_key_value_heads None is num_attention_heads, as the GGUF
     * reader takes a missing head_count_kv) */
    .conv = &(const struct family_conv){
	.classes = K("Cohere2ForCausalLM"),
	.converter = "conversion/command_r.py Cohere2Model",
	.config = "Cohere2Config",
	.defaults = (const struct hfc_default[]){
	    {"vocab_size", 256000, NULL},
	    {"hidden_size", 8192, NULL},
	    {"intermediate_size", 22528, NULL},
	    {"logit_scale", 0.0625, NULL},
	    {"num_hidden_layers", 40, NULL},
	    {"num_attention_heads", 64, NULL},
	    {"max_position_embeddings", 8192, NULL},
	    {"layer_norm_eps", 1e-5, NULL},
	    {"tie_word_embeddings", 1, NULL},
	    {"rope_theta", 10000, NULL},
	    {"attention_bias", 0, NULL},
	    {"sliding_window", 4096, NULL},
	    {NULL, 0, NULL},
	},
	.convert = cohere2_convert,
    },
};
