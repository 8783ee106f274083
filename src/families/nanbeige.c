/*
 * Nanbeige (src/models/nanbeige.cpp): plain attention, a full cache on every
 * layer.  load_arch_hparams reads num_loops (default 1) and repeats the
 * block_count physical layers that many times, each pass a layer of the
 * cache of its own (n_layer_all = block_count x num_loops).
 */
#include "model/family.h"

#define KEYS(...) ((const char *const[]){__VA_ARGS__, NULL})

/* conversion/nanbeige.py NanbeigeModel.set_gguf_parameters over
 * LlamaModel's (conversion/llama.py) over TextModel's */
static int convert(struct hfc *c)
{
	int64_t v, loops;
	int skip;

	if (hfc_text_model(c) < 0 ||
	    hfc_need(c, KEYS("vocab_size"), &v) < 0 ||
	    hfc_put_u32(c, "vocab_size", v) < 0)
		return -1;
	/* LlamaModel: the rotated width head_dim, else hidden_size //
	 * num_attention_heads ("if (rope_dim := hparams.get("head_dim")) is
	 * None") */
	if (hfc_head_dim(c, &v) < 0 ||
	    hfc_put_u32(c, "rope.dimension_count", v) < 0)
		return -1;
	/* int(num_loops or 1), at least 1 */
	if (hfc_int(c, KEYS("num_loops"), 1, &loops) < 0)
		return -1;
	if (loops < 1)
		loops = 1;
	if (hfc_put_u32(c, "num_loops", loops) < 0 ||
	    hfc_bool(c, "skip_loop_final_norm", 0, &skip) < 0 ||
	    hfc_put_bool(c, "skip_loop_final_norm", skip) < 0)
		return -1;
	return 0;
}

const struct family family_nanbeige = {
	.arch = "nanbeige",
	.mech = AM_NEXTN | AM_LOOPS,
	/* the checkpoints ship their own code (trust_remote_code): config.json
	 * as it is */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"NanbeigeForCausalLM", NULL},
		.converter = "conversion/nanbeige.py NanbeigeModel",
		.convert = convert,
	},
};
