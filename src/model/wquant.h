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

/* llama-quantize's types (tools/quantize/quantize.cpp QUANT_OPTIONS) as
 * X(name, llama_ftype, the ggml type llama_ftype_get_default_type gives),
 * in wq_ftypes[]'s order; the F_ and T_ names are wquant.c's.  A scene's
 * word list is WQ_FTYPES(WQ_FTYPE_WORD). */
#define WQ_FTYPES(X)                                                        \
	X(Q4_0, F_Q4_0, T_Q4_0) X(Q4_1, F_Q4_1, T_Q4_1)                       \
	X(Q5_0, F_Q5_0, T_Q5_0) X(Q5_1, F_Q5_1, T_Q5_1)                       \
	X(Q8_0, F_Q8_0, T_Q8_0) X(Q2_K, F_Q2_K, T_Q2_K)                       \
	X(Q2_K_S, F_Q2_K_S, T_Q2_K) X(Q3_K_S, F_Q3_K_S, T_Q3_K)               \
	X(Q3_K_M, F_Q3_K_M, T_Q3_K) X(Q3_K_L, F_Q3_K_L, T_Q3_K)               \
	X(Q4_K_S, F_Q4_K_S, T_Q4_K) X(Q4_K_M, F_Q4_K_M, T_Q4_K)               \
	X(Q5_K_S, F_Q5_K_S, T_Q5_K) X(Q5_K_M, F_Q5_K_M, T_Q5_K)               \
	X(Q6_K, F_Q6_K, T_Q6_K) X(IQ1_S, F_IQ1_S, T_IQ1_S)                    \
	X(IQ1_M, F_IQ1_M, T_IQ1_M) X(IQ2_XXS, F_IQ2_XXS, T_IQ2_XXS)           \
	X(IQ2_XS, F_IQ2_XS, T_IQ2_XS) X(IQ2_S, F_IQ2_S, T_IQ2_XS)             \
	X(IQ2_M, F_IQ2_M, T_IQ2_S) X(IQ3_XXS, F_IQ3_XXS, T_IQ3_XXS)           \
	X(IQ3_XS, F_IQ3_XS, T_IQ3_S) X(IQ3_S, F_IQ3_S, T_IQ3_S)               \
	X(IQ3_M, F_IQ3_M, T_IQ3_S) X(IQ4_NL, F_IQ4_NL, T_IQ4_NL)              \
	X(IQ4_XS, F_IQ4_XS, T_IQ4_XS) X(TQ1_0, F_TQ1_0, T_TQ1_0)              \
	X(TQ2_0, F_TQ2_0, T_TQ2_0) X(MXFP4_MOE, F_MXFP4_MOE, T_MXFP4)         \
	X(F16, F_F16, T_F16) X(BF16, F_BF16, T_BF16) X(F32, F_ALL_F32, T_F32)
/* "Q4_0|Q4_1|...|F32|": a scene parameter's words (scene/params.h) */
#define WQ_FTYPE_WORD(name, ftype, type) #name "|"
/* how many there are, as a constant */
#define WQ_FTYPE_ONE(name, ftype, type) +1
#define WQ_FTYPE_N (0 WQ_FTYPES(WQ_FTYPE_ONE))

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
/* Bytes a value of f's default type (Q4_K_M: q4_K's 144 B a 256), the
 * estimate of a model whose tensors are not known; its ggml name in
 * *type_name. */
double wq_ftype_bpv(const struct wq_ftype *f, const char **type_name);
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
