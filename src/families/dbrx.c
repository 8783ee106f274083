/*
 * DBRX (src/models/dbrx.cpp): plain attention, a full cache on every layer;
 * load_arch_hparams reads no window and no other cache mechanism, only the
 * generic keys (nextn layers filtered out). Experts.
 */
#include "model/family.h"

/*
 * conversion/dbrx.py DbrxModel.set_gguf_parameters, which writes its keys
 * itself (not TextModel's): the sizes from the root, the KV heads, RoPE
 * base and QKV clamp from attn_config, the FFN and experts from
 * ffn_config, every one required, and the LayerNorm epsilon 1e-5.
 */
static int dbrx_convert(struct hfc *c)
{
	int64_t n;
	if (hfc_block_count(c, &n) < 0 || hfc_put_u32(c, "block_count", n) < 0)
		return -1;
	if (hfc_item(c, "max_seq_len", "context_length", HFC_U32) < 0 ||
	    hfc_item(c, "d_model", "embedding_length", HFC_U32) < 0 ||
	    hfc_item(c, "ffn_config.ffn_hidden_size", "feed_forward_length",
		     HFC_U32) < 0 ||
	    hfc_item(c, "n_heads", "attention.head_count", HFC_U32) < 0 ||
	    hfc_item(c, "attn_config.kv_n_heads", "attention.head_count_kv",
		     HFC_U32) < 0 ||
	    hfc_item(c, "attn_config.rope_theta", "rope.freq_base",
		     HFC_F32) < 0 ||
	    hfc_item(c, "attn_config.clip_qkv", "attention.clamp_kqv",
		     HFC_F32) < 0 ||
	    hfc_item(c, "ffn_config.moe_num_experts", "expert_count",
		     HFC_U32) < 0 ||
	    hfc_item(c, "ffn_config.moe_top_k", "expert_used_count",
		     HFC_U32) < 0)
		return -1;
	hfc_source(c, "1e-5 (DbrxModel)");
	return hfc_put_f32(c, "attention.layer_norm_epsilon", 1e-5);
}

const struct family family_dbrx = {
	.arch = "dbrx",
	.mech = AM_NEXTN,
	/* transformers' DbrxConfig's defaults, and its attn_config's and
	 * ffn_config's (DbrxAttentionConfig, DbrxFFNConfig; clip_qkv has
	 * none, and the converter needs it) */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"DbrxForCausalLM", NULL},
		.converter = "conversion/dbrx.py DbrxModel",
		.config = "DbrxConfig",
		.defaults = (const struct hfc_default[]){
			{.key = "d_model", .value = 2048},
			{.key = "n_heads", .value = 16},
			{.key = "n_layers", .value = 24},
			{.key = "max_seq_len", .value = 2048},
			{.key = "vocab_size", .value = 32000},
			{.key = "tie_word_embeddings", .value = 0},
			{.key = "attn_config.kv_n_heads", .value = 1},
			{.key = "attn_config.rope_theta", .value = 10000},
			{.key = "ffn_config.ffn_hidden_size", .value = 3584},
			{.key = "ffn_config.moe_num_experts", .value = 4},
			{.key = "ffn_config.moe_top_k", .value = 1},
			{.key = NULL},
		},
		.convert = dbrx_convert,
	},
};
