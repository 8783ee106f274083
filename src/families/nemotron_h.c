/*
 * Nemotron-H (src/models/nemotron-h.cpp load_arch_hparams): a layer is
 * recurrent iff head_count_kv(il) and feed_forward_length(il) are both 0; an
 * MLP-only layer keeps nothing (create_memory's filter_attn / filter_recr).
 *
 * conversion/nemotron.py NemotronHModel writes both a layer, from
 * hybrid_override_pattern (src/model/hfconv_granite.c); with
 * num_experts_per_tok it is nemotron_h_moe's instead.
 */
#include "model/family.h"
#include "model/hfconv.h"

static int nemotron_h_convert(struct hfc *c)
{
	return hfc_nemotron_h(c, 0);
}

const struct family family_nemotron_h = {
	.arch = "nemotron_h",
	.mech = AM_NEXTN | AM_RECURRENT,
	.recurrent = &(const struct family_recurrent){
		.rule = RR_KV_FF_ZERO,
		.state = RS_MAMBA2,
	},
	.mamba2_graph = &(const struct family_mamba2_graph){
		.flags = M2_MLP_BLOCKS | M2_NEXTN_OUT,
		.modelled = 1,
	},
	/* NemotronHModel.__init__'s load_hparams: transformers' AutoConfig
	 * (the converter's 4.57.6, requirements-convert_legacy_llama.txt)
	 * has no nemotron_h and runs no remote code, so config.json is read
	 * as it is: no defaults.  The MLP is relu2's up and down alone
	 * (nemotron-h.cpp: no ffn_gate). */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"NemotronHForCausalLM", NULL},
		.converter = "conversion/nemotron.py NemotronHModel",
		.convert = nemotron_h_convert,
		.ungated = 1,
	},
};
