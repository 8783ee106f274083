/*
 * Mistral 4 (llama_model_mistral4, src/models/models.h): DeepSeek-V2's
 * load_arch_hparams, load_arch_tensors and graph (src/models/deepseek2.cpp)
 * unchanged, so MLA's latent cached with the *_mla keys, dense lead layers
 * and shared experts, as src/families/deepseek2.c.
 *
 * conversion/mistral3.py's Mistral4Model is DeepseekV2Model's
 * (conversion/deepseek.py: kv_b split into k_b and v_b), with no MTP layers.
 *
 * The graph: V2's softmax gating (V3's sigmoid is in place too; its
 * exp_probs_b copy, 4 n_expert bytes a token freed before the experts, is
 * left out).
 */
#include "model/family.h"
#include "model/hfconv.h"

const struct family family_mistral4 = {
	.arch = "mistral4",
	.mech = AM_NEXTN | AM_DENSE_LEAD,
	.weights = &(const struct family_weights){
		.parts = WS_PLAIN | WS_MLA | WS_LEAD_SHARED,
	},
	.moe_graph = &(const struct family_moe_graph){
		.gating = GATE_SOFTMAX,
		.flags = MG_ROWS_LAST | MG_SHARED | MG_DENSE_LEAD | MG_MLA,
	},
	/* Mistral3ForConditionalGeneration with a mistral4 text model:
	 * Mistral3Model.__init__'s impl, Mistral4Model, whose
	 * set_gguf_parameters is DeepseekV2Model's.  No transformers
	 * defaults are tabled: a field the converter reads must be there. */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){
			"Mistral3ForConditionalGeneration", NULL},
		.converter = "conversion/mistral3.py Mistral3Model "
			     "(Mistral4Model)",
		.model_type = "mistral4",
		.convert = hfc_deepseek_v2,
	},
};
