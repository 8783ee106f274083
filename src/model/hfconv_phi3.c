/*
 * hfconv_phi3: conversion/phi.py Phi3MiniModel, whose keys PhiMoeModel
 * writes too (src/families/phi3.c, phimoe.c), and the LongRoPE factors
 * its generate_extra_tensors makes tensors of.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "model/hfconv.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

static const char *const embd[] = {"hidden_size", "n_embd", NULL};
static const char *const head[] = {"num_attention_heads", "n_head", NULL};
static const char *const ctx[] = {"n_positions", "max_position_embeddings",
				  NULL};

/* rope_parameters' original_max_position_embeddings (TextModel mirrors
 * the root's in), required: the KeyError of self.rope_parameters[...] */
static int orig_ctx(struct hfc *c, double *orig)
{
	int rc = hfc_rope(c, "original_max_position_embeddings", 0, orig);
	if (rc < 0)
		return -1;
	if (!rc)
		return hfc_fail(c, "original_max_position_embeddings",
				"missing (Phi3MiniModel reads it from "
				"rope_parameters)");
	if (*orig != floor(*orig) || *orig < 1)
		return hfc_fail(c, NULL, "want a positive whole number");
	return 0;
}

/* int(partial_rotary_factor x n_embd) // n_head, the factor 1.0 when
 * absent */
static int rope_dims(struct hfc *c, int64_t e, int64_t h, int64_t *dims)
{
	double pct;
	if (hfc_rope(c, "partial_rotary_factor", 1.0, &pct) < 0)
		return -1;
	if (h <= 0)
		return hfc_fail(c, "num_attention_heads", "%lld heads",
				(long long)h);
	*dims = (int64_t)(pct * (double)e) / h;
	hfc_source(c, "partial_rotary_factor %g x hidden_size // "
		   "num_attention_heads", pct);
	return 0;
}

int hfc_phi3_mini(struct hfc *c)
{
	static const char *const kv[] = {"num_key_value_heads", "n_head_kv",
					 NULL};
	static const char *const eps[] = {"rms_norm_eps", NULL};
	static const char *const ff[] = {"intermediate_size", NULL};
	static const char *const win[] = {"sliding_window", NULL};
	int64_t e, h, k, x, n, dims;
	double rms, orig, base;
	if (hfc_need(c, embd, &e) < 0 || hfc_need(c, head, &h) < 0)
		return -1;
	/* Phi3Config: num_key_value_heads None is num_attention_heads,
	 * which AutoConfig puts into hparams */
	int kv_in = hfc_int(c, kv, 0, &k);
	if (kv_in < 0)
		return -1;
	if (hfc_real(c, eps, 0, &rms) < 0)
		return -1;
	if (!hfc_has(c, "rms_norm_eps"))
		return hfc_fail(c, "rms_norm_eps", "missing (required by "
				"conversion/phi.py Phi3MiniModel)");
	if (hfc_need(c, ctx, &x) < 0 ||
	    hfc_put_u32(c, "context_length", x) < 0 || orig_ctx(c, &orig) < 0)
		return -1;
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
	    (kv_in ? hfc_int(c, kv, 0, &k) : (k = h, 0)) < 0)
		return -1;
	if (!kv_in)
		hfc_source(c, "num_attention_heads (num_key_value_heads "
			   "None: Phi3Config's)");
	if (hfc_put_u32(c, "attention.head_count_kv", k) < 0 ||
	    hfc_real(c, eps, 0, &rms) < 0 ||
	    hfc_put_f32(c, "attention.layer_norm_rms_epsilon", rms) < 0)
		return -1;
	if (rope_dims(c, e, h, &dims) < 0 ||
	    hfc_put_u32(c, "rope.dimension_count", dims) < 0)
		return -1;
	int rc = hfc_rope(c, "rope_theta", 0, &base);
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
	return hfc_put_u32(c, "attention.sliding_window", n);
}

int hfc_phi3_rope_factors(struct hfc *c)
{
	static double lf[4096], sf[4096];
	const char *p = hfc_has(c, "rope_parameters") ? "rope_parameters"
						      : "rope_scaling";
	char key[64], at[64];
	int64_t e, h, x, dims;
	double orig;
	snprintf(key, sizeof key, "%s.long_factor", p);
	int nl = hfc_reals(c, key, lf, sizeof lf / sizeof lf[0]);
	if (nl <= 0)
		return nl;   /* "if not long_factors: return" */
	if (hfc_need(c, embd, &e) < 0 || hfc_need(c, head, &h) < 0 ||
	    hfc_need(c, ctx, &x) < 0 || orig_ctx(c, &orig) < 0 ||
	    rope_dims(c, e, h, &dims) < 0)
		return -1;
	double scale = (double)x / orig;
	/* TextModel mirrors rope_scaling's "type" in as rope_type */
	snprintf(key, sizeof key, "%s.rope_type", p);
	const char *type = hfc_str(c, key);
	if (!type) {
		snprintf(key, sizeof key, "%s.type", p);
		type = hfc_str(c, key);
	}
	if (!type || !type[0])
		return hfc_fail(c, p, "no rope_type: Phi3MiniModel requires "
				"it beside long_factor");
	double af;
	if (!strcasecmp(type, "su") || !strcasecmp(type, "longrope"))
		af = scale > 1 ? sqrt(1 + log(scale) / log(orig)) : 1;
	else if (!strcasecmp(type, "yarn"))
		af = scale > 1 ? 0.1 * log(scale) + 1 : 1;
	else
		return hfc_fail(c, key, "'%.40s': Phi3MiniModel's rope "
				"factors take su, longrope or yarn", type);
	hfc_source(c, "%s.%s and max_position_embeddings / "
		   "original_max_position_embeddings", p, key + strlen(p) + 1);
	if (hfc_put_f32(c, "rope.scaling.attn_factor", af) < 0)
		return -1;
	snprintf(key, sizeof key, "%s.short_factor", p);
	int ns = hfc_reals(c, key, sf, sizeof sf / sizeof sf[0]);
	if (ns < 0)
		return -1;
	if (!ns && !hfc_has(c, key))
		return hfc_fail(c, p, "short_factor: missing (Phi3MiniModel "
				"requires it beside long_factor)");
	/* one factor a rotated pair: rope_dims / 2 */
	if (ns != nl || 2 * (int64_t)nl != dims) {
		snprintf(at, sizeof at, "%s.%s", p,
			 ns != nl ? "short_factor" : "long_factor");
		return hfc_fail(c, at, "%d long and %d short factors: "
				"Phi3MiniModel wants rotated dims / 2 = %g "
				"each", nl, ns, (double)dims / 2);
	}
	snprintf(at, sizeof at, "%s.long_factor", p);
	hfc_rope_factors(c, scale, at);
	return 1;
}
