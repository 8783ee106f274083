/*
 * Nemotron 3 Nano, Super and Puzzle (LLM_ARCH_NEMOTRON_H_MOE): Nemotron-H's
 * layers with MoE blocks in place of its MLP ones.  llama.cpp builds it
 * with llama_model_nemotron_h's load_arch_hparams (src/models/nemotron-h.cpp:
 * a layer is recurrent iff head_count_kv(il) and feed_forward_length(il)
 * are both 0) and create_memory's Nemotron-H filters (attention where
 * n_ff(il) == 0 and the layer is not recurrent), so an MoE block, whose
 * feed_forward_length is its experts' width (conversion/nemotron.py
 * NemotronHModel with num_experts_per_tok), keeps nothing.  Its compute
 * graph (src/models/nemotron-h-moe.cpp) is not replayed: estimated.
 */
#include "model/family.h"
#include "model/hfconv.h"

static int nemotron_h_moe_convert(struct hfc *c)
{
	return hfc_nemotron_h(c, 1);
}

const struct family family_nemotron_h_moe = {
	.arch = "nemotron_h_moe",
	.mech = AM_NEXTN | AM_RECURRENT,
	.recurrent = &(const struct family_recurrent){
		.rule = RR_KV_FF_ZERO,
		.state = RS_MAMBA2,
	},
	/* NemotronHForCausalLM with num_experts_per_tok in its hparams
	 * (NemotronHModel.__init__: MODEL_ARCH.NEMOTRON_H_MOE), read as it is
	 * (src/families/nemotron_h.c); experts of up and down alone */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"NemotronHForCausalLM", NULL},
		.converter = "conversion/nemotron.py NemotronHModel "
			     "(num_experts_per_tok)",
		.convert = nemotron_h_moe_convert,
		.when_key = "num_experts_per_tok",
		.ungated = 1,
	},
};
