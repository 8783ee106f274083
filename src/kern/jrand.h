/*
 * jrand: the java.util.Random generator, bit for bit.
 *
 * The lesson draws its inputs from java.util.Random (seeds 42, 7 and 3).  This
 * is that generator's published algorithm: a 48-bit linear congruential
 * generator, nextDouble from 53 bits, and nextGaussian by the polar method
 * with one cached value.  Same seed, same sequence as the JDK.
 */
#ifndef ATTNVIZ_JRAND_H
#define ATTNVIZ_JRAND_H

#include <stdint.h>

struct jrand {
	uint64_t seed;          /* 48 significant bits */
	double next_gaussian;   /* second value of the last polar pair */
	int have_gaussian;
};

/* Seed as new Random(seed) does (the scramble with the multiplier). */
void jrand_init(struct jrand *r, int64_t seed);
/* Random.next(bits): the top `bits` bits of the next state, 1 <= bits <= 32. */
int32_t jrand_next(struct jrand *r, int bits);
/* Random.nextInt(): any 32-bit value. */
int32_t jrand_int(struct jrand *r);
/* Random.nextInt(bound), bound > 0: uniform in [0, bound). Returns -1 for bound <= 0. */
int32_t jrand_int_below(struct jrand *r, int32_t bound);
/* Random.nextDouble(): uniform in [0, 1) on the 2^-53 grid. */
double jrand_double(struct jrand *r);
/* Random.nextGaussian(): standard normal, polar method. */
double jrand_gaussian(struct jrand *r);

#endif
