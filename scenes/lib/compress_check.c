/*
 * compress_check: DeepSeek V4's closed forms (see the header), from the
 * family's constants (size_comp_at, read, never computed) and the
 * model's counts; no sizing of src/size/size.c called.
 */
#include <stdio.h>
#include <string.h>

#include "scenes/lib/closed_form.h"
#include "scenes/lib/compress_check.h"

int cc_of(const struct model *m)
{
	struct size_comp c;
	return size_comp_at(m, 0, 0, &c);
}

const char *cc_f_raw_cells(char *buf, size_t len, const struct deploy *d)
{
	/* llama-kv-cache-iswa.cpp size_swa with unified false: the window
	 * once, whatever n_seq; kv_size is n_ctx_seq (pad(ctx, 256) under
	 * -kvu) */
	if (d->swa_full)
		snprintf(buf, len, "%s", cf_f_stream(d->unified));
	else
		snprintf(buf, len,
			 "pad(min(%s, window + min(ubatch, batch, ctx)), 256)",
			 cf_f_stream(d->unified));
	return buf;
}

int cc_raw_check(struct summary *s, const struct model *m,
		 const struct deploy *d, const struct kv_alloc *a,
		 const char *more)
{
	char f[1024], cells[256];
	if (!cf_uniform(m) || a->global_layers || !m->sliding_window)
		return 0;
	cf_in_deploy(s, d->n_ctx, d->n_seq, m->sliding_window, d->n_ubatch,
		     d->n_batch, m);
	summary_input(s, "layers", (double)cf_cached_layers(m),
		      "every layer slides (set_swa_pattern(0))");
	const char *cell = cf_in_cell(s, m, m->kv_heads, NULL, 0);
	summary_explain(s, "llama-kv-cache-dsv4.cpp: the raw cache is a "
			   "llama_kv_cache_iswa of K only "
			   "(dsv4_make_k_only) with unified_raw = false: a "
			   "stream a sequence even under -kvu, the window "
			   "once a stream");
	snprintf(f, sizeof f, "layers * n_seq * %s * %s%s",
		 cc_f_raw_cells(cells, sizeof cells, d), cell, more);
	summary_formula(s, 0, f);
	return 1;
}

static int64_t layers_of(const struct model *m, int64_t ratio, int need_kv)
{
	int64_t n = 0;
	for (int64_t il = 0; il < m->layers; il++)
		if (m->layer_comp_ratio[il] == ratio) {
			if (need_kv && m->layer_kv_heads[il] != m->kv_heads)
				return -1;
			n++;
		}
	return n;
}

void cc_caches(struct summary *s, const struct model *m, const struct deploy *d,
	       const struct kv_alloc *a)
{
	struct size_comp c;
	char f[512], o[160];
	for (int i = 0; size_comp_at(m, 0, i, &c); i++) {
		int64_t n = layers_of(m, c.ratio, !c.indexer);
		summary_int(s, a->comp_bytes[i], "comp_bytes.%s", c.name);
		summary_words(s,
			      "bytes of the %s cache: %s a cell compressed "
			      "%lld : 1, on the layers of that ratio (in "
			      "kv_bytes)",
			      c.name,
			      c.indexer ? "the indexer's K head" : "K only",
			      (long long)c.ratio);
		if (n < 0) {
			summary_explain(s, "its layers' KV heads differ: the "
					   "per-layer walk of src/size/size.c");
			continue;
		}
		cf_in_deploy(s, d->n_ctx, d->n_seq, 0, d->n_ubatch, d->n_batch,
			     m);
		summary_input(
		    s, "layers_c", (double)n,
		    "layers whose GGUF %s.attention.compress_ratios is %lld",
		    m->arch, (long long)c.ratio);
		summary_input(s, "ratio", (double)c.ratio,
			      "llama-kv-cache-dsv4.cpp: the %s cache's ratio",
			      c.name);
		summary_input(s, "cells_pad", (double)c.pad,
			      "llama-kv-cache-dsv4.cpp: GGML_PAD(..., 256)");
		if (!c.indexer) {
			summary_input(s, "kv_heads", (double)m->kv_heads, "%s",
				      cf_origin(m, MF_KV_HEADS, o, sizeof o));
			summary_input(s, "d_k", (double)m->head_dim, "%s",
				      cf_origin(m, MF_HEAD_DIM, o, sizeof o));
		} else {
			summary_input(
			    s, "indexer_head_dim", (double)m->indexer_head_dim,
			    "%s",
			    cf_origin(m, MF_INDEXER_HEAD_DIM, o, sizeof o));
		}
		cf_in_types(s, m);
		summary_explain(s,
				"llama-kv-cache-dsv4.cpp: a llama_kv_cache of "
				"GGML_PAD(dsv4_comp_size(kv_size, "
				"ratio), 256) cells, dsv4_comp_size = max(1, "
				"ceil(kv_size / ratio)), not unified: a "
				"stream a sequence");
		snprintf(f, sizeof f,
			 "layers_c * n_seq * pad(max(1, ceil(%s / ratio)), "
			 "cells_pad) * ceil(%s / k_block) "
			 "* k_block_bytes",
			 cf_f_stream(d->unified),
			 c.indexer ? "indexer_head_dim" : "kv_heads * d_k");
		summary_formula(s, 0, f);
	}
}

/* A state's inputs: its layers, rows and width, suffixed by its name */
static void state_in(struct summary *s, const struct model *m,
		     const struct size_comp *st)
{
	char n[48];
	snprintf(n, sizeof n, "layers_%s", st->name);
	summary_input(s, n, (double)layers_of(m, st->ratio, 0),
		      "layers whose GGUF %s.attention.compress_ratios "
		      "is %lld",
		      m->arch, (long long)st->ratio);
	snprintf(n, sizeof n, "rows_%s", st->name);
	summary_input(s, n, (double)st->rows,
		      "llama-kv-cache-dsv4.cpp: the %s state's state_size",
		      st->name);
	snprintf(n, sizeof n, "width_%s", st->name);
	summary_input(
	    s, n, (double)st->width,
	    "llama-kv-cache-dsv4.cpp: the %s state's n_embd_state, in %s",
	    st->name, st->indexer ? "indexer_head_size" : "n_embd_head_k");
}

static void state_common(struct summary *s, const struct model *m,
			 const struct deploy *d)
{
	char o[160];
	summary_input(s, "n_seq", (double)d->n_seq,
		      "-np, sequences: a stream each (not unified)");
	summary_input(s, "d_k", (double)m->head_dim, "%s",
		      cf_origin(m, MF_HEAD_DIM, o, sizeof o));
	summary_input(s, "indexer_head_dim", (double)m->indexer_head_dim, "%s",
		      cf_origin(m, MF_INDEXER_HEAD_DIM, o, sizeof o));
	summary_explain(s, "llama_dsv4_comp_state: a kv and a score tensor of "
			   "f32, n_embd_state x state_size x "
			   "n_stream, on each layer of the ratio (n_rs_seq 0: "
			   "one plane a stream)");
}

static void state_term(char *f, size_t len, const struct size_comp *st)
{
	snprintf(f, len, "layers_%s * rows_%s * width_%s * %s", st->name,
		 st->name, st->name, st->indexer ? "indexer_head_dim" : "d_k");
}

void cc_states(struct summary *s, const struct model *m, const struct deploy *d,
	       const struct kv_alloc *a)
{
	struct size_comp st;
	char f[512], t[256];
	for (int i = 0; size_comp_at(m, 1, i, &st); i++) {
		summary_int(s, a->comp_state_bytes[i], "comp_state_bytes.%s",
			    st.name);
		summary_words(s,
			      "bytes of the %s compressor's state: f32, fixed "
			      "a sequence (in recurrent_bytes)",
			      st.name);
		state_common(s, m, d);
		state_in(s, m, &st);
		state_term(t, sizeof t, &st);
		snprintf(f, sizeof f, "2 * 4 * n_seq * %s", t);
		summary_formula(s, 0, f);
	}
}

void cc_states_check(struct summary *s, const struct model *m,
		     const struct deploy *d)
{
	struct size_comp st;
	char f[1024], t[256];
	size_t n = 0;
	state_common(s, m, d);
	n += (size_t)snprintf(f, sizeof f, "2 * 4 * n_seq * (");
	for (int i = 0; size_comp_at(m, 1, i, &st) && n < sizeof f; i++) {
		state_in(s, m, &st);
		state_term(t, sizeof t, &st);
		n += (size_t)snprintf(f + n, sizeof f - n, "%s%s",
				      i ? " + " : "", t);
	}
	if (n < sizeof f)
		snprintf(f + n, sizeof f - n, ")");
	summary_formula(s, 0, f);
}
