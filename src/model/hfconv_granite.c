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

int hfc_silu(struct hfc *c)
{
	const char *act = hfc_str(c, "hidden_act");
	if (act && strcmp(act, "silu"))
		return hfc_fail(c, "hidden_act", "'%.20s': the converter "
				"asserts silu", act);
	if (hfc_has(c, "hidden_act") && !act)
		return hfc_fail(c, "hidden_act", "not a string: the converter "
				"asserts silu");
	return 0;
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
	const char *cls = hfc_class(c);
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
	if (hfc_silu(c) < 0)
		return -1;
	if ((mult * d_model) % d_head)
		return hfc_fail(c, NULL, "SSM inner size %lld is no multiple "
				"of the head %lld (the converter asserts it)",
				(long long)(mult * d_model), (long long)d_head);
	return 0;
}

/* NemotronHModel.__init__'s block lists: pattern = hybrid_override_pattern
 * or layers_block_type; a string by its letters (M Mamba2, * attention, E
 * or - the MLP: "E" with experts, "-" without), a list by its words
 * (_SSM_LAYER_TYPES mamba, linear_attention; _ATTN_LAYER_TYPES attention,
 * full_attention; _MLP_LAYER_TYPES moe).  kind[il]: 'r', 'a' or 'm';
 * 'R' without a pattern. */
static int nemotron_blocks(struct hfc *c, int moe, int64_t n, char *kind,
			   const char **source)
{
	static const char *words[MODEL_MAX_LAYERS];
	static const struct {
		const char *word;
		char kind;
	} kinds[] = {{"mamba", 'r'}, {"linear_attention", 'r'},
		     {"attention", 'a'}, {"full_attention", 'a'},
		     {"moe", 'm'}};
	const char *pat = hfc_str(c, "hybrid_override_pattern");
	int nw = 0;
	*source = "hybrid_override_pattern";
	if (!pat || !*pat) {
		if (hfc_has(c, "hybrid_override_pattern") && !pat)
			return hfc_fail(c, NULL, "not a string of layer kinds");
		*source = "layers_block_type";
		if ((nw = hfc_words(c, "layers_block_type", words,
				    MODEL_MAX_LAYERS)) < 0)
			return -1;
	}
	if (!(pat && *pat) && nw == 0) {
		/* no pattern: no attention, MLP or SSM list ('R'); every
		 * block with neither KV heads nor an FFN, a Mamba2 one, and
		 * an empty _ssm_layers: RoPE (GraniteHybridModel) */
		memset(kind, 'R', (size_t)n);
		*source = "num_hidden_layers";
		return 0;
	}
	int64_t len = pat && *pat ? (int64_t)strlen(pat) : nw;
	if (len != n)
		return hfc_fail(c, *source, "%lld entries for %lld blocks (the "
				"converter asserts as many)", (long long)len,
				(long long)n);
	for (int64_t il = 0; il < n; il++) {
		char one[2] = {pat && *pat ? pat[il] : 0, 0};
		const char *w = pat && *pat ? one : words[il];
		kind[il] = 0;
		if (pat && *pat)
			kind[il] = *w == 'M' ? 'r' : *w == '*' ? 'a'
				 : *w == (moe ? 'E' : '-') ? 'm' : 0;
		for (size_t k = 0; !(pat && *pat) &&
				   k < sizeof kinds / sizeof kinds[0]; k++)
			if (!strcmp(w, kinds[k].word))
				kind[il] = kinds[k].kind;
		/* neither KV heads nor an FFN: llama.cpp's nemotron_h reads
		 * a Mamba2 block, which the checkpoint's is not */
		if (!kind[il])
			return hfc_fail(c, *source, "entry %lld '%.20s': the "
					"converter writes neither KV heads nor "
					"an FFN for it (its MLP blocks are %s "
					"%s), so llama.cpp would take it for a "
					"Mamba2 block", (long long)il, w,
					pat && *pat ? (moe ? "\"E\"" : "\"-\"")
						    : "\"moe\"",
					moe ? "with num_experts_per_tok"
					    : "without num_experts_per_tok");
	}
	return 0;
}

int hfc_nemotron_h(struct hfc *c, int moe)
{
	static uint8_t attn[MODEL_MAX_LAYERS];
	static int64_t ff[MODEL_MAX_LAYERS];
	static char kind[MODEL_MAX_LAYERS];
	static const char *words[MODEL_MAX_LAYERS];
	struct hfc_granite g = {.attn = attn, .inner = K("num_heads")};
	int64_t n, hd, width, nextn = 0;
	int nw;
	/* __init__: num_hidden_layers = len(layers_block_type) when set */
	if ((nw = hfc_words(c, "layers_block_type", words,
			    MODEL_MAX_LAYERS)) < 0)
		return -1;
	if (nw > 0 || hfc_has(c, "layers_block_type"))
		n = nw;
	else if (hfc_block_count(c, &n) < 0)
		return -1;
	if (n < 1 || n > MODEL_MAX_LAYERS - 1)
		return hfc_fail(c, NULL, "%lld layers (1 to %d)", (long long)n,
				MODEL_MAX_LAYERS - 1);
	if (nemotron_blocks(c, moe, n, kind, &g.source) < 0)
		return -1;
	/* the MTP block of NemotronHModel with experts (without --no-mtp):
	 * num_nextn_predict_layers (1 at most), appended after the others
	 * as an attention and an MoE block */
	if (moe && hfc_int(c, K("num_nextn_predict_layers"), 0, &nextn) < 0)
		return -1;
	if (nextn < 0 || nextn > 1)
		return hfc_fail(c, NULL, "%lld: the converter converts one MTP "
				"layer at most", (long long)nextn);
	if (nextn)
		kind[n] = 'n';
	g.layers = n + nextn;
	for (int64_t il = 0; il < g.layers; il++) {
		attn[il] = kind[il] == 'a' || kind[il] == 'n';
		g.ssm_layers += kind[il] == 'r';
	}
	/* self.head_dim: head_dim, else attention_head_dim; required */
	if (hfc_int(c, K(hfc_has(c, "head_dim") ? "head_dim"
					       : "attention_head_dim"),
		    0, &hd) < 0)
		return -1;
	if (!hfc_has(c, "head_dim") && !hfc_has(c, "attention_head_dim"))
		return hfc_fail(c, "head_dim", "missing (required by "
				"conversion/nemotron.py NemotronHModel; or "
				"attention_head_dim)");
	char hds[24];
	snprintf(hds, sizeof hds, "%s",
		 hfc_has(c, "head_dim") ? "head_dim" : "attention_head_dim");
	if (hfc_granite_hybrid(c, &g) < 0)
		return -1;
	hfc_source(c, "%s%s", nw > 0 ? "layers_block_type (its length)"
				     : "num_hidden_layers",
		   nextn ? " + num_nextn_predict_layers" : "");
	if (hfc_put_u32(c, "block_count", g.layers) < 0)
		return -1;
	hfc_source(c, "%s", hds);
	if (hfc_put_u32(c, "attention.key_length", hd) < 0)
		return -1;
	hfc_source(c, "%s", hds);
	if (hfc_put_u32(c, "attention.value_length", hd) < 0)
		return -1;
	/* feed_forward_length a block: the MLP's width on the MLP blocks,
	 * 0 elsewhere (nemotron-h.cpp: recurrent where it and
	 * head_count_kv are both 0) */
	char fk[48] = "";
	if (moe ? hfc_need(c, K("moe_intermediate_size"), &width) < 0
		: hfc_mamba_find(c, K("intermediate_size", "n_inner",
				      "hidden_dim"), 0, &width, fk,
				 sizeof fk) < 0)
		return -1;
	for (int64_t il = 0; il < g.layers; il++)
		ff[il] = kind[il] == 'm' || kind[il] == 'n' ? width : 0;
	hfc_source(c, "%s x %s", g.source,
		   moe ? "moe_intermediate_size" : fk);
	if (hfc_put_ints(c, "feed_forward_length", ff, (size_t)g.layers) < 0)
		return -1;
	if (moe) {
		static const struct hfc_copy given[] = {
		    {"num_experts_per_tok", "expert_used_count"},
		    {"moe_intermediate_size", "expert_feed_forward_length"},
		    {"moe_shared_expert_intermediate_size",
		     "expert_shared_feed_forward_length"},
		    {"n_routed_experts", "expert_count"},
		    {"n_shared_experts", "expert_shared_count"},
		};
		if (HFC_COPY(c, given, 1) < 0 ||
		    hfc_item(c, "norm_topk_prob", "expert_weights_norm",
			     HFC_BOOL) < 0 ||
		    hfc_item(c, "routed_scaling_factor",
			     "expert_weights_scale", HFC_F32) < 0 ||
		    hfc_copy(c, &(const struct hfc_copy){"n_group",
			     "expert_group_count"}, 1, 1) < 0 ||
		    hfc_get(c, "moe_latent_size", "moe_latent_size",
			    HFC_U32) < 0)
			return -1;
		/* nemotron-h.cpp's ffn_exp_probs_b on every MoE block */
		hfc_router_bias(c, "the checkpoint's e_score_correction.bias "
				"(NemotronHModel with experts), written as "
				"exp_probs_b");
	}
	if (nextn && hfc_item(c, "num_nextn_predict_layers",
			      "nextn_predict_layers", HFC_U32) < 0)
		return -1;
	return 0;
}
