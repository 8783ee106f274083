/*
 * fastattn: real-size attention in f32 on the CPU, tiled (FlashAttention)
 * and naive, for the benchmark.  On a CPU the lesson's SRAM is L1/L2 and its
 * HBM is DRAM: the tiled kernel keeps a 96x64 score tile, the running m and
 * l and the output rows of its query block in cache and never writes S; the
 * naive kernel really allocates and writes the n x n score matrix of each
 * head, then reads it back for the softmax and for P V.
 *
 * Both use the same register-blocked micro-kernels (6 rows x 16 columns of
 * FMAs on 8-float vectors), so the difference measured is the memory
 * traffic, not the arithmetic.  An AVX2+FMA build of the kernels is chosen
 * at run time when the CPU has it; a portable build runs everywhere else.
 */
#ifndef ATTNVIZ_FASTATTN_H
#define ATTNVIZ_FASTATTN_H

#include <stddef.h>
#include <stdint.h>

#define FASTATTN_MAX_D 256
#define FASTATTN_MAX_THREADS 64

struct fastattn_args {
	const float *q;   /* [heads][nq][d] */
	const float *k;   /* [heads][nkv][d] */
	const float *v;   /* [heads][nkv][d] */
	float *o;         /* [heads][nq][d] */
	int heads, nq, nkv, d;
	int causal;       /* query i sits at position nkv - nq + i */
	int threads;
};

struct fastattn_stats {
	int64_t peak_extra_bytes;   /* scratch the kernel allocated, all threads */
};

/* 0, or -1 with a reason (bad sizes, no memory). */
int fastattn_tiled(const struct fastattn_args *a, struct fastattn_stats *st, char *err, size_t errlen);
/* 0, or -1 with a reason; refuses a score matrix that would not fit in memory. */
int fastattn_naive(const struct fastattn_args *a, struct fastattn_stats *st, char *err, size_t errlen);
/* Which build of the kernels runs here: "avx2+fma" or "portable". */
const char *fastattn_isa(void);
/* Force the portable build (tests compare the two). */
void fastattn_force_portable(int on);

/* Machine figures: GFLOP/s of independent FMAs on `threads` threads, and GB/s read by one thread. */
double fastattn_fma_peak(int threads, double seconds);
double fastattn_read_bandwidth(double seconds);

#endif
