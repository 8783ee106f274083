/*
 * size: every size and cost derived from a model and a deployment, the way
 * llama.cpp's current source allocates and computes them (DESIGN section 5).
 * Scenes never derive sizes themselves: they call these.
 *
 * Rules, with the llama.cpp file each comes from:
 *   - llama-context.cpp: n_ctx is padded up to a multiple of 256; with a
 *     split cache (the default) each of the n_seq sequences gets its own
 *     stream of n_ctx_seq = pad256(n_ctx / n_seq) cells (and n_ctx becomes
 *     n_ctx_seq * n_seq); with a unified cache (-kvu) one stream of n_ctx.
 *   - llama-kv-cache.cpp: a layer's K tensor is ggml_row_size(type_k,
 *     n_embd_k_gqa(il)) bytes per cell per stream, V likewise with
 *     n_embd_v_gqa(il) with flash attention, n_embd_v_gqa_max() without
 *     (V transposed: every layer padded to the widest).  A layer with 0 KV
 *     heads is still a cache layer (has_kv(il) is true): K of 0 bytes, V
 *     0 bytes with flash attention, padded without.
 *   - llama-kv-cache-iswa.cpp: the sliding layers' cache has
 *     GGML_PAD(min(size_base, n_swa * (unified ? n_seq : 1) + n_ubatch), 256)
 *     cells per stream, or size_base with swa_full.
 *   - MLA with the latent cache (DeepSeek-2/3 GGUFs with the *_mla keys):
 *     K holds kv_lora_rank + qk_rope_head_dim elements per token, no V.
 *   - llama-hparams.cpp n_embd_head_k(il): sliding layers have their own
 *     head sizes (model_layer's k_head, v_head).
 *   - llama-memory-recurrent.cpp: a recurrent layer keeps f32 x (n_embd_r +
 *     n_embd_s) x max(1, n_seq) bytes whatever the context (recurrent_bytes).
 *   - llama-kv-cache-dsa.cpp (DeepSeek-V3.2): beside the latent, the
 *     indexer's K-only cache of indexer_head_dim a token a layer.
 *   - chunked layers (Llama 4) are sized as iSWA layers; a query at p sees
 *     p mod n_swa + 1 keys (is_masked_swa, LLAMA_SWA_TYPE_CHUNKED).
 * The rules were read in llama.cpp release v0.5.0 (build/llama/release.json).
 */
#ifndef ATTNVIZ_SIZE_H
#define ATTNVIZ_SIZE_H

#include <stdint.h>

#include "model/deploy.h"
#include "model/model.h"

/* The default deployment: -c n_ctx -ub 512, one sequence, split, no --swa-full.
 */
struct deploy deploy_default(int64_t n_ctx);

/* What layer il keeps (LAYER_NONE: no KV heads). */
enum layer_cache size_layer_kind(const struct model *m, int64_t il);
/* 1 when layer il is in llama.cpp's KV cache: not recurrent, not shared,
 * not a nextn layer (a layer there with 0 KV heads is, V-padded without -fa).
 */
int size_layer_cached(const struct model *m, int64_t il);
/* K elements per token on layer il (MLA latent: the latent row; V's is
 * model_v_elems_layer, 0 then). */
int64_t size_k_elems_layer(const struct model *m, int64_t il);
/* KV bytes per token (one cell) on layer il, K plus V in their cache types. */
int64_t size_kv_bytes_token_layer(const struct model *m, int64_t il);
/* KV bytes per token summed over every layer that keeps a cache. */
int64_t size_kv_bytes_token(const struct model *m);
/* The same model with `kv_heads` KV heads of full K and V on every cached
 * layer (MHA = heads, MQA = 1, GQA-8 = 8): K head_dim, V the V head size
 * (an MLA model's v_head_dim), in the model's K and V types. */
int64_t size_kv_bytes_token_as(const struct model *m, int64_t kv_heads);

/* The allocation.  0, or -1 when a size overflows 64 bits or d is invalid. */
/* DeepSeek V4's compressed caches and compressor states, as its family
 * file gives them (struct family_compress), for the scenes' closed forms:
 * a cache's ratio, a state's ratio, rows and width (in n_embd_head_k, or
 * the indexer's head when indexer), the caches' cell padding. */
struct size_comp {
	const char *name;
	int64_t ratio, rows, width, pad;
	int indexer;
};
/* The i-th cache (state 0) or compressor state (state 1) of m's family
 * into *out: 1, or 0 when there is none. */
int size_comp_at(const struct model *m, int state, int i,
		 struct size_comp *out);

int size_alloc(const struct model *m, const struct deploy *d,
	       struct kv_alloc *a);
/* The context a sequence sees, llama.cpp's n_ctx_seq (llama-context.cpp:
 * n_ctx padded to 256, split per sequence unless -kvu), when it passes the
 * trained context, where llama_context warns "n_ctx_seq (N) > n_ctx_train
 * (T) -- possible training context overflow"; 0 when it does not. */
int64_t size_past_train(const struct model *m, const struct kv_alloc *a);

/* FLOPs.  Weights: 2 per active parameter per token.  Attention: per layer
 * with a cache, 2·heads·head_dim (QKᵀ) + 2·heads·head_dim_v (PV) for every
 * (query, key) pair the mask lets through: all keys up to the query on a
 * full layer, the last `window` of them on a sliding one. */
double size_weight_flops(const struct model *m, int64_t n_tokens);
/* FLOPs of one (query, key) pair on layer il; 0 on a layer with no cache. */
double size_attn_flops_pair(const struct model *m, int64_t il);
/* (query, key) pairs on layer il when prefilling n tokens. */
int64_t size_attn_pairs_prefill(const struct model *m, int64_t il, int64_t n);
/* Attention FLOPs of prefilling n tokens, all layers. */
double size_attn_flops_prefill(const struct model *m, int64_t n);
/* Attention FLOPs of decoding the token at position pos (0-based: it sees pos +
 * 1 keys on a full layer). */
double size_attn_flops_decode(const struct model *m, int64_t pos);
/* KV bytes one decoded token at position pos reads: every key it sees, per
 * layer. */
int64_t size_kv_read_decode(const struct model *m, int64_t pos);

/* The two largest temporaries of a llama.cpp compute graph (fa-engines).
 * Without flash attention, llama-graph.cpp build_attn_mha multiplies
 * kq = K·Q into an F32 tensor [n_kv, n_ubatch, n_head] (4 bytes a score): all
 * at once; with it, FLASH_ATTN_EXT never materializes it.  The logits are F32
 * [n_vocab, n_outputs], and the reserved graph outputs every token of a
 * micro-batch (llama-context.cpp graph_reserve). */
int64_t size_scores_bytes(int64_t n_ubatch, int64_t n_kv, int64_t heads,
			  int64_t bytes_per_score);
int64_t size_logits_bytes(int64_t n_ubatch, int64_t vocab);

/* The window llama.cpp applies on layer il (0: none, a full layer). */
int64_t size_layer_window(const struct model *m, int64_t il);

/* How a size is known: computed as llama.cpp computes it (one tensor or one
 * product decides it), modelled (a rule fitted to llama.cpp's allocator and
 * checked against the real engine), or estimated (no rule checked). */
enum size_mark { SIZE_EXACT, SIZE_MODELLED, SIZE_ESTIMATED };

/* The buffers llama.cpp allocates beyond the cache (buffers.c):
 * llama-context.cpp caps n_batch = min(n_ctx, n_batch) (n_ctx as asked,
 * before padding) and n_ubatch = min(n_batch, n_ubatch); the output buffer
 * (output_reserve(n_seq_max)) holds n_vocab F32 logits per sequence; the
 * compute buffer is what ggml-alloc reserves for the worst-case graph
 * (sched_reserve: n_ubatch tokens against the whole cache). */
struct buffer_sizes {
	int64_t n_batch, n_ubatch; /* after llama.cpp's caps */
	int64_t compute_bytes;
	enum size_mark compute_mark;
	/* the [model] keys the compute model reads that this model lacks
	 * ("embd, ff"), when they are why compute_mark is estimated; else NULL
	 */
	const char *compute_missing;
	/* how compute_bytes was found, for --explain: the graph replayed
	 * through ggml-alloc's rules and its source (src/graph/compute_replay.c
	 * has a row for every model) */
	const char *compute_graph, *compute_src;
	int64_t output_bytes;
	enum size_mark output_mark;
	/* Host heap beside the buffers (exact): the Hadamard matrices a
	 * quantized cache keeps for its rotation (llama-kv-cache.cpp,
	 * attn_rot_k/_v), n x n F32 for n = 64, 128, ... up to the head size,
	 * per KV cache; 0 for f16. */
	int64_t rot_bytes;
};
/* 0, or -1 when a size overflows 64 bits or d is invalid. */
int size_buffers(const struct model *m, const struct deploy *d,
		 struct buffer_sizes *b);
/* The flash attention llama.cpp runs m with: the deployment's, off for a
 * family that forces it off (AM_NO_FLASH_ATTN).  Every size takes this,
 * not d->flash_attn. */
int size_flash_attn(const struct model *m, const struct deploy *d);
/* 1 when llama.cpp refuses to create this context (llama_init_from_model),
 * with llama.cpp's reason and the function in why; else 0. */
int size_refuse(const struct model *m, const struct deploy *d, char *why,
		size_t len);
/* n_batch and n_ubatch after llama.cpp's caps (llama-context.cpp
 * llama_context): min(n_ctx, n_batch), then min(n_batch, n_ubatch). */
int64_t size_batch(const struct deploy *d);
int64_t size_ubatch(const struct deploy *d);

#endif
