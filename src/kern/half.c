#include "kern/half.h"

#include <math.h>
#include <string.h>

float half_to_float(uint16_t h)
{
	uint32_t sign = (uint32_t)(h & 0x8000u) << 16, em = h & 0x7fffu, bits = em << 13;
	float f;
	if (em >= 0x7c00u) {   /* infinity or NaN: all exponent bits set */
		bits |= 0x7f800000u;
	} else {
		/* Exponent and mantissa shifted into float position read as 2^-112
		 * times the value (subnormals included): scale back exactly. */
		memcpy(&f, &bits, sizeof f);
		f *= 0x1p112f;
		memcpy(&bits, &f, sizeof bits);
	}
	bits |= sign;
	memcpy(&f, &bits, sizeof f);
	return f;
}

uint16_t half_from_float(float f)
{
	uint32_t x;
	memcpy(&x, &f, sizeof x);
	uint16_t sign = (uint16_t)((x >> 16) & 0x8000u);
	uint32_t ax = x & 0x7fffffffu;
	if (ax > 0x7f800000u)
		return sign | 0x7e00u;              /* NaN stays NaN (quiet) */
	if (ax >= 0x477ff000u)
		return sign | 0x7c00u;              /* >= 65520 rounds past 65504: infinity */
	if (ax < 0x38800000u) {
		/* Below 2^-14, the smallest normal half: a multiple of 2^-24 (a
		 * subnormal), rounded to nearest even by rintf; 1024 is 2^-14 itself,
		 * whose encoding 0x400 is that count. */
		float a;
		memcpy(&a, &ax, sizeof a);
		return sign | (uint16_t)rintf(a * 0x1p24f);
	}
	/* Normal: rebias the exponent (127 -> 15) and round the 13 dropped mantissa
	 * bits to nearest even; a carry moves into the exponent as it should. */
	ax += 0xfffu + ((ax >> 13) & 1u);
	return sign | (uint16_t)((ax - 0x38000000u) >> 13);
}

void half_from_floats(uint16_t *dst, const float *src, size_t n)
{
	for (size_t i = 0; i < n; i++)
		dst[i] = half_from_float(src[i]);
}
