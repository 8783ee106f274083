/*
 * wquant: the bytes of a model's weights after llama-quantize, tensor by
 * tensor, with llama.cpp's own choice of each tensor's type
 * (src/llama-quant.cpp: tensor_allows_quantization, llama_tensor_get_type
 * and llama_tensor_get_type_impl, tensor_type_fallback,
 * llama_ftype_get_default_type) and ggml's block sizes (model/ggml_type.h).
 * No imatrix, no overrides: what `llama-quantize IN OUT TYPE` writes.
 */
#ifndef ATTNVIZ_WQUANT_H
#define ATTNVIZ_WQUANT_H

#include <stddef.h>
#include <stdint.h>

/* A llama-quantize file type. */
struct wq_ftype {
	const char *name; /* as llama-quantize names it: "Q4_K_M" */
	int llama_ftype; /* enum llama_ftype (llama.h) */
	int default_type; /* ggml type id (llama_ftype_get_default_type) */
};
extern const struct wq_ftype wq_ftypes[];
extern const size_t wq_ftype_count;

/* The ftype of a name, case-insensitive; NULL when none. */
const struct wq_ftype *wq_ftype_find(const char *name);
/* "Q4_0, Q4_1, ..." into out[len]. */
void wq_ftype_names(char *out, size_t len);

/* One tensor as a GGUF's info gives it. */
struct wq_tensor {
	char name[96];
	int64_t ne[4];
	int nd;
	uint32_t type; /* its type in the file (ggml id) */
};

/* What the type rules read of the model (llama_hparams, llama_model). */
struct wq_model {
	char arch[32];
	int64_t n_layer, n_expert, n_head,
		n_head_kv; /* of layer 0, for n_gqa() */
	int is_70b; /* llm_type 70B: llama (GQA), qwen2, deci, olmo with 80
		       layers */
};

/* The rule a tensor followed, for --explain. */
enum wq_rule {
	WQ_KEPT, /* not quantized: 1-D, a norm, a router, a conv...
		    (tensor_allows_quantization) */
	WQ_DEFAULT, /* the ftype's default type */
	WQ_OUTPUT, /* output / tied token embeddings rule */
	WQ_EMBD, /* token embeddings rule */
	WQ_ATTN_V, /* attn_v / attn_qkv / attn_kv_b raised */
	WQ_FFN_DOWN, /* ffn_down raised on some layers (use_more_bits) */
	WQ_OTHER, /* another category's rule (attn_k, attn_q, attn_output,
		     ffn_gate/up, MoE) */
	WQ_FALLBACK, /* a row not a multiple of the block: the fallback type */
	WQ_RULES
};
extern const char *const wq_rule_words[WQ_RULES];

/* Types and bytes of every tensor for ftype f: types[i], rules[i] (may be
 * NULL), the total returned; -1 on overflow or a type ggml does not know. */
int64_t wq_size(const struct wq_tensor *t, size_t n, const struct wq_model *m,
		const struct wq_ftype *f, uint32_t *types, enum wq_rule *rules);

#endif
