/*
 * The kernels' body, included twice by fastattn.c: once for the
 * AVX2+FMA+F16C target and once portable.  SUFFIX names the build's
 * functions, BUILD_NAME is what fastattn_isa() says of it, and
 * cvt8h##SUFFIX (8 halves to 8 floats), h2f##SUFFIX (one half),
 * h2f8##SUFFIX (one half on 8 lanes),
 * widen8s##SUFFIX / widen8u##SUFFIX (8 bytes to 8 ints) and dot32_i8##SUFFIX
 * (32 int8 times 32 int16, summed into 8 int lanes) are defined before
 * each inclusion.  Everything here is
 * static, so each copy is compiled for its own target.
 */
#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define FN(name) CAT(name, SUFFIX)

static inline v8f FN(load8)(const float *p)
{
	v8f x;
	memcpy(&x, p, sizeof x);
	return x;
}

static inline void FN(store8)(float *p, v8f x)
{
	memcpy(p, &x, sizeof x);
}

/* Exponentials and the online softmax's row step in this build's 8 lanes. */
#define VEC v8f
#define VECI v8si
#define VW 8
#define VLOAD LOAD
#define VSTORE STORE
#define VSPLAT V8
#include "kern/fastattn_exp.h"
/* The micro-kernels and the FMA probe, in this build's 8-float vectors. */
#include "kern/fastattn_mk.h"
#undef VEC
#undef VECI
#undef VW
#undef VLOAD
#undef VSTORE
#undef VSPLAT

/* n halves widened to floats: 8 at a time, the tail one by one. */
static void FN(cvt_row)(float *dst, const uint16_t *src, int n)
{
	int i = 0;
	for (; i + 8 <= n; i += 8)
		STORE(dst + i, FN(cvt8h)(src + i));
	for (; i < n; i++)
		dst[i] = half_to_float(src[i]);
}

/* Decode (one query row): s[j] = q . k_j straight from the key rows, no
 * transpose, so each key is read once.  Four chains, so the loads are not
 * waiting on one long FMA chain. */
static void FN(row_scores)(const float *q, int d, const float *k, int cols, float *s, int cols_p)
{
	int dv = d / 32 * 32;
	for (int j = 0; j < cols; j++) {
		const float *kr = k + (size_t)j * d;
		v8f a0 = V8(0), a1 = V8(0), a2 = V8(0), a3 = V8(0);
		int c = 0;
		for (; c < dv; c += 32) {
			a0 += LOAD(q + c) * LOAD(kr + c), a1 += LOAD(q + c + 8) * LOAD(kr + c + 8);
			a2 += LOAD(q + c + 16) * LOAD(kr + c + 16), a3 += LOAD(q + c + 24) * LOAD(kr + c + 24);
		}
		float t = FN(hsum)((a0 + a1) + (a2 + a3));
		for (; c < d; c++)
			t += q[c] * kr[c];
		s[j] = t;
	}
	for (int j = cols; j < cols_p; j++)
		s[j] = 0;
}

/* The same over f16 key rows, widened as they are loaded.  One row after
 * another, front to back: eight rows at a time walked column by column
 * (each query piece loaded once for eight keys, their sums folded
 * together) ran faster from cache but about 20 % slower from memory, the
 * streams no longer in the order the prefetchers follow (measured, cold
 * runs interleaved in one process, n = 65536). */
static inline __attribute__((always_inline)) void FN(row_scores_hd)(const float *q, int d, const uint16_t *k, int cols, float *s, int cols_p)
{
	int dv = d / 32 * 32;
	for (int j = 0; j < cols; j++) {
		const uint16_t *kr = k + (size_t)j * d;
		v8f a0 = V8(0), a1 = V8(0), a2 = V8(0), a3 = V8(0);
		int c = 0;
		for (; c < dv; c += 32) {
			a0 += LOAD(q + c) * FN(cvt8h)(kr + c), a1 += LOAD(q + c + 8) * FN(cvt8h)(kr + c + 8);
			a2 += LOAD(q + c + 16) * FN(cvt8h)(kr + c + 16), a3 += LOAD(q + c + 24) * FN(cvt8h)(kr + c + 24);
		}
		float t = FN(hsum)((a0 + a1) + (a2 + a3));
		for (; c < d; c++)
			t += q[c] * half_to_float(kr[c]);
		s[j] = t;
	}
	for (int j = cols; j < cols_p; j++)
		s[j] = 0;
}

/* d = 128 (most models' head size) gets its own copy, d a constant: the
 * loops over d unroll and their counters and bounds leave the key loop
 * (callgrind, a key and head at d = 128). */
/* Eight vectors' lane sums as one vector: pairwise adds of neighbours
 * three levels deep (the shuffles make vhaddps, then one cross-half add),
 * 9 instructions for 8 sums where 8 horizontal sums took 40. */
static inline v8f FN(hsum8)(v8f r0, v8f r1, v8f r2, v8f r3, v8f r4, v8f r5, v8f r6, v8f r7)
{
#define HADD(a, b) (__builtin_shufflevector(a, b, 0, 2, 8, 10, 4, 6, 12, 14) + __builtin_shufflevector(a, b, 1, 3, 9, 11, 5, 7, 13, 15))
	v8f t01 = HADD(r0, r1), t23 = HADD(r2, r3), t45 = HADD(r4, r5), t67 = HADD(r6, r7);
	v8f u0 = HADD(t01, t23), u1 = HADD(t45, t67);
#undef HADD
	/* u0 = [r0 r1 r2 r3 | r0 r1 r2 r3] low half and high half of each, u1 the same for r4..r7 */
	return __builtin_shufflevector(u0, u1, 0, 1, 2, 3, 8, 9, 10, 11) + __builtin_shufflevector(u0, u1, 4, 5, 6, 7, 12, 13, 14, 15);
}

/* One f16 key of 128 against the query: four chains, summed to one vector
 * (its lanes' sum is the score). */
static inline v8f FN(dot128h)(const float *q, const uint16_t *kr)
{
	v8f a0 = V8(0), a1 = V8(0), a2 = V8(0), a3 = V8(0);
	for (int c = 0; c < 128; c += 32) {
		a0 += LOAD(q + c) * FN(cvt8h)(kr + c), a1 += LOAD(q + c + 8) * FN(cvt8h)(kr + c + 8);
		a2 += LOAD(q + c + 16) * FN(cvt8h)(kr + c + 16), a3 += LOAD(q + c + 24) * FN(cvt8h)(kr + c + 24);
	}
	return (a0 + a1) + (a2 + a3);
}

/* d = 128 (most models' head size) has its own loop: the keys still one
 * after another front to back, but eight keys' sums reduced together by
 * hsum8 and stored as one vector (callgrind, a key and head at n = 16384:
 * 45 instructions for the scores where the loop over any d took 94). */
static void FN(row_scores_h)(const float *q, int d, const uint16_t *k, int cols, float *s, int cols_p)
{
	if (d != 128) {
		FN(row_scores_hd)(q, d, k, cols, s, cols_p);
		return;
	}
	int j = 0;
	for (; j + 8 <= cols; j += 8) {
		const uint16_t *kr = k + (size_t)j * 128;
		v8f r0 = FN(dot128h)(q, kr), r1 = FN(dot128h)(q, kr + 128);
		v8f r2 = FN(dot128h)(q, kr + 256), r3 = FN(dot128h)(q, kr + 384);
		v8f r4 = FN(dot128h)(q, kr + 512), r5 = FN(dot128h)(q, kr + 640);
		v8f r6 = FN(dot128h)(q, kr + 768), r7 = FN(dot128h)(q, kr + 896);
		STORE(s + j, FN(hsum8)(r0, r1, r2, r3, r4, r5, r6, r7));
	}
	for (; j < cols; j++)
		s[j] = FN(hsum)(FN(dot128h)(q, k + (size_t)j * 128));
	for (j = cols; j < cols_p; j++)
		s[j] = 0;
}

/* Decode: o[d] += sum_j p[j] v_j, one output row.  Four keys at a time, so
 * the output row (in L1) is loaded and stored once per four V rows, each V
 * row read once front to back (the order the prefetcher follows best). */
static void FN(row_pv)(const float *p, const float *v, int d, float *o, int cols)
{
	int dv = d / 8 * 8, j = 0;
	for (; j + 4 <= cols; j += 4) {
		const float *v0 = v + (size_t)j * d, *v1 = v0 + d, *v2 = v1 + d, *v3 = v2 + d;
		v8f x0 = V8(p[j]), x1 = V8(p[j + 1]), x2 = V8(p[j + 2]), x3 = V8(p[j + 3]);
		for (int c = 0; c < dv; c += 8)
			STORE(o + c, LOAD(o + c) + x0 * LOAD(v0 + c) + x1 * LOAD(v1 + c) + x2 * LOAD(v2 + c) + x3 * LOAD(v3 + c));
		for (int c = dv; c < d; c++)
			o[c] += p[j] * v0[c] + p[j + 1] * v1[c] + p[j + 2] * v2[c] + p[j + 3] * v3[c];
	}
	for (; j < cols; j++) {
		const float *vr = v + (size_t)j * d;
		float x = p[j];
		for (int c = 0; c < dv; c += 8)
			STORE(o + c, LOAD(o + c) + x * LOAD(vr + c));
		for (int c = dv; c < d; c++)
			o[c] += x * vr[c];
	}
}

/* The same over f16 value rows: 64 output columns stay in 8 registers
 * while every key of the block adds to them, so each key costs only its
 * conversions and FMAs (the block's V rows are in L1 for the second half). */
static inline __attribute__((always_inline)) void FN(row_pv_hd)(const float *p, const uint16_t *v, int d, float *o, int cols)
{
	int c0 = 0;
	for (; c0 + 64 <= d; c0 += 64) {
		v8f a0 = LOAD(o + c0), a1 = LOAD(o + c0 + 8), a2 = LOAD(o + c0 + 16), a3 = LOAD(o + c0 + 24);
		v8f a4 = LOAD(o + c0 + 32), a5 = LOAD(o + c0 + 40), a6 = LOAD(o + c0 + 48), a7 = LOAD(o + c0 + 56);
		for (int j = 0; j < cols; j++) {
			const uint16_t *vr = v + (size_t)j * d + c0;
			v8f x = V8(p[j]);
			a0 += x * FN(cvt8h)(vr), a1 += x * FN(cvt8h)(vr + 8), a2 += x * FN(cvt8h)(vr + 16), a3 += x * FN(cvt8h)(vr + 24);
			a4 += x * FN(cvt8h)(vr + 32), a5 += x * FN(cvt8h)(vr + 40), a6 += x * FN(cvt8h)(vr + 48), a7 += x * FN(cvt8h)(vr + 56);
		}
		STORE(o + c0, a0), STORE(o + c0 + 8, a1), STORE(o + c0 + 16, a2), STORE(o + c0 + 24, a3);
		STORE(o + c0 + 32, a4), STORE(o + c0 + 40, a5), STORE(o + c0 + 48, a6), STORE(o + c0 + 56, a7);
	}
	for (; c0 + 8 <= d; c0 += 8) {
		v8f a = LOAD(o + c0);
		for (int j = 0; j < cols; j++)
			a += V8(p[j]) * FN(cvt8h)(v + (size_t)j * d + c0);
		STORE(o + c0, a);
	}
	for (int c = c0; c < d; c++)
		for (int j = 0; j < cols; j++)
			o[c] += p[j] * half_to_float(v[(size_t)j * d + c]);
}

/* 64 output columns [c0, c0 + 64) of d = 128 in 8 registers over all the
 * block's keys, two keys a step (the loop's own instructions halved). */
static inline void FN(pv128h_half)(const float *p, const uint16_t *v, float *o, int cols, int c0)
{
	v8f a0 = LOAD(o + c0), a1 = LOAD(o + c0 + 8), a2 = LOAD(o + c0 + 16), a3 = LOAD(o + c0 + 24);
	v8f a4 = LOAD(o + c0 + 32), a5 = LOAD(o + c0 + 40), a6 = LOAD(o + c0 + 48), a7 = LOAD(o + c0 + 56);
	int j = 0;
#define PV_KEY(jj)                                                                                                            \
	do {                                                                                                                  \
		const uint16_t *vr = v + (size_t)(jj) * 128 + c0;                                                             \
		v8f x = V8(p[jj]);                                                                                            \
		a0 += x * FN(cvt8h)(vr), a1 += x * FN(cvt8h)(vr + 8), a2 += x * FN(cvt8h)(vr + 16), a3 += x * FN(cvt8h)(vr + 24); \
		a4 += x * FN(cvt8h)(vr + 32), a5 += x * FN(cvt8h)(vr + 40), a6 += x * FN(cvt8h)(vr + 48), a7 += x * FN(cvt8h)(vr + 56); \
	} while (0)
	for (; j + 2 <= cols; j += 2) {
		PV_KEY(j);
		PV_KEY(j + 1);
	}
	if (j < cols)
		PV_KEY(j);
#undef PV_KEY
	STORE(o + c0, a0), STORE(o + c0 + 8, a1), STORE(o + c0 + 16, a2), STORE(o + c0 + 24, a3);
	STORE(o + c0 + 32, a4), STORE(o + c0 + 40, a5), STORE(o + c0 + 48, a6), STORE(o + c0 + 56, a7);
}

/* d = 128 its own copy, c0 a constant in each half. */
static void FN(row_pv_h)(const float *p, const uint16_t *v, int d, float *o, int cols)
{
	if (d == 128) {
		FN(pv128h_half)(p, v, o, cols, 0);
		FN(pv128h_half)(p, v, o, cols, 64);
	} else {
		FN(row_pv_hd)(p, v, d, o, cols);
	}
}

/* The 32 ints of one block (qs, after the scale) as 4 x 8 floats, not yet
 * scaled: q8_0 sign-extends its bytes; q4_0 takes the low nibbles of its 16
 * bytes for elements 0..15 and the high nibbles for 16..31, minus 8. */
static inline void FN(q_ints)(const unsigned char *qs, int kv, v8f x[4])
{
	if (kv == FASTATTN_Q8_0) {
		for (int i = 0; i < 4; i++)
			x[i] = __builtin_convertvector(FN(widen8s)(qs + 8 * i), v8f);
	} else {
		v8si ai = FN(widen8u)(qs), bi = FN(widen8u)(qs + 8);
		x[0] = __builtin_convertvector((ai & 15) - 8, v8f);
		x[1] = __builtin_convertvector((bi & 15) - 8, v8f);
		x[2] = __builtin_convertvector((ai >> 4) - 8, v8f);
		x[3] = __builtin_convertvector((bi >> 4) - 8, v8f);
	}
}

/* A quantized row of d values widened to floats (tiled and naive fill their
 * key and value tiles with it). */
static void FN(deq_row)(float *dst, const void *src, int d, int kv)
{
	int nb = d / 32, bb = kv == FASTATTN_Q8_0 ? QUANT_Q8_0_BYTES : QUANT_Q4_0_BYTES;
	const unsigned char *row = src;
	v8f x[4];
	for (int b = 0; b < nb; b++) {
		FN(q_ints)(row + (size_t)b * bb + 2, kv, x);
		v8f f = V8(FN(h2f)(row + (size_t)b * bb));
		for (int i = 0; i < 4; i++)
			STORE(dst + 32 * b + 8 * i, f * x[i]);
	}
}

/* Decode over quantized key rows: per block, the dot product of the query's
 * 32 floats with the block's ints (one multiply and three FMAs on the four
 * 8-lane pieces), then added times the block's scale, broadcast from its
 * half; nothing but registers holds the dequantized values.  Two key rows
 * at a time, so each query piece loaded serves both. */
static inline void FN(row_scores_qt)(const float *q, int d, const unsigned char *k, int cols, float *s, int cols_p, int kv)
{
	int nb = d / 32, bb = kv == FASTATTN_Q8_0 ? QUANT_Q8_0_BYTES : QUANT_Q4_0_BYTES;
	size_t rb = (size_t)nb * bb;
	int j = 0;
	v8f x[4], y[4];
	for (; j + 2 <= cols; j += 2) {
		const unsigned char *kr = k + (size_t)j * rb, *kr2 = kr + rb;
		v8f acc = V8(0), acc2 = V8(0);
		for (int b = 0; b < nb; b++) {
			const float *qb = q + 32 * b;
			const unsigned char *blk = kr + (size_t)b * bb, *blk2 = kr2 + (size_t)b * bb;
			FN(q_ints)(blk + 2, kv, x);
			FN(q_ints)(blk2 + 2, kv, y);
			v8f q0 = LOAD(qb), q1 = LOAD(qb + 8), q2 = LOAD(qb + 16), q3 = LOAD(qb + 24);
			v8f p = (q0 * x[0] + q1 * x[1]) + (q2 * x[2] + q3 * x[3]);
			v8f p2 = (q0 * y[0] + q1 * y[1]) + (q2 * y[2] + q3 * y[3]);
			acc += FN(h2f8)(blk) * p;
			acc2 += FN(h2f8)(blk2) * p2;
		}
		s[j] = FN(hsum)(acc);
		s[j + 1] = FN(hsum)(acc2);
	}
	for (; j < cols; j++) {
		const unsigned char *kr = k + (size_t)j * rb;
		v8f acc = V8(0);
		for (int b = 0; b < nb; b++) {
			const float *qb = q + 32 * b;
			FN(q_ints)(kr + (size_t)b * bb + 2, kv, x);
			v8f p = (LOAD(qb) * x[0] + LOAD(qb + 8) * x[1]) + (LOAD(qb + 16) * x[2] + LOAD(qb + 24) * x[3]);
			acc += FN(h2f8)(kr + (size_t)b * bb) * p;
		}
		s[j] = FN(hsum)(acc);
	}
	for (j = cols; j < cols_p; j++)
		s[j] = 0;
}

/* A block's 32 ints times the int16 query's 32, exact, as 8 floats whose
 * sum it is: q8_0's bytes as they are; q4_0's low nibbles (elements 0..15)
 * and high nibbles (16..31), minus 8, made bytes in two 16-byte registers
 * first.  (The result leaves through *out: GCC's clones of a function
 * returning a 32-byte vector warn of the ABI, whatever the pragma.) */
static inline void FN(dot32_blk)(const int16_t *qi, const unsigned char *qs, int kv, v8f *out)
{
	v16qs lo, hi;
	if (kv == FASTATTN_Q8_0) {
		memcpy(&lo, qs, sizeof lo);
		memcpy(&hi, qs + 16, sizeof hi);
	} else {
		v16qs b;
		memcpy(&b, qs, sizeof b);
		lo = (b & 15) - 8;
		hi = ((v16qs)((v16qu)b >> 4)) - 8;
	}
	*out = __builtin_convertvector(FN(dot32_i8)(qi, lo, hi), v8f);
}

/* Decode over quantized key rows with the query itself in ints: per block,
 * qi (int16, its scale dq[b]) times the block's ints as an exact integer
 * dot product (dot32_i8: 5 instructions where widening to floats took 12),
 * then added times dq[b] and the block's scale.  The query's rounding is
 * 1/65534 of its block's largest value, 256 times finer than ggml's int8
 * query (ggml_vec_dot_q8_0_q8_0).  Two key rows a pass, as row_scores_qt. */
static inline __attribute__((always_inline)) void FN(row_scores_qit)(const int16_t *qi, const float *dq, int d, const void *k, int cols, float *s, int cols_p, int kv)
{
	int nb = d / 32, bb = kv == FASTATTN_Q8_0 ? QUANT_Q8_0_BYTES : QUANT_Q4_0_BYTES;
	size_t rb = (size_t)nb * bb;
	const unsigned char *kb = k;
	int j = 0;
	for (; j + 2 <= cols; j += 2) {
		const unsigned char *kr = kb + (size_t)j * rb, *kr2 = kr + rb;
		v8f acc = V8(0), acc2 = V8(0);
		for (int b = 0; b < nb; b++) {
			const unsigned char *blk = kr + (size_t)b * bb, *blk2 = kr2 + (size_t)b * bb;
			v8f sq = V8(dq[b]), x, y;
			FN(dot32_blk)(qi + 32 * b, blk + 2, kv, &x);
			FN(dot32_blk)(qi + 32 * b, blk2 + 2, kv, &y);
			acc += (sq * FN(h2f8)(blk)) * x;
			acc2 += (sq * FN(h2f8)(blk2)) * y;
		}
		s[j] = FN(hsum)(acc);
		s[j + 1] = FN(hsum)(acc2);
	}
	for (; j < cols; j++) {
		const unsigned char *kr = kb + (size_t)j * rb;
		v8f acc = V8(0);
		for (int b = 0; b < nb; b++) {
			const unsigned char *blk = kr + (size_t)b * bb;
			v8f x;
			FN(dot32_blk)(qi + 32 * b, blk + 2, kv, &x);
			acc += (V8(dq[b]) * FN(h2f8)(blk)) * x;
		}
		s[j] = FN(hsum)(acc);
	}
	for (j = cols; j < cols_p; j++)
		s[j] = 0;
}

/* One quantized key of 128 (4 blocks) against the int16 query, as one
 * vector whose lanes sum to the score. */
static inline __attribute__((always_inline)) v8f FN(dot128q)(const int16_t *qi, const float *dq, const unsigned char *kr, int kv)
{
	int bb = kv == FASTATTN_Q8_0 ? QUANT_Q8_0_BYTES : QUANT_Q4_0_BYTES;
	v8f acc = V8(0);
	for (int b = 0; b < 4; b++) {
		v8f x;
		FN(dot32_blk)(qi + 32 * b, kr + (size_t)b * bb + 2, kv, &x);
		acc += (V8(dq[b]) * FN(h2f8)(kr + (size_t)b * bb)) * x;
	}
	return acc;
}

/* d = 128: eight keys a step, one after another front to back, their sums
 * reduced together by hsum8 and stored as one vector. */
static inline __attribute__((always_inline)) void FN(scores128q)(const int16_t *qi, const float *dq, const void *k, int cols, float *s, int cols_p, int kv)
{
	size_t rb = 4 * (size_t)(kv == FASTATTN_Q8_0 ? QUANT_Q8_0_BYTES : QUANT_Q4_0_BYTES);
	const unsigned char *kb = k;
	int j = 0;
	for (; j + 8 <= cols; j += 8) {
		const unsigned char *kr = kb + (size_t)j * rb;
		v8f r0 = FN(dot128q)(qi, dq, kr, kv), r1 = FN(dot128q)(qi, dq, kr + rb, kv);
		v8f r2 = FN(dot128q)(qi, dq, kr + 2 * rb, kv), r3 = FN(dot128q)(qi, dq, kr + 3 * rb, kv);
		v8f r4 = FN(dot128q)(qi, dq, kr + 4 * rb, kv), r5 = FN(dot128q)(qi, dq, kr + 5 * rb, kv);
		v8f r6 = FN(dot128q)(qi, dq, kr + 6 * rb, kv), r7 = FN(dot128q)(qi, dq, kr + 7 * rb, kv);
		STORE(s + j, FN(hsum8)(r0, r1, r2, r3, r4, r5, r6, r7));
	}
	for (; j < cols; j++)
		s[j] = FN(hsum)(FN(dot128q)(qi, dq, kb + (size_t)j * rb, kv));
	for (j = cols; j < cols_p; j++)
		s[j] = 0;
}

static void FN(row_scores_q8i)(const int16_t *qi, const float *dq, int d, const void *k, int cols, float *s, int cols_p)
{
	if (d == 128)
		FN(scores128q)(qi, dq, k, cols, s, cols_p, FASTATTN_Q8_0);
	else
		FN(row_scores_qit)(qi, dq, d, k, cols, s, cols_p, FASTATTN_Q8_0);
}

static void FN(row_scores_q4i)(const int16_t *qi, const float *dq, int d, const void *k, int cols, float *s, int cols_p)
{
	if (d == 128)
		FN(scores128q)(qi, dq, k, cols, s, cols_p, FASTATTN_Q4_0);
	else
		FN(row_scores_qit)(qi, dq, d, k, cols, s, cols_p, FASTATTN_Q4_0);
}

static void FN(row_scores_q8)(const float *q, int d, const void *k, int cols, float *s, int cols_p)
{
	FN(row_scores_qt)(q, d, k, cols, s, cols_p, FASTATTN_Q8_0);
}

static void FN(row_scores_q4)(const float *q, int d, const void *k, int cols, float *s, int cols_p)
{
	FN(row_scores_qt)(q, d, k, cols, s, cols_p, FASTATTN_Q4_0);
}

/* Decode: o[d] += sum_j p[j] v_j over quantized value rows.  One block of
 * output columns (32 floats) stays in 4 registers while every key adds
 * p[j] times its block's scale (broadcast from the half) times its ints,
 * two keys a step.  Two blocks at a time (8 accumulators) left too few
 * registers for the widened ints: three accumulators went to the stack
 * on every key (callgrind, a key and head: q8_0 100 instructions, this
 * way 93; q4_0 116, this way 113). */
static inline __attribute__((always_inline)) void FN(row_pv_qt)(const float *p, const unsigned char *v, int d, float *o, int cols, int kv)
{
	int nb = d / 32, bb = kv == FASTATTN_Q8_0 ? QUANT_Q8_0_BYTES : QUANT_Q4_0_BYTES;
	size_t rb = (size_t)nb * bb;
	v8f x[4], y[4];
	for (int b = 0; b < nb; b++) {
		float *ob = o + 32 * b;
		const unsigned char *col = v + (size_t)b * bb;
		v8f a0 = LOAD(ob), a1 = LOAD(ob + 8), a2 = LOAD(ob + 16), a3 = LOAD(ob + 24);
		int j = 0;
		for (; j + 2 <= cols; j += 2) {
			const unsigned char *blk = col + (size_t)j * rb, *blk2 = blk + rb;
			FN(q_ints)(blk + 2, kv, x);
			FN(q_ints)(blk2 + 2, kv, y);
			v8f f = V8(p[j]) * FN(h2f8)(blk), g = V8(p[j + 1]) * FN(h2f8)(blk2);
			a0 += f * x[0], a1 += f * x[1], a2 += f * x[2], a3 += f * x[3];
			a0 += g * y[0], a1 += g * y[1], a2 += g * y[2], a3 += g * y[3];
		}
		if (j < cols) {
			const unsigned char *blk = col + (size_t)j * rb;
			FN(q_ints)(blk + 2, kv, x);
			v8f f = V8(p[j]) * FN(h2f8)(blk);
			a0 += f * x[0], a1 += f * x[1], a2 += f * x[2], a3 += f * x[3];
		}
		STORE(ob, a0), STORE(ob + 8, a1), STORE(ob + 16, a2), STORE(ob + 24, a3);
	}
}

/* q8_0 at d = 128: output columns [c0, c0 + 64), two blocks, in 8
 * registers over all the block's keys, one key a step, so p[j] is
 * broadcast once for both blocks and the widened ints of one block at a
 * time are all that is live beside the sums (no spills: objdump). */
static inline void FN(pv128q8_half)(const float *p, const unsigned char *v, float *o, int cols, int c0)
{
	const size_t rb = 4 * QUANT_Q8_0_BYTES;
	const unsigned char *col = v + (size_t)(c0 / 32) * QUANT_Q8_0_BYTES;
	v8f a0 = LOAD(o + c0), a1 = LOAD(o + c0 + 8), a2 = LOAD(o + c0 + 16), a3 = LOAD(o + c0 + 24);
	v8f a4 = LOAD(o + c0 + 32), a5 = LOAD(o + c0 + 40), a6 = LOAD(o + c0 + 48), a7 = LOAD(o + c0 + 56);
	for (int j = 0; j < cols; j++) {
		const unsigned char *b0 = col + (size_t)j * rb, *b1 = b0 + QUANT_Q8_0_BYTES;
		v8f x = V8(p[j]);
		v8f f = x * FN(h2f8)(b0), g = x * FN(h2f8)(b1);
		a0 += f * __builtin_convertvector(FN(widen8s)(b0 + 2), v8f);
		a1 += f * __builtin_convertvector(FN(widen8s)(b0 + 10), v8f);
		a2 += f * __builtin_convertvector(FN(widen8s)(b0 + 18), v8f);
		a3 += f * __builtin_convertvector(FN(widen8s)(b0 + 26), v8f);
		a4 += g * __builtin_convertvector(FN(widen8s)(b1 + 2), v8f);
		a5 += g * __builtin_convertvector(FN(widen8s)(b1 + 10), v8f);
		a6 += g * __builtin_convertvector(FN(widen8s)(b1 + 18), v8f);
		a7 += g * __builtin_convertvector(FN(widen8s)(b1 + 26), v8f);
	}
	STORE(o + c0, a0), STORE(o + c0 + 8, a1), STORE(o + c0 + 16, a2), STORE(o + c0 + 24, a3);
	STORE(o + c0 + 32, a4), STORE(o + c0 + 40, a5), STORE(o + c0 + 48, a6), STORE(o + c0 + 56, a7);
}

static void FN(row_pv_q8)(const float *p, const void *v, int d, float *o, int cols)
{
	if (d == 128) {
		FN(pv128q8_half)(p, v, o, cols, 0);
		FN(pv128q8_half)(p, v, o, cols, 64);
	} else
		FN(row_pv_qt)(p, v, d, o, cols, FASTATTN_Q8_0);
}

static void FN(row_pv_q4)(const float *p, const void *v, int d, float *o, int cols)
{
	if (d == 128)
		FN(row_pv_qt)(p, v, 128, o, cols, FASTATTN_Q4_0);
	else
		FN(row_pv_qt)(p, v, d, o, cols, FASTATTN_Q4_0);
}

/* Read n floats as fast as one thread can: four streams, each a quarter of
 * the buffer, taken 1 KiB at a time in turn, each line asked for 1 KiB
 * before it is read, four independent sums (n a multiple of 1024).  One
 * stream alone read 12.6 GB/s on a Xeon where decode, reading K and V at
 * once, reached 15.5: a probe slower than a kernel makes every share of it
 * a flattery.  Four streams with the lead read 15.2-15.8 there (1, 2 and 4
 * streams, leads of 0 to 16 KiB, measured side by side), two threads 32-35
 * where one stream each read 23.5. */
static double FN(read_loop)(const float *buf, size_t n)
{
	enum { STREAMS = 4, CHUNK = 256, LEAD = 256 };   /* floats: 1 KiB */
	size_t per = n / STREAMS / CHUNK * CHUNK;
	v8f s0 = V8(0), s1 = V8(0), s2 = V8(0), s3 = V8(0);
	for (size_t off = 0; off < per; off += CHUNK) {
		for (int t = 0; t < STREAMS; t++) {
			const float *p = buf + (size_t)t * per + off;
			/* The lead's address as a number: at the end it lies past
			 * the buffer, where a pointer may not point. */
			uintptr_t ahead = (uintptr_t)p + LEAD * sizeof(float);
			for (int i = 0; i < CHUNK; i += 16)
				__builtin_prefetch((const void *)(ahead + (size_t)i * sizeof(float)), 0, 3);
			for (int i = 0; i < CHUNK; i += 32) {
				s0 += LOAD(p + i), s1 += LOAD(p + i + 8);
				s2 += LOAD(p + i + 16), s3 += LOAD(p + i + 24);
			}
		}
	}
	v8f s = s0 + s1 + s2 + s3;
	return s[0] + s[3];
}

static const struct kernels FN(kernels) = {
	.scores = FN(mk_scores),
	.pv = FN(mk_pv),
	.row_exp = FN(row_exp),
	.tile_exp = FN(row_exp),
	.kt_block = kt_block_plain,
	.row_scores = FN(row_scores),
	.row_pv = FN(row_pv),
	.cvt_row = FN(cvt_row),
	.row_scores_h = FN(row_scores_h),
	.row_pv_h = FN(row_pv_h),
	.deq_row = FN(deq_row),
	.row_scores_q = {FN(row_scores_q8), FN(row_scores_q4)},
	.row_scores_qi = {FN(row_scores_q8i), FN(row_scores_q4i)},
	.row_pv_q = {FN(row_pv_q8), FN(row_pv_q4)},
	.fma_loop = FN(fma_loop),
	.read_loop = FN(read_loop),
	.lanes = 8,
	.decode_keys = decode_keys,
	.name = BUILD_NAME,
};

#undef FN
#undef CAT
#undef CAT_
