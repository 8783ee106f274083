/*
 * Hunyuan MoE (src/models/hunyuan-moe.cpp): plain attention, a full cache on
 * every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out). Experts and
 * a shared expert.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model/family.h"

/* TextModel's self.rope_parameters (rope_parameters, else rope_scaling):
 * its rope_type, else its type, which TextModel.__init__ mirrors in. */
static const char *rope_type(struct hfc *c)
{
	const char *rp = hfc_has(c, "rope_parameters") ? "rope_parameters"
						       : "rope_scaling";
	char k[40];
	snprintf(k, sizeof k, "%s.rope_type", rp);
	const char *t = hfc_str(c, k);
	snprintf(k, sizeof k, "%s.type", rp);
	return t ? t : hfc_str(c, k) ? hfc_str(c, k) : "";
}

/* hparams[key]: a list of whole numbers all alike (the converter asserts
 * it), its first */
static int alike(struct hfc *c, const char *key, int64_t *out)
{
	int64_t v[512];
	int n = hfc_ints(c, key, v, sizeof v / sizeof v[0]);
	if (n <= 0)
		return n < 0 ? -1 : hfc_fail(c, NULL, "missing (required by "
					     "conversion/hunyuan.py "
					     "HunYuanMoEModel)");
	for (int i = 1; i < n; i++)
		if (v[i] != v[0])
			return hfc_fail(c, NULL, "entry %d is %lld, entry 0 "
					"%lld: the converter asserts them "
					"alike", i, (long long)v[i],
					(long long)v[0]);
	*out = v[0];
	return 0;
}

/* config.json by conversion/hunyuan.py HunYuanMoEModel: TextModel's keys,
 * the shared expert intermediate_size wide, the experts' width, used and
 * shared counts from their per-layer lists, and the dynamic (NTK alpha)
 * RoPE: the base raised to base x alpha^(dim / (dim - 2)), the context
 * 256K whatever the file says. */
static int hunyuan_moe_convert(struct hfc *c)
{
	static const struct {
		const char *key, *gguf;
	} lists[] = {
		{"moe_intermediate_size", "expert_feed_forward_length"},
		{"moe_topk", "expert_used_count"},
		{"num_shared_expert", "expert_shared_count"},
	};
	static const char *const ff[] = {"intermediate_size", NULL};
	static const char *const embd[] = {"hidden_size", NULL};
	static const char *const heads[] = {"num_attention_heads", NULL};
	static const char *const ctx[] = {"max_position_embeddings", NULL};
	int64_t v, e, h, n_ctx;
	double alpha, base;
	if (hfc_text_model(c) < 0 || hfc_need(c, ff, &v) < 0 ||
	    hfc_put_u32(c, "expert_shared_feed_forward_length", v) < 0)
		return -1;
	for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++)
		if (alike(c, lists[i].key, &v) < 0 ||
		    hfc_put_u32(c, lists[i].gguf, v) < 0)
			return -1;
	if (strcmp(rope_type(c), "dynamic"))
		return 0;
	if (hfc_rope(c, "alpha", 1000, &alpha) < 0 ||
	    hfc_rope(c, "rope_theta", 10000, &base) < 0 ||
	    hfc_need(c, embd, &e) < 0 || hfc_need(c, heads, &h) < 0 ||
	    hfc_need(c, ctx, &n_ctx) < 0)
		return -1;
	if (h <= 0) {
		hfc_has(c, "num_attention_heads");   /* the error at its line */
		return hfc_fail(c, NULL, "%lld heads", (long long)h);
	}
	int64_t dim = e / h;
	if (alpha != 1000 || base != 10000 || dim != 128 ||
	    (n_ctx != 32 * 1024 && n_ctx != 256 * 1024))
		return hfc_fail(c, NULL, "alpha %g, base %g, head %lld, "
				"context %lld: the converter asserts 1000, "
				"10000, 128 and 32K or 256K for the dynamic "
				"RoPE", alpha, base, (long long)dim,
				(long long)n_ctx);
	hfc_source(c, "rope_theta x alpha^(dim / (dim - 2))");
	if (hfc_put_f32(c, "rope.freq_base",
			base * pow(alpha, (double)dim / (double)(dim - 2))) < 0)
		return -1;
	hfc_source(c, "rope_scaling: dynamic");
	if (hfc_put_str(c, "rope.scaling.type", "none") < 0 ||
	    hfc_put_f32(c, "rope.scaling.factor", 1) < 0 ||
	    hfc_put_u32(c, "rope.scaling.original_context_length",
			256 * 1024) < 0)
		return -1;
	return hfc_put_u32(c, "context_length", 256 * 1024);
}

const struct family family_hunyuan_moe = {
	.arch = "hunyuan-moe",
	.mech = AM_NEXTN,
	/* HunYuanMoEV1ForCausalLM; the defaults are transformers'
	 * HunYuanMoEV1Config's (its moe_topk, an int 1 the converter cannot
	 * index, left out: required). */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"HunYuanMoEV1ForCausalLM",
						 NULL},
		.converter = "conversion/hunyuan.py HunYuanMoEModel",
		.config = "HunYuanMoEV1Config",
		.defaults = (const struct hfc_default[]){
			{.key = "vocab_size", .value = 290943},
			{.key = "hidden_size", .value = 4096},
			{.key = "intermediate_size", .value = 11008},
			{.key = "num_hidden_layers", .value = 32},
			{.key = "num_attention_heads", .value = 32},
			{.key = "max_position_embeddings", .value = 2048},
			{.key = "rms_norm_eps", .value = 1e-5},
			{.key = "rope_theta", .value = 10000},
			{.key = "num_experts", .value = 1},
			{.key = "tie_word_embeddings", .value = 0},
			{.key = NULL},
		},
		.convert = hunyuan_moe_convert,
	},
};
