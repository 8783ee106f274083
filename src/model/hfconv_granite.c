/*
 * hfconv_granite: conversion/granite.py GraniteHybridModel's keys, which
 * its subclass NemotronHModel (conversion/nemotron.py) writes first too
 * (src/families/granitehybrid.c, nemotron_h.c, nemotron_h_moe.c).
 */
#include <stdio.h>
#include <string.h>

#include "model/hfconv.h"
#include "model/model.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

int hfc_mamba_find(struct hfc *c, const char *const *keys, int opt,
		   int64_t *out, char *name, size_t len)
{
	char pre[8][40];
	const char *all[17];
	size_t n = 0;
	for (; keys[n] && n < 8; n++)
		all[n] = keys[n];
	for (size_t i = 0; i < n; i++) {
		snprintf(pre[i], sizeof pre[i], "mamba_%s", keys[i]);
		all[n + i] = pre[i];
	}
	all[2 * n] = NULL;
	for (size_t i = 0; name && i < 2 * n; i++)
		if (hfc_has(c, all[i])) {
			snprintf(name, len, "%s", all[i]);
			break;
		}
	return opt ? hfc_int(c, all, 0, out) : hfc_need(c, all, out);
}

/* A number written when the file's value is truthy (GraniteModel's
 * "if x := self.hparams.get(...)"). */
static int truthy_f32(struct hfc *c, const char *from, const char *key)
{
	double v;
	int rc = hfc_real(c, K(from), 0, &v);
	return rc <= 0 || v == 0 ? rc : hfc_put_f32(c, key, v);
}

/* GraniteModel.set_gguf_parameters: head_dim popped from hparams
 * ("Ignoring head_dim"), then LlamaModel's keys (TextModel's, no
 * key_length without head_dim; vocab_size; rope.dimension_count
 * hidden_size // num_attention_heads) and the multipliers as scales;
 * GraniteMoeModel's adds expert_shared_feed_forward_length. */
static int granite_moe(struct hfc *c)
{
	int64_t e, h, v;
	if (hfc_text_model(c) < 0)
		return -1;
	hfc_drop(c, "attention.key_length");
	hfc_drop(c, "attention.value_length");
	if (hfc_item(c, "vocab_size", "vocab_size", HFC_U32) < 0 ||
	    hfc_need(c, K("hidden_size"), &e) < 0 ||
	    hfc_need(c, K("num_attention_heads"), &h) < 0)
		return -1;
	if (h <= 0)
		return hfc_fail(c, NULL, "%lld heads", (long long)h);
	hfc_source(c, "hidden_size / num_attention_heads (GraniteModel "
		   "ignores head_dim)");
	if (hfc_put_u32(c, "rope.dimension_count", e / h) < 0 ||
	    truthy_f32(c, "attention_multiplier", "attention.scale") < 0 ||
	    truthy_f32(c, "embedding_multiplier", "embedding_scale") < 0 ||
	    truthy_f32(c, "residual_multiplier", "residual_scale") < 0 ||
	    truthy_f32(c, "logits_scaling", "logit_scale") < 0 ||
	    hfc_int(c, K("shared_intermediate_size"), 0, &v) < 0 ||
	    (v && hfc_put_u32(c, "expert_shared_feed_forward_length", v) < 0))
		return -1;
	return 0;
}

int hfc_granite_hybrid(struct hfc *c, const struct hfc_granite *g)
{
	static int64_t kv[MODEL_MAX_LAYERS];
	int64_t d_model, n_group, mult, v, heads, d_head;
	int64_t ssm = 0;
	const char *cls = hfc_class(c), *act;
	for (int64_t il = 0; il < g->layers; il++)
		ssm += !g->attn[il];
	/* Mamba2Model.__init__ reads the width first */
	if (hfc_mamba_find(c, K("hidden_size", "d_model", "dim"), 0, &v, NULL,
			   0) < 0)
		return -1;
	/* __init__: no SSM layer makes it MODEL_ARCH.GRANITE (GRANITE_MOE
	 * with num_experts_per_tok), another architecture */
	if (!ssm)
		return hfc_fail(c, g->source, "no Mamba2 layer: llama.cpp's "
				"converter makes it a granite model, not read "
				"from this class");
	/* __init__'s d_model (the hparam prefix on each key: mamba_head_dim
	 * before the plain hidden_size), n_group and d_inner */
	char dm[48] = "", inner[48] = "";
	if (hfc_mamba_find(c, K("mamba_head_dim", "hidden_size", "d_model"),
			   0, &d_model, dm, sizeof dm) < 0 ||
	    hfc_mamba_find(c, K("n_groups", "num_groups"), 0, &n_group, NULL,
			   0) < 0 ||
	    hfc_mamba_find(c, g->inner, 0, &mult, inner, sizeof inner) < 0)
		return -1;
	if (mult < 1 || d_model < 1 || mult > (INT64_C(1) << 24) / d_model)
		return hfc_fail(c, NULL, "%lld x %s %lld: an SSM inner size "
				"out of range", (long long)mult, dm,
				(long long)d_model);
	if (granite_moe(c) < 0 ||
	    hfc_mamba_find(c, K("conv_kernel", "d_conv"), 0, &v, NULL, 0) < 0 ||
	    hfc_put_u32(c, "ssm.conv_kernel", v) < 0 ||
	    hfc_mamba_find(c, K("state_size", "d_state", "state_dim",
				"ssm_state_size"), 0, &v, NULL, 0) < 0 ||
	    hfc_put_u32(c, "ssm.state_size", v) < 0 ||
	    hfc_mamba_find(c, K("n_groups", "num_groups"), 0, &v, NULL,
			   0) < 0 ||
	    hfc_put_u32(c, "ssm.group_count", n_group) < 0)
		return -1;
	hfc_source(c, "%s x %s", inner, dm);
	if (hfc_put_u32(c, "ssm.inner_size", mult * d_model) < 0 ||
	    hfc_mamba_find(c, K("n_heads", "num_heads"), 0, &v, NULL, 0) < 0 ||
	    hfc_put_u32(c, "ssm.time_step_rank", v) < 0 ||
	    hfc_mamba_find(c, K("num_key_value_heads", "n_head_kv"), 0,
			   &heads, NULL, 0) < 0)
		return -1;
	/* head_count_kv a layer: the heads on the attention layers, 0 on
	 * the Mamba2 ones (granite-hybrid.cpp, nemotron-h.cpp: recurrent
	 * where it is 0) */
	for (int64_t il = 0; il < g->layers; il++)
		kv[il] = g->attn[il] ? heads : 0;
	hfc_source(c, "%s x num_key_value_heads", g->source);
	if (hfc_put_ints(c, "attention.head_count_kv", kv,
			 (size_t)g->layers) < 0 ||
	    hfc_int(c, K("attn_rotary_emb"), 0, &v) < 0 ||
	    (v && hfc_put_u32(c, "rope.dimension_count", v) < 0))
		return -1;
	/* RoPE for Bamba, or without SSM layers; otherwise none, and the
	 * context 2^20 */
	int rope = (cls && !strcmp(cls, "BambaForCausalLM")) || !g->ssm_layers;
	hfc_source(c, "architectures[0] (%s: RoPE for BambaForCausalLM or "
		   "without Mamba2 layers)", "GraniteHybridModel");
	if (hfc_put_bool(c, "rope.scaling.finetuned", rope) < 0)
		return -1;
	hfc_source(c, "architectures[0] (GraniteHybridModel without RoPE "
		   "writes 2^20)");
	if (!rope && hfc_put_u32(c, "context_length", INT64_C(1) << 20) < 0)
		return -1;
	/* its validation: silu, and d_inner a multiple of d_head (64) */
	if (hfc_mamba_find(c, K("d_head"), 1, &d_head, NULL, 0) < 0)
		return -1;
	if (!d_head)
		d_head = 64;
	if ((act = hfc_str(c, "hidden_act")) && strcmp(act, "silu"))
		return hfc_fail(c, "hidden_act", "'%.20s': the converter "
				"asserts silu", act);
	if (hfc_has(c, "hidden_act") && !act)
		return hfc_fail(c, "hidden_act", "not a string: the converter "
				"asserts silu");
	if ((mult * d_model) % d_head)
		return hfc_fail(c, NULL, "SSM inner size %lld is no multiple "
				"of the head %lld (the converter asserts it)",
				(long long)(mult * d_model), (long long)d_head);
	return 0;
}
