/*
 * Mistral Small 3.1 (src/models/mistral3.cpp): llama's layer (inp_attn_scale
 * only with attention.temperature_scale, which 3.1 has not).
 */
#include <string.h>

#include "model/family.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* conversion/mistral3.py Mistral3Model, whose impl for any text model but
 * mistral4's is Ministral3Model, LlamaModel's set_gguf_parameters:
 * TextModel's keys, vocab_size, the rotated dimensions head_dim (else
 * hidden_size // num_attention_heads); a ministral3 text model's YaRN
 * (rope_type yarn asserted) writes mscale_all_dim as the log multiplier
 * and llama_4_scaling_beta as the attention's temperature scale. */
static int mistral3_convert(struct hfc *c)
{
	const char *type = hfc_str(c, "model_type");
	const char *rope;
	double x;
	if (hfc_llama_model(c) < 0)
		return -1;
	if (!type || strcmp(type, "ministral3"))
		return 0;
	rope = hfc_str(c, "rope_parameters.rope_type");
	if (!rope || strcmp(rope, "yarn"))
		return hfc_fail(c, "rope_parameters", "ministral3 must have a "
			       "yarn rope_type (Ministral3Model asserts it)");
	if (hfc_rope(c, "mscale_all_dim", 0, &x) <= 0)
		return hfc_fail(c, "rope_parameters", "no mscale_all_dim "
			       "(required by Ministral3Model)");
	if (hfc_put_f32(c, "rope.scaling.yarn_log_multiplier", x) < 0)
		return -1;
	if (hfc_rope(c, "llama_4_scaling_beta", 0, &x) <= 0)
		return hfc_fail(c, "rope_parameters", "no llama_4_scaling_beta "
			       "(required by Ministral3Model)");
	return hfc_put_f32(c, "attention.temperature_scale", x);
}

/* transformers' MistralConfig.__init__ defaults (Mistral Small 3.1's
 * text_config is a mistral); a ministral3 text model's class is tabled
 * without them: its fields must be there */
static const struct family_conv_config mistral3_configs[] = {
    {.model_type = "ministral3", .config = "Ministral3Config"},
    {NULL, NULL, NULL},
};

const struct family family_mistral3 = {
    .arch = "mistral3",
    .mech = AM_NEXTN,
    .weights =
	&(const struct family_weights){
	    .parts = WS_PLAIN | WS_ROPE_FREQS,
	},
    .dense_graph = &(const struct family_dense_graph){.modelled = 1},
    .conv = &(const struct family_conv){
	.classes = K("Mistral3ForConditionalGeneration",
		     "Ministral3ForCausalLM"),
	.converter = "conversion/mistral3.py Mistral3Model "
		     "(Ministral3Model)",
	.config = "MistralConfig",
	.defaults = hfc_mistral_defaults,
	.convert = mistral3_convert,
	.by_type = mistral3_configs,
    },
};
