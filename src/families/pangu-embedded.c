/*
 * openPangu Embedded (src/models/pangu-embed.cpp): plain attention, a full
 * cache on every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

/* conversion/pangu.py PanguEmbeddedModel.set_gguf_parameters: TextModel's
 * keys, vocab_size, the rope dimension (head_dim, else hidden_size //
 * num_attention_heads), which is the key and value length too when the
 * file has no head_dim. */
static int pangu_convert(struct hfc *c)
{
	int64_t dim;
	if (hfc_text_model(c) < 0 ||
	    hfc_item(c, "vocab_size", "vocab_size", HFC_U32) < 0 ||
	    hfc_head_dim(c, &dim) < 0 ||
	    hfc_put_u32(c, "rope.dimension_count", dim) < 0)
		return -1;
	if (hfc_has(c, "head_dim"))
		return 0;
	hfc_source(c, "hidden_size / num_attention_heads");
	if (hfc_put_u32(c, "attention.key_length", dim) < 0)
		return -1;
	hfc_source(c, "hidden_size / num_attention_heads");
	return hfc_put_u32(c, "attention.value_length", dim);
}

const struct family family_pangu_embedded = {
	.arch = "pangu-embedded",
	.mech = AM_NEXTN,
	/* a model of remote code: no transformers class fills in defaults */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"PanguEmbeddedForCausalLM",
						 NULL},
		.converter = "conversion/pangu.py PanguEmbeddedModel",
		.convert = pangu_convert,
	},
};
