/*
 * PLaMo 3 (src/models/plamo3.cpp): a sliding window when the file gives
 * one above 0, load_swa_pattern(ml, 8): the file's per-layer pattern else
 * seven sliding layers then a full one.  The sliding layers' RoPE base is
 * rope.freq_base_swa, else llama_hparams' default 10000 (plamo3.cpp does
 * not copy the global base to it).
 */
#include "model/family.h"

#define KEYS(...) ((const char *const[]){__VA_ARGS__, NULL})

/* conversion/plamo.py Plamo3Model.set_gguf_parameters, after TextModel's:
 * the window (window_size, else sliding_window) and then
 * sliding_window_pattern, required.  The writer takes a period or a list
 * of bools; attnviz reads the period the checkpoints give (a list is
 * refused as not a number). */
static int convert(struct hfc *c)
{
	int64_t v;
	int rc;

	if (hfc_text_model(c) < 0 ||
	    hfc_need(c, KEYS("vocab_size"), &v) < 0 ||
	    hfc_put_u32(c, "vocab_size", v) < 0 ||
	    (rc = hfc_int(c, KEYS("window_size", "sliding_window"), 0,
			  &v)) < 0)
		return -1;
	if (!rc)
		return 0;
	if (hfc_put_u32(c, "attention.sliding_window", v) < 0 ||
	    hfc_need(c, KEYS("sliding_window_pattern"), &v) < 0 ||
	    hfc_put_u32(c, "attention.sliding_window_pattern", v) < 0)
		return -1;
	return 0;
}

const struct family family_plamo3 = {
	.arch = "plamo3",
	.mech = AM_NEXTN,
	.swa = &(const struct family_swa){.pattern = 8, .base_local = 10000},
	/* the checkpoints ship their own code (trust_remote_code): config.json
	 * as it is */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"Plamo3ForCausalLM",
						 "PLaMo3ForCausalLM", NULL},
		.converter = "conversion/plamo.py Plamo3Model",
		.convert = convert,
	},
};
