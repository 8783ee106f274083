/*
 * Kimi-K3 (src/models/kimi-k3.cpp): Kimi delta attention (KDA) layers where
 * head_count_kv(il) is 0 (is_recr_impl), MLA with the latent cached on the
 * others.  create_memory: llama_memory_hybrid with its default filters
 * (!is_recr(il) / is_recr(il)); the state is llama-hparams.cpp's KDA
 * n_embd_r = 3 (ssm.conv_kernel - 1) n_head() kda.head_dim and n_embd_s
 * = kda.head_dim^2 n_head(), f32 a sequence.  The default filters keep
 * nextn layers in the attention cache: such a file is refused.
 */
#include <string.h>

#include "model/family.h"

/* hparams[key] must be the string want (the converter asserts it) */
static int kimi_k3_is(struct hfc *c, const char *key, const char *want)
{
	const char *v = hfc_str(c, key);
	if (!hfc_has(c, key))
		return hfc_fail(c, NULL, "missing (required by "
				"conversion/kimi_k3.py KimiK3Model)");
	if (!v || strcmp(v, want))
		return hfc_fail(c, NULL, "not '%s': the converter asserts it",
				want);
	return 0;
}

/* config.json by conversion/kimi_k3.py KimiK3Model: TextModel's keys
 * with num_key_value_heads 1 (MLA as MQA), then head_count_kv a layer,
 * 1 on linear_attn_config.full_attn_layers (numbered from 1) and 0 on the
 * KDA ones; KDA's conv kernel, head size and gate bound; MLA's ranks and
 * head sizes, the latent cached (key_length kv_lora_rank +
 * qk_rope_head_dim, value_length kv_lora_rank); the latent MoE's keys,
 * the situ activation's and the attention residuals' block, each
 * hparams["KEY"] required. */
static int kimi_k3_convert(struct hfc *c)
{
	static const struct hfc_copy need[] = {
		{"vocab_size", "vocab_size"},
		{"linear_attn_config.short_conv_kernel_size",
		 "ssm.conv_kernel"},
		{"linear_attn_config.head_dim", "kda.head_dim"},
	}, moe[] = {
		{"moe_intermediate_size", "expert_feed_forward_length"},
		{"num_shared_experts", "expert_shared_count"},
		{"first_k_dense_replace", "leading_dense_block_count"},
	}, reals[] = {
		{"activation_situ_beta", "activation.situ_beta"},
		{"activation_situ_linear_beta", "activation.situ_linear_beta"},
	};
	static const char *const layers[] = {"num_hidden_layers", NULL};
	static const char *const gate[] = {"linear_attn_config."
					   "gate_lower_bound", NULL};
	static const char *const q[] = {"q_lora_rank", NULL};
	static const char *const kv[] = {"kv_lora_rank", NULL};
	static const char *const nope[] = {"qk_nope_head_dim", NULL};
	static const char *const rope[] = {"qk_rope_head_dim", NULL};
	static const char *const vhd[] = {"v_head_dim", NULL};
	static const char *const scale[] = {"routed_scaling_factor", NULL};
	static const char *const latent[] = {"routed_expert_hidden_size",
					     NULL};
	static const char *const block[] = {"attn_res_block_size", NULL};
	int64_t n, v, r, lora, np;
	double d;
	int rc, b;
	if (hfc_text_model(c) < 0 || hfc_need(c, layers, &n) < 0)
		return -1;
	if (HFC_COPY(c, need, 1) < 0)
		return -1;
	if (hfc_put_layer_set(c, "linear_attn_config.full_attn_layers", 1,
			      n, "attention.head_count_kv") < 0)
		return -1;
	if ((rc = hfc_real(c, gate, 0, &d)) < 0 ||
	    (rc > 0 && hfc_put_f32(c, "kda.gate_lower_bound", d) < 0))
		return -1;
	if ((rc = hfc_int(c, q, 0, &v)) < 0 ||
	    (rc > 0 && hfc_put_u32(c, "attention.q_lora_rank", v) < 0) ||
	    hfc_need(c, kv, &lora) < 0 ||
	    hfc_put_u32(c, "attention.kv_lora_rank", lora) < 0 ||
	    hfc_need(c, nope, &np) < 0 || hfc_need(c, rope, &r) < 0 ||
	    hfc_need(c, vhd, &v) < 0)
		return -1;
	/* assert hparams.get("mla_use_nope"): K3's MLA is nope-only */
	if ((rc = hfc_bool(c, "mla_use_nope", 0, &b)) < 0)
		return -1;
	if (!b)
		return hfc_fail(c, NULL, "not true: the converter "
				"asserts K3's MLA nope-only");
	hfc_source(c, "qk_rope_head_dim");
	if (hfc_put_u32(c, "rope.dimension_count", r) < 0)
		return -1;
	hfc_source(c, "kv_lora_rank + qk_rope_head_dim");
	if (hfc_put_u32(c, "attention.key_length", lora + r) < 0)
		return -1;
	hfc_source(c, "kv_lora_rank");
	if (hfc_put_u32(c, "attention.value_length", lora) < 0)
		return -1;
	hfc_source(c, "qk_nope_head_dim + qk_rope_head_dim");
	if (hfc_put_u32(c, "attention.key_length_mla", np + r) < 0)
		return -1;
	hfc_source(c, "v_head_dim");
	if (hfc_put_u32(c, "attention.value_length_mla", v) < 0)
		return -1;
	if (HFC_COPY(c, moe, 1) < 0)
		return -1;
	if ((rc = hfc_real(c, scale, 0, &d)) == 0)
		return hfc_fail(c, NULL, "missing (required by "
				"conversion/kimi_k3.py KimiK3Model)");
	if (rc < 0 || hfc_put_f32(c, "expert_weights_scale", d) < 0)
		return -1;
	if ((rc = hfc_bool(c, "moe_renormalize", 0, &b)) == 0)
		return hfc_fail(c, NULL, "missing (required by "
				"conversion/kimi_k3.py KimiK3Model)");
	if (rc < 0 || hfc_put_bool(c, "expert_weights_norm", b) < 0 ||
	    kimi_k3_is(c, "moe_router_activation_func", "sigmoid") < 0)
		return -1;
	/* ExpertGatingFuncType.SIGMOID */
	if (hfc_put_u32(c, "expert_gating_func", 2) < 0 ||
	    (rc = hfc_int(c, latent, 0, &v)) < 0 ||
	    (rc > 0 && hfc_put_u32(c, "expert_latent_length", v) < 0) ||
	    kimi_k3_is(c, "hidden_act", "situ") < 0)
		return -1;
	for (size_t i = 0; i < sizeof reals / sizeof reals[0]; i++)
		if (hfc_item(c, reals[i].from, reals[i].key, HFC_F32) < 0)
			return -1;
	if (hfc_need(c, block, &v) < 0)
		return -1;
	return hfc_put_u32(c, "attn_res.block_size", v);
}

const struct family family_kimi_k3 = {
	.arch = "kimi-k3",
	.mech = AM_NEXTN | AM_RECURRENT | AM_DENSE_LEAD,
	.recurrent = &(const struct family_recurrent){
		.rule = RR_KV_ZERO,
		.state = RS_KDA,
	},
	/* KimiK3ForConditionalGeneration, its text_config the language
	 * model; its configuration is the checkpoint's own code
	 * (trust_remote_code): the converter reads the file as it is,
	 * nothing has a default. */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){
			"KimiK3ForConditionalGeneration", NULL},
		.converter = "conversion/kimi_k3.py KimiK3Model",
		.convert = kimi_k3_convert,
	},
};
