/*
 * Nemotron (Minitron) (src/models/nemotron.cpp): plain attention, a full
 * cache on every layer; load_arch_hparams reads no window and no other cache
 * mechanism, only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* conversion/nemotron.py NemotronModel.set_gguf_parameters: TextModel's
 * keys, then the vocabulary, the LayerNorm epsilon, the rotary dimensions
 * int(partial_rotary_factor x n_embd) // n_head, and linear scaling by
 * factor, else none. */
static int nemotron_convert(struct hfc *c)
{
	int64_t v, embd, heads;
	double eps, pct, factor;
	int f;

	if (hfc_text_model(c) < 0 ||
	    hfc_need(c, K("vocab_size"), &v) < 0 ||
	    hfc_put_u32(c, "vocab_size", v) < 0)
		return -1;
	/* find_hparam([...]): required */
	if ((f = hfc_real(c, K("layer_norm_eps", "layer_norm_epsilon",
			       "norm_epsilon", "norm_eps"), 0, &eps)) < 0)
		return -1;
	if (!f)
		return hfc_fail(c, "norm_eps",
				"missing (required by NemotronModel)");
	if (hfc_put_f32(c, "attention.layer_norm_epsilon", eps) < 0)
		return -1;
	/* self.rope_parameters["partial_rotary_factor"]: required */
	if ((f = hfc_rope(c, "partial_rotary_factor", 0, &pct)) < 0)
		return -1;
	if (!f)
		return hfc_fail(c, "partial_rotary_factor",
				"missing (required by NemotronModel)");
	if (hfc_need(c, K("hidden_size", "n_embd"), &embd) < 0 ||
	    hfc_need(c, K("num_attention_heads", "n_head"), &heads) < 0)
		return -1;
	if (heads <= 0)
		return hfc_fail(c, NULL, "not a positive count");
	hfc_source(c, "int(partial_rotary_factor %g x hidden_size) // heads",
		   pct);
	if (hfc_put_u32(c, "rope.dimension_count",
			(int64_t)(pct * (double)embd) / heads) < 0)
		return -1;
	/* hparams.get("factor") or rope_parameters.get("factor"): 0 and
	 * absent alike are none */
	if ((f = hfc_real(c, K("factor"), 0, &factor)) < 0)
		return -1;
	if (!factor && hfc_rope(c, "factor", 0, &factor) < 0)
		return -1;
	if (!factor)
		return hfc_put_str(c, "rope.scaling.type", "none");
	if (hfc_put_str(c, "rope.scaling.type", "linear") < 0)
		return -1;
	return hfc_put_f32(c, "rope.scaling.factor", factor);
}

const struct family family_nemotron = {
	.arch = "nemotron",
	.mech = AM_NEXTN,
	/* the defaults are transformers' NemotronConfig (head_dim, when
	 * absent, its hidden_size // num_attention_heads: llama.cpp's own
	 * default key_length) */
	.conv = &(const struct family_conv){
		.classes = K("NemotronForCausalLM"),
		.converter = "conversion/nemotron.py NemotronModel",
		.config = "NemotronConfig",
		.defaults = (const struct hfc_default[]){
			{"vocab_size", 256000, NULL},
			{"hidden_size", 6144, NULL},
			{"intermediate_size", 24576, NULL},
			{"num_hidden_layers", 32, NULL},
			{"num_attention_heads", 48, NULL},
			{"max_position_embeddings", 4096, NULL},
			{"norm_eps", 1e-5, NULL},
			{"rope_theta", 10000, NULL},
			{"partial_rotary_factor", 0.5, NULL},
			{NULL, 0, NULL},
		},
		.convert = nemotron_convert,
		/* nemotron.cpp build_ffn: up and down, no gate */
		.ungated = 1,
	},
};
