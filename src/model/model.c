#include "model/model.h"

#include <dirent.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/gguf.h"
#include "util/err.h"
#include "util/ini.h"
#include "util/num.h"
#include "util/paths.h"

/* Largest context any size is computed for: keeps every product in 64 bits. */
#define MODEL_MAX_CTX (INT64_C(1) << 32)

struct key_rule {
	const char *section, *key;
	int required;
};

/* Every key the format knows; anything else is reported as a warning. */
static const struct key_rule known_keys[] = {
	{"model", "name", 1},           {"model", "source", 0},        {"model", "params", 1},
	{"model", "layers", 1},         {"model", "heads", 1},         {"model", "kv_heads", 1},
	{"model", "head_dim", 1},       {"model", "vocab", 1},         {"model", "ctx_train", 1},
	{"attention", "kind", 1},       {"attention", "sliding_window", 0},
	{"attention", "swa_pattern", 0}, {"attention", "sinks", 0},
	{"mla", "kv_lora_rank", 0},     {"mla", "qk_rope_head_dim", 0},
	{"mla", "qk_nope_head_dim", 0}, {"mla", "v_head_dim", 0},
	{"rope", "base", 1},            {"rope", "scaling", 0},        {"rope", "factor", 0},
	{"rope", "orig_ctx", 0},        {"rope", "beta_fast", 0},      {"rope", "beta_slow", 0},
	{"cache", "type", 0},
};

struct loader {
	struct ini_file ini;
	char *err;
	size_t errlen;
};

static const char *get(struct loader *L, const char *sec, const char *key, int required, int *line)
{
	const char *v = ini_get(&L->ini, sec, key, line);
	if (!v && required) {
		int sl = ini_section_line(&L->ini, sec);
		if (sl)
			err_set(L->err, L->errlen, L->ini.path, sl, sec, key, "missing (required)");
		else
			err_set(L->err, L->errlen, L->ini.path, 0, sec, NULL, "missing section (required)");
	}
	return v;
}

/* An integer key in [min, max]; def when optional and absent. */
static int get_int(struct loader *L, const char *sec, const char *key, int required, int64_t def,
		   int64_t min, int64_t max, int64_t *out)
{
	int line;
	const char *why;
	long long v;
	const char *s = get(L, sec, key, required, &line);
	if (!s) {
		*out = def;
		return required ? -1 : 0;
	}
	if (num_int(s, min, max, &v, &why) < 0) {
		char shown[40];
		err_clean(shown, sizeof shown, s);
		if (!strcmp(why, "out of range"))
			err_set(L->err, L->errlen, L->ini.path, line, sec, key,
				"'%s' is out of range (%lld to %lld)", shown, (long long)min, (long long)max);
		else
			err_set(L->err, L->errlen, L->ini.path, line, sec, key, "'%s' is %s", shown,
				!strcmp(why, "not a number") ? "not a whole number" : why);
		return -1;
	}
	*out = v;
	return 0;
}

static int get_real(struct loader *L, const char *sec, const char *key, int required, double def,
		    double min, double max, double *out)
{
	int line;
	const char *why;
	double v;
	const char *s = get(L, sec, key, required, &line);
	if (!s) {
		*out = def;
		return required ? -1 : 0;
	}
	if (num_real(s, &v, &why) < 0 || v < min || v > max) {
		char shown[40];
		err_clean(shown, sizeof shown, s);
		if (num_real(s, &v, &why) < 0)
			err_set(L->err, L->errlen, L->ini.path, line, sec, key, "'%s' is %s", shown, why);
		else
			err_set(L->err, L->errlen, L->ini.path, line, sec, key, "'%s' is out of range (%g to %g)",
				shown, min, max);
		return -1;
	}
	*out = v;
	return 0;
}

/* One of a fixed set of words; returns its index, def when absent, -1 on error. */
static int get_word(struct loader *L, const char *sec, const char *key, int required, int def,
		    const char *const *words, int nwords)
{
	int line;
	const char *s = get(L, sec, key, required, &line);
	if (!s)
		return required ? -1 : def;
	for (int i = 0; i < nwords; i++)
		if (!strcmp(s, words[i]))
			return i;
	char shown[40], list[160] = "";
	err_clean(shown, sizeof shown, s);
	for (int i = 0; i < nwords; i++) {
		strncat(list, i ? " | " : "", sizeof list - strlen(list) - 1);
		strncat(list, words[i], sizeof list - strlen(list) - 1);
	}
	err_set(L->err, L->errlen, L->ini.path, line, sec, key, "unknown value '%s' (one of %s)", shown, list);
	return -1;
}

static void copy_text(struct loader *L, const char *sec, const char *key, char *dst, size_t len)
{
	int line;
	const char *s = ini_get(&L->ini, sec, key, &line);
	err_clean(dst, len, s ? s : "");
}

static int fail_at(struct loader *L, const char *sec, const char *key, const char *what)
{
	int line;
	ini_get(&L->ini, sec, key, &line);
	err_set(L->err, L->errlen, L->ini.path, line, sec, key, "%s", what);
	return -1;
}

static void check_unknown_keys(struct loader *L, struct model *m)
{
	for (int i = 0; i < L->ini.nkeys; i++) {
		const struct ini_key *k = &L->ini.keys[i];
		int found = 0;
		for (size_t j = 0; j < sizeof known_keys / sizeof known_keys[0]; j++)
			if (!strcmp(known_keys[j].section, k->section) && !strcmp(known_keys[j].key, k->key))
				found = 1;
		if (!found && !m->warning[0])
			err_set(m->warning, sizeof m->warning, L->ini.path, k->line, k->section, k->key,
				"unknown key, ignored (wrong section?)");
	}
}

static int load_values(struct loader *L, struct model *m)
{
	static const char *const kinds[] = {"mha", "gqa", "mqa", "mla"};
	static const char *const scalings[] = {"none", "linear", "ntk", "yarn"};
	static const char *const sinks[] = {"none", "learned"};
	static const char *const caches[] = {"f32", "f16", "bf16", "q8_0", "q4_0", "q4_1", "q5_0", "q5_1", "iq4_nl"};
	int w;

	if (!get(L, "model", "name", 1, &w))
		return -1;
	copy_text(L, "model", "name", m->name, sizeof m->name);
	copy_text(L, "model", "source", m->source, sizeof m->source);
	if (get_real(L, "model", "params", 1, 0, 1, 1e15, &m->params) < 0 ||
	    get_int(L, "model", "layers", 1, 0, 1, MODEL_MAX_LAYERS, &m->layers) < 0 ||
	    get_int(L, "model", "heads", 1, 0, 1, 65536, &m->heads) < 0 ||
	    get_int(L, "model", "kv_heads", 1, 0, 1, 65536, &m->kv_heads) < 0 ||
	    get_int(L, "model", "head_dim", 1, 0, 1, 65536, &m->head_dim) < 0 ||
	    get_int(L, "model", "vocab", 1, 0, 1, 100000000, &m->vocab) < 0 ||
	    get_int(L, "model", "ctx_train", 1, 0, 1, MODEL_MAX_CTX, &m->ctx_train) < 0)
		return -1;
	if ((w = get_word(L, "attention", "kind", 1, 0, kinds, 4)) < 0)
		return -1;
	m->kind = (enum attn_kind)w;
	if (get_int(L, "attention", "sliding_window", 0, 0, 0, MODEL_MAX_CTX, &m->sliding_window) < 0 ||
	    get_int(L, "attention", "swa_pattern", 0, 0, 0, 100000, &m->swa_pattern) < 0)
		return -1;
	if ((w = get_word(L, "attention", "sinks", 0, 0, sinks, 2)) < 0)
		return -1;
	m->sinks_learned = w;
	if ((w = get_word(L, "rope", "scaling", 0, 0, scalings, 4)) < 0)
		return -1;
	m->scaling = (enum rope_scaling)w;
	if (get_real(L, "rope", "base", 1, 0, 1.0000001, 1e12, &m->rope_base) < 0 ||
	    get_real(L, "rope", "factor", 0, 1, 1, 1e6, &m->rope_factor) < 0 ||
	    get_int(L, "rope", "orig_ctx", 0, m->ctx_train, 1, MODEL_MAX_CTX, &m->orig_ctx) < 0 ||
	    get_real(L, "rope", "beta_fast", 0, 32, 0.001, 1e6, &m->beta_fast) < 0 ||
	    get_real(L, "rope", "beta_slow", 0, 1, 0.001, 1e6, &m->beta_slow) < 0)
		return -1;
	if ((w = get_word(L, "cache", "type", 0, CACHE_F16, caches, 9)) < 0)
		return -1;
	m->k_type = m->v_type = (enum cache_type)w;
	m->active_params = m->params;
	m->head_dim_v = m->kind == ATTN_MLA ? m->v_head_dim : m->head_dim;
	m->rope_base_local = m->rope_base;
	m->mla_latent_cache = m->kind == ATTN_MLA;
	for (int64_t il = 0; il < m->layers && il < MODEL_MAX_LAYERS; il++) {
		m->layer_kv_heads[il] = (int32_t)m->kv_heads;
		m->layer_swa[il] = (uint8_t)model_layer_is_local(m, il);
	}

	int mla = m->kind == ATTN_MLA;
	if (get_int(L, "mla", "kv_lora_rank", mla, 0, 1, 65536, &m->kv_lora_rank) < 0 ||
	    get_int(L, "mla", "qk_rope_head_dim", mla, 0, 1, 65536, &m->qk_rope_head_dim) < 0 ||
	    get_int(L, "mla", "qk_nope_head_dim", mla, 0, 1, 65536, &m->qk_nope_head_dim) < 0 ||
	    get_int(L, "mla", "v_head_dim", mla, 0, 1, 65536, &m->v_head_dim) < 0)
		return -1;
	return 0;
}

/* Rules that tie keys together. */
static int check_consistency(struct loader *L, struct model *m)
{
	char what[160];
	if (m->kv_heads > m->heads)
		return fail_at(L, "model", "kv_heads", "more KV heads than query heads");
	if (m->heads % m->kv_heads) {
		snprintf(what, sizeof what, "heads (%lld) is not a multiple of kv_heads (%lld)",
			 (long long)m->heads, (long long)m->kv_heads);
		return fail_at(L, "model", "kv_heads", what);
	}
	if (m->kind == ATTN_MHA && m->kv_heads != m->heads)
		return fail_at(L, "attention", "kind", "mha needs kv_heads equal to heads");
	if (m->kind == ATTN_MQA && m->kv_heads != 1)
		return fail_at(L, "attention", "kind", "mqa needs kv_heads = 1");
	if (m->kind == ATTN_MLA ? m->qk_rope_head_dim % 2 : m->head_dim % 2)
		return fail_at(L, m->kind == ATTN_MLA ? "mla" : "model",
			       m->kind == ATTN_MLA ? "qk_rope_head_dim" : "head_dim",
			       "RoPE rotates pairs: the dimension must be even");
	if (m->swa_pattern > 0 && m->sliding_window == 0)
		return fail_at(L, "attention", "swa_pattern", "a layer pattern needs a sliding_window");
	if (m->scaling == ROPE_NONE && m->rope_factor != 1)
		return fail_at(L, "rope", "factor", "a factor other than 1 needs a scaling");
	if (m->beta_slow >= m->beta_fast)
		return fail_at(L, "rope", "beta_slow", "must be smaller than beta_fast");
	/* The largest size derived from a model: the whole cache at the largest context. */
	int64_t per_tok = model_kv_bytes_per_token(m), total;
	if (per_tok < 0 || __builtin_mul_overflow(per_tok, MODEL_MAX_CTX, &total))
		return fail_at(L, "model", "layers", "sizes derived from this model overflow 64-bit arithmetic");
	return 0;
}

int model_load(struct model *m, const char *path, char *err, size_t errlen)
{
	struct loader L = {.err = err, .errlen = errlen};
	struct model tmp;
	memset(&tmp, 0, sizeof tmp);
	if (ini_open(&L.ini, path, err, errlen) < 0)
		return -1;
	snprintf(tmp.path, sizeof tmp.path, "%s", path);
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	err_clean(tmp.id, sizeof tmp.id, base);
	char *dot = strrchr(tmp.id, '.');
	if (dot && !strcmp(dot, ".ini"))
		*dot = 0;
	int rc = load_values(&L, &tmp);
	if (rc == 0)
		rc = check_consistency(&L, &tmp);
	if (rc == 0)
		check_unknown_keys(&L, &tmp);
	ini_close(&L.ini);
	if (rc == 0)
		*m = tmp;   /* only a model that passed every check replaces the old one */
	return rc;
}

int model_find_load(struct model *m, const char *name, char *err, size_t errlen)
{
	size_t len = strlen(name);
	if (len > 5 && !strcmp(name + len - 5, ".gguf"))
		return model_load_gguf(m, name, err, errlen);
	if (strchr(name, '/') || paths_is_file(name) ||
	    (strlen(name) > 4 && !strcmp(name + strlen(name) - 4, ".ini")))
		return model_load(m, name, err, errlen);
	struct dirlist dirs;
	char path[PATHS_LEN + 80];
	paths_model_dirs(&dirs);
	for (int i = 0; i < dirs.n; i++) {
		snprintf(path, sizeof path, "%s/%.64s.ini", dirs.dir[i], name);
		if (paths_is_file(path))
			return model_load(m, path, err, errlen);
	}
	err_set(err, errlen, NULL, 0, NULL, NULL, "no model '%s' (see attnviz --list)", name);
	return -1;
}

static int entry_cmp(const void *a, const void *b)
{
	return strcmp(((const struct model_entry *)a)->id, ((const struct model_entry *)b)->id);
}

int model_list(struct model_entry *out, int max)
{
	struct dirlist dirs;
	int n = 0;
	paths_model_dirs(&dirs);
	for (int i = 0; i < dirs.n; i++) {
		DIR *d = opendir(dirs.dir[i]);
		struct dirent *e;
		if (!d)
			continue;
		while ((e = readdir(d)) && n < max) {
			size_t len = strlen(e->d_name);
			if (len < 5 || len - 4 >= sizeof out->id || strcmp(e->d_name + len - 4, ".ini"))
				continue;
			char id[64];
			memcpy(id, e->d_name, len - 4);
			id[len - 4] = 0;
			int dup = 0;
			for (int j = 0; j < n; j++)
				if (!strcmp(out[j].id, id))
					dup = 1;
			if (dup)
				continue;
			snprintf(out[n].path, sizeof out[n].path, "%s/%s", dirs.dir[i], e->d_name);
			if (!paths_is_file(out[n].path))
				continue;
			strcpy(out[n].id, id);
			n++;
		}
		closedir(d);
	}
	qsort(out, (size_t)n, sizeof *out, entry_cmp);
	return n;
}

const char *model_kind_name(enum attn_kind k)
{
	static const char *const names[] = {"MHA", "GQA", "MQA", "MLA"};
	return names[k];
}

const char *model_cache_name(enum cache_type c)
{
	static const char *const names[] = {"f32", "f16", "bf16", "q8_0", "q4_0", "q4_1", "q5_0", "q5_1", "iq4_nl"};
	return names[c];
}

int64_t model_cache_bytes(enum cache_type c, int64_t elems)
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

int64_t model_kv_bytes_per_token_layer(const struct model *m)
{
	if (m->kind == ATTN_MLA)   /* one latent plus the shared decoupled RoPE key, no V */
		return model_cache_bytes(m->k_type, m->kv_lora_rank + m->qk_rope_head_dim);
	return model_cache_bytes(m->k_type, m->kv_heads * m->head_dim) +
	       model_cache_bytes(m->v_type, m->kv_heads * m->head_dim_v);
}

int64_t model_kv_bytes_per_token(const struct model *m)
{
	int64_t r;
	if (__builtin_mul_overflow(model_kv_bytes_per_token_layer(m), m->layers, &r))
		return -1;
	return r;
}

int model_layer_is_local(const struct model *m, int64_t il)
{
	if (m->sliding_window == 0)
		return 0;
	if (m->swa_pattern <= 0)
		return 1;   /* a window without a pattern: every layer is local */
	return il % m->swa_pattern < m->swa_pattern - 1;
}

int64_t model_pad(int64_t x, int64_t to)
{
	return (x + to - 1) / to * to;
}

int64_t model_swa_cells(int64_t n_ctx, int64_t n_swa, int64_t n_seq, int64_t n_ubatch)
{
	int64_t want = n_swa * n_seq + n_ubatch;
	return model_pad(want < n_ctx ? want : n_ctx, 256);
}

int64_t model_local_layers(const struct model *m)
{
	int64_t n = 0;
	for (int64_t il = 0; il < m->layers; il++)
		n += model_layer_is_local(m, il);
	return n;
}

void model_set_origin(struct model *m, const char *field, const char *fmt, ...)
{
	struct model_origin *o = NULL;
	for (int i = 0; i < m->norigins; i++)
		if (!strcmp(m->origins[i].field, field))
			o = &m->origins[i];
	if (!o) {
		if (m->norigins == MODEL_MAX_ORIGINS)
			return;
		o = &m->origins[m->norigins++];
		snprintf(o->field, sizeof o->field, "%s", field);
	}
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(o->from, sizeof o->from, fmt, ap);
	va_end(ap);
}

const char *model_origin(const struct model *m, const char *field)
{
	for (int i = 0; i < m->norigins; i++)
		if (!strcmp(m->origins[i].field, field))
			return m->origins[i].from;
	return NULL;
}

int model_finish(struct model *m, const char *where, char *err, size_t errlen)
{
	if (m->layers < 1 || m->layers > MODEL_MAX_LAYERS) {
		err_set(err, errlen, where, 0, NULL, "layers", "%lld layers (1 to %d)", (long long)m->layers,
			MODEL_MAX_LAYERS);
		return -1;
	}
	if (m->heads < 1 || m->heads > 65536 || m->head_dim < 1 || m->head_dim > 65536 || m->head_dim_v < 0 ||
	    m->head_dim_v > 65536 || m->vocab < 1 || m->ctx_train < 1 || m->ctx_train > MODEL_MAX_CTX) {
		err_set(err, errlen, where, 0, NULL, NULL, "heads, head sizes, vocab or ctx_train out of range");
		return -1;
	}
	if (m->head_dim_v == 0)
		m->head_dim_v = m->head_dim;
	if (m->active_params <= 0)
		m->active_params = m->params;
	int64_t most = 0;
	for (int64_t il = 0; il < m->layers; il++) {
		int64_t h = m->layer_kv_heads[il];
		if (h < 0 || h > m->heads || (h > 0 && m->heads % h)) {
			err_set(err, errlen, where, 0, NULL, "kv_heads",
				"layer %lld: %lld KV heads do not divide %lld query heads", (long long)il, (long long)h,
				(long long)m->heads);
			return -1;
		}
		if (h > most)
			most = h;
	}
	if (most == 0) {
		err_set(err, errlen, where, 0, NULL, "kv_heads", "no layer keeps a KV cache");
		return -1;
	}
	m->kv_heads = most;
	if (m->kind == ATTN_MLA ? m->qk_rope_head_dim % 2 : m->head_dim % 2) {
		err_set(err, errlen, where, 0, NULL, "head_dim", "RoPE rotates pairs: the dimension must be even");
		return -1;
	}
	int64_t per_tok = model_kv_bytes_per_token(m), total;
	if (per_tok < 0 || __builtin_mul_overflow(per_tok, MODEL_MAX_CTX, &total)) {
		err_set(err, errlen, where, 0, NULL, "layers", "sizes derived from this model overflow 64-bit arithmetic");
		return -1;
	}
	return 0;
}
