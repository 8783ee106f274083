/*
 * HunyuanOCR's text model (src/models/hunyuan-vl.cpp): XD-RoPE
 * (load_arch_hparams reads rope.dimension_sections and raises the RoPE base
 * by rope_scaling_alpha), a full cache on every layer: no window and no
 * other cache mechanism, only the generic keys (nextn layers filtered out).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model/family.h"

/* TextModel's self.rope_parameters: rope_parameters, else rope_scaling */
static const char *rope_of(struct hfc *c)
{
	return hfc_has(c, "rope_parameters") ? "rope_parameters"
					     : "rope_scaling";
}

/* its rope_type, else its type (TextModel.__init__ mirrors it in);
 * HunyuanVLTextModel.__init__ turns "dynamic" with an mrope_section (as
 * transformers 5 writes XD-RoPE) into "xdrope", the section its
 * xdrope_section */
static const char *rope_type(struct hfc *c, char *section, size_t len)
{
	const char *rp = rope_of(c), *t;
	char k[40];
	snprintf(k, sizeof k, "%s.rope_type", rp);
	if (!(t = hfc_str(c, k))) {
		snprintf(k, sizeof k, "%s.type", rp);
		t = hfc_str(c, k) ? hfc_str(c, k) : "";
	}
	snprintf(section, len, "%s.xdrope_section", rp);
	snprintf(k, sizeof k, "%s.mrope_section", rp);
	if (!strcmp(t, "dynamic") && hfc_has(c, k)) {
		snprintf(section, len, "%s", k);
		return "xdrope";
	}
	return t;
}

/* config.json by conversion/hunyuan.py HunyuanVLTextModel over
 * HunYuanModel: TextModel's keys without num_experts (HunYuanModel pops
 * it), the NTK alpha RoPE of "dynamic" or "xdrope" (the base x
 * alpha^(dim / (dim - 2)), dim head_dim; "dynamic" the context 256K), and
 * for XD-RoPE the base as written, rope.scaling.alpha, the context
 * max_position_embeddings and rope.dimension_sections. */
static int hunyuan_vl_convert(struct hfc *c)
{
	static const char *const hd[] = {"head_dim", NULL};
	static const char *const ctx[] = {"max_position_embeddings", NULL};
	static const char *const routed[] = {"n_routed_experts", NULL};
	char section[48];
	const char *type;
	double alpha, base, factor;
	int64_t dim, v, sec[8];
	int n;
	if (hfc_text_model(c) < 0)
		return -1;
	/* find_hparam's expert count without num_experts */
	if (!hfc_has(c, "num_local_experts")) {
		if (!hfc_has(c, "n_routed_experts"))
			hfc_drop(c, "expert_count");
		else if (hfc_need(c, routed, &v) < 0 ||
			 hfc_put_u32(c, "expert_count", v) < 0)
			return -1;
	}
	type = rope_type(c, section, sizeof section);
	if (strcmp(type, "dynamic") && strcmp(type, "xdrope"))
		return 0;
	if (hfc_rope(c, "alpha", 50, &alpha) < 0 ||
	    hfc_rope(c, "rope_theta", 10000, &base) < 0 ||
	    hfc_need(c, hd, &dim) < 0 || hfc_need(c, ctx, &v) < 0)
		return -1;
	if (dim <= 2) {
		hfc_has(c, "head_dim");   /* the error at its line */
		return hfc_fail(c, NULL, "%lld: want more than 2",
				(long long)dim);
	}
	hfc_source(c, "rope_theta x alpha^(head_dim / (head_dim - 2))");
	if (hfc_put_f32(c, "rope.freq_base",
			base * pow(alpha, (double)dim / (double)(dim - 2))) < 0)
		return -1;
	hfc_source(c, "%s: %s", rope_of(c), type);
	if (hfc_put_str(c, "rope.scaling.type", "none") < 0 ||
	    hfc_put_f32(c, "rope.scaling.factor", 1) < 0)
		return -1;
	if (!strcmp(type, "dynamic")) {
		if (base != 10000 || (v != 32 * 1024 && v != 256 * 1024))
			return hfc_fail(c, NULL, "base %g, context %lld: the "
					"converter asserts 10000 and 32K or "
					"256K for the dynamic RoPE", base,
					(long long)v);
		if (hfc_put_u32(c, "rope.scaling.original_context_length",
				256 * 1024) < 0)
			return -1;
		return hfc_put_u32(c, "context_length", 256 * 1024);
	}
	/* HunyuanVLTextModel: rope_parameters["rope_theta"], ["alpha"] */
	static const char *const keys[] = {"rope.freq_base",
					   "rope.scaling.alpha"};
	for (int i = 0; i < 2; i++) {
		const char *name = i ? "alpha" : "rope_theta";
		char k[48];
		double d;
		int rc = hfc_rope(c, name, 0, &d);
		snprintf(k, sizeof k, "%s.%s", rope_of(c), name);
		if (rc == 0)
			return hfc_fail(c, k, "missing (required by "
					"conversion/hunyuan.py "
					"HunyuanVLTextModel)");
		if (rc < 0 || hfc_put_f32(c, keys[i], d) < 0)
			return -1;
	}
	hfc_source(c, "%s: %s", rope_of(c), type);
	if (hfc_put_str(c, "rope.scaling.type", "none") < 0 ||
	    hfc_rope(c, "factor", 1, &factor) < 0 ||
	    hfc_put_f32(c, "rope.scaling.factor", factor) < 0 ||
	    hfc_need(c, ctx, &v) < 0 ||
	    hfc_put_u32(c, "rope.scaling.original_context_length", v) < 0 ||
	    hfc_put_u32(c, "context_length", v) < 0)
		return -1;
	n = hfc_ints(c, section, sec, sizeof sec / sizeof sec[0]);
	if (n == 0)
		return hfc_fail(c, NULL, "missing (required by "
				"conversion/hunyuan.py HunyuanVLTextModel)");
	return n < 0 ? -1 : hfc_put_ints(c, "rope.dimension_sections", sec,
					 (size_t)n);
}

const struct family family_hunyuan_vl = {
	.arch = "hunyuan_vl",
	.mech = AM_NEXTN,
	/* HunYuanVLForConditionalGeneration (HunyuanOCR); the defaults are
	 * transformers' HunYuanVLTextConfig's, which the flat published file
	 * folds its text keys into (HunYuanVLConfig.__post_init__). */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){
			"HunYuanVLForConditionalGeneration", NULL},
		.converter = "conversion/hunyuan.py HunyuanVLTextModel",
		.config = "HunYuanVLTextConfig",
		.defaults = (const struct hfc_default[]){
			{.key = "vocab_size", .value = 290943},
			{.key = "hidden_size", .value = 4096},
			{.key = "intermediate_size", .value = 11008},
			{.key = "num_hidden_layers", .value = 32},
			{.key = "num_attention_heads", .value = 32},
			{.key = "max_position_embeddings", .value = 2048},
			{.key = "rms_norm_eps", .value = 1e-5},
			{.key = "tie_word_embeddings", .value = 1},
			{.key = NULL},
		},
		.convert = hunyuan_vl_convert,
	},
};
