/*
 * Jamba (src/models/jamba.cpp): Mamba-1 state where head_count_kv(il) is 0;
 * no group_count.
 *
 * Its graph: replayed, src/graph/compute_hybrid_replay.c, exact over
 * tests/engine.sh's buffers matrix, its experts included.
 */
#include <string.h>

#include "model/family.h"
#include "model/hfconv.h"
#include "model/model.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* hparams[off_key] and hparams[per_key] (JambaConfig's defaults filled
 * in), as the converter's comprehensions take them: an offset past the
 * last layer or a period under 1 make no list one a layer (a
 * ZeroDivisionError for period 0), refused. */
static int offset_period(struct hfc *c, const char *off_key,
			 const char *per_key, int64_t n, int64_t *off,
			 int64_t *per)
{
	const char *const ok[] = {off_key, NULL}, *const pk[] = {per_key, NULL};
	if (hfc_need(c, ok, off) < 0)
		return -1;
	if (*off < 0 || *off >= n)
		return hfc_fail(c, NULL, "%lld: want a layer, 0 to %lld",
				(long long)*off, (long long)n - 1);
	if (hfc_need(c, pk, per) < 0)
		return -1;
	if (*per < 1)
		return hfc_fail(c, NULL, "%lld: want 1 or more",
					(long long)*per);
	return 0;
}

/* conversion/jamba.py JambaModel.set_gguf_parameters (TextModel's not
 * called): block_count, context_length, embedding_length d_model
 * (hidden_size or mamba_d_model), feed_forward_length, head_count, the KV
 * heads a layer (num_key_value_heads on attn_layer_offset + k x
 * attn_layer_period, 0 elsewhere: jamba.cpp's recurrent layers), Mamba's
 * conv kernel (mamba_d_conv or 4), inner size mamba_expand x d_model,
 * state (mamba_d_state or 16), dt rank (mamba_dt_rank or ceil(d_model /
 * 16)), the rms epsilon (or 1e-6) and the expert counts.  Its
 * modify_tensors keeps the router (ffn_gate_inp) only on
 * expert_layer_offset + k x expert_layer_period, which no key says: the
 * other layers' FFN is dense (hfc_dense_ffn). */
static int jamba_convert(struct hfc *c)
{
	static int64_t kv[MODEL_MAX_LAYERS];
	int64_t n, d, v, heads, off, per;
	double eps;
	int rc;
	if (hfc_block_count(c, &n) < 0)
		return -1;
	if (n < 1 || n > MODEL_MAX_LAYERS)
		return hfc_fail(c, NULL, "%lld layers (1 to %d)", (long long)n,
				MODEL_MAX_LAYERS);
	if (hfc_put_u32(c, "block_count", n) < 0)
		return -1;
	if (hfc_need(c, K("hidden_size", "mamba_d_model"), &d) < 0 ||
	    hfc_need(c, K("num_key_value_heads"), &heads) < 0 ||
	    offset_period(c, "attn_layer_offset", "attn_layer_period", n, &off,
			  &per) < 0)
		return -1;
	for (int64_t il = 0; il < n; il++)
		kv[il] = il >= off && (il - off) % per == 0 ? heads : 0;
	if (hfc_need(c, K("max_position_embeddings", "n_ctx"), &v) < 0 ||
	    hfc_put_u32(c, "context_length", v) < 0 ||
	    hfc_need(c, K("hidden_size", "mamba_d_model"), &d) < 0 ||
	    hfc_put_u32(c, "embedding_length", d) < 0 ||
	    hfc_item(c, "intermediate_size", "feed_forward_length",
		     HFC_U32) < 0 ||
	    hfc_item(c, "num_attention_heads", "attention.head_count",
		     HFC_U32) < 0)
		return -1;
	hfc_source(c, "attn_layer_offset, attn_layer_period x "
		   "num_key_value_heads");
	if (hfc_put_ints(c, "attention.head_count_kv", kv, (size_t)n) < 0)
		return -1;
	/* find_hparam(..., optional=True) or DEFAULT: absent, null or 0 */
	if ((rc = hfc_int(c, K("mamba_d_conv"), 0, &v)) < 0)
		return -1;
	if (!v)
		hfc_source(c, "4 (JambaModel's default)");
	if (hfc_put_u32(c, "ssm.conv_kernel", v ? v : 4) < 0 ||
	    hfc_need(c, K("mamba_expand"), &v) < 0)
		return -1;
	hfc_source(c, "mamba_expand x hidden_size");
	if (hfc_put_u32(c, "ssm.inner_size", v * d) < 0 ||
	    (rc = hfc_int(c, K("mamba_d_state"), 0, &v)) < 0)
		return -1;
	if (!v)
		hfc_source(c, "16 (JambaModel's default)");
	if (hfc_put_u32(c, "ssm.state_size", v ? v : 16) < 0)
		return -1;
	/* JambaConfig.__init__: mamba_dt_rank "auto" is
	 * ceil(hidden_size / 16), as the converter's own default */
	const char *dt = hfc_str(c, "mamba_dt_rank");
	v = 0;
	if (dt && strcmp(dt, "auto"))
		return hfc_fail(c, "mamba_dt_rank", "'%.20s': want a number or "
				"\"auto\"", dt);
	if (!dt && hfc_int(c, K("mamba_dt_rank"), 0, &v) < 0)
		return -1;
	if (!v)
		hfc_source(c, "ceil(hidden_size / 16) (mamba_dt_rank auto)");
	if (hfc_put_u32(c, "ssm.time_step_rank", v ? v : (d + 15) / 16) < 0 ||
	    hfc_real(c, K("layer_norm_epsilon", "rms_norm_eps"), 0, &eps) < 0)
		return -1;
	if (eps == 0)
		hfc_source(c, "1e-6 (JambaModel's default)");
	if (hfc_put_f32(c, "attention.layer_norm_rms_epsilon",
			eps != 0 ? eps : 1e-6) < 0 ||
	    hfc_need(c, K("num_local_experts", "num_experts"), &v) < 0 ||
	    hfc_put_u32(c, "expert_count", v) < 0 ||
	    hfc_need(c, K("num_experts_per_tok", "num_experts_per_token"),
		     &v) < 0 ||
	    hfc_put_u32(c, "expert_used_count", v) < 0)
		return -1;
	if (offset_period(c, "expert_layer_offset", "expert_layer_period", n,
			  &off, &per) < 0)
		return -1;
	for (int64_t il = 0; il < n; il++)
		if (!(il >= off && (il - off) % per == 0))
			hfc_dense_ffn(c, il);
	return 0;
}

const struct family family_jamba = {
    .arch = "jamba",
    .mech = AM_NEXTN | AM_RECURRENT | AM_ROUTER_LAYERS,
    .recurrent =
	&(const struct family_recurrent){
	    .rule = RR_KV_ZERO,
	    .state = RS_MAMBA1,
	},
    .hybrid_graph =
	&(const struct family_hybrid_graph){
	    .recr = RECR_MAMBA1,
	    .flags = HF_MOE,
	    .modelled = 1,
	    .modelled_rot_fa = 1,
	},
    /* transformers' JambaConfig's defaults (models/jamba/
     * configuration_jamba.py) */
    .conv =
	&(const struct family_conv){
	    .classes = K("JambaForCausalLM"),
	    .converter = "conversion/jamba.py JambaModel",
	    .config = "JambaConfig",
	    .defaults =
		(const struct hfc_default[]){
		    {"vocab_size", 65536, NULL},
		    {"tie_word_embeddings", 0, NULL},
		    {"hidden_size", 4096, NULL},
		    {"intermediate_size", 14336, NULL},
		    {"num_hidden_layers", 32, NULL},
		    {"num_attention_heads", 32, NULL},
		    {"num_key_value_heads", 8, NULL},
		    {"rms_norm_eps", 1e-6, NULL},
		    {"max_position_embeddings", 262144, NULL},
		    {"num_experts_per_tok", 2, NULL},
		    {"num_experts", 16, NULL},
		    {"expert_layer_period", 2, NULL},
		    {"expert_layer_offset", 1, NULL},
		    {"attn_layer_period", 8, NULL},
		    {"attn_layer_offset", 4, NULL},
		    {"mamba_d_state", 16, NULL},
		    {"mamba_d_conv", 4, NULL},
		    {"mamba_expand", 2, NULL},
		    {"mamba_dt_rank", 0, "auto"},
		    {NULL, 0, NULL},
		},
	    .convert = jamba_convert,
	},
};
