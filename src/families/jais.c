/*
 * Jais (src/models/jais.cpp): ALiBi (load_arch_hparams reads
 * attention.max_alibi_bias), no RoPE; a full cache on every layer:
 * load_arch_hparams reads no window and no other cache mechanism, only the
 * generic keys (nextn layers filtered out).
 */
#include <string.h>

#include "model/family.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* conversion/jais.py JaisModel: __init__ refuses what it cannot convert
 * (its asserts), set_gguf_parameters writes its own keys and calls no base
 * class.  attention.max_alibi_bias is written later, from the slopes
 * tensor (prepare_tensors), which no config.json holds. */
static int jais_convert(struct hfc *c)
{
	static const char *const need[][2] = {
		{"activation_function", "swiglu"},
		{"position_embedding_type", "alibi"},
	};
	static const struct hfc_copy keys[] = {
		{"n_positions", "context_length"},
		{"n_embd", "embedding_length"},
		{"n_inner", "feed_forward_length"},
		{"n_head", "attention.head_count"},
	};
	int64_t v;

	for (size_t i = 0; i < sizeof need / sizeof need[0]; i++) {
		const char *s = hfc_str(c, need[i][0]);
		if (!s || strcmp(s, need[i][1]))
			return hfc_fail(c, need[i][0], "not \"%s\": JaisModel "
					"converts no other", need[i][1]);
	}
	if (!hfc_has(c, "mup_embeddings_scale") &&
	    !hfc_has(c, "embeddings_scale"))
		return hfc_fail(c, "embeddings_scale",
				"missing (required by JaisModel, or "
				"mup_embeddings_scale)");
	if (hfc_has(c, "mup_output_alpha") && !hfc_has(c, "mup_width_scale"))
		return hfc_fail(c, "mup_width_scale",
				"missing (required by JaisModel with "
				"mup_output_alpha)");
	if (!hfc_has(c, "mup_output_alpha") && !hfc_has(c, "width_scale"))
		return hfc_fail(c, "width_scale",
				"missing (required by JaisModel, or "
				"mup_output_alpha)");
	if (hfc_block_count(c, &v) < 0 ||
	    hfc_put_u32(c, "block_count", v) < 0 ||
	    HFC_COPY(c, keys, 1) < 0 ||
	    hfc_item(c, "layer_norm_epsilon", "attention.layer_norm_epsilon",
		     HFC_F32) < 0)
		return -1;
	return 0;
}

const struct family family_jais = {
	.arch = "jais",
	.mech = AM_NEXTN,
	/* JAIS's configuration class is remote code (trust_remote_code):
	 * the converter reads the file as it is */
	.conv = &(const struct family_conv){
		.classes = K("JAISLMHeadModel"),
		.converter = "conversion/jais.py JaisModel",
		.convert = jais_convert,
	},
};
