/*
 * size: the KV cache llama.cpp allocates and the FLOPs a model spends, per
 * layer, for a deployment.  The rules and their llama.cpp sources are in
 * size.h; each function below names the one it follows.
 */
#include "model/size.h"
#include "util/fault.h"

static int64_t pad(int64_t x, int64_t to)
{
	return (x + to - 1) / to * to;
}

struct deploy deploy_default(int64_t n_ctx)
{
	/* common/common.h: n_batch 2048, n_ubatch 512, n_parallel 1, kv_unified
	 * false, swa_full false, flash_attn_type auto, which llama-context.cpp
	 * resolves to on when the CPU backend runs the FLASH_ATTN_EXT op. */
	struct deploy d = {.n_ctx = n_ctx, .n_ubatch = 512, .n_seq = 1, .unified = 0, .swa_full = 0,
			   .flash_attn = 1, .n_batch = 2048};
	return d;
}

static int windowed(const struct model *m)
{
	/* A model whose window llama.cpp does not read (Mistral v0.1 under
	 * LLM_ARCH_LLAMA) gets a plain llama_kv_cache: every layer full. */
	return m->sliding_window > 0 && !m->swa_ignored;
}

enum layer_cache size_layer_kind(const struct model *m, int64_t il)
{
	if (m->layer_kv_heads[il] == 0)
		return LAYER_NONE;   /* hparams.has_kv(il) false: no tensors for this layer */
	return windowed(m) && m->layer_swa[il] ? LAYER_LOCAL : LAYER_GLOBAL;
}

int64_t size_layer_window(const struct model *m, int64_t il)
{
	return size_layer_kind(m, il) == LAYER_LOCAL ? m->sliding_window : 0;
}

/* hparams.n_embd_k_gqa(il) = n_embd_head_k * n_head_kv(il); for MLA with the
 * latent cache llama.cpp sets n_embd_head_k = kv_lora_rank + n_rot and one KV head. */
int64_t size_k_elems_layer(const struct model *m, int64_t il)
{
	if (m->layer_kv_heads[il] == 0)
		return 0;
	if (m->kind == ATTN_MLA && m->mla_latent_cache)
		return m->kv_lora_rank + m->qk_rope_head_dim;
	return (int64_t)m->layer_kv_heads[il] * m->head_dim;
}

/* n_embd_v_gqa(il) = n_embd_head_v * n_head_kv(il); the latent cache keeps no V
 * (V is read as a view of the latent in K). */
int64_t size_v_elems_layer(const struct model *m, int64_t il)
{
	if (m->layer_kv_heads[il] == 0 || (m->kind == ATTN_MLA && m->mla_latent_cache))
		return 0;
	return (int64_t)m->layer_kv_heads[il] * m->head_dim_v;
}

/* ggml_row_size(type, n): block-quantized types cost their block per 32 elements. */
int64_t size_kv_bytes_token_layer(const struct model *m, int64_t il)
{
	int64_t v = size_v_elems_layer(m, il);
	return FAULT_INT("size_token",
			 model_cache_bytes(m->k_type, size_k_elems_layer(m, il)) + (v ? model_cache_bytes(m->v_type, v) : 0));
}

int64_t size_kv_bytes_token(const struct model *m)
{
	int64_t sum = 0;
	for (int64_t il = 0; il < m->layers; il++)
		sum += size_kv_bytes_token_layer(m, il);
	return sum;
}

/* The V head size of the comparison layouts: an MLA model's heads have
 * v_head_dim, whatever its cache keeps. */
static int64_t v_head(const struct model *m)
{
	return m->kind == ATTN_MLA && m->v_head_dim > 0 ? m->v_head_dim : m->head_dim_v;
}

/* And the K head size: an MLA model's heads have qk_nope_head_dim + qk_rope_head_dim. */
static int64_t k_head(const struct model *m)
{
	return m->kind == ATTN_MLA && m->qk_nope_head_dim > 0 ? m->qk_nope_head_dim + m->qk_rope_head_dim : m->head_dim;
}

int64_t size_kv_bytes_token_as(const struct model *m, int64_t kv_heads)
{
	int64_t sum = 0;
	for (int64_t il = 0; il < m->layers; il++)
		if (m->layer_kv_heads[il] > 0)
			sum += model_cache_bytes(m->k_type, kv_heads * k_head(m)) +
			       model_cache_bytes(m->v_type, kv_heads * v_head(m));
	return FAULT_INT("size_token", sum);
}

int size_alloc(const struct model *m, const struct deploy *d, struct kv_alloc *a)
{
	if (d->n_ctx < 1 || d->n_ubatch < 1 || d->n_seq < 1)
		return -1;
	*a = (struct kv_alloc){0};
	/* llama-context.cpp: n_ctx padded to 256; split: n_ctx_seq = pad256(n_ctx / n_seq),
	 * n_ctx = n_ctx_seq * n_seq; unified: n_ctx_seq = n_ctx, one stream
	 * (llama-kv-cache.cpp: n_stream = unified ? 1 : n_seq_max). */
	int64_t n_ctx = pad(d->n_ctx, SIZE_PAD);
	if (d->unified) {
		a->streams = 1;
		a->full_cells = FAULT_INT("size_cells", n_ctx);
	} else {
		a->streams = d->n_seq;
		a->full_cells = FAULT_INT("size_cells", pad(n_ctx / d->n_seq, SIZE_PAD));
		n_ctx = a->full_cells * d->n_seq;
	}
	a->n_ctx = n_ctx;
	/* llama-context.cpp caps n_ubatch at n_batch <= n_ctx before the cache
	 * is made: the SWA formula sees the capped n_ubatch. */
	int64_t n_ubatch = size_ubatch(d);
	a->windowed = windowed(m);
	if (a->windowed) {
		/* llama-kv-cache-iswa.cpp: size_swa = GGML_PAD(min(size_base,
		 * n_swa*(unified ? n_seq_max : 1) + n_ubatch), n_pad); swa_full: size_base. */
		int64_t want;
		if (__builtin_mul_overflow(m->sliding_window, d->unified ? d->n_seq : 1, &want) ||
		    __builtin_add_overflow(want, n_ubatch, &want))
			return -1;
		a->swa_cells = FAULT_INT("size_swa_cells",
					 d->swa_full ? a->full_cells : pad(want < a->full_cells ? want : a->full_cells, SIZE_PAD));
	}
	/* llama-kv-cache.cpp: every layer llama.cpp's has_kv(il) accepts is in a
	 * cache (all of them for these architectures), a layer with 0 KV heads
	 * too: its K rows have 0 elements, but without flash attention V is
	 * stored transposed (v_trans) and every layer's V rows are padded to
	 * the widest, hparams.n_embd_v_gqa_max() ([TAG_V_CACHE_VARIABLE]). */
	int64_t v_max = 0;
	for (int64_t il = 0; il < m->layers; il++)
		if (size_v_elems_layer(m, il) > v_max)
			v_max = size_v_elems_layer(m, il);
	int v_trans = !d->flash_attn;
	for (int64_t il = 0; il < m->layers; il++) {
		enum layer_cache kind = size_layer_kind(m, il);
		/* the cache llama.cpp puts the layer in: llama-kv-cache-iswa.cpp filters by hparams.is_swa(il) */
		int local = a->windowed && m->layer_swa[il];
		int64_t cells = local ? a->swa_cells : a->full_cells;
		int64_t kb, vb, bytes, full;
		a->layer_kind[il] = (uint8_t)kind;
		a->layer_cells[il] = kind == LAYER_NONE ? 0 : cells;
		int64_t per_k = model_cache_bytes(m->k_type, size_k_elems_layer(m, il));
		int64_t ve = m->kind == ATTN_MLA && m->mla_latent_cache ? 0 : v_trans ? v_max : size_v_elems_layer(m, il);
		int64_t per_v = ve ? model_cache_bytes(m->v_type, ve) : 0;
		/* ggml_new_tensor_3d(type, n_embd_gqa, kv_size, n_stream) per layer, K and V. */
		if (__builtin_mul_overflow(per_k, cells, &kb) || __builtin_mul_overflow(kb, a->streams, &kb) ||
		    __builtin_mul_overflow(per_v, cells, &vb) || __builtin_mul_overflow(vb, a->streams, &vb) ||
		    __builtin_mul_overflow(per_k + per_v, a->full_cells, &full) ||
		    __builtin_mul_overflow(full, a->streams, &full))
			return -1;
		bytes = FAULT_INT("size_alloc", kb + vb);
		a->layer_bytes[il] = bytes;
		a->k_bytes += kb;
		a->v_bytes += vb;
		a->full_bytes += full;
		if (kind == LAYER_NONE)
			a->none_layers++;
		/* the layer counts are those of llama.cpp's log: a layer without KV heads counts */
		if (local) {
			a->local_layers++;
			a->local_bytes += bytes;
			a->local_k_bytes += kb;
		} else {
			a->global_layers++;
			a->global_bytes += bytes;
			a->global_k_bytes += kb;
		}
	}
	a->total_bytes = a->global_bytes + a->local_bytes;
	return 0;
}

double size_weight_flops(const struct model *m, int64_t n_tokens)
{
	/* One multiply and one add per active weight per token (MoE: the experts used). */
	return FAULT_REAL("size_flops", 2.0 * m->active_params * (double)n_tokens);
}

double size_attn_flops_pair(const struct model *m, int64_t il)
{
	if (m->layer_kv_heads[il] == 0)
		return 0;
	/* MLA with the latent cache: llama.cpp's deepseek2 graph ("MLA with the
	 * absorption optimization", src/models/deepseek2.cpp) folds wk_b into the
	 * query and applies wv_b after attention, so every head attends over the
	 * cached row itself, MQA-style: q·k over kv_lora_rank + qk_rope_head_dim,
	 * p·v over kv_lora_rank.  Without the *_mla keys it falls back to MHA. */
	if (m->kind == ATTN_MLA && m->mla_latent_cache)
		return 2.0 * (double)m->heads * (double)(m->kv_lora_rank + m->qk_rope_head_dim) +
		       2.0 * (double)m->heads * (double)m->kv_lora_rank;
	/* q·k over head_dim and p·v over the V head size, for every query head. */
	return FAULT_REAL("size_flops", 2.0 * (double)m->heads * (double)k_head(m) + 2.0 * (double)m->heads * (double)v_head(m));
}

/* llama-graph.cpp / llama-hparams.cpp is_masked_swa (LLAMA_SWA_TYPE_STANDARD):
 * key p0 is masked for query p1 when p1 - p0 >= n_swa, so a query sees
 * min(p1 + 1, n_swa) keys; on a full layer all p1 + 1.  Summed over
 * queries p1 = 0 .. n-1. */
int64_t size_attn_pairs_prefill(const struct model *m, int64_t il, int64_t n)
{
	if (m->layer_kv_heads[il] == 0 || n <= 0)
		return 0;
	int64_t w = size_layer_window(m, il);
	if (w == 0 || n <= w)
		return n * (n + 1) / 2;
	return w * (w + 1) / 2 + (n - w) * w;
}

double size_attn_flops_prefill(const struct model *m, int64_t n)
{
	double sum = 0;
	for (int64_t il = 0; il < m->layers; il++)
		sum += size_attn_flops_pair(m, il) * (double)size_attn_pairs_prefill(m, il, n);
	return sum;
}

static int64_t keys_seen(const struct model *m, int64_t il, int64_t pos)
{
	int64_t w = size_layer_window(m, il), k = pos + 1;
	return w && k > w ? w : k;
}

double size_attn_flops_decode(const struct model *m, int64_t pos)
{
	double sum = 0;
	for (int64_t il = 0; il < m->layers; il++)
		sum += size_attn_flops_pair(m, il) * (double)keys_seen(m, il, pos);
	return sum;
}

int64_t size_kv_read_decode(const struct model *m, int64_t pos)
{
	int64_t sum = 0;
	for (int64_t il = 0; il < m->layers; il++)
		if (m->layer_kv_heads[il])
			sum += size_kv_bytes_token_layer(m, il) * keys_seen(m, il, pos);
	return sum;
}

int64_t size_scores_bytes(int64_t n_ubatch, int64_t n_kv, int64_t heads, int64_t bytes_per_score)
{
	int64_t r;
	if (__builtin_mul_overflow(n_ubatch, n_kv, &r) || __builtin_mul_overflow(r, heads, &r) ||
	    __builtin_mul_overflow(r, bytes_per_score, &r))
		return -1;
	return FAULT_INT("size_scores", r);
}

int64_t size_logits_bytes(int64_t n_ubatch, int64_t vocab)
{
	int64_t r;
	if (__builtin_mul_overflow(n_ubatch, vocab, &r) || __builtin_mul_overflow(r, 4, &r))
		return -1;
	return FAULT_INT("size_logits", r);
}
