/* java.util.Random, as its specification describes it. */
#include "kern/jrand.h"

#include <math.h>

#define JRAND_MULT 0x5DEECE66DULL
#define JRAND_ADD 0xBULL
#define JRAND_MASK ((1ULL << 48) - 1)

void jrand_init(struct jrand *r, int64_t seed)
{
	r->seed = ((uint64_t)seed ^ JRAND_MULT) & JRAND_MASK;
	r->have_gaussian = 0;
	r->next_gaussian = 0;
}

int32_t jrand_next(struct jrand *r, int bits)
{
	r->seed = (r->seed * JRAND_MULT + JRAND_ADD) & JRAND_MASK;
	/* Java casts the shifted long to int: keep the low 32 bits, signed. */
	uint32_t u = (uint32_t)(r->seed >> (48 - bits));
	return (int32_t)u;
}

int32_t jrand_int(struct jrand *r)
{
	return jrand_next(r, 32);
}

int32_t jrand_int_below(struct jrand *r, int32_t bound)
{
	if (bound <= 0)
		return -1;
	if ((bound & -bound) == bound)   /* a power of two: take the high bits */
		return (int32_t)(((int64_t)bound * jrand_next(r, 31)) >> 31);
	int32_t bits, val;
	do {
		bits = jrand_next(r, 31);
		val = bits % bound;
		/* Java rejects the values where bits - val + (bound - 1) overflows int. */
	} while ((int64_t)bits - val + (bound - 1) > INT32_MAX);
	return val;
}

double jrand_double(struct jrand *r)
{
	int64_t hi = jrand_next(r, 26);
	int64_t lo = jrand_next(r, 27);
	return (double)((hi << 27) + lo) * 0x1.0p-53;
}

double jrand_gaussian(struct jrand *r)
{
	if (r->have_gaussian) {
		r->have_gaussian = 0;
		return r->next_gaussian;
	}
	double v1, v2, s;
	do {
		v1 = 2 * jrand_double(r) - 1;
		v2 = 2 * jrand_double(r) - 1;
		s = v1 * v1 + v2 * v2;
	} while (s >= 1 || s == 0);
	double mult = sqrt(-2 * log(s) / s);
	r->next_gaussian = v2 * mult;
	r->have_gaussian = 1;
	return v1 * mult;
}
