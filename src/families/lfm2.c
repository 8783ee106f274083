/*
 * LFM2 (src/models/lfm2.cpp): short-convolution state where
 * head_count_kv(il) is 0; a sliding_window > 0 makes every attention layer
 * sliding (is_swa = !is_recr: pattern 0, all alike).
 *
 * conversion/lfm2.py LFM2Model writes the KV heads layer by layer, 0 on
 * the conv blocks; its LFM25AudioTokenizer (the LFM2.5-Audio tokenizer)
 * adds the window.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "model/family.h"
#include "model/hfconv.h"
#include "model/model.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* Lfm2Config.__init__'s layer_types: the file's, else "full_attention"
 * for the layers full_attn_idxs lists ("conv" for the others), every
 * layer when it lists none.  LFM2Model.set_gguf_parameters then makes
 * num_key_value_heads a list: the heads unless "conv", 0 there, which
 * lfm2.cpp reads as a recurrent layer (is_recr = n_head_kv(il) == 0).
 * A word LFM2 has no layer for is refused (the converter would give it
 * KV heads). */
static int lfm2_kv_heads(struct hfc *c)
{
	return hfc_lfm2_kv_heads(c, K("conv", "full_attention",
				      "sliding_attention"), "LFM2");
}

/* LFM2Model._add_feed_forward_length: find_hparam(["block_ff_dim",
 * "intermediate_size"]), with block_auto_adjust_ff_dim int(2 ff / 3),
 * times block_ffn_dim_multiplier unless None, rounded up to a multiple of
 * block_multiple_of. */
static int lfm2_ff(struct hfc *c)
{
	int64_t ff, of;
	double mult, d;
	int adjust, rc;
	char key[64];
	if (hfc_need(c, K("block_ff_dim", "intermediate_size"), &ff) < 0)
		return -1;
	/* out of a u32's range: the error at the key, as written */
	if (ff < 0 || ff > UINT32_MAX)
		return hfc_put_u32(c, "feed_forward_length", ff);
	snprintf(key, sizeof key, "%s", hfc_has(c, "block_ff_dim")
					    ? "block_ff_dim"
					    : "intermediate_size");
	if (hfc_bool(c, "block_auto_adjust_ff_dim", 1, &adjust) < 0)
		return -1;
	hfc_source(c, "%s", key);
	if (!adjust)
		return hfc_put_u32(c, "feed_forward_length", ff);
	if ((rc = hfc_real(c, K("block_ffn_dim_multiplier"), 1, &mult)) < 0)
		return -1;
	d = (double)(2 * ff / 3) * (rc > 0 ? mult : 1);
	if (!(d > -1 && d < 4294967296.0))
		return hfc_fail(c, NULL, "%g: an FFN of %.0f wide, out of "
				"range", mult, d);
	if (hfc_int(c, K("block_multiple_of"), 256, &of) < 0)
		return -1;
	if (of < 1 || of > UINT32_MAX)
		return hfc_fail(c, NULL, "%lld: the converter rounds the FFN "
				"up to a multiple of it", (long long)of);
	ff = (int64_t)d;
	ff = of * ((ff + of - 1) / of);
	hfc_source(c, "%s x 2/3 x block_ffn_dim_multiplier, rounded up to "
		   "block_multiple_of", key);
	return hfc_put_u32(c, "feed_forward_length", ff);
}

/* conversion/lfm2.py LFM2Model.set_gguf_parameters: the KV heads a layer,
 * TextModel's keys, vocab_size, shortconv.l_cache conv_L_cache, the RMS
 * epsilon norm_eps, the FFN; LFM25AudioTokenizer's adds
 * attention.sliding_window (hparams["sliding_window"]) and
 * embedding_length_out (output_size).  Lfm2Config takes the tie from
 * tie_embedding when the file has it. */
static int lfm2_convert(struct hfc *c)
{
	const char *cls = hfc_class(c);
	int64_t w;
	int tie, rc;
	if (hfc_text_model(c) < 0 || lfm2_kv_heads(c) < 0 ||
	    hfc_item(c, "vocab_size", "vocab_size", HFC_U32) < 0 ||
	    hfc_item(c, "conv_L_cache", "shortconv.l_cache", HFC_U32) < 0 ||
	    hfc_item(c, "norm_eps", "attention.layer_norm_rms_epsilon",
		     HFC_F32) < 0 ||
	    lfm2_ff(c) < 0 || (rc = hfc_bool(c, "tie_embedding", 1, &tie)) < 0)
		return -1;
	if (rc > 0)
		hfc_tied_by(c, "tie_embedding", tie);
	if (cls && !strcmp(cls, "Lfm25AudioTokenizer"))
		return hfc_item(c, "sliding_window", "attention.sliding_window",
				HFC_U32) < 0 ||
		       hfc_item(c, "output_size", "embedding_length_out",
				HFC_U32) < 0 ? -1 : 0;
	if ((rc = hfc_int(c, K("sliding_window"), 0, &w)) < 0)
		return -1;
	if (rc > 0 && w > 0)
		hfc_note(c, "sliding_window",
			 "config.json sliding_window %lld is ignored: "
			 "conversion/lfm2.py LFM2Model writes none, so "
			 "llama.cpp's lfm2 keeps a full cache",
			 (long long)w);
	return 0;
}

const struct family family_lfm2 = {
	.arch = "lfm2",
	.mech = AM_NEXTN | AM_RECURRENT,
	.swa = &(const struct family_swa){.pattern = 0},
	.recurrent = &(const struct family_recurrent){
		.rule = RR_KV_ZERO,
		.state = RS_SHORTCONV,
	},
	/* lfm2.cpp load_arch_tensors: attn_norm and ffn_norm a layer, q/k
	 * norms a head wide on the attention layers; output.weight not
	 * required (tied: the embeddings) */
	.weights = &(const struct family_weights){
		.parts = WS_PLAIN | WS_QK_NORM,
	},
	.hybrid_graph = &(const struct family_hybrid_graph){
		.recr = RECR_SHORTCONV,
		.flags = HF_QK_NORM_ROPE,
		.modelled = 1,
		.modelled_rot_fa = 1,
	},
	/* transformers' Lfm2Config's defaults (models/lfm2/
	 * configuration_lfm2.py; no head_dim: hidden_size / heads) */
	.conv = &(const struct family_conv){
		.classes = K("Lfm2ForCausalLM", "LFM2ForCausalLM",
			     "Lfm25AudioTokenizer"),
		.converter = "conversion/lfm2.py LFM2Model",
		.config = "Lfm2Config",
		.defaults = (const struct hfc_default[]){
			{"vocab_size", 65536, NULL},
			{"hidden_size", 2560, NULL},
			{"intermediate_size", 12288, NULL},
			{"num_hidden_layers", 32, NULL},
			{"num_attention_heads", 32, NULL},
			{"num_key_value_heads", 8, NULL},
			{"max_position_embeddings", 128000, NULL},
			{"norm_eps", 1e-5, NULL},
			{"tie_word_embeddings", 1, NULL},
			{"rope_theta", 1e6, NULL},
			{"conv_bias", 0, NULL},
			{"conv_L_cache", 3, NULL},
			{"block_multiple_of", 256, NULL},
			{"block_ffn_dim_multiplier", 1, NULL},
			{"block_auto_adjust_ff_dim", 1, NULL},
			{NULL, 0, NULL},
		},
		.convert = lfm2_convert,
	},
};
