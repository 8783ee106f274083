/*
 * Tiled's and naive's two micro-kernels and the FMA peak in 16-lane vectors
 * (AVX-512F), included once by fastattn.c after the AVX2 build, whose
 * kernels these stand in for where the CPU has AVX-512F.
 *
 * Why these three: prefill is bound by its FMAs (tiled ran at about 70 % of
 * the 8-lane FMA peak), and one 16-lane FMA does the work of two 8-lane
 * ones: measured 246 GFLOP/s on one thread here against 133.  The peak
 * the bench compares against is measured in the same width as the
 * kernels, so a share of it stays a share.  Decode is bound by memory and
 * stays AVX2 (a 16-lane q8_0 decode ran 15 % slower from L2 here).
 *
 * The sums are the AVX2 kernels' sums: each score and each output column
 * is one chain of FMAs over the same terms in the same order (d for a
 * score, the block's keys for an output), only more lanes at a time.
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

#define V16(x) ((v16f){(x), (x), (x), (x), (x), (x), (x), (x), (x), (x), (x), (x), (x), (x), (x), (x)})

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

/* S[rows_p][cols_p] = Qs Kt, as mk_scores: 6 rows x 32 columns a step (12
 * accumulators over all of d), then 6 x 16 where 16 columns are left
 * (cols_p % 16 == 0, rows_p % 6 == 0). */
static void mk_scores_avx512(const float *qs, int d, const float *kt, int ldk, float *s, int lds, int rows_p, int cols_p)
{
	for (int i0 = 0; i0 < rows_p; i0 += 6) {
		const float *q0 = qs + (size_t)i0 * d;
		int j0 = 0;
		for (; j0 + 32 <= cols_p; j0 += 32) {
			v16f a00 = V16(0), a01 = V16(0), a10 = V16(0), a11 = V16(0), a20 = V16(0), a21 = V16(0);
			v16f a30 = V16(0), a31 = V16(0), a40 = V16(0), a41 = V16(0), a50 = V16(0), a51 = V16(0);
			for (int c = 0; c < d; c++) {
				v16f k0 = load16_avx512(kt + (size_t)c * ldk + j0), k1 = load16_avx512(kt + (size_t)c * ldk + j0 + 16);
				float x0 = q0[c], x1 = q0[d + c], x2 = q0[2 * d + c];
				float x3 = q0[3 * d + c], x4 = q0[4 * d + c], x5 = q0[5 * d + c];
				a00 += x0 * k0, a01 += x0 * k1;
				a10 += x1 * k0, a11 += x1 * k1;
				a20 += x2 * k0, a21 += x2 * k1;
				a30 += x3 * k0, a31 += x3 * k1;
				a40 += x4 * k0, a41 += x4 * k1;
				a50 += x5 * k0, a51 += x5 * k1;
			}
			float *o = s + (size_t)i0 * lds + j0;
			store16_avx512(o, a00), store16_avx512(o + 16, a01);
			store16_avx512(o + lds, a10), store16_avx512(o + lds + 16, a11);
			store16_avx512(o + 2 * lds, a20), store16_avx512(o + 2 * lds + 16, a21);
			store16_avx512(o + 3 * lds, a30), store16_avx512(o + 3 * lds + 16, a31);
			store16_avx512(o + 4 * lds, a40), store16_avx512(o + 4 * lds + 16, a41);
			store16_avx512(o + 5 * lds, a50), store16_avx512(o + 5 * lds + 16, a51);
		}
		if (j0 < cols_p) {
			v16f a0 = V16(0), a1 = V16(0), a2 = V16(0), a3 = V16(0), a4 = V16(0), a5 = V16(0);
			for (int c = 0; c < d; c++) {
				v16f k0 = load16_avx512(kt + (size_t)c * ldk + j0);
				a0 += q0[c] * k0, a1 += q0[d + c] * k0, a2 += q0[2 * d + c] * k0;
				a3 += q0[3 * d + c] * k0, a4 += q0[4 * d + c] * k0, a5 += q0[5 * d + c] * k0;
			}
			float *o = s + (size_t)i0 * lds + j0;
			store16_avx512(o, a0), store16_avx512(o + lds, a1), store16_avx512(o + 2 * lds, a2);
			store16_avx512(o + 3 * lds, a3), store16_avx512(o + 4 * lds, a4), store16_avx512(o + 5 * lds, a5);
		}
	}
}

/* O[rows_p][d] += P[rows_p][cols] V[cols][d], as mk_pv: 6 rows x 32
 * columns of d a step, then 6 x 16 where 16 are left, then the last
 * d % 16 columns one by one. */
static void mk_pv_avx512(const float *p, int ldp, const float *v, int d, float *o, int rows_p, int cols)
{
	int d32 = d / 32 * 32, d16 = d / 16 * 16;
	for (int i0 = 0; i0 < rows_p; i0 += 6) {
		const float *p0 = p + (size_t)i0 * ldp;
		for (int c0 = 0; c0 < d32; c0 += 32) {
			float *o0 = o + (size_t)i0 * d + c0;
			v16f a00 = load16_avx512(o0), a01 = load16_avx512(o0 + 16);
			v16f a10 = load16_avx512(o0 + d), a11 = load16_avx512(o0 + d + 16);
			v16f a20 = load16_avx512(o0 + 2 * d), a21 = load16_avx512(o0 + 2 * d + 16);
			v16f a30 = load16_avx512(o0 + 3 * d), a31 = load16_avx512(o0 + 3 * d + 16);
			v16f a40 = load16_avx512(o0 + 4 * d), a41 = load16_avx512(o0 + 4 * d + 16);
			v16f a50 = load16_avx512(o0 + 5 * d), a51 = load16_avx512(o0 + 5 * d + 16);
			for (int j = 0; j < cols; j++) {
				v16f v0 = load16_avx512(v + (size_t)j * d + c0), v1 = load16_avx512(v + (size_t)j * d + c0 + 16);
				float x0 = p0[j], x1 = p0[ldp + j], x2 = p0[2 * ldp + j];
				float x3 = p0[3 * ldp + j], x4 = p0[4 * ldp + j], x5 = p0[5 * ldp + j];
				a00 += x0 * v0, a01 += x0 * v1;
				a10 += x1 * v0, a11 += x1 * v1;
				a20 += x2 * v0, a21 += x2 * v1;
				a30 += x3 * v0, a31 += x3 * v1;
				a40 += x4 * v0, a41 += x4 * v1;
				a50 += x5 * v0, a51 += x5 * v1;
			}
			store16_avx512(o0, a00), store16_avx512(o0 + 16, a01);
			store16_avx512(o0 + d, a10), store16_avx512(o0 + d + 16, a11);
			store16_avx512(o0 + 2 * d, a20), store16_avx512(o0 + 2 * d + 16, a21);
			store16_avx512(o0 + 3 * d, a30), store16_avx512(o0 + 3 * d + 16, a31);
			store16_avx512(o0 + 4 * d, a40), store16_avx512(o0 + 4 * d + 16, a41);
			store16_avx512(o0 + 5 * d, a50), store16_avx512(o0 + 5 * d + 16, a51);
		}
		if (d32 < d16) {
			float *o0 = o + (size_t)i0 * d + d32;
			v16f a0 = load16_avx512(o0), a1 = load16_avx512(o0 + d), a2 = load16_avx512(o0 + 2 * d);
			v16f a3 = load16_avx512(o0 + 3 * d), a4 = load16_avx512(o0 + 4 * d), a5 = load16_avx512(o0 + 5 * d);
			for (int j = 0; j < cols; j++) {
				v16f v0 = load16_avx512(v + (size_t)j * d + d32);
				a0 += p0[j] * v0, a1 += p0[ldp + j] * v0, a2 += p0[2 * ldp + j] * v0;
				a3 += p0[3 * ldp + j] * v0, a4 += p0[4 * ldp + j] * v0, a5 += p0[5 * ldp + j] * v0;
			}
			store16_avx512(o0, a0), store16_avx512(o0 + d, a1), store16_avx512(o0 + 2 * d, a2);
			store16_avx512(o0 + 3 * d, a3), store16_avx512(o0 + 4 * d, a4), store16_avx512(o0 + 5 * d, a5);
		}
		for (int r = 0; r < 6; r++)
			for (int c = d16; c < d; c++) {
				float acc = o[(size_t)(i0 + r) * d + c];
				for (int j = 0; j < cols; j++)
					acc += p0[(size_t)r * ldp + j] * v[(size_t)j * d + c];
				o[(size_t)(i0 + r) * d + c] = acc;
			}
	}
}

/* The machine's FMA rate in 16 lanes: twelve independent chains, as the
 * AVX2 build's fma_loop (each iteration is 12 x 16 FMAs where that one's
 * is 12 x 8: fastattn_fma_peak counts the lanes). */
static double fma_loop_avx512(long iters)
{
	v16f a0 = V16(1), a1 = V16(2), a2 = V16(3), a3 = V16(4), a4 = V16(5), a5 = V16(6);
	v16f a6 = V16(7), a7 = V16(8), a8 = V16(9), a9 = V16(10), a10 = V16(11), a11 = V16(12);
	const v16f x = V16(0.999999f), y = V16(1e-7f);
	for (long i = 0; i < iters; i++) {
		a0 = a0 * x + y, a1 = a1 * x + y, a2 = a2 * x + y, a3 = a3 * x + y;
		a4 = a4 * x + y, a5 = a5 * x + y, a6 = a6 * x + y, a7 = a7 * x + y;
		a8 = a8 * x + y, a9 = a9 * x + y, a10 = a10 * x + y, a11 = a11 * x + y;
	}
	v16f s = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11;
	return s[0] + s[15];
}

#undef V16

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

#endif
