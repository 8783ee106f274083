/*
 * SmallThinker (src/models/smallthinker.cpp): load_arch_hparams switches
 * the window on when attention.sliding_window is above 0, then fixes n_swa
 * at 4096 whatever the file says, and reads the file's per-layer pattern or
 * set_swa_pattern(4, dense_first = true) (llama-model.cpp
 * load_swa_pattern); absent or 0, every layer full.
 */
#include "model/family.h"
#include "model/model.h"

#define KEYS(...) ((const char *const[]){__VA_ARGS__, NULL})

/* gguf.ExpertGatingFuncType */
enum { GATING_SOFTMAX = 1, GATING_SIGMOID = 2 };

/* conversion/smallthinker.py SmallThinkerModel.set_gguf_parameters, after
 * TextModel's */
static int convert(struct hfc *c)
{
	int64_t layout[MODEL_MAX_LAYERS], v;
	int n, softmax;

	if (hfc_text_model(c) < 0)
		return -1;
	if (hfc_int(c, KEYS("moe_num_primary_experts"), 0, &v) > 0 &&
	    hfc_put_u32(c, "expert_count", v) < 0)
		return -1;
	if (hfc_int(c, KEYS("moe_num_active_primary_experts"), 0, &v) > 0 &&
	    hfc_put_u32(c, "expert_used_count", v) < 0)
		return -1;
	/* the experts' width is the FFN's too */
	if (hfc_int(c, KEYS("moe_ffn_hidden_size"), 0, &v) > 0 &&
	    (hfc_put_u32(c, "expert_feed_forward_length", v) < 0 ||
	     hfc_put_u32(c, "feed_forward_length", v) < 0))
		return -1;
	if (hfc_bool(c, "moe_primary_router_apply_softmax", 0, &softmax) < 0 ||
	    hfc_put_u32(c, "expert_gating_func",
			softmax ? GATING_SOFTMAX : GATING_SIGMOID) < 0)
		return -1;
	/* a window when sliding_window_layout marks any layer and
	 * sliding_window_size is set (llama.cpp then fixes it at 4096) */
	if ((n = hfc_ints(c, "sliding_window_layout", layout,
			  MODEL_MAX_LAYERS)) < 0)
		return -1;
	for (int i = 0; i < n; i++) {
		if (!layout[i])
			continue;
		if (hfc_int(c, KEYS("sliding_window_size"), 0, &v) < 0 ||
		    (v && hfc_put_u32(c, "attention.sliding_window", v) < 0))
			return -1;
		break;
	}
	return 0;
}

const struct family family_smallthinker = {
	.arch = "smallthinker",
	.mech = AM_NEXTN,
	.swa = &(const struct family_swa){
		.pattern = 4,
		.dense_first = 1,
		.fixed_window = 4096,
	},
	/* the checkpoints ship their own code (trust_remote_code): config.json
	 * as it is */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"SmallThinkerForCausalLM",
						 NULL},
		.converter = "conversion/smallthinker.py SmallThinkerModel",
		.convert = convert,
	},
};
