/*
 * The benchmark's numerics: f16 storage, the f16 kernels against a float64
 * reference written here, the split-K merge against one pass, the engine's
 * check and its memory.  Correctness only: no timing is asserted.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kern/fastattn.h"
#include "kern/fastbench.h"
#include "kern/half.h"
#include "kern/jrand.h"
#include "kern/splitk.h"
#include "t.h"

/* Halves by hand from IEEE 754 binary16: sign, 5 exponent bits (bias 15), 10 mantissa bits. */
static void test_half(void)
{
	T_NEAR(half_to_float(0x3c00), 1.0, 0, "half: 0x3c00 is 1");
	T_NEAR(half_to_float(0xc000), -2.0, 0, "half: 0xc000 is -2");
	T_NEAR(half_to_float(0x7bff), 65504.0, 0, "half: 0x7bff is 65504, the largest");
	T_NEAR(half_to_float(0x0001), ldexp(1, -24), 0, "half: 0x0001 is 2^-24, the smallest subnormal");
	T_NEAR(half_to_float(0x0400), ldexp(1, -14), 0, "half: 0x0400 is 2^-14, the smallest normal");
	T_OK(isinf(half_to_float(0x7c00)) && isnan(half_to_float(0x7e00)), "half: 0x7c00 is inf, 0x7e00 NaN");
	T_EQ_INT(half_from_float(1.0f + 0x1p-11f), 0x3c00, "half: 1 + 2^-11 is a tie, to even (1)");
	T_EQ_INT(half_from_float(1.0f + 3 * 0x1p-11f), 0x3c02, "half: 1 + 3*2^-11 is a tie, to even (1 + 2^-9)");
	T_EQ_INT(half_from_float(65519.0f), 0x7bff, "half: 65519 rounds to 65504");
	T_EQ_INT(half_from_float(65520.0f), 0x7c00, "half: 65520 rounds to infinity");
	T_EQ_INT(half_from_float(0x1p-25f), 0x0000, "half: 2^-25 is a tie between 0 and 2^-24, to even (0)");
	T_EQ_INT(half_from_float(3 * 0x1p-25f), 0x0002, "half: 3*2^-25 is a tie, to even (2*2^-24)");
	T_EQ_INT(half_from_float(-0.0f), 0x8000, "half: -0 keeps its sign");
	/* Every half: float and back is the identity, and the kernels' conversions
	 * (F16C where present, and the portable vector one) agree bit for bit. */
	static uint16_t all[65536];
	static float wide[65536], port[65536];
	int round_trip = 1, same = 1, same_port = 1;
	for (int h = 0; h < 65536; h++)
		all[h] = (uint16_t)h;
	fastattn_f16_to_f32(wide, all, 65536, 0);
	fastattn_f16_to_f32(port, all, 65536, 1);
	for (int h = 0; h < 65536; h++) {
		float f = half_to_float((uint16_t)h);
		if (!isnan(f) && half_from_float(f) != h)
			round_trip = 0;
		/* NaNs compare as NaNs: F16C quiets a signalling one, as IEEE 754 lets it. */
		same &= isnan(f) ? isnan(wide[h]) : !memcmp(&f, &wide[h], sizeof f);
		same_port &= isnan(f) ? isnan(port[h]) : !memcmp(&f, &port[h], sizeof f);
	}
	T_OK(round_trip, "half: every non-NaN half survives float and back");
	T_OK(same, "half: the %s conversion equals the scalar one on all 65536 halves", fastattn_isa());
	T_OK(same_port, "half: the portable vector conversion equals the scalar one on all 65536 halves");
}

/* Float64 attention of query row qi (position nkv - nq + qi when causal) over
 * halves, written here from the definition: softmax(q K^T / sqrt(d)) V. */
static void reference(const float *q, const uint16_t *k, const uint16_t *v, int nq, int nkv, int d, int qi, int causal,
		      double *out)
{
	int vis = causal ? nkv - nq + qi + 1 : nkv;
	double *s = malloc(sizeof(double) * (size_t)vis), mx = -INFINITY, sum = 0;
	for (int j = 0; j < vis; j++) {
		double t = 0;
		for (int c = 0; c < d; c++)
			t += (double)q[(size_t)qi * d + c] * half_to_float(k[(size_t)j * d + c]);
		s[j] = t / sqrt((double)d);
		mx = fmax(mx, s[j]);
	}
	for (int c = 0; c < d; c++)
		out[c] = 0;
	for (int j = 0; j < vis; j++) {
		double w = exp(s[j] - mx);
		sum += w;
		for (int c = 0; c < d; c++)
			out[c] += w * half_to_float(v[(size_t)j * d + c]);
	}
	for (int c = 0; c < d; c++)
		out[c] /= sum;
	free(s);
}

/* The f16 kernels (one head) against the float64 reference, every row.
 * Tolerance 1e-5: f32 accumulation over at most a few hundred keys of
 * gaussian data is good to about 1e-6. */
static void f16_case(int n, int d, int causal, int threads, int build)
{
	size_t count = (size_t)n * d;
	float *q = malloc(count * 4), *tmp = malloc(count * 4), *o = malloc(count * 4);
	uint16_t *k = malloc(count * 2), *v = malloc(count * 2);
	double ref[FASTATTN_MAX_D];
	struct jrand r;
	jrand_init(&r, 1000 + n);
	for (size_t i = 0; i < count; i++)
		q[i] = (float)jrand_gaussian(&r);
	for (size_t i = 0; i < count; i++)
		tmp[i] = (float)jrand_gaussian(&r);
	half_from_floats(k, tmp, count);
	for (size_t i = 0; i < count; i++)
		tmp[i] = (float)jrand_gaussian(&r);
	half_from_floats(v, tmp, count);
	const char *isa = fastattn_build_name(build);
	struct fastattn_args a = {.q = q, .k = k, .v = v, .o = o, .heads = 1, .nq = n, .nkv = n, .d = d, .causal = causal,
				  .threads = threads, .kv = FASTATTN_F16, .build = build};
	struct fastattn_stats st;
	char err[200];
	for (int kernel = 0; kernel < 2; kernel++) {
		int rc = kernel ? fastattn_naive(&a, &st, err, sizeof err) : fastattn_tiled(&a, &st, err, sizeof err);
		double diff = 0;
		for (int i = 0; i < n && rc == 0; i++) {
			reference(q, k, v, n, n, d, i, causal, ref);
			for (int c = 0; c < d; c++)
				diff = fmax(diff, fabs(o[(size_t)i * d + c] - ref[c]));
		}
		T_OK(rc == 0 && diff <= 1e-5, "fastattn f16: %s n=%d d=%d causal=%d threads=%d %s within 1e-5 of float64 (%.1e)",
		     kernel ? "naive" : "tiled", n, d, causal, threads, isa, diff);
	}
	/* Decode: the last query against all keys, split across threads. */
	struct fastattn_args b = {.q = q + (size_t)(n - 1) * d, .k = k, .v = v, .o = o, .heads = 1, .nq = 1, .nkv = n, .d = d,
				  .causal = 1, .threads = threads, .kv = FASTATTN_F16, .build = build};
	int rc = fastattn_decode(&b, &st, err, sizeof err);
	reference(q, k, v, n, n, d, n - 1, 1, ref);
	double diff = 0;
	for (int c = 0; c < d; c++)
		diff = fmax(diff, fabs(o[c] - ref[c]));
	T_OK(rc == 0 && diff <= 1e-5, "fastattn f16: decode n=%d d=%d threads=%d %s within 1e-5 of float64 (%.1e)", n, d,
	     threads, isa, diff);
	free(q), free(tmp), free(o), free(k), free(v);
}

/* Split-K: decode over 1..7 threads (key ranges) equals one thread's pass,
 * in f32 (fastattn_decode) and in float64 (splitk, any merge order). */
static void test_split(void)
{
	int n = 1000, d = 64, heads = 3;
	size_t count = (size_t)heads * n * d;
	float *k = malloc(count * 4), *v = malloc(count * 4), q[3 * 64], one[3 * 64], split[3 * 64];
	struct jrand r;
	jrand_init(&r, 77);
	for (size_t i = 0; i < count; i++)
		k[i] = (float)jrand_gaussian(&r), v[i] = (float)jrand_gaussian(&r);
	for (int i = 0; i < heads * d; i++)
		q[i] = (float)(2 * jrand_gaussian(&r));
	struct fastattn_args a = {.q = q, .k = k, .v = v, .o = one, .heads = heads, .nq = 1, .nkv = n, .d = d, .threads = 1};
	struct fastattn_stats st;
	char err[200];
	fastattn_decode(&a, &st, err, sizeof err);
	int64_t extra1 = st.peak_extra_bytes;
	for (int t = 2; t <= 7; t++) {
		a.o = split, a.threads = t;
		int rc = fastattn_decode(&a, &st, err, sizeof err);
		double diff = 0;
		for (int i = 0; i < heads * d; i++)
			diff = fmax(diff, fabs(split[i] - one[i]));
		T_OK(rc == 0 && diff <= 1e-6, "split-K: decode on %d threads equals one thread to 1e-6 (%.1e)", t, diff);
	}
	a.nkv = 100, a.threads = 1;
	fastattn_decode(&a, &st, err, sizeof err);
	T_EQ_INT(st.peak_extra_bytes, extra1, "split-K: decode scratch does not depend on n");
	T_NEAR(st.kv_bytes, 2.0 * 100 * d * 4 * heads, 0, "split-K: decode reads K and V once (2 n d 4 bytes per head)");
	free(k), free(v);

	/* float64: 40 keys in 5 uneven chunks, merged left to right and as a tree, against one pass. */
	double sc[40], val[40][2];
	jrand_init(&r, 5);
	for (int j = 0; j < 40; j++)
		sc[j] = 3 * jrand_gaussian(&r), val[j][0] = jrand_gaussian(&r), val[j][1] = jrand_gaussian(&r);
	struct splitk_state all, part[5], left, tree;
	int cut[6] = {0, 3, 4, 19, 30, 40};
	splitk_init(&all, 2);
	for (int j = 0; j < 40; j++)
		splitk_step(&all, sc[j], val[j]);
	for (int c = 0; c < 5; c++) {
		splitk_init(&part[c], 2);
		for (int j = cut[c]; j < cut[c + 1]; j++)
			splitk_step(&part[c], sc[j], val[j]);
	}
	left = part[0];
	for (int c = 1; c < 5; c++)
		splitk_merge(&left, &part[c], &left);
	struct splitk_state a01, a23, empty;
	splitk_merge(&part[0], &part[1], &a01);
	splitk_merge(&part[2], &part[3], &a23);
	splitk_merge(&a01, &a23, &tree);
	splitk_init(&empty, 2);
	splitk_merge(&tree, &part[4], &tree);
	splitk_merge(&empty, &tree, &tree);   /* an empty range adds nothing */
	double o1[2], o2[2], o3[2];
	splitk_output(&all, o1), splitk_output(&left, o2), splitk_output(&tree, o3);
	T_OK(left.m == all.m && tree.m == all.m, "split-K: merged max equals the one-pass max");
	T_NEAR(left.s, all.s, 1e-12, "split-K: left-to-right merged s equals one pass");
	T_NEAR(tree.s, all.s, 1e-12, "split-K: tree-merged s equals one pass");
	T_NEAR(fmax(fabs(o2[0] - o1[0]), fabs(o2[1] - o1[1])), 0, 1e-12, "split-K: left-to-right output equals one pass");
	T_NEAR(fmax(fabs(o3[0] - o1[0]), fabs(o3[1] - o1[1])), 0, 1e-12, "split-K: tree output (with an empty chunk) equals one pass");
	T_EQ_INT(tree.seen, 40, "split-K: the merged state has seen every key once");
}

/* The engine: a real check on every kernel, flat memory, cancellation. */
static void test_engine(void)
{
	struct fastbench *b = fastbench_new();
	struct fastbench_result r, r2;
	char err[200];
	T_OK(b != NULL, "fastbench: created");
	for (int k = 0; k < FASTBENCH_NKERNELS; k++)
		for (int kv = 0; kv < 2; kv++) {
			struct fastbench_case c = {.kernel = k, .n = 300, .d = 64, .heads = 2, .threads = 2, .causal = 1, .kv = kv, .runs = 3};
			int rc = fastbench_run(b, &c, NULL, &r, err, sizeof err);
			T_OK(rc == 0 && r.rows_compared > 0 && r.max_abs_diff <= 1e-5 && r.ms > 0 && r.runs == 3,
			     "fastbench: %s %s compares %d rows with float64 (%.1e)", fastbench_kernel_name(k), fastbench_kv_name(kv),
			     r.rows_compared, r.max_abs_diff);
			c.n = 700;
			fastbench_run(b, &c, NULL, &r2, err, sizeof err);
			if (k != FASTBENCH_NAIVE)
				T_EQ_INT(r2.peak_extra_bytes, r.peak_extra_bytes, "fastbench: %s %s scratch is the same at n 300 and 700",
					 fastbench_kernel_name(k), fastbench_kv_name(kv));
		}
	/* Naive credits every score it computes: 4 n^2 d per head, causal or not. */
	struct fastbench_case c = {.kernel = FASTBENCH_NAIVE, .n = 200, .d = 64, .heads = 1, .threads = 1, .causal = 1, .runs = 1};
	fastbench_run(b, &c, NULL, &r, err, sizeof err);
	T_NEAR(r.flops, 4.0 * 200 * 200 * 64, 0, "fastbench: naive causal is credited the whole matrix it computes");
	T_OK(r.gbps < 0, "fastbench: prefill has no bandwidth figure");
	/* Tiled causal at n = 200: query blocks of 96 (96, 96, 8 rows) see keys
	 * in blocks of 64 up to their last row: 128, 192, 200 keys. */
	c.kernel = FASTBENCH_TILED;
	fastbench_run(b, &c, NULL, &r, err, sizeof err);
	T_NEAR(r.flops, 4.0 * 64 * (96 * 128 + 96 * 192 + 8 * 200), 0, "fastbench: tiled causal is credited the blocks it visits");
	T_NEAR(r.kv_bytes, (128 + 192 + 200) * 2.0 * 64 * 4, 0, "fastbench: tiled reads the K and V rows of the blocks it visits");
	atomic_int cancel;
	atomic_init(&cancel, 1);
	T_EQ_INT(fastbench_run(b, &c, &cancel, &r, err, sizeof err), 1, "fastbench: a cancelled case gives no result");
	c.n = 0;
	T_OK(fastbench_run(b, &c, NULL, &r, err, sizeof err) < 0 && strstr(err, "bad case"), "fastbench: bad sizes refused");
	fastbench_free(b);
}

/* Peers for the engine's hook: one that computes with the portable build
 * (so its answer is right), one that answers zeros, one that refuses. */
struct fake_peer {
	struct fastattn_args a;
	float *o;
	int runs, zeros;
};

static int fake_prepare(void *ctx, const struct fastattn_args *a, char *err, size_t errlen)
{
	struct fake_peer *f = ctx;
	if (f->zeros < 0) {
		snprintf(err, errlen, "refused on purpose");
		return -1;
	}
	f->a = *a;
	free(f->o);
	f->o = calloc((size_t)a->heads * a->nq * a->d, sizeof(float));
	f->a.o = f->o, f->a.build = FASTATTN_BUILD_PORTABLE;
	f->runs = 0;
	return 0;
}

static int fake_run(void *ctx)
{
	struct fake_peer *f = ctx;
	struct fastattn_stats st;
	char err[100];
	f->runs++;
	if (f->zeros)
		return 0;
	return f->a.nq == 1 ? fastattn_decode(&f->a, &st, err, sizeof err) : fastattn_tiled(&f->a, &st, err, sizeof err);
}

static void fake_output(void *ctx, float *o)
{
	struct fake_peer *f = ctx;
	memcpy(o, f->o, sizeof(float) * (size_t)f->a.heads * f->a.nq * f->a.d);
}

static void test_peer(void)
{
	struct fastbench *b = fastbench_new();
	struct fastbench_result r;
	struct fastbench_peer_result pr;
	struct fake_peer f = {0};
	struct fastbench_peer peer = {.ctx = &f, .prepare = fake_prepare, .run = fake_run, .output = fake_output};
	char err[200];
	for (int k = FASTBENCH_TILED; k <= FASTBENCH_DECODE; k += FASTBENCH_DECODE - FASTBENCH_TILED) {
		struct fastbench_case c = {.kernel = k, .n = 200, .d = 64, .heads = 2, .threads = 1, .causal = 1, .kv = FASTATTN_Q8_0, .runs = 3};
		f.zeros = 0;
		int rc = fastbench_run_peer(b, &c, &peer, NULL, &r, &pr, err, sizeof err);
		T_OK(rc == 0 && pr.ok && f.runs == 3 && pr.ms > 0 && pr.rows_compared == r.rows_compared && pr.max_abs_diff <= 1e-5,
		     "fastbench peer: %s runs 3 times beside ours, its output checked against float64 (%.1e)", fastbench_kernel_name(k),
		     pr.max_abs_diff);
		T_OK(r.max_abs_diff <= 1e-5, "fastbench peer: %s our own output is still the one checked for our row (%.1e)",
		     fastbench_kernel_name(k), r.max_abs_diff);
		f.zeros = 1;
		fastbench_run_peer(b, &c, &peer, NULL, &r, &pr, err, sizeof err);
		T_OK(pr.ok && pr.max_abs_diff > 1e-3 && r.max_abs_diff <= 1e-5,
		     "fastbench peer: %s a peer answering zeros is caught (%.1e), ours unaffected", fastbench_kernel_name(k),
		     pr.max_abs_diff);
		f.zeros = -1;
		rc = fastbench_run_peer(b, &c, &peer, NULL, &r, &pr, err, sizeof err);
		T_OK(rc == 0 && !pr.ok && !strcmp(pr.why, "refused on purpose") && r.rows_compared > 0,
		     "fastbench peer: %s a refusing peer leaves our result whole and says why", fastbench_kernel_name(k));
	}
	free(f.o);
	fastbench_free(b);
}

void test_fastbench(void)
{
	test_half();
	f16_case(64, 8, 0, 1, 0);
	f16_case(64, 8, 0, 1, 1);
	/* Every build this CPU has. */
	for (int build = 0; build < FASTATTN_NBUILDS; build++) {
		if (!fastattn_build_native(build))
			continue;
		f16_case(200, 128, 1, 2, build);
		/* d = 128 decode: steps of 8 or 16 keys and a last short of
		 * an eight-key group, odd for P V */
		f16_case(77, 128, 0, 1, build);
		/* d not a multiple of 32 (nor of 16): row_scores_hd's and
		 * row_pv_hd's tails */
		f16_case(97, 40, 0, 3, build);
		/* d a multiple of 16, not of 32: the 16-lane tails */
		f16_case(90, 48, 0, 2, build);
		/* the largest d: two 128-column passes of P V */
		f16_case(70, 256, 0, 1, build);
	}
	test_split();
	test_engine();
	test_peer();
}
