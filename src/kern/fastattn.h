/*
 * fastattn: real-size attention on the CPU for the benchmark: tiled
 * (FlashAttention), naive, and decode split across threads by key ranges
 * (flash-decoding).  On a CPU the lesson's SRAM is L1/L2 and its HBM is DRAM:
 * the tiled kernel keeps a 96x64 score tile, the running m and l and the
 * output rows of its query block in cache and never writes S; the naive
 * kernel really allocates and writes the n x n score matrix of each head,
 * then reads it back for the softmax and for P V.
 *
 * Q and O are f32.  K and V are stored f32, f16 (what engines keep in their
 * KV cache: llama.cpp's default cache type is f16), or quantized in ggml's
 * q8_0 / q4_0 blocks (kern/quant.h: 32 values and one f16 scale, 34 or 18
 * bytes; llama.cpp's -ctk / -ctv q8_0, q4_0).  f16 blocks are widened to f32
 * as they are read, with F16C where the CPU has it.  Quantized rows are
 * dequantized as they are read: decode rounds the query to int16 per block
 * and takes its exact integer dot product with a block's ints, tiled's
 * one-query case multiplies the float query by them, both in registers,
 * and scale the block's sum;
 * tiled and naive dequantize one key row at a time into their transposed
 * key tile and one block of BC value rows into their value tile, scratch
 * that does not grow with n.
 *
 * Tiled and naive use the same register-blocked micro-kernels (6 rows x 2
 * vectors of columns of FMAs, 8 or 16 floats a vector by build), so the
 * difference measured is the memory traffic, not the arithmetic.  The
 * kernels come in paths chosen at run time by CPUID (enum fastattn_build):
 * portable; AVX2+FMA+F16C; and AVX-512.  Where the CPU has AVX-512F the
 * two micro-kernels and the FMA peak run in 16-float vectors
 * (fastattn_avx512.h): prefill is bound by its FMAs, which AVX-512
 * doubles.  Where it also has AVX-512BW, VL and VNNI, decode runs in 16
 * lanes too: f16 K and V widened 16 halves an instruction, q8_0 and q4_0
 * scores as 16-lane integer dot products with the same int16 query (q4_0
 * with vpdpwssd, four blocks a register), their values widened or looked
 * up 16 at a time.  Without VNNI
 * decode stays AVX2 (a 16-lane q8_0 decode in floats did 17 % less work
 * from L2 but ran only 2-3 % faster from memory on a narrower core).
 */
#ifndef ATTNVIZ_FASTATTN_H
#define ATTNVIZ_FASTATTN_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#define FASTATTN_MAX_D 256
#define FASTATTN_MAX_THREADS 64

/* Which build (path) of the kernels runs: the best this CPU has; the
 * portable one even where AVX2+FMA+F16C is there; the AVX2 one even where
 * AVX-512 is; the AVX-512 one (16 lanes: tiled's and naive's micro-kernels
 * and the FMA peak with AVX-512F, decode too with BW, VL and VNNI).  A
 * build the CPU lacks falls back to the next one below it. */
enum fastattn_build {
	FASTATTN_BUILD_BEST,
	FASTATTN_BUILD_PORTABLE,
	FASTATTN_BUILD_AVX2,
	FASTATTN_BUILD_AVX512,
	FASTATTN_NBUILDS
};

/* Quantized K and V need d % 32 == 0: a row of d values is d / 32 blocks. */
enum fastattn_kv { FASTATTN_F32, FASTATTN_F16, FASTATTN_Q8_0, FASTATTN_Q4_0 };

struct fastattn_args {
	const float *q;   /* [heads][nq][d] */
	const void *k;    /* [heads][nkv][d] of float (kv f32), uint16_t halves (kv f16),
			   * or [heads][nkv][d / 32] ggml blocks (kv q8_0, q4_0) */
	const void *v;    /* [heads][nkv][d], same type as k */
	float *o;         /* [heads][nq][d] */
	int heads, nq, nkv, d;
	int causal;       /* query i sits at position nkv - nq + i */
	int threads;
	int kv;           /* enum fastattn_kv; 0 (f32) by default */
	const atomic_int *cancel;   /* optional: nonzero stops the run between blocks */
	int build;        /* enum fastattn_build: the best the CPU has (0), or one below it (tests compare them) */
};

struct fastattn_stats {
	int64_t peak_extra_bytes;   /* scratch the kernel allocated, all threads */
	double flops;               /* floating-point operations performed (2 per FMA), padding excluded */
	double kv_bytes;            /* bytes of K and V read from the inputs, counting each re-read */
};

/* What a kernel's negative return says, beside the one-line reason in err. */
enum fastattn_error {
	FASTATTN_EFAIL = -1,     /* bad sizes, no memory, no threads */
	FASTATTN_ETOOBIG = -2,   /* naive: the score matrix does not fit in this machine's memory */
};

/* Each returns 0; 1 when *cancel stopped it (the output is incomplete); or
 * an enum fastattn_error with a reason in err. */
int fastattn_tiled(const struct fastattn_args *a, struct fastattn_stats *st, char *err, size_t errlen);
/* Refuses a score matrix that would not fit in memory: FASTATTN_ETOOBIG. */
int fastattn_naive(const struct fastattn_args *a, struct fastattn_stats *st, char *err, size_t errlen);
/* Decode: one query per head (nq == 1) against all nkv keys.  Each thread
 * streams its own range of keys of every head, keeping only (m, s, acc[d]);
 * the partial states are merged exactly:
 *   m = max(m1, m2),  s = s1 e^(m1-m) + s2 e^(m2-m),  acc = acc1 e^(m1-m) + acc2 e^(m2-m)
 * and o = acc / s.  Scratch does not depend on nkv. */
int fastattn_decode(const struct fastattn_args *a, struct fastattn_stats *st, char *err, size_t errlen);

/* Bytes of one K or V row of d values stored as kv. */
size_t fastattn_row_bytes(int kv, int d);

/* Which build of the kernels runs here unless another is asked:
 * "portable", "avx2+fma+f16c", "avx512f/avx2" (tiles in 16 lanes, decode
 * AVX2), or "avx512-vnni" (tiles and decode in 16 lanes). */
const char *fastattn_isa(void);
/* The build that runs when `build` (enum fastattn_build) is asked, by the
 * same names: a build the CPU lacks falls back to the next one below. */
const char *fastattn_build_name(int build);
/* 1 when the CPU has `build` itself (BEST always), 0 when asking for it
 * runs a build below it: the tests run every build that answers 1. */
int fastattn_build_native(int build);
/* dst[n] = src[n] widened from f16 by the kernels' own conversion (F16C, or
 * the portable one where the CPU lacks it or portable is nonzero). */
void fastattn_f16_to_f32(float *dst, const uint16_t *src, size_t n, int portable);

/* The one clock of the benchmark: monotonic seconds. */
double fastattn_now(void);
/* Machine figures: GFLOP/s of independent FMAs on `threads` threads, and the
 * GB/s that `threads` threads read together streaming through a buffer far
 * larger than the caches (each its own slice). */
double fastattn_fma_peak(int threads, double seconds);
double fastattn_read_bandwidth(int threads, double seconds);

#endif
