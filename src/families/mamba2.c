/*
 * Mamba-2 (src/models/mamba2.cpp): a recurrent model (llm_arch_is_recurrent),
 * every layer a Mamba-2 block; create_memory keeps each layer's conv and SSM
 * states in llama_memory_recurrent and no KV cache.  load_arch_hparams reads
 * ssm.conv_kernel, inner_size, state_size, time_step_rank and group_count
 * (required).
 */
#include "model/family.h"

#define KEYS(...) ((const char *const[]){__VA_ARGS__, NULL})

/* find_hparam(..., optional=True) or DEFAULT: 0 takes the default too;
 * 1 when the file gave the value, 0 the default, -1 an error */
static int or_default(struct hfc *c, const char *const *keys, int64_t def,
		      int64_t *out)
{
	if (hfc_int(c, keys, 0, out) < 0)
		return -1;
	if (*out != 0)
		return 1;
	*out = def;
	return 0;
}

/* The converter's constants: no config.json key behind them. */
static int fixed(struct hfc *c, const char *key, int64_t v)
{
	hfc_source(c, "architectures[0] (Mamba2Model writes %lld)",
		   (long long)v);
	return hfc_put_u32(c, key, v);
}

/* conversion/mamba.py Mamba2Model: __init__'s widths, then
 * set_gguf_parameters; each key written as it is looked up, naming its
 * config.json key */
static int convert(struct hfc *c)
{
	int64_t d_model, expand, d_inner, head_dim, v, vocab, pad;
	double eps;
	int rc;

	if (fixed(c, "context_length", INT64_C(1) << 20) < 0 ||
	    hfc_need(c, KEYS("hidden_size", "d_model", "dim"), &d_model) < 0 ||
	    hfc_put_u32(c, "embedding_length", d_model) < 0 ||
	    fixed(c, "feed_forward_length", 0) < 0 ||
	    fixed(c, "attention.head_count", 0) < 0 ||
	    hfc_block_count(c, &v) < 0 ||
	    hfc_put_u32(c, "block_count", v) < 0 ||
	    or_default(c, KEYS("conv_kernel", "d_conv"), 4, &v) < 0 ||
	    hfc_put_u32(c, "ssm.conv_kernel", v) < 0 ||
	    or_default(c, KEYS("mamba_expand", "expand"), 2, &expand) < 0 ||
	    (rc = or_default(c, KEYS("mamba_d_ssm", "intermediate_size",
				     "d_inner"), expand * d_model,
			     &d_inner)) < 0)
		return -1;
	if (d_inner != expand * d_model)
		return hfc_fail(c, NULL, "%lld, but the converter asserts "
				"expand x hidden_size (%lld)",
				(long long)d_inner,
				(long long)(expand * d_model));
	if (!rc)
		hfc_source(c, "expand x hidden_size");
	if (hfc_put_u32(c, "ssm.inner_size", d_inner) < 0 ||
	    or_default(c, KEYS("state_size", "d_state"), 128, &v) < 0 ||
	    hfc_put_u32(c, "ssm.state_size", v) < 0 ||
	    or_default(c, KEYS("mamba_d_head", "head_dim"), 64,
		       &head_dim) < 0)
		return -1;
	if (head_dim < 0 || d_inner % head_dim)
		return hfc_fail(c, NULL, "%lld, but the converter asserts it "
				"divides the inner size %lld",
				(long long)head_dim, (long long)d_inner);
	hfc_source(c, "inner size / head_dim");
	if (hfc_put_u32(c, "ssm.time_step_rank", d_inner / head_dim) < 0 ||
	    or_default(c, KEYS("n_groups"), 1, &v) < 0 ||
	    hfc_put_u32(c, "ssm.group_count", v) < 0 ||
	    hfc_real(c, KEYS("layer_norm_epsilon", "rms_norm_eps"), 0,
		     &eps) < 0 ||
	    hfc_put_f32(c, "attention.layer_norm_rms_epsilon",
			eps != 0 ? eps : 1e-5) < 0)
		return -1;
	/* set_vocab: the vocabulary padded to pad_vocab_size_multiple (16) */
	if (hfc_int(c, KEYS("vocab_size"), 0, &vocab) < 0 ||
	    hfc_int(c, KEYS("pad_vocab_size_multiple"), 16, &pad) < 0)
		return -1;
	if (pad > 0 && vocab > 0)
		hfc_vocab(c, (vocab + pad - 1) / pad * pad);
	hfc_source(c, "vocab_size (padded to pad_vocab_size_multiple)");
	return 0;
}

const struct family family_mamba2 = {
	.arch = "mamba2",
	.mech = AM_NEXTN | AM_RECURRENT,
	.recurrent = &(const struct family_recurrent){
		.rule = RR_ALL,
		.state = RS_MAMBA2,
	},
	/* Mamba2Model.__init__ reads config.json itself ("It wrongly assumes
	 * all Mamba2 models are Mamba-Codestral-7B-v0.1"): no defaults */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"Mamba2ForCausalLM", NULL},
		.converter = "conversion/mamba.py Mamba2Model",
		.convert = convert,
	},
};
