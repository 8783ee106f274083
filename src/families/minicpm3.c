/*
 * MiniCPM3 (src/models/minicpm3.cpp): DeepSeek-V2's low-rank projections
 * (load_arch_hparams reads q_lora_rank and kv_lora_rank, required) without
 * the latent cache: it reads no key_length_mla, so hparams.is_mla() is
 * false and the graph decompresses K (the nope part and the shared RoPE
 * part repeated to every head) and V before build_attn.  The cache holds
 * full K of key_length and V of value_length for every KV head.
 */
#include "model/family.h"

/* config.json by conversion/minicpm.py MiniCPM3Model, whose
 * set_gguf_parameters writes its keys itself (TextModel's not called):
 * hparams["KEY"] each required, q_lora_rank when not null, key_length
 * qk_nope_head_dim + qk_rope_head_dim; no rope base, no value_length (the
 * loader's n_embd / n_head).  Its longrope factors become tensors. */
static int minicpm3_convert(struct hfc *c)
{
	static const struct {
		const char *key, *gguf;
	} counts[] = {
		{"max_position_embeddings", "context_length"},
		{"hidden_size", "embedding_length"},
		{"intermediate_size", "feed_forward_length"},
		{"num_attention_heads", "attention.head_count"},
		{"num_key_value_heads", "attention.head_count_kv"},
		{"vocab_size", "vocab_size"},
		{"kv_lora_rank", "attention.kv_lora_rank"},
	};
	static const char *const eps[] = {"rms_norm_eps", NULL};
	static const char *const q[] = {"q_lora_rank", NULL};
	static const char *const nope[] = {"qk_nope_head_dim", NULL};
	static const char *const rope[] = {"qk_rope_head_dim", NULL};
	int64_t v, r;
	double d;
	int rc;
	for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
		const char *const k[] = {counts[i].key, NULL};
		if (hfc_need(c, k, &v) < 0 ||
		    hfc_put_u32(c, counts[i].gguf, v) < 0)
			return -1;
	}
	/* self.block_count: TextModel.__init__'s */
	if (hfc_block_count(c, &v) < 0 ||
	    hfc_put_u32(c, "block_count", v) < 0)
		return -1;
	if ((rc = hfc_real(c, eps, 0, &d)) == 0)
		return hfc_fail(c, NULL, "missing (required by "
				"conversion/minicpm.py MiniCPM3Model)");
	if (rc < 0 || hfc_put_f32(c, "attention.layer_norm_rms_epsilon", d) < 0)
		return -1;
	if ((rc = hfc_int(c, q, 0, &v)) < 0 ||
	    (rc > 0 && hfc_put_u32(c, "attention.q_lora_rank", v) < 0))
		return -1;
	if (hfc_need(c, nope, &v) < 0 || hfc_need(c, rope, &r) < 0)
		return -1;
	hfc_source(c, "qk_nope_head_dim + qk_rope_head_dim");
	if (hfc_put_u32(c, "attention.key_length", v + r) < 0)
		return -1;
	hfc_source(c, "qk_rope_head_dim");
	return hfc_put_u32(c, "rope.dimension_count", r);
}

const struct family family_minicpm3 = {
	.arch = "minicpm3",
	.mech = AM_NEXTN | AM_LORA_FULL_KV,
	/* MiniCPM3ForCausalLM; its configuration is the checkpoint's own
	 * code (trust_remote_code): the converter reads the file as it is,
	 * nothing has a default. */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"MiniCPM3ForCausalLM", NULL},
		.converter = "conversion/minicpm.py MiniCPM3Model",
		.convert = minicpm3_convert,
	},
};
