/*
 * gguf_file: the GGUF container (ggml's gguf.cpp, docs/gguf.md), header only:
 *
 *   "GGUF"  u32 version  u64 n_tensors  u64 n_kv
 *   n_kv      x { string key, u32 type, value }
 *   n_tensors x { string name, u32 n_dims, i64 ne[n_dims], u32 ggml_type, u64 offset }
 *   (alignment padding, then tensor data, which is never read)
 *
 * All numbers little-endian; a string is a u64 length and that many bytes.
 * Every count and length is checked against the bytes left in the file
 * before anything is read or skipped, so a hostile header cannot make us
 * allocate or loop beyond the file's own size.  Big arrays (the tokenizer's
 * 100k+ strings) are counted and skipped, never stored.  Knows nothing of
 * models: gguf.c reads llama.cpp's keys out of what this file collects.
 */
#ifndef ATTNVIZ_GGUF_FILE_H
#define ATTNVIZ_GGUF_FILE_H

#include <stddef.h>
#include <stdint.h>

#include "model/wquant.h"

/* GGUF value types (gguf.h enum gguf_type). */
enum { GT_U8, GT_I8, GT_U16, GT_I16, GT_U32, GT_I32, GT_F32, GT_BOOL, GT_STR, GT_ARR, GT_U64, GT_I64, GT_F64,
       GT_COUNT };
extern const char *const gguf_type_names[GT_COUNT];

/* Tensor names: ggml's GGML_MAX_NAME is 64; be a little lenient. */
#define GGUF_NAME_MAX 255

/* One metadata entry.  Numbers are kept as both int64 (when integral) and double. */
struct gguf_kv {
	char *key;
	uint64_t at, vat;   /* offsets of the key and of its value */
	int type, atype;    /* value type; element type of an array */
	uint64_t n;         /* array length */
	int64_t i;          /* integer value (u64 above INT64_MAX: big set) */
	int big;
	double d;           /* numeric value */
	char *s;            /* string value (NULL when longer than 255 bytes) */
	double *arr;        /* numeric or bool array of at most 1024 elements (else NULL) */
};

/* Tensor-info totals: parameters, routed-expert parameters, markers. */
struct gguf_tensors {
	int64_t params, expert_params;
	int64_t weights_bytes;             /* every tensor's ggml_nbytes (model/ggml_type.h) */
	int64_t embd_vocab;                /* token_embd.weight ne[1], or 0 */
	char sinks[GGUF_NAME_MAX + 1];     /* name of an attention-sinks tensor, or "" */
	int has_output; /* an output.weight tensor: the head is not tied */
	int has_exp_probs_b; /* exp_probs_b tensors: the router's score bias */
	int has_attn_qkv; /* blk.0.attn_qkv.weight: Q, K and V in one */
	/* [layer] 1: blk.N.ffn_gate_inp.weight, the layer's router (N below
	 * 1024, MODEL_MAX_LAYERS) */
	uint8_t router[1024];
	uint64_t end;                      /* offset just past the tensor infos */
};

/* An open file and what its header holds. */
struct gguf_file {
	int fd;
	const char *path;
	uint64_t size, off;
	uint64_t bstart;
	size_t blen;
	char *err;
	size_t errlen;
	struct gguf_kv *kvs;
	size_t nkv;
	struct gguf_tensors tn;
	int at_is_line;     /* keys made from a text (llamalog.c): offsets are line numbers */
	/* keys made from a config.json (hfconv.c): no tensor infos, and
	 * errors said by fail_at (at the key's source) */
	int no_tensors;
	int (*fail_at)(void *ctx, uint64_t at, const char *key,
		       const char *what);
	void *fail_ctx;
	/* Set by the caller before gguf_open to keep every tensor's info
	 * (wquant.c sizes each tensor for weights=TYPE): keep[keepmax],
	 * nkeep filled; names longer than the slot make the file refused. */
	struct wq_tensor *keep;
	size_t keepmax, nkeep;
	uint8_t buf[1 << 16];
};

/* Read the header of path into r (zeroed by the caller: it is large, allocate
 * it).  0, or -1 with "FILE: byte N: what" in err.  gguf_close in any case. */
int gguf_open(struct gguf_file *r, const char *path, char *err, size_t errlen);
void gguf_close(struct gguf_file *r);
/* A split model (split.count > 1, llama-model-loader.cpp): r opened
 * from its first file, PREFIX-00001-of-NNNNN.gguf; the tensors of
 * every other file (llama_split_path) are added to r's (r->tn, and
 * r->keep when set).  0, or -1 with the error of the file at fault. */
int gguf_read_splits(struct gguf_file *r);
/* The entry of that key, or NULL. */
struct gguf_kv *gguf_find(struct gguf_file *r, const char *key);
/* The one-line error "FILE: byte N: [key: ]what" into r->err; returns -1. */
int gguf_fail(struct gguf_file *r, uint64_t at, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
int gguf_is_int(int type);

#endif
