/*
 * Laguna (src/models/laguna.cpp): experts, leading dense layers, and a
 * sliding window when the file gives one above 0 (XS.2; M.1 has none),
 * load_swa_pattern(ml, 4, true): the file's per-layer pattern, else the
 * full layer first and three sliding ones after it; the sliding layers'
 * RoPE base is the global one unless rope.freq_base_swa says (their plain
 * RoPE, without the full layers' scaling, changes no size).
 */
#include "model/family.h"

#include <stdio.h>
#include <string.h>

/* LagunaModel._attn_gate_types' names: "per-head" / "per_head", ... */
static int gate_name(const char *t, int *per_element)
{
	char n[16];
	size_t i;
	for (i = 0; t[i] && i + 1 < sizeof n; i++)
		n[i] = t[i] == '-' ? '_' : t[i];
	n[i] = 0;
	if (t[i])
		return -1;
	*per_element = !strcmp(n, "per_element");
	return *per_element || !strcmp(n, "per_head") ? 0 : -1;
}

/* LagunaModel._attn_gate_types: gating_types, one a layer, else gating (a
 * name, or true for per-head); a per-element gate only when gating says
 * so by name.  Checked, as the converter does; nothing written. */
static int laguna_gates(struct hfc *c, int64_t layers)
{
	const char *types[1024];
	int elem = 0, any = 0, yes;
	int nt = hfc_words(c, "gating_types", types, 1024);
	const char *g = hfc_str(c, "gating");
	if (nt < 0)
		return -1;
	if (nt > 0 && nt != layers)
		return hfc_fail(c, "gating_types",
				"%d entries, but %lld layers", nt,
				(long long)layers);
	for (int i = 0; i < nt; i++) {
		if (gate_name(types[i], &elem) < 0)
			return hfc_fail(c, "gating_types", "entry %d: not "
					"per-head or per-element", i);
		any |= elem;
	}
	if (!nt && g) {
		if (gate_name(g, &any) < 0)
			return hfc_fail(c, "gating", "not per-head or "
					"per-element");
	} else if (!nt) {
		if (!hfc_has(c, "gating") ||
		    hfc_bool(c, "gating", 0, &yes) < 0 || !yes)
			return hfc_fail(c, "gating",
					"cannot tell the attention "
					"gate type (the converter wants a name "
					"or true)");
	}
	if (any && !(g && gate_name(g, &elem) == 0 && elem))
		return hfc_fail(c, "gating", "a per-element gate must be named "
				"so here (\"per-element\")");
	return 0;
}

/*
 * conversion/laguna.py LagunaModel.set_gguf_parameters: TextModel's keys
 * (the bases from rope_parameters' full_attention and sliding_attention),
 * vocab_size, head_count a layer (num_attention_heads_per_layer, else
 * num_attention_heads on each), the gates checked, the window when above
 * 0, the experts (weights normalised, sigmoid), the leading "dense"
 * mlp_layer_types, and the rope dimensions int(head_dim x
 * partial_rotary_factor) of each layer type (1.0 when absent).
 */
static int laguna_convert(struct hfc *c)
{
	static const char *const layers[] = {"num_hidden_layers", NULL};
	static const char *const heads[] = {"num_attention_heads", NULL};
	static const char *const hdk[] = {"head_dim", NULL};
	static const char *const win[] = {"sliding_window", NULL};
	int64_t per[1024], n, h, w, hd;
	const char *mlp[1024];
	if (hfc_text_model(c) < 0 ||
	    hfc_item(c, "vocab_size", "vocab_size", HFC_U32) < 0 ||
	    hfc_need(c, layers, &n) < 0)
		return -1;
	int np = hfc_ints(c, "num_attention_heads_per_layer", per, 1024);
	if (np < 0)
		return -1;
	if (np == 0) {
		if (hfc_need(c, heads, &h) < 0)
			return -1;
		if (n < 0 || n > 1024)
			return hfc_fail(c, "num_hidden_layers", "%lld layers",
					(long long)n);
		for (np = 0; np < n; np++)
			per[np] = h;
		hfc_source(c, "num_attention_heads on each layer");
	} else if (np != n) {
		return hfc_fail(c, "num_attention_heads_per_layer", "%d "
				"entries, but num_hidden_layers is %lld", np,
				(long long)n);
	}
	if (hfc_put_ints(c, "attention.head_count", per, (size_t)np) < 0 ||
	    laguna_gates(c, n) < 0 || hfc_int(c, win, 0, &w) < 0 ||
	    (w > 0 && hfc_put_u32(c, "attention.sliding_window", w) < 0))
		return -1;
	if (hfc_item(c, "moe_intermediate_size", "expert_feed_forward_length",
		     HFC_U32) < 0 ||
	    hfc_item(c, "shared_expert_intermediate_size",
		     "expert_shared_feed_forward_length", HFC_U32) < 0)
		return -1;
	hfc_source(c, "true (LagunaModel)");
	if (hfc_put_bool(c, "expert_weights_norm", 1) < 0 ||
	    hfc_item(c, "moe_routed_scaling_factor", "expert_weights_scale",
		     HFC_F32) < 0)
		return -1;
	hfc_source(c, "sigmoid (LagunaModel)");
	if (hfc_put_u32(c, "expert_gating_func", 2) < 0)
		return -1;
	int nm = hfc_words(c, "mlp_layer_types", mlp, 1024);
	if (nm < 0)
		return -1;
	if (!hfc_has(c, "mlp_layer_types"))
		return hfc_fail(c, "mlp_layer_types", "missing (required by "
				"conversion/laguna.py LagunaModel)");
	int lead = 0;
	while (lead < nm && !strcmp(mlp[lead], "dense"))
		lead++;
	hfc_source(c, "mlp_layer_types (the leading \"dense\")");
	if (hfc_put_u32(c, "leading_dense_block_count", lead) < 0 ||
	    hfc_need(c, hdk, &hd) < 0)
		return -1;
	/* self.rope_parameters["full_attention"] (a KeyError without it) */
	const char *rp = hfc_has(c, "rope_parameters") ? "rope_parameters"
						       : "rope_scaling";
	char key[64];
	double f;
	snprintf(key, sizeof key, "%s.full_attention", rp);
	if (!hfc_has(c, key))
		return hfc_fail(c, key, "missing (required by "
				"conversion/laguna.py LagunaModel)");
	snprintf(key, sizeof key, "%s.full_attention.partial_rotary_factor",
		 rp);
	const char *const fk[] = {key, NULL};
	if (hfc_real(c, fk, 1.0, &f) < 0)
		return -1;
	hfc_source(c, "head_dim x full_attention partial_rotary_factor %g", f);
	if (hfc_put_u32(c, "rope.dimension_count",
			(int64_t)((double)hd * f)) < 0)
		return -1;
	snprintf(key, sizeof key, "%s.sliding_attention", rp);
	if (!hfc_has(c, key))
		return 0;
	snprintf(key, sizeof key,
		 "%s.sliding_attention.partial_rotary_factor", rp);
	if (hfc_real(c, fk, 1.0, &f) < 0)
		return -1;
	hfc_source(c, "head_dim x sliding_attention partial_rotary_factor %g",
		   f);
	return hfc_put_u32(c, "rope.dimension_count_swa",
			   (int64_t)((double)hd * f));
}

const struct family family_laguna = {
    .arch = "laguna",
    .mech = AM_NEXTN | AM_DENSE_LEAD,
    .swa = &(const struct family_swa){.pattern = 4, .dense_first = 1},
    /* transformers' LagunaConfig's defaults (not those it makes from the
     * others: mlp_layer_types, which the converter requires, and the
     * per-layer-type rope_parameters) */
    .conv =
	&(const struct family_conv){
	    .classes = (const char *const[]){"LagunaForCausalLM", NULL},
	    .converter = "conversion/laguna.py LagunaModel",
	    .config = "LagunaConfig",
	    .defaults =
		(const struct hfc_default[]){
		    {.key = "vocab_size", .value = 100352},
		    {.key = "hidden_size", .value = 2048},
		    {.key = "intermediate_size", .value = 8192},
		    {.key = "num_hidden_layers", .value = 40},
		    {.key = "num_attention_heads", .value = 48},
		    {.key = "num_key_value_heads", .value = 8},
		    {.key = "max_position_embeddings", .value = 131072},
		    {.key = "rms_norm_eps", .value = 1e-6},
		    {.key = "tie_word_embeddings", .value = 0},
		    {.key = "sliding_window", .value = 512},
		    {.key = "moe_intermediate_size", .value = 512},
		    {.key = "shared_expert_intermediate_size", .value = 512},
		    {.key = "num_experts_per_tok", .value = 8},
		    {.key = "num_experts", .value = 256},
		    {.key = "head_dim", .value = 128},
		    {.key = "gating", .value = 1},
		    {.key = "moe_routed_scaling_factor", .value = 1.0},
		    {.key = NULL},
		},
	    .convert = laguna_convert,
	},
};
