/*
 * MiMo-V2-Flash (src/models/mimo2.cpp): load_arch_hparams sets
 * the window type standard and reads attention.sliding_window and the
 * per-layer sliding_window_pattern array, both required (get_key,
 * get_arr); layer il slides where the array says.
 */
#include <string.h>

#include "model/family.h"
#include "model/model.h"

#define KEYS(...) ((const char *const[]){__VA_ARGS__, NULL})

/* MimoV2Model._n_nextn: the MTP blocks every checkpoint ships, which
 * config.json does not count */
#define MIMO2_NEXTN 3

/* the converter asserts a == b (both required keys) */
static int same(struct hfc *c, const char *a, const char *b)
{
	int64_t x, y;
	if (hfc_need(c, KEYS(a), &x) < 0 || hfc_need(c, KEYS(b), &y) < 0)
		return -1;
	if (x != y)
		return hfc_fail(c, a, "%lld, but the converter asserts %s's "
				"%lld", (long long)x, b, (long long)y);
	return 0;
}

/* conversion/mimo.py MimoV2Model: __init__'s block_count (the layers and
 * the MTP blocks), then set_gguf_parameters after TextModel's */
static int convert(struct hfc *c)
{
	int64_t v[MODEL_MAX_LAYERS], kv[MODEL_MAX_LAYERS];
	int64_t n_layer, n_kv, n_kv_swa, head_dim;
	const char *topk;
	double factor, real;
	int n;

	if (hfc_need(c, KEYS("num_hidden_layers"), &n_layer) < 0 ||
	    hfc_text_model(c) < 0)
		return -1;
	hfc_source(c, "num_hidden_layers + %d (MimoV2Model._n_nextn)",
		   MIMO2_NEXTN);
	if (hfc_put_u32(c, "block_count", n_layer + MIMO2_NEXTN) < 0)
		return -1;
	if (same(c, "swa_head_dim", "head_dim") < 0 ||
	    same(c, "swa_num_attention_heads", "num_attention_heads") < 0 ||
	    same(c, "swa_v_head_dim", "v_head_dim") < 0)
		return -1;
	topk = hfc_str(c, "topk_method");
	if (!topk || strcmp(topk, "noaux_tc"))
		return hfc_fail(c, "topk_method", "%s: the converter asserts "
				"\"noaux_tc\"", topk ? topk : "missing");
	/* the full layers' KV heads and the sliding ones', a pattern entry
	 * a layer (1 sliding), the MTP blocks sliding */
	if (hfc_need(c, KEYS("num_key_value_heads"), &n_kv) < 0 ||
	    hfc_need(c, KEYS("swa_num_key_value_heads"), &n_kv_swa) < 0 ||
	    (n = hfc_ints(c, "hybrid_layer_pattern", v,
			  MODEL_MAX_LAYERS - MIMO2_NEXTN)) < 0)
		return -1;
	if (!n && !hfc_has(c, "hybrid_layer_pattern"))
		return hfc_fail(c, "hybrid_layer_pattern", "missing (required "
				"by conversion/mimo.py MimoV2Model)");
	for (int i = 0; i < MIMO2_NEXTN; i++)
		v[n + i] = 1;
	n += MIMO2_NEXTN;
	for (int i = 0; i < n; i++)
		kv[i] = v[i] == 1 ? n_kv_swa : n_kv;
	hfc_source(c, "hybrid_layer_pattern x num_key_value_heads");
	if (hfc_put_ints(c, "attention.head_count_kv", kv, (size_t)n) < 0 ||
	    hfc_need(c, KEYS("sliding_window"), &n_kv) < 0 ||
	    hfc_put_u32(c, "attention.sliding_window", n_kv) < 0)
		return -1;
	hfc_source(c, "hybrid_layer_pattern");
	if (hfc_put_ints(c, "attention.sliding_window_pattern", v,
			 (size_t)n) < 0 ||
	    hfc_need(c, KEYS("v_head_dim"), &n_kv) < 0 ||
	    hfc_put_u32(c, "attention.value_length", n_kv) < 0 ||
	    hfc_need(c, KEYS("n_routed_experts"), &n_kv) < 0 ||
	    hfc_put_u32(c, "expert_count", n_kv) < 0 ||
	    hfc_need(c, KEYS("moe_intermediate_size"), &n_kv) < 0 ||
	    hfc_put_u32(c, "expert_feed_forward_length", n_kv) < 0)
		return -1;
	/* int(head_dim x rope_parameters["partial_rotary_factor"]) */
	if (hfc_need(c, KEYS("head_dim"), &head_dim) < 0 ||
	    (n = hfc_rope(c, "partial_rotary_factor", 0, &factor)) < 0)
		return -1;
	if (!n)
		return hfc_fail(c, "partial_rotary_factor", "missing (required "
				"by conversion/mimo.py MimoV2Model)");
	hfc_source(c, "head_dim x partial_rotary_factor %g", factor);
	if (hfc_put_u32(c, "rope.dimension_count",
			(int64_t)((double)head_dim * factor)) < 0 ||
	    hfc_real(c, KEYS("layernorm_epsilon"), 1e-5, &real) < 0 ||
	    hfc_put_f32(c, "attention.layer_norm_rms_epsilon", real) < 0)
		return -1;
	if (hfc_real(c, KEYS("attention_value_scale"), 0, &real) > 0 &&
	    hfc_put_f32(c, "attention.value_scale", real) < 0)
		return -1;
	hfc_source(c, "architectures[0] (MimoV2Model._n_nextn)");
	return hfc_put_u32(c, "nextn_predict_layers", MIMO2_NEXTN);
}

const struct family family_mimo2 = {
	.arch = "mimo2",
	.mech = AM_NEXTN,
	.swa = &(const struct family_swa){.required = 1},
	/* the checkpoints ship their own code (trust_remote_code): config.json
	 * as it is */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"MiMoV2FlashForCausalLM",
						 "MiMoV2ForCausalLM", NULL},
		.converter = "conversion/mimo.py MimoV2Model",
		.convert = convert,
	},
};
