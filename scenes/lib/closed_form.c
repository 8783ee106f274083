/*
 * closed_form: closed forms for the model scenes' checks (see the header).
 * Deliberately no call into src/model/size.c or model_cache_bytes.
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
		if (m->indexer_head_dim > 0) {   /* llama-kv-cache-dsa.cpp: the indexer's K row, in K's type */
			summary_input(s, "indexer_head_dim", (double)m->indexer_head_dim, "%s",
				      cf_origin(m, MF_INDEXER_HEAD_DIM, o, sizeof o));
			return "(" CF_CELL_MLA " + ceil(indexer_head_dim / k_block) * k_block_bytes)";
		}
		return CF_CELL_MLA;
	}
	summary_input(s, "kv_heads", (double)kv, "%s", kv_origin ? kv_origin : cf_origin(m, MF_KV_HEADS, o, sizeof o));
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
		snprintf(buf, len, "pad(min(%s, window * %s + ubatch), 256)", cf_f_stream(unified), unified ? "n_seq" : "1");
	return buf;
}

const char *cf_f_global(const struct model *m)
{
	if (m->sliding_window == 0 || m->swa_ignored)
		return "layers";
	return m->swa_pattern <= 0 ? "0" : "floor(layers / swa_pattern)";
}

void cf_in_deploy(struct summary *s, int64_t ctx, int64_t n_seq, int64_t w, int64_t ub, const struct model *m)
{
	char o[160];
	summary_input(s, "ctx", (double)ctx, "-c, the context asked for");
	summary_input(s, "n_seq", (double)n_seq, "-np, sequences");
	if (w > 0) {
		summary_input(s, "window", (double)w, "%s", cf_origin(m, MF_SLIDING_WINDOW, o, sizeof o));
		summary_input(s, "ubatch", (double)ub, "-ub, tokens a micro-batch");
	}
}

int cf_uniform(const struct model *m)
{
	int windowed = m->sliding_window > 0 && !m->swa_ignored;
	int64_t cached = cf_cached_layers(m);
	for (int64_t il = 0; il < m->layers; il++) {
		/* With a window, layers without a cache after every cached one
		 * (Gemma 3n's shared layers, nextn blocks) leave the pattern of
		 * the first "layers" (the cached ones) as it is. */
		if (windowed && il >= cached && m->layer_kv_heads[il] == 0)
			continue;
		int local = windowed && (m->swa_pattern <= 0 || il % m->swa_pattern < m->swa_pattern - 1);
		/* Without a window a layer with no cache (recurrent, shared,
		 * nextn) only leaves the count: "layers" is then the cached ones. */
		if (!windowed && m->layer_kv_heads[il] == 0)
			continue;
		if (m->layer_kv_heads[il] != m->kv_heads || (windowed && m->layer_swa[il] != local))
			return 0;
	}
	return 1;
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
