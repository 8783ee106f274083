/*
 * Mamba (src/models/mamba.cpp): a recurrent model (llm_arch_is_recurrent),
 * every layer a Mamba-1 block; create_memory keeps each layer's conv and
 * SSM states in llama_memory_recurrent and no KV cache.  load_arch_hparams
 * reads ssm.conv_kernel, inner_size, state_size and time_step_rank
 * (required), no group_count.
 */
#include <string.h>

#include "model/family.h"

#define KEYS(...) ((const char *const[]){__VA_ARGS__, NULL})

/* conversion/mamba.py MambaModel.set_gguf_parameters, find_hparam(...,
 * optional=True) or DEFAULT: a value of 0 takes the default too */
static int or_default(struct hfc *c, const char *const *keys, int64_t def,
		      int64_t *out)
{
	if (hfc_int(c, keys, 0, out) < 0)
		return -1;
	if (*out == 0)
		*out = def;
	return 0;
}

/* The converter's constants: no config.json key behind them. */
static int fixed(struct hfc *c, const char *key, int64_t v)
{
	hfc_source(c, "architectures[0] (MambaModel writes %lld)",
		   (long long)v);
	return hfc_put_u32(c, key, v);
}

/* The keys are written as they are looked up, each naming its own. */
static int convert(struct hfc *c)
{
	int64_t d_model, v, n_layer, vocab, pad;
	double eps;
	const char *type;

	/* "arbitrary value; for those who use the default"; the FFN and
	 * the heads "unused, but seemingly required when loading" */
	if (fixed(c, "context_length", INT64_C(1) << 20) < 0 ||
	    hfc_need(c, KEYS("hidden_size", "d_model"), &d_model) < 0 ||
	    hfc_put_u32(c, "embedding_length", d_model) < 0 ||
	    fixed(c, "feed_forward_length", 0) < 0 ||
	    fixed(c, "attention.head_count", 0) < 0 ||
	    hfc_block_count(c, &n_layer) < 0 ||
	    hfc_put_u32(c, "block_count", n_layer) < 0 ||
	    or_default(c, KEYS("conv_kernel", "d_conv"), 4, &v) < 0 ||
	    hfc_put_u32(c, "ssm.conv_kernel", v) < 0 ||
	    or_default(c, KEYS("intermediate_size", "d_inner"), 2 * d_model,
		       &v) < 0)
		return -1;
	/* "Fail early for models which don't have a block expansion factor
	 * of 2" */
	if (v != 2 * d_model)
		return hfc_fail(c, NULL, "%lld, but the converter asserts "
				"2 x hidden_size (%lld)", (long long)v,
				(long long)(2 * d_model));
	/* dt_rank's default: the ceiling of d_model / 16 */
	if (hfc_put_u32(c, "ssm.inner_size", v) < 0 ||
	    or_default(c, KEYS("state_size", "d_state"), 16, &v) < 0 ||
	    hfc_put_u32(c, "ssm.state_size", v) < 0 ||
	    or_default(c, KEYS("time_step_rank", "dt_rank"),
		       (d_model + 15) / 16, &v) < 0 ||
	    hfc_put_u32(c, "ssm.time_step_rank", v) < 0 ||
	    hfc_real(c, KEYS("layer_norm_epsilon", "rms_norm_eps"), 0,
		     &eps) < 0 ||
	    hfc_put_f32(c, "attention.layer_norm_rms_epsilon",
			eps != 0 ? eps : 1e-5) < 0)
		return -1;
	/* Falcon Mamba applies RMS norm on B, C and dt */
	type = hfc_str(c, "model_type");
	if (hfc_put_bool(c, "ssm.dt_b_c_rms",
			 type && !strcmp(type, "falcon_mamba")) < 0)
		return -1;
	/* set_vocab: the vocabulary padded to pad_vocab_size_multiple (8) */
	if (hfc_int(c, KEYS("vocab_size"), 0, &vocab) < 0 ||
	    hfc_int(c, KEYS("pad_vocab_size_multiple"), 8, &pad) < 0)
		return -1;
	if (pad > 0 && vocab > 0)
		hfc_vocab(c, (vocab + pad - 1) / pad * pad);
	hfc_source(c, "vocab_size (padded to pad_vocab_size_multiple)");
	return 0;
}

const struct family family_mamba = {
	.arch = "mamba",
	.mech = AM_NEXTN | AM_RECURRENT,
	.recurrent = &(const struct family_recurrent){
		.rule = RR_ALL,
		.state = RS_MAMBA1,
	},
	/* MambaModel.__init__ reads config.json itself, not through
	 * AutoConfig: no defaults are filled in */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){
			"MambaForCausalLM", "MambaLMHeadModel",
			"FalconMambaForCausalLM", NULL},
		.converter = "conversion/mamba.py MambaModel",
		.convert = convert,
	},
};
