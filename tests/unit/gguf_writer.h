/*
 * gguf_writer: writes GGUF test fixtures from a small text spec, for the
 * GGUF reader's tests (no GGUF library is packaged).  Headers only: tensor
 * infos with shapes but no data, unless `data N` asks for N zero bytes.
 *
 *   magic XXXX              the first 4 bytes (default GGUF)
 *   version N               default 3
 *   nkv N / ntensors N      counts written in the header (default: the real ones)
 *   kv KEY TYPE VALUE       TYPE u8 i8 u16 i16 u32 i32 u64 i64 f32 f64 bool str
 *   arr KEY TYPE ITEMS      comma list; "V*N" repeats V N times
 *   nested KEY              an array of arrays
 *   badtype KEY N           a value of type id N (nothing follows)
 *   strlen KEY LEN TEXT     a string value whose length field says LEN
 *   tensor NAME D0 D1 ...   a tensor info with those dimensions (f32 unless `type`)
 *   type T                  the type of the tensors after it: f32 f16 q4_0 q8_0
 *                           q4_K q6_K bf16 mxfp4 q2_K q3_K q5_K iq4_xs iq2_xxs
 *                           tq2_0 q5_1
 *   offsets [ALIGN]         the tensors after it get their real data offsets
 *                           (each padded to ALIGN, default 32, as ggml's reader checks)
 *   sparse                  extend the file with a hole to the data section's end
 *   data N                  N zero bytes after the tensor infos
 *   truncate N              cut the file to N bytes
 *
 * Lines starting with '#' and empty lines are ignored.
 */
#ifndef ATTNVIZ_TEST_GGUF_WRITER_H
#define ATTNVIZ_TEST_GGUF_WRITER_H

#include <stddef.h>

/* Write the file; 0, or -1 with a message in err. */
int gguf_spec_write(const char *spec, const char *path, char *err, size_t errlen);
/* The same, and the tensors' data bytes (blocks x block bytes of each
 * tensor, unpadded) into *tensor_bytes when it is not NULL. */
int gguf_spec_write_counted(const char *spec, const char *path, long long *tensor_bytes, char *err, size_t errlen);

#endif
