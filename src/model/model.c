#include "model/model.h"
#include "util/fault.h"

#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "model/arch.h"
#include "model/family.h"
#include "model/wquant.h"
#include "util/err.h"
#include "util/ini.h"
#include "util/num.h"

/* Word-valued keys are stored through an int: every enumeration of struct
 * model must have int's size (C11 6.7.2.2: an enum is compatible with an
 * integer type; gcc and clang pick unsigned int for these). */
_Static_assert(sizeof(enum attn_kind) == sizeof(int), "enum attn_kind is int-sized");
_Static_assert(sizeof(enum rope_scaling) == sizeof(int), "enum rope_scaling is int-sized");
_Static_assert(sizeof(enum cache_type) == sizeof(int), "enum cache_type is int-sized");

/*
 * The INI format of DESIGN section 5 is the table of model fields
 * (fields.c): section, key, how the value is read, whether it is required,
 * its range and where it goes.  The loader walks the table in order (so
 * `layers` is known when the per-layer `kv_heads` list is read) and reports
 * every key it does not list.
 */
struct loader {
	struct ini_file ini;
	struct model *m;
	int line[MF_COUNT];   /* line of each key read; 0 when absent */
	char *err;
	size_t errlen;
};

/* The one-line error about key (its line when the file has it). */
static int fail(struct loader *L, enum model_field key, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(struct loader *L, enum model_field key, const char *fmt, ...)
{
	char what[400];
	const struct model_field_info *f = &model_fields[key];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	int line = L->line[key];
	if (!line)
		line = ini_section_line(&L->ini, f->section);
	err_set(L->err, L->errlen, L->ini.path, line, f->section, f->key, "%s", what);
	return -1;
}

/* The enum of a row of model_fields. */
static enum model_field id_of(const struct model_field_info *f)
{
	return (enum model_field)(f - model_fields);
}

static void *member(struct model *m, const struct model_field_info *f)
{
	return (char *)m + f->off;
}

/* num_int's "out of range" (past the bounds) and num_real's "number out of
 * range" (past a double: 1e400) are, for a field, both past its range. */
static int past_range(const char *why)
{
	return !strcmp(why, "out of range") || !strcmp(why, "number out of range");
}

/* A number that failed num_int / num_real, in the words of the message. */
static int bad_number(struct loader *L, const struct model_field_info *f, const char *s, const char *why, int integer,
		      double min)
{
	char shown[40];
	err_clean(shown, sizeof shown, s);
	if (past_range(why)) {
		if (integer)
			return fail(L, id_of(f), "'%s' is out of range (%lld to %lld)", shown, (long long)min,
				    (long long)f->max);
		char a[32], b[32];
		return fail(L, id_of(f), "'%s' is out of range (%s to %s)",
			    shown, num_show(a, sizeof a, min),
			    num_show(b, sizeof b, f->max));
	}
	return fail(L, id_of(f), "'%s' is %s", shown, integer && !strcmp(why, "not a number") ? "not a whole number" : why);
}

/* An integer in [min, f->max] (min: the row's, or a caller's tighter one). */
static int read_int(struct loader *L, const struct model_field_info *f, const char *s, double min, int64_t *out)
{
	long long v;
	const char *why;
	if (num_int(s, (long long)min, (long long)f->max, &v, &why) < 0)
		return bad_number(L, f, s, why, 1, min);
	*out = v;
	return 0;
}

static int read_word(struct loader *L, const struct model_field_info *f, const char *s, const char *const *words, int *out)
{
	char shown[40], list[160] = "";
	for (int i = 0; words[i]; i++)
		if (!strcmp(s, words[i])) {
			*out = i;
			return 0;
		}
	err_clean(shown, sizeof shown, s);
	for (int i = 0; words[i]; i++) {
		strncat(list, i ? " | " : "", sizeof list - strlen(list) - 1);
		strncat(list, words[i], sizeof list - strlen(list) - 1);
	}
	return fail(L, id_of(f), "unknown value '%s' (one of %s)", shown, list);
}

/* Split a comma list in place: the trimmed items, or -1 when one is empty. */
static int split_list(char *s, char **items, int max)
{
	int n = 0;
	for (char *p = s;; p++) {
		char *comma = strchr(p, ',');
		if (comma)
			*comma = 0;
		while (*p == ' ' || *p == '\t')
			p++;
		size_t len = strlen(p);
		while (len && (p[len - 1] == ' ' || p[len - 1] == '\t'))
			p[--len] = 0;
		if (!len || n == max)
			return -1;
		/* ITEM*N stands for N items (a long model's per-layer list in one
		 * line: recurrent*3,full,...); N a whole number 1 to max */
		long times = 1;
		char *star = strchr(p, '*');
		if (star) {
			char *end;
			*star = 0;
			times = strtol(star + 1, &end, 10);
			if (!star[1] || *end || times < 1 || times > max - n || star == p)
				return -1;
			while (star > p && (star[-1] == ' ' || star[-1] == '\t'))
				*--star = 0;
		}
		while (times-- > 0)
			items[n++] = p;
		if (!comma)
			return n;
		p = comma;
	}
}

/* A per-layer list: one item per layer.  Returns the count, or -1 reported. */
static int read_list(struct loader *L, const struct model_field_info *f, const char *s, char *buf, size_t buflen,
		     char **items, int one_allowed)
{
	snprintf(buf, buflen, "%s", s);
	int n = split_list(buf, items, MODEL_MAX_LAYERS);
	if (n < 0)
		return fail(L, id_of(f), "an empty item, a bad ITEM*N or more than %d items in the list", MODEL_MAX_LAYERS);
	if ((n != 1 || !one_allowed) && n != L->m->layers)
		return fail(L, id_of(f), "%d items for %lld layers (%sone per layer)", n, (long long)L->m->layers,
			    one_allowed ? "one number, or " : "");
	return n;
}

/* A count: one number (into *one), or one per layer (into per[]).
 * Returns how many were given (1 or layers), or -1 reported. */
static int read_counts(struct loader *L, const struct model_field_info *f,
		       const char *s, int64_t *one, int32_t *per)
{
	char buf[INI_MAX_LINE + 1];
	char *items[MODEL_MAX_LAYERS];
	int n = read_list(L, f, s, buf, sizeof buf, items, 1);
	if (n < 0)
		return -1;
	if (n == 1)
		return read_int(L, f, items[0], 1, one) < 0 ? -1 : 1;
	for (int il = 0; il < n; il++) {
		long long ll;
		const char *why;
		char shown[40];
		if (num_int(items[il], (long long)f->min, (long long)f->max, &ll, &why) < 0) {
			err_clean(shown, sizeof shown, items[il]);
			if (past_range(why))
				return fail(L, id_of(f), "layer %d: '%s' is out of range (%lld to %lld)", il, shown,
					    (long long)f->min, (long long)f->max);
			return fail(L, id_of(f), "layer %d: '%s' is %s", il, shown,
				    !strcmp(why, "not a number") ? "not a whole number" : why);
		}
		per[il] = (int32_t)ll;
	}
	return n;
}

static int read_kv_heads(struct loader *L, const struct model_field_info *f,
			 const char *s)
{
	struct model *m = L->m;
	int n = read_counts(L, f, s, &m->kv_heads, m->layer_kv_heads);
	/* one number for every layer: each layer keeps a cache */
	for (int64_t il = 0; n == 1 && il < m->layers; il++)
		m->layer_kv_heads[il] = (int32_t)m->kv_heads;
	return n < 0 ? -1 : 0;
}

/* n_head(il): one number, or one per layer (OpenELM's), the widest then
 * standing for the model as a GGUF's does (gguf.c); layer_heads stays 0
 * when every layer has the same. */
static int read_heads(struct loader *L, const struct model_field_info *f,
		      const char *s)
{
	struct model *m = L->m;
	int n = read_counts(L, f, s, &m->heads, m->layer_heads);
	if (n <= 1)
		return n < 0 ? -1 : 0;
	int uniform = 1;
	m->heads = 0;
	for (int il = 0; il < n; il++) {
		if (m->layer_heads[il] > m->heads)
			m->heads = m->layer_heads[il];
		uniform &= m->layer_heads[il] == m->layer_heads[0];
	}
	if (uniform)
		memset(m->layer_heads, 0, sizeof m->layer_heads);
	return 0;
}

/* One word of model_layer_type_words per layer.  Sliding and chunked layers
 * are the windowed ones (layer_swa); a model has one kind of window, as
 * llama.cpp has one swa_type per model. */
static int read_layer_types(struct loader *L, const struct model_field_info *f, const char *s)
{
	char buf[INI_MAX_LINE + 1];
	char *items[MODEL_MAX_LAYERS];
	int n = read_list(L, f, s, buf, sizeof buf, items, 0);
	if (n < 0)
		return -1;
	int sliding = 0, chunked = 0;
	for (int il = 0; il < n; il++) {
		int w;
		if (read_word(L, f, items[il], model_layer_type_words, &w) < 0)
			return -1;
		L->m->layer_type[il] = (uint8_t)w;
		L->m->layer_swa[il] = w == LT_SLIDING || w == LT_CHUNKED;
		sliding |= w == LT_SLIDING;
		chunked |= w == LT_CHUNKED;
	}
	if (sliding && chunked)
		return fail(L, id_of(f), "sliding and chunked layers in one model (llama.cpp has one window type)");
	L->m->swa_chunked = chunked;
	return 0;
}

/* moe | dense a layer: layer_dense_ffn (a dense FFN of n_ff where the
 * tensors hold no router, jamba.cpp) */
static int read_ffn_types(struct loader *L, const struct model_field_info *f,
			  const char *s)
{
	char buf[INI_MAX_LINE + 1];
	char *items[MODEL_MAX_LAYERS];
	int n = read_list(L, f, s, buf, sizeof buf, items, 0);
	for (int il = 0; il < n; il++) {
		int w;
		if (read_word(L, f, items[il], model_ffn_type_words, &w) < 0)
			return -1;
		L->m->layer_dense_ffn[il] = (uint8_t)w;
	}
	return n < 0 ? -1 : 0;
}

/* Read one key of the table into L->m; 0 when absent and optional. */
static int read_field(struct loader *L, size_t i)
{
	const struct model_field_info *f = &model_fields[i];
	struct model *m = L->m;
	int line;
	const char *s = ini_get(&L->ini, f->section, f->key, &line);
	L->line[i] = line;
	if (!s) {
		int required = f->need == MFN_REQ || (f->need == MFN_REQ_MLA && m->kind == ATTN_MLA);
		if (required) {
			if (!ini_section_line(&L->ini, f->section)) {
				err_set(L->err, L->errlen, L->ini.path, 0, f->section, NULL, "missing section (required)");
				return -1;
			}
			return fail(L, id_of(f), "missing (required)");
		}
		/* an optional number takes the table's default; derived defaults come later */
		if (f->type == MFT_REAL)
			*(double *)member(m, f) = f->def;
		else if (f->type == MFT_INT)
			*(int64_t *)member(m, f) = (int64_t)f->def;
		else if (f->type == MFT_WORD)
			*(int *)member(m, f) = (int)f->def;
		return 0;
	}
	if (f->need == MFN_REQ_MLA && m->kind != ATTN_MLA)
		return fail(L, id_of(f), "only for kind = mla");
	switch (f->type) {
	case MFT_TEXT:
		err_clean(member(m, f), f->size, s);
		if (f->need == MFN_REQ && !*(char *)member(m, f))
			return fail(L, id_of(f), "empty");
		return 0;
	case MFT_INT:
		return read_int(L, f, s, f->min, member(m, f));
	case MFT_REAL: {
		double v;
		const char *why;
		char shown[40];
		if (num_real(s, &v, &why) < 0)
			return bad_number(L, f, s, why, 0, f->min);
		if (v < f->min || v > f->max) {
			err_clean(shown, sizeof shown, s);
			char a[32], b[32];
			return fail(L, id_of(f),
				    "'%s' is out of range (%s to %s)", shown,
				    num_show(a, sizeof a, f->min),
				    num_show(b, sizeof b, f->max));
		}
		*(double *)member(m, f) = v;
		return 0;
	}
	case MFT_WORD:
		return read_word(L, f, s, f->words, member(m, f));
	case MFT_FLAG:
	case MFT_NOT_FLAG: {
		int64_t v;
		if (read_int(L, f, s, f->min, &v) < 0)
			return -1;
		*(int *)member(m, f) = f->type == MFT_FLAG ? (int)v : !v;
		return 0;
	}
	case MFT_KV_HEADS:
		return read_kv_heads(L, f, s);
	case MFT_HEADS:
		return read_heads(L, f, s);
	case MFT_LAYER_TYPES:
		return read_layer_types(L, f, s);
	case MFT_FFN_TYPES:
		return read_ffn_types(L, f, s);
	case MFT_FF_LAYERS: {
		int64_t one;
		int n = read_counts(L, f, s, &one, L->m->layer_ff);
		if (n == 1)
			return fail(L, id_of(f), "one number a layer, not one "
				    "for all (that is ff)");
		return n < 0 ? -1 : 0;
	}
	}
	return 0;
}

/* Where each value came from, for --explain: the key, or the default taken. */
static void record_origins(struct loader *L)
{
	struct model *m = L->m;
	for (enum model_field i = 0; i < MF_COUNT; i++) {
		const struct model_field_info *f = &model_fields[i];
		if (i == MF_CACHE_TYPE)
			continue;   /* recorded as the origin of k_type and v_type */
		if (L->line[i])
			model_set_origin(m, i, "[%s] %s", f->section, f->key);
		else if (f->need != MFN_REQ && (f->type == MFT_INT || f->type == MFT_REAL))
			model_set_origin(m, i, "default: %g", f->def);
		else if (f->type == MFT_FLAG || f->type == MFT_NOT_FLAG)
			model_set_origin(m, i, "default: %g", f->def);
		else if (f->need != MFN_REQ && f->type == MFT_WORD)
			model_set_origin(m, i, "default: %s", f->words[(int)f->def]);
	}
	int type_line = L->line[MF_CACHE_TYPE];
	if (!L->line[MF_K_TYPE])
		model_set_origin(m, MF_K_TYPE, type_line ? "[cache] type" : "default: f16 (llama.cpp -ctk)");
	if (!L->line[MF_V_TYPE])
		model_set_origin(m, MF_V_TYPE, type_line ? "[cache] type" : "default: f16 (llama.cpp -ctv)");
}

/* Values whose default is another value; done after every key is read. */
static void derived_defaults(struct loader *L)
{
	struct model *m = L->m;
	m->format = MODEL_INI;
	record_origins(L);
	/* Stated by the file; model_finish estimates it when absent (0). */
	m->weights_from = L->line[MF_WEIGHTS_BYTES] ? WEIGHTS_GIVEN : WEIGHTS_ESTIMATED;
	if (!L->line[MF_TIED_EMBD]) {
		m->tied_embd = arch_tied_default(m->arch);
		model_set_origin(m, MF_TIED_EMBD, "default of arch %s: %s",
				 m->arch[0] ? m->arch : "(none)",
				 m->tied_embd ? "tied"
					      : "an output head of its own");
	}
	if (!L->line[MF_ACTIVE_PARAMS]) {
		m->active_params = m->params;
		model_set_origin(m, MF_ACTIVE_PARAMS, "default: params (a dense model)");
	}
	if (!L->line[MF_HEAD_DIM_V]) {
		m->head_dim_v = m->kind == ATTN_MLA ? m->v_head_dim : m->head_dim;
		model_set_origin(m, MF_HEAD_DIM_V, m->kind == ATTN_MLA ? "default: [mla] v_head_dim" : "default: head_dim");
	}
	if (!L->line[MF_BASE_LOCAL]) {
		m->rope_base_local = m->rope_base;
		model_set_origin(m, MF_BASE_LOCAL, "default: [rope] base");
	}
	if (!L->line[MF_ORIG_CTX]) {
		m->orig_ctx = m->ctx_train;
		model_set_origin(m, MF_ORIG_CTX, "default: ctx_train");
	}
	if (!L->line[MF_ROPE_DIMS])
		model_set_origin(m, MF_ROPE_DIMS, "default: the whole head (%s)",
				 m->kind == ATTN_MLA ? "qk_rope_head_dim" : "head_dim");
	/* [cache] type is both K and V; k_type and v_type override it */
	int type = CACHE_F16, line;
	const char *t = ini_get(&L->ini, model_fields[MF_CACHE_TYPE].section, model_fields[MF_CACHE_TYPE].key, &line);
	for (int i = 0; t && model_cache_words[i]; i++)
		if (!strcmp(t, model_cache_words[i]))
			type = i;
	if (!L->line[MF_K_TYPE])
		m->k_type = (enum cache_type)type;
	if (!L->line[MF_V_TYPE])
		m->v_type = (enum cache_type)type;
	if (m->scaling == ROPE_LLAMA3) {   /* Llama 3.1's published values, llama.cpp's convert defaults */
		if (!L->line[MF_LOW_FREQ_FACTOR]) {
			m->low_freq_factor = 1;
			model_set_origin(m, MF_LOW_FREQ_FACTOR, "default of llama3 scaling: 1");
		}
		if (!L->line[MF_HIGH_FREQ_FACTOR]) {
			m->high_freq_factor = 4;
			model_set_origin(m, MF_HIGH_FREQ_FACTOR, "default of llama3 scaling: 4");
		}
	}
	if (m->kind != ATTN_MLA)
		m->mla_latent_cache = 0;
	else if (!L->line[MF_LATENT_CACHE])
		m->mla_latent_cache = 1;
	/* the layer pattern, unless layer_types gave each layer: then the
	 * pattern that gives the same layers, when one does, for code that
	 * reads swa_pattern */
	if (!L->line[MF_HEAD_DIM_SWA])
		model_set_origin(m, MF_HEAD_DIM_SWA, "default: head_dim");
	if (!L->line[MF_HEAD_DIM_V_SWA])
		model_set_origin(m, MF_HEAD_DIM_V_SWA, "default: head_dim_v");
	if (L->line[MF_LAYER_TYPES] && !L->line[MF_SWA_PATTERN] && m->sliding_window > 0 && model_swa_pattern_of(m) > 0) {
		m->swa_pattern = model_swa_pattern_of(m);
		model_set_origin(m, MF_SWA_PATTERN, "the same layers as [attention] layer_types");
	}
	if (!L->line[MF_LAYER_TYPES])
		for (int64_t il = 0; il < m->layers; il++)
			m->layer_swa[il] = m->sliding_window > 0 &&
					   (m->swa_pattern <= 0 || il % m->swa_pattern < m->swa_pattern - 1);
}

/* Rules that tie keys together, each reported at the key that breaks it. */
static int check_rules(struct loader *L)
{
	struct model *m = L->m;
	if (m->weights_type[0]) {
		const struct wq_ftype *t = wq_ftype_find(m->weights_type);
		char names[600];
		wq_ftype_names(names, sizeof names);
		if (!t)
			return fail(L, MF_WEIGHTS_TYPE,
				    "'%s' is not a llama-quantize type (%s)",
				    m->weights_type, names);
		snprintf(m->weights_type, sizeof m->weights_type, "%s",
			 t->name);
	}
	int list = 0;
	for (int64_t il = 1; il < m->layers; il++)
		list |= m->layer_kv_heads[il] != m->layer_kv_heads[0];
	int64_t cached = 0;
	m->kv_heads = 0;
	for (int64_t il = 0; il < m->layers; il++) {
		int64_t h = m->layer_kv_heads[il];
		if (h > m->kv_heads)
			m->kv_heads = h;   /* the largest, as model_finish keeps it */
		char at[32] = "";
		if (list)
			snprintf(at, sizeof at, "layer %lld: ", (long long)il);
		if (h == 0)
			continue;
		cached++;
		/* the layer's own query heads where the list gives them; the
		 * MLA latent's cache counts the widest layer's on every layer
		 * (model_finish) */
		int64_t qh =
		    m->kind == ATTN_MLA ? m->heads : model_layer(m, il).heads;
		if (h > qh)
			return fail(L, MF_KV_HEADS, "%smore KV heads (%lld) than query heads (%lld)", at, (long long)h,
				    (long long)qh);
		if (qh % h)
			return fail(L, MF_KV_HEADS, "%sheads (%lld) is not a multiple of kv_heads (%lld)", at,
				    (long long)qh, (long long)h);
		if (m->kind == ATTN_MHA && h != qh)
			return fail(L, MF_KIND, "mha needs kv_heads equal to heads");
		if (m->kind == ATTN_MQA && h != 1)
			return fail(L, MF_KIND, "mqa needs kv_heads = 1");
	}
	if (!cached)
		return fail(L, MF_KV_HEADS, "no layer keeps a KV cache (all 0)");
	if (m->arch[0] && !arch_find(m->arch)) {
		char why[400];
		arch_refusal(m->arch, why, sizeof why);
		return fail(L, MF_ARCH, "%s", why);
	}
	if (m->active_params > m->params)
		return fail(L, MF_ACTIVE_PARAMS, "more than params (%g)", m->params);
	if (m->experts == 0 && m->experts_used)
		return fail(L, MF_EXPERTS_USED, "experts_used without experts");
	if (m->experts > 0 && (m->experts_used < 1 || m->experts_used > m->experts))
		return fail(L, MF_EXPERTS_USED, "%lld of %lld experts (1 to experts)", (long long)m->experts_used,
			    (long long)m->experts);
	/* llama-model.cpp: n_layer_dense_lead dense layers first, then MoE ones */
	if ((m->dense_lead || m->shared_experts || m->ff_dense) && !m->experts)
		return fail(L, m->dense_lead ? MF_DENSE_LEAD : m->shared_experts ? MF_SHARED_EXPERTS : MF_FF_DENSE,
			    "without experts (a dense model's FFN is ff)");
	/* the nextn layers are not in the graph (llama-model.cpp: n_layer - nextn) */
	if (m->dense_lead >= m->layers - m->nextn_layers && m->dense_lead)
		return fail(L, MF_DENSE_LEAD, "%lld of %lld layers dense: no MoE layer left", (long long)m->dense_lead,
			    (long long)(m->layers - m->nextn_layers));
	/* Llama 4 Maverick: the layers between the MoE ones are dense
	 * (moe_layer_step > 1); Gemma 4's dense MLP is in every layer beside
	 * the experts (src/models/gemma4.cpp) */
	const struct family *ai = arch_find(m->arch);   /* NULL: none or unknown (model_finish refuses it) */
	if (m->ff_dense && !m->dense_lead && m->moe_layer_step <= 1 && !(ai && (ai->mech & AM_FFN_BESIDE_EXPERTS)))
		return fail(L, MF_FF_DENSE, "without dense_lead or moe_layer_step (no dense layer has that width)");
	/* MLA: RoPE turns the decoupled key only.  head_dim and head_dim_v are
	 * not tied to the [mla] sizes: a GGUF may give them in another form. */
	if (m->kind == ATTN_MLA) {
		if (m->qk_rope_head_dim % 2)
			return fail(L, MF_QK_ROPE_HEAD_DIM, "RoPE rotates pairs: the dimension must be even");
	} else if (m->head_dim % 2) {
		return fail(L, MF_HEAD_DIM, "RoPE rotates pairs: the dimension must be even");
	}
	if (m->swa_pattern > 0 && m->sliding_window == 0)
		return fail(L, MF_SWA_PATTERN, "a layer pattern needs a sliding_window");
	int64_t sliding = 0;
	for (int64_t il = 0; il < m->layers; il++)
		sliding += m->layer_swa[il];
	if (L->line[MF_LAYER_TYPES] && m->sliding_window == 0 && sliding > 0)
		return fail(L, MF_LAYER_TYPES, "a sliding layer needs a sliding_window");
	if (L->line[MF_LAYER_TYPES] && m->sliding_window > 0 && sliding == 0)
		return fail(L, MF_LAYER_TYPES, "a sliding_window but no sliding layer");
	if (L->line[MF_LAYER_TYPES] && L->line[MF_SWA_PATTERN])
		return fail(L, MF_LAYER_TYPES, "give layer_types or swa_pattern, not both");
	if (m->swa_ignored && m->sliding_window == 0)
		return fail(L, MF_WINDOW_USED, "there is no sliding_window to ignore");
	/* The recurrent state: given exactly when some layer is recurrent. */
	int64_t recurrent = 0;
	for (int64_t il = 0; il < m->layers; il++)
		recurrent += m->layer_type[il] == LT_RECURRENT;
	static const enum model_field state[] = {MF_SSM_D_CONV, MF_SSM_D_INNER, MF_SSM_D_STATE, MF_SSM_N_GROUP,
						 MF_SSM_DT_RANK, MF_SHORTCONV_L_CACHE};
	if (m->ssm_parallel && recurrent)
		return fail(L, MF_SSM_PARALLEL, "every attention layer keeps the state: no layer_types is recurrent then");
	if (m->ssm_parallel)
		recurrent = m->layers;
	for (size_t i = 0; i < sizeof state / sizeof state[0]; i++)
		if (L->line[state[i]] && !recurrent)
			return fail(L, state[i], "a recurrent state size, but no layer_types is recurrent (nor parallel = 1)");
	if (recurrent && model_embd_r(m) + model_embd_s(m) == 0)
		return fail(L, MF_LAYER_TYPES, "recurrent layers need their state's size ([recurrent] ssm_d_state and "
			    "ssm_d_inner, or shortconv_l_cache and [model] embd)");
	if (L->line[MF_SHORTCONV_L_CACHE] && !m->embd)
		return fail(L, MF_SHORTCONV_L_CACHE, "the short-conv state needs [model] embd");
	/* A V head size of the sliding layers' own (Gemma 4) is sized: without
	 * flash attention (V transposed) llama-kv-cache.cpp pads every layer's V
	 * rows to n_embd_v_gqa_max(), as size.c's size_alloc does. */
	if (m->nextn_layers >= m->layers)
		return fail(L, MF_NEXTN, "%lld of %lld layers (at least one layer is not nextn)", (long long)m->nextn_layers,
			    (long long)m->layers);
	if (m->indexer_head_dim && m->kind != ATTN_MLA)
		return fail(L, MF_INDEXER_HEAD_DIM, "only for kind = mla (the indexer of DeepSeek-V3.2's sparse attention)");
	if (m->indexer_top_k && !m->indexer_head_dim)
		return fail(L, MF_INDEXER_TOP_K, "needs indexer_head_dim (an indexer to select the keys)");
	if (m->scaling == ROPE_NONE && m->rope_factor != 1)
		return fail(L, MF_FACTOR, "a factor other than 1 needs a scaling");
	/* equal ends are a zero-width ramp: ggml's rope_yarn_ramp keeps it finite
	 * (Kimi-K2's config gives beta_fast = beta_slow = 1) */
	if (m->beta_slow > m->beta_fast)
		return fail(L, MF_BETA_SLOW, "must not be larger than beta_fast");
	char which[160];
	int kv = model_cache_blocks_ok(m, which, sizeof which);
	if (kv) {
		enum model_field own = kv == 'K' ? MF_K_TYPE : MF_V_TYPE;
		return fail(L, L->line[own] ? own : MF_CACHE_TYPE, "%s", which);
	}
	/* The largest size derived from a model: the whole cache at the largest context. */
	int64_t per_tok = model_kv_bytes_bound(m), total;
	if (per_tok < 0 || __builtin_mul_overflow(per_tok, MODEL_MAX_CTX, &total))
		return fail(L, MF_LAYERS, "sizes derived from this model overflow 64-bit arithmetic");
	return 0;
}

/* Only the first key the format does not know is reported, as a warning. */
static void check_unknown_keys(struct loader *L)
{
	for (int i = 0; i < L->ini.nkeys && !L->m->warning[0]; i++) {
		const struct ini_key *k = &L->ini.keys[i];
		int found = 0;
		for (size_t j = 0; j < MF_COUNT; j++)
			if (!strcmp(model_fields[j].section, k->section) && !strcmp(model_fields[j].key, k->key))
				found = 1;
		if (!found)
			err_set(L->m->warning, sizeof L->m->warning, L->ini.path, k->line, k->section, k->key,
				"unknown key, ignored (wrong section?)");
	}
}

void model_set_id(struct model *m, const char *path)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	err_clean(m->id, sizeof m->id, base);
	char *dot = strrchr(m->id, '.');
	if (dot && dot != m->id && (!strcmp(dot, ".ini") || !strcasecmp(dot, ".gguf")))
		*dot = 0;
}

/* Every section that holds a required key and is absent from the file, all
 * in one line ("[attention], [rope] missing sections"), so that a file
 * written from scratch is not fixed one section per run; 0 when none. */
static int missing_sections(struct loader *L)
{
	char list[200] = "";
	size_t at = 0;
	int n = 0;
	for (size_t i = 0; i < MF_COUNT; i++) {
		const char *sec = model_fields[i].section;
		int seen = 0;
		if (model_fields[i].need != MFN_REQ || ini_section_line(&L->ini, sec))
			continue;
		for (size_t j = 0; j < i && !seen; j++)
			seen = model_fields[j].need == MFN_REQ && !strcmp(model_fields[j].section, sec);
		if (seen || at >= sizeof list)
			continue;
		at += (size_t)snprintf(list + at, sizeof list - at, "%s[%s]", n ? ", " : "", sec);
		n++;
	}
	if (n == 0)
		return 0;
	err_set(L->err, L->errlen, L->ini.path, 0, NULL, NULL, "%s missing section%s (required)", list,
		n > 1 ? "s" : "");
	return -1;
}

int model_load_ini(struct model *m, const char *path, char *err, size_t errlen)
{
	/* large (per-layer arrays, the file's keys): on the heap, not the stack */
	struct model *tmp = calloc(1, sizeof *tmp);
	struct loader *L = calloc(1, sizeof *L);
	int rc = -1;
	if (!tmp || !L) {
		err_set(err, errlen, path, 0, NULL, NULL, "out of memory");
		goto out;
	}
	L->m = tmp;
	L->err = err;
	L->errlen = errlen;
	if (ini_open(&L->ini, path, err, errlen) < 0)
		goto out;
	snprintf(tmp->path, sizeof tmp->path, "%s", path);
	model_set_id(tmp, path);
	rc = missing_sections(L);
	for (size_t i = 0; i < MF_COUNT && rc == 0; i++)
		rc = read_field(L, i);
	if (rc == 0) {
		derived_defaults(L);
		rc = check_rules(L);
	}
	if (rc == 0)
		check_unknown_keys(L);
	if (rc == 0)
		rc = model_finish(tmp, path, err, errlen);
	ini_close(&L->ini);
	if (rc == 0)
		*m = *tmp;   /* only a model that passed every check replaces the old one */
out:
	free(tmp);
	free(L);
	return rc;
}

const char *model_weights_word(const struct model *m)
{
	static const char *const words[] = {[WEIGHTS_ESTIMATED] = "estimated",
					    [WEIGHTS_COUNTED] = "exact",
					    [WEIGHTS_GIVEN] = "stated"};
	return words[m->weights_from];
}

const char *model_kind_name(enum attn_kind k)
{
	static const char *const names[] = {"MHA", "GQA", "MQA", "MLA"};
	return names[k];
}

const char *model_kind_word(enum attn_kind k)
{
	return model_kind_words[k];
}

const char *model_scaling_word(enum rope_scaling sc)
{
	return model_scaling_words[sc];
}

const char *model_cache_name(enum cache_type c)
{
	static const char *const names[] = {"f32", "f16", "bf16", "q8_0", "q4_0", "q4_1", "q5_0", "q5_1", "iq4_nl"};
	return names[c];
}

static int64_t cache_bytes(enum cache_type c, int64_t elems)
{
	switch (c) {
	case CACHE_F32: return elems * 4;
	case CACHE_F16:
	case CACHE_BF16: return elems * 2;
	/* ggml blocks of 32: a scale (f16) plus 32 int8 or 32 packed nibbles. */
	case CACHE_Q8_0: return (elems + 31) / 32 * 34;
	case CACHE_Q4_0: return (elems + 31) / 32 * 18;
	/* ggml-common.h: block_q4_1 (two f16 + 16 B), q5_0 (f16 + 4 B high bits + 16 B),
	 * q5_1 (two f16 + 4 + 16), iq4_nl (f16 + 16 B), each per 32 elements. */
	case CACHE_Q4_1: return (elems + 31) / 32 * 20;
	case CACHE_Q5_0: return (elems + 31) / 32 * 22;
	case CACHE_Q5_1: return (elems + 31) / 32 * 24;
	case CACHE_IQ4_NL: return (elems + 31) / 32 * 18;
	}
	return -1;
}

int64_t model_cache_bytes(enum cache_type c, int64_t elems)
{
	return FAULT_INT("cache_bytes", cache_bytes(c, elems));
}

/* llama-context.cpp llama_init_from_model: with flash attention on or auto
 * (the default) a quantized K (V) cache type whose block does not divide
 * n_embd_head_k (n_embd_head_v) is refused ("K cache type q8_0 with block
 * size 32 does not divide n_embd_head_k=8"); with it off, ggml_row_size
 * asserts on a row that is not whole blocks.  With the MLA latent cache the
 * heads are the latent: K kv_lora_rank + qk_rope_head_dim, V kv_lora_rank.
 * 0 when llama.cpp accepts the types, else 'K' or 'V' with the reason in why. */
int model_cache_blocks_ok(const struct model *m, char *why, size_t len)
{
	int latent = m->kind == ATTN_MLA && m->mla_latent_cache;
	int64_t hk = latent ? m->kv_lora_rank + m->qk_rope_head_dim : m->head_dim;
	int64_t hv = latent ? m->kv_lora_rank
		     : m->head_dim_v ? m->head_dim_v
		     : m->kind == ATTN_MLA && m->v_head_dim ? m->v_head_dim : m->head_dim;
	/* every quantized type llama.cpp offers for the cache has blocks of 32 */
	int64_t bk = m->k_type >= CACHE_Q8_0 ? 32 : 1, bv = m->v_type >= CACHE_Q8_0 ? 32 : 1;
	if (hk % bk) {
		snprintf(why, len, "K cache type %s with block size 32 does not divide the K head size %lld (llama.cpp refuses it)",
			 model_cache_name(m->k_type), (long long)hk);
		return 'K';
	}
	if (hv % bv) {
		snprintf(why, len, "V cache type %s with block size 32 does not divide the V head size %lld (llama.cpp refuses it)",
			 model_cache_name(m->v_type), (long long)hv);
		return 'V';
	}
	return 0;
}

int64_t model_kv_bytes_bound(const struct model *m)
{
	/* Every layer as if it kept the most KV heads: no real layout is larger.
	 * The true per-layer sizes are size.c's. */
	int64_t per_layer, r;
	if (m->kind == ATTN_MLA && m->mla_latent_cache)
		per_layer = model_cache_bytes(m->k_type, m->kv_lora_rank + m->qk_rope_head_dim);
	else
		per_layer = model_cache_bytes(m->k_type, m->kv_heads * m->head_dim) +
			    model_cache_bytes(m->v_type, m->kv_heads * m->head_dim_v);
	if (__builtin_mul_overflow(per_layer, m->layers, &r))
		return -1;
	return r;
}

int model_layer_is_local(const struct model *m, int64_t il)
{
	/* Every reader fills layer_swa (model_finish from the pattern when a
	 * reader gave only sliding_window and swa_pattern).  A window llama.cpp
	 * does not read (swa_ignored: Mistral v0.1 under LLM_ARCH_LLAMA) leaves
	 * every layer with a full cache.  Past the last layer (a scene drawing
	 * the pattern further) the rule of llama-hparams.cpp set_swa_pattern. */
	if (m->sliding_window == 0 || m->swa_ignored || il < 0)
		return 0;
	if (il < m->layers && il < MODEL_MAX_LAYERS)
		return m->layer_swa[il] != 0;
	if (m->swa_pattern <= 0)
		return 1;   /* a window without a pattern: every layer is local */
	return il % m->swa_pattern < m->swa_pattern - 1;
}

/* llama-hparams.cpp n_embd_r: the short-conv cache (LFM2) is
 * n_embd x (L_cache - 1); otherwise Mamba's conv_states,
 * (d_conv - 1) x (d_inner + 2 x n_group x d_state), which the gated delta
 * net (Qwen3-Next) shares with its converter's sizes. */
int64_t model_embd_r(const struct model *m)
{
	if (m->shortconv_l_cache > 0)
		return m->embd * (m->shortconv_l_cache - 1);
	/* n_embd_head_kda: the Q, K and V convolutions' rows, 3 (d_conv - 1)
	 * x n_head() x head_dim (d_conv 0: 4) */
	if (m->kda_head_dim > 0)
		return 3 * (m->ssm_d_conv > 0 ? m->ssm_d_conv - 1 : 3) *
		       m->heads * m->kda_head_dim;
	return (m->ssm_d_conv > 0 ? m->ssm_d_conv - 1 : 0) * (m->ssm_d_inner + 2 * m->ssm_n_group * m->ssm_d_state);
}

/* llama-hparams.cpp n_embd_s: Mamba's ssm_states, d_state x d_inner. */
int64_t model_embd_s(const struct model *m)
{
	/* KDA: a head_dim x head_dim state a head */
	if (m->kda_head_dim > 0)
		return m->kda_head_dim * m->kda_head_dim * m->heads;
	return m->ssm_d_state * m->ssm_d_inner;
}

int64_t model_layers_of(const struct model *m, enum layer_type t)
{
	int64_t n = 0;
	for (int64_t il = 0; il < m->layers; il++)
		n += m->layer_type[il] == t;
	return n;
}

int64_t model_rot_k_n_at(const struct model *m, int64_t hd)
{
	int64_t n = 64;
	if (m->k_type < CACHE_Q8_0 || hd <= 0 || hd % 64 != 0)
		return 0;
	while (hd % (2 * n) == 0)
		n *= 2;
	return n;
}

int64_t model_rot_v_n_at(const struct model *m, int64_t hd)
{
	return m->v_type >= CACHE_Q8_0 && hd > 0 && hd % 64 == 0 ? 64 : 0;
}

static int latent_cache(const struct model *m)
{
	return m->kind == ATTN_MLA && m->mla_latent_cache;
}

int64_t model_rot_k_n(const struct model *m)
{
	return latent_cache(m) ? 0 : model_rot_k_n_at(m, m->head_dim);
}

int64_t model_rot_v_n(const struct model *m)
{
	return latent_cache(m) ? 0 : model_rot_v_n_at(m, m->head_dim_v);
}

/* The FFN of layer il (llama-model.cpp load_hparams: n_layer_dense_lead,
 * n_moe_layer_step, n_ff_exp, n_expert_shared; Gemma 4's n_ff beside the
 * experts). */
static void layer_ffn(const struct model *m, int64_t il, struct model_layer *L)
{
	if (m->experts <= 0) {
		/* n_ff(il), 0 on a layer without an FFN (Nemotron-H's) */
		int per = 0;
		for (int64_t j = 0; j < m->layers && j < MODEL_MAX_LAYERS; j++)
			per |= m->layer_ff[j] != 0;
		L->ff = per ? m->layer_ff[il] : m->ff;
		return;
	}
	int step = m->moe_layer_step > 1;
	int dense = il < m->dense_lead ||
		    (step && (il + 1) % m->moe_layer_step != 0);
	L->moe = !dense && !m->layer_dense_ffn[il];
	L->ff_exp = m->ff;
	if (dense || (m->arch_mech & AM_FFN_BESIDE_EXPERTS))
		L->ff = m->ff_dense;
	/* jamba.cpp: a layer without ffn_gate_inp builds a dense FFN of the
	 * experts' n_ff */
	if (!L->moe && !dense) {
		L->ff = m->ff;
		return;
	}
	if (!dense && __builtin_mul_overflow(m->ff, m->shared_experts,
					     &L->ff_shexp))
		L->ff_shexp = INT64_MAX;   /* refused by every graph's bound */
}

/* n_embd_head_k(il), n_embd_head_v(il): is_swa(il) ? the _swa sizes :
 * the full ones (a model built without model_finish has 0 for the
 * sliding sizes: the full ones). */
static void swa_heads(const struct model *m, int swa, int64_t *k, int64_t *v)
{
	*k = swa && m->head_dim_swa > 0 ? m->head_dim_swa : m->head_dim;
	*v = swa && m->head_dim_v_swa > 0 ? m->head_dim_v_swa : m->head_dim_v;
}

/* is_swa(il) of a layer that keeps no cache of its own: model_finish
 * clears its layer_swa, and llama.cpp's swa_layers follow the pattern
 * over every layer, the cached ones' (a GGUF's sliding_window_pattern is
 * periodic on every Gemma 3n and Gemma 4; no pattern: full). */
static int shared_swa(const struct model *m, int64_t il)
{
	int64_t p = model_swa_pattern_of(m);
	return m->sliding_window > 0 &&
	       (p == 0 || (p > 1 && il % p < p - 1));
}

/* The query's heads: the layer's n_embd_head_k(il), _v(il), an MLA
 * model's qk_nope + qk_rope and v_head_dim. */
static void layer_attn_heads(const struct model *m, struct model_layer *L)
{
	if (m->kind != ATTN_MLA) {
		swa_heads(m, L->swa, &L->attn_k, &L->attn_v);
		return;
	}
	L->attn_k = m->qk_nope_head_dim > 0
			? m->qk_nope_head_dim + m->qk_rope_head_dim
			: m->head_dim;
	L->attn_v = m->v_head_dim > 0 ? m->v_head_dim : m->head_dim_v;
}

struct model_layer model_layer(const struct model *m, int64_t il)
{
	struct model_layer L = {.type = LT_NONE};
	if (il < 0 || il >= m->layers || il >= MODEL_MAX_LAYERS)
		return L;
	int local = model_layer_is_local(m, il);
	L.type = (enum layer_type)m->layer_type[il];
	L.heads = m->layer_heads[il] > 0 ? m->layer_heads[il] : m->heads;
	L.kv_heads = m->layer_kv_heads[il];
	L.swa = m->layer_swa[il] != 0;
	L.attends = L.kv_heads > 0 || L.type == LT_SHARED;
	if (L.type == LT_SHARED) {
		L.swa = shared_swa(m, il);
		local = L.swa && m->sliding_window > 0 && !m->swa_ignored;
	}
	L.window = local ? m->sliding_window : 0;
	if (L.window && m->swa_chunked) /* LLAMA_SWA_TYPE_CHUNKED */
		L.type = LT_CHUNKED;
	L.rope_base = local && m->rope_base_local > 0 ? m->rope_base_local
						       : m->rope_base;
	layer_attn_heads(m, &L);
	L.rope_dims = L.swa && m->rope_dims_swa > 0 ? m->rope_dims_swa
						     : m->rope_dims;
	layer_ffn(m, il, &L);
	L.state = L.type == LT_RECURRENT ||
		  (m->ssm_parallel && L.type != LT_SHARED && L.kv_heads > 0 &&
		   il < m->layers - m->nextn_layers);
	if (L.kv_heads == 0)
		return L;
	if (latent_cache(m)) {
		/* llama-model.cpp, the *_mla keys: n_head_kv 1,
		 * n_embd_head_k = kv_lora_rank + n_rot, no V */
		L.kv_heads = 1;
		L.k_head = m->kv_lora_rank + m->qk_rope_head_dim;
		return L;
	}
	swa_heads(m, L.swa, &L.k_head, &L.v_head);
	return L;
}

struct model_layer model_layer_widest(const struct model *m)
{
	struct model_layer W = {.type = LT_NONE};
	for (int64_t il = 0; il < m->layers && il < MODEL_MAX_LAYERS; il++) {
		struct model_layer L = model_layer(m, il);
		W.attn_k = L.attn_k > W.attn_k ? L.attn_k : W.attn_k;
		W.attn_v = L.attn_v > W.attn_v ? L.attn_v : W.attn_v;
		W.ff = L.ff > W.ff ? L.ff : W.ff;
		W.ff_shexp = L.ff_shexp > W.ff_shexp ? L.ff_shexp : W.ff_shexp;
	}
	return W;
}

struct model_layer model_kind_layer(const struct model *m, int swa)
{
	for (int64_t il = 0; il < m->layers && il < MODEL_MAX_LAYERS; il++) {
		struct model_layer L = model_layer(m, il);
		if (L.kv_heads > 0 && L.type != LT_SHARED && L.swa == !!swa)
			return L;
	}
	struct model_layer L = model_layer(m, 0);
	L.swa = !!swa;
	layer_attn_heads(m, &L);
	return L;
}

int64_t model_v_elems_layer(const struct model *m, int64_t il)
{
	struct model_layer L = model_layer(m, il);
	return L.kv_heads * L.v_head;
}

int model_is_hybrid(const struct model *m)
{
	return (m->arch_mech & AM_RECURRENT) != 0;
}

const char *model_layer_type_word(enum layer_type t)
{
	return (unsigned)t <= LT_NONE ? model_layer_type_words[t] : "?";
}

int64_t model_swa_pattern_of(const struct model *m)
{
	/* A tail of layers without a cache of their own (Gemma 3n's shared
	 * layers, nextn blocks) follows no pattern: the cached layers before it do. */
	int64_t end = m->layers;
	while (end > 1 && (m->layer_type[end - 1] == LT_SHARED || m->layer_type[end - 1] == LT_NONE ||
			   end > m->layers - m->nextn_layers))
		end--;
	for (int64_t n = 0; n <= m->layers + 1; n++) {
		int same = 1;
		for (int64_t il = 0; il < end && same; il++)
			same = (m->layer_swa[il] != 0) == (n == 0 || il % n < n - 1);
		if (same)
			return n;
	}
	return -1;
}

int64_t model_local_layers(const struct model *m)
{
	int64_t n = 0;
	for (int64_t il = 0; il < m->layers; il++)
		n += model_layer_is_local(m, il);
	return n;
}

void model_set_origin(struct model *m, enum model_field f, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(m->origin[f], sizeof m->origin[f], fmt, ap);
	va_end(ap);
}

const char *model_field_origin(const struct model *m, enum model_field f)
{
	return m->origin[f][0] ? m->origin[f] : NULL;
}

int model_finish(struct model *m, const char *where, char *err, size_t errlen)
{
	/* Every reader's last word: a family without a file in
	 * src/families/ is never sized. */
	if (m->arch[0] && !arch_find(m->arch)) {
		char why[400];
		arch_refusal(m->arch, why, sizeof why);
		err_set(err, errlen, where, 0, NULL, model_fields[MF_ARCH].key,
			"%s", why);
		return -1;
	}
	const struct family *ai = m->arch[0] ? arch_find(m->arch) : &arch_plain;
	m->arch_mech = ai->mech;
	/* n_ff(il) layer by layer: ff is the widest; all alike is ff alone */
	int32_t widest = 0, alike = 1;
	for (int64_t il = 0; il < m->layers && il < MODEL_MAX_LAYERS; il++) {
		widest = m->layer_ff[il] > widest ? m->layer_ff[il] : widest;
		alike &= m->layer_ff[il] == m->layer_ff[0];
	}
	if (widest && m->ff && m->ff != widest && !m->experts) {
		err_set(err, errlen, where, 0, model_fields[MF_FF].section,
			model_fields[MF_FF].key, "%lld, not the widest of "
			"ff_layers (%d)", (long long)m->ff, (int)widest);
		return -1;
	}
	if (widest && !m->ff)
		m->ff = widest;
	if (alike || m->experts)   /* an MoE's ff is its experts' */
		memset(m->layer_ff, 0, sizeof m->layer_ff);
	m->family = ai;
	/* DeepSeek V4's compressed caches come from its GGUF alone
	 * (attention.compress_ratios, src/model/gguf.c): an INI of it would
	 * be sized without them */
	if (ai->compress && !m->k_only) {
		err_set(err, errlen, where, 0, NULL, model_fields[MF_ARCH].key,
			"%s: its compressed caches are read from its GGUF "
			"only (attention.compress_ratios)", m->arch);
		return -1;
	}
	if (m->layers < 1 || m->layers > MODEL_MAX_LAYERS) {
		err_set(err, errlen, where, 0, NULL, model_fields[MF_LAYERS].key, "%lld layers (1 to %d)", (long long)m->layers,
			MODEL_MAX_LAYERS);
		return -1;
	}
	if (m->heads < 1 || m->heads > MODEL_MAX_DIM || m->head_dim < 1 || m->head_dim > MODEL_MAX_DIM ||
	    m->head_dim_v < 0 || m->head_dim_v > MODEL_MAX_DIM || m->vocab < 1 || m->ctx_train < 1 ||
	    m->ctx_train > MODEL_MAX_CTX) {
		err_set(err, errlen, where, 0, NULL, NULL, "heads, head sizes, vocab or ctx_train out of range");
		return -1;
	}
	if ((unsigned)m->kind > ATTN_MLA || (unsigned)m->scaling > ROPE_LONGROPE || (unsigned)m->k_type > CACHE_IQ4_NL ||
	    (unsigned)m->v_type > CACHE_IQ4_NL) {
		err_set(err, errlen, where, 0, NULL, NULL, "attention kind, RoPE scaling or cache type out of range");
		return -1;
	}
	if (!(m->params >= 1 && m->params <= 1e15) || !(m->active_params >= 0 && m->active_params <= m->params)) {
		err_set(err, errlen, where, 0, NULL, model_fields[MF_PARAMS].key, "%g parameters, %g active (1 to 1e15, active at most all)",
			m->params, m->active_params);
		return -1;
	}
	if (m->weights_bytes == 0) {
		/* No reader knew better: 16-bit weights, the dtype of published
		 * checkpoints (bf16) and of an f16 GGUF conversion. */
		m->weights_bytes = (int64_t)(m->params * 2);
		m->weights_from = WEIGHTS_ESTIMATED;
		model_set_origin(m, MF_WEIGHTS_BYTES, "estimated: params x 2 bytes (16-bit weights)");
	}
	if (m->weights_bytes < 1 || m->weights_bytes > (int64_t)1e16) {
		err_set(err, errlen, where, 0, NULL, model_fields[MF_WEIGHTS_BYTES].key, "%lld bytes (1 to 1e16)",
			(long long)m->weights_bytes);
		return -1;
	}
	/* llama-model.cpp asserts n_expert_used > 0 when n_expert > 0 */
	if (m->experts < 0 || m->experts_used < 0 || m->experts_used > m->experts || (m->experts > 0 && !m->experts_used)) {
		err_set(err, errlen, where, 0, NULL, model_fields[MF_EXPERTS].key, "%lld of %lld experts used per token",
			(long long)m->experts_used, (long long)m->experts);
		return -1;
	}
	if (m->sliding_window < 0 || m->sliding_window > MODEL_MAX_CTX || m->swa_pattern < 0) {
		err_set(err, errlen, where, 0, NULL, model_fields[MF_SLIDING_WINDOW].key, "%lld (0 to %lld)", (long long)m->sliding_window,
			(long long)MODEL_MAX_CTX);
		return -1;
	}
	if (m->head_dim_v == 0)
		m->head_dim_v = m->kind == ATTN_MLA && m->v_head_dim ? m->v_head_dim : m->head_dim;
	if (m->active_params <= 0)
		m->active_params = m->params;
	if (m->rope_base_local <= 0)
		m->rope_base_local = m->rope_base;
	if (m->orig_ctx <= 0)
		m->orig_ctx = m->ctx_train;
	if (m->rope_factor <= 0)
		m->rope_factor = 1;
	if (m->beta_fast <= 0)
		m->beta_fast = MODEL_YARN_BETA_FAST;   /* as the INI loader's */
	if (m->beta_slow <= 0)
		m->beta_slow = MODEL_YARN_BETA_SLOW;
	/* a reader that gave one kv_heads for every layer */
	int64_t most = 0, local = 0;
	for (int64_t il = 0; il < m->layers; il++)
		most |= m->layer_kv_heads[il], local += m->layer_swa[il] != 0;
	if (most == 0)
		for (int64_t il = 0; il < m->layers; il++)
			m->layer_kv_heads[il] = (int32_t)(m->kv_heads > 0 && m->kv_heads <= MODEL_MAX_DIM ? m->kv_heads : 0);
	/* a reader that gave a window and a pattern but no per-layer flags */
	if (m->sliding_window > 0 && !m->swa_ignored && local == 0 && m->swa_pattern != 1)
		for (int64_t il = 0; il < m->layers; il++)
			m->layer_swa[il] = m->swa_pattern <= 0 || il % m->swa_pattern < m->swa_pattern - 1;
	/* no window, or one llama.cpp does not read: every layer keeps the full cache */
	if (m->sliding_window == 0 || m->swa_ignored)
		memset(m->layer_swa, 0, sizeof m->layer_swa);
	if (m->head_dim_swa <= 0)
		m->head_dim_swa = m->head_dim;
	if (m->head_dim_v_swa <= 0)
		m->head_dim_v_swa = m->head_dim_v;
	if (m->nextn_layers < 0 || m->nextn_layers >= m->layers || m->head_dim_swa > MODEL_MAX_DIM ||
	    m->head_dim_v_swa > MODEL_MAX_DIM || m->indexer_head_dim < 0 || m->indexer_head_dim > MODEL_MAX_DIM) {
		err_set(err, errlen, where, 0, NULL, NULL, "nextn layers, sliding head sizes or indexer size out of range");
		return -1;
	}
	/* Layer kinds: a reader names the recurrent, shared and none layers in
	 * layer_type (and nextn_layers the last ones: llama-model.cpp
	 * create_memory filters il >= n_layer()); every other layer follows
	 * layer_swa and layer_kv_heads.  Only attention layers keep KV heads. */
	if (m->sliding_window == 0 || m->swa_ignored)
		m->swa_chunked = 0;
	int64_t recurrent = 0;
	for (int64_t il = 0; il < m->layers; il++) {
		int t = m->layer_type[il];
		if (t > LT_NONE) {
			err_set(err, errlen, where, 0, NULL, model_fields[MF_LAYER_TYPES].key, "layer %lld: unknown kind",
				(long long)il);
			return -1;
		}
		if (il >= m->layers - m->nextn_layers)
			t = LT_NONE;
		if (t == LT_RECURRENT || t == LT_SHARED || t == LT_NONE) {
			m->layer_kv_heads[il] = 0;
			if (t != LT_NONE || il >= m->layers - m->nextn_layers)
				m->layer_swa[il] = 0;
		} else if (m->layer_kv_heads[il] == 0) {
			t = LT_NONE;
		} else {
			t = !m->layer_swa[il] ? LT_FULL : m->swa_chunked ? LT_CHUNKED : LT_SLIDING;
		}
		m->layer_type[il] = (uint8_t)t;
		recurrent += t == LT_RECURRENT || (m->ssm_parallel && m->layer_kv_heads[il] > 0);
	}
	if (m->ssm_d_conv < 0 || m->ssm_d_inner < 0 || m->ssm_d_state < 0 || m->ssm_n_group < 0 || m->ssm_dt_rank < 0 ||
	    m->shortconv_l_cache < 0 || m->embd < 0 || m->ssm_d_conv > MODEL_MAX_DIM || m->ssm_d_inner > (INT64_C(1) << 24) ||
	    m->ssm_d_state > MODEL_MAX_DIM || m->ssm_n_group > MODEL_MAX_DIM || m->shortconv_l_cache > MODEL_MAX_DIM ||
	    m->embd > (INT64_C(1) << 24)) {
		err_set(err, errlen, where, 0, "recurrent", NULL, "state sizes out of range");
		return -1;
	}
	if (m->kda_head_dim < 0 || m->kda_head_dim > MODEL_MAX_DIM ||
	    m->ple_state < 0 || m->ple_state > (INT64_C(1) << 30)) {
		err_set(err, errlen, where, 0, "recurrent", NULL,
			"state sizes out of range");
		return -1;
	}
	if (m->indexer_head_dim > 0 && !m->indexer_apart && !m->k_only &&
	    !(m->kind == ATTN_MLA && m->mla_latent_cache)) {
		err_set(err, errlen, where, 0, "mla", model_fields[MF_INDEXER_HEAD_DIM].key,
			"an indexer cache needs MLA's latent cache (llama_kv_cache_dsa)");
		return -1;
	}
	if (recurrent && model_embd_r(m) + model_embd_s(m) == 0) {
		err_set(err, errlen, where, 0, NULL, model_fields[MF_LAYER_TYPES].key,
			"recurrent layers but no state size (ssm_d_state, ssm_d_inner or shortconv_l_cache)");
		return -1;
	}
	most = 0;
	for (int64_t il = 0; il < m->layers; il++) {
		/* against the widest layer's query heads: a GGUF's own
		 * layers were held to theirs (gguf.c), and the latent's
		 * cache counts n_head KV heads on every layer */
		int64_t h = m->layer_kv_heads[il];
		if (h < 0 || h > m->heads ||
		    (h > 0 && m->heads % h && !m->layer_heads[il])) {
			err_set(err, errlen, where, 0, NULL, model_fields[MF_KV_HEADS].key,
				"layer %lld: %lld KV heads do not divide %lld query heads", (long long)il, (long long)h,
				(long long)m->heads);
			return -1;
		}
		if (h > most)
			most = h;
	}
	if (most == 0 &&
	    !(recurrent && recurrent == m->layers - m->nextn_layers)) {
		err_set(err, errlen, where, 0, NULL, model_fields[MF_KV_HEADS].key, "no layer keeps a KV cache");
		return -1;
	}
	/* a recurrent model (every layer a state, llama_memory_recurrent):
	 * no layer keeps K and V; the query heads stand for the KV heads so
	 * every ratio of them stays defined */
	m->kv_heads = most ? most : m->heads;
	if (m->kind == ATTN_MLA &&
	    (m->kv_lora_rank < 1 || m->kv_lora_rank > MODEL_MAX_DIM || m->qk_rope_head_dim < 1 ||
	     m->qk_rope_head_dim > MODEL_MAX_DIM || m->qk_nope_head_dim < 0 || m->qk_nope_head_dim > MODEL_MAX_DIM ||
	     m->v_head_dim < 0 || m->v_head_dim > MODEL_MAX_DIM)) {
		err_set(err, errlen, where, 0, NULL, model_fields[MF_KV_LORA_RANK].key, "MLA sizes out of range (1 to %d)", MODEL_MAX_DIM);
		return -1;
	}
	/* llama.cpp's n_rot defaults to the head (llama-model.cpp: n_rot = n_embd_head_k) */
	int64_t whole = m->kind == ATTN_MLA ? m->qk_rope_head_dim : m->head_dim;
	if (m->rope_dims <= 0)
		m->rope_dims = whole;
	if (m->rope_dims > whole || m->rope_dims % 2) {
		err_set(err, errlen, where, 0, model_fields[MF_ROPE_DIMS].section, model_fields[MF_ROPE_DIMS].key,
			"%lld rotated dimensions: want an even number, at most the head's %lld", (long long)m->rope_dims,
			(long long)whole);
		return -1;
	}
	/* n_rot_swa, at most a sliding layer's K head */
	int64_t whole_swa = m->kind == ATTN_MLA ? whole
			    : m->head_dim_swa > 0 ? m->head_dim_swa
						  : m->head_dim;
	/* not given (an INI, config.json): the sliding head whole when the
	 * full one is (Gemma 4's 256 beside 512), else the same part; a
	 * GGUF's is llama.cpp's, rope.dimension_count when absent */
	if (m->rope_dims_swa <= 0) {
		m->rope_dims_swa = m->rope_dims == whole ? whole_swa
							 : m->rope_dims;
		model_set_origin(m, MF_ROPE_DIMS_SWA,
				 "default: the sliding head whole when dims is "
				 "the whole head, else dims");
	}
	if (m->rope_dims_swa > whole_swa || m->rope_dims_swa % 2) {
		err_set(err, errlen, where, 0,
			model_fields[MF_ROPE_DIMS_SWA].section,
			model_fields[MF_ROPE_DIMS_SWA].key,
			"%lld rotated dimensions on a sliding layer: want an "
			"even number, at most its head's %lld",
			(long long)m->rope_dims_swa, (long long)whole_swa);
		return -1;
	}
	if (m->kind == ATTN_MLA ? m->qk_rope_head_dim % 2 : m->head_dim % 2) {
		err_set(err, errlen, where, 0, NULL, model_fields[MF_HEAD_DIM].key, "RoPE rotates pairs: the dimension must be even");
		return -1;
	}
	char why[160];
	int kv = model_cache_blocks_ok(m, why, sizeof why);
	if (kv) {
		const struct model_field_info *f = &model_fields[kv == 'K' ? MF_K_TYPE : MF_V_TYPE];
		err_set(err, errlen, where, 0, f->section, f->key, "%s", why);
		return -1;
	}
	int64_t per_tok = model_kv_bytes_bound(m), total;
	if (per_tok < 0 || __builtin_mul_overflow(per_tok, MODEL_MAX_CTX, &total)) {
		err_set(err, errlen, where, 0, NULL, model_fields[MF_LAYERS].key, "sizes derived from this model overflow 64-bit arithmetic");
		return -1;
	}
	return 0;
}
