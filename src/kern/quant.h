/*
 * quant: ggml's q8_0 and q4_0 blocks, the layouts llama.cpp stores a
 * quantized KV cache in (-ctk q8_0 / -ctv q4_0; ggml-common.h).  A block holds
 * QUANT_BLOCK = 32 consecutive values of a row and one f16 scale d:
 *
 *   q8_0   d, then 32 int8 qs          34 bytes; value i = qs[i] * d
 *   q4_0   d, then 16 bytes of nibbles 18 bytes; value i = (nibble i - 8) * d,
 *          the low nibble of byte j is element j, the high nibble element 16 + j
 *
 * The quantizers are ggml's reference ones (quantize_row_q8_0_ref,
 * quantize_row_q4_0_ref), so a block made here is the block llama.cpp makes
 * from the same floats, byte for byte.  Rows are d values, d a multiple of 32:
 * a row is d / 32 blocks, one after another.
 */
#ifndef ATTNVIZ_QUANT_H
#define ATTNVIZ_QUANT_H

#include <stddef.h>
#include <stdint.h>

#define QUANT_BLOCK 32
#define QUANT_Q8_0_BYTES 34
#define QUANT_Q4_0_BYTES 18

/* What each block is in memory (uint16_t alignment: no padding). */
struct block_q8_0 {
	uint16_t d;                     /* f16 scale */
	int8_t qs[QUANT_BLOCK];         /* the ints */
};
struct block_q4_0 {
	uint16_t d;                     /* f16 scale */
	uint8_t qs[QUANT_BLOCK / 2];    /* element j in the low nibble of qs[j], 16 + j in the high */
};

enum quant_type { QUANT_F16, QUANT_Q8_0, QUANT_Q4_0, QUANT_NTYPES };

/* "f16", "q8_0", "q4_0". */
const char *quant_name(int type);
/* Bytes of one block of 32 values: 64, 34, 18. */
int quant_block_bytes(int type);
/* Bytes of a row of d values (d % 32 == 0 for the block types). */
size_t quant_row_bytes(int type, int d);

/* dst gets n / 32 blocks of src[n] (n % 32 == 0). */
void quant_q8_0(struct block_q8_0 *dst, const float *src, size_t n);
void quant_q4_0(struct block_q4_0 *dst, const float *src, size_t n);
/* dst[n] = the values the blocks hold, as float. */
void dequant_q8_0(float *dst, const struct block_q8_0 *src, size_t n);
void dequant_q4_0(float *dst, const struct block_q4_0 *src, size_t n);
/* The same through the type: dst gets quant_row_bytes(type, n) bytes (f16:
 * halves), and back. */
void quant_row(int type, void *dst, const float *src, size_t n);
void dequant_row(int type, float *dst, const void *src, size_t n);

/* Element i (0..31) of a q4_0 block as its nibble, 0..15. */
int quant_q4_0_nibble(const struct block_q4_0 *b, int i);

#endif
