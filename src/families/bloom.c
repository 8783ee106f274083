/*
 * BLOOM (src/models/bloom.cpp): ALiBi (load_arch_hparams fixes
 * f_max_alibi_bias at 8), no RoPE; a full cache on every layer:
 * load_arch_hparams reads no window and no other cache mechanism, only the
 * generic keys (nextn layers filtered out).
 */
#include "model/family.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* conversion/bloom.py BloomModel.set_gguf_parameters, which calls no base
 * class: the context seq_length, else the width (BLOOM's configs give
 * none), feed_forward_length 4 x n_embd, as many KV heads as heads.
 * BloomConfig always has hidden_size (64, or n_embed when given) and
 * n_head (8, or num_attention_heads): their defaults are given here, not
 * in the table, where they would hide the other spelling. */
static int bloom_convert(struct hfc *c)
{
	int64_t embd, heads, ctx, layers;
	double eps;

	if (hfc_int(c, K("hidden_size", "n_embed"), 64, &embd) < 0 ||
	    hfc_int(c, K("n_head", "num_attention_heads"), 8, &heads) < 0 ||
	    hfc_int(c, K("seq_length"), embd, &ctx) < 0)
		return -1;
	if (!hfc_has(c, "seq_length"))
		hfc_source(c, "hidden_size (no seq_length)");
	if (hfc_put_u32(c, "context_length", ctx) < 0)
		return -1;
	hfc_source(c, "hidden_size");
	if (hfc_put_u32(c, "embedding_length", embd) < 0)
		return -1;
	hfc_source(c, "4 x hidden_size");
	if (hfc_put_u32(c, "feed_forward_length", 4 * embd) < 0 ||
	    hfc_block_count(c, &layers) < 0 ||
	    hfc_put_u32(c, "block_count", layers) < 0)
		return -1;
	hfc_source(c, "n_head");
	if (hfc_put_u32(c, "attention.head_count", heads) < 0 ||
	    hfc_put_u32(c, "attention.head_count_kv", heads) < 0 ||
	    hfc_real(c, K("layer_norm_epsilon"), 1e-5, &eps) < 0 ||
	    hfc_put_f32(c, "attention.layer_norm_epsilon", eps) < 0)
		return -1;
	/* the head is the embeddings (bloom.cpp: output falls back to
	 * token_embd; the checkpoints tie it) */
	hfc_tied(c, 1);
	return 0;
}

const struct family family_bloom = {
	.arch = "bloom",
	.mech = AM_NEXTN,
	/* the defaults are transformers' BloomConfig (n_embed, when given,
	 * becomes hidden_size) */
	.conv = &(const struct family_conv){
		.classes = K("BloomForCausalLM", "BloomModel"),
		.converter = "conversion/bloom.py BloomModel",
		.config = "BloomConfig",
		.defaults = (const struct hfc_default[]){
			{"vocab_size", 250880, NULL},
			{"n_layer", 2, NULL},
			{"layer_norm_epsilon", 1e-5, NULL},
			{NULL, 0, NULL},
		},
		.convert = bloom_convert,
		/* bloom.cpp build_ffn: up and down, no gate */
		.ungated = 1,
	},
};
