/*
 * Qwen3-MoE (src/models/qwen3moe.cpp llama_model_qwen3moe::graph, norm_w
 * true).  load_arch_hparams reads no window: a full cache on every layer.
 * Its loader makes every layer an MoE one (ffn_gate_inp required).
 */
#include "model/family.h"
#include "model/hfconv.h"
#include "model/model.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

/* conversion/qwen.py Qwen3MoeModel.set_gguf_parameters, Qwen2MoeModel's:
 * TextModel's keys (expert_count num_experts, expert_used_count
 * num_experts_per_tok), then the experts' width moe_intermediate_size
 * and a shared expert's (shared_expert_intermediate_size), each when
 * given.  Nothing of mlp_only_layers or decoder_sparse_step is written,
 * and llama.cpp's qwen3moe loader wants experts on every layer: a file
 * with dense layers among them makes a GGUF llama.cpp refuses.  No
 * window either: transformers' (use_sliding_window) is said, not kept. */
static int qwen3moe_convert(struct hfc *c)
{
	static const struct hfc_copy given[] = {
	    {"moe_intermediate_size", "expert_feed_forward_length"},
	    {"shared_expert_intermediate_size",
	     "expert_shared_feed_forward_length"},
	};
	static int64_t dense[MODEL_MAX_LAYERS];
	int64_t step;
	int n;
	if (hfc_text_model(c) < 0 || HFC_COPY(c, given, 0) < 0)
		return -1;
	if ((n = hfc_ints(c, "mlp_only_layers", dense, MODEL_MAX_LAYERS)) < 0)
		return -1;
	if (n > 0)
		return hfc_fail(c, "mlp_only_layers", "dense layers among MoE "
				"layers: llama.cpp's qwen3moe loader wants "
				"experts on every layer");
	if (hfc_int(c, K("decoder_sparse_step"), 1, &step) < 0)
		return -1;
	if (step != 1)
		return hfc_fail(c, "decoder_sparse_step", "%lld: llama.cpp's "
				"qwen3moe loader wants experts on every layer "
				"(1)", (long long)step);
	return hfc_window_unread(c, "use_sliding_window");
}

const struct family family_qwen3moe = {
	.arch = "qwen3moe",
	.mech = AM_NEXTN,
	/* qwen3moe.cpp load_tensors: q/k norms a head wide, the router and
	 * the experts; output.weight not required (tied: the embeddings) */
	.weights = &(const struct family_weights){
		.parts = WS_PLAIN | WS_QK_NORM,
	},
	.moe_graph = &(const struct family_moe_graph){
		.gating = GATE_SOFTMAX,
		.flags = MG_ROWS_LAST | MG_QK_NORM | MG_V_FIRST | MG_NORM_W,
	},
	/* transformers' Qwen3MoeConfig's defaults (models/qwen3_moe/
	 * configuration_qwen3_moe.py; no head_dim: hidden_size / heads) */
	.conv = &(const struct family_conv){
		.classes = K("Qwen3MoeForCausalLM"),
		.converter = "conversion/qwen.py Qwen3MoeModel",
		.config = "Qwen3MoeConfig",
		.defaults = (const struct hfc_default[]){
			{"vocab_size", 151936, NULL},
			{"hidden_size", 2048, NULL},
			{"intermediate_size", 6144, NULL},
			{"num_hidden_layers", 24, NULL},
			{"num_attention_heads", 32, NULL},
			{"num_key_value_heads", 4, NULL},
			{"max_position_embeddings", 32768, NULL},
			{"rms_norm_eps", 1e-6, NULL},
			{"rope_theta", 10000, NULL},
			{"tie_word_embeddings", 0, NULL},
			{"attention_bias", 0, NULL},
			{"use_sliding_window", 0, NULL},
			{"sliding_window", 4096, NULL},
			{"decoder_sparse_step", 1, NULL},
			{"moe_intermediate_size", 768, NULL},
			{"num_experts_per_tok", 8, NULL},
			{"num_experts", 128, NULL},
			{"norm_topk_prob", 0, NULL},
			{NULL, 0, NULL},
		},
		.convert = qwen3moe_convert,
	},
};
