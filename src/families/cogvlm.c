/*
 * CogVLM's language model (src/models/cogvlm.cpp): plain attention, a full
 * cache on every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out). Its vision
 * expert weights sit beside the text ones in each layer, one cache.
 */
#include "model/family.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* conversion/cogvlm.py CogVLMModel is conversion/llama.py LlamaModel's
 * set_gguf_parameters: TextModel's keys, the vocabulary, and the rotary
 * dimensions head_dim, else hidden_size // num_attention_heads. */
static int cogvlm_convert(struct hfc *c)
{
	int64_t dim;

	if (hfc_text_model(c) < 0 ||
	    hfc_item(c, "vocab_size", "vocab_size", HFC_U32) < 0 ||
	    hfc_head_dim(c, &dim) < 0)
		return -1;
	return hfc_put_u32(c, "rope.dimension_count", dim);
}

const struct family family_cogvlm = {
	.arch = "cogvlm",
	.mech = AM_NEXTN,
	/* CogVLM's configuration class is remote code (trust_remote_code):
	 * the converter reads the file as it is */
	.conv = &(const struct family_conv){
		.classes = K("CogVLMForCausalLM"),
		.converter = "conversion/cogvlm.py CogVLMModel",
		.convert = cogvlm_convert,
	},
};
