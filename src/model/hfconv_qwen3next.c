/*
 * hfconv_qwen3next: conversion/qwen.py Qwen3NextModel's
 * set_gguf_parameters, which Qwen3_5TextModel and Qwen3_5MoeTextModel
 * inherit through _LinearAttentionVReorderBase (src/families/qwen3next.c,
 * qwen35.c, qwen35moe.c).
 */
#include <stdio.h>
#include <string.h>

#include "model/hfconv.h"
#include "model/model.h"

/* _QwenMtpMixin.__init__: block_count = hparams["num_hidden_layers"] plus
 * mtp_num_hidden_layers, or, where that is absent or 0, the mtp.layers.N
 * blocks filter_tensors counts in the checkpoint (the published
 * Qwen3-Next-80B's config has no count, its checkpoint one block; the
 * converter asserts there is one): one.  *n the main layers, *mtp the
 * nextn ones, src what they come from. */
static int mtp_layers(struct hfc *c, int64_t *n, int64_t *mtp,
		      const char **src)
{
	static const char *const layers[] = {"num_hidden_layers", NULL};
	static const char *const mtp_key[] = {"mtp_num_hidden_layers", NULL};
	if (hfc_need(c, layers, n) < 0)
		return -1;
	if (*n < 1 || *n >= MODEL_MAX_LAYERS)
		return hfc_fail(c, NULL, "%lld layers (1 to %d)",
				(long long)*n, MODEL_MAX_LAYERS - 1);
	if (hfc_int(c, mtp_key, 0, mtp) < 0)
		return -1;
	if (*mtp < 0 || *mtp > MODEL_MAX_LAYERS - *n)
		return hfc_fail(c, NULL, "%lld nextn layers after %lld (0 to "
				"%lld)", (long long)*mtp, (long long)*n,
				(long long)(MODEL_MAX_LAYERS - *n));
	*src = "num_hidden_layers + mtp_num_hidden_layers";
	if (*mtp > 0)
		return 0;
	*mtp = 1;
	*src = "num_hidden_layers + the checkpoint's mtp.layers.0 "
	       "(_QwenMtpMixin)";
	return 0;
}

/* Qwen3NextModel: layer_types (when not None, exactly num_hidden_layers
 * of them) as attention.recurrent_layers, "linear_attention" recurrent
 * and any other word attention, False on the nextn blocks after them. */
static int recurrent_layers(struct hfc *c, int64_t n, int64_t blocks)
{
	static const char *words[MODEL_MAX_LAYERS];
	static int64_t rec[MODEL_MAX_LAYERS];
	int nw = hfc_words(c, "layer_types", words, MODEL_MAX_LAYERS);
	if (nw < 0)
		return -1;
	if (nw == 0 && !hfc_has(c, "layer_types"))
		return 0;
	if (nw != n)
		return hfc_fail(c, NULL, "%d entries, expected "
				"num_hidden_layers (%lld)", nw, (long long)n);
	for (int64_t il = 0; il < blocks; il++)
		rec[il] = il < n && !strcmp(words[il], "linear_attention");
	hfc_source(c, "layer_types: linear_attention");
	return hfc_put_bools(c, "attention.recurrent_layers", rec,
			     (size_t)blocks);
}

int hfc_qwen3next(struct hfc *c)
{
	static const struct hfc_copy moe[] = {
	    {"moe_intermediate_size", "expert_feed_forward_length"},
	    {"shared_expert_intermediate_size",
	     "expert_shared_feed_forward_length"},
	}, ssm[] = {
	    {"linear_conv_kernel_dim", "ssm.conv_kernel"},
	    {"linear_key_head_dim", "ssm.state_size"},
	    {"linear_num_key_heads", "ssm.group_count"},
	    {"linear_num_value_heads", "ssm.time_step_rank"},
	};
	static const char *const vd[] = {"linear_value_head_dim", NULL};
	static const char *const vh[] = {"linear_num_value_heads", NULL};
	static const char *const iv[] = {"full_attention_interval", NULL};
	static const char *const step[] = {"decoder_sparse_step", NULL};
	static int64_t dense[MODEL_MAX_LAYERS];
	int64_t n, mtp, d, v, hd;
	const char *src = "";
	double f;
	int nd;
	/* TextModel's keys, its block_count the mixin's; Qwen2MoeModel's
	 * experts' widths when given; the mixin's nextn count */
	if (mtp_layers(c, &n, &mtp, &src) < 0 || hfc_text_model(c) < 0)
		return -1;
	hfc_source(c, "%s", src);
	if (hfc_put_u32(c, "block_count", n + mtp) < 0 ||
	    HFC_COPY(c, moe, 0) < 0)
		return -1;
	hfc_source(c, "%s", src);
	if (hfc_put_u32(c, "nextn_predict_layers", mtp) < 0)
		return -1;
	/* Qwen3NextModel: the gated delta net's sizes, required; none may be
	 * 0 (qwen3next.cpp divides the V heads among the K heads and sizes
	 * its tensors by each) */
	for (size_t i = 0; i < sizeof ssm / sizeof ssm[0]; i++) {
		const char *const key[] = {ssm[i].from, NULL};
		if (hfc_need(c, key, &v) < 0)
			return -1;
		if (v < 1 || v > 65536)
			return hfc_fail(c, NULL, "%lld is out of range (1 to "
					"65536)", (long long)v);
	}
	if (HFC_COPY(c, ssm, 1) < 0 || hfc_need(c, vd, &d) < 0)
		return -1;
	if (d < 1 || d > 65536)
		return hfc_fail(c, NULL, "%lld is out of range (1 to 65536)",
				(long long)d);
	if (hfc_need(c, vh, &v) < 0)
		return -1;
	hfc_source(c, "linear_value_head_dim x linear_num_value_heads");
	if (hfc_put_u32(c, "ssm.inner_size", d * v) < 0 ||
	    recurrent_layers(c, n, n + mtp) < 0)
		return -1;
	if (hfc_int(c, iv, 4, &v) < 0 ||
	    hfc_put_u32(c, "full_attention_interval", v) < 0)
		return -1;
	/* int(head_dim x rope_parameters' partial_rotary_factor, 0.25) */
	if (hfc_head_dim(c, &hd) < 0 ||
	    hfc_rope(c, "partial_rotary_factor", 0.25, &f) < 0)
		return -1;
	hfc_source(c, "partial_rotary_factor %g x head_dim", f);
	if (hfc_put_u32(c, "rope.dimension_count", (int64_t)((double)hd * f))
	    < 0)
		return -1;
	/* Nothing of mlp_only_layers or decoder_sparse_step is written, and
	 * the loaders (qwen3next.cpp, qwen35moe.cpp load_arch_tensors) make
	 * experts on every layer: dense layers among them would make a GGUF
	 * llama.cpp refuses */
	if (!hfc_written(c, "expert_count", NULL))
		return hfc_window_unread(c, "use_sliding_window");
	if ((nd = hfc_ints(c, "mlp_only_layers", dense, MODEL_MAX_LAYERS)) < 0)
		return -1;
	if (nd > 0)
		return hfc_fail(c, NULL, "dense layers among MoE "
				"layers: llama.cpp's loader wants experts on "
				"every layer");
	if (hfc_int(c, step, 1, &v) < 0)
		return -1;
	if (v != 1)
		return hfc_fail(c, NULL, "%lld: llama.cpp's "
				"loader wants experts on every layer (1)",
				(long long)v);
	return hfc_window_unread(c, "use_sliding_window");
}

/* _Qwen35MRopeMixin over it: rope_parameters without mrope_section (which
 * TextModel writes, padded to four) gets [11, 11, 10, 0], as the qwen35
 * and qwen35moe loaders require rope.dimension_sections. */
int hfc_qwen35(struct hfc *c)
{
	static const int64_t sections[] = {11, 11, 10, 0};
	const char *rp = hfc_has(c, "rope_parameters") ? "rope_parameters"
						       : "rope_scaling";
	char key[48];
	if (hfc_qwen3next(c) < 0)
		return -1;
	snprintf(key, sizeof key, "%s.mrope_section", rp);
	if (hfc_has(c, key))
		return 0;
	hfc_source(c, "_Qwen35MRopeMixin: [11, 11, 10, 0]");
	return hfc_put_ints(c, "rope.dimension_sections", sections, 4);
}
