/*
 * Muse Glimmer (src/models/muse-glimmer.cpp): a sliding window on every
 * file (attention.sliding_window is required), load_swa_pattern(ml, 4):
 * the file's per-layer pattern else three sliding layers then a full one;
 * the sliding layers' RoPE base is the global one unless
 * rope.freq_base_swa says.
 */

#include "model/family.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* conversion/muse_glimmer.py MuseGlimmerModel.set_gguf_parameters
 * (text_config over the root): TextModel's keys, the final soft-cap, the
 * logit scale output_multiplier, the window and its pattern, all
 * required: one bool a layer_types entry, true for "sliding_attention";
 * MuseGlimmerTextConfig (AutoConfig) fills an absent list: full attention
 * every fourth layer counted back from the last, sliding on the others. */
static int muse_convert(struct hfc *c)
{
	if (hfc_text_model(c) < 0 ||
	    hfc_item(c, "final_logit_softcapping", "final_logit_softcapping",
		     HFC_F32) < 0 ||
	    hfc_item(c, "output_multiplier", "logit_scale", HFC_F32) < 0 ||
	    hfc_item(c, "sliding_window", "attention.sliding_window",
		     HFC_U32) < 0)
		return -1;
	return hfc_put_layer_words(c, &(const struct hfc_layer_words){
		.from = "layer_types", .word = "sliding_attention",
		.key = "attention.sliding_window_pattern",
		/* named as hparams has it: text_config's keys */
		.source = "layer_types", .period = 4, .from_last = 1,
		.absent_source = "layer_types absent: MuseGlimmerTextConfig's "
				 "full every fourth from the last",
	}, NULL) < 0 ? -1 : 0;
}

const struct family family_muse_glimmer = {
	.arch = "muse-glimmer",
	.mech = AM_NEXTN,
	.swa = &(const struct family_swa){.pattern = 4},
	/* the defaults are transformers' MuseGlimmerTextConfig
	 * (text_config's, MuseGlimmerConfig's sub-configuration) */
	.conv = &(const struct family_conv){
		.classes = K("MuseGlimmerForConditionalGeneration"),
		.converter = "conversion/muse_glimmer.py MuseGlimmerModel",
		.config = "MuseGlimmerConfig",
		.defaults = (const struct hfc_default[]){
			{"vocab_size", 202048, NULL},
			{"hidden_size", 6656, NULL},
			{"intermediate_size", 19968, NULL},
			{"num_hidden_layers", 52, NULL},
			{"num_attention_heads", 32, NULL},
			{"num_key_value_heads", 2, NULL},
			{"head_dim", 128, NULL},
			{"max_position_embeddings", 131072, NULL},
			{"rms_norm_eps", 1e-5, NULL},
			{"sliding_window", 2048, NULL},
			{"final_logit_softcapping", 20, NULL},
			{"output_multiplier", 0.19611613513818404, NULL},
			{NULL, 0, NULL},
		},
		.convert = muse_convert,
	},
};
