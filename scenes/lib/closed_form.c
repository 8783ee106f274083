/*
 * closed_form: closed forms for the model scenes' checks (see the header).
 * Deliberately no call into src/model/size.c or model_cache_bytes.
 */
#include <stdio.h>

#include "scenes/lib/closed_form.h"

int64_t cf_row_bytes(enum cache_type t, int64_t n)
{
	int64_t blocks = n / 32 + (n % 32 != 0);
	switch (t) {
	case CACHE_F32: return 4 * n;
	case CACHE_F16:
	case CACHE_BF16: return 2 * n;
	case CACHE_Q8_0: return 34 * blocks;
	case CACHE_Q4_0:
	case CACHE_IQ4_NL: return 18 * blocks;
	case CACHE_Q4_1: return 20 * blocks;
	case CACHE_Q5_0: return 22 * blocks;
	case CACHE_Q5_1: return 24 * blocks;
	}
	return 0;
}

int64_t cf_cell_bytes(const struct model *m)
{
	if (m->kind == ATTN_MLA && m->mla_latent_cache)
		return cf_row_bytes(m->k_type, m->kv_lora_rank + m->qk_rope_head_dim);
	return cf_row_bytes(m->k_type, m->kv_heads * m->head_dim) + cf_row_bytes(m->v_type, m->kv_heads * m->head_dim_v);
}

int cf_uniform(const struct model *m)
{
	for (int64_t il = 0; il < m->layers; il++) {
		int windowed = m->sliding_window > 0 && !m->swa_ignored;
		int local = windowed && (m->swa_pattern <= 0 || il % m->swa_pattern < m->swa_pattern - 1);
		if (m->layer_kv_heads[il] != m->kv_heads || (windowed && m->layer_swa[il] != local))
			return 0;
	}
	return 1;
}

int64_t cf_global_layers(const struct model *m)
{
	if (m->sliding_window == 0 || m->swa_ignored)
		return m->layers;
	return m->swa_pattern <= 0 ? 0 : m->layers / m->swa_pattern;
}

static int64_t up256(int64_t x)
{
	return (x + 255) / 256 * 256;
}

int64_t cf_stream_cells(int64_t ctx, int64_t n_seq, int unified)
{
	int64_t n = up256(ctx);
	return unified ? n : up256(n / n_seq);
}

int64_t cf_swa_cells(int64_t ctx, int64_t n_seq, int unified, int64_t w, int64_t ub, int swa_full)
{
	int64_t stream = cf_stream_cells(ctx, n_seq, unified), want = w * (unified ? n_seq : 1) + ub;
	if (swa_full)
		return stream;
	return up256(want < stream ? want : stream);
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
