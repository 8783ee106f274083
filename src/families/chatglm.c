/*
 * ChatGLM 2 and 3 (src/models/chatglm.cpp): plain attention, a full cache on
 * every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* conversion/chatglm.py ChatGLMModel.set_gguf_parameters, which calls no
 * base class: ChatGLM's and GLM-4's own names first, then transformers'
 * (GlmForCausalLM); the context seq_length, else the width; rotary
 * dimensions half of attention_dim, else of hidden_size //
 * num_attention_heads; the base 10000 x rope_ratio. */
static int chatglm_convert(struct hfc *c)
{
	int64_t embd, heads, kv, v, rope;
	double eps, factor, ratio;

	if (hfc_need(c, K("hidden_size", "n_embed"), &embd) < 0 ||
	    hfc_need(c, K("n_head", "num_attention_heads"), &heads) < 0 ||
	    hfc_int(c, K("multi_query_group_num", "num_key_value_heads"),
		    heads, &kv) < 0)
		return -1;
	if (hfc_int(c, K("seq_length"), embd, &v) < 0)
		return -1;
	if (!hfc_has(c, "seq_length"))
		hfc_source(c, "hidden_size (no seq_length)");
	if (hfc_put_u32(c, "context_length", v) < 0)
		return -1;
	hfc_source(c, "hidden_size");
	if (hfc_put_u32(c, "embedding_length", embd) < 0 ||
	    hfc_int(c, K("ffn_hidden_size", "intermediate_size"), 4 * embd,
		    &v) < 0)
		return -1;
	if (!hfc_has(c, "ffn_hidden_size") && !hfc_has(c, "intermediate_size"))
		hfc_source(c, "4 x hidden_size");
	if (hfc_put_u32(c, "feed_forward_length", v) < 0 ||
	    hfc_block_count(c, &v) < 0 ||
	    hfc_put_u32(c, "block_count", v) < 0)
		return -1;
	hfc_source(c, "num_attention_heads");
	if (hfc_put_u32(c, "attention.head_count", heads) < 0 ||
	    hfc_int(c, K("multi_query_group_num", "num_key_value_heads"),
		    heads, &kv) < 0 ||
	    hfc_put_u32(c, "attention.head_count_kv", kv) < 0 ||
	    hfc_real(c, K("layernorm_epsilon"), 1e-5, &eps) < 0 ||
	    hfc_put_f32(c, "attention.layer_norm_rms_epsilon", eps) < 0)
		return -1;
	/* attention_dim, else hparams["hidden_size"] //
	 * hparams["num_attention_heads"] (those two names, required) */
	if (hfc_has(c, "attention_dim")) {
		if (hfc_need(c, K("attention_dim"), &rope) < 0)
			return -1;
	} else {
		int64_t h, n;
		if (hfc_need(c, K("hidden_size"), &h) < 0 ||
		    hfc_need(c, K("num_attention_heads"), &n) < 0)
			return -1;
		if (n <= 0)
			return hfc_fail(c, "num_attention_heads",
					"not a positive count");
		rope = h / n;
	}
	/* self.rope_parameters.get("partial_rotary_factor", 0.5) */
	if (hfc_rope(c, "partial_rotary_factor", 0.5, &factor) < 0)
		return -1;
	hfc_source(c, "int(head x partial_rotary_factor %g)", factor);
	if (hfc_put_u32(c, "rope.dimension_count", (int64_t)(rope * factor))
	    < 0 ||
	    hfc_put_bool(c, "tokenizer.ggml.add_bos_token", 0) < 0 ||
	    hfc_real(c, K("rope_ratio"), 1, &ratio) < 0)
		return -1;
	hfc_source(c, "10000 x rope_ratio");
	if (hfc_put_f32(c, "rope.freq_base", 10000 * ratio) < 0)
		return -1;
	return 0;
}

const struct family family_chatglm = {
	.arch = "chatglm",
	.mech = AM_NEXTN,
	/* ChatGLM's configuration class is remote code
	 * (trust_remote_code): the converter reads the file as it is, as it
	 * does transformers' GlmConfig files, which write every key */
	.conv = &(const struct family_conv){
		.classes = K("ChatGLMModel", "ChatGLMForConditionalGeneration",
			     "GlmForCausalLM"),
		.converter = "conversion/chatglm.py ChatGLMModel",
		.convert = chatglm_convert,
	},
};
