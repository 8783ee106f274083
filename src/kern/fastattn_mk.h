/*
 * The register-blocked micro-kernels of tiled and naive, and the FMA
 * probe, for vectors of any width: included by fastattn_impl.h (8 floats,
 * the AVX2 and portable builds) and by fastattn_avx512.h (16 floats).
 * The includer defines FN(name) (the build's suffix), VEC (the vector
 * type), VW (its floats), VLOAD(p), VSTORE(p, x) and VSPLAT(x).
 *
 * Every score and every output column is one chain of multiply-adds over
 * the same terms in the same order whatever VW is.  The AVX2 and AVX-512
 * builds fuse every one of them (-ffp-contract=fast, FAST_CFLAGS in the
 * Makefile; fmaf in mk_pv's last columns), so they give the same bits (a
 * test holds them to it); the portable build, without FMA, fuses only
 * those last columns.
 */

/* S[rows_p][cols_p] = Qs Kt for a block: Qs is [rows_p][d] (pre-scaled by
 * 1/sqrt(d)), Kt is [d][ldk] (the key block transposed).  rows_p % 6 == 0,
 * cols_p % 16 == 0.  6 rows x 2 vectors of columns a step, twelve
 * accumulators in registers over all of d; then 6 x 1 vector where one
 * vector of columns is left (16 of them, with 16-float vectors). */
static void FN(mk_scores)(const float *qs, int d, const float *kt, int ldk, float *s, int lds, int rows_p, int cols_p)
{
	for (int i0 = 0; i0 < rows_p; i0 += 6) {
		const float *q0 = qs + (size_t)i0 * d;
		int j0 = 0;
		for (; j0 + 2 * VW <= cols_p; j0 += 2 * VW) {
			VEC a00 = VSPLAT(0), a01 = VSPLAT(0), a10 = VSPLAT(0), a11 = VSPLAT(0), a20 = VSPLAT(0), a21 = VSPLAT(0);
			VEC a30 = VSPLAT(0), a31 = VSPLAT(0), a40 = VSPLAT(0), a41 = VSPLAT(0), a50 = VSPLAT(0), a51 = VSPLAT(0);
			for (int c = 0; c < d; c++) {
				VEC k0 = VLOAD(kt + (size_t)c * ldk + j0), k1 = VLOAD(kt + (size_t)c * ldk + j0 + VW);
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
			VSTORE(o, a00), VSTORE(o + VW, a01);
			VSTORE(o + lds, a10), VSTORE(o + lds + VW, a11);
			VSTORE(o + 2 * lds, a20), VSTORE(o + 2 * lds + VW, a21);
			VSTORE(o + 3 * lds, a30), VSTORE(o + 3 * lds + VW, a31);
			VSTORE(o + 4 * lds, a40), VSTORE(o + 4 * lds + VW, a41);
			VSTORE(o + 5 * lds, a50), VSTORE(o + 5 * lds + VW, a51);
		}
		if (j0 < cols_p) {
			VEC a0 = VSPLAT(0), a1 = VSPLAT(0), a2 = VSPLAT(0), a3 = VSPLAT(0), a4 = VSPLAT(0), a5 = VSPLAT(0);
			for (int c = 0; c < d; c++) {
				VEC k0 = VLOAD(kt + (size_t)c * ldk + j0);
				a0 += q0[c] * k0, a1 += q0[d + c] * k0, a2 += q0[2 * d + c] * k0;
				a3 += q0[3 * d + c] * k0, a4 += q0[4 * d + c] * k0, a5 += q0[5 * d + c] * k0;
			}
			float *o = s + (size_t)i0 * lds + j0;
			VSTORE(o, a0), VSTORE(o + lds, a1), VSTORE(o + 2 * lds, a2);
			VSTORE(o + 3 * lds, a3), VSTORE(o + 4 * lds, a4), VSTORE(o + 5 * lds, a5);
		}
	}
}

/* O[rows_p][d] += P[rows_p][cols] V[cols][d]: 6 rows x 2 vectors of d's
 * columns a step, then 6 x 1 vector where one is left, then the last
 * d % VW columns one by one (with 16 floats, 8 of d = 40's 40: slow, but
 * the models' head sizes are multiples of 16 and the bench's d is 128). */
static void FN(mk_pv)(const float *p, int ldp, const float *v, int d, float *o, int rows_p, int cols)
{
	int d2 = d / (2 * VW) * (2 * VW), d1 = d / VW * VW;
	for (int i0 = 0; i0 < rows_p; i0 += 6) {
		const float *p0 = p + (size_t)i0 * ldp;
		for (int c0 = 0; c0 < d2; c0 += 2 * VW) {
			float *o0 = o + (size_t)i0 * d + c0;
			VEC a00 = VLOAD(o0), a01 = VLOAD(o0 + VW), a10 = VLOAD(o0 + d), a11 = VLOAD(o0 + d + VW);
			VEC a20 = VLOAD(o0 + 2 * d), a21 = VLOAD(o0 + 2 * d + VW), a30 = VLOAD(o0 + 3 * d), a31 = VLOAD(o0 + 3 * d + VW);
			VEC a40 = VLOAD(o0 + 4 * d), a41 = VLOAD(o0 + 4 * d + VW), a50 = VLOAD(o0 + 5 * d), a51 = VLOAD(o0 + 5 * d + VW);
			for (int j = 0; j < cols; j++) {
				VEC v0 = VLOAD(v + (size_t)j * d + c0), v1 = VLOAD(v + (size_t)j * d + c0 + VW);
				float x0 = p0[j], x1 = p0[ldp + j], x2 = p0[2 * ldp + j];
				float x3 = p0[3 * ldp + j], x4 = p0[4 * ldp + j], x5 = p0[5 * ldp + j];
				a00 += x0 * v0, a01 += x0 * v1;
				a10 += x1 * v0, a11 += x1 * v1;
				a20 += x2 * v0, a21 += x2 * v1;
				a30 += x3 * v0, a31 += x3 * v1;
				a40 += x4 * v0, a41 += x4 * v1;
				a50 += x5 * v0, a51 += x5 * v1;
			}
			VSTORE(o0, a00), VSTORE(o0 + VW, a01), VSTORE(o0 + d, a10), VSTORE(o0 + d + VW, a11);
			VSTORE(o0 + 2 * d, a20), VSTORE(o0 + 2 * d + VW, a21), VSTORE(o0 + 3 * d, a30), VSTORE(o0 + 3 * d + VW, a31);
			VSTORE(o0 + 4 * d, a40), VSTORE(o0 + 4 * d + VW, a41), VSTORE(o0 + 5 * d, a50), VSTORE(o0 + 5 * d + VW, a51);
		}
		if (d2 < d1) {
			float *o0 = o + (size_t)i0 * d + d2;
			VEC a0 = VLOAD(o0), a1 = VLOAD(o0 + d), a2 = VLOAD(o0 + 2 * d);
			VEC a3 = VLOAD(o0 + 3 * d), a4 = VLOAD(o0 + 4 * d), a5 = VLOAD(o0 + 5 * d);
			for (int j = 0; j < cols; j++) {
				VEC v0 = VLOAD(v + (size_t)j * d + d2);
				a0 += p0[j] * v0, a1 += p0[ldp + j] * v0, a2 += p0[2 * ldp + j] * v0;
				a3 += p0[3 * ldp + j] * v0, a4 += p0[4 * ldp + j] * v0, a5 += p0[5 * ldp + j] * v0;
			}
			VSTORE(o0, a0), VSTORE(o0 + d, a1), VSTORE(o0 + 2 * d, a2);
			VSTORE(o0 + 3 * d, a3), VSTORE(o0 + 4 * d, a4), VSTORE(o0 + 5 * d, a5);
		}
		/* fmaf: one rounding a term, as the vectors' multiply-adds where
		 * the CPU fuses them (GCC's vectorizer split a plain a * b + c
		 * here into a multiply and an add, and the builds' bits apart). */
		for (int r = 0; r < 6; r++)
			for (int c = d1; c < d; c++) {
				float acc = o[(size_t)(i0 + r) * d + c];
				for (int j = 0; j < cols; j++)
					acc = fmaf(p0[(size_t)r * ldp + j], v[(size_t)j * d + c], acc);
				o[(size_t)(i0 + r) * d + c] = acc;
			}
	}
}

/* The machine's FMA rate: twelve independent chains of a = a * x + y, each
 * iteration 12 x VW FMAs (struct kernels' lanes says VW to the peak). */
static double FN(fma_loop)(long iters)
{
	VEC a0 = VSPLAT(1), a1 = VSPLAT(2), a2 = VSPLAT(3), a3 = VSPLAT(4), a4 = VSPLAT(5), a5 = VSPLAT(6);
	VEC a6 = VSPLAT(7), a7 = VSPLAT(8), a8 = VSPLAT(9), a9 = VSPLAT(10), a10 = VSPLAT(11), a11 = VSPLAT(12);
	const VEC x = VSPLAT(0.999999f), y = VSPLAT(1e-7f);
	for (long i = 0; i < iters; i++) {
		a0 = a0 * x + y, a1 = a1 * x + y, a2 = a2 * x + y, a3 = a3 * x + y;
		a4 = a4 * x + y, a5 = a5 * x + y, a6 = a6 * x + y, a7 = a7 * x + y;
		a8 = a8 * x + y, a9 = a9 * x + y, a10 = a10 * x + y, a11 = a11 * x + y;
	}
	VEC s = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11;
	return s[0] + s[VW - 1];
}
