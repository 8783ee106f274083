/*
 * Tiled's and naive's two micro-kernels and the FMA probe in 16-float
 * vectors (AVX-512F), included once by fastattn.c after the AVX2 build,
 * whose kernels these stand in for where the CPU has AVX-512F.
 *
 * Why these three: prefill is bound by its FMAs (tiled ran at about 70 % of
 * the 8-lane FMA peak), and one 16-lane FMA does the work of two 8-lane
 * ones: measured 246 GFLOP/s on one thread here against 133.  The peak
 * the bench compares against is measured in the same width as the
 * kernels, so a share of it stays a share.  Decode is bound by memory and
 * stays AVX2 (a 16-lane q8_0 decode, its scales from a table of every
 * half, took 11.1 ns a key and head from L2 against 13.3, but was only
 * 2-3 % faster from memory: not worth a second copy).  The
 * code is fastattn_mk.h's, as in the AVX2 build: the same sums in the same
 * order, only more lanes at a time.
 */
#ifndef ATTNVIZ_FASTATTN_AVX512_H
#define ATTNVIZ_FASTATTN_AVX512_H

typedef float v16f __attribute__((vector_size(64)));

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx512f,avx2,fma,f16c"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx512f,avx2,fma,f16c")
#endif

static inline v16f load16_avx512(const float *p)
{
	v16f x;
	memcpy(&x, p, sizeof x);
	return x;
}

static inline void store16_avx512(float *p, v16f x)
{
	memcpy(p, &x, sizeof x);
}

#define FN(name) name##_avx512
#define VEC v16f
#define VW 16
#define VLOAD load16_avx512
#define VSTORE store16_avx512
#define VSPLAT(x) ((v16f){(x), (x), (x), (x), (x), (x), (x), (x), (x), (x), (x), (x), (x), (x), (x), (x)})
#include "kern/fastattn_mk.h"
#undef FN
#undef VEC
#undef VW
#undef VLOAD
#undef VSTORE
#undef VSPLAT

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

#endif
