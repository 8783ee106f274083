/*
 * fields: the table of model fields (see the header).  GGUF keys are
 * llama.cpp's (src/llama-arch.cpp LLM_KV_*), config.json fields those of
 * the transformers configuration classes; a field whose source differs by
 * family or is computed has NULL there and its reader says where it came
 * from.
 */
#include "model/fields.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "model/model.h"

const char *const model_kind_words[] = {"mha", "gqa", "mqa", "mla", NULL};
const char *const model_scaling_words[] = {"none", "linear", "ntk", "yarn", "llama3", "longrope", NULL};
const char *const model_sink_words[] = {"none", "learned", NULL};
const char *const model_layer_type_words[] = {"full", "sliding", "chunked", "recurrent", "shared", "none", NULL};
const char *const model_cache_words[] = {"f32", "f16", "bf16", "q8_0", "q4_0", "q4_1", "q5_0", "q5_1", "iq4_nl", NULL};

#define AT(member) .off = offsetof(struct model, member), .size = sizeof(((struct model *)0)->member)

const struct model_field_info model_fields[MF_COUNT] = {
	[MF_NAME] = {.section = "model", .key = "name", .type = MFT_TEXT, .need = MFN_REQ,
		AT(name),
		.gguf = "general.name", .hf = "_name_or_path"},
	[MF_SOURCE] = {.section = "model", .key = "source", .type = MFT_TEXT, .need = MFN_OPT,
		AT(source)},
	[MF_ARCH] = {.section = "model", .key = "arch", .type = MFT_TEXT, .need = MFN_OPT,
		AT(arch),
		.gguf = "general.architecture", .hf = "model_type"},
	[MF_NOTE] = {.section = "model", .key = "note", .type = MFT_TEXT, .need = MFN_OPT,
		AT(note)},
	/* GGUF: counted from the tensor infos; config.json: estimated */
	[MF_PARAMS] = {.section = "model", .key = "params", .type = MFT_REAL, .need = MFN_REQ,
		.min = 1, .max = 1e15, AT(params)},
	[MF_ACTIVE_PARAMS] = {.section = "model", .key = "active_params", .type = MFT_REAL, .need = MFN_OPT,
		.min = 1, .max = 1e15, AT(active_params)},
	/* config.json: num_local_experts, num_experts or n_routed_experts by family */
	[MF_EXPERTS] = {.section = "model", .key = "experts", .type = MFT_INT, .need = MFN_OPT,
		.max = 65536, AT(experts),
		.gguf = "{arch}.expert_count"},
	[MF_EXPERTS_USED] = {.section = "model", .key = "experts_used", .type = MFT_INT, .need = MFN_OPT,
		.max = 65536, AT(experts_used),
		.gguf = "{arch}.expert_used_count", .hf = "num_experts_per_tok"},
	[MF_LAYERS] = {.section = "model", .key = "layers", .type = MFT_INT, .need = MFN_REQ,
		.min = 1, .max = MODEL_MAX_LAYERS, AT(layers),
		.gguf = "{arch}.block_count", .hf = "num_hidden_layers"},
	[MF_HEADS] = {.section = "model", .key = "heads", .type = MFT_INT, .need = MFN_REQ,
		.min = 1, .max = MODEL_MAX_DIM, AT(heads),
		.gguf = "{arch}.attention.head_count", .hf = "num_attention_heads"},
	[MF_KV_HEADS] = {.section = "model", .key = "kv_heads", .type = MFT_KV_HEADS, .need = MFN_REQ,
		.max = MODEL_MAX_DIM, AT(kv_heads),
		.gguf = "{arch}.attention.head_count_kv", .hf = "num_key_value_heads"},
	[MF_HEAD_DIM] = {.section = "model", .key = "head_dim", .type = MFT_INT, .need = MFN_REQ,
		.min = 1, .max = MODEL_MAX_DIM, AT(head_dim),
		.gguf = "{arch}.attention.key_length", .hf = "head_dim"},
	[MF_HEAD_DIM_V] = {.section = "model", .key = "head_dim_v", .type = MFT_INT, .need = MFN_OPT,
		.min = 1, .max = MODEL_MAX_DIM, AT(head_dim_v),
		.gguf = "{arch}.attention.value_length"},
	[MF_VOCAB] = {.section = "model", .key = "vocab", .type = MFT_INT, .need = MFN_REQ,
		.min = 1, .max = 100000000, AT(vocab),
		.gguf = "{arch}.vocab_size", .hf = "vocab_size"},
	[MF_CTX_TRAIN] = {.section = "model", .key = "ctx_train", .type = MFT_INT, .need = MFN_REQ,
		.min = 1, .max = (double)MODEL_MAX_CTX, AT(ctx_train),
		.gguf = "{arch}.context_length", .hf = "max_position_embeddings"},
	/* llama-hparams.h n_layer_nextn: the last nextn_layers of `layers` are
	 * nextn / MTP blocks, filtered out of the main cache (create_memory) */
	[MF_NEXTN] = {.section = "model", .key = "nextn_layers", .type = MFT_INT, .need = MFN_OPT,
		.max = MODEL_MAX_LAYERS - 1, AT(nextn_layers),
		.gguf = "{arch}.nextn_predict_layers", .hf = "num_nextn_predict_layers"},
	/* llama-model.cpp LLM_ARCH_LLAMA4: n_moe_layer_step, every step-th layer
	 * MoE (Scout 1, Maverick 2); the compute replay takes every layer MoE */
	[MF_MOE_STEP] = {.section = "model", .key = "moe_layer_step", .type = MFT_INT, .need = MFN_OPT,
		.max = MODEL_MAX_LAYERS, AT(moe_layer_step),
		.gguf = "{arch}.interleave_moe_layer_step", .hf = "interleave_moe_layer_step"},
	/* llama-model.cpp LLM_ARCH_DEEPSEEK2, LLM_ARCH_GLM4_MOE: n_layer_dense_lead
	 * (convert_hf_to_gguf.py writes first_k_dense_replace) and n_expert_shared;
	 * for the compute graph's dense and shared FFNs */
	[MF_DENSE_LEAD] = {.section = "model", .key = "dense_lead", .type = MFT_INT, .need = MFN_OPT,
		.max = MODEL_MAX_LAYERS, AT(dense_lead),
		.gguf = "{arch}.leading_dense_block_count", .hf = "first_k_dense_replace"},
	[MF_SHARED_EXPERTS] = {.section = "model", .key = "shared_experts", .type = MFT_INT, .need = MFN_OPT,
		.max = 65536, AT(shared_experts),
		.gguf = "{arch}.expert_shared_count", .hf = "n_shared_experts"},
	/* GGUF: exp_probs_b tensors; config.json: topk_method noaux_tc (the
	 * checkpoint's e_score_correction_bias, conversion/deepseek.py) */
	[MF_ROUTER_BIAS] = {.section = "model", .key = "router_bias",
		.type = MFT_FLAG, .need = MFN_OPT, .max = 1, AT(router_bias)},
	/* GGUF: whether an output.weight tensor is there; INI and config.json:
	 * the family's default when not given (wshapes_tied_default) */
	[MF_TIED_EMBD] = {.section = "model", .key = "tied_embeddings",
		.type = MFT_FLAG, .need = MFN_OPT, .max = 1, AT(tied_embd),
		.hf = "tie_word_embeddings"},
	/* GGUF: counted from the tensor infos (exact); config.json: estimated
	 * from torch_dtype or quantization_config; else params x 2 bytes */
	[MF_WEIGHTS_BYTES] = {.section = "model", .key = "weights_bytes", .type = MFT_INT, .need = MFN_OPT,
		.min = 1, .max = 1e16, AT(weights_bytes),
		.hf = "torch_dtype"},
	/* the llama-quantize type the model's users download (an INI only: a
	 * GGUF has its tensors' own types); weights_bytes wins over it */
	[MF_WEIGHTS_TYPE] = {.section = "weights", .key = "type",
		.type = MFT_TEXT, .need = MFN_OPT, AT(weights_type)},
	[MF_KIND] = {.section = "attention", .key = "kind", .type = MFT_WORD, .need = MFN_REQ,
		.words = model_kind_words, AT(kind)},
	[MF_SLIDING_WINDOW] = {.section = "attention", .key = "sliding_window", .type = MFT_INT, .need = MFN_OPT,
		.max = (double)MODEL_MAX_CTX, AT(sliding_window),
		.gguf = "{arch}.attention.sliding_window", .hf = "sliding_window"},
	[MF_SWA_PATTERN] = {.section = "attention", .key = "swa_pattern", .type = MFT_INT, .need = MFN_OPT,
		.max = MODEL_MAX_LAYERS, AT(swa_pattern),
		.gguf = "{arch}.attention.sliding_window_pattern", .hf = "sliding_window_pattern"},
	[MF_LAYER_TYPES] = {.section = "attention", .key = "layer_types", .type = MFT_LAYER_TYPES, .need = MFN_OPT,
		AT(layer_type),
		.gguf = "{arch}.attention.sliding_window_pattern", .hf = "layer_types"},
	[MF_WINDOW_USED] = {.section = "attention", .key = "window_used", .type = MFT_NOT_FLAG, .need = MFN_OPT,
		.max = 1, .def = 1, AT(swa_ignored)},
	/* GGUF: an attn_sinks tensor */
	[MF_SINKS] = {.section = "attention", .key = "sinks", .type = MFT_WORD, .need = MFN_OPT,
		.words = model_sink_words, AT(sinks_learned)},
	/* llama-hparams.cpp n_embd_head_k(il) / n_embd_head_v(il): the sliding
	 * layers' head sizes (n_embd_head_k_swa); default head_dim, head_dim_v */
	[MF_HEAD_DIM_SWA] = {.section = "attention", .key = "head_dim_swa", .type = MFT_INT, .need = MFN_OPT,
		.min = 1, .max = MODEL_MAX_DIM, AT(head_dim_swa),
		.gguf = "{arch}.attention.key_length_swa"},
	[MF_HEAD_DIM_V_SWA] = {.section = "attention", .key = "head_dim_v_swa", .type = MFT_INT, .need = MFN_OPT,
		.min = 1, .max = MODEL_MAX_DIM, AT(head_dim_v_swa),
		.gguf = "{arch}.attention.value_length_swa"},
	[MF_KV_LORA_RANK] = {.section = "mla", .key = "kv_lora_rank", .type = MFT_INT, .need = MFN_REQ_MLA,
		.min = 1, .max = MODEL_MAX_DIM, AT(kv_lora_rank),
		.gguf = "{arch}.attention.kv_lora_rank", .hf = "kv_lora_rank"},
	[MF_QK_ROPE_HEAD_DIM] = {.section = "mla", .key = "qk_rope_head_dim", .type = MFT_INT, .need = MFN_REQ_MLA,
		.min = 1, .max = MODEL_MAX_DIM, AT(qk_rope_head_dim),
		.gguf = "{arch}.rope.dimension_count", .hf = "qk_rope_head_dim"},
	[MF_QK_NOPE_HEAD_DIM] = {.section = "mla", .key = "qk_nope_head_dim", .type = MFT_INT, .need = MFN_REQ_MLA,
		.min = 1, .max = MODEL_MAX_DIM, AT(qk_nope_head_dim),
		.hf = "qk_nope_head_dim"},
	[MF_V_HEAD_DIM] = {.section = "mla", .key = "v_head_dim", .type = MFT_INT, .need = MFN_REQ_MLA,
		.min = 1, .max = MODEL_MAX_DIM, AT(v_head_dim),
		.gguf = "{arch}.attention.value_length_mla", .hf = "v_head_dim"},
	[MF_LATENT_CACHE] = {.section = "mla", .key = "latent_cache", .type = MFT_FLAG, .need = MFN_OPT,
		.max = 1, .def = 1, AT(mla_latent_cache)},
	/* sparse attention (deepseek32, glm-dsa): the indexer's K-only cache row;
	 * 0: no indexer */
	[MF_INDEXER_HEAD_DIM] = {.section = "mla", .key = "indexer_head_dim", .type = MFT_INT, .need = MFN_OPT,
		.max = MODEL_MAX_DIM, AT(indexer_head_dim),
		.gguf = "{arch}.attention.indexer.key_length", .hf = "index_head_dim"},
	/* the keys the indexer keeps a query (src/models/deepseek32.cpp and
	 * glm-dsa.cpp: hparams.indexer_top_k); build_attn's zeros leaf per layer
	 * is [1, min(n_kv, top_k), n_tokens] F32 (llama-graph.cpp) */
	[MF_INDEXER_TOP_K] = {.section = "mla", .key = "indexer_top_k", .type = MFT_INT, .need = MFN_OPT,
		.max = MODEL_MAX_CTX, AT(indexer_top_k),
		.gguf = "{arch}.attention.indexer.top_k", .hf = "index_topk"},
	/* the query latent (wq_a's rows, attn_q_a_norm) and the indexer's heads:
	 * widths of tensors in the sparse-attention graph (src/models/deepseek32.cpp
	 * graph: qr, indexer_q, indexer_weights), for its compute buffer
	 * (src/graph/compute_dsa_replay.c); 0: not given */
	[MF_Q_LORA_RANK] = {.section = "mla", .key = "q_lora_rank", .type = MFT_INT, .need = MFN_OPT,
		.max = MODEL_MAX_DIM, AT(q_lora_rank),
		.gguf = "{arch}.attention.q_lora_rank", .hf = "q_lora_rank"},
	[MF_INDEXER_HEADS] = {.section = "mla", .key = "indexer_heads", .type = MFT_INT, .need = MFN_OPT,
		.max = MODEL_MAX_DIM, AT(indexer_heads),
		.gguf = "{arch}.attention.indexer.head_count", .hf = "index_n_heads"},
	/* The recurrent state of the layers whose layer_types is recurrent
	 * (llama-hparams.cpp n_embd_r, n_embd_s; llama_hparams ssm_d_conv ...). */
	[MF_SSM_D_CONV] = {.section = "recurrent", .key = "ssm_d_conv", .type = MFT_INT, .need = MFN_OPT,
		.max = MODEL_MAX_DIM, AT(ssm_d_conv),
		.gguf = "{arch}.ssm.conv_kernel"},
	[MF_SSM_D_INNER] = {.section = "recurrent", .key = "ssm_d_inner", .type = MFT_INT, .need = MFN_OPT,
		.max = INT64_C(1) << 24, AT(ssm_d_inner),
		.gguf = "{arch}.ssm.inner_size"},
	[MF_SSM_D_STATE] = {.section = "recurrent", .key = "ssm_d_state", .type = MFT_INT, .need = MFN_OPT,
		.max = MODEL_MAX_DIM, AT(ssm_d_state),
		.gguf = "{arch}.ssm.state_size"},
	[MF_SSM_N_GROUP] = {.section = "recurrent", .key = "ssm_n_group", .type = MFT_INT, .need = MFN_OPT,
		.max = MODEL_MAX_DIM, AT(ssm_n_group),
		.gguf = "{arch}.ssm.group_count"},
	/* read by llama.cpp, not part of the state's size */
	[MF_SSM_DT_RANK] = {.section = "recurrent", .key = "ssm_dt_rank", .type = MFT_INT, .need = MFN_OPT,
		.max = MODEL_MAX_DIM, AT(ssm_dt_rank),
		.gguf = "{arch}.ssm.time_step_rank"},
	[MF_SHORTCONV_L_CACHE] = {.section = "recurrent", .key = "shortconv_l_cache", .type = MFT_INT, .need = MFN_OPT,
		.max = MODEL_MAX_DIM, AT(shortconv_l_cache),
		.gguf = "{arch}.shortconv.l_cache"},
	/* Kimi's delta attention (llama-hparams.cpp n_embd_r / n_embd_s with
	 * n_embd_head_kda): src/models/kimi-linear.cpp, kimi-k3.cpp,
	 * bailingmoe3.cpp */
	[MF_KDA_HEAD_DIM] = {.section = "recurrent", .key = "kda_head_dim", .type = MFT_INT, .need = MFN_OPT,
		.max = MODEL_MAX_DIM, AT(kda_head_dim),
		.gguf = "{arch}.kda.head_dim"},
	/* Qwen4exp's PLE conv history, (ple.conv_kernel - 1) x ple.ngram_size x
	 * hyper_connection.count x embd f32 a sequence (llama-hparams.cpp
	 * ple_conv_state) */
	[MF_PLE_STATE] = {.section = "recurrent", .key = "ple_state", .type = MFT_INT, .need = MFN_OPT,
		.max = INT64_C(1) << 30, AT(ple_state)},
	/* llama-model.cpp create_memory, LLM_ARCH_FALCON_H1: filter_attn and
	 * filter_recr both true, every layer keeps KV cells and a state */
	[MF_SSM_PARALLEL] = {.section = "recurrent", .key = "parallel", .type = MFT_FLAG, .need = MFN_OPT,
		.max = 1, AT(ssm_parallel)},
	[MF_BASE] = {.section = "rope", .key = "base", .type = MFT_REAL, .need = MFN_REQ,
		.min = 1.0000001, .max = 1e12, AT(rope_base),
		.gguf = "{arch}.rope.freq_base", .hf = "rope_theta"},
	[MF_BASE_LOCAL] = {.section = "rope", .key = "base_local", .type = MFT_REAL, .need = MFN_OPT,
		.min = 1.0000001, .max = 1e12, AT(rope_base_local),
		.gguf = "{arch}.rope.freq_base_swa", .hf = "rope_local_base_freq"},
	[MF_SCALING] = {.section = "rope", .key = "scaling", .type = MFT_WORD, .need = MFN_OPT,
		.def = ROPE_NONE, .words = model_scaling_words, AT(scaling),
		.gguf = "{arch}.rope.scaling.type", .hf = "rope_scaling.rope_type"},
	[MF_FACTOR] = {.section = "rope", .key = "factor", .type = MFT_REAL, .need = MFN_OPT,
		.min = 1, .max = 1e6, .def = 1, AT(rope_factor),
		.gguf = "{arch}.rope.scaling.factor", .hf = "rope_scaling.factor"},
	[MF_ORIG_CTX] = {.section = "rope", .key = "orig_ctx", .type = MFT_INT, .need = MFN_OPT,
		.min = 1, .max = (double)MODEL_MAX_CTX, AT(orig_ctx),
		.gguf = "{arch}.rope.scaling.original_context_length", .hf = "rope_scaling.original_max_position_embeddings"},
	/* llama.cpp's YaRN defaults (llama-cparams yarn_beta_fast, yarn_beta_slow) */
	[MF_BETA_FAST] = {.section = "rope", .key = "beta_fast", .type = MFT_REAL, .need = MFN_OPT,
		.min = 0.001, .max = 1e6, .def = MODEL_YARN_BETA_FAST, AT(beta_fast),
		.gguf = "{arch}.rope.scaling.yarn_beta_fast", .hf = "rope_scaling.beta_fast"},
	[MF_BETA_SLOW] = {.section = "rope", .key = "beta_slow", .type = MFT_REAL, .need = MFN_OPT,
		.min = 0.001, .max = 1e6, .def = MODEL_YARN_BETA_SLOW, AT(beta_slow),
		.gguf = "{arch}.rope.scaling.yarn_beta_slow", .hf = "rope_scaling.beta_slow"},
	[MF_MSCALE] = {.section = "rope", .key = "mscale", .type = MFT_REAL, .need = MFN_OPT,
		.max = 1e6, AT(yarn_mscale),
		.hf = "rope_scaling.mscale"},
	/* GGUF: convert_hf_to_gguf writes 0.1 x mscale_all_dim as yarn_log_multiplier */
	[MF_MSCALE_ALL_DIM] = {.section = "rope", .key = "mscale_all_dim", .type = MFT_REAL, .need = MFN_OPT,
		.max = 1e6, AT(yarn_mscale_all_dim),
		.gguf = "{arch}.rope.scaling.yarn_log_multiplier", .hf = "rope_scaling.mscale_all_dim"},
	[MF_LOW_FREQ_FACTOR] = {.section = "rope", .key = "low_freq_factor", .type = MFT_REAL, .need = MFN_OPT,
		.min = 0.001, .max = 1e6, AT(low_freq_factor),
		.hf = "rope_scaling.low_freq_factor"},
	[MF_HIGH_FREQ_FACTOR] = {.section = "rope", .key = "high_freq_factor", .type = MFT_REAL, .need = MFN_OPT,
		.min = 0.001, .max = 1e6, AT(high_freq_factor),
		.hf = "rope_scaling.high_freq_factor"},
	/* llama.cpp's n_rot; default the whole head (an MLA model's qk_rope_head_dim).
	 * config.json: partial_rotary_factor x head, as convert_hf_to_gguf.py's phi.py
	 * writes it (int(factor x hidden_size) // heads) */
	[MF_ROPE_DIMS] = {.section = "rope", .key = "dims", .type = MFT_INT, .need = MFN_OPT,
		.max = MODEL_MAX_DIM, AT(rope_dims),
		.gguf = "{arch}.rope.dimension_count", .hf = "partial_rotary_factor"},
	/* n_embd: the compute buffer's activations (src/size/buffers.c) and the
	 * short-conv state, n_embd x (l_cache - 1); 0: not given. */
	[MF_EMBD] = {.section = "model", .key = "embd", .type = MFT_INT, .need = MFN_OPT,
		.max = 1 << 24, AT(embd),
		.gguf = "{arch}.embedding_length", .hf = "hidden_size"},
	[MF_FF] = {.section = "model", .key = "ff", .type = MFT_INT, .need = MFN_OPT,
		.max = 1 << 24, AT(ff),
		.gguf = "{arch}.feed_forward_length", .hf = "intermediate_size"},
	/* a MoE model's dense FFN width (n_ff) beside the experts' ff (n_ff_exp):
	 * written only when the file gives both; 0: not given */
	[MF_FF_DENSE] = {.section = "model", .key = "ff_dense", .type = MFT_INT, .need = MFN_OPT,
		.max = 1 << 24, AT(ff_dense),
		.gguf = "{arch}.feed_forward_length", .hf = "intermediate_size"},
	/* Gemma 4 E2B/E4B (src/models/gemma4.cpp build_inp_per_layer): the
	 * per-layer input embeddings' width (n_embd_per_layer); 0: none */
	[MF_EMBD_PER_LAYER] = {.section = "model", .key = "embd_per_layer", .type = MFT_INT, .need = MFN_OPT,
		.max = 1 << 24, AT(embd_per_layer),
		.gguf = "{arch}.embedding_length_per_layer_input", .hf = "hidden_size_per_layer_input"},
	[MF_CACHE_TYPE] = {.section = "cache", .key = "type", .type = MFT_WORD, .need = MFN_OPT,
		.def = CACHE_F16, .words = model_cache_words, AT(k_type)},
	[MF_K_TYPE] = {.section = "cache", .key = "k_type", .type = MFT_WORD, .need = MFN_OPT,
		.def = CACHE_F16, .words = model_cache_words, AT(k_type)},
	[MF_V_TYPE] = {.section = "cache", .key = "v_type", .type = MFT_WORD, .need = MFN_OPT,
		.def = CACHE_F16, .words = model_cache_words, AT(v_type)},
};

const char *model_field_gguf_key(enum model_field f, const char *arch, char *buf, size_t len)
{
	const char *k = model_fields[f].gguf;
	if (!k)
		return NULL;
	if (!strncmp(k, "{arch}.", 7))
		snprintf(buf, len, "%s.%s", arch, k + 7);
	else
		snprintf(buf, len, "%s", k);
	return buf;
}
