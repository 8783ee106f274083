/*
 * Refact (src/models/refact.cpp): ALiBi (load_arch_hparams fixes
 * f_max_alibi_bias at 8), no RoPE; a full cache on every layer:
 * load_arch_hparams reads no window and no other cache mechanism, only the
 * generic keys (nextn layers filtered out).
 */
#include "model/family.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* conversion/refact.py RefactModel.set_gguf_parameters, which calls no
 * base class: the FFN is LLaMA's rule on n_embd (2/3 of 4 x n_embd, up
 * to a multiple of 256), one KV head, the context n_positions. */
static int refact_convert(struct hfc *c)
{
	int64_t embd, v;

	if (hfc_need(c, K("n_embd"), &embd) < 0)
		return -1;
	/* int(2 * inner_dim / 3): inner_dim = 4 x n_embd, a float division
	 * truncated; exact in integers as (8 x n_embd) / 3 */
	int64_t hidden = 2 * 4 * embd / 3;
	int64_t ff = 256 * ((hidden + 256 - 1) / 256);
	if (hfc_item(c, "n_positions", "context_length", HFC_U32) < 0 ||
	    hfc_item(c, "n_embd", "embedding_length", HFC_U32) < 0)
		return -1;
	hfc_source(c, "n_embd: 256 x ceil(int(8 x n_embd / 3) / 256)");
	if (hfc_put_u32(c, "feed_forward_length", ff) < 0 ||
	    hfc_block_count(c, &v) < 0 ||
	    hfc_put_u32(c, "block_count", v) < 0 ||
	    hfc_item(c, "n_head", "attention.head_count", HFC_U32) < 0)
		return -1;
	hfc_source(c, "1 (RefactModel: multi-query)");
	if (hfc_put_u32(c, "attention.head_count_kv", 1) < 0 ||
	    hfc_item(c, "layer_norm_epsilon",
		     "attention.layer_norm_rms_epsilon", HFC_F32) < 0)
		return -1;
	return 0;
}

const struct family family_refact = {
	.arch = "refact",
	.mech = AM_NEXTN,
	/* GPTRefactConfig is remote code (trust_remote_code): the converter
	 * reads the file as it is */
	.conv = &(const struct family_conv){
		.classes = K("GPTRefactForCausalLM"),
		.converter = "conversion/refact.py RefactModel",
		.convert = refact_convert,
	},
};
