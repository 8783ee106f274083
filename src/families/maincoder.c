/*
 * Maincoder (src/models/maincoder.cpp): plain attention, a full cache on
 * every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* conversion/maincoder.py MaincoderModel.set_gguf_parameters: TextModel's
 * keys, and the rotary dimensions head_dim when the file gives one. */
static int maincoder_convert(struct hfc *c)
{
	if (hfc_text_model(c) < 0 ||
	    hfc_get(c, "head_dim", "rope.dimension_count", HFC_U32) < 0)
		return -1;
	return 0;
}

const struct family family_maincoder = {
	.arch = "maincoder",
	.mech = AM_NEXTN,
	/* no transformers configuration class (trust_remote_code): the
	 * converter reads the file as it is */
	.conv = &(const struct family_conv){
		.classes = K("MaincoderForCausalLM"),
		.converter = "conversion/maincoder.py MaincoderModel",
		.convert = maincoder_convert,
	},
};
