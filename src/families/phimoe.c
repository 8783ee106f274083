/*
 * Phi-3.5-MoE (src/models/phimoe.cpp): plain attention, a full cache on
 * every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out). Experts; its
 * loader sets no swa_type, so the graph's window branch is never taken.
 */
#include "model/family.h"
#include "model/hfconv.h"

/*
 * conversion/phi.py PhiMoeModel.set_gguf_parameters: Phi3MiniModel's
 * (hfc_phi3_mini), then the experts; its generate_extra_tensors,
 * Phi3MiniModel's, makes LongRoPE's factors tensors
 * (hfc_phi3_rope_factors).
 */
static int phimoe_convert(struct hfc *c)
{
	static const char *const used[] = {"num_experts_per_tok",
					   "num_experts_per_token", NULL};
	static const char *const ex[] = {"num_local_experts", "num_experts",
					 NULL};
	int64_t n;
	return hfc_phi3_mini(c) < 0 || hfc_need(c, used, &n) < 0 ||
	       hfc_put_u32(c, "expert_used_count", n) < 0 ||
	       hfc_need(c, ex, &n) < 0 ||
	       hfc_put_u32(c, "expert_count", n) < 0 ||
	       hfc_phi3_rope_factors(c) < 0 ? -1 : 0;
}

const struct family family_phimoe = {
	.arch = "phimoe",
	.mech = AM_NEXTN,
	/* transformers' PhimoeConfig's defaults */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"PhiMoEForCausalLM", NULL},
		.converter = "conversion/phi.py PhiMoeModel",
		.config = "PhimoeConfig",
		.defaults = (const struct hfc_default[]){
			{.key = "vocab_size", .value = 32064},
			{.key = "hidden_size", .value = 4096},
			{.key = "intermediate_size", .value = 6400},
			{.key = "num_hidden_layers", .value = 32},
			{.key = "num_attention_heads", .value = 32},
			{.key = "num_key_value_heads", .value = 8},
			{.key = "max_position_embeddings", .value = 131072},
			{.key = "rms_norm_eps", .value = 1e-5},
			{.key = "tie_word_embeddings", .value = 0},
			{.key = "rope_theta", .value = 1e6},
			{.key = "num_experts_per_tok", .value = 2},
			{.key = "num_local_experts", .value = 16},
			{.key = NULL},
		},
		.convert = phimoe_convert,
	},
};
