/*
 * Ling (BailingMoeV3) (src/models/bailingmoe3.cpp): Kimi delta attention (KDA)
 * layers where head_count_kv(il) is 0 (is_recr_impl), MLA with the latent
 * cached on the others.  create_memory: llama_memory_hybrid with its default
 * filters
 * (!is_recr(il) / is_recr(il)); the state is llama-hparams.cpp's KDA
 * n_embd_r = 3 (ssm.conv_kernel - 1) n_head() kda.head_dim and n_embd_s
 * = kda.head_dim^2 n_head(), f32 a sequence.  The default filters keep
 * nextn layers in the attention cache: such a file is refused.
 */
#include "model/family.h"

#include <string.h>

/*
 * conversion/bailingmoe3.py BailingMoeV3Model: __init__ counts the
 * num_nextn_predict_layers into the blocks; set_gguf_parameters refuses KDA
 * LoRA projections, unsafe gates and gates other than head-wise, sets
 * num_key_value_heads to 1 for TextModel's keys, then writes head_count_kv
 * per layer: 1 on the attention layers (is_full_attention: every
 * layer_group_size-th, those past the last whole group and the nextn ones),
 * 0 on the KDA ones; key_length is the latent kv_lora_rank +
 * qk_rope_head_dim (value_length stays TextModel's head_dim).  The
 * per-layer SwiGLU clamps (expert_swiglu_limit_list, ...) are float arrays
 * attnviz reads nothing from: not written.
 */
static int bailingmoe3_convert(struct hfc *c)
{
	static const char *const layers[] = {"num_hidden_layers", NULL};
	static const char *const nextn[] = {"num_nextn_predict_layers", NULL};
	static const char *const group[] = {"layer_group_size", NULL};
	static const char *const kv[] = {"kv_lora_rank", NULL};
	static const char *const nope[] = {"qk_nope_head_dim", NULL};
	static const char *const rope[] = {"qk_rope_head_dim", NULL};
	int64_t kvh[1024];
	int64_t n, x, g, r, l, p;
	int yes;
	const char *gran = hfc_str(c, "gated_attention_proj_granularity_type");
	if (hfc_bool(c, "no_kda_lora", 0, &yes) < 0)
		return -1;
	if (!yes)
		return hfc_fail(c, "no_kda_lora",
				"KDA LoRA projections are not "
				"supported (the converter wants true)");
	if (hfc_bool(c, "kda_safe_gate", 0, &yes) < 0)
		return -1;
	if (!yes)
		return hfc_fail(c, "kda_safe_gate",
				"non-safe KDA gates are not "
				"supported (the converter wants true)");
	if (!gran || strcmp(gran, "head_wise"))
		return hfc_fail(
		    c, "gated_attention_proj_granularity_type",
		    "the converter requires \"head_wise\" attention "
		    "gates");
	if (hfc_text_model(c) < 0 || hfc_need(c, layers, &n) < 0 ||
	    hfc_int(c, nextn, 0, &x) < 0)
		return -1;
	hfc_source(c, "num_hidden_layers + num_nextn_predict_layers");
	if (n < 0 || x < 0 || n + x > 1024)
		return hfc_fail(c, NULL, "%lld + %lld layers", (long long)n,
				(long long)x);
	if (hfc_put_u32(c, "block_count", n + x) < 0 ||
	    hfc_need(c, group, &g) < 0)
		return -1;
	if (g <= 0)
		return hfc_fail(c, NULL, "%lld, want a group of layers",
				(long long)g);
	for (int64_t il = 0; il < n + x; il++)
		kvh[il] = il >= n || (il + 1) % g == 0 || il >= n / g * g;
	hfc_source(c, "1 (num_key_value_heads) on every layer_group_size "
		   "layer, 0 on KDA");
	if (hfc_put_ints(c, "attention.head_count_kv", kvh, (size_t)(n + x)) <
	    0)
		return -1;
	if (hfc_item(c, "vocab_size", "vocab_size", HFC_U32) < 0 ||
	    hfc_item(c, "short_conv_kernel_size", "ssm.conv_kernel",
		     HFC_U32) < 0 ||
	    hfc_item(c, "head_dim", "kda.head_dim", HFC_U32) < 0 ||
	    hfc_item(c, "kda_safe_gate", "kda.safe_gate", HFC_BOOL) < 0 ||
	    hfc_item(c, "kda_lower_bound", "kda.gate_lower_bound",
		     HFC_F32) < 0)
		return -1;
	if (hfc_need(c, kv, &l) < 0 || hfc_need(c, nope, &p) < 0 ||
	    hfc_need(c, rope, &r) < 0 ||
	    hfc_get(c, "q_lora_rank", "attention.q_lora_rank", HFC_U32) < 0 ||
	    hfc_item(c, "kv_lora_rank", "attention.kv_lora_rank",
		     HFC_U32) < 0 ||
	    hfc_item(c, "qk_rope_head_dim", "rope.dimension_count",
		     HFC_U32) < 0)
		return -1;
	hfc_source(c, "kv_lora_rank + qk_rope_head_dim");
	if (hfc_put_u32(c, "attention.key_length", l + r) < 0)
		return -1;
	hfc_source(c, "qk_nope_head_dim + qk_rope_head_dim");
	return hfc_put_u32(c, "attention.key_length_mla", p + r) < 0 ||
	       hfc_item(c, "v_head_dim", "attention.value_length_mla",
			HFC_U32) < 0 ||
	       hfc_item(c, "moe_intermediate_size",
			"expert_feed_forward_length", HFC_U32) < 0 ||
	       hfc_item(c, "moe_shared_expert_intermediate_size",
			"expert_shared_feed_forward_length", HFC_U32) < 0 ||
	       hfc_item(c, "num_shared_experts", "expert_shared_count",
			HFC_U32) < 0 ||
	       hfc_item(c, "first_k_dense_replace",
			"leading_dense_block_count", HFC_U32) < 0 ||
	       hfc_item(c, "routed_scaling_factor", "expert_weights_scale",
			HFC_F32) < 0 ||
	       hfc_item(c, "norm_topk_prob", "expert_weights_norm",
			HFC_BOOL) < 0 ||
	       (x && hfc_put_u32(c, "nextn_predict_layers", x) < 0)
		   ? -1 : 0;
}

const struct family family_bailingmoe3 = {
	.arch = "bailingmoe3",
	.mech = AM_NEXTN | AM_RECURRENT | AM_DENSE_LEAD,
	.recurrent = &(const struct family_recurrent){
		.rule = RR_KV_ZERO,
		.state = RS_KDA,
	},
	/* a model of remote code: no transformers class fills in defaults */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"BailingMoeV3ForCausalLM",
						 NULL},
		.converter = "conversion/bailingmoe3.py BailingMoeV3Model",
		.convert = bailingmoe3_convert,
	},
};
