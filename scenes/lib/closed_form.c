/*
 * closed_form: closed forms for the model scenes' checks (see the header).
 * Deliberately no call into src/size/size.c or model_cache_bytes.
 */
#include <stdio.h>

#include "scenes/lib/closed_form.h"

/* ggml-common.h: values a block and bytes a block of each cache type. */
static const struct {
	int64_t block, bytes;
} type_blocks[] = {
	[CACHE_F32] = {1, 4},    [CACHE_F16] = {1, 2},   [CACHE_BF16] = {1, 2},  [CACHE_Q8_0] = {32, 34},
	[CACHE_Q4_0] = {32, 18}, [CACHE_Q4_1] = {32, 20}, [CACHE_Q5_0] = {32, 22}, [CACHE_Q5_1] = {32, 24},
	[CACHE_IQ4_NL] = {32, 18},
};

void cf_in_types(struct summary *s, const struct model *m)
{
	const char *kn = model_cache_name(m->k_type), *vn = model_cache_name(m->v_type);
	summary_input(s, "k_block", (double)type_blocks[m->k_type].block, "values a block of K's type %s (ggml-common.h)", kn);
	summary_input(s, "k_block_bytes", (double)type_blocks[m->k_type].bytes, "bytes a block of %s", kn);
	summary_input(s, "v_block", (double)type_blocks[m->v_type].block, "values a block of V's type %s", vn);
	summary_input(s, "v_block_bytes", (double)type_blocks[m->v_type].bytes, "bytes a block of %s", vn);
}

void cf_in_dims(struct summary *s, const struct model *m)
{
	char o[160];
	if (m->kind == ATTN_MLA) {
		summary_input(s, "d_k", (double)(m->qk_nope_head_dim + m->qk_rope_head_dim),
			      "qk_nope_head_dim + qk_rope_head_dim (full K, not the latent)");
		summary_input(s, "d_v", (double)m->v_head_dim, "%s", cf_origin(m, MF_V_HEAD_DIM, o, sizeof o));
	} else {
		summary_input(s, "d_k", (double)m->head_dim, "%s", cf_origin(m, MF_HEAD_DIM, o, sizeof o));
		summary_input(s, "d_v", (double)m->head_dim_v, "%s", cf_origin(m, MF_HEAD_DIM_V, o, sizeof o));
	}
}

const char *cf_in_cell(struct summary *s, const struct model *m, int64_t kv, const char *kv_origin, int full)
{
	char o[160];
	if (m->kind == ATTN_MLA && m->mla_latent_cache && !full) {
		summary_input(s, "kv_lora_rank", (double)m->kv_lora_rank, "%s", cf_origin(m, MF_KV_LORA_RANK, o, sizeof o));
		summary_input(s, "qk_rope_head_dim", (double)m->qk_rope_head_dim, "%s",
			      cf_origin(m, MF_QK_ROPE_HEAD_DIM, o, sizeof o));
		cf_in_types(s, m);
		/* an indexer apart (model indexer_apart) is its own line */
		if (m->indexer_head_dim > 0 &&
		    !m->indexer_apart) { /* llama-kv-cache-dsa.cpp: the
					    indexer's K row, in K's type */
			summary_input(s, "indexer_head_dim", (double)m->indexer_head_dim, "%s",
				      cf_origin(m, MF_INDEXER_HEAD_DIM, o, sizeof o));
			return "(" CF_CELL_MLA " + ceil(indexer_head_dim / k_block) * k_block_bytes)";
		}
		return CF_CELL_MLA;
	}
	summary_input(s, "kv_heads", (double)kv, "%s", kv_origin ? kv_origin : cf_origin(m, MF_KV_HEADS, o, sizeof o));
	/* DeepSeek V4: dsv4_make_k_only, is_mla() faked */
	if (m->k_only && !full) {
		summary_input(s, "d_k", (double)m->head_dim,
			      "%s; the cache keeps K only "
			      "(llama-kv-cache-dsv4.cpp dsv4_make_k_only)",
			      cf_origin(m, MF_HEAD_DIM, o, sizeof o));
		cf_in_types(s, m);
		return CF_CELL_K;
	}
	cf_in_dims(s, m);
	cf_in_types(s, m);
	return CF_CELL;
}

const char *cf_f_stream(int unified)
{
	return unified ? CF_STREAM_UNIFIED : CF_STREAM_SPLIT;
}

const char *cf_f_swa(char *buf, size_t len, int unified, int swa_full)
{
	if (swa_full)
		snprintf(buf, len, "%s", cf_f_stream(unified));
	else
		snprintf(buf, len,
			 "pad(min(%s, window * %s + min(ubatch, batch, ctx)), "
			 "256)",
			 cf_f_stream(unified), unified ? "n_seq" : "1");
	return buf;
}

const char *cf_f_global(const struct model *m)
{
	if (m->sliding_window == 0 || m->swa_ignored)
		return "layers";
	return m->swa_pattern <= 0 ? "0" : "floor(layers / swa_pattern)";
}

void cf_in_ubatch(struct summary *s, int64_t ub, int64_t batch,
		  const char *ub_origin)
{
	summary_input(s, "ubatch", (double)ub, "%s", ub_origin);
	if (batch == 2048)
		summary_input(s, "batch", 2048,
			      "-b, llama.cpp's default logical batch");
	else
		summary_input(s, "batch", (double)batch,
			      "-b, the logical batch");
}

void cf_in_deploy(struct summary *s, int64_t ctx, int64_t n_seq, int64_t w,
		  int64_t ub, int64_t batch, const struct model *m)
{
	char o[160];
	summary_input(s, "ctx", (double)ctx, "-c, the context asked for");
	summary_input(s, "n_seq", (double)n_seq, "-np, sequences");
	if (w > 0) {
		summary_input(s, "window", (double)w, "%s", cf_origin(m, MF_SLIDING_WINDOW, o, sizeof o));
		cf_in_ubatch(s, ub, batch, "-ub, tokens a micro-batch");
	}
}

/* Layer il in the walk of cf_uniform and cf_kinds: -1 when it is passed
 * over, 0 when its kind breaks the window's pattern, else 1 with *local its
 * kind (1: sliding). */
static int walk_layer(const struct model *m, int64_t il, int windowed, int64_t cached, int *local)
{
	/* With a window, layers without a cache after every cached one
	 * (Gemma 3n's shared layers, nextn blocks) leave the pattern of the
	 * first "layers" (the cached ones) as it is. */
	if (windowed && il >= cached && m->layer_kv_heads[il] == 0)
		return -1;
	*local = windowed && (m->swa_pattern <= 0 || il % m->swa_pattern < m->swa_pattern - 1);
	/* Without a window a layer with no cache (recurrent, shared, nextn)
	 * only leaves the count: "layers" is then the cached ones. */
	if (!windowed && m->layer_kv_heads[il] == 0)
		return -1;
	return !(windowed && m->layer_swa[il] != *local);
}

int cf_uniform(const struct model *m)
{
	int windowed = m->sliding_window > 0 && !m->swa_ignored, local;
	int64_t cached = cf_cached_layers(m);
	for (int64_t il = 0; il < m->layers; il++) {
		int w = walk_layer(m, il, windowed, cached, &local);
		if (w == 0 || (w > 0 && m->layer_kv_heads[il] != m->kv_heads))
			return 0;
	}
	return 1;
}

int cf_kinds(const struct model *m, int64_t *kv_full, int64_t *kv_swa)
{
	int windowed = m->sliding_window > 0 && !m->swa_ignored, local;
	int64_t cached = cf_cached_layers(m), kv[2] = {-1, -1};
	/* cf_uniform's walk, each kind with a count of its own */
	for (int64_t il = 0; il < m->layers; il++) {
		int w = walk_layer(m, il, windowed, cached, &local);
		if (w == 0)
			return 0;
		if (w < 0)
			continue;
		if (kv[local] < 0)
			kv[local] = m->layer_kv_heads[il];
		else if (kv[local] != m->layer_kv_heads[il])
			return 0;
	}
	/* a kind without layers (no window, or every layer local) takes the other's */
	*kv_full = kv[0] >= 0 ? kv[0] : kv[1] >= 0 ? kv[1] : m->kv_heads;
	*kv_swa = kv[1] >= 0 ? kv[1] : *kv_full;
	return 1;
}

/* llama-hparams.cpp n_embd_head_k(il), n_embd_head_v(il) on a sliding
 * layer: n_embd_head_k_swa, n_embd_head_v_swa */
static int64_t dk_swa(const struct model *m)
{
	return model_kind_layer(m, 1).attn_k;
}

static int64_t dv_swa(const struct model *m)
{
	return model_kind_layer(m, 1).attn_v;
}

int cf_split(const struct model *m, int64_t kv_full, int64_t kv_swa)
{
	if (m->sliding_window <= 0 || m->swa_ignored || m->kind == ATTN_MLA)
		return 0;
	return kv_full != kv_swa || dk_swa(m) != m->head_dim || dv_swa(m) != m->head_dim_v;
}

void cf_in_cells(struct summary *s, const struct model *m, int64_t kv_full, int64_t kv_swa, const char *kv_origin,
		 const char *swa_origin, int fa, struct cf_cells *c)
{
	char o[160];
	cf_origin(m, MF_KV_HEADS, o, sizeof o);
	if (kv_origin)
		summary_input(s, "kv_heads", (double)kv_full, "%s", kv_origin);
	else
		summary_input(s, "kv_heads", (double)kv_full, "the full layers' KV heads: %s", o);
	if (swa_origin)
		summary_input(s, "kv_heads_swa", (double)kv_swa, "%s", swa_origin);
	else
		summary_input(s, "kv_heads_swa", (double)kv_swa, "the sliding layers' KV heads: %s", o);
	cf_in_dims(s, m);
	summary_input(s, "d_k_swa", (double)dk_swa(m), "%s", cf_origin(m, MF_HEAD_DIM_SWA, o, sizeof o));
	summary_input(s, "d_v_swa", (double)dv_swa(m), "%s", cf_origin(m, MF_HEAD_DIM_V_SWA, o, sizeof o));
	cf_in_types(s, m);
	/* without -fa only when the two V rows differ: equal ones need no max */
	int padded = !fa && kv_full * m->head_dim_v != kv_swa * dv_swa(m);
	const char *vmax = "ceil(max(kv_heads * d_v, kv_heads_swa * d_v_swa) / v_block) * v_block_bytes";
	snprintf(c->full, sizeof c->full, "(ceil(kv_heads * d_k / k_block) * k_block_bytes + %s)",
		 padded ? vmax : "ceil(kv_heads * d_v / v_block) * v_block_bytes");
	snprintf(c->swa, sizeof c->swa, "(ceil(kv_heads_swa * d_k_swa / k_block) * k_block_bytes + %s)",
		 padded ? vmax : "ceil(kv_heads_swa * d_v_swa / v_block) * v_block_bytes");
}

const char *cf_f_split(char *buf, size_t len, const struct model *m, const char *stream, const char *swa_cells,
		       const struct cf_cells *c)
{
	const char *G = cf_f_global(m);
	snprintf(buf, len, "(%s * %s * %s + (layers - %s) * %s * %s)", G, stream, c->full, G, swa_cells, c->swa);
	return buf;
}

int64_t cf_cached_layers(const struct model *m)
{
	int64_t n = 0;
	for (int64_t il = 0; il < m->layers; il++)
		n += m->layer_kv_heads[il] > 0;
	return n;
}

const char *cf_layers_origin(const struct model *m, char *buf, int len)
{
	int64_t n = cf_cached_layers(m);
	if (n == m->layers)
		return cf_origin(m, MF_LAYERS, buf, len);
	snprintf(buf, (size_t)len, "the %lld of [model] layers %lld that keep a KV cache (%lld recurrent, %lld shared, "
		 "%lld none)", (long long)n, (long long)m->layers, (long long)model_layers_of(m, LT_RECURRENT),
		 (long long)model_layers_of(m, LT_SHARED), (long long)(m->layers - n - model_layers_of(m, LT_RECURRENT) -
									model_layers_of(m, LT_SHARED)));
	return buf;
}

const char *cf_origin(const struct model *m, enum model_field field, char *buf, int len)
{
	const char *o = model_field_origin(m, field);
	if (o)
		snprintf(buf, (size_t)len, "%s", o);
	else
		snprintf(buf, (size_t)len, "[%s] %s", model_fields[field].section, model_fields[field].key);
	return buf;
}

/* Streams: one shared (-kvu), else n_seq of their own. */
static const char *streams(const struct model *m, const struct deploy *d)
{
	/* DeepSeek V4: a stream a sequence whatever -kvu */
	return d->unified && !m->streams_per_seq ? "1" : "n_seq";
}

const char *cf_f_streams(const struct model *m, const struct deploy *d)
{
	return d->unified && !m->streams_per_seq ? "" : " * n_seq";
}

const char *cf_f_swa_of(char *buf, size_t len, const struct model *m,
			const struct deploy *d)
{
	if (m->streams_per_seq && d->unified && !d->swa_full)
		snprintf(buf, len,
			 "pad(min(%s, window + min(ubatch, batch, ctx)), 256)",
			 CF_STREAM_UNIFIED);
	else
		cf_f_swa(buf, len, d->unified, d->swa_full);
	return buf;
}

const char *cf_f_split_at(char *buf, size_t len, const struct model *m,
			  const struct deploy *d, const struct cf_cells *c)
{
	char swa[200], both[1536];
	snprintf(buf, len, "%s * %s",
		 cf_f_split(both, sizeof both, m, cf_f_stream(d->unified),
			    cf_f_swa_of(swa, sizeof swa, m, d), c),
		 streams(m, d));
	return buf;
}

const char *cf_f_uniform_at(char *buf, size_t len, const struct model *m,
			    const struct deploy *d, int windowed,
			    const char *cell)
{
	char swa[200];
	const char *G = cf_f_global(m), *stream = cf_f_stream(d->unified);
	if (windowed)
		snprintf(buf, len, "(%s * %s + (layers - %s) * %s) * %s * %s",
			 G, stream, G, cf_f_swa_of(swa, sizeof swa, m, d),
			 streams(m, d), cell);
	else
		snprintf(buf, len, "layers * %s * %s * %s", stream,
			 streams(m, d), cell);
	return buf;
}
