/*
 * MPT (src/models/mpt.cpp): ALiBi (load_arch_hparams reads
 * attention.max_alibi_bias and clamp_kqv), no RoPE; a full cache on every
 * layer: load_arch_hparams reads no window and no other cache mechanism,
 * only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* conversion/mpt.py MPTModel.set_gguf_parameters, which calls no base
 * class: its own keys, the attention's under the nested attn_config. */
static int mpt_convert(struct hfc *c)
{
	int64_t ctx, embd, layers, heads, kv;
	double clip, bias = 0;
	int alibi, f;

	if (hfc_need(c, K("max_seq_len"), &ctx) < 0 ||
	    hfc_put_u32(c, "context_length", ctx) < 0 ||
	    hfc_need(c, K("d_model"), &embd) < 0 ||
	    hfc_put_u32(c, "embedding_length", embd) < 0 ||
	    hfc_block_count(c, &layers) < 0 ||
	    hfc_put_u32(c, "block_count", layers) < 0)
		return -1;
	/* 4 * d_model, whatever expansion_ratio says */
	hfc_source(c, "4 x d_model");
	if (hfc_put_u32(c, "feed_forward_length", 4 * embd) < 0 ||
	    hfc_need(c, K("n_heads"), &heads) < 0 ||
	    hfc_put_u32(c, "attention.head_count", heads) < 0)
		return -1;
	/* `if kv_n_heads := attn_config.get("kv_n_heads")`: 0 writes none */
	if ((f = hfc_int(c, K("attn_config.kv_n_heads"), 0, &kv)) < 0 ||
	    (kv && hfc_put_u32(c, "attention.head_count_kv", kv) < 0))
		return -1;
	hfc_source(c, "1e-5 (MPTModel)");
	if (hfc_put_f32(c, "attention.layer_norm_epsilon", 1e-5) < 0 ||
	    (f = hfc_real(c, K("attn_config.clip_qkv"), 0, &clip)) < 0 ||
	    (f && hfc_put_f32(c, "attention.clamp_kqv", clip) < 0) ||
	    hfc_bool(c, "attn_config.alibi", 1, &alibi) < 0 ||
	    (alibi && hfc_real(c, K("attn_config.alibi_bias_max"), 8,
			       &bias) < 0))
		return -1;
	if (hfc_put_f32(c, "attention.max_alibi_bias", bias) < 0)
		return -1;
	/* the head is the embeddings (MPT's checkpoints have no lm_head;
	 * mpt.cpp falls back to token_embd) */
	hfc_tied(c, 1);
	return 0;
}

const struct family family_mpt = {
	.arch = "mpt",
	.mech = AM_NEXTN,
	/* the defaults are transformers' MptConfig and its
	 * MptAttentionConfig (attn_config's) */
	.conv = &(const struct family_conv){
		.classes = K("MPTForCausalLM"),
		.converter = "conversion/mpt.py MPTModel",
		.config = "MptConfig",
		.defaults = (const struct hfc_default[]){
			{"d_model", 2048, NULL},
			{"n_heads", 16, NULL},
			{"n_layers", 24, NULL},
			{"max_seq_len", 2048, NULL},
			{"vocab_size", 50368, NULL},
			{"attn_config.alibi", 1, NULL},
			{"attn_config.alibi_bias_max", 8, NULL},
			{NULL, 0, NULL},
		},
		.convert = mpt_convert,
		/* mpt.cpp build_ffn: up and down, no gate */
		.ungated = 1,
	},
};
