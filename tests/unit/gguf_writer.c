/* gguf_writer: see gguf_writer.h.  Every number is written little-endian
 * byte by byte, so the fixtures are the same on any host. */
#include "gguf_writer.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct buf {
	unsigned char *p;
	size_t n, cap;
	int oom;
};

static void put(struct buf *b, const void *src, size_t n)
{
	if (b->oom)
		return;
	if (b->n + n > b->cap) {
		size_t cap = b->cap ? b->cap * 2 : 4096;
		while (cap < b->n + n)
			cap *= 2;
		unsigned char *p = realloc(b->p, cap);
		if (!p) {
			b->oom = 1;
			return;
		}
		b->p = p;
		b->cap = cap;
	}
	memcpy(b->p + b->n, src, n);
	b->n += n;
}

static void put_le(struct buf *b, uint64_t v, int bytes)
{
	unsigned char c[8];
	for (int i = 0; i < bytes; i++)
		c[i] = (unsigned char)(v >> (8 * i));
	put(b, c, (size_t)bytes);
}

static void put_str(struct buf *b, const char *s)
{
	put_le(b, strlen(s), 8);
	put(b, s, strlen(s));
}

static const char *const types[] = {"u8",  "i8",  "u16", "i16", "u32", "i32", "f32",
				    "bool", "str", "arr", "u64", "i64", "f64"};
static const int sizes[] = {1, 1, 2, 2, 4, 4, 4, 1, 0, 0, 8, 8, 8};

static int type_id(const char *t)
{
	for (int i = 0; i < 13; i++)
		if (!strcmp(types[i], t))
			return i;
	return -1;
}

/* One scalar of type t from text. */
static int put_scalar(struct buf *b, int t, const char *v)
{
	char *end;
	if (t == 8) {
		put_str(b, v);
		return 0;
	}
	if (t == 6 || t == 12) {
		double d = strtod(v, &end);
		if (end == v)
			return -1;
		if (t == 6) {
			float f = (float)d;
			uint32_t u;
			memcpy(&u, &f, 4);
			put_le(b, u, 4);
		} else {
			uint64_t u;
			memcpy(&u, &d, 8);
			put_le(b, u, 8);
		}
		return 0;
	}
	long long x = strtoll(v, &end, 0);
	if (end == v)
		return -1;
	if (t == 10)   /* u64: allow values above INT64_MAX */
		put_le(b, strtoull(v, NULL, 0), 8);
	else
		put_le(b, (uint64_t)x, sizes[t]);
	return 0;
}

/* ggml tensor types the fixtures use: id, block size, bytes a block. */
static const struct {
	const char *name;
	int id, blck, bytes;
} ttypes[] = {{"f32", 0, 1, 4},   {"f16", 1, 1, 2},   {"q4_0", 2, 32, 18}, {"q8_0", 8, 32, 34},
	      {"q4_K", 12, 256, 144}, {"q6_K", 14, 256, 210}, {"bf16", 30, 1, 2}, {"mxfp4", 39, 32, 17},
	      /* more, for the weight-bytes test: the block structs of ggml-common.h
	       * counted field by field (q2_K: 16 scales + 64 quants + 2 f16 = 84;
	       * q3_K: 32 + 64 + 12 + 2 = 110; q5_K: 2 f16 + 12 + 32 + 128 = 176;
	       * iq4_xs: f16 + u16 + 4 + 128 = 136; iq2_xxs: f16 + 64 = 66;
	       * tq2_0: 64 + f16 = 66; q5_1: 2 f16 + 4 + 16 = 24) */
	      {"q2_K", 10, 256, 84}, {"q3_K", 11, 256, 110}, {"q5_K", 13, 256, 176}, {"iq4_xs", 23, 256, 136},
	      {"iq2_xxs", 16, 256, 66}, {"tq2_0", 35, 256, 66}, {"q5_1", 7, 32, 24}};

static int ttype_index(const char *t)
{
	for (size_t i = 0; i < sizeof ttypes / sizeof ttypes[0]; i++)
		if (!strcmp(ttypes[i].name, t))
			return (int)i;
	return -1;
}

int gguf_spec_write(const char *spec, const char *path, char *err, size_t errlen)
{
	return gguf_spec_write_counted(spec, path, NULL, err, errlen);
}

int gguf_spec_write_counted(const char *spec, const char *path, long long *tensor_bytes, char *err, size_t errlen)
{
	struct buf kv = {0}, ti = {0}, out = {0};
	char magic[5] = "GGUF";
	long long version = 3, nkv = -1, nt = -1, data = 0, trunc = -1;
	long long rkv = 0, rt = 0;
	long long align = 32, dsize = 0;   /* "offsets": the data section's running size */
	long long tbytes = 0;              /* every tensor's data bytes, unpadded */
	int ttype = 0, offsets = 0, sparse = 0;
	int rc = -1, lineno = 0;
	char *copy = strdup(spec), *save = NULL;
	if (!copy) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char cmd[32], a[256], t[32];
		int off = 0;
		lineno++;
		while (*line == ' ' || *line == '\t')
			line++;
		if (!*line || *line == '#')
			continue;
		if (sscanf(line, "%31s %n", cmd, &off) < 1)
			continue;
		char *rest = line + off;
		if (!strcmp(cmd, "magic")) {
			snprintf(magic, sizeof magic, "%-4.4s", rest);
		} else if (!strcmp(cmd, "version")) {
			version = atoll(rest);
		} else if (!strcmp(cmd, "nkv")) {
			nkv = atoll(rest);
		} else if (!strcmp(cmd, "ntensors")) {
			nt = atoll(rest);
		} else if (!strcmp(cmd, "data")) {
			data = atoll(rest);
		} else if (!strcmp(cmd, "type")) {
			char tn[32];
			if (sscanf(rest, "%31s", tn) < 1 || (ttype = ttype_index(tn)) < 0)
				goto bad;
		} else if (!strcmp(cmd, "offsets")) {
			offsets = 1;
			if (atoll(rest) > 0)
				align = atoll(rest);
		} else if (!strcmp(cmd, "sparse")) {
			sparse = 1;
		} else if (!strcmp(cmd, "truncate")) {
			trunc = atoll(rest);
		} else if (!strcmp(cmd, "kv") || !strcmp(cmd, "arr")) {
			int n2 = 0;
			if (sscanf(rest, "%255s %31s %n", a, t, &n2) < 2 || type_id(t) < 0 || type_id(t) == 9)
				goto bad;
			char *val = rest + n2;
			int id = type_id(t);
			put_str(&kv, a);
			rkv++;
			if (!strcmp(cmd, "kv")) {
				put_le(&kv, (uint64_t)id, 4);
				if (put_scalar(&kv, id, val) < 0)
					goto bad;
				continue;
			}
			/* Count the items first (V*N counts N). */
			long long count = 0;
			char *items = strdup(val), *s2 = NULL;
			if (!items)
				goto bad;
			for (char *it = strtok_r(items, ",", &s2); it; it = strtok_r(NULL, ",", &s2)) {
				char *star = strrchr(it, '*');
				count += star ? atoll(star + 1) : 1;
			}
			free(items);
			put_le(&kv, 9, 4);
			put_le(&kv, (uint64_t)id, 4);
			put_le(&kv, (uint64_t)count, 8);
			items = strdup(val);
			if (!items)
				goto bad;
			for (char *it = strtok_r(items, ",", &s2); it; it = strtok_r(NULL, ",", &s2)) {
				char *star = strrchr(it, '*');
				long long reps = 1;
				if (star) {
					reps = atoll(star + 1);
					*star = 0;
				}
				for (long long r = 0; r < reps; r++)
					if (put_scalar(&kv, id, it) < 0) {
						free(items);
						goto bad;
					}
			}
			free(items);
		} else if (!strcmp(cmd, "nested")) {
			if (sscanf(rest, "%255s", a) < 1)
				goto bad;
			put_str(&kv, a);
			rkv++;
			put_le(&kv, 9, 4);   /* array ... */
			put_le(&kv, 9, 4);   /* ... of arrays */
			put_le(&kv, 1, 8);
			put_le(&kv, 0, 4);   /* the inner array: u8, empty */
			put_le(&kv, 0, 8);
		} else if (!strcmp(cmd, "badtype")) {
			long long id;
			if (sscanf(rest, "%255s %lld", a, &id) < 2)
				goto bad;
			put_str(&kv, a);
			rkv++;
			put_le(&kv, (uint64_t)id, 4);
		} else if (!strcmp(cmd, "strlen")) {
			unsigned long long len;
			int n2 = 0;
			if (sscanf(rest, "%255s %llu %n", a, &len, &n2) < 2)
				goto bad;
			put_str(&kv, a);
			rkv++;
			put_le(&kv, 8, 4);
			put_le(&kv, len, 8);
			put(&kv, rest + n2, strlen(rest + n2));
		} else if (!strcmp(cmd, "tensor")) {
			long long dims[8];
			int nd = 0, n2 = 0;
			if (sscanf(rest, "%255s %n", a, &n2) < 1)
				goto bad;
			char *d = rest + n2, *end;
			while (nd < 8) {
				long long v = strtoll(d, &end, 10);
				if (end == d)
					break;
				dims[nd++] = v;
				d = end;
			}
			put_str(&ti, a);
			put_le(&ti, (uint64_t)nd, 4);
			for (int i = 0; i < nd; i++)
				put_le(&ti, (uint64_t)dims[i], 8);
			put_le(&ti, (uint64_t)ttypes[ttype].id, 4);
			long long bytes = nd ? dims[0] / ttypes[ttype].blck * ttypes[ttype].bytes : ttypes[ttype].bytes;
			int wraps = 0;   /* the hostile fixtures' sizes overflow: count none of it */
			for (int i = 1; i < nd; i++)
				wraps |= __builtin_mul_overflow(bytes, dims[i], &bytes);
			if (tbytes >= 0 && (wraps || __builtin_add_overflow(tbytes, bytes, &tbytes)))
				tbytes = -1;
			if (offsets) {   /* where llama.cpp's reader expects it */
				put_le(&ti, (uint64_t)dsize, 8);
				dsize += (bytes + align - 1) / align * align;
			} else {
				put_le(&ti, 0, 8);   /* data offset: never read */
			}
			rt++;
		} else {
			goto bad;
		}
	}
	put(&out, magic, 4);
	put_le(&out, (uint64_t)version, 4);
	put_le(&out, (uint64_t)(nt >= 0 ? nt : rt), 8);
	put_le(&out, (uint64_t)(nkv >= 0 ? nkv : rkv), 8);
	if (kv.n)
		put(&out, kv.p, kv.n);
	if (ti.n)
		put(&out, ti.p, ti.n);
	for (long long i = 0; i < data; i++)
		put(&out, "", 1);
	if (kv.oom || ti.oom || out.oom) {
		snprintf(err, errlen, "out of memory");
		goto done;
	}
	size_t n = trunc >= 0 && (size_t)trunc < out.n ? (size_t)trunc : out.n;
	FILE *f = fopen(path, "wb");
	/* sparse: a hole up to the data section's end, as a real file's size */
	long long full = ((long long)n + align - 1) / align * align + dsize;
	if (!f || (n && fwrite(out.p, 1, n, f) != n) || (sparse && (fflush(f) || ftruncate(fileno(f), full))) || fclose(f)) {
		snprintf(err, errlen, "cannot write %s", path);
		goto done;
	}
	rc = 0;
	if (tensor_bytes)
		*tensor_bytes = tbytes;
	goto done;
bad:
	snprintf(err, errlen, "spec line %d: cannot read it", lineno);
done:
	free(copy);
	free(kv.p);
	free(ti.p);
	free(out.p);
	return rc;
}
