/*
 * Falcon (src/models/falcon.cpp): plain attention.
 */
#include "model/family.h"
#include "model/hfconv.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/*
 * conversion/falcon.py FalconModel.set_gguf_parameters (TextModel's not
 * called): context_length 2048 ("not in config.json"),
 * tensor_data_layout "jploski", embedding_length hidden_size,
 * feed_forward_length 4 x hidden_size, block_count, head_count
 * num_attention_heads (or n_head), head_count_kv, the LayerNorm epsilon
 * layer_norm_epsilon.
 *
 * The KV heads follow the checkpoint, not the converter.  FalconModel
 * writes num_kv_heads (else n_head_kv, else 1), and its hparams are
 * AutoConfig's (conversion/base.py load_hparams), whose FalconConfig
 * makes a missing num_kv_heads num_attention_heads: for Falcon-7B
 * (multi_query, no num_kv_heads) it writes 71, then its query_key_value
 * view into 71 KV groups of the checkpoint's 71 + 2 heads fails, and
 * today's converter makes no GGUF of it.  transformers' FalconAttention
 * keeps one KV head under multi_query without new_decoder_architecture,
 * and llama.cpp loads the Falcon-7B GGUFs of older converters (n_head_kv
 * 1) so: one KV head there, num_kv_heads elsewhere.  An ALiBi model
 * (alibi, Falcon-RW) is refused: falcon.cpp rotates every head with RoPE.
 */
static int falcon_convert(struct hfc *c)
{
	int64_t heads, kv, h, n, ln;
	int alibi, newarch, mq, parallel;
	if (hfc_bool(c, "alibi", 0, &alibi) < 0)
		return -1;
	if (alibi)
		return hfc_fail(c, "alibi", "ALiBi Falcon models use no RoPE "
				"(llama.cpp's falcon rotates every head): not "
				"described");
	if (hfc_bool(c, "new_decoder_architecture", 0, &newarch) < 0 ||
	    hfc_bool(c, "multi_query", 1, &mq) < 0 ||
	    hfc_bool(c, "parallel_attn", 1, &parallel) < 0)
		return -1;
	hfc_source(c, "2048 (FalconModel: \"not in config.json\")");
	if (hfc_put_u32(c, "context_length", 2048) < 0 ||
	    hfc_put_str(c, "tensor_data_layout", "jploski") < 0 ||
	    hfc_need(c, K("hidden_size"), &h) < 0 ||
	    hfc_put_u32(c, "embedding_length", h) < 0)
		return -1;
	hfc_source(c, "4 x hidden_size");
	if (hfc_put_u32(c, "feed_forward_length", 4 * h) < 0 ||
	    hfc_block_count(c, &n) < 0 || hfc_put_u32(c, "block_count", n) < 0 ||
	    hfc_need(c, K("num_attention_heads", "n_head"), &heads) < 0 ||
	    hfc_put_u32(c, "attention.head_count", heads) < 0)
		return -1;
	/* FalconModel.modify_tensors views query_key_value by head_dim =
	 * hidden_size / n_head */
	if (heads < 1 || h % heads)
		return hfc_fail(c, NULL, "%lld heads do not divide hidden_size "
				"%lld (FalconModel's query_key_value view)",
				(long long)heads, (long long)h);
	if (!newarch && mq) {
		kv = 1;
		hfc_source(c, "multi_query true, new_decoder_architecture "
			   "false: 1 (the checkpoint's, FalconAttention)");
	} else {
		int rc = hfc_int(c, K("num_kv_heads", "n_head_kv"), heads, &kv);
		if (rc < 0)
			return -1;
		if (!rc)
			hfc_source(c, "num_attention_heads (num_kv_heads None: "
				   "FalconConfig's)");
	}
	if (hfc_put_u32(c, "attention.head_count_kv", kv) < 0 ||
	    hfc_item(c, "layer_norm_epsilon", "attention.layer_norm_epsilon",
		     HFC_F32) < 0)
		return -1;
	/* The checkpoint's norms, LayerNorms with a bias (falcon.cpp
	 * attn_norm, attn_norm_2 where the tensors hold it): ln_attn and
	 * ln_mlp under new_decoder_architecture (num_ln_in_parallel_attn,
	 * 2 unless it says 1), input_layernorm beside parallel attention,
	 * and post_attention_layernorm without it (transformers
	 * FalconDecoderLayer). */
	if (hfc_int(c, K("num_ln_in_parallel_attn"), newarch ? 2 : 1, &ln) < 0)
		return -1;
	if (ln < 1 || ln > 2)
		return hfc_fail(c, NULL, "%lld: want 1 or 2", (long long)ln);
	hfc_norms(c, parallel ? (int)ln : 2, 1);
	return 0;
}

const struct family family_falcon = {
	.arch = "falcon",
	.mech = AM_NEXTN,
	/* transformers' FalconConfig's defaults (models/falcon/
	 * configuration_falcon.py; the tie PretrainedConfig's) */
	.conv = &(const struct family_conv){
		.classes = K("FalconForCausalLM", "RWForCausalLM"),
		.converter = "conversion/falcon.py FalconModel",
		.config = "FalconConfig",
		.defaults = (const struct hfc_default[]){
			{"vocab_size", 65024, NULL},
			{"hidden_size", 4544, NULL},
			{"num_hidden_layers", 32, NULL},
			{"num_attention_heads", 71, NULL},
			{"layer_norm_epsilon", 1e-5, NULL},
			{"alibi", 0, NULL},
			{"new_decoder_architecture", 0, NULL},
			{"multi_query", 1, NULL},
			{"parallel_attn", 1, NULL},
			{"bias", 0, NULL},
			{"max_position_embeddings", 2048, NULL},
			{"rope_theta", 10000, NULL},
			{"tie_word_embeddings", 1, NULL},
			{NULL, 0, NULL},
		},
		.convert = falcon_convert,
		/* up and down, no gate (falcon.cpp build_ffn) */
		.ungated = 1,
	},
};
