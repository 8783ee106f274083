/* gguf_file: reading the GGUF container's header; see gguf_file.h. */
#include "model/gguf_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model/ggml_type.h"
#include "util/err.h"

const char *const gguf_type_names[GT_COUNT] = {"u8",  "i8",  "u16", "i16", "u32", "i32", "f32",
					       "bool", "string", "array", "u64", "i64", "f64"};
static const int type_size[GT_COUNT] = {1, 1, 2, 2, 4, 4, 4, 1, 0, 0, 8, 8, 8};

/* Arrays of numbers with at most this many elements are kept (per-layer
 * values); longer ones are checked and skipped. */
#define ARR_KEEP 1024   /* MODEL_MAX_LAYERS */
/* Strings longer than this are skipped, not kept (no key we use is longer). */
#define STR_KEEP 255
/* Strings an array may hold: a tokenizer's vocabulary or merges (Gemma 3:
 * 262,144 tokens; none near a million).  More is refused before the walk,
 * which would read every length (2^28 empty strings took 12 s). */
#define ARR_STR_MAX (1u << 24)
/* ggml.h GGML_MAX_DIMS; gguf.cpp refuses tensors with more. */
#define GGUF_MAX_DIMS 4
/* Most metadata entries read (llama.cpp's files have 30 to 60). */
#define KV_MAX 65536
/* Most tensor infos read (DeepSeek-V3 has about 1,800). */
#define TENSORS_MAX (1 << 20)

/* The one-line error: FILE: byte N: [key: ]what */
int gguf_fail(struct gguf_file *r, uint64_t at, const char *key, const char *fmt, ...)
{
	char what[300], shown[120] = "";
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	if (r->fail_at)
		return r->fail_at(r->fail_ctx, at, key, what);
	if (key)
		err_clean(shown, sizeof shown, key);
	if (r->at_is_line) {
		err_set(r->err, r->errlen, r->path, (int)at, NULL, NULL, "%s%s%s", shown, key ? ": " : "", what);
		return -1;
	}
	err_set(r->err, r->errlen, r->path, 0, NULL, NULL, "byte %llu: %s%s%s", (unsigned long long)at, shown,
		key ? ": " : "", what);
	return -1;
}

/* "s" unless n is 1: "1 byte left", "4 bytes left". */
static const char *plural(uint64_t n)
{
	return n == 1 ? "" : "s";
}

static uint64_t left(const struct gguf_file *r)
{
	return r->size - r->off;
}

/* Read n bytes at the current offset; `what` names them in the error. */
static int rd_bytes(struct gguf_file *r, void *dst, size_t n, const char *what)
{
	if (n > left(r))
		return gguf_fail(r, r->off, NULL, "%s needs %zu byte%s, %llu left: the file is cut short", what, n,
			         plural(n), (unsigned long long)left(r));
	uint8_t *out = dst;
	while (n > 0) {
		if (r->off < r->bstart || r->off >= r->bstart + r->blen) {
			ssize_t got;
			do
				got = pread(r->fd, r->buf, sizeof r->buf, (off_t)r->off);
			while (got < 0 && errno == EINTR);
			if (got <= 0)
				return gguf_fail(r, r->off, NULL, "cannot read: %s",
					         got < 0 ? strerror(errno) : "unexpected end of file");
			r->bstart = r->off;
			r->blen = (size_t)got;
		}
		size_t in = (size_t)(r->bstart + r->blen - r->off);
		size_t take = in < n ? in : n;
		memcpy(out, r->buf + (r->off - r->bstart), take);
		out += take;
		r->off += take;
		n -= take;
	}
	return 0;
}

static int rd_skip(struct gguf_file *r, uint64_t n, const char *what)
{
	if (n > left(r))
		return gguf_fail(r, r->off, NULL, "%s of %llu byte%s runs past the end of the file (%llu byte%s left)",
			         what, (unsigned long long)n, plural(n), (unsigned long long)left(r), plural(left(r)));
	r->off += n;
	return 0;
}

static uint64_t le(const uint8_t *b, int n)
{
	uint64_t v = 0;
	for (int k = n - 1; k >= 0; k--)
		v = v << 8 | b[k];
	return v;
}

static int rd_u32(struct gguf_file *r, uint32_t *v, const char *what)
{
	uint8_t b[4];
	if (rd_bytes(r, b, 4, what) < 0)
		return -1;
	*v = (uint32_t)le(b, 4);
	return 0;
}

static int rd_u64(struct gguf_file *r, uint64_t *v, const char *what)
{
	uint8_t b[8];
	if (rd_bytes(r, b, 8, what) < 0)
		return -1;
	*v = le(b, 8);
	return 0;
}

/* A string: its length is checked against the bytes left.  Kept (malloc'd,
 * NUL-terminated) when at most `keep` bytes, else skipped and *out NULL. */
static int rd_string(struct gguf_file *r, char **out, uint64_t keep, const char *what)
{
	uint64_t at = r->off, len;
	*out = NULL;
	if (rd_u64(r, &len, what) < 0)
		return -1;
	if (len > left(r))
		return gguf_fail(r, at, NULL, "%s length %llu runs past the end of the file (%llu byte%s left)", what,
			         (unsigned long long)len, (unsigned long long)left(r), plural(left(r)));
	if (len > keep)
		return rd_skip(r, len, what);
	char *s = malloc((size_t)len + 1);
	if (!s)
		return gguf_fail(r, at, NULL, "out of memory");
	if (rd_bytes(r, s, (size_t)len, what) < 0) {
		free(s);
		return -1;
	}
	s[len] = 0;
	if (strlen(s) != len) {
		free(s);
		return gguf_fail(r, at, NULL, "%s holds a NUL byte", what);
	}
	*out = s;
	return 0;
}

/* One scalar of type t: decoded into *i (integers, bool) and *d. */
static int rd_scalar(struct gguf_file *r, int t, int64_t *i, int *big, double *d, const char *key)
{
	uint8_t b[8];
	uint64_t at = r->off;
	if (rd_bytes(r, b, (size_t)type_size[t], "value") < 0)
		return -1;
	uint64_t u = le(b, type_size[t]);
	*big = 0;
	switch (t) {
	case GT_U8: case GT_U16: case GT_U32: case GT_U64:
		*big = u > (uint64_t)INT64_MAX;
		*i = *big ? INT64_MAX : (int64_t)u;
		*d = (double)u;
		return 0;
	case GT_I8: *i = (int8_t)u; break;
	case GT_I16: *i = (int16_t)u; break;
	case GT_I32: *i = (int32_t)u; break;
	case GT_I64: memcpy(i, &u, 8); break;
	case GT_BOOL:
		if (u > 1)
			return gguf_fail(r, at, key, "bool value %u is neither 0 nor 1", (unsigned)u);
		*i = (int64_t)u;
		break;
	/* Floats are kept whatever they hold, inf and nan too, as ggml's
	 * gguf.cpp keeps them (llama.cpp's saver writes
	 * kda.gate_lower_bound = -inf for every architecture): a key attnviz
	 * reads is range-checked there (gguf.c want_real), a key it does not
	 * read changes nothing. */
	case GT_F32: {
		uint32_t u32 = (uint32_t)u;
		float f;
		memcpy(&f, &u32, 4);
		*d = f;
		*i = 0;
		return 0;
	}
	case GT_F64:
		memcpy(d, &u, 8);
		*i = 0;
		return 0;
	}
	*d = (double)*i;
	return 0;
}

/* The value of one key, at r->off, of type k->type. */
static int rd_value(struct gguf_file *r, struct gguf_kv *k)
{
	k->vat = r->off;
	if (k->type == GT_STR)
		return rd_string(r, &k->s, STR_KEEP, "string");
	if (k->type != GT_ARR)
		return rd_scalar(r, k->type, &k->i, &k->big, &k->d, k->key);
	uint32_t at;
	if (rd_u32(r, &at, "array type") < 0)
		return -1;
	if (at == GT_ARR)
		return gguf_fail(r, k->vat, k->key, "array of arrays (nested arrays are not allowed)");
	if (at >= GT_COUNT)
		return gguf_fail(r, k->vat, k->key, "unknown array element type %u", (unsigned)at);
	k->atype = (int)at;
	uint64_t cat = r->off;
	if (rd_u64(r, &k->n, "array length") < 0)
		return -1;
	/* Each element takes at least its size (a string at least its u64 length). */
	uint64_t least = at == GT_STR ? 8 : (uint64_t)type_size[at];
	if (k->n > left(r) / least)
		return gguf_fail(r, cat, k->key, "array of %llu %s value%s runs past the end of the file (%llu byte%s left)",
			         (unsigned long long)k->n, gguf_type_names[at], plural(k->n), (unsigned long long)left(r),
			         plural(left(r)));
	if (at == GT_STR) {
		if (k->n > ARR_STR_MAX)
			return gguf_fail(r, cat, k->key,
					 "array of %llu strings: more than %u "
					 "(2^24), more than any "
					 "tokenizer has",
					 (unsigned long long)k->n, ARR_STR_MAX);
		/* each string's length, then past it: not one is kept */
		for (uint64_t e = 0; e < k->n; e++) {
			uint64_t at_e = r->off, len;
			if (rd_u64(r, &len, "array string") < 0)
				return -1;
			if (len > left(r))
				return gguf_fail(
					r, at_e, k->key,
					"array string %llu: length %llu runs "
					"past the end of the "
					"file (%llu byte%s left)",
					(unsigned long long)e,
					(unsigned long long)len,
					(unsigned long long)left(r),
					plural(left(r)));
			r->off += len;
		}
		return 0;
	}
	if (k->n > ARR_KEEP) {
		/* Not a per-layer value: skip it (floats in it are not looked at). */
		return rd_skip(r, k->n * least, "array");
	}
	k->arr = malloc((size_t)(k->n ? k->n : 1) * sizeof *k->arr);
	if (!k->arr)
		return gguf_fail(r, cat, k->key, "out of memory");
	for (uint64_t e = 0; e < k->n; e++) {
		int64_t iv;
		int big;
		double dv;
		if (rd_scalar(r, (int)at, &iv, &big, &dv, k->key) < 0)
			return -1;
		k->arr[e] = dv;
	}
	return 0;
}

static int key_cmp(const void *a, const void *b)
{
	const struct gguf_kv *x = *(const struct gguf_kv *const *)a, *y = *(const struct gguf_kv *const *)b;
	int c = strcmp(x->key, y->key);
	return c ? c : (x->at > y->at) - (x->at < y->at);
}

static int rd_metadata(struct gguf_file *r, uint64_t nkv)
{
	/* Each entry takes at least 8 (key length) + 4 (type) + 1 bytes. */
	if (nkv > left(r) / 13)
		return gguf_fail(r, 16, NULL, "%llu metadata %s cannot fit in the %llu byte%s left",
			         (unsigned long long)nkv, nkv == 1 ? "entry" : "entries", (unsigned long long)left(r),
			         plural(left(r)));
	/* Real files have a few dozen; a cap keeps our table small whatever the file's size. */
	if (nkv > KV_MAX)
		return gguf_fail(r, 16, NULL, "%llu metadata entries (at most %d)", (unsigned long long)nkv, KV_MAX);
	r->kvs = calloc((size_t)(nkv ? nkv : 1), sizeof *r->kvs);
	if (!r->kvs)
		return gguf_fail(r, 16, NULL, "out of memory");
	for (uint64_t e = 0; e < nkv; e++) {
		struct gguf_kv *k = &r->kvs[r->nkv];
		uint32_t t;
		k->at = r->off;
		if (rd_string(r, &k->key, 65535, "key") < 0)
			return -1;
		if (!k->key)
			return gguf_fail(r, k->at, NULL, "key longer than 65535 bytes");
		r->nkv++;
		if (!k->key[0])
			return gguf_fail(r, k->at, NULL, "empty key");
		if (rd_u32(r, &t, "value type") < 0)
			return -1;
		if (t >= GT_COUNT)
			return gguf_fail(r, k->at, k->key, "unknown value type %u", (unsigned)t);
		k->type = (int)t;
		if (rd_value(r, k) < 0)
			return -1;
	}
	/* Duplicate keys: gguf.cpp refuses them, and which one wins would be a guess. */
	if (r->nkv > 1) {
		struct gguf_kv **by = malloc(r->nkv * sizeof *by);
		if (!by)
			return gguf_fail(r, 16, NULL, "out of memory");
		for (size_t e = 0; e < r->nkv; e++)
			by[e] = &r->kvs[e];
		qsort(by, r->nkv, sizeof *by, key_cmp);
		for (size_t e = 1; e < r->nkv; e++)
			if (!strcmp(by[e]->key, by[e - 1]->key)) {
				uint64_t first = by[e - 1]->at, second = by[e]->at;
				const char *key = by[e]->key;
				char shown[120];
				err_clean(shown, sizeof shown, key);
				free(by);
				return gguf_fail(r, second, shown, "duplicate key (first at byte %llu)",
					         (unsigned long long)first);
			}
		free(by);
	}
	return 0;
}

/* A tensor's name and where its info starts, for the duplicate check. */
struct named {
	char *name;
	uint64_t at;
};

static int named_cmp(const void *a, const void *b)
{
	const struct named *x = a, *y = b;
	int c = strcmp(x->name, y->name);
	return c ? c : (x->at > y->at) - (x->at < y->at);
}

/* Two tensors of one name: gguf.cpp refuses the file (which would load is a guess). */
static int check_names(struct gguf_file *r, struct named *names, size_t n)
{
	qsort(names, n, sizeof *names, named_cmp);
	for (size_t e = 1; e < n; e++)
		if (!strcmp(names[e].name, names[e - 1].name))
			return gguf_fail(r, names[e].at, names[e].name, "duplicate tensor name (first at byte %llu)",
					 (unsigned long long)names[e - 1].at);
	return 0;
}

static int read_tensors(struct gguf_file *r, uint64_t n, struct gguf_tensors *t, struct named *names, size_t *nnames)
{
	for (uint64_t e = 0; e < n; e++) {
		uint64_t at = r->off;
		char *name;
		uint32_t ndims, type;
		uint64_t offset;
		if (rd_string(r, &name, GGUF_NAME_MAX, "tensor name") < 0)
			return -1;
		if (!name)
			return gguf_fail(r, at, NULL, "tensor name longer than %d bytes", GGUF_NAME_MAX);
		names[*nnames].name = name;   /* freed by the caller */
		names[(*nnames)++].at = at;
		if (rd_u32(r, &ndims, "tensor dimension count") < 0)
			return -1;
		if (ndims < 1 || ndims > GGUF_MAX_DIMS)
			return gguf_fail(r, r->off - 4, name, "%u dimensions (1 to %d)", (unsigned)ndims, GGUF_MAX_DIMS);
		int64_t count = 1, ne[GGUF_MAX_DIMS] = {0};
		for (uint32_t d = 0; d < ndims; d++) {
			uint64_t v;
			if (rd_u64(r, &v, "tensor dimension") < 0)
				return -1;
			if (v > (uint64_t)INT64_MAX || __builtin_mul_overflow(count, (int64_t)v, &count))
				return gguf_fail(r, r->off - 8, name, "tensor size overflows 64 bits");
			ne[d] = (int64_t)v;
		}
		if (rd_u32(r, &type, "tensor type") < 0 || rd_u64(r, &offset, "tensor data offset") < 0)
			return -1;
		if (!ggml_type_get(type))
			return gguf_fail(r, r->off - 12, name, "unknown ggml type %u", (unsigned)type);
		/* gguf.cpp gguf_init_from_file_impl: a row must be whole blocks. */
		int64_t bytes = ggml_type_tensor_bytes(type, ne, (int)ndims);
		if (bytes < 0 && ne[0] % ggml_type_get(type)->blck)
			return gguf_fail(r, at, name, "%lld values a row of %s, not a multiple of its block of %lld",
					 (long long)ne[0], ggml_type_get(type)->name, (long long)ggml_type_get(type)->blck);
		if (bytes < 0 || __builtin_add_overflow(t->weights_bytes, bytes, &t->weights_bytes))
			return gguf_fail(r, at, name, "tensor bytes overflow 64 bits");
		if (__builtin_add_overflow(t->params, count, &t->params))
			return gguf_fail(r, at, name, "parameter count overflows 64 bits");
		/* Routed experts: llama.cpp names them blk.N.ffn_{gate,up,down}_exps
		 * (shared experts are _shexp, counted as dense). */
		if (strstr(name, "_exps"))
			t->expert_params += count;
		if (r->keep) {
			if (r->nkeep >= r->keepmax ||
			    strlen(name) >= sizeof r->keep->name)
				return gguf_fail(r, at, name,
						 "more tensors or a longer "
						 "name than weights= sizes");
			struct wq_tensor *k = &r->keep[r->nkeep++];
			snprintf(k->name, sizeof k->name, "%s", name);
			memcpy(k->ne, ne, sizeof k->ne);
			k->nd = (int)ndims;
			k->type = type;
		}
		if (!strcmp(name, "token_embd.weight") && ndims >= 2)
			t->embd_vocab = ne[1];
		if (!strcmp(name, "output.weight"))
			t->has_output = 1;
		if (strstr(name, ".exp_probs_b."))
			t->has_exp_probs_b = 1;
		if (!strcmp(name, "blk.0.attn_qkv.weight"))
			t->has_attn_qkv = 1;
		unsigned il;
		int used = 0;
		if (sscanf(name, "blk.%u.ffn_gate_inp.weight%n", &il,
			   &used) == 1 &&
		    name[used] == 0 && used > 0 && il < sizeof t->router)
			t->router[il] = 1;
		if (strstr(name, "attn_sinks") && !t->sinks[0])
			snprintf(t->sinks, sizeof t->sinks, "%s", name);
	}
	t->end = r->off;
	return 0;
}

static int rd_tensors(struct gguf_file *r, uint64_t n, struct gguf_tensors *t)
{
	/* Each info takes at least 8 (name length) + 4 + 4 + 8 bytes. */
	if (n > left(r) / 24)
		return gguf_fail(r, 8, NULL, "%llu tensor info%s cannot fit in the %llu byte%s left",
				 (unsigned long long)n, plural(n), (unsigned long long)left(r), plural(left(r)));
	/* Real files have a few hundred to a few thousand. */
	if (n > TENSORS_MAX)
		return gguf_fail(r, 8, NULL, "%llu tensor infos (at most %d)", (unsigned long long)n, TENSORS_MAX);
	struct named *names = malloc((size_t)(n ? n : 1) * sizeof *names);
	size_t nnames = 0;
	if (!names)
		return gguf_fail(r, 8, NULL, "out of memory");
	int rc = read_tensors(r, n, t, names, &nnames);
	if (rc == 0)
		rc = check_names(r, names, nnames);
	for (size_t e = 0; e < nnames; e++)
		free(names[e].name);
	free(names);
	return rc;
}

struct gguf_kv *gguf_find(struct gguf_file *r, const char *key)
{
	for (size_t e = 0; e < r->nkv; e++)
		if (!strcmp(r->kvs[e].key, key))
			return &r->kvs[e];
	return NULL;
}

int gguf_is_int(int t)
{
	return t == GT_U8 || t == GT_I8 || t == GT_U16 || t == GT_I16 || t == GT_U32 || t == GT_I32 ||
	       t == GT_U64 || t == GT_I64;
}

int gguf_open(struct gguf_file *r, const char *path, char *err, size_t errlen)
{
	r->path = path;
	r->err = err;
	r->errlen = errlen;
	/* O_NONBLOCK: a FIFO (or a device) opens at once instead of waiting for
	 * a writer, and is refused below; on a regular file it changes nothing
	 */
	r->fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (r->fd < 0) {
		err_set(err, errlen, path, 0, NULL, NULL, "cannot open: %s", strerror(errno));
		return -1;
	}
	struct stat st;
	if (fstat(r->fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		err_set(err, errlen, path, 0, NULL, NULL, "byte 0: not a regular file");
		close(r->fd);
		r->fd = -1;
		return -1;
	}
	r->size = (uint64_t)st.st_size;

	uint8_t magic[4];
	uint32_t version;
	uint64_t ntensors, nkv;
	if (r->size == 0)
		return gguf_fail(r, 0, NULL, "empty file (a GGUF file starts with \"GGUF\")");
	if (rd_bytes(r, magic, 4, "magic") < 0)
		return -1;
	if (memcmp(magic, "GGUF", 4)) {
		char shown[8];
		for (int e = 0; e < 4; e++)
			shown[e] = magic[e] >= 0x20 && magic[e] < 0x7f ? (char)magic[e] : '?';
		shown[4] = 0;
		return gguf_fail(r, 0, NULL, "bad magic '%s' (not a GGUF file)", shown);
	}
	if (rd_u32(r, &version, "version") < 0)
		return -1;
	if (version == 1)
		return gguf_fail(r, 4, NULL, "GGUF version 1 (32-bit counts) is not supported: versions 2 and 3 are");
	if ((version & 0xffff) == 0 && version >> 16)
		return gguf_fail(r, 4, NULL, "version %u: a big-endian GGUF file? only little-endian is read",
				   (unsigned)version);
	if (version != 2 && version != 3)
		return gguf_fail(r, 4, NULL, "GGUF version %u is not supported: versions 2 and 3 are", (unsigned)version);
	if (rd_u64(r, &ntensors, "tensor count") < 0 || rd_u64(r, &nkv, "metadata count") < 0)
		return -1;
	return rd_metadata(r, nkv) < 0 || rd_tensors(r, ntensors, &r->tn) < 0 ? -1 : 0;
}

void gguf_close(struct gguf_file *r)
{
	if (r->fd >= 0)
		close(r->fd);
	r->fd = -1;
	for (size_t e = 0; e < r->nkv; e++) {
		free(r->kvs[e].key);
		free(r->kvs[e].s);
		free(r->kvs[e].arr);
	}
	free(r->kvs);
	r->kvs = NULL;
	r->nkv = 0;
}

/* Shard s's tensors summed into r's (llama-model-loader.cpp: every
 * split's tensors are the model's). */
static int add_shard(struct gguf_file *r, const struct gguf_file *s)
{
	struct gguf_tensors *t = &r->tn;
	const struct gguf_tensors *u = &s->tn;
	if (__builtin_add_overflow(t->params, u->params, &t->params) ||
	    __builtin_add_overflow(t->expert_params, u->expert_params,
				   &t->expert_params) ||
	    __builtin_add_overflow(t->weights_bytes, u->weights_bytes,
				   &t->weights_bytes))
		return gguf_fail(r, 0, NULL, "the splits' tensors overflow 64 "
				 "bits");
	if (!t->embd_vocab)
		t->embd_vocab = u->embd_vocab;
	if (!t->sinks[0])
		memcpy(t->sinks, u->sinks, sizeof t->sinks);
	t->has_output |= u->has_output;
	t->has_exp_probs_b |= u->has_exp_probs_b;
	t->has_attn_qkv |= u->has_attn_qkv;
	for (size_t il = 0; il < sizeof t->router; il++)
		t->router[il] |= u->router[il];
	r->nkeep += s->nkeep;
	return 0;
}

int gguf_read_splits(struct gguf_file *r)
{
	struct gguf_kv *k = gguf_find(r, "split.count");
	if (!k || !gguf_is_int(k->type) || k->i <= 1)
		return 0;
	if (k->i > 9999)
		return gguf_fail(r, k->vat, k->key, "%lld files: at most 9999",
				 (long long)k->i);
	int n = (int)k->i;
	struct gguf_kv *no = gguf_find(r, "split.no");
	if (!no || !gguf_is_int(no->type) || no->i != 0)
		return gguf_fail(r, no ? no->vat : k->vat, "split.no",
				 "llama.cpp loads a split model from its "
				 "first file (split.no 0)");
	/* llama_split_prefix: the first file is PREFIX-00001-of-NNNNN.gguf */
	char tail[40];
	snprintf(tail, sizeof tail, "-%05d-of-%05d.gguf", 1, n);
	size_t pl = strlen(r->path), tl = strlen(tail);
	if (pl < tl || strcmp(r->path + pl - tl, tail))
		return gguf_fail(r, k->vat, k->key, "%d files, but this one's "
				 "name does not end in %s (llama.cpp's "
				 "llama_split_prefix)", n, tail);
	for (int i = 1; i < n; i++) {
		struct gguf_file *s = calloc(1, sizeof *s);
		char *p = malloc(pl + 1);
		if (!s || !p) {
			free(s);
			free(p);
			return gguf_fail(r, 0, NULL, "out of memory");
		}
		snprintf(p, pl + 1, "%.*s-%05d-of-%05d.gguf", (int)(pl - tl),
			 r->path, i + 1, n);
		s->fd = -1;
		s->keep = r->keep ? r->keep + r->nkeep : NULL;
		s->keepmax = r->keep ? r->keepmax - r->nkeep : 0;
		int rc = gguf_open(s, p, r->err, r->errlen);
		struct gguf_kv *sn = rc == 0 ? gguf_find(s, "split.no") : NULL;
		if (rc == 0 && (!sn || !gguf_is_int(sn->type) || sn->i != i))
			rc = gguf_fail(s, sn ? sn->vat : 0, "split.no",
				       "want %d, this file's place in the "
				       "split", i);
		if (rc == 0)
			rc = add_shard(r, s);
		gguf_close(s);
		free(s);
		free(p);
		if (rc < 0)
			return -1;
	}
	return 0;
}
