/*
 * Phi-3.5-MoE (src/models/phimoe.cpp): plain attention, a full cache on
 * every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out). Experts; its
 * loader sets no swa_type, so the graph's window branch is never taken.
 */
#include "model/family.h"

#include <math.h>

/*
 * conversion/phi.py PhiMoeModel.set_gguf_parameters: Phi3MiniModel's,
 * which writes its keys itself (not TextModel's), each required: the
 * original context from rope_parameters, the rope dimension
 * int(partial_rotary_factor x hidden_size) // num_attention_heads (the
 * factor 1.0 when absent), the base, sliding_window (0 when absent); then
 * the experts.  LongRoPE's factors are tensors, not keys.
 */
static int phimoe_convert(struct hfc *c)
{
	static const char *const embd[] = {"hidden_size", "n_embd", NULL};
	static const char *const head[] = {"num_attention_heads", "n_head",
					   NULL};
	static const char *const kv[] = {"num_key_value_heads", "n_head_kv",
					 NULL};
	static const char *const eps[] = {"rms_norm_eps", NULL};
	static const char *const ctx[] = {"n_positions",
					  "max_position_embeddings", NULL};
	static const char *const ff[] = {"intermediate_size", NULL};
	static const char *const used[] = {"num_experts_per_tok",
					   "num_experts_per_token", NULL};
	static const char *const ex[] = {"num_local_experts", "num_experts",
					 NULL};
	static const char *const win[] = {"sliding_window", NULL};
	int64_t e, h, k, x, n;
	double rms, orig, pct, base;
	if (hfc_need(c, embd, &e) < 0 || hfc_need(c, head, &h) < 0 ||
	    hfc_need(c, kv, &k) < 0 || hfc_real(c, eps, 0, &rms) < 0)
		return -1;
	if (!hfc_has(c, "rms_norm_eps"))
		return hfc_fail(c, "rms_norm_eps", "missing (required by "
				"conversion/phi.py Phi3MiniModel)");
	if (hfc_need(c, ctx, &x) < 0 ||
	    hfc_put_u32(c, "context_length", x) < 0)
		return -1;
	int rc = hfc_rope(c, "original_max_position_embeddings", 0, &orig);
	if (rc < 0)
		return -1;
	if (!rc)
		return hfc_fail(c, "original_max_position_embeddings",
				"missing (Phi3MiniModel reads it from "
				"rope_parameters)");
	if (orig != floor(orig))
		return hfc_fail(c, NULL, "not a whole number");
	if (hfc_put_u32(c, "rope.scaling.original_context_length",
			(int64_t)orig) < 0 || hfc_int(c, embd, 0, &e) < 0 ||
	    hfc_put_u32(c, "embedding_length", e) < 0 ||
	    hfc_need(c, ff, &n) < 0 ||
	    hfc_put_u32(c, "feed_forward_length", n) < 0)
		return -1;
	if (hfc_block_count(c, &n) < 0 ||
	    hfc_put_u32(c, "block_count", n) < 0 ||
	    hfc_int(c, head, 0, &h) < 0 ||
	    hfc_put_u32(c, "attention.head_count", h) < 0 ||
	    hfc_int(c, kv, 0, &k) < 0 ||
	    hfc_put_u32(c, "attention.head_count_kv", k) < 0 ||
	    hfc_real(c, eps, 0, &rms) < 0 ||
	    hfc_put_f32(c, "attention.layer_norm_rms_epsilon", rms) < 0)
		return -1;
	if (hfc_rope(c, "partial_rotary_factor", 1.0, &pct) < 0)
		return -1;
	if (h <= 0)
		return hfc_fail(c, "num_attention_heads", "%lld heads",
				(long long)h);
	hfc_source(c, "partial_rotary_factor %g x hidden_size // "
		   "num_attention_heads", pct);
	if (hfc_put_u32(c, "rope.dimension_count",
			(int64_t)(pct * (double)e) / h) < 0)
		return -1;
	rc = hfc_rope(c, "rope_theta", 0, &base);
	if (rc < 0)
		return -1;
	if (!rc)
		return hfc_fail(c, "rope_theta", "missing (required by "
				"conversion/phi.py Phi3MiniModel)");
	if (hfc_put_f32(c, "rope.freq_base", base) < 0 ||
	    hfc_int(c, win, 0, &n) < 0)
		return -1;
	if (!hfc_has(c, "sliding_window"))
		hfc_source(c, "0 (Phi3MiniModel: no sliding_window)");
	if (hfc_put_u32(c, "attention.sliding_window", n) < 0)
		return -1;
	/* PhiMoeModel's experts */
	return hfc_need(c, used, &n) < 0 ||
	       hfc_put_u32(c, "expert_used_count", n) < 0 ||
	       hfc_need(c, ex, &n) < 0 || hfc_put_u32(c, "expert_count", n) < 0
		   ? -1 : 0;
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
