/*
 * Tiled's and naive's two micro-kernels and the FMA probe in 16-float
 * vectors (AVX-512F), included once by fastattn.c after the AVX2 build,
 * whose kernels these stand in for where the CPU has AVX-512F.
 *
 * The tiled kernel's exponentials (fastattn_exp.h) are taken 16 at a time
 * too: its rows are 16-score multiples.
 *
 * Why these three: prefill is bound by its FMAs (tiled ran at about 70 % of
 * the 8-lane FMA peak), and one 16-lane FMA does the work of two 8-lane
 * ones: measured 246 GFLOP/s on one thread here against 133.  The peak
 * the bench compares against is measured in the same width as the
 * kernels, so a share of it stays a share.  The
 * code is fastattn_mk.h's, as in the AVX2 build: the same sums in the same
 * order, only more lanes at a time.
 *
 * Decode was left AVX2 on a Xeon that read 13-16 GB/s a thread (a 16-lane
 * q8_0 decode, its scales from a table of every half, took 11.1 ns a key
 * and head from L2 against 13.3, but was only 2-3 % faster from memory).
 * On a core that reads 35-44 GB/s a thread it is bound by its own
 * instructions instead, and the second half of this file has it in 16
 * lanes, for CPUs with AVX-512BW, VL and VNNI besides F.
 */
#ifndef ATTNVIZ_FASTATTN_AVX512_H
#define ATTNVIZ_FASTATTN_AVX512_H

typedef float v16f __attribute__((vector_size(64)));
typedef int v16si __attribute__((vector_size(64)));

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
#define VECI v16si
#define VMAXPS(a, b) ((v16f)_mm512_max_ps((a), (b)))
#include "kern/fastattn_exp.h"
#undef VMAXPS

/* mk_pv (fastattn_mk.h) with 6 rows x 4 vectors of d's columns a step
 * where d takes them: 24 of the 32 registers accumulate, so a column of
 * V loaded and a weight broadcast feed twice the multiply-adds they do in
 * 6 x 2 (which AVX2's 16 registers hold).  Each output is the same chain
 * over j in the same order: the same bits. */
static void mk_pv4_avx512(const float *p, int ldp, const float *v, int d,
			  float *o, int rows_p, int cols)
{
	if (d % 64) {
		mk_pv_avx512(p, ldp, v, d, o, rows_p, cols);
		return;
	}
	for (int i0 = 0; i0 < rows_p; i0 += 6) {
		const float *p0 = p + (size_t)i0 * ldp;
		for (int c0 = 0; c0 < d; c0 += 64) {
			float *o0 = o + (size_t)i0 * d + c0;
			v16f a[6][4];
			for (int r = 0; r < 6; r++)
				for (int k = 0; k < 4; k++)
					a[r][k] = load16_avx512(
						o0 + (size_t)r * d + 16 * k);
			for (int j = 0; j < cols; j++) {
				const float *vj = v + (size_t)j * d + c0;
				v16f v0 = load16_avx512(vj),
				     v1 = load16_avx512(vj + 16),
				     v2 = load16_avx512(vj + 32),
				     v3 = load16_avx512(vj + 48);
#pragma GCC unroll 6
				for (int r = 0; r < 6; r++) {
					float x = p0[(size_t)r * ldp + j];
					a[r][0] += x * v0, a[r][1] += x * v1;
					a[r][2] += x * v2, a[r][3] += x * v3;
				}
			}
			for (int r = 0; r < 6; r++)
				for (int k = 0; k < 4; k++)
					store16_avx512(
						o0 + (size_t)r * d + 16 * k,
						a[r][k]);
		}
	}
}

/* A 16 x 16 tile of floats transposed in registers: unpack the pairs of
 * rows, shuffle the pairs of pairs, then move 128-bit lanes twice (64
 * shuffles where element by element took 256 loads and 256 stores). */
static inline void tr16_avx512(float *dst, size_t ldd, const float *src,
			       size_t lds)
{
	__m512 r[16], t[16];
	for (int i = 0; i < 16; i++)
		r[i] = _mm512_loadu_ps(src + (size_t)i * lds);
	for (int i = 0; i < 16; i += 2) {
		t[i] = _mm512_unpacklo_ps(r[i], r[i + 1]);
		t[i + 1] = _mm512_unpackhi_ps(r[i], r[i + 1]);
	}
	for (int i = 0; i < 16; i += 4) {
		r[i] = _mm512_shuffle_ps(t[i], t[i + 2], 0x44);
		r[i + 1] = _mm512_shuffle_ps(t[i], t[i + 2], 0xee);
		r[i + 2] = _mm512_shuffle_ps(t[i + 1], t[i + 3], 0x44);
		r[i + 3] = _mm512_shuffle_ps(t[i + 1], t[i + 3], 0xee);
	}
	for (int i = 0; i < 4; i++) {
		t[i] = _mm512_shuffle_f32x4(r[i], r[i + 4], 0x88);
		t[i + 4] = _mm512_shuffle_f32x4(r[i], r[i + 4], 0xdd);
		t[i + 8] = _mm512_shuffle_f32x4(r[i + 8], r[i + 12], 0x88);
		t[i + 12] = _mm512_shuffle_f32x4(r[i + 8], r[i + 12], 0xdd);
	}
	for (int i = 0; i < 8; i++) {
		r[i] = _mm512_shuffle_f32x4(t[i], t[i + 8], 0x88);
		r[i + 8] = _mm512_shuffle_f32x4(t[i], t[i + 8], 0xdd);
	}
	for (int i = 0; i < 16; i++)
		_mm512_storeu_ps(dst + (size_t)i * ldd, r[i]);
}

/* struct kernels' kt_block in 16 x 16 tiles (the prefill's transpose of
 * each key block was a seventh of its time); the plain one where the
 * block is not whole tiles. */
static void kt_block_avx512(float *kt, int ldk, const float *k, int cols,
			    int cols_p, int d)
{
	if (cols % 16 || d % 16) {
		kt_block_plain(kt, ldk, k, cols, cols_p, d);
		return;
	}
	for (int j = 0; j < cols; j += 16)
		for (int c = 0; c < d; c += 16)
			tr16_avx512(kt + (size_t)c * ldk + j, (size_t)ldk,
				    k + (size_t)j * d + c, (size_t)d);
	for (int c = 0; c < d; c++)
		for (int j = cols; j < cols_p; j++)
			kt[(size_t)c * ldk + j] = 0;
}
#undef FN
#undef VEC
#undef VECI
#undef VW
#undef VLOAD
#undef VSTORE
#undef VSPLAT

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

/*
 * Decode in 16 lanes, for CPUs with AVX-512F, BW, VL and VNNI (a second
 * region, its own target: AVX-512F alone keeps the AVX2 decode).  On a
 * core that streams 40 GB/s a thread, decode is no longer bound by
 * memory but by its own instructions: the AVX2 f16 decode took about 104
 * a key and head, q8_0 139 and q4_0 190 (callgrind), where the bytes of
 * a key and head arrive in 14, 7 and 4 ns.  Here every K and V row is
 * read 16 values an instruction:
 *
 *   f16    vcvtph2ps widens 16 halves straight from memory into an FMA.
 *   q4_0   the scores: each 128-bit lane of a register holds one block,
 *          the 4 blocks of 128 values side by side, so one vpdpwssd
 *          (VNNI: the int16 pairs' products added into int32) takes 8
 *          values of each of the 4 blocks; four of them are a key's whole
 *          integer dot product with the int16 query (the query rounded
 *          per block as in the AVX2 build, quantize_query), the four
 *          blocks' sums in their own lanes.  Then one convert and one
 *          multiply by the blocks' scales (the 4 halves picked from the
 *          row by one vpermw) times the query's.  The nibbles go in as
 *          0..15 (the -8 is the query's per-block sum, the accumulator's
 *          start).
 *   q8_0   the scores: a block's 32 bytes widened to int16 by one
 *          instruction, one vpmaddwd with the block's query, and the
 *          four blocks' int32 sums folded into the same lane-a-block
 *          form (fewer instructions than building it from the bytes).
 *   values 128 output columns in 8 registers for all the keys of a
 *          step: q8_0's ints widened to 16 floats (vpmovsxbd) times p and
 *          the block's scale; q4_0's products looked up by nibble in a
 *          table of the 16 (pv_q_vnni).
 *
 * The scores of 8 keys are folded to 8 lanes each and summed together
 * (hsum8).  The sums run in another order than AVX2's: the same values to
 * rounding, not the same bits (held to 1e-4 of float64 by the tests).
 */
#if defined(__clang__)
#pragma clang attribute push(                                                  \
	__attribute__((target(                                                 \
		"avx512f,avx512bw,avx512vl,avx512vnni,avx2,fma,f16c"))),       \
	apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx512f,avx512bw,avx512vl,avx512vnni,avx2,fma,f16c")
#endif

/* A 16-lane vector's two halves added: 8 lanes with the same sum. */
static inline __m256 fold16_vnni(__m512 x)
{
	__m256 hi = _mm256_castpd_ps(
		_mm512_extractf64x4_pd(_mm512_castps_pd(x), 1));
	return _mm256_add_ps(_mm512_castps512_ps256(x), hi);
}

/* Eight vectors' lane sums as one vector of 8 (as hsum8 in fastattn_impl.h). */
static inline __m256 hsum8_vnni(const __m512 r[8])
{
	__m256 t01 = _mm256_hadd_ps(fold16_vnni(r[0]), fold16_vnni(r[1]));
	__m256 t23 = _mm256_hadd_ps(fold16_vnni(r[2]), fold16_vnni(r[3]));
	__m256 t45 = _mm256_hadd_ps(fold16_vnni(r[4]), fold16_vnni(r[5]));
	__m256 t67 = _mm256_hadd_ps(fold16_vnni(r[6]), fold16_vnni(r[7]));
	__m256 u0 = _mm256_hadd_ps(t01, t23), u1 = _mm256_hadd_ps(t45, t67);
	return _mm256_add_ps(_mm256_permute2f128_ps(u0, u1, 0x20),
			     _mm256_permute2f128_ps(u0, u1, 0x31));
}

static inline float hsum16_vnni(__m512 x)
{
	__m256 y = fold16_vnni(x);
	__m128 t = _mm_add_ps(_mm256_castps256_ps128(y),
			      _mm256_extractf128_ps(y, 1));
	t = _mm_add_ps(t, _mm_movehl_ps(t, t));
	t = _mm_add_ss(t, _mm_movehdup_ps(t));
	return _mm_cvtss_f32(t);
}

/* 16 halves at p widened. */
static inline __m512 h16_vnni(const uint16_t *p)
{
	return _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)p));
}

/* One f16 key of d (a multiple of 16) against the query: its lanes sum to
 * the score.  Two chains. */
static inline __attribute__((always_inline)) __m512
dot_h_vnni(const float *q, const uint16_t *k, int d)
{
	__m512 a0 = _mm512_setzero_ps(), a1 = _mm512_setzero_ps();
	int c = 0;
	for (; c + 32 <= d; c += 32) {
		a0 = _mm512_fmadd_ps(_mm512_loadu_ps(q + c), h16_vnni(k + c),
				     a0);
		a1 = _mm512_fmadd_ps(_mm512_loadu_ps(q + c + 16),
				     h16_vnni(k + c + 16), a1);
	}
	if (c < d)
		a0 = _mm512_fmadd_ps(_mm512_loadu_ps(q + c), h16_vnni(k + c),
				     a0);
	return _mm512_add_ps(a0, a1);
}

static inline __attribute__((always_inline)) void
scores_h_vnni(const float *q, int d, const uint16_t *k, int cols, float *s,
	      int cols_p)
{
	int j = 0;
	for (; j + 8 <= cols; j += 8) {
		__m512 r[8];
		for (int i = 0; i < 8; i++)
			r[i] = dot_h_vnni(q, k + (size_t)(j + i) * d, d);
		_mm256_storeu_ps(s + j, hsum8_vnni(r));
	}
	for (; j < cols; j++)
		s[j] = hsum16_vnni(dot_h_vnni(q, k + (size_t)j * d, d));
	for (j = cols; j < cols_p; j++)
		s[j] = 0;
}

static void row_scores_h_vnni(const float *q, int d, const uint16_t *k,
			      int cols, float *s, int cols_p)
{
	if (d == 128)
		scores_h_vnni(q, 128, k, cols, s, cols_p);
	else if (d % 16 == 0)
		scores_h_vnni(q, d, k, cols, s, cols_p);
	else
		row_scores_h_avx2(q, d, k, cols, s, cols_p);
}

/* o[c0, c0 + 16 w) += sum_j p[j] v_j over f16 value rows, w vectors (at
 * most 8) of output columns in registers over all the keys. */
static inline __attribute__((always_inline)) void
pv_h_vnni(const float *p, const uint16_t *v, int d, float *o, int cols, int c0,
	  int w)
{
	__m512 a[8];
	for (int i = 0; i < w; i++)
		a[i] = _mm512_loadu_ps(o + c0 + 16 * i);
	for (int j = 0; j < cols; j++) {
		const uint16_t *vr = v + (size_t)j * d + c0;
		__m512 x = _mm512_set1_ps(p[j]);
		for (int i = 0; i < w; i++)
			a[i] = _mm512_fmadd_ps(x, h16_vnni(vr + 16 * i), a[i]);
	}
	for (int i = 0; i < w; i++)
		_mm512_storeu_ps(o + c0 + 16 * i, a[i]);
}

static void row_pv_h_vnni(const float *p, const uint16_t *v, int d, float *o,
			  int cols)
{
	if (d == 128) {
		pv_h_vnni(p, v, 128, o, cols, 0, 8);
		return;
	}
	if (d % 16 != 0) {
		row_pv_h_avx2(p, v, d, o, cols);
		return;
	}
	int c0 = 0;
	for (; c0 + 128 <= d; c0 += 128)
		pv_h_vnni(p, v, d, o, cols, c0, 8);
	for (; c0 < d; c0 += 16)
		pv_h_vnni(p, v, d, o, cols, c0, 1);
}

/* Four 16-byte pieces, `stride` bytes apart, as the four 128-bit lanes. */
static inline __m512i lanes4_vnni(const unsigned char *p, size_t stride)
{
	__m512i x = _mm512_castsi128_si512(_mm_loadu_si128((const __m128i *)p));
	x = _mm512_inserti32x4(
		x, _mm_loadu_si128((const __m128i *)(p + stride)), 1);
	x = _mm512_inserti32x4(
		x, _mm_loadu_si128((const __m128i *)(p + 2 * stride)), 2);
	return _mm512_inserti32x4(
		x, _mm_loadu_si128((const __m128i *)(p + 3 * stride)), 3);
}

/* The query of one group of 4 blocks (128 values) in the scores' layout:
 * qv[i] lane b holds the block's values 8i..8i+7, as int16; corr lane b
 * (its first int) -8 times the block's sum, q4_0's accumulators' start;
 * dqv lane b the block's query scale. */
struct qgroup_vnni {
	__m512i qv[4], corr, qb[4];
	__m512 dqv, dqv8;
};

static inline void qgroup_vnni(const int16_t *qi, const float *dq,
			       struct qgroup_vnni *g)
{
	const __m512i ones = _mm512_set1_epi16(1);
	__m512i sum = _mm512_setzero_si512();
	for (int i = 0; i < 4; i++) {
		g->qv[i] = lanes4_vnni((const unsigned char *)(qi + 8 * i), 64);
		sum = _mm512_add_epi32(sum, _mm512_madd_epi16(g->qv[i], ones));
	}
	/* Lane b's 4 ints sum to block b's sum: times -8, q4_0's start (a
	 * vector loop: the scalar one over 128 values cost more than a key). */
	g->corr = _mm512_slli_epi32(
		_mm512_sub_epi32(_mm512_setzero_si512(), sum), 3);
	g->dqv =
		_mm512_permutexvar_ps(_mm512_set_epi32(3, 3, 3, 3, 2, 2, 2, 2,
						       1, 1, 1, 1, 0, 0, 0, 0),
				      _mm512_castps128_ps512(_mm_loadu_ps(dq)));
	/* q8_0's layout: each block's query whole (qb), lane b's 4 ints
	 * [block 0, 1, 2, 3] after the fold, so its scales go 0 1 2 3. */
	for (int b = 0; b < 4; b++)
		g->qb[b] = _mm512_loadu_si512(qi + 32 * b);
	g->dqv8 =
		_mm512_permutexvar_ps(_mm512_set_epi32(3, 2, 1, 0, 3, 2, 1, 0,
						       3, 2, 1, 0, 3, 2, 1, 0),
				      _mm512_castps128_ps512(_mm_loadu_ps(dq)));
}

/* One key's 4 blocks (a group) of q8_0 against the query: each block's
 * 32 ints sign-extended to int16 in one instruction (vpmovsxbw) times the
 * block's query (qb), then the four blocks' sums folded into the lane
 * layout of the scores (lane b: block b, 9 instructions where building
 * that layout from the bytes took 16); times the scales, lane by lane. */
static inline __attribute__((always_inline)) __m512
dot_q8_vnni(const struct qgroup_vnni *g, const unsigned char *kr, __m512i sidx)
{
	__m512i p[4];
	for (int b = 0; b < 4; b++) {
		__m512i k = _mm512_cvtepi8_epi16(_mm256_loadu_si256(
			(const __m256i *)(kr + 2 + b * QUANT_Q8_0_BYTES)));
		p[b] = _mm512_madd_epi16(g->qb[b], k);
	}
	/* Per 128-bit lane: [p0 p0 p1 p1] twice added, then [p0 p1 p2 p3]. */
	__m512i t01 = _mm512_add_epi32(_mm512_unpacklo_epi64(p[0], p[1]),
				       _mm512_unpackhi_epi64(p[0], p[1]));
	__m512i t23 = _mm512_add_epi32(_mm512_unpacklo_epi64(p[2], p[3]),
				       _mm512_unpackhi_epi64(p[2], p[3]));
	__m512 a = _mm512_castsi512_ps(t01), c = _mm512_castsi512_ps(t23);
	__m512i acc = _mm512_add_epi32(
		_mm512_castps_si512(_mm512_shuffle_ps(a, c, 0x88)),
		_mm512_castps_si512(_mm512_shuffle_ps(a, c, 0xdd)));
	/* The 4 scales (words 0, 17, 34, 51 of the 136 bytes) as the fold
	 * leaves the blocks: 0 1 2 3 in every 128-bit lane. */
	__m512i sc = _mm512_permutex2var_epi16(_mm512_loadu_si512(kr), sidx,
					       _mm512_loadu_si512(kr + 64));
	__m512 f = _mm512_mul_ps(_mm512_cvtph_ps(_mm512_castsi512_si256(sc)),
				 g->dqv8);
	return _mm512_mul_ps(_mm512_cvtepi32_ps(acc), f);
}

/* The same over q4_0: the nibbles 0..15 as int16 (unpacked with zero),
 * the accumulator starting at -8 times the query's block sums. */
static inline __attribute__((always_inline)) __m512
dot_q4_vnni(const struct qgroup_vnni *g, const unsigned char *kr, __m512i sidx)
{
	const __m512i m4 = _mm512_set1_epi8(15), z = _mm512_setzero_si512();
	__m512i x = lanes4_vnni(kr + 2, QUANT_Q4_0_BYTES);
	__m512i lo = _mm512_and_si512(x, m4),
		hi = _mm512_and_si512(_mm512_srli_epi16(x, 4), m4);
	__m512i acc = g->corr;
	acc = _mm512_dpwssd_epi32(acc, g->qv[0], _mm512_unpacklo_epi8(lo, z));
	acc = _mm512_dpwssd_epi32(acc, g->qv[1], _mm512_unpackhi_epi8(lo, z));
	acc = _mm512_dpwssd_epi32(acc, g->qv[2], _mm512_unpacklo_epi8(hi, z));
	acc = _mm512_dpwssd_epi32(acc, g->qv[3], _mm512_unpackhi_epi8(hi, z));
	/* The 4 scales (words 0, 9, 18, 27 of the 72 bytes) 4 lanes each. */
	__m512i sc = _mm512_permutexvar_epi16(sidx, _mm512_loadu_si512(kr));
	__m512 f = _mm512_mul_ps(_mm512_cvtph_ps(_mm512_castsi512_si256(sc)),
				 g->dqv);
	return _mm512_mul_ps(_mm512_cvtepi32_ps(acc), f);
}

/* A key's score vector over all its groups of 4 blocks. */
static inline __attribute__((always_inline)) __m512
dot_qi_vnni(const struct qgroup_vnni *g, int ng, const unsigned char *kr,
	    int kv, __m512i sidx)
{
	int bb = kv == FASTATTN_Q8_0 ? QUANT_Q8_0_BYTES : QUANT_Q4_0_BYTES;
	__m512 r = kv == FASTATTN_Q8_0 ? dot_q8_vnni(&g[0], kr, sidx)
				       : dot_q4_vnni(&g[0], kr, sidx);
	for (int i = 1; i < ng; i++) {
		const unsigned char *kg = kr + (size_t)i * 4 * bb;
		r = _mm512_add_ps(r, kv == FASTATTN_Q8_0
					     ? dot_q8_vnni(&g[i], kg, sidx)
					     : dot_q4_vnni(&g[i], kg, sidx));
	}
	return r;
}

#define MAX_GROUPS_VNNI (FASTATTN_MAX_D / 128)

static inline __attribute__((always_inline)) void
scores_qi_vnni(const int16_t *qi, const float *dq, int d, const void *k,
	       int cols, float *s, int cols_p, int kv)
{
	int ng = d / 128,
	    bb = kv == FASTATTN_Q8_0 ? QUANT_Q8_0_BYTES : QUANT_Q4_0_BYTES;
	size_t rb = (size_t)(d / 32) * bb;
	struct qgroup_vnni g[MAX_GROUPS_VNNI];
	for (int i = 0; i < ng; i++)
		qgroup_vnni(qi + 128 * i, dq + 4 * i, &g[i]);
	/* Word indices of the 4 scales, each 4 times, in the low 16 words. */
	int w = kv == FASTATTN_Q8_0 ? QUANT_Q8_0_BYTES / 2
				    : QUANT_Q4_0_BYTES / 2;
	short idx[32] = {0};
	for (int i = 0; i < 16; i++)
		idx[i] = (short)(w * (kv == FASTATTN_Q8_0 ? i % 4 : i / 4));
	__m512i sidx = _mm512_loadu_si512(idx);
	const unsigned char *kb = k;
	int j = 0;
	for (; j + 8 <= cols; j += 8) {
		__m512 r[8];
		for (int i = 0; i < 8; i++)
			r[i] = dot_qi_vnni(g, ng, kb + (size_t)(j + i) * rb, kv,
					   sidx);
		_mm256_storeu_ps(s + j, hsum8_vnni(r));
	}
	for (; j < cols; j++)
		s[j] = hsum16_vnni(
			dot_qi_vnni(g, ng, kb + (size_t)j * rb, kv, sidx));
	for (j = cols; j < cols_p; j++)
		s[j] = 0;
}

static void row_scores_q8i_vnni(const int16_t *qi, const float *dq, int d,
				const void *k, int cols, float *s, int cols_p)
{
	if (d == 128)
		scores_qi_vnni(qi, dq, 128, k, cols, s, cols_p, FASTATTN_Q8_0);
	else if (d % 128 == 0)
		scores_qi_vnni(qi, dq, d, k, cols, s, cols_p, FASTATTN_Q8_0);
	else
		row_scores_q8i_avx2(qi, dq, d, k, cols, s, cols_p);
}

static void row_scores_q4i_vnni(const int16_t *qi, const float *dq, int d,
				const void *k, int cols, float *s, int cols_p)
{
	if (d == 128)
		scores_qi_vnni(qi, dq, 128, k, cols, s, cols_p, FASTATTN_Q4_0);
	else if (d % 128 == 0)
		scores_qi_vnni(qi, dq, d, k, cols, s, cols_p, FASTATTN_Q4_0);
	else
		row_scores_q4i_avx2(qi, dq, d, k, cols, s, cols_p);
}

/* A block's scale times p, on 16 lanes. */
static inline __m512 weight_vnni(float p, const unsigned char *blk)
{
	uint16_t h;
	memcpy(&h, blk, sizeof h);
	return _mm512_mul_ps(_mm512_set1_ps(p),
			     _mm512_cvtph_ps(_mm256_set1_epi16((short)h)));
}

/* o[c0, c0 + 32 nb) += sum_j p[j] v_j over quantized value rows, nb (at
 * most 4) blocks of output columns in 2 nb registers over all the keys.
 * q8_0's ints are widened to floats and multiplied by p[j] times the
 * block's scale.  q4_0's 16 possible values are looked up instead: the
 * block's weight times -8..7 is a table of 16 floats, and vpermps, which
 * reads only an index's low 4 bits, picks each element's product by its
 * nibble (the low nibbles as they are, the high ones shifted down), so
 * a block costs 9 instructions where widening took 11. */
static inline __attribute__((always_inline)) void
pv_q_vnni(const float *p, const unsigned char *v, size_t rb, float *o, int cols,
	  int c0, int nb, int kv)
{
	int bb = kv == FASTATTN_Q8_0 ? QUANT_Q8_0_BYTES : QUANT_Q4_0_BYTES;
	const unsigned char *col = v + (size_t)(c0 / 32) * bb;
	const __m512 q4vals = _mm512_set_ps(7, 6, 5, 4, 3, 2, 1, 0, -1, -2, -3,
					    -4, -5, -6, -7, -8);
	__m512 a[8];
	for (int i = 0; i < 2 * nb; i++)
		a[i] = _mm512_loadu_ps(o + c0 + 16 * i);
	for (int j = 0; j < cols; j++) {
		const unsigned char *row = col + (size_t)j * rb;
		__m512 pj = _mm512_set1_ps(p[j]);
		if (kv == FASTATTN_Q4_0)
			pj = _mm512_mul_ps(pj, q4vals);
		for (int b = 0; b < nb; b++) {
			const unsigned char *blk = row + (size_t)b * bb;
			uint16_t h;
			memcpy(&h, blk, sizeof h);
			__m512 w = _mm512_mul_ps(
				pj,
				_mm512_cvtph_ps(_mm256_set1_epi16((short)h)));
			if (kv == FASTATTN_Q8_0) {
				__m512 x0 = _mm512_cvtepi32_ps(
					_mm512_cvtepi8_epi32(_mm_loadu_si128(
						(const __m128i *)(blk + 2))));
				__m512 x1 = _mm512_cvtepi32_ps(
					_mm512_cvtepi8_epi32(_mm_loadu_si128(
						(const __m128i *)(blk + 18))));
				a[2 * b] = _mm512_fmadd_ps(w, x0, a[2 * b]);
				a[2 * b + 1] =
					_mm512_fmadd_ps(w, x1, a[2 * b + 1]);
			} else {
				__m512i x =
					_mm512_cvtepu8_epi32(_mm_loadu_si128(
						(const __m128i *)(blk + 2)));
				a[2 * b] = _mm512_add_ps(
					a[2 * b], _mm512_permutexvar_ps(x, w));
				a[2 * b + 1] = _mm512_add_ps(
					a[2 * b + 1],
					_mm512_permutexvar_ps(
						_mm512_srli_epi32(x, 4), w));
			}
		}
	}
	for (int i = 0; i < 2 * nb; i++)
		_mm512_storeu_ps(o + c0 + 16 * i, a[i]);
}

static inline __attribute__((always_inline)) void
row_pv_qv_vnni(const float *p, const void *v, int d, float *o, int cols, int kv)
{
	int nb = d / 32,
	    bb = kv == FASTATTN_Q8_0 ? QUANT_Q8_0_BYTES : QUANT_Q4_0_BYTES;
	size_t rb = (size_t)nb * bb;
	int c0 = 0;
	for (; c0 + 128 <= d; c0 += 128)
		pv_q_vnni(p, v, rb, o, cols, c0, 4, kv);
	for (; c0 < d; c0 += 32)
		pv_q_vnni(p, v, rb, o, cols, c0, 1, kv);
}

static void row_pv_q8_vnni(const float *p, const void *v, int d, float *o,
			   int cols)
{
	if (d == 128)
		row_pv_qv_vnni(p, v, 128, o, cols, FASTATTN_Q8_0);
	else
		row_pv_qv_vnni(p, v, d, o, cols, FASTATTN_Q8_0);
}

static void row_pv_q4_vnni(const float *p, const void *v, int d, float *o,
			   int cols)
{
	if (d == 128)
		row_pv_qv_vnni(p, v, 128, o, cols, FASTATTN_Q4_0);
	else
		row_pv_qv_vnni(p, v, d, o, cols, FASTATTN_Q4_0);
}

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

/* Keys a step of this decode takes (decode_keys for the others).  With
 * the keys' own work cut to a third, what a step costs whatever its keys
 * (the exponentials, the prefetch hints, the loop: about 400 instructions,
 * callgrind on the AVX2 build) weighs more: f16 and q8_0 take 16 (from L2,
 * 8.4 and 9.0 ns a key and head against 10.1 and 10.5 with 8; cold, n =
 * 65536, 8 heads, five rounds interleaved, the best f16 19.8 ms against
 * 21.2 with 8, q8_0 9.5 against 10.9, though single rounds moved by more
 * on the shared machine), q4_0, whose step reads least, 32 (cold, three
 * rounds: 7.6-8.1 ns a key and head against 9.0-9.6 with 16 and 10.8-11.3
 * with 8). */
static const int decode_keys_vnni[] = {
	[FASTATTN_F32] = 8,
	[FASTATTN_F16] = 16,
	[FASTATTN_Q8_0] = 16,
	[FASTATTN_Q4_0] = 32,
};

#endif
