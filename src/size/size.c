/*
 * size: the KV cache llama.cpp allocates and the FLOPs a model spends, per
 * layer, for a deployment.  The rules and their llama.cpp sources are in
 * size.h; each function below names the one it follows.
 */
#include "model/arch.h"
#include "model/family.h"
#include "size/size.h"
#include "util/fault.h"

static int64_t pad(int64_t x, int64_t to) { return (x + to - 1) / to * to; }

struct deploy deploy_default(int64_t n_ctx)
{
	/* common/common.h: n_batch 2048, n_ubatch 512, n_parallel 1, kv_unified
	 * false, swa_full false, flash_attn_type auto, which llama-context.cpp
	 * resolves to on when the CPU backend runs the FLASH_ATTN_EXT op. */
	struct deploy d = {.n_ctx = n_ctx,
			   .n_ubatch = 512,
			   .n_seq = 1,
			   .unified = 0,
			   .swa_full = 0,
			   .flash_attn = 1,
			   .n_batch = 2048};
	return d;
}

enum layer_cache size_layer_kind(const struct model *m, int64_t il)
{
	/* A model whose window llama.cpp does not read (Mistral v0.1 under
	 * LLM_ARCH_LLAMA) gets a plain llama_kv_cache: every layer full
	 * (model_layer's window 0). */
	struct model_layer L = model_layer(m, il);
	if (L.kv_heads == 0)
		return LAYER_NONE; /* hparams.has_kv(il) false: no tensors for
				      this layer */
	return L.window > 0 ? LAYER_LOCAL : LAYER_GLOBAL;
}

int size_layer_cached(const struct model *m, int64_t il)
{
	/* has_kv(il) (shared layers), llama-memory-hybrid.cpp's filter
	 * (recurrent layers) and create_memory's nextn filter (il < n_layer())
	 */
	if (m->layer_type[il] == LT_RECURRENT || m->layer_type[il] == LT_SHARED)
		return 0;
	/* A layer without KV heads: a plain cache (llama_kv_cache, no filter)
	 * still holds it, with 0-byte K (DeciLM's no-op blocks); a hybrid's
	 * attention filter keeps only its attention layers (Nemotron-H's MLP
	 * blocks: llama.cpp logs 1 layer for the small Nemotron-H of
	 * tests/engine.sh). */
	if (m->layer_kv_heads[il] == 0 && (m->arch_mech & AM_RECURRENT))
		return 0;
	return il < m->layers - m->nextn_layers;
}

int64_t size_layer_window(const struct model *m, int64_t il)
{
	return model_layer(m, il).window;
}

/* hparams.n_embd_k_gqa(il) = n_embd_head_k(il) * n_head_kv(il) */
int64_t size_k_elems_layer(const struct model *m, int64_t il)
{
	struct model_layer L = model_layer(m, il);
	return L.kv_heads * L.k_head;
}

/* ggml_row_size(type, n): block-quantized types cost their block per 32
 * elements. */
/* llama-kv-cache-dsa.cpp: the lightning indexer's cache is a second
 * llama_kv_cache with one K head of indexer_head_size, in the K type, on the
 * same layers and cells as the latent (DeepSeek-V3.2: filter_lid il <
 * n_layer()). */
static int64_t indexer_bytes(const struct model *m, int64_t il)
{
	/* only beside the latent: the scenes' full-K-and-V comparison layouts
	 * drop it */
	if (m->indexer_head_dim <= 0 || !m->layer_kv_heads[il] ||
	    m->kind != ATTN_MLA || !m->mla_latent_cache || m->indexer_apart)
		return 0;
	return model_cache_bytes(m->k_type, m->indexer_head_dim);
}

/* An indexer in a cache of its own (m->indexer_apart): llama-kv-cache-msa.cpp
 * and llama-memory-hybrid-idx.cpp make a second llama_kv_cache with the main
 * one's kv_size, n_seq_max and unified, n_head_kv 1 on every layer and
 * n_embd_head_k = indexer_head_size, on the layers filter_idx keeps
 * (m->layer_indexer).  hybrid-idx sets is_mla() so it keeps no V; MSA keeps
 * V of n_embd_head_v, n_embd_v_gqa_max() = head_dim_v wide when V is
 * transposed (every layer 1 head, none sliding: the families have no
 * window). */
static int apart_indexer(const struct model *m, const struct deploy *d,
			 struct kv_alloc *a)
{
	if (!m->indexer_apart || m->indexer_head_dim <= 0)
		return 0;
	(void)d;
	int64_t kc = model_cache_bytes(m->k_type, m->indexer_head_dim);
	int64_t vc = m->indexer_apart == INDEXER_APART_KV
			 ? model_cache_bytes(m->v_type, m->head_dim_v)
			 : 0;
	int64_t n = 0, kb, vb;
	for (int64_t il = 0; il < m->layers; il++)
		n += m->layer_indexer[il] != 0;
	if (__builtin_mul_overflow(kc, a->full_cells, &kb) ||
	    __builtin_mul_overflow(kb, a->streams, &kb) ||
	    __builtin_mul_overflow(kb, n, &kb) ||
	    __builtin_mul_overflow(vc, a->full_cells, &vb) ||
	    __builtin_mul_overflow(vb, a->streams, &vb) ||
	    __builtin_mul_overflow(vb, n, &vb))
		return -1;
	a->apart_layers = n;
	a->apart_bytes = FAULT_INT("size_alloc", kb + vb);
	return 0;
}

/* llama-kv-cache-dsv4.cpp llama_kv_cache_dsv4(): each compressed cache a
 * llama_kv_cache of K only (dsv4_make_k_only) on the layers of its ratio,
 * GGML_PAD(max(1, ceil(kv_size / ratio)), 256) cells, kv_size the raw
 * cache's n_ctx_seq, a stream a sequence (unified_compressed = false);
 * each compressor state (llama_dsv4_comp_state) a kv and a score f32
 * tensor of n_embd_state x state_size x n_stream on its layers. */
static int64_t comp_row(const struct model *m, enum family_comp_row row,
			int64_t il)
{
	return row == FC_INDEXER ? m->indexer_head_dim
				 : size_k_elems_layer(m, il);
}

int size_comp_at(const struct model *m, int state, int i,
		 struct size_comp *out)
{
	const struct family_compress *fc = FAMILY_PART(m, compress);
	if (!fc || i < 0 || i >= 4)
		return 0;
	if (!state && fc->cache[i].name) {
		const struct family_comp_cache *c = &fc->cache[i];
		*out = (struct size_comp){.name = c->name, .ratio = c->ratio,
					  .pad = fc->pad,
					  .indexer = c->row == FC_INDEXER};
		return 1;
	}
	if (state && fc->state[i].name) {
		const struct family_comp_state *st = &fc->state[i];
		*out = (struct size_comp){.name = st->name, .ratio = st->ratio,
					  .rows = st->rows, .width = st->width,
					  .pad = fc->pad,
					  .indexer = st->of == FC_INDEXER};
		return 1;
	}
	return 0;
}

static int compressed(const struct model *m, const struct deploy *d,
		      struct kv_alloc *a)
{
	const struct family_compress *fc = FAMILY_PART(m, compress);
	if (!fc)
		return 0;
	for (int i = 0; i < 4 && fc->cache[i].name; i++) {
		const struct family_comp_cache *c = &fc->cache[i];
		int64_t n = (a->full_cells + c->ratio - 1) / c->ratio, sum = 0;
		a->comp_cells[i] = pad(n > 1 ? n : 1, fc->pad);
		for (int64_t il = 0; il < m->layers; il++) {
			int64_t b;
			if (m->layer_comp_ratio[il] != c->ratio)
				continue;
			a->comp_layers[i]++;
			b = model_cache_bytes(m->k_type,
					      comp_row(m, c->row, il));
			if (__builtin_mul_overflow(b, a->comp_cells[i], &b) ||
			    __builtin_mul_overflow(b, d->n_seq, &b) ||
			    __builtin_add_overflow(sum, b, &sum))
				return -1;
		}
		a->comp_bytes[i] = FAULT_INT("size_alloc", sum);
		a->apart_bytes += a->comp_bytes[i];
	}
	for (int i = 0; i < 4 && fc->state[i].name; i++) {
		const struct family_comp_state *st = &fc->state[i];
		int64_t n = 0, b;
		for (int64_t il = 0; il < m->layers; il++)
			n += m->layer_comp_ratio[il] == st->ratio;
		a->comp_state_layers[i] = n;
		/* n_embd_head_k(): the full layers' head size */
		b = st->of == FC_INDEXER ? m->indexer_head_dim : m->head_dim;
		if (__builtin_mul_overflow(b, 2 * 4 * st->width * st->rows,
					   &b) ||
		    __builtin_mul_overflow(b, d->n_seq, &b) ||
		    __builtin_mul_overflow(b, n, &b))
			return -1;
		a->comp_state_bytes[i] = FAULT_INT("size_state", b);
		a->recurrent_bytes += a->comp_state_bytes[i];
	}
	return 0;
}

/* V elements a cell of layer il keeps: none beside MLA's latent or in
 * DeepSeek V4's K-only caches (model k_only) */
static int64_t cached_v_elems(const struct model *m, int64_t il)
{
	if (m->k_only || (m->kind == ATTN_MLA && m->mla_latent_cache))
		return 0;
	return model_v_elems_layer(m, il);
}

int64_t size_kv_bytes_token_layer(const struct model *m, int64_t il)
{
	int64_t v = cached_v_elems(m, il);
	return FAULT_INT(
	    "size_token",
	    model_cache_bytes(m->k_type, size_k_elems_layer(m, il)) +
		indexer_bytes(m, il) +
		(v ? model_cache_bytes(m->v_type, v) : 0));
}

int64_t size_kv_bytes_token(const struct model *m)
{
	int64_t sum = 0;
	for (int64_t il = 0; il < m->layers; il++)
		sum += size_kv_bytes_token_layer(m, il);
	return sum;
}

/* llama-context.cpp llama_context::llama_context: with causal attention
 * n_batch = min(n_ctx, n_batch) (n_ctx as asked: the padding to 256 comes
 * after), then n_ubatch = min(n_batch, n_ubatch). */
int size_flash_attn(const struct model *m, const struct deploy *d)
{
	const struct family *f = model_family(m);
	return d->flash_attn && !(f && f->mech & AM_NO_FLASH_ATTN);
}

int64_t size_batch(const struct deploy *d)
{
	int64_t b = d->n_batch > 0 ? d->n_batch : 2048;
	return b < d->n_ctx ? b : d->n_ctx;
}

int64_t size_ubatch(const struct deploy *d)
{
	int64_t b = size_batch(d);
	return d->n_ubatch < b ? d->n_ubatch : b;
}

int64_t size_kv_bytes_token_as(const struct model *m, int64_t kv_heads)
{
	int64_t sum = 0;
	for (int64_t il = 0; il < m->layers; il++) {
		if (m->layer_kv_heads[il] <= 0)
			continue;
		struct model_layer L = model_layer(m, il);
		sum += model_cache_bytes(m->k_type, kv_heads * L.attn_k) +
		       model_cache_bytes(m->v_type, kv_heads * L.attn_v);
	}
	return FAULT_INT("size_token", sum);
}

int64_t size_past_train(const struct model *m, const struct kv_alloc *a)
{
	int64_t seq = a->streams > 0 ? a->n_ctx / a->streams : a->n_ctx;
	return m->ctx_train > 0 && seq > m->ctx_train ? seq : 0;
}

int size_alloc(const struct model *m, const struct deploy *d,
	       struct kv_alloc *a)
{
	if (d->n_ctx < 1 || d->n_ubatch < 1 || d->n_seq < 1)
		return -1;
	*a = (struct kv_alloc){0};
	/* llama-context.cpp: n_ctx padded to 256; split: n_ctx_seq =
	 * pad256(n_ctx / n_seq), n_ctx = n_ctx_seq * n_seq; unified: n_ctx_seq
	 * = n_ctx, one stream (llama-kv-cache.cpp: n_stream = unified ? 1 :
	 * n_seq_max). */
	int64_t n_ctx = pad(d->n_ctx, SIZE_PAD);
	/* llama_kv_cache_dsv4: a stream a sequence of n_ctx_seq cells even
	 * under -kvu (unified_raw = false), n_ctx_seq then n_ctx */
	int per_seq = m->streams_per_seq;
	if (d->unified) {
		a->streams = per_seq ? d->n_seq : 1;
		a->full_cells = FAULT_INT("size_cells", n_ctx);
	} else {
		a->streams = d->n_seq;
		a->full_cells =
		    FAULT_INT("size_cells", pad(n_ctx / d->n_seq, SIZE_PAD));
		n_ctx = a->full_cells * d->n_seq;
	}
	a->n_ctx = n_ctx;
	/* llama-context.cpp caps n_ubatch at n_batch <= n_ctx before the cache
	 * is made: the SWA formula sees the capped n_ubatch. */
	int64_t n_ubatch = size_ubatch(d);
	/* a window llama.cpp does not read (Mistral v0.1 under
	 * LLM_ARCH_LLAMA): a plain llama_kv_cache */
	a->windowed = m->sliding_window > 0 && !m->swa_ignored;
	if (a->windowed) {
		/* llama-kv-cache-iswa.cpp: size_swa = GGML_PAD(min(size_base,
		 * n_swa*(unified ? n_seq_max : 1) + n_ubatch), n_pad);
		 * swa_full: size_base. */
		int64_t want;
		if (__builtin_mul_overflow(m->sliding_window,
					   d->unified && !per_seq ? d->n_seq
								  : 1,
					   &want) ||
		    __builtin_add_overflow(want, n_ubatch, &want))
			return -1;
		a->swa_cells = FAULT_INT(
		    "size_swa_cells",
		    d->swa_full
			? a->full_cells
			: pad(want < a->full_cells ? want : a->full_cells,
			      SIZE_PAD));
	}
	/* llama-kv-cache.cpp llama_kv_cache(): a layer is in the cache unless
	 * hparams.has_kv(il) is false (a shared layer, n_layer_kv_from_start)
	 * or the filter drops it (a recurrent layer: llama-memory-hybrid.cpp's
	 * filter_attn; a nextn layer: create_memory's il < n_layer()).  A layer
	 * in it with 0 KV heads (an FFN-only block) is still one: its K rows
	 * have 0 elements, but without flash attention V is stored transposed
	 * (v_trans) and every layer's V rows are padded to the widest,
	 * hparams.n_embd_v_gqa_max() ([TAG_V_CACHE_VARIABLE]). */
	int64_t v_max = 0;
	for (int64_t il = 0; il < m->layers; il++)
		if (cached_v_elems(m, il) > v_max)
			v_max = cached_v_elems(m, il);
	int v_trans = !size_flash_attn(m, d);
	for (int64_t il = 0; il < m->layers; il++) {
		enum layer_cache kind = size_layer_kind(m, il);
		int cached = size_layer_cached(m, il);
		/* the cache llama.cpp puts the layer in:
		 * llama-kv-cache-iswa.cpp filters by hparams.is_swa(il) */
		int local = a->windowed && m->layer_swa[il];
		int64_t cells = !cached ? 0
				: local ? a->swa_cells
					: a->full_cells;
		int64_t kb, vb, bytes, full;
		a->layer_cells[il] = kind == LAYER_NONE ? 0 : cells;
		int64_t per_k =
		    model_cache_bytes(m->k_type, size_k_elems_layer(m, il)) +
		    indexer_bytes(m, il);
		a->indexer_bytes_cell += indexer_bytes(m, il);
		int64_t ve = m->k_only || (m->kind == ATTN_MLA &&
					   m->mla_latent_cache)
				 ? 0
			     : v_trans ? v_max
				       : model_v_elems_layer(m, il);
		int64_t per_v = ve ? model_cache_bytes(m->v_type, ve) : 0;
		/* ggml_new_tensor_3d(type, n_embd_gqa, kv_size, n_stream) per
		 * layer, K and V. */
		if (__builtin_mul_overflow(per_k, cells, &kb) ||
		    __builtin_mul_overflow(kb, a->streams, &kb) ||
		    __builtin_mul_overflow(per_v, cells, &vb) ||
		    __builtin_mul_overflow(vb, a->streams, &vb) ||
		    __builtin_mul_overflow(per_k + per_v,
					   cached ? a->full_cells : 0, &full) ||
		    __builtin_mul_overflow(full, a->streams, &full))
			return -1;
		bytes = FAULT_INT("size_alloc", kb + vb);
		a->layer_bytes[il] = bytes;
		a->k_bytes += kb;
		a->v_bytes += vb;
		a->full_bytes += full;
		if (kind == LAYER_NONE)
			a->none_layers++;
		if (!cached)
			continue;
		/* the layer counts are those of llama.cpp's log: a layer
		 * without KV heads counts */
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
	if (apart_indexer(m, d, a) < 0)
		return -1;
	a->total_bytes = a->global_bytes + a->local_bytes;
	a->indexer_bytes = a->indexer_bytes_cell * a->full_cells *
			   a->streams; /* DeepSeek-V3.2 has no window */
	/* llama-memory-recurrent.cpp: per recurrent layer an r tensor of
	 * n_embd_r() and an s tensor of n_embd_s() f32 values per row, mem_size
	 * = max(1, n_seq_max) rows (create_memory; n_rs_seq 0 by default),
	 * whatever the context. */
	a->state_bytes_layer = FAULT_INT(
	    "size_state", 4 * (model_embd_r(m) + model_embd_s(m)) * d->n_seq);
	for (int64_t il = 0; il < m->layers; il++) {
		/* Falcon-H1: every attention layer also keeps a state */
		a->recurrent_layers += model_layer(m, il).state;
		a->shared_layers += m->layer_type[il] == LT_SHARED;
	}
	if (__builtin_mul_overflow(a->state_bytes_layer, a->recurrent_layers,
				   &a->recurrent_bytes))
		return -1;
	/* Qwen4exp: the PLE layer's own row beside its state, f32 a sequence
	 * (llama-memory-recurrent.cpp: cache_ple_r_l of ple_conv_state()) */
	a->recurrent_bytes +=
	    FAULT_INT("size_state", 4 * m->ple_state * d->n_seq);
	return compressed(m, d, a);
}

double size_weight_flops(const struct model *m, int64_t n_tokens)
{
	/* One multiply and one add per active weight per token (MoE: the
	 * experts used). */
	return FAULT_REAL("size_flops",
			  2.0 * m->active_params * (double)n_tokens);
}

double size_attn_flops_pair(const struct model *m, int64_t il)
{
	if (!model_layer(m, il).attends)
		return 0;
	/* MLA with the latent cache: llama.cpp's deepseek2 graph ("MLA with the
	 * absorption optimization", src/models/deepseek2.cpp) folds wk_b into
	 * the query and applies wv_b after attention, so every head attends
	 * over the cached row itself, MQA-style: q·k over kv_lora_rank +
	 * qk_rope_head_dim, p·v over kv_lora_rank.  Without the *_mla keys it
	 * falls back to MHA. */
	if (m->kind == ATTN_MLA && m->mla_latent_cache)
		return 2.0 * (double)m->heads *
			   (double)(m->kv_lora_rank + m->qk_rope_head_dim) +
		       2.0 * (double)m->heads * (double)m->kv_lora_rank;
	/* q·k over the K head size and p·v over the V head size, for every
	 * query head (Gemma 4's sliding layers 256 against the full 512) */
	struct model_layer L = model_layer(m, il);
	return FAULT_REAL("size_flops",
			  2.0 * (double)m->heads * (double)L.attn_k +
			      2.0 * (double)m->heads * (double)L.attn_v);
}

/* llama-graph.cpp / llama-hparams.cpp is_masked_swa (LLAMA_SWA_TYPE_STANDARD):
 * key p0 is masked for query p1 when p1 - p0 >= n_swa, so a query sees
 * min(p1 + 1, n_swa) keys; on a full layer all p1 + 1.  Summed over
 * queries p1 = 0 .. n-1. */
int64_t size_attn_pairs_prefill(const struct model *m, int64_t il, int64_t n)
{
	struct model_layer L = model_layer(m, il);
	int64_t w = L.window;
	if (!L.attends || n <= 0)
		return 0;
	if (L.type == LT_CHUNKED) {
		/* LLAMA_SWA_TYPE_CHUNKED: key p0 is masked for query p1 when
		 * p0 < (p1 / n_swa) * n_swa, so p1 sees p1 mod n_swa + 1 keys:
		 * q whole chunks of w(w + 1)/2 pairs, then r queries of a part.
		 */
		int64_t q = n / w, r = n % w;
		return q * (w * (w + 1) / 2) + r * (r + 1) / 2;
	}
	if (w == 0 || n <= w)
		return n * (n + 1) / 2;
	return w * (w + 1) / 2 + (n - w) * w;
}

double size_attn_flops_prefill(const struct model *m, int64_t n)
{
	double sum = 0;
	for (int64_t il = 0; il < m->layers; il++)
		sum += size_attn_flops_pair(m, il) *
		       (double)size_attn_pairs_prefill(m, il, n);
	return sum;
}

static int64_t keys_seen(const struct model *m, int64_t il, int64_t pos)
{
	struct model_layer L = model_layer(m, il);
	int64_t w = L.window, k = pos + 1;
	if (L.type == LT_CHUNKED)
		return pos % w + 1; /* chunked: the keys of the query's own
				       chunk up to it */
	return w && k > w ? w : k;
}

double size_attn_flops_decode(const struct model *m, int64_t pos)
{
	double sum = 0;
	for (int64_t il = 0; il < m->layers; il++)   /* 0 where none attends */
		sum += size_attn_flops_pair(m, il) *
		       (double)keys_seen(m, il, pos);
	return sum;
}

int64_t size_kv_read_decode(const struct model *m, int64_t pos)
{
	int64_t sum = 0;
	for (int64_t il = 0; il < m->layers; il++)
		if (m->layer_kv_heads[il])
			sum += size_kv_bytes_token_layer(m, il) *
			       keys_seen(m, il, pos);
	return sum;
}

int64_t size_scores_bytes(int64_t n_ubatch, int64_t n_kv, int64_t heads,
			  int64_t bytes_per_score)
{
	int64_t r;
	if (__builtin_mul_overflow(n_ubatch, n_kv, &r) ||
	    __builtin_mul_overflow(r, heads, &r) ||
	    __builtin_mul_overflow(r, bytes_per_score, &r))
		return -1;
	return FAULT_INT("size_scores", r);
}

int64_t size_logits_bytes(int64_t n_ubatch, int64_t vocab)
{
	int64_t r;
	if (__builtin_mul_overflow(n_ubatch, vocab, &r) ||
	    __builtin_mul_overflow(r, 4, &r))
		return -1;
	return FAULT_INT("size_logits", r);
}
