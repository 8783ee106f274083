/*
 * hfconv: config.json -> the GGUF keys llama.cpp's converter would write
 * -> the GGUF reader's rules (model/hfconv.h says why).
 *
 * The keys are kept in a struct gguf_file with no file behind it (as
 * llamalog.c does for a log's print_info lines); each remembers the
 * config.json key it came from, so that an error the GGUF reader raises
 * on it points at that key's line, and --explain names it.
 */
#include "model/hfconv_run.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "model/family.h"
#include "model/gguf.h"
#include "model/gguf_file.h"
#include "model/json_locate.h"
#include "model/model.h"
#include "util/err.h"
#include "util/num.h"

/* Written keys at most: a converter writes a few dozen. */
#define HFC_MAX_KEYS 256
#define HFC_SRC 96
/* Layers a per-layer list holds at most (llama.cpp's LLAMA_MAX_LAYERS). */
#define HFC_LAYERS 512

struct hfc {
	const char *file, *text;
	size_t len;
	json_t *scope[2];       /* text_config (or NULL), the root */
	const struct family *fam;
	json_t *made;           /* the defaults looked up, kept alive */
	/* the configuration class's defaults: by model_type, else the
	 * family's (hfc_new) */
	const struct hfc_default *defaults;
	const char *config;     /* ... and that class's name */
	char where[HFC_SRC];    /* the key looked up last, as a path */
	int defaulted;          /* ... and it was a default */
	char source[HFC_SRC];   /* the source of the next put (hfc_source) */
	char *err;
	size_t errlen;
	struct gguf_file *r;
	char (*src)[HFC_SRC];   /* [HFC_MAX_KEYS] each key's source */
	int tied, tie_set;
	const char *tie_key;    /* hfc_tied_by's key, static text */
	int64_t vocab;
	const char *router_bias;   /* why exp_probs_b is there; NULL: not */
	/* the rope_freqs tensor of llama3 scaling (hfc_rope_freqs_llama3):
	 * factor, low and high frequency factors, original context; and
	 * where they were read */
	int llama3;
	double l3[4];
	char l3_src[HFC_SRC];
	int l3_plain_orig;      /* the original context was the root's */
	/* LongRoPE's rope_factors_long / _short (hfc_rope_factors): the
	 * context's scale and the list they were read from */
	int longrope;
	double lr_factor;
	/* the layers hfc_dense_ffn marked */
	uint8_t dense_ffn[MODEL_MAX_LAYERS];
	int norms, norm_bias;   /* hfc_norms', 0: not said */
	char lr_src[HFC_SRC];
	char note[256];         /* hfc_note's, "" for none */
	char note_key[HFC_SRC];
};

/* The member at a dotted path of one object, NULL when absent or null. */
static json_t *walk(json_t *o, const char *key)
{
	char part[HFC_SRC];
	const char *p = key;
	while (o && json_is_object(o)) {
		const char *dot = strchr(p, '.');
		size_t n = dot ? (size_t)(dot - p) : strlen(p);
		if (n >= sizeof part)
			return NULL;
		memcpy(part, p, n);
		part[n] = 0;
		o = json_object_get(o, part);
		if (!dot)
			return o && !json_is_null(o) ? o : NULL;
		p = dot + 1;
	}
	return NULL;
}

static const struct hfc_default *default_of(const struct hfc *c,
					    const char *key)
{
	const struct hfc_default *d = c->defaults;
	for (; d && d->key; d++)
		if (!strcmp(d->key, key))
			return d;
	return NULL;
}

/* The member at a dotted path, null included; NULL when absent. */
static json_t *walk_null(json_t *o, const char *key)
{
	const char *dot = strrchr(key, '.');
	char head[HFC_SRC];
	if (dot && (size_t)(dot - key) < sizeof head) {
		memcpy(head, key, (size_t)(dot - key));
		head[dot - key] = 0;
		o = walk(o, head);
		key = dot + 1;
	}
	return o && json_is_object(o) ? json_object_get(o, key) : NULL;
}

/* self.hparams[key]: text_config's over the root's, then the default;
 * a key the file gives as null is None, whatever the class's default
 * (AutoConfig keeps what the file says). */
static json_t *lookup(struct hfc *c, const char *key)
{
	c->defaulted = 0;
	for (int i = 0; i < 2; i++) {
		json_t *v = c->scope[i] ? walk_null(c->scope[i], key) : NULL;
		if (v) {
			snprintf(c->where, sizeof c->where, "%s%s",
				 i == 0 ? "text_config." : "", key);
			return json_is_null(v) ? NULL : v;
		}
	}
	snprintf(c->where, sizeof c->where, "%s", key);
	const struct hfc_default *d = default_of(c, key);
	if (!d)
		return NULL;
	json_t *v = d->str ? json_string(d->str) : json_real(d->value);
	if (!v || json_array_append_new(c->made, v) < 0)
		return NULL;
	c->defaulted = 1;
	return v;
}

int hfc_fail(struct hfc *c, const char *key, const char *fmt, ...)
{
	char what[320], file[200], shown[HFC_SRC];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	err_clean(file, sizeof file, c->file);
	err_clean(shown, sizeof shown, key ? key : c->where);
	int line, col;
	if (json_locate(c->text, c->len, key ? key : c->where, &line,
			    &col))
		snprintf(c->err, c->errlen, "%s:%d:%d: field %s: %s", file,
			 line, col, shown, what);
	else
		snprintf(c->err, c->errlen, "%s: field %s: %s", file, shown,
			 what);
	err_clean(c->err, c->errlen, c->err);
	return -1;
}

/* The first of keys present (find_hparam), NULL when none. */
static json_t *first(struct hfc *c, const char *const *keys)
{
	for (size_t i = 0; keys[i]; i++) {
		json_t *v = lookup(c, keys[i]);
		if (v)
			return v;
	}
	snprintf(c->where, sizeof c->where, "%s", keys[0]);
	return NULL;
}

const char *hfc_json_kind(const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT: return "an object";
	case JSON_ARRAY: return "a list";
	case JSON_STRING: return "a string";
	case JSON_TRUE:
	case JSON_FALSE: return "a boolean";
	case JSON_NULL: return "null";
	default: return "a number";
	}
}

/* A whole number, as the converter passes it on (a JSON 4096.0 too). */
static int whole(struct hfc *c, json_t *v, int64_t *out)
{
	double d = json_is_integer(v) ? (double)json_integer_value(v)
				      : json_number_value(v);
	if (!json_is_number(v))
		return hfc_fail(c, NULL, "%s, want a number", hfc_json_kind(v));
	if (json_is_integer(v)) {
		*out = json_integer_value(v);
		return 1;
	}
	char a[32];
	if (!isfinite(d) || d != floor(d) || fabs(d) > 9007199254740992.0)
		return hfc_fail(c, NULL, "%s is not a whole number",
				num_show(a, sizeof a, d));
	*out = (int64_t)d;
	return 1;
}

int hfc_has(struct hfc *c, const char *key)
{
	return lookup(c, key) != NULL;
}

int hfc_int(struct hfc *c, const char *const *keys, int64_t def,
	    int64_t *out)
{
	json_t *v = first(c, keys);
	*out = def;
	return v ? whole(c, v, out) : 0;
}

int hfc_need(struct hfc *c, const char *const *keys, int64_t *out)
{
	if (first(c, keys))
		return hfc_int(c, keys, 0, out);
	char also[200] = "";
	for (size_t i = 1, n = 0; keys[i] && n < sizeof also; i++)
		n += (size_t)snprintf(also + n, sizeof also - n, "%s%s",
				      i > 1 ? ", " : "", keys[i]);
	return hfc_fail(c, keys[0], "missing (required by %s%s%s)",
			c->fam->conv->converter,
			also[0] ? "; or any of " : "", also);
}

int hfc_real(struct hfc *c, const char *const *keys, double def,
	     double *out)
{
	json_t *v = first(c, keys);
	*out = def;
	if (!v)
		return 0;
	if (!json_is_number(v))
		return hfc_fail(c, NULL, "%s, want a number", hfc_json_kind(v));
	double d = json_number_value(v);
	if (!isfinite(d))
		return hfc_fail(c, NULL, "not a finite number");
	*out = d;
	return 1;
}

int hfc_bool(struct hfc *c, const char *key, int def, int *out)
{
	json_t *v = lookup(c, key);
	*out = def;
	if (!v)
		return 0;
	if (c->defaulted && json_is_number(v)) {
		*out = json_number_value(v) != 0;   /* a default: 0 or 1 */
		return 1;
	}
	if (!json_is_boolean(v))
		return hfc_fail(c, NULL, "%s, want true or false",
				hfc_json_kind(v));
	*out = json_is_true(v);
	return 1;
}

const char *hfc_str(struct hfc *c, const char *key)
{
	json_t *v = lookup(c, key);
	return v && json_is_string(v) ? json_string_value(v) : NULL;
}

const char *hfc_class(struct hfc *c)
{
	json_t *a = json_object_get(c->scope[1], "architectures");
	return json_string_value(json_is_array(a) ? json_array_get(a, 0)
						  : NULL);
}

/* The list at key, of at most max entries: 1 with *v set, 0 absent, -1
 * not a list (of `what`) or too long. */
static int list_at(struct hfc *c, const char *key, size_t max,
		   const char *what, json_t **v)
{
	if (!(*v = lookup(c, key)))
		return 0;
	if (!json_is_array(*v))
		return hfc_fail(c, NULL, "%s, want a list of %s",
				hfc_json_kind(*v), what);
	if (json_array_size(*v) > max)
		return hfc_fail(c, NULL, "%zu entries (at most %zu)",
				json_array_size(*v), max);
	return 1;
}

int hfc_ints(struct hfc *c, const char *key, int64_t *out, size_t max)
{
	json_t *v;
	int rc = list_at(c, key, max, "numbers", &v);
	if (rc <= 0)
		return rc;
	for (size_t i = 0; i < json_array_size(v); i++) {
		json_t *e = json_array_get(v, i);
		double d = json_is_number(e) ? json_number_value(e) : NAN;
		if (!json_is_number(e) || d != floor(d) ||
		    fabs(d) > 9007199254740992.0)
			return hfc_fail(c, NULL, "entry %zu is not a whole "
					"number", i);
		out[i] = json_is_integer(e) ? json_integer_value(e)
					    : (int64_t)d;
	}
	return (int)json_array_size(v);
}

const char *hfc_where(const struct hfc *c)
{
	return c->where;
}

int hfc_keys(struct hfc *c, const char *key, const char **keys,
	     size_t max)
{
	json_t *v = lookup(c, key), *e;
	const char *k;
	size_t n = 0;
	if (!v)
		return 0;
	if (!json_is_object(v))
		return hfc_fail(c, NULL, "%s, want an object",
				hfc_json_kind(v));
	json_object_foreach(v, k, e) {
		if (n == max)
			return hfc_fail(c, NULL, "more than %zu entries", max);
		keys[n++] = k;
	}
	return (int)n;
}

int hfc_reals(struct hfc *c, const char *key, double *out, size_t max)
{
	json_t *v;
	int rc = list_at(c, key, max, "numbers", &v);
	if (rc <= 0)
		return rc;
	for (size_t i = 0; i < json_array_size(v); i++) {
		json_t *e = json_array_get(v, i);
		if (!json_is_number(e) || !isfinite(json_number_value(e)))
			return hfc_fail(c, NULL, "entry %zu is not a number",
					i);
		out[i] = json_number_value(e);
	}
	return (int)json_array_size(v);
}

int hfc_words(struct hfc *c, const char *key, const char **words,
	      size_t max)
{
	json_t *v;
	int rc = list_at(c, key, max, "words", &v);
	if (rc <= 0)
		return rc;
	for (size_t i = 0; i < json_array_size(v); i++) {
		words[i] = json_string_value(json_array_get(v, i));
		if (!words[i])
			return hfc_fail(c, NULL, "entry %zu is not a word", i);
	}
	return (int)json_array_size(v);
}

int hfc_each(struct hfc *c, const char *key, const char *field,
	     int required, double *out, size_t max)
{
	json_t *v;
	int rc = list_at(c, key, max, "objects", &v);
	if (rc <= 0)
		return rc;
	for (size_t i = 0; i < json_array_size(v); i++) {
		json_t *o = json_array_get(v, i);
		if (!json_is_object(o))
			return hfc_fail(c, key, "entry %zu is %s, want an "
					"object", i, hfc_json_kind(o));
		/* walk gives NULL for null and absent alike: the parent
		 * object tells them apart */
		json_t *e = walk(o, field);
		const char *dot = strrchr(field, '.');
		json_t *up = o;
		if (dot) {
			char path[HFC_SRC];
			snprintf(path, sizeof path, "%.*s", (int)(dot - field),
				 field);
			up = walk(o, path);
		}
		const char *last = dot ? dot + 1 : field;
		if (!e && required &&
		    !(up && json_is_object(up) && json_object_get(up, last)))
			return hfc_fail(c, key, "entry %zu has no %s (the "
					"converter reads it)", i, field);
		if (!e)
			out[i] = NAN;
		else if (json_is_boolean(e))
			out[i] = json_is_true(e);
		else if (json_is_number(e) && isfinite(json_number_value(e)))
			out[i] = json_number_value(e);
		else
			return hfc_fail(c, key, "entry %zu's %s is %s, want a "
					"number", i, field, hfc_json_kind(e));
	}
	return (int)json_array_size(v);
}

void hfc_source(struct hfc *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(c->source, sizeof c->source, fmt, ap);
	va_end(ap);
}

int hfc_window_unread(struct hfc *c, const char *gate)
{
	static const char *const win[] = {"sliding_window", NULL};
	int64_t w = 0;
	int use = 1, rc = 0;
	if ((gate && hfc_bool(c, gate, 0, &use) < 0) ||
	    (use && (rc = hfc_int(c, win, 0, &w)) < 0))
		return -1;
	if (rc > 0 && w > 0)
		hfc_note(c, "sliding_window",
			 "config.json sliding_window %lld is ignored: %.60s "
			 "writes no window and llama.cpp's %.20s reads none, "
			 "so every layer keeps a full cache",
			 (long long)w, c->fam->conv->converter, c->fam->arch);
	return 0;
}

void hfc_note(struct hfc *c, const char *key, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(c->note, sizeof c->note, fmt, ap);
	va_end(ap);
	snprintf(c->note_key, sizeof c->note_key, "%s", key);
}

/* "ARCH.key", or the key itself for general.* and tokenizer.* */
static void full_key(const struct hfc *c, const char *key, char *out,
		     size_t len)
{
	if (!strncmp(key, "general.", 8) || !strncmp(key, "tokenizer.", 10))
		snprintf(out, len, "%s", key);
	else
		snprintf(out, len, "%s.%s", c->fam->arch, key);
}

static struct gguf_kv *find_key(struct hfc *c, const char *key, size_t *at)
{
	char k[160];
	full_key(c, key, k, sizeof k);
	for (size_t i = 0; i < c->r->nkv; i++)
		if (!strcmp(c->r->kvs[i].key, k)) {
			*at = i;
			return &c->r->kvs[i];
		}
	return NULL;
}

void hfc_drop(struct hfc *c, const char *key)
{
	size_t i;
	struct gguf_kv *k = find_key(c, key, &i);
	if (!k)
		return;
	free(k->key);
	free(k->s);
	free(k->arr);
	memmove(k, k + 1, (c->r->nkv - i - 1) * sizeof *k);
	memmove(c->src[i], c->src[i + 1],
		(c->r->nkv - i - 1) * sizeof c->src[0]);
	c->r->nkv--;
}

int hfc_written(struct hfc *c, const char *key, double *v)
{
	size_t i;
	struct gguf_kv *k = find_key(c, key, &i);
	if (k && v)
		*v = k->d;
	return k != NULL;
}

/* A fresh entry for key (an earlier one dropped), its source the key
 * looked up last unless hfc_source named one. */
static struct gguf_kv *put(struct hfc *c, const char *key, int type)
{
	char k[160];
	hfc_drop(c, key);
	if (c->r->nkv >= HFC_MAX_KEYS)
		return NULL;
	full_key(c, key, k, sizeof k);
	size_t i = c->r->nkv;
	struct gguf_kv *e = &c->r->kvs[i];
	memset(e, 0, sizeof *e);
	if (!(e->key = malloc(strlen(k) + 1)))
		return NULL;
	strcpy(e->key, k);
	e->type = type;
	if (c->source[0])
		snprintf(c->src[i], sizeof c->src[i], "%s", c->source);
	else if (c->defaulted)
		snprintf(c->src[i], sizeof c->src[i], "%.60s (default)",
			 c->where);
	else
		snprintf(c->src[i], sizeof c->src[i], "%s", c->where);
	c->source[0] = 0;
	c->r->nkv++;
	return e;
}

static int oom(struct hfc *c)
{
	snprintf(c->err, c->errlen, "%.200s: out of memory (or more than %d "
		 "GGUF keys)", c->file, HFC_MAX_KEYS);
	return -1;
}

int hfc_put_u32(struct hfc *c, const char *key, int64_t v)
{
	if (v < 0 || v > UINT32_MAX)
		return hfc_fail(c, NULL,
				"%lld is out of range (0 to %lu: the "
				"converter writes it as %s, an unsigned 32-bit "
				"number)",
				(long long)v, (unsigned long)UINT32_MAX, key);
	struct gguf_kv *e = put(c, key, GT_U32);
	if (!e)
		return oom(c);
	e->i = v;
	e->d = (double)v;
	return 0;
}

int hfc_put_f32(struct hfc *c, const char *key, double v)
{
	struct gguf_kv *e = put(c, key, GT_F32);
	if (!e)
		return oom(c);
	e->d = (double)(float)v;
	e->i = (int64_t)e->d == e->d ? (int64_t)e->d : 0;
	return 0;
}

int hfc_put_bool(struct hfc *c, const char *key, int v)
{
	struct gguf_kv *e = put(c, key, GT_BOOL);
	if (!e)
		return oom(c);
	e->i = v != 0;
	e->d = (double)e->i;
	return 0;
}

int hfc_put_str(struct hfc *c, const char *key, const char *v)
{
	struct gguf_kv *e = put(c, key, GT_STR);
	if (!e || !(e->s = malloc(strlen(v) + 1)))
		return oom(c);
	strcpy(e->s, v);
	return 0;
}

static int put_arr(struct hfc *c, const char *key, const int64_t *v,
		   size_t n, int atype)
{
	if (n > 1024)
		return hfc_fail(c, NULL, "%zu entries (at most 1024)", n);
	struct gguf_kv *e = put(c, key, GT_ARR);
	if (!e || !(e->arr = malloc((n ? n : 1) * sizeof *e->arr)))
		return oom(c);
	e->atype = atype;
	e->n = n;
	for (size_t i = 0; i < n; i++)
		e->arr[i] = atype == GT_BOOL ? (double)(v[i] != 0)
					     : (double)v[i];
	return 0;
}

int hfc_put_ints(struct hfc *c, const char *key, const int64_t *v,
		 size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (v[i] < INT32_MIN || v[i] > INT32_MAX)
			return hfc_fail(c, NULL, "entry %zu: %lld is out of "
					"range for %s (32-bit)", i,
					(long long)v[i], key);
	return put_arr(c, key, v, n, GT_I32);
}

int hfc_put_bools(struct hfc *c, const char *key, const int64_t *v,
		  size_t n)
{
	return put_arr(c, key, v, n, GT_BOOL);
}

void hfc_tied(struct hfc *c, int tied)
{
	c->tied = tied;
	c->tie_set = 1;
}

void hfc_tied_by(struct hfc *c, const char *key, int tied)
{
	hfc_tied(c, tied);
	c->tie_key = key;
}

void hfc_norms(struct hfc *c, int per_layer, int bias)
{
	c->norms = per_layer;
	c->norm_bias = bias;
}

void hfc_dense_ffn(struct hfc *c, int64_t il)
{
	if (il >= 0 && il < MODEL_MAX_LAYERS)
		c->dense_ffn[il] = 1;
}

void hfc_rope_factors(struct hfc *c, double factor, const char *src)
{
	c->longrope = 1;
	c->lr_factor = factor;
	snprintf(c->lr_src, sizeof c->lr_src, "%s", src);
}

void hfc_router_bias(struct hfc *c, const char *why)
{
	c->router_bias = why;
}

void hfc_vocab(struct hfc *c, int64_t vocab)
{
	c->vocab = vocab;
}

int hfc_block_count(struct hfc *c, int64_t *out)
{
	static const char *const keys[] = {"n_layers", "num_hidden_layers",
					   "n_layer", "num_layers", NULL};
	return hfc_need(c, keys, out);
}

/* An optional count find_hparam finds and the writer adds as u32. */
static int opt_u32(struct hfc *c, const char *const *keys, const char *key)
{
	int64_t v;
	int rc = hfc_int(c, keys, 0, &v);
	return rc <= 0 ? rc : hfc_put_u32(c, key, v);
}

static int opt_f32(struct hfc *c, const char *const *keys, const char *key)
{
	double v;
	int rc = hfc_real(c, keys, 0, &v);
	return rc <= 0 ? rc : hfc_put_f32(c, key, v);
}

int hfc_get(struct hfc *c, const char *key, const char *gkey,
	    enum hfc_type type)
{
	const char *const keys[] = {key, NULL};
	int rc, b;
	switch (type) {
	case HFC_U32:
		return opt_u32(c, keys, gkey);
	case HFC_F32:
		return opt_f32(c, keys, gkey);
	default:
		rc = hfc_bool(c, key, 0, &b);
		return rc <= 0 ? rc : hfc_put_bool(c, gkey, b) < 0 ? -1 : 1;
	}
}

int hfc_item(struct hfc *c, const char *key, const char *gkey,
	     enum hfc_type type)
{
	if (!hfc_has(c, key))
		return hfc_fail(c, key, "missing (required by %s)",
				c->fam->conv->converter);
	return hfc_get(c, key, gkey, type);
}

int hfc_copy(struct hfc *c, const struct hfc_copy *rows, size_t n,
	     int required)
{
	for (size_t i = 0; i < n; i++) {
		const char *const k[] = {rows[i].from, NULL};
		int64_t v;
		int rc = required ? hfc_need(c, k, &v) : hfc_int(c, k, 0, &v);
		if (rc < 0 || (rc > 0 && hfc_put_u32(c, rows[i].key, v) < 0))
			return -1;
	}
	return 0;
}

int hfc_put_layer_set(struct hfc *c, const char *from, int64_t first,
		      int64_t n, const char *key)
{
	int64_t listed[HFC_LAYERS], set[HFC_LAYERS];
	int nl = hfc_ints(c, from, listed, HFC_LAYERS);
	if (nl == 0)
		return hfc_fail(c, from, "missing (required by %s)",
				c->fam->conv->converter);
	if (nl < 0)
		return -1;
	if (n < 1 || n > HFC_LAYERS)
		return hfc_fail(c, from, "for %lld layers (1 to %d)",
				(long long)n, HFC_LAYERS);
	for (int64_t il = 0; il < n; il++) {
		set[il] = 0;
		for (int i = 0; i < nl; i++)
			set[il] |= listed[i] == il + first;
	}
	hfc_source(c, "%s", from);
	return hfc_put_ints(c, key, set, (size_t)n);
}

int hfc_put_layer_words(struct hfc *c, const struct hfc_layer_words *w,
			int64_t *out)
{
	const char *words[MODEL_MAX_LAYERS], *source = w->source;
	int64_t flags[MODEL_MAX_LAYERS], n;
	int nw = hfc_words(c, w->from, words, MODEL_MAX_LAYERS);
	if (nw < 0)
		return -1;
	if (w->required && nw == 0 && !hfc_has(c, w->from))
		return hfc_fail(c, w->from, "missing (required by %s)",
				c->fam->conv->converter);
	if (nw == 0 && !w->required) {
		if (!w->period)
			return 0;
		/* the configuration class's list, made from the layers */
		if (hfc_block_count(c, &n) < 0)
			return -1;
		if (n > MODEL_MAX_LAYERS)
			return hfc_fail(c, NULL, "%lld layers: above %d",
					(long long)n, MODEL_MAX_LAYERS);
		for (int64_t il = 0; il < n; il++)
			flags[il] = (w->from_last ? n - 1 - il : il) %
					    w->period != 0;
		source = w->absent_source;
	} else {
		if (w->length != HFC_ANY_LENGTH &&
		    (nw < w->layers ||
		     (w->length == HFC_EXACTLY && nw > w->layers)))
			return hfc_fail(c, NULL, "%d entries: %s than "
					"num_hidden_layers (%lld)", nw,
					nw < w->layers ? "fewer" : "more",
					(long long)w->layers);
		for (int i = 0; i < nw && w->other; i++)
			if (strcmp(words[i], w->word) &&
			    strcmp(words[i], w->other))
				return hfc_fail(c, NULL, "entry %d: \"%s\" "
						"is not %s or %s", i, words[i],
						w->word, w->other);
		n = w->length == HFC_ANY_LENGTH ? nw : w->layers;
		for (int64_t il = 0; il < n; il++)
			flags[il] = !strcmp(words[il], w->word);
	}
	/* add_array writes no empty list */
	if (n <= 0)
		return 0;
	if (out)
		memcpy(out, flags, (size_t)n * sizeof *out);
	if (w->key && source)
		hfc_source(c, "%s", source);
	if (w->key && hfc_put_bools(c, w->key, flags, (size_t)n) < 0)
		return -1;
	return (int)n;
}

int hfc_head_dim(struct hfc *c, int64_t *out)
{
	static const char *const hd[] = {"head_dim", NULL};
	static const char *const embd[] = {"hidden_size", NULL};
	static const char *const heads[] = {"num_attention_heads", NULL};
	int64_t e, h;
	if (hfc_has(c, "head_dim"))
		return hfc_int(c, hd, 0, out);
	if (hfc_need(c, embd, &e) < 0 || hfc_need(c, heads, &h) < 0)
		return -1;
	if (h <= 0)
		return hfc_fail(c, NULL, "%lld heads", (long long)h);
	*out = e / h;
	hfc_source(c, "hidden_size / num_attention_heads");
	return 1;
}

/* TextModel.__init__'s rope_parameters: rope_parameters, else
 * rope_scaling, with the plain keys mirrored in (rope_theta, type). */
static json_t *rope_params(struct hfc *c, char *path, size_t len)
{
	static const char *const r[] = {"rope_parameters", "rope_scaling",
					NULL};
	json_t *p = first(c, r);
	snprintf(path, len, "%s", c->where);
	if (p && !json_is_object(p))
		return NULL;
	json_t *full = p ? json_object_get(p, "full_attention") : NULL;
	if (!full || !json_is_object(full))
		return p;
	snprintf(path, len, "%.60s.full_attention", c->where);
	return full;
}

int hfc_rope(struct hfc *c, const char *key, double def, double *out)
{
	static const struct {
		const char *key;
		const char *const plain[6];
	} mirrored[] = {
		{"rope_theta", {"global_rope_theta", "rope_global_theta",
				"rope_theta_global", "rope_theta",
				"rotary_emb_base", NULL}},
		{"partial_rotary_factor", {"partial_rotary_factor", "rope_pct",
					   "rope_percent", NULL}},
		{"original_max_position_embeddings",
		 {"original_max_position_embeddings", NULL}},
	};
	char base[HFC_SRC];
	json_t *rp = rope_params(c, base, sizeof base);
	json_t *v = rp ? json_object_get(rp, key) : NULL;
	*out = def;
	if (v && !json_is_null(v)) {
		snprintf(c->where, sizeof c->where, "%.60s.%.30s", base, key);
		if (!json_is_number(v) || !isfinite(json_number_value(v)))
			return hfc_fail(c, NULL, "%s, want a number",
					hfc_json_kind(v));
		*out = json_number_value(v);
		return 1;
	}
	int sub = rp && (json_object_get(rp, "full_attention") ||
			 json_object_get(rp, "sliding_attention"));
	for (size_t i = 0; !sub && i < sizeof mirrored / sizeof mirrored[0];
	     i++)
		if (!strcmp(mirrored[i].key, key))
			return hfc_real(c, mirrored[i].plain, def, out);
	return 0;
}

/* A number of the rope parameters rp written as key when present. */
static int rope_f32(struct hfc *c, json_t *rp, const char *base,
		    const char *name, const char *key)
{
	json_t *v = json_object_get(rp, name);
	if (!v || json_is_null(v))
		return 0;
	if (!json_is_number(v) || !isfinite(json_number_value(v)))
		return hfc_fail(c, base, "%s: want a number", name);
	hfc_source(c, "%.60s.%s", base, name);
	return hfc_put_f32(c, key, json_number_value(v));
}

/* TextModel's yarn keys beside the factor: extrapolation_factor,
 * attention_factor (or attn_factor), beta_fast, beta_slow. */
static int yarn_extras(struct hfc *c, json_t *rp, const char *base)
{
	json_t *af = json_object_get(rp, "attention_factor");
	return rope_f32(c, rp, base, "extrapolation_factor",
			"rope.scaling.yarn_ext_factor") < 0 ||
	       rope_f32(c, rp, base, af ? "attention_factor" : "attn_factor",
			"rope.scaling.yarn_attn_factor") < 0 ||
	       rope_f32(c, rp, base, "beta_fast",
			"rope.scaling.yarn_beta_fast") < 0 ||
	       rope_f32(c, rp, base, "beta_slow",
			"rope.scaling.yarn_beta_slow") < 0
		   ? -1 : 0;
}

/* rope_parameters' mrope_section, padded with 0 to four (time, height,
 * width, extra), as rope.dimension_sections */
static int mrope(struct hfc *c, json_t *top, const char *base)
{
	json_t *ms = top ? json_object_get(top, "mrope_section") : NULL;
	int64_t v[4] = {0, 0, 0, 0};
	if (!ms)
		return 0;
	if (!json_is_array(ms))
		return hfc_fail(c, base, "mrope_section: %s, want a list",
				hfc_json_kind(ms));
	for (size_t i = 0; i < json_array_size(ms) && i < 4; i++) {
		json_t *e = json_array_get(ms, i);
		if (!json_is_integer(e))
			return hfc_fail(c, base, "mrope_section: entry %zu is "
					"not a whole number", i);
		v[i] = json_integer_value(e);
	}
	hfc_source(c, "%.60s.mrope_section", base);
	return hfc_put_ints(c, "rope.dimension_sections", v, 4);
}

int hfc_rope_freqs_llama3(struct hfc *c)
{
	static const char *const keys[] = {"factor", "low_freq_factor",
		"high_freq_factor", "original_max_position_embeddings"};
	static const double defs[] = {8, 1, 4, 8192};
	char base[HFC_SRC];
	json_t *rp = rope_params(c, base, sizeof base);
	json_t *fa = rp ? json_object_get(rp, "full_attention") : NULL;
	if (fa && json_is_object(fa)) {
		rp = fa;
		snprintf(base + strlen(base), sizeof base - strlen(base),
			 ".full_attention");
	}
	json_t *t = rp ? json_object_get(rp, "rope_type") : NULL;
	if (!t && rp)
		t = json_object_get(rp, "type");
	if (!t || !json_is_string(t) ||
	    strcasecmp(json_string_value(t), "llama3"))
		return 0;
	static const char *const orig[] = {
		"original_max_position_embeddings", NULL};
	for (int i = 0; i < 4; i++) {
		json_t *v = json_object_get(rp, keys[i]);
		double x;
		c->l3[i] = defs[i];
		/* TextModel.__init__ mirrors a plain original context into
		 * rope_parameters (not into a per-layer-type one) */
		if ((!v || json_is_null(v)) && i == 3 && !fa) {
			int got = hfc_real(c, orig, defs[3], &c->l3[3]);
			if (got < 0)
				return -1;
			c->l3_plain_orig = got > 0;
			v = NULL;
			x = c->l3[3];
		} else if (!v || json_is_null(v)) {
			continue;
		} else if (!json_is_number(v)) {
			return hfc_fail(c, base, "%s: want a number", keys[i]);
		} else {
			x = json_number_value(v);
		}
		if (!isfinite(x) || x <= 0 ||
		    (i == 3 && (x != floor(x) || x > 4294967296.0)))
			return hfc_fail(c, base, "%s: want a positive %s",
					keys[i], i == 3 ? "whole number up to "
					"2^32" : "number");
		c->l3[i] = x;
	}
	/* equal factors (Llama 4: 1 and 1) leave no band to smooth over */
	if (c->l3[2] < c->l3[1])
		return hfc_fail(c, base, "high_freq_factor must not be smaller "
				"than low_freq_factor");
	c->llama3 = 1;
	snprintf(c->l3_src, sizeof c->l3_src, "%s", base);
	return 1;
}

/* rope scaling as TextModel writes it: linear and yarn with a factor */
static int text_rope(struct hfc *c)
{
	char base[HFC_SRC];
	json_t *rp = rope_params(c, base, sizeof base);
	json_t *t = rp ? json_object_get(rp, "rope_type") : NULL;
	if (!t && rp)
		t = json_object_get(rp, "type");
	json_t *f = rp ? json_object_get(rp, "factor") : NULL;
	const char *type = t && json_is_string(t) ? json_string_value(t) : "";
	double factor = f && json_is_number(f) ? json_number_value(f) : 0;
	if ((!strcmp(type, "linear") || !strcmp(type, "yarn")) && f) {
		if (!json_is_number(f) || !isfinite(factor))
			return hfc_fail(c, base, "factor: want a number");
		hfc_source(c, "%.70s.rope_type", base);
		if (hfc_put_str(c, "rope.scaling.type", type) < 0)
			return -1;
		hfc_source(c, "%.70s.factor", base);
		if (hfc_put_f32(c, "rope.scaling.factor", factor) < 0)
			return -1;
	}
	if (!strcmp(type, "yarn") && f) {
		json_t *o =
		    json_object_get(rp, "original_max_position_embeddings");
		if (!o) {
			static const char *const k[] = {
				"original_max_position_embeddings", NULL};
			o = first(c, k);
		}
		if (!o || !json_is_integer(o))
			return hfc_fail(c, base, "original_max_position_"
					"embeddings: want a whole number (yarn "
					"needs it)");
		hfc_source(c, "%.50s.original_max_position_embeddings", base);
		if (hfc_put_u32(c, "rope.scaling.original_context_length",
				json_integer_value(o)) < 0 ||
		    yarn_extras(c, rp, base) < 0)
			return -1;
	} else if (!strcmp(type, "su") || !strcmp(type, "longrope")) {
		hfc_source(c, "%.70s.rope_type", base);
		if (hfc_put_str(c, "rope.scaling.type", "longrope") < 0)
			return -1;
	}
	/* the bases: rope_parameters' own, else the plain keys (mirrored
	 * in only when it has no per-layer-type parameters) */
	static const char *const r[] = {"rope_parameters", "rope_scaling",
					NULL};
	json_t *top = first(c, r);
	char tb[HFC_SRC];
	snprintf(tb, sizeof tb, "%s", c->where);
	if (top && !json_is_object(top))
		top = NULL;
	int typed = top && (json_object_get(top, "full_attention") ||
			    json_object_get(top, "sliding_attention"));
	json_t *th = rp ? json_object_get(rp, "rope_theta") : NULL;
	if (th && json_is_number(th)) {
		hfc_source(c, "%.70s.rope_theta", base);
		if (hfc_put_f32(c, "rope.freq_base", json_number_value(th)) < 0)
			return -1;
	} else if (!typed) {
		static const char *const g[] = {"global_rope_theta",
			"rope_global_theta", "rope_theta_global", "rope_theta",
			"rotary_emb_base", NULL};
		if (opt_f32(c, g, "rope.freq_base") < 0)
			return -1;
	}
	if (mrope(c, top, tb) < 0)
		return -1;
	if (typed) {
		json_t *sw = json_object_get(top, "sliding_attention");
		json_t *st = sw && json_is_object(sw)
				 ? json_object_get(sw, "rope_theta") : NULL;
		if (!st || json_is_null(st))
			return 0;
		if (!json_is_number(st))
			return hfc_fail(c, tb, "sliding_attention.rope_theta: "
					"want a number");
		hfc_source(c, "%.50s.sliding_attention.rope_theta", tb);
		return hfc_put_f32(c, "rope.freq_base_swa",
				   json_number_value(st));
	}
	static const char *const l[] = {"local_rope_theta", "rope_local_theta",
		"rope_theta_local", "swa_rope_theta", "rope_local_base_freq",
		NULL};
	return opt_f32(c, l, "rope.freq_base_swa") < 0 ? -1 : 0;
}

/* The router's score function as expert_gating_func
 * (gguf.ExpertGatingFuncType); any other value the converter refuses. */
static int gating(struct hfc *c)
{
	static const char *const keys[] = {"score_function", "scoring_func",
		"score_func", "moe_router_activation",
		"moe_router_activation_func", "expert_selection_fn", NULL};
	static const struct {
		const char *name;
		int64_t type;
	} fn[] = {{"sigmoid", 2}, {"softmax", 1}, {"sqrtsoftplus", 4}};
	json_t *v = first(c, keys);
	if (!v)
		return 0;
	const char *s = json_is_string(v) ? json_string_value(v) : "";
	for (size_t i = 0; i < sizeof fn / sizeof fn[0]; i++)
		if (!strcmp(s, fn[i].name))
			return hfc_put_u32(c, "expert_gating_func", fn[i].type);
	return hfc_fail(c, NULL, "unsupported expert score gating function "
			"(sigmoid, softmax or sqrtsoftplus)");
}

/* feed_forward_length: add_feed_forward_length takes a list too, one
 * width a layer (Gemma3nTextConfig's intermediate_size), written as an
 * array. */
static int text_ff(struct hfc *c, const char *const *keys)
{
	static int64_t w[MODEL_MAX_LAYERS];
	json_t *v = first(c, keys);
	if (!v || !json_is_array(v))
		return opt_u32(c, keys, "feed_forward_length");
	size_t i = 0;
	while (keys[i] && !lookup(c, keys[i]))
		i++;
	int n = hfc_ints(c, keys[i], w, MODEL_MAX_LAYERS);
	return n < 0 ? -1 : hfc_put_ints(c, "feed_forward_length", w,
					 (size_t)n);
}

int hfc_text_model(struct hfc *c)
{
	static const char *const ctx[] = {"max_position_embeddings", "n_ctx",
		"n_positions", "max_length", "max_sequence_length",
		"model_max_length", NULL};
	static const char *const embd[] = {"hidden_size", "n_embd", "dim",
					   NULL};
	static const char *const ff[] = {"prefix_dense_intermediate_size",
		"dense_intermediate_size", "intermediate_size", "n_inner",
		"hidden_dim", NULL};
	static const char *const head[] = {"num_attention_heads", "n_head",
					   "n_heads", NULL};
	static const char *const kv[] = {"num_key_value_heads", "n_kv_heads",
					 NULL};
	static const char *const rms[] = {"rms_norm_eps", "norm_eps", NULL};
	static const char *const ln[] = {"layer_norm_eps",
		"layer_norm_epsilon", "norm_epsilon", NULL};
	static const char *const ex[] = {"num_local_experts", "num_experts",
					 "n_routed_experts", NULL};
	static const char *const used[] = {"num_experts_per_tok",
		"num_experts_per_token", "top_k_experts", NULL};
	static const char *const grp[] = {"n_group", NULL};
	static const char *const grpu[] = {"topk_group", NULL};
	static const char *const hd[] = {"head_dim", NULL};
	int64_t n;
	if (hfc_block_count(c, &n) < 0 || hfc_put_u32(c, "block_count", n) < 0)
		return -1;
	if (opt_u32(c, ctx, "context_length") < 0 ||
	    opt_u32(c, embd, "embedding_length") < 0 ||
	    text_ff(c, ff) < 0 ||
	    opt_u32(c, head, "attention.head_count") < 0 ||
	    opt_u32(c, kv, "attention.head_count_kv") < 0)
		return -1;
	int causal = 1;
	if (hfc_bool(c, "is_causal", 1, &causal) < 0 ||
	    (!causal && hfc_put_bool(c, "attention.causal", 0) < 0))
		return -1;
	if (text_rope(c) < 0 ||
	    opt_f32(c, rms, "attention.layer_norm_rms_epsilon") < 0 ||
	    opt_f32(c, ln, "attention.layer_norm_epsilon") < 0 ||
	    opt_u32(c, ex, "expert_count") < 0 ||
	    opt_u32(c, used, "expert_used_count") < 0 ||
	    opt_u32(c, grp, "expert_group_count") < 0 ||
	    opt_u32(c, grpu, "expert_group_used_count") < 0 ||
	    gating(c) < 0)
		return -1;
	if (hfc_has(c, "head_dim")) {
		int64_t h;
		if (hfc_int(c, hd, 0, &h) < 0 ||
		    hfc_put_u32(c, "attention.key_length", h) < 0 ||
		    hfc_put_u32(c, "attention.value_length", h) < 0)
			return -1;
	}
	return 0;
}

int hfc_llama_model(struct hfc *c)
{
	int64_t hd;
	if (hfc_text_model(c) < 0 ||
	    hfc_item(c, "vocab_size", "vocab_size", HFC_U32) < 0 ||
	    hfc_head_dim(c, &hd) < 0)
		return -1;
	return hfc_put_u32(c, "rope.dimension_count", hd);
}

/* An error the GGUF reader raises on a written key: at that key's
 * source in config.json. */
static int fail_at(void *ctx, uint64_t at, const char *key,
		   const char *what)
{
	struct hfc *c = ctx;
	(void)at;
	for (size_t i = 0; key && i < c->r->nkv; i++) {
		if (strcmp(c->r->kvs[i].key, key))
			continue;
		char src[HFC_SRC];
		snprintf(src, sizeof src, "%s", c->src[i]);
		src[strcspn(src, " ")] = 0;   /* "KEY x OTHER": KEY */
		return hfc_fail(c, src, "%s (written by %s as %s)", what,
				c->fam->conv->converter, key);
	}
	char file[200];
	err_clean(file, sizeof file, c->file);
	snprintf(c->err, c->errlen, "%s: %s%s%s (%s writes no such key from "
		 "this file)", file, key ? key : "", key ? ": " : "", what,
		 c->fam->conv->converter);
	err_clean(c->err, c->errlen, c->err);
	return -1;
}

struct hfc *hfc_new(const struct family *fam, const char *file,
		    const char *text, size_t len, json_t *root,
		    json_t *text_config, char *err, size_t errlen)
{
	struct hfc *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->fam = fam;
	c->file = file;
	c->text = text;
	c->len = len;
	c->scope[0] = text_config;
	c->scope[1] = root;
	c->defaults = fam->conv->defaults;
	c->config = fam->conv->config;
	/* AutoConfig's class: the model_type's (text_config's first) */
	const struct family_conv_config *bt = fam->conv->by_type;
	json_t *t = text_config ? json_object_get(text_config, "model_type")
				: NULL;
	if (!json_is_string(t))
		t = json_object_get(root, "model_type");
	for (; bt && bt->model_type && json_is_string(t); bt++)
		if (!strcmp(bt->model_type, json_string_value(t))) {
			c->defaults = bt->defaults;
			c->config = bt->config;
			break;
		}
	c->err = err;
	c->errlen = errlen;
	c->made = json_array();
	c->r = calloc(1, sizeof *c->r);
	c->src = calloc(HFC_MAX_KEYS, sizeof *c->src);
	if (c->r)
		c->r->kvs = calloc(HFC_MAX_KEYS, sizeof *c->r->kvs);
	if (!c->made || !c->r || !c->src || !c->r->kvs) {
		hfc_free(c);
		return NULL;
	}
	c->r->fd = -1;
	c->r->path = file;
	c->r->no_tensors = 1;
	c->r->fail_at = fail_at;
	c->r->fail_ctx = c;
	return c;
}

void hfc_free(struct hfc *c)
{
	if (!c)
		return;
	if (c->r) {
		gguf_close(c->r);
		free(c->r);
	}
	free(c->src);
	json_decref(c->made);
	free(c);
}

/* llama3 scaling as the converter's rope_freqs tensor holds it
 * (hfc_rope_freqs_llama3), which no GGUF key says. */
static void rope_llama3(const struct hfc *c, struct model *m)
{
	const double *l3 = c->l3;
	const char *at = c->l3_src;
	int plain_orig = c->l3_plain_orig;
	static const enum model_field f[] = {MF_FACTOR, MF_LOW_FREQ_FACTOR,
		MF_HIGH_FREQ_FACTOR, MF_ORIG_CTX};
	static const char *const k[] = {"factor", "low_freq_factor",
		"high_freq_factor", "original_max_position_embeddings"};
	m->scaling = ROPE_LLAMA3;
	m->rope_factor = l3[0];
	m->low_freq_factor = l3[1];
	m->high_freq_factor = l3[2];
	m->orig_ctx = (int64_t)l3[3];
	model_set_origin(m, MF_SCALING, "config.json %s.rope_type llama3 "
			 "(the converter's rope_freqs tensor)", at);
	for (int i = 0; i < 4; i++) {
		int root = i == 3 && plain_orig;
		model_set_origin(m, f[i], "config.json %s%s%s (the "
				 "converter's rope_freqs tensor)",
				 root ? "" : at, root ? "" : ".", k[i]);
	}
}

/* What the checkpoint's tensors would say, which the header the keys
 * make cannot (gguf_interpret_keys leaves it to its caller): the head
 * tied to the embeddings, the router's score bias, the attention sinks a
 * family's tensor list holds, llama3's rope_freqs, LongRoPE's factors,
 * the layers without a router, the norms. */
static void tensors_said(const struct hfc *c, struct model *m)
{
	const struct family_weights *fw = c->fam->weights;
	m->tied_embd = c->tied;
	model_set_origin(m, MF_TIED_EMBD, "config.json tie_word_embeddings");
	const struct hfc_default *d = default_of(c, "tie_word_embeddings");
	int in_file = 0;
	for (int s = 0; s < 2; s++)
		in_file |= c->scope[s] &&
			   json_object_get(c->scope[s], "tie_word_embeddings");
	if (c->tie_key)
		model_set_origin(m, MF_TIED_EMBD, "config.json %s (the "
				 "configuration class reads the tie from it)",
				 c->tie_key);
	else if (d && !in_file)
		model_set_origin(m, MF_TIED_EMBD, "tie_word_embeddings absent: "
				 "%g, %s's default", d->value, c->config);
	m->router_bias = c->router_bias != NULL;
	model_set_origin(m, MF_ROUTER_BIAS, "%s", c->router_bias
			 ? c->router_bias
			 : "none counted: config.json lists no exp_probs_b "
			   "tensors");
	m->sinks_learned = fw && (fw->parts & WS_SINKS);
	if (m->sinks_learned)
		model_set_origin(m, MF_SINKS, "learned: llama.cpp's %s "
				 "tensors hold attn_sinks (the family's list)",
				 m->arch);
	else
		model_set_origin(m, MF_SINKS, "none counted: config.json "
				 "lists no attn_sinks tensors");
	if (c->llama3)
		rope_llama3(c, m);
	memcpy(m->layer_dense_ffn, c->dense_ffn, sizeof m->layer_dense_ffn);
	model_set_origin(m, MF_FFN_TYPES, "the routers %s's checkpoint "
			 "holds (ffn_gate_inp), as its converter keeps them",
			 m->arch);
	m->norms_said = c->norms;
	m->norm_bias = c->norm_bias;
	/* llama.cpp's phi3 picks rope_factors_long past the original
	 * context (llama-model.cpp get_rope_factors): kept as longrope */
	if (c->longrope) {
		m->scaling = ROPE_LONGROPE;
		m->rope_factor = c->lr_factor;
		model_set_origin(m, MF_SCALING, "config.json %s (the "
				 "converter's rope_factors_long/short "
				 "tensors)", c->lr_src);
		model_set_origin(m, MF_FACTOR, "max_position_embeddings / "
				 "original_max_position_embeddings (the "
				 "converter's rope_factors tensors' scale)");
	}
}

int hfc_convert(struct hfc *c, struct model *m)
{
	const struct family_conv *cv = c->fam->conv;
	hfc_source(c, "architectures[0] (%.60s)", cv->converter);
	if (hfc_put_str(c, "general.architecture", c->fam->arch) < 0)
		return -1;
	if ((cv->convert ? cv->convert(c) : hfc_text_model(c)) < 0)
		return -1;
	/* the tokenizer's tokens: vocab_size unless the class said */
	static const char *const vk[] = {"vocab_size", "padded_vocab_size",
					 "n_vocab", NULL};
	if (!c->vocab && hfc_need(c, vk, &c->vocab) < 0)
		return -1;
	if (!hfc_written(c, "vocab_size", NULL) &&
	    hfc_put_u32(c, "vocab_size", c->vocab) < 0)
		return -1;
	if (!c->tie_set && hfc_bool(c, "tie_word_embeddings", 0, &c->tied) < 0)
		return -1;
	if (gguf_interpret_keys(c->r, m) < 0)
		return -1;
	if (c->note[0]) {
		size_t n = strlen(m->note);
		snprintf(m->note + n, sizeof m->note - n, "%s%s",
			 n ? "; " : "", c->note);
		model_set_origin(m, MF_NOTE, "config.json %s vs llama.cpp %s",
				 c->note_key, c->fam->arch);
	}
	tensors_said(c, m);
	return 0;
}



/* "GGUF ARCH.key ..." -> "config.json SRC -> key ..." */
void hfc_origins(struct hfc *c, struct model *m)
{
	for (int f = 0; f < MF_COUNT; f++) {
		const char *o = m->origin[f];
		if (strncmp(o, "GGUF ", 5))
			continue;
		char key[160], rest[96];
		size_t n = strcspn(o + 5, " ,;:()");
		snprintf(key, sizeof key, "%.*s", (int)n, o + 5);
		snprintf(rest, sizeof rest, "%s", o + 5 + n);
		for (size_t i = 0; i < c->r->nkv; i++) {
			if (strcmp(c->r->kvs[i].key, key))
				continue;
			const char *dot = strchr(key, '.');
			const char *suffix = !strncmp(key, "general.", 8) ||
					     !dot ? key : dot + 1;
			model_set_origin(m, (enum model_field)f,
					 "config.json %s -> %s%s", c->src[i],
					 suffix, rest);
			break;
		}
	}
}
