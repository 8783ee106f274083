/*
 * DeciLM / Nemotron-51B (src/models/deci.cpp): per-layer KV heads, 0 for its
 * no-op attention blocks.
 */
#include <math.h>

#include "model/family.h"
#include "model/hfconv.h"

#define KEY(k) ((const char *const[]){(k), NULL})
#define LAYERS 512

/* DeciModel._ffn_mult_to_intermediate_size: int(2 * ffn_mult * n_embd /
 * 3), evaluated left to right in doubles as Python does, then rounded up
 * to a multiple of 256 (_find_multiple). */
static int64_t ffn_width(double mult, int64_t embd)
{
	double w = 2 * mult * (double)embd / 3;
	/* -1: past what the GGUF's INT32 array holds, either way */
	if (!(w > -2147483392.0 && w < 2147483392.0))
		return -1;
	int64_t n = (int64_t)w, r = (n % 256 + 256) % 256; /* Python's % */
	return r == 0 ? n : n + 256 - r;
}

/* DeciModel.__init__ for block_configs (Llama-3_1-Nemotron-51B): per
 * layer, n_heads_in_group None is a linear attention block (replace_with_
 * linear True: the heads, no KV heads) or none at all (0 and 0); else
 * num_attention_heads // n_heads_in_group KV heads.  ffn_mult None is a
 * dummy layer without FFN (0).  An absent replace_with_linear is read as
 * false where the converter would stop at its KeyError. */
static int block_configs(struct hfc *c, int64_t n, int64_t embd,
			 int64_t heads)
{
	double group[LAYERS], linear[LAYERS], mult[LAYERS];
	int64_t q[LAYERS], kv[LAYERS], ff[LAYERS];
	int ng = hfc_each(c, "block_configs", "attention.n_heads_in_group", 1,
			  group, LAYERS);
	int nl = hfc_each(c, "block_configs", "attention.replace_with_linear",
			  0, linear, LAYERS);
	int nm = hfc_each(c, "block_configs", "ffn.ffn_mult", 1, mult, LAYERS);
	if (ng < 0 || nl < 0 || nm < 0)
		return -1;
	if (ng != n) /* the converter's assert */
		return hfc_fail(c, "block_configs",
				"%d entries for %lld layers (the converter "
				"asserts one a layer)",
				ng, (long long)n);
	for (int64_t il = 0; il < n; il++) {
		if (isnan(group[il])) {
			q[il] = linear[il] == 1 ? heads : 0;
			kv[il] = 0;
		} else if (group[il] != floor(group[il]) || group[il] < 1 ||
			   group[il] > (double)heads) {
			return hfc_fail(c, "block_configs",
					"entry %lld's attention.n_heads_in_"
					"group is %g, want a whole number "
					"from 1 to num_attention_heads",
					(long long)il, group[il]);
		} else {
			q[il] = heads;
			kv[il] = heads / (int64_t)group[il];
		}
		ff[il] = isnan(mult[il]) ? 0 : ffn_width(mult[il], embd);
		if (ff[il] < 0)
			return hfc_fail(c, "block_configs",
					"entry %lld's ffn.ffn_mult is %g, "
					"want 0 or more and a width below "
					"2^31",
					(long long)il, mult[il]);
	}
	double theta;
	if (hfc_rope(c, "rope_theta", NAN, &theta) < 0 ||
	    (!isnan(theta) && hfc_put_f32(c, "rope.freq_base", theta) < 0))
		return -1;
	/* a value the writer cannot hold is block_configs' (its line) */
	hfc_has(c, "block_configs");
	hfc_source(c, "block_configs");
	if (hfc_put_ints(c, "attention.head_count_kv", kv, (size_t)n) < 0)
		return -1;
	hfc_source(c, "block_configs");
	if (hfc_put_ints(c, "attention.head_count", q, (size_t)n) < 0)
		return -1;
	hfc_source(c, "block_configs x hidden_size");
	if (hfc_put_ints(c, "feed_forward_length", ff, (size_t)n) < 0)
		return -1;
	/* looked up again to name its key (find_hparam's) as the source */
	int64_t v;
	if (hfc_block_count(c, &v) < 0 ||
	    hfc_put_u32(c, "block_count", n) < 0 ||
	    hfc_need(c, KEY("max_position_embeddings"), &v) < 0 ||
	    hfc_put_u32(c, "context_length", v) < 0 ||
	    hfc_need(c, KEY("hidden_size"), &v) < 0 ||
	    hfc_put_u32(c, "embedding_length", v) < 0 ||
	    hfc_item(c, "rms_norm_eps", "attention.layer_norm_rms_epsilon",
		     HFC_F32) < 0)
		return -1;
	hfc_source(c, "hidden_size / num_attention_heads");
	if (hfc_put_u32(c, "attention.key_length", embd / heads) < 0)
		return -1;
	hfc_source(c, "hidden_size / num_attention_heads");
	return hfc_put_u32(c, "attention.value_length", embd / heads);
}

/* conversion/deci.py DeciModel.set_gguf_parameters: block_configs'
 * layers written key by key, or (DeciLM-7B) TextModel's keys with its
 * num_key_value_heads_per_layer; then vocab_size and the rope dimension
 * (head_dim, else hidden_size // num_attention_heads) for both. */
static int deci_convert(struct hfc *c)
{
	int64_t n, embd, heads, kv[LAYERS], hd;
	if (hfc_block_count(c, &n) < 0)
		return -1;
	if (hfc_has(c, "block_configs")) {
		if (hfc_need(c, KEY("hidden_size"), &embd) < 0 ||
		    hfc_need(c, KEY("num_attention_heads"), &heads) < 0)
			return -1;
		if (heads < 1)
			return hfc_fail(c, NULL, "%lld heads, want 1 or more",
					(long long)heads);
		if (embd < 1)
			return hfc_fail(c, "hidden_size", "%lld, want 1 or "
					"more", (long long)embd);
		if (block_configs(c, n, embd, heads) < 0)
			return -1;
	} else {
		if (hfc_text_model(c) < 0)
			return -1;
		int nkv = hfc_ints(c, "num_key_value_heads_per_layer", kv,
				   LAYERS);
		if (nkv < 0)
			return -1;
		if (nkv > 0 && nkv != n)
			return hfc_fail(c, NULL,
					"%d entries for %lld layers (the "
					"converter asserts one a layer)",
					nkv, (long long)n);
		if (nkv > 0 && hfc_put_ints(c, "attention.head_count_kv", kv,
					    (size_t)n) < 0)
			return -1;
	}
	if (hfc_item(c, "vocab_size", "vocab_size", HFC_U32) < 0 ||
	    hfc_head_dim(c, &hd) < 0)
		return -1;
	return hfc_put_u32(c, "rope.dimension_count", hd);
}

const struct family family_deci = {
	.arch = "deci",
	.mech = AM_NEXTN,
	/* llama's graph layer by layer: replayed so (the no-op blocks'
	 * attention never decides the peak), held to the engine by
	 * tests/engine.sh's DeciLM GGUF */
	.dense_graph = &(const struct family_dense_graph){.modelled = 1},
	/* the config class is the checkpoint's own code: no defaults */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"DeciLMForCausalLM", NULL},
		.converter = "conversion/deci.py DeciModel",
		.convert = deci_convert,
	},
};
