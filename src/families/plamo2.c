/*
 * PLaMo 2 (src/models/plamo2.cpp): Mamba-2 state where head_count_kv(il) is
 * 0 (load_arch_hparams: is_recr_impl[i] = n_head_kv(i) == 0), a full cache
 * on the others; ssm.conv_kernel, inner_size, state_size, time_step_rank
 * and group_count required.
 */
#include "model/family.h"
#include "model/model.h"

#define KEYS(...) ((const char *const[]){__VA_ARGS__, NULL})

/* conversion/plamo.py Plamo2Model.set_gguf_parameters (TextModel's not
 * called): hparams.get(KEY, DEFAULT) throughout */
static int convert(struct hfc *c)
{
	int64_t kv[MODEL_MAX_LAYERS], heads[MODEL_MAX_LAYERS];
	int64_t vocab, step, n_layer, n_kv, n_head, v;
	int64_t mamba_heads, head_dim;
	int enabled;
	double real;

	if (hfc_need(c, KEYS("vocab_size"), &vocab) < 0 ||
	    hfc_put_u32(c, "vocab_size", vocab) < 0)
		return -1;
	/* which layers are Mamba: mamba_step (modeling_plamo.py is_mamba) */
	if (hfc_int(c, KEYS("mamba_step"), 2, &step) < 0 ||
	    hfc_bool(c, "mamba_enabled", 1, &enabled) < 0 ||
	    hfc_block_count(c, &n_layer) < 0)
		return -1;
	if (n_layer > MODEL_MAX_LAYERS)
		return hfc_fail(c, NULL, "%lld layers: above %d",
				(long long)n_layer, MODEL_MAX_LAYERS);
	if (enabled && step < 1)
		return hfc_fail(c, "mamba_step", "%lld: the converter divides "
				"by it", (long long)step);
	if (enabled) {
		if (hfc_int(c, KEYS("num_key_value_heads"), 4, &n_kv) < 0 ||
		    hfc_int(c, KEYS("num_attention_heads"), 32, &n_head) < 0)
			return -1;
		for (int64_t i = 0; i < n_layer; i++) {
			/* a model of step / 2 layers or fewer: attention in
			 * the last layer */
			int mamba = n_layer <= step / 2 ? i != n_layer - 1
						       : i % step != step / 2;
			kv[i] = mamba ? 0 : n_kv;
			heads[i] = mamba ? 0 : n_head;
		}
		hfc_source(c, "mamba_step");
		if (n_layer > 0 &&
		    (hfc_put_ints(c, "attention.head_count_kv", kv,
				  (size_t)n_layer) < 0 ||
		     hfc_put_ints(c, "attention.head_count", heads,
				  (size_t)n_layer) < 0))
			return -1;
	}
	if (hfc_int(c, KEYS("max_position_embeddings"), 2048, &v) < 0 ||
	    hfc_put_u32(c, "context_length", v) < 0 ||
	    hfc_int(c, KEYS("hidden_size"), 4096, &v) < 0 ||
	    hfc_put_u32(c, "embedding_length", v) < 0 ||
	    hfc_int(c, KEYS("hidden_size_per_head"), 128, &head_dim) < 0 ||
	    hfc_put_u32(c, "attention.key_length", head_dim) < 0 ||
	    hfc_put_u32(c, "attention.value_length", head_dim) < 0 ||
	    hfc_block_count(c, &n_layer) < 0 ||
	    hfc_put_u32(c, "block_count", n_layer) < 0 ||
	    hfc_real(c, KEYS("rms_norm_eps"), 1e-6, &real) < 0 ||
	    hfc_put_f32(c, "attention.layer_norm_rms_epsilon", real) < 0 ||
	    hfc_rope(c, "rope_theta", 10000, &real) < 0 ||
	    hfc_put_f32(c, "rope.freq_base", real) < 0)
		return -1;
	/* the Mamba widths: mamba_num_heads heads of hidden_size_per_head */
	if (hfc_int(c, KEYS("mamba_d_state"), 64, &v) < 0 ||
	    hfc_put_u32(c, "ssm.state_size", v) < 0 ||
	    hfc_int(c, KEYS("mamba_d_conv"), 4, &v) < 0 ||
	    hfc_put_u32(c, "ssm.conv_kernel", v) < 0 ||
	    hfc_int(c, KEYS("mamba_num_heads"), 64, &mamba_heads) < 0 ||
	    hfc_put_u32(c, "ssm.time_step_rank", mamba_heads) < 0)
		return -1;
	hfc_source(c, "mamba_num_heads x hidden_size_per_head");
	if (hfc_put_u32(c, "ssm.inner_size", mamba_heads * head_dim) < 0 ||
	    hfc_put_u32(c, "ssm.group_count", 0) < 0 ||
	    hfc_int(c, KEYS("intermediate_size"), 13312, &v) < 0 ||
	    hfc_put_u32(c, "feed_forward_length", v) < 0)
		return -1;
	return 0;
}

const struct family family_plamo2 = {
	.arch = "plamo2",
	.mech = AM_NEXTN | AM_RECURRENT,
	.recurrent = &(const struct family_recurrent){
		.rule = RR_KV_ZERO,
		.state = RS_MAMBA2,
	},
	/* the checkpoints ship their own code (trust_remote_code): config.json
	 * is read as it is */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"Plamo2ForCausalLM",
						 "PLaMo2ForCausalLM", NULL},
		.converter = "conversion/plamo.py Plamo2Model",
		.convert = convert,
	},
};
