/*
 * ggml_type: the storage of every ggml tensor type a GGUF file may hold, as
 * ggml's type traits give it (ggml/src/ggml.c type_traits[], the blocks of
 * ggml/src/ggml-common.h; ids from ggml/include/ggml.h enum ggml_type).
 * A row of ne0 values of a type takes ne0 / blck blocks of `bytes` each
 * (ggml_row_size), and ne0 must be a whole number of blocks (gguf.cpp
 * refuses the file otherwise).
 */
#ifndef ATTNVIZ_GGML_TYPE_H
#define ATTNVIZ_GGML_TYPE_H

#include <stdint.h>

/* ggml_type ids in use stay below this (GGML_TYPE_COUNT is 43 in the source read). */
#define GGML_TYPE_LIMIT 64

/* The ids of the types a converter writes unquantized (ggml.h enum
 * ggml_type). */
enum { GGML_ID_F32 = 0, GGML_ID_F16 = 1, GGML_ID_BF16 = 30 };

struct ggml_type_info {
	const char *name;   /* ggml_type_name; NULL for an id that is unused or removed */
	int64_t blck;       /* values a block (ggml_blck_size) */
	int64_t bytes;      /* bytes a block (ggml_type_size) */
};

/* The row of ggml type id t, or NULL when t names no type a file may hold
 * (removed, deprecated or unknown ids). */
const struct ggml_type_info *ggml_type_get(uint32_t t);
/* Bytes of a tensor of type t and ne[0..nd-1] (ggml_nbytes of a contiguous
 * tensor: ggml_row_size(t, ne[0]) x ne[1] x ...); -1 when t is unknown,
 * ne[0] is not a whole number of blocks, or the size overflows 64 bits. */
int64_t ggml_type_tensor_bytes(uint32_t t, const int64_t *ne, int nd);

#endif
