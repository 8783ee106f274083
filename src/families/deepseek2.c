/*
 * DeepSeek-V2/V3, Kimi K2 (src/models/deepseek2.cpp): MLA's latent cached
 * with the *_mla keys, dense lead layers and shared experts.
 *
 * conversion/deepseek.py splits kv_b into k_b and v_b and leaves out the MTP
 * layers.
 *
 * The graph: V2's softmax gating (V3's sigmoid is in place too; its
 * exp_probs_b copy, 4 n_expert bytes a token freed before the experts, is
 * left out).
 */
#include <string.h>

#include "model/family.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* conversion/deepseek.py DeepseekV2Model.set_gguf_parameters
 * (hfc_deepseek_v2), and what the checkpoint's tensors say: V3's gate
 * keeps e_score_correction_bias (exp_probs_b), as V2's does under
 * noaux_tc routing. */
static int deepseek2_convert(struct hfc *c)
{
	const char *type = hfc_str(c, "model_type");
	const char *topk = hfc_str(c, "topk_method");
	if (hfc_deepseek_v2(c) < 0)
		return -1;
	if (type && (!strcmp(type, "deepseek_v3") || !strcmp(type, "kimi_k2")))
		hfc_router_bias(c, "DeepseekV3's gate: e_score_correction_bias "
				   "(exp_probs_b)");
	else if (topk && !strcmp(topk, "noaux_tc"))
		hfc_router_bias(c, "config.json topk_method noaux_tc: "
				   "e_score_correction_bias (exp_probs_b)");
	return 0;
}

/* DeepseekV2Config's defaults for a deepseek_v2 file, beside
 * DeepseekV3Config's (hfc_deepseek_v3_defaults); None: absent */
static const struct family_conv_config deepseek2_configs[] = {
    {.model_type = "deepseek_v2",
     .config = "DeepseekV2Config",
     .defaults = (const struct hfc_default[]){
	 {"vocab_size", 102400, NULL},
	 {"hidden_size", 4096, NULL},
	 {"intermediate_size", 11008, NULL},
	 {"moe_intermediate_size", 1407, NULL},
	 {"num_hidden_layers", 30, NULL},
	 {"num_attention_heads", 32, NULL},
	 {"num_key_value_heads", 32, NULL},
	 {"routed_scaling_factor", 1, NULL},
	 {"kv_lora_rank", 512, NULL},
	 {"q_lora_rank", 1536, NULL},
	 {"qk_rope_head_dim", 64, NULL},
	 {"v_head_dim", 128, NULL},
	 {"qk_nope_head_dim", 128, NULL},
	 {"topk_method", 0, "greedy"},
	 {"first_k_dense_replace", 0, NULL},
	 {"norm_topk_prob", 0, NULL},
	 {"max_position_embeddings", 2048, NULL},
	 {"rms_norm_eps", 1e-6, NULL},
	 {"tie_word_embeddings", 0, NULL},
	 {"rope_theta", 10000, NULL},
	 {"attention_bias", 0, NULL},
	 {NULL, 0, NULL},
     }},
    {NULL, NULL, NULL},
};

const struct family family_deepseek2 = {
	.arch = "deepseek2",
	.mech = AM_NEXTN | AM_DENSE_LEAD,
	.weights = &(const struct family_weights){
		.parts = WS_PLAIN | WS_MLA | WS_LEAD_SHARED,
	},
	.moe_graph = &(const struct family_moe_graph){
		.gating = GATE_SOFTMAX,
		.flags = MG_ROWS_LAST | MG_SHARED | MG_DENSE_LEAD | MG_MLA,
	},
	/* Kimi K2 is DeepseekV3ForCausalLM; the OCR classes are another
	 * architecture (deepseek2-ocr, refused) */
	.conv = &(const struct family_conv){
		.classes = K("DeepseekV2ForCausalLM", "DeepseekV3ForCausalLM",
			     "KimiVLForConditionalGeneration",
			     "KimiK25ForConditionalGeneration",
			     "YoutuForCausalLM",
			     "YoutuVLForConditionalGeneration"),
		.converter = "conversion/deepseek.py DeepseekV2Model",
		.config = "DeepseekV3Config",
		.defaults = hfc_deepseek_v3_defaults,
		.convert = deepseek2_convert,
		.by_type = deepseek2_configs,
	},
};
