/*
 * ERNIE 4.5 MoE (src/models/ernie4-5-moe.cpp): plain attention, a full cache
 * on every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out). Experts
 * interleaved with dense layers.
 */
#include "model/family.h"

#define KEY(k) ((const char *const[]){(k), NULL})

/* conversion/ernie.py Ernie4_5MoeModel.set_gguf_parameters (over
 * Ernie4_5Model's, which is TextModel's): the experts and their layers,
 * indexed (required), then the optional widths; the shared experts'
 * width intermediate_size // num_key_value_heads, as the converter
 * writes it. */
static int ernie4_5_moe_convert(struct hfc *c)
{
	static const struct hfc_copy need[] = {
		{"moe_num_experts", "expert_count"},
		{"moe_k", "expert_used_count"},
		{"moe_layer_interval", "interleave_moe_layer_step"},
		{"moe_layer_start_index", "leading_dense_block_count"},
	};
	int64_t v, shared, ff, kv;
	if (hfc_text_model(c) < 0)
		return -1;
	if (HFC_COPY(c, need, 1) < 0)
		return -1;
	int rc = hfc_int(c, KEY("moe_intermediate_size"), 0, &v);
	if (rc < 0 || (rc && hfc_put_u32(c, "expert_feed_forward_length",
					   v) < 0))
		return -1;
	if ((rc = hfc_int(c, KEY("moe_num_shared_experts"), 0, &shared)) <= 0)
		return rc;
	if (hfc_put_u32(c, "expert_shared_count", shared) < 0)
		return -1;
	if (shared <= 0 || hfc_int(c, KEY("intermediate_size"), 0, &ff) <= 0 ||
	    hfc_int(c, KEY("num_key_value_heads"), 0, &kv) <= 0)
		return 0;
	if (kv < 1)
		return hfc_fail(c, NULL, "%lld KV heads", (long long)kv);
	hfc_source(c, "intermediate_size / num_key_value_heads");
	return hfc_put_u32(c, "expert_shared_feed_forward_length", ff / kv);
}

const struct family family_ernie4_5_moe = {
	.arch = "ernie4_5-moe",
	.mech = AM_NEXTN | AM_DENSE_LEAD,
	/* no transformers defaults are relied on: the counts the converter
	 * indexes are required */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"Ernie4_5_MoeForCausalLM",
						 NULL},
		.converter = "conversion/ernie.py Ernie4_5MoeModel",
		.convert = ernie4_5_moe_convert,
	},
};
