/*
 * Falcon-H1 (src/models/falcon-h1.cpp): Mamba2 beside attention in every
 * layer (create_memory: filter_attn and filter_recr true for every layer).
 *
 * Its graph: replayed, src/graph/compute_mamba2.c (the peak formulas
 * before it were 3.8 % off).
 */
#include <stdio.h>
#include <string.h>

#include "model/family.h"
#include "model/hfconv.h"
#include "model/model.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* FalconH1Model.find_hparam (each key, then "mamba_"-prefixed), optional,
 * "or DEFAULT" as Mamba2Model writes it: absent or 0 takes the default. */
static int or_default(struct hfc *c, const char *const *keys, int64_t def,
		      int64_t *out)
{
	if (hfc_mamba_find(c, keys, 1, out, NULL, 0) < 0)
		return -1;
	if (!*out)
		*out = def;
	return 0;
}

/* conversion/falcon_h1.py FalconH1Model over conversion/mamba.py
 * Mamba2Model: __init__'s widths (n_groups, mamba_d_ssm, d_head,
 * intermediate_size required), Mamba2Model.set_gguf_parameters' keys
 * (ssm.conv_kernel 4, state_size 128 unless given, time_step_rank
 * d_inner // find_hparam(["mamba_d_head", "head_dim"]) or 64, the RMS
 * epsilon), then its own: vocab_size, block_count, context_length
 * max_position_embeddings (0 without), feed_forward_length, head_count,
 * head_count_kv, key_length and value_length head_dim, rope.freq_base
 * rope_parameters["rope_theta"]; its assertions (silu, d_inner a multiple
 * of d_head) followed.  The multipliers scale tensors (modify_tensors),
 * no size: not read. */
static int falcon_h1_convert(struct hfc *c)
{
	int64_t v, d_inner, n_group, d_head, head_dim;
	double eps, theta;
	char ik[40] = "", hk[40] = "";
	/* FalconH1Config computes "auto"; the converter reads config.json
	 * as it is and divides by the string */
	for (int i = 0; i < 2; i++) {
		const char *k = i ? "d_head" : "mamba_d_head";
		const char *sv = hfc_str(c, k);
		if (sv)
			return hfc_fail(c, k, "'%.20s', not a number: the "
					"converter divides the SSM inner size "
					"by it (Mamba2Model) and fails", sv);
	}
	if (hfc_mamba_find(c, K("hidden_size", "d_model", "dim"), 0, &v, NULL,
			   0) < 0 ||
	    hfc_put_u32(c, "embedding_length", v) < 0 ||
	    hfc_mamba_find(c, K("n_groups"), 0, &n_group, NULL, 0) < 0 ||
	    hfc_mamba_find(c, K("mamba_d_ssm"), 0, &d_inner, ik,
			   sizeof ik) < 0 ||
	    hfc_mamba_find(c, K("d_head"), 0, &d_head, NULL, 0) < 0 ||
	    hfc_mamba_find(c, K("intermediate_size"), 0, &v, NULL, 0) < 0)
		return -1;
	if (or_default(c, K("conv_kernel", "d_conv"), 4, &v) < 0 ||
	    hfc_put_u32(c, "ssm.conv_kernel", v) < 0 ||
	    hfc_mamba_find(c, K("mamba_d_ssm"), 0, &v, NULL, 0) < 0 ||
	    hfc_put_u32(c, "ssm.inner_size", d_inner) < 0 ||
	    or_default(c, K("state_size", "d_state"), 128, &v) < 0 ||
	    hfc_put_u32(c, "ssm.state_size", v) < 0 ||
	    hfc_mamba_find(c, K("mamba_d_head", "head_dim"), 1, &head_dim, hk,
			   sizeof hk) < 0)
		return -1;
	if (!head_dim) {
		head_dim = 64;
		snprintf(hk, sizeof hk, "64");
	}
	if (head_dim < 0 || d_inner < 0)
		return hfc_fail(c, NULL, "%lld: want a positive size",
				(long long)(d_inner < 0 ? d_inner : head_dim));
	hfc_source(c, "%s / %s", ik, hk);
	if (hfc_put_u32(c, "ssm.time_step_rank", d_inner / head_dim) < 0 ||
	    hfc_mamba_find(c, K("n_groups"), 0, &v, NULL, 0) < 0 ||
	    hfc_put_u32(c, "ssm.group_count", n_group) < 0 ||
	    hfc_real(c, K("layer_norm_epsilon", "rms_norm_eps",
			  "mamba_layer_norm_epsilon", "mamba_rms_norm_eps"),
		     0, &eps) < 0)
		return -1;
	if (eps == 0)
		hfc_source(c, "architectures[0] (Mamba2Model's default 1e-5)");
	if (hfc_put_f32(c, "attention.layer_norm_rms_epsilon",
			eps != 0 ? eps : 1e-5) < 0 ||
	    hfc_item(c, "vocab_size", "vocab_size", HFC_U32) < 0 ||
	    hfc_block_count(c, &v) < 0 || hfc_put_u32(c, "block_count", v) < 0)
		return -1;
	if (hfc_int(c, K("max_position_embeddings"), 0, &v) < 0 ||
	    hfc_put_u32(c, "context_length", v) < 0 ||
	    hfc_item(c, "intermediate_size", "feed_forward_length",
		     HFC_U32) < 0 ||
	    hfc_item(c, "num_attention_heads", "attention.head_count",
		     HFC_U32) < 0 ||
	    hfc_item(c, "num_key_value_heads", "attention.head_count_kv",
		     HFC_U32) < 0 ||
	    hfc_item(c, "head_dim", "attention.key_length", HFC_U32) < 0 ||
	    hfc_item(c, "head_dim", "attention.value_length", HFC_U32) < 0)
		return -1;
	if (hfc_silu(c) < 0)
		return -1;
	if (d_head <= 0 || d_inner % d_head)
		return hfc_fail(c, hfc_has(c, "d_head") ? "d_head"
							: "mamba_d_head",
				"%lld does not divide the SSM inner size %lld "
				"(the converter asserts it)",
				(long long)d_head, (long long)d_inner);
	if (hfc_rope(c, "rope_theta", 0, &theta) <= 0)
		return hfc_fail(c, "rope_theta", "missing (required by "
				"conversion/falcon_h1.py FalconH1Model: "
				"rope_parameters[\"rope_theta\"])");
	return hfc_put_f32(c, "rope.freq_base", theta);
}

const struct family family_falcon_h1 = {
    .arch = "falcon-h1",
    .mech = AM_NEXTN | AM_RECURRENT,
    .recurrent =
	&(const struct family_recurrent){
	    .rule = RR_EVERY,
	    .state = RS_MAMBA2,
	},
    .mamba2_graph =
	&(const struct family_mamba2_graph){
	    .flags = M2_ROPE | M2_PARALLEL | M2_FFN_GLU,
	    .modelled = 1,
	},
    /* Mamba2Model.__init__ reads config.json itself ("It wrongly assumes
     * all Mamba2 models are Mamba-Codestral-7B-v0.1"): no defaults */
    .conv =
	&(const struct family_conv){
	    .classes = K("FalconH1ForCausalLM"),
	    .converter = "conversion/falcon_h1.py FalconH1Model",
	    .convert = falcon_h1_convert,
	},
};
