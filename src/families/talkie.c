/*
 * Talkie (src/models/talkie.cpp): plain attention, a full cache on every
 * layer; load_arch_hparams reads no window and no other cache mechanism,
 * only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* conversion/talkie.py TalkieModel.set_gguf_parameters: TextModel's keys,
 * then the RMS epsilon torch.finfo(torch.float32).eps (F.rms_norm without
 * one), 2^-23.  logit_scale is written later, from the lm_head_gain
 * tensor, which no config.json holds. */
static int talkie_convert(struct hfc *c)
{
	if (hfc_text_model(c) < 0)
		return -1;
	hfc_source(c, "float32 epsilon (TalkieModel)");
	return hfc_put_f32(c, "attention.layer_norm_rms_epsilon",
			   1.1920928955078125e-07);
}

const struct family family_talkie = {
	.arch = "talkie",
	.mech = AM_NEXTN,
	/* Talkie's configuration class is remote code (trust_remote_code):
	 * the converter reads the file as it is */
	.conv = &(const struct family_conv){
		.classes = K("TalkieForCausalLM"),
		.converter = "conversion/talkie.py TalkieModel",
		.convert = talkie_convert,
	},
};
