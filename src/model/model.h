/*
 * model: a model config (DESIGN section 5), the one place that reads model
 * INI files.  Every value is validated; sizes derived from a model are
 * computed in 64 bits and refused, never wrapped, when they would overflow.
 */
#ifndef ATTNVIZ_MODEL_H
#define ATTNVIZ_MODEL_H

#include <stddef.h>
#include <stdint.h>

enum attn_kind { ATTN_MHA, ATTN_GQA, ATTN_MQA, ATTN_MLA };
enum rope_scaling { ROPE_NONE, ROPE_LINEAR, ROPE_NTK, ROPE_YARN };
enum cache_type { CACHE_F32, CACHE_F16, CACHE_BF16, CACHE_Q8_0, CACHE_Q4_0 };

struct model {
	char id[64];            /* file name without .ini */
	char path[512];
	char name[128];
	char source[256];
	double params;          /* parameter count */
	int64_t layers, heads, kv_heads, head_dim, vocab, ctx_train;
	enum attn_kind kind;
	int64_t sliding_window; /* 0: none */
	int64_t swa_pattern;    /* n: layer il is local when il % n < n - 1; 0: all layers alike */
	int sinks_learned;
	int64_t kv_lora_rank, qk_rope_head_dim, qk_nope_head_dim, v_head_dim;   /* kind mla */
	double rope_base;
	enum rope_scaling scaling;
	double rope_factor;
	int64_t orig_ctx;
	double beta_fast, beta_slow;   /* YaRN ramp ends, llama.cpp defaults 32 and 1 */
	enum cache_type cache;
	char warning[256];      /* non-fatal remarks (unknown keys); empty when none */
};

/* Load and validate.  0, or -1 with the one-line error in err. */
int model_load(struct model *m, const char *path, char *err, size_t errlen);
/* Find by path or by id along the search path, then load. */
int model_find_load(struct model *m, const char *name_or_path, char *err, size_t errlen);

struct model_entry {
	char id[64];
	char path[512];
};
/* Model files along the search path, first of each id wins, sorted by id.
 * Returns the count (at most max). */
int model_list(struct model_entry *out, int max);

const char *model_kind_name(enum attn_kind k);
const char *model_cache_name(enum cache_type c);

/* Bytes of `elems` cache elements (block-quantized types round up per block). */
int64_t model_cache_bytes(enum cache_type c, int64_t elems);
/* KV-cache bytes per token per layer (K and V, or MLA's latent + RoPE key). */
int64_t model_kv_bytes_per_token_layer(const struct model *m);
/* KV-cache bytes per token over all layers, with every layer global. */
int64_t model_kv_bytes_per_token(const struct model *m);
/* Layer il is a sliding-window (local) layer. */
int model_layer_is_local(const struct model *m, int64_t il);

/* Round x up to a multiple of `to` (GGML_PAD). */
int64_t model_pad(int64_t x, int64_t to);
/* Cells of a sliding-window layer's cache, llama-kv-cache-iswa.cpp:
 * GGML_PAD(min(n_ctx, n_swa * n_seq + n_ubatch), 256). */
int64_t model_swa_cells(int64_t n_ctx, int64_t n_swa, int64_t n_seq, int64_t n_ubatch);
/* Layers that are local (sliding window) under the model's pattern. */
int64_t model_local_layers(const struct model *m);

#endif
