/*
 * Hunyuan V3 (src/models/hy-v3.cpp): plain attention, a full cache on every
 * layer; load_arch_hparams reads no window and no other cache mechanism,
 * only the generic keys (nextn layers filtered out). Experts; nextn layers
 * filtered out of the cache as llama.cpp's create_memory does.
 */
#include "model/family.h"

/* config.json by conversion/hunyuan.py HYV3Model: __init__ appends the
 * num_nextn_predict_layers MTP blocks to block_count (the converter's
 * default, without --no-mtp), set_gguf_parameters TextModel's keys, the
 * experts' width, the shared experts' (moe_intermediate_size x
 * num_shared_experts, 1 by default), the weights' norm (route_norm, true)
 * and scale (router_scaling_factor, 1.0), the sigmoid gating and the
 * nextn layers. */
static int hy_v3_convert(struct hfc *c)
{
	static const char *const nextn[] = {"num_nextn_predict_layers", NULL};
	static const char *const ff[] = {"moe_intermediate_size", NULL};
	static const char *const shared[] = {"num_shared_experts", NULL};
	static const char *const scale[] = {"router_scaling_factor", NULL};
	int64_t n, blocks, ffe, sh;
	double d;
	int norm;
	if (hfc_text_model(c) < 0 || hfc_int(c, nextn, 0, &n) < 0 ||
	    hfc_block_count(c, &blocks) < 0)
		return -1;
	if (n > 0) {
		hfc_source(c, "num_hidden_layers + num_nextn_predict_layers");
		if (hfc_put_u32(c, "block_count", blocks + n) < 0)
			return -1;
	}
	if (hfc_need(c, ff, &ffe) < 0 ||
	    hfc_put_u32(c, "expert_feed_forward_length", ffe) < 0 ||
	    hfc_int(c, shared, 1, &sh) < 0)
		return -1;
	hfc_source(c, "moe_intermediate_size x num_shared_experts");
	if (hfc_put_u32(c, "expert_shared_feed_forward_length", ffe * sh) < 0 ||
	    hfc_bool(c, "route_norm", 1, &norm) < 0 ||
	    hfc_put_bool(c, "expert_weights_norm", norm) < 0 ||
	    hfc_real(c, scale, 1.0, &d) < 0 ||
	    hfc_put_f32(c, "expert_weights_scale", d) < 0)
		return -1;
	/* ExpertGatingFuncType.SIGMOID */
	hfc_source(c, "HYV3Model: a sigmoid router");
	if (hfc_put_u32(c, "expert_gating_func", 2) < 0)
		return -1;
	hfc_source(c, "num_nextn_predict_layers");
	return n > 0 ? hfc_put_u32(c, "nextn_predict_layers", n) : 0;
}

const struct family family_hy_v3 = {
	.arch = "hy_v3",
	.mech = AM_NEXTN,
	/* HYV3ForCausalLM; the defaults are transformers' HYV3Config's (its
	 * rope_parameters' base default_theta). */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"HYV3ForCausalLM", NULL},
		.converter = "conversion/hunyuan.py HYV3Model",
		.config = "HYV3Config",
		.defaults = (const struct hfc_default[]){
			{.key = "vocab_size", .value = 120832},
			{.key = "hidden_size", .value = 4096},
			{.key = "intermediate_size", .value = 13312},
			{.key = "num_hidden_layers", .value = 80},
			{.key = "num_attention_heads", .value = 64},
			{.key = "num_key_value_heads", .value = 8},
			{.key = "head_dim", .value = 128},
			{.key = "max_position_embeddings", .value = 131072},
			{.key = "rms_norm_eps", .value = 1e-5},
			{.key = "num_experts", .value = 192},
			{.key = "num_experts_per_tok", .value = 8},
			{.key = "num_shared_experts", .value = 1},
			{.key = "moe_intermediate_size", .value = 1536},
			{.key = "router_scaling_factor", .value = 2.826},
			{.key = "rope_theta", .value = 11158840},
			{.key = "tie_word_embeddings", .value = 0},
			{.key = NULL},
		},
		.convert = hy_v3_convert,
	},
};
