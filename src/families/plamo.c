/*
 * PLaMo (the first) (src/models/plamo.cpp): plain attention, a full cache on
 * every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

#define KEYS(...) ((const char *const[]){__VA_ARGS__, NULL})

#define CONVERTER "conversion/plamo.py PlamoModel"

/* hparams[KEY] to the u32 key */
static int need(struct hfc *c, const char *key, const char *gguf)
{
	int64_t v;
	return hfc_need(c, KEYS(key), &v) < 0 ? -1 : hfc_put_u32(c, gguf, v);
}

/* conversion/plamo.py PlamoModel.set_gguf_parameters (TextModel's not
 * called): 4096 positions ("not in config.json") and 5 KV heads
 * ("hparams["num_key_value_heads"]) is wrong") whatever the file says */
static int convert(struct hfc *c)
{
	int64_t n_layer;
	double eps;
	int rc;

	hfc_source(c, "architectures[0] (%s: not in config.json)",
		   CONVERTER);
	if (hfc_put_u32(c, "context_length", 4096) < 0 ||
	    need(c, "hidden_size", "embedding_length") < 0 ||
	    need(c, "intermediate_size", "feed_forward_length") < 0 ||
	    hfc_block_count(c, &n_layer) < 0 ||
	    hfc_put_u32(c, "block_count", n_layer) < 0 ||
	    need(c, "num_attention_heads", "attention.head_count") < 0)
		return -1;
	hfc_source(c, "architectures[0] (%s: 5, not num_key_value_heads)",
		   CONVERTER);
	if (hfc_put_u32(c, "attention.head_count_kv", 5) < 0 ||
	    (rc = hfc_real(c, KEYS("rms_norm_eps"), 0, &eps)) < 0)
		return -1;
	if (!rc)
		return hfc_fail(c, "rms_norm_eps", "missing (required by %s)",
				CONVERTER);
	return hfc_put_f32(c, "attention.layer_norm_rms_epsilon", eps);
}

const struct family family_plamo = {
	.arch = "plamo",
	.mech = AM_NEXTN,
	/* the checkpoint ships its own code (trust_remote_code): config.json
	 * as it is */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"PlamoForCausalLM", NULL},
		.converter = CONVERTER,
		.convert = convert,
	},
};
