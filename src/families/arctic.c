/*
 * Snowflake Arctic (src/models/arctic.cpp): plain attention, a full cache on
 * every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out). Experts
 * beside a dense residual FFN.
 */
#include "model/family.h"

/* conversion/arctic.py ArcticModel.set_gguf_parameters: TextModel's keys,
 * vocab_size, and the rope dimension hidden_size // num_attention_heads
 * (both required; head_dim not read, so not hfc_head_dim). */
static int arctic_convert(struct hfc *c)
{
	static const char *const embd[] = {"hidden_size", NULL};
	static const char *const heads[] = {"num_attention_heads", NULL};
	int64_t e, h;
	if (hfc_text_model(c) < 0 ||
	    hfc_item(c, "vocab_size", "vocab_size", HFC_U32) < 0 ||
	    hfc_need(c, embd, &e) < 0 || hfc_need(c, heads, &h) < 0)
		return -1;
	if (h <= 0)
		return hfc_fail(c, NULL, "%lld heads", (long long)h);
	hfc_source(c, "hidden_size / num_attention_heads");
	return hfc_put_u32(c, "rope.dimension_count", e / h);
}

const struct family family_arctic = {
	.arch = "arctic",
	.mech = AM_NEXTN,
	/* a model of remote code: no transformers class fills in defaults */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"ArcticForCausalLM", NULL},
		.converter = "conversion/arctic.py ArcticModel",
		.convert = arctic_convert,
	},
};
