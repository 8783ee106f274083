/*
 * The exponentials and the online softmax's row step, for vectors of any
 * width: included by fastattn_impl.h (8 floats: the AVX2 and portable
 * builds) and by fastattn_avx512.h (16 floats, the tiled kernel's rows).
 * The includer defines FN(name), VEC (the vector type), VECI (ints of the
 * same lanes), VW (its floats), VLOAD, VSTORE and VSPLAT, and may define
 * VMAXPS(a, b).
 *
 * Each lane's exponential is the same operations whatever VW is, and the
 * sums are kept in 8-lane columns in every build (lane i adds the scores
 * i, i + 8, i + 16, ... in order), so 8 and 16 lanes give the same bits.
 */

/* The sum of 8 lanes as a tree (halves, quarters, pairs): 3 adds, not 7
 * in a chain. */
static inline float FN(hsum)(v8f a)
{
	v4f t = __builtin_shufflevector(a, a, 0, 1, 2, 3) +
		__builtin_shufflevector(a, a, 4, 5, 6, 7);
	t = t + __builtin_shufflevector(t, t, 2, 3, 0, 1);
	t = t + __builtin_shufflevector(t, t, 1, 0, 3, 2);
	return t[0];
}

/* Lane-wise select and max (C has no ?: on vectors). */
static inline VEC FN(vsel)(VECI m, VEC a, VEC b)
{
	VECI ai, bi, r;
	VEC out;
	memcpy(&ai, &a, sizeof ai);
	memcpy(&bi, &b, sizeof bi);
	r = (ai & m) | (bi & ~m);
	memcpy(&out, &r, sizeof out);
	return out;
}

/* a > b ? a : b a lane; VMAXPS, where the includer has one, is the
 * instruction with that very rule (MAXPS: the second operand on a tie
 * or a NaN), one where the select takes a compare and a blend. */
static inline VEC FN(vmax)(VEC a, VEC b)
{
#ifdef VMAXPS
	return VMAXPS(a, b);
#else
	return FN(vsel)(a > b, a, b);
#endif
}

/* e^x a lane: x = n ln2 + r, |r| <= ln2/2, a degree-6 polynomial for e^r,
 * 2^n through the exponent bits.  Lanes below -87 (masked scores) give 0. */
static inline VEC FN(vexp)(VEC x)
{
	const VEC lo = VSPLAT(-87.0f), hi = VSPLAT(88.0f);
	VECI keep = x > lo;
	x = FN(vmax)(x, lo);
	x = FN(vsel)(x > hi, hi, x);
	VEC t = x * VSPLAT(1.44269504088896341f);
	VEC n = (t + VSPLAT(12582912.0f)) - VSPLAT(12582912.0f); /* rounded */
	VEC r = x - n * VSPLAT(0.693359375f) - n * VSPLAT(-2.12194440e-4f);
	/* The polynomial in Estrin's form, pairs of terms then powers of r:
	 * 3 multiply-adds deep where Horner's chain is 6, 12 cycles off the
	 * path decode's P V waits on each step (cold, interleaved: q8_0 3%
	 * and f16 2% faster).  The largest error over [-86.9, 10]: 2.9e-7
	 * relative, where Horner's was 2.5e-7. */
	VEC r2 = r * r, r4 = r2 * r2;
	VEC lo2 = VSPLAT(1.0f) + r + r2 * (VSPLAT(0.5f) + r * VSPLAT(1.0f / 6));
	VEC hi3 = (VSPLAT(1.0f / 24) + r * VSPLAT(1.0f / 120)) +
		  r2 * VSPLAT(1.0f / 720);
	VEC p = lo2 + r4 * hi3;
	VECI bits = (__builtin_convertvector(n, VECI) + 127) << 23;
	VEC scale;
	memcpy(&scale, &bits, sizeof scale);
	return FN(vsel)(keep, p * scale, VSPLAT(0));
}

/* The largest lane as a tree: log2 VW steps where a loop took VW - 1. */
static inline float FN(hmax)(VEC a)
{
#if VW == 16
	a = FN(vmax)(a, __builtin_shufflevector(a, a, 8, 9, 10, 11, 12, 13, 14,
						15, 0, 1, 2, 3, 4, 5, 6, 7));
	a = FN(vmax)(a, __builtin_shufflevector(a, a, 4, 5, 6, 7, 0, 1, 2, 3,
						12, 13, 14, 15, 8, 9, 10, 11));
	a = FN(vmax)(a, __builtin_shufflevector(a, a, 2, 3, 0, 1, 6, 7, 4, 5,
						10, 11, 8, 9, 14, 15, 12, 13));
	a = FN(vmax)(a, __builtin_shufflevector(a, a, 1, 0, 3, 2, 5, 4, 7, 6,
						9, 8, 11, 10, 13, 12, 15, 14));
#else
	a = FN(vmax)(a, __builtin_shufflevector(a, a, 4, 5, 6, 7, 0, 1, 2, 3));
	a = FN(vmax)(a, __builtin_shufflevector(a, a, 2, 3, 0, 1, 6, 7, 4, 5));
	a = FN(vmax)(a, __builtin_shufflevector(a, a, 1, 0, 3, 2, 5, 4, 7, 6));
#endif
	return a[0];
}

/* e^(s - m) in place over cols_p scores (a multiple of VW); returns their
 * sum, added in 8-lane columns (above). */
static inline float FN(exp_sum)(float *s, int cols_p, float m)
{
	v8f acc = {0, 0, 0, 0, 0, 0, 0, 0};
	for (int j = 0; j < cols_p; j += VW) {
		VEC e = FN(vexp)(VLOAD(s + j) - VSPLAT(m));
		float ev[VW];
		VSTORE(s + j, e);
		memcpy(ev, &e, sizeof ev);
		for (int h = 0; h < VW; h += 8) {
			v8f part;
			memcpy(&part, ev + h, sizeof part);
			acc += part;
		}
	}
	return FN(hsum)(acc);
}

/* Row i of a score block: mask (causal, padding) then exp(s - m) in place;
 * cols_p a multiple of VW.  Returns the row's new max; *sum gets the sum
 * of the exponentials. */
static float FN(row_exp)(float *s, int cols_p, int valid, float m_old,
			 float *scale, float *sum)
{
	for (int j = valid; j < cols_p; j++)
		s[j] = -INFINITY;
	VEC mx = VSPLAT(-INFINITY);
	for (int j = 0; j < cols_p; j += VW)
		mx = FN(vmax)(VLOAD(s + j), mx);
	float m = FN(hmax)(mx);
	/* The online rule: everything so far moves to the new max by
	 * exp(m_old - m).  The max stays for nearly every block of a long
	 * row: then the scale is exactly 1 (no expf) and the exponentials
	 * are taken from m_old, a branch the CPU predicts, so they start
	 * before this block's max is known (decode, 8 keys a step: the
	 * exponentials had waited on the max, then P V on them, a chain no
	 * other work covered). */
	if (m <= m_old) {
		*scale = 1.0f;
		*sum = FN(exp_sum)(s, cols_p, m_old);
		return m_old;
	}
	*scale = m_old == -INFINITY ? 0.0f : expf(m_old - m);
	*sum = FN(exp_sum)(s, cols_p, m);
	return m;
}
