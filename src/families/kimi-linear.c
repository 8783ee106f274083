/*
 * Kimi-Linear (src/models/kimi-linear.cpp): Kimi delta attention (KDA) layers
 * where head_count_kv(il) is 0 (is_recr_impl), MLA with the latent cached on
 * the others.  create_memory: llama_memory_hybrid with its default filters
 * (!is_recr(il) / is_recr(il)); the state is llama-hparams.cpp's KDA
 * n_embd_r = 3 (ssm.conv_kernel - 1) n_head() kda.head_dim and n_embd_s
 * = kda.head_dim^2 n_head(), f32 a sequence.  The default filters keep
 * nextn layers in the attention cache: such a file is refused.
 */
#include "model/family.h"

/* config.json by conversion/kimi_linear.py KimiLinearModel: TextModel's
 * keys with num_key_value_heads 1 (MLA as MQA), then head_count_kv a
 * layer, 1 on linear_attn_config.full_attn_layers (numbered from 1) and
 * 0 on the KDA ones; the KDA conv kernel and head size when given; MLA's
 * ranks and head sizes (key_length the latent kv_lora_rank +
 * qk_rope_head_dim); the experts' keys, hparams["KEY"] required. */
static int kimi_linear_convert(struct hfc *c)
{
	static const struct hfc_copy opt[] = {
		{"linear_attn_config.short_conv_kernel_size",
		 "ssm.conv_kernel"},
		{"linear_attn_config.head_dim", "kda.head_dim"},
	}, need[] = {
		{"vocab_size", "vocab_size"},
		{"moe_intermediate_size", "expert_feed_forward_length"},
		{"num_shared_experts", "expert_shared_count"},
		{"first_k_dense_replace", "leading_dense_block_count"},
	};
	static const char *const layers[] = {"num_hidden_layers", NULL};
	static const char *const q[] = {"q_lora_rank", "n_lora_q", NULL};
	static const char *const kv[] = {"kv_lora_rank", "n_lora_kv", NULL};
	static const char *const nope[] = {"qk_nope_head_dim", NULL};
	static const char *const rope[] = {"qk_rope_head_dim", "n_rot", NULL};
	static const char *const kmla[] = {"n_embd_head_k_mla", NULL};
	static const char *const vmla[] = {"n_embd_head_v_mla", NULL};
	static const char *const vhd[] = {"v_head_dim", NULL};
	static const char *const scale[] = {"routed_scaling_factor", NULL};
	int64_t n, v, r, lora;
	double d;
	int rc;
	if (hfc_text_model(c) < 0 || hfc_need(c, layers, &n) < 0)
		return -1;
	if (hfc_put_layer_set(c, "linear_attn_config.full_attn_layers", 1,
			      n, "attention.head_count_kv") < 0)
		return -1;
	if (HFC_COPY(c, opt, 0) < 0)
		return -1;
	if ((rc = hfc_int(c, q, 0, &v)) < 0 ||
	    (rc > 0 && hfc_put_u32(c, "attention.q_lora_rank", v) < 0) ||
	    hfc_need(c, kv, &lora) < 0 ||
	    hfc_put_u32(c, "attention.kv_lora_rank", lora) < 0 ||
	    hfc_need(c, rope, &r) < 0 ||
	    hfc_put_u32(c, "rope.dimension_count", r) < 0)
		return -1;
	hfc_source(c, "kv_lora_rank + qk_rope_head_dim");
	if (hfc_put_u32(c, "attention.key_length", lora + r) < 0)
		return -1;
	if ((rc = hfc_int(c, kmla, 0, &v)) < 0)
		return -1;
	if (rc == 0 && (rc = hfc_int(c, nope, 0, &v)) > 0) {
		hfc_source(c, "qk_nope_head_dim + qk_rope_head_dim");
		v += r;
	}
	if (rc < 0 ||
	    (rc > 0 && hfc_put_u32(c, "attention.key_length_mla", v) < 0))
		return -1;
	if ((rc = hfc_int(c, vmla, 0, &v)) == 0)
		rc = hfc_int(c, vhd, 0, &v);
	if (rc < 0 ||
	    (rc > 0 && hfc_put_u32(c, "attention.value_length_mla", v) < 0))
		return -1;
	if (HFC_COPY(c, need, 1) < 0)
		return -1;
	if ((rc = hfc_real(c, scale, 0, &d)) == 0)
		return hfc_fail(c, NULL, "missing (required by "
				"conversion/kimi_linear.py KimiLinearModel)");
	return rc < 0 ? -1 : hfc_put_f32(c, "expert_weights_scale", d);
}

const struct family family_kimi_linear = {
	.arch = "kimi-linear",
	.mech = AM_NEXTN | AM_RECURRENT | AM_DENSE_LEAD,
	.recurrent = &(const struct family_recurrent){
		.rule = RR_KV_ZERO,
		.state = RS_KDA,
	},
	/* KimiLinearForCausalLM (and KimiLinearModel); its configuration is
	 * the checkpoint's own code (trust_remote_code): the converter reads
	 * the file as it is, nothing has a default. */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"KimiLinearForCausalLM",
						 "KimiLinearModel", NULL},
		.converter = "conversion/kimi_linear.py KimiLinearModel",
		.convert = kimi_linear_convert,
	},
};
