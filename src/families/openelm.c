/*
 * OpenELM (src/models/openelm.cpp): plain attention, a full cache on every
 * layer; load_arch_hparams reads no window and no other cache mechanism,
 * only the generic keys (nextn layers filtered out). Its head counts differ
 * layer by layer: head_count and head_count_kv one per layer, read as
 * llama.cpp reads them (n_head(il), n_head_kv(il)).
 */
#include <math.h>

#include "model/family.h"

#define KEY(k) ((const char *const[]){(k), NULL})
#define LAYERS 512

/* OpenELMModel._make_divisible: the FFN width of a multiplier, rounded
 * to the divisor, not more than 10 % down. */
static int64_t make_divisible(double v, int64_t divisor)
{
	int64_t n = (int64_t)floor((v + (double)divisor / 2) /
				   (double)divisor) * divisor;
	n = n > divisor ? n : divisor;
	return (double)n < 0.9 * v ? n + divisor : n;
}

/* conversion/openelm.py OpenELMModel: its __init__ (the FFN widths from
 * ffn_multipliers x model_dim, the per-layer head lists) and
 * set_gguf_parameters, which writes every key itself (TextModel's are
 * not written), block_count from num_transformer_layers (its
 * find_hparam). */
static int openelm_convert(struct hfc *c)
{
	double mult[LAYERS];
	int64_t q[LAYERS], kv[LAYERS], ff[LAYERS], n, embd, div, hd, v;
	int nm, nq, nkv, tie;
	/* the head is the embeddings (no output.weight written) */
	if (hfc_bool(c, "share_input_output_layers", 0, &tie) < 0)
		return -1;
	hfc_tied(c, tie);
	if (hfc_need(c, KEY("num_transformer_layers"), &n) < 0 ||
	    hfc_need(c, KEY("model_dim"), &embd) < 0 ||
	    hfc_need(c, KEY("ffn_dim_divisor"), &div) < 0 ||
	    hfc_need(c, KEY("head_dim"), &hd) < 0)
		return -1;
	if (div < 1)
		return hfc_fail(c, "ffn_dim_divisor", "%lld, want 1 or more",
				(long long)div);
	if ((nm = hfc_reals(c, "ffn_multipliers", mult, LAYERS)) < 0 ||
	    (nq = hfc_ints(c, "num_query_heads", q, LAYERS)) < 0 ||
	    (nkv = hfc_ints(c, "num_kv_heads", kv, LAYERS)) < 0)
		return -1;
	/* the converter's asserts: one entry a layer in each list */
	static const char *const lists[] = {"ffn_multipliers",
		"num_query_heads", "num_kv_heads"};
	const int got[] = {nm, nq, nkv};
	for (int i = 0; i < 3; i++)
		if (got[i] != n)
			return hfc_fail(c, lists[i], "%d entries for %lld "
					"layers (the converter asserts one a "
					"layer)", got[i], (long long)n);
	for (int64_t il = 0; il < n; il++)
		ff[il] = make_divisible(mult[il] * (double)embd, div);
	hfc_has(c, "num_transformer_layers");
	if (hfc_put_u32(c, "block_count", n) < 0 ||
	    hfc_need(c, KEY("max_context_length"), &v) < 0 ||
	    hfc_put_u32(c, "context_length", v) < 0)
		return -1;
	hfc_has(c, "model_dim");
	if (hfc_put_u32(c, "embedding_length", embd) < 0)
		return -1;
	hfc_source(c, "ffn_multipliers x model_dim");
	if (hfc_put_ints(c, "feed_forward_length", ff, (size_t)n) < 0)
		return -1;
	hfc_has(c, "num_query_heads");
	if (hfc_put_ints(c, "attention.head_count", q, (size_t)n) < 0)
		return -1;
	hfc_has(c, "num_kv_heads");
	if (hfc_put_ints(c, "attention.head_count_kv", kv, (size_t)n) < 0 ||
	    hfc_item(c, "rope_freq_constant", "rope.freq_base", HFC_F32) < 0)
		return -1;
	hfc_has(c, "head_dim");
	return hfc_put_f32(c, "attention.layer_norm_rms_epsilon", 1e-6) < 0 ||
		       hfc_put_u32(c, "rope.dimension_count", hd) < 0 ||
		       hfc_put_u32(c, "attention.key_length", hd) < 0 ||
		       hfc_put_u32(c, "attention.value_length", hd) < 0
		   ? -1
		   : 0;
}

const struct family family_openelm = {
	.arch = "openelm",
	.mech = AM_NEXTN,
	/* the config class is the checkpoint's own code: no defaults */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"OpenELMForCausalLM", NULL},
		.converter = "conversion/openelm.py OpenELMModel",
		.convert = openelm_convert,
	},
};
