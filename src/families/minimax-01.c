/*
 * MiniMax-Text-01 (src/models/minimax-01.cpp): lightning (linear)
 * attention layers whose state is a head x head matrix a head, and softmax
 * attention layers with a full cache.  load_arch_hparams marks the
 * recurrent layers from attention.recurrent_layers, else
 * full_attention_interval (default 8): il < n_layer() and (il + 1) % 8 !=
 * 0; create_memory's filters keep il < n_layer() only.  The state
 * (llama-hparams.cpp n_embd_s, n_embd_head_la = key_length): key_length^2
 * x layer 0's head_count; no conv rows (no ssm key is read).
 */
#include "model/family.h"

/* config.json by conversion/minimax.py MiniMaxText01Model: TextModel's
 * keys, residual_scale the layernorm alpha (the converter asserts the
 * three alike and every beta 1.0), rope.dimension_count rotary_dim, each
 * hparams["KEY"] required.  Not written: suppress_tokens (the embeddings'
 * zero rows past the tokenizer's vocabulary, read off the checkpoint).
 * No recurrent_layers: the loader marks them by full_attention_interval,
 * 8 by default. */
static int minimax_01_convert(struct hfc *c)
{
	static const char *const norm[][2] = {
		{"layernorm_full_attention_alpha",
		 "layernorm_full_attention_beta"},
		{"layernorm_linear_attention_alpha",
		 "layernorm_linear_attention_beta"},
		{"layernorm_mlp_alpha", "layernorm_mlp_beta"},
	};
	static const char *const rot[] = {"rotary_dim", NULL};
	double alpha[3];
	int64_t v;
	if (hfc_text_model(c) < 0)
		return -1;
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 2; j++) {
			const char *const k[] = {norm[i][j], NULL};
			double d;
			int rc = hfc_real(c, k, 0, &d);
			if (rc == 0)
				return hfc_fail(c, NULL, "missing (required "
						"by conversion/minimax.py "
						"MiniMaxText01Model)");
			if (rc < 0)
				return -1;
			if (j == 0)
				alpha[i] = d;
			else if (d != 1.0)
				return hfc_fail(c, NULL, "%g: the converter "
						"asserts every beta 1.0", d);
			else if (alpha[i] != alpha[0]) {
				hfc_has(c, norm[i][0]);   /* at its line */
				return hfc_fail(c, NULL, "%g: the converter "
						"asserts the three alphas "
						"alike (%g)", alpha[i],
						alpha[0]);
			}
		}
	hfc_source(c, "layernorm_full_attention_alpha");
	if (hfc_put_f32(c, "residual_scale", alpha[0]) < 0 ||
	    hfc_need(c, rot, &v) < 0)
		return -1;
	return hfc_put_u32(c, "rope.dimension_count", v);
}

const struct family family_minimax_01 = {
	.arch = "minimax-01",
	.mech = AM_NEXTN | AM_RECURRENT,
	.recurrent = &(const struct family_recurrent){
		.rule = RR_INTERVAL,
		.state = RS_LINEAR,
		.interval = 8,
	},
	/* MiniMax-Text-01 and MiniMax-M1; their configuration is the
	 * checkpoint's own code (trust_remote_code): the converter reads the
	 * file as it is, nothing has a default. */
	.conv = &(const struct family_conv){
		.classes = (const char *const[]){"MiniMaxText01ForCausalLM",
						 "MiniMaxM1ForCausalLM", NULL},
		.converter = "conversion/minimax.py MiniMaxText01Model",
		.convert = minimax_01_convert,
	},
};
