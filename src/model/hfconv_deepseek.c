/*
 * hfconv_deepseek: conversion/deepseek.py DeepseekV2Model's
 * set_gguf_parameters, the base class of the converters of DeepSeek's
 * latent attention (MLA) that subclass it (HYV4Model, Dots3NoteModel,
 * ...), as hfc_text_model is TextModel's.
 */
#include "model/hfconv.h"

int hfc_deepseek_v2(struct hfc *c)
{
	static const char *const layers[] = {"num_hidden_layers", NULL};
	static const char *const lead[] = {"first_k_dense_replace", NULL};
	static const char *const vocab[] = {"vocab_size", NULL};
	static const char *const q[] = {"q_lora_rank", NULL};
	static const char *const kv[] = {"kv_lora_rank", NULL};
	static const char *const nope[] = {"qk_nope_head_dim", NULL};
	static const char *const rope[] = {"qk_rope_head_dim", NULL};
	static const char *const vhd[] = {"v_head_dim", NULL};
	static const char *const ff[] = {"moe_intermediate_size",
					 "intermediate_size", NULL};
	static const char *const routed[] = {"n_routed_experts", NULL};
	static const char *const shared[] = {"n_shared_experts", NULL};
	static const char *const scale[] = {"routed_scaling_factor", NULL};
	int64_t v, lora, np, r;
	double d;
	int rc, norm;
	/* hparams["num_key_value_heads"] = 1 (MLA served as MQA) and
	 * rms_norm_eps 1e-6 when absent, before TextModel's keys */
	if (hfc_text_model(c) < 0)
		return -1;
	hfc_source(c, "DeepseekV2Model: MLA as one KV head");
	if (hfc_put_u32(c, "attention.head_count_kv", 1) < 0)
		return -1;
	if (!hfc_has(c, "rms_norm_eps")) {
		hfc_source(c, "DeepseekV2Model: rms_norm_eps 1e-6");
		if (hfc_put_f32(c, "attention.layer_norm_rms_epsilon",
				1e-6) < 0)
			return -1;
	}
	/* first_k_dense_replace, else every layer without routed experts,
	 * none with them */
	if ((rc = hfc_int(c, lead, 0, &v)) < 0)
		return -1;
	if (rc == 0 && !hfc_has(c, "n_routed_experts")) {
		if (hfc_need(c, layers, &v) < 0)
			return -1;
		hfc_source(c, "num_hidden_layers: no routed experts");
	} else if (rc == 0)
		hfc_source(c, "n_routed_experts: no dense layer");
	if (hfc_put_u32(c, "leading_dense_block_count", v) < 0 ||
	    hfc_int(c, kv, 512, &lora) < 0 || hfc_need(c, vocab, &v) < 0 ||
	    hfc_put_u32(c, "vocab_size", v) < 0 ||
	    (rc = hfc_int(c, q, 0, &v)) < 0 ||
	    (rc > 0 && hfc_put_u32(c, "attention.q_lora_rank", v) < 0) ||
	    hfc_need(c, nope, &np) < 0 || hfc_need(c, rope, &r) < 0 ||
	    hfc_need(c, vhd, &v) < 0)
		return -1;
	hfc_source(c, "kv_lora_rank");
	if (hfc_put_u32(c, "attention.kv_lora_rank", lora) < 0 ||
	    hfc_put_u32(c, "attention.value_length", lora) < 0)
		return -1;
	hfc_source(c, "kv_lora_rank + qk_rope_head_dim");
	if (hfc_put_u32(c, "attention.key_length", lora + r) < 0)
		return -1;
	hfc_source(c, "qk_nope_head_dim + qk_rope_head_dim");
	if (hfc_put_u32(c, "attention.key_length_mla", np + r) < 0)
		return -1;
	hfc_source(c, "v_head_dim");
	if (hfc_put_u32(c, "attention.value_length_mla", v) < 0 ||
	    hfc_need(c, ff, &v) < 0 ||
	    hfc_put_u32(c, "expert_feed_forward_length", v) < 0 ||
	    (rc = hfc_int(c, routed, 0, &v)) < 0 ||
	    (rc > 0 && hfc_put_u32(c, "expert_count", v) < 0) ||
	    hfc_int(c, shared, 0, &v) < 0 ||
	    hfc_put_u32(c, "expert_shared_count", v) < 0 ||
	    (rc = hfc_real(c, scale, 0, &d)) < 0 ||
	    (rc > 0 && hfc_put_f32(c, "expert_weights_scale", d) < 0) ||
	    hfc_bool(c, "norm_topk_prob", 0, &norm) < 0 ||
	    (norm && hfc_put_bool(c, "expert_weights_norm", 1) < 0) ||
	    hfc_need(c, rope, &r) < 0 ||
	    hfc_put_u32(c, "rope.dimension_count", r) < 0)
		return -1;
	/* [TAG_DEEPSEEK2_YARN_LOG_MUL_FIX]: 0.1 x mscale_all_dim */
	if ((rc = hfc_rope(c, "mscale_all_dim", 0, &d)) < 0)
		return -1;
	return rc > 0 ? hfc_put_f32(c, "rope.scaling.yarn_log_multiplier",
				    0.1 * d) : 0;
}

int hfc_deepseek_dsa(struct hfc *c)
{
	static const char *const nk[] = {"num_nextn_predict_layers", NULL};
	static const char *const nl[] = {"num_hidden_layers", NULL};
	static const struct hfc_copy indexer[] = {
	    {"index_n_heads", "attention.indexer.head_count"},
	    {"index_head_dim", "attention.indexer.key_length"},
	    {"index_topk", "attention.indexer.top_k"},
	};
	int64_t layers, nextn;
	int rc;
	/* hparams["num_hidden_layers"] (their __init__), not
	 * TextModel's find_hparam list */
	if (hfc_deepseek_v2(c) < 0 || hfc_need(c, nl, &layers) < 0 ||
	    (rc = hfc_int(c, nk, 0, &nextn)) < 0)
		return -1;
	hfc_source(c, "num_hidden_layers + num_nextn_predict_layers");
	if (hfc_put_u32(c, "block_count", layers + nextn) < 0 ||
	    (rc > 0 && hfc_put_u32(c, "nextn_predict_layers", nextn) < 0) ||
	    HFC_COPY(c, indexer, 1) < 0)
		return -1;
	hfc_router_bias(c, "the gate's e_score_correction_bias "
			   "(exp_probs_b, noaux_tc)");
	return 0;
}
