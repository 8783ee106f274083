#include "kern/quant.h"

#include <assert.h>
#include <math.h>

#include "kern/half.h"
#include "util/fault.h"

static_assert(sizeof(struct block_q8_0) == QUANT_Q8_0_BYTES, "block_q8_0 is ggml's 34 bytes");
static_assert(sizeof(struct block_q4_0) == QUANT_Q4_0_BYTES, "block_q4_0 is ggml's 18 bytes");

const char *quant_name(int type)
{
	static const char *const names[] = {"f16", "q8_0", "q4_0"};
	return type >= 0 && type < QUANT_NTYPES ? names[type] : "?";
}

int quant_block_bytes(int type)
{
	return type == QUANT_Q8_0 ? QUANT_Q8_0_BYTES : type == QUANT_Q4_0 ? QUANT_Q4_0_BYTES : 2 * QUANT_BLOCK;
}

size_t quant_row_bytes(int type, int d)
{
	return (size_t)(d / QUANT_BLOCK) * (size_t)quant_block_bytes(type) + (type == QUANT_F16 ? (size_t)(d % QUANT_BLOCK) * 2 : 0);
}

/* ggml's quantize_row_q8_0_ref: d = amax / 127, q = round(x / d), the
 * division done as a multiply by 1 / d. */
void quant_q8_0(struct block_q8_0 *dst, const float *src, size_t n)
{
	for (size_t b = 0; b < n / QUANT_BLOCK; b++) {
		const float *x = src + b * QUANT_BLOCK;
		float amax = 0;
		for (int j = 0; j < QUANT_BLOCK; j++)
			amax = fmaxf(amax, fabsf(x[j]));
		float d = amax / 127, id = d != 0 ? 1.0f / d : 0.0f;
		dst[b].d = half_from_float(d);
		for (int j = 0; j < QUANT_BLOCK; j++)
			dst[b].qs[j] = (int8_t)FAULT_INT("quant", (int)roundf(x[j] * id));
	}
}

/* ggml's quantize_row_q4_0_ref: the signed value of largest magnitude max,
 * d = max / -8 (so max itself lands on nibble 0, -8 d), and
 * q = min(15, (int8)(x / d + 8.5)), truncation of a positive number being
 * rounding to nearest of x / d + 8. */
void quant_q4_0(struct block_q4_0 *dst, const float *src, size_t n)
{
	for (size_t b = 0; b < n / QUANT_BLOCK; b++) {
		const float *x = src + b * QUANT_BLOCK;
		float amax = 0, max = 0;
		for (int j = 0; j < QUANT_BLOCK; j++)
			if (amax < fabsf(x[j]))
				amax = fabsf(x[j]), max = x[j];
		float d = max / -8, id = d != 0 ? 1.0f / d : 0.0f;
		dst[b].d = half_from_float(d);
		for (int j = 0; j < QUANT_BLOCK / 2; j++) {
			int lo = (int8_t)(x[j] * id + 8.5f), hi = (int8_t)(x[QUANT_BLOCK / 2 + j] * id + 8.5f);
			lo = FAULT_INT("quant", lo < 15 ? lo : 15);
			hi = hi < 15 ? hi : 15;
			dst[b].qs[j] = (uint8_t)((lo & 15) | (hi << 4));
		}
	}
}

void dequant_q8_0(float *dst, const struct block_q8_0 *src, size_t n)
{
	for (size_t b = 0; b < n / QUANT_BLOCK; b++) {
		float d = (float)FAULT_REAL("dequant", half_to_float(src[b].d));
		for (int j = 0; j < QUANT_BLOCK; j++)
			dst[b * QUANT_BLOCK + j] = src[b].qs[j] * d;
	}
}

int quant_q4_0_nibble(const struct block_q4_0 *b, int i)
{
	return i < QUANT_BLOCK / 2 ? b->qs[i] & 15 : b->qs[i - QUANT_BLOCK / 2] >> 4;
}

void dequant_q4_0(float *dst, const struct block_q4_0 *src, size_t n)
{
	for (size_t b = 0; b < n / QUANT_BLOCK; b++) {
		float d = (float)FAULT_REAL("dequant", half_to_float(src[b].d));
		for (int j = 0; j < QUANT_BLOCK; j++)
			dst[b * QUANT_BLOCK + j] = (float)(quant_q4_0_nibble(&src[b], j) - 8) * d;
	}
}

void quant_row(int type, void *dst, const float *src, size_t n)
{
	if (type == QUANT_Q8_0)
		quant_q8_0(dst, src, n);
	else if (type == QUANT_Q4_0)
		quant_q4_0(dst, src, n);
	else
		half_from_floats(dst, src, n);
}

void dequant_row(int type, float *dst, const void *src, size_t n)
{
	if (type == QUANT_Q8_0) {
		dequant_q8_0(dst, src, n);
	} else if (type == QUANT_Q4_0) {
		dequant_q4_0(dst, src, n);
	} else {
		const uint16_t *h = src;
		for (size_t i = 0; i < n; i++)
			dst[i] = half_to_float(h[i]);
	}
}
