/*
 * Granite 4.0-H (src/models/granite-hybrid.cpp): Mamba2 where
 * head_count_kv(il) is 0 (llama-memory-hybrid.cpp's default filters).
 *
 * conversion/granite.py GraniteHybridModel writes the KV heads layer by
 * layer, 0 on the Mamba2 blocks (src/model/hfconv_granite.c).
 */
#include <string.h>

#include "model/family.h"
#include "model/hfconv.h"
#include "model/model.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* GraniteHybridModel.get_attn_layers: layer_types' "attention" entries
 * (any other word a Mamba2 block: only "mamba" is taken, as the
 * checkpoint's blocks are one or the other), else attn_layer_indices,
 * else every layer il % attn_layer_period == attn_layer_offset (both
 * required then).  A list shorter than the blocks leaves the rest Mamba2;
 * an index past them is no layer. */
static int attn_layers(struct hfc *c, int64_t n, uint8_t *attn,
		       const char **source)
{
	static int64_t flags[MODEL_MAX_LAYERS], idx[MODEL_MAX_LAYERS];
	const struct hfc_layer_words lt = {
		.from = "layer_types", .word = "attention", .other = "mamba",
		.length = HFC_ANY_LENGTH,
	};
	int64_t period, offset;
	int nw = hfc_put_layer_words(c, &lt, flags), ni;
	if (nw < 0)
		return -1;
	memset(attn, 0, (size_t)n);
	*source = "layer_types";
	if (nw > 0) {
		for (int64_t il = 0; il < n && il < nw; il++)
			attn[il] = flags[il] != 0;
		return 0;
	}
	if ((ni = hfc_ints(c, "attn_layer_indices", idx,
			   MODEL_MAX_LAYERS)) < 0)
		return -1;
	*source = "attn_layer_indices";
	if (ni > 0) {
		for (int i = 0; i < ni; i++)
			if (idx[i] >= 0 && idx[i] < n)
				attn[idx[i]] = 1;
		return 0;
	}
	*source = "attn_layer_period";
	if (hfc_int(c, K("attn_layer_period"), 0, &period) < 0)
		return -1;
	if (period == 0)
		return hfc_fail(c, "attn_layer_period", "missing (required by "
				"conversion/granite.py GraniteHybridModel "
				"without layer_types or attn_layer_indices)");
	if (period < 0)
		return hfc_fail(c, NULL, "%lld: want a period of 1 or more",
				(long long)period);
	if (hfc_need(c, K("attn_layer_offset"), &offset) < 0)
		return -1;
	for (int64_t il = 0; il < n; il++)
		attn[il] = il % period == offset;
	return 0;
}

/* conversion/granite.py GraniteHybridModel: its layers, then its keys
 * (hfc_granite_hybrid); d_inner is find_hparam(["expand", "num_heads"])
 * x d_model. */
static int granitehybrid_convert(struct hfc *c)
{
	static uint8_t attn[MODEL_MAX_LAYERS];
	struct hfc_granite g = {.attn = attn, .inner = K("expand",
							 "num_heads")};
	if (hfc_block_count(c, &g.layers) < 0)
		return -1;
	if (g.layers < 1 || g.layers > MODEL_MAX_LAYERS)
		return hfc_fail(c, NULL, "%lld layers (1 to %d)",
				(long long)g.layers, MODEL_MAX_LAYERS);
	if (attn_layers(c, g.layers, attn, &g.source) < 0)
		return -1;
	for (int64_t il = 0; il < g.layers; il++)
		g.ssm_layers += !attn[il];
	return hfc_granite_hybrid(c, &g);
}

const struct family family_granitehybrid = {
	.arch = "granitehybrid",
	.mech = AM_NEXTN | AM_RECURRENT,
	.recurrent = &(const struct family_recurrent){
		.rule = RR_KV_ZERO,
		.state = RS_MAMBA2,
	},
	.mamba2_graph = &(const struct family_mamba2_graph){
		.flags = M2_ROPE | M2_FFN_GLU,
		.modelled = 1,
	},
	/* Mamba2Model.__init__ reads config.json itself ("It wrongly assumes
	 * all Mamba2 models are Mamba-Codestral-7B-v0.1"): no defaults */
	.conv = &(const struct family_conv){
		.classes = K("GraniteMoeHybridForCausalLM", "BambaForCausalLM"),
		.converter = "conversion/granite.py GraniteHybridModel",
		.convert = granitehybrid_convert,
	},
};
