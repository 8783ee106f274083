/* The benchmark kernels against the teaching kernels, on the lesson's data and others. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kern/fastattn.h"
#include "kern/jrand.h"
#include "kern/tiled.h"
#include "t.h"

static double max_diff(const float *a, const float *b, size_t n)
{
	double m = 0;
	for (size_t i = 0; i < n; i++)
		m = fmax(m, fabs((double)a[i] - b[i]));
	return m;
}

/* One case: heads x n x d from Random(seed), teaching tiled stepper per head
 * vs both fast kernels, in the build `build` (enum fastattn_build). */
static void agree(int n, int d, int heads, int causal, int threads, long seed, int build)
{
	size_t count = (size_t)heads * n * d;
	float *q = malloc(count * 4), *k = malloc(count * 4), *v = malloc(count * 4);
	float *ref = calloc(count, 4), *ft = malloc(count * 4), *fn = malloc(count * 4);
	struct jrand r;
	jrand_init(&r, seed);
	/* The tiled scene's order: all of q, then k, then v (per head). */
	for (int h = 0; h < heads; h++) {
		size_t off = (size_t)h * n * d;
		for (size_t i = 0; i < (size_t)n * d; i++)
			q[off + i] = (float)jrand_gaussian(&r);
		for (size_t i = 0; i < (size_t)n * d; i++)
			k[off + i] = (float)jrand_gaussian(&r);
		for (size_t i = 0; i < (size_t)n * d; i++)
			v[off + i] = (float)jrand_gaussian(&r);
		struct tiled_run tr;
		tiled_init(&tr, q + off, k + off, v + off, ref + off, n, d, 16, causal);
		while (tiled_step(&tr) != TILED_DONE)
			;
		tiled_free(&tr);
	}
	struct fastattn_args a = {.q = q, .k = k, .v = v, .o = ft, .heads = heads, .nq = n, .nkv = n, .d = d,
				  .causal = causal, .threads = threads, .build = build};
	struct fastattn_stats st;
	char err[200];
	const char *name = fastattn_build_name(build);
	int rc1 = fastattn_tiled(&a, &st, err, sizeof err);
	a.o = fn;
	int rc2 = fastattn_naive(&a, &st, err, sizeof err);
	T_OK(rc1 == 0 && rc2 == 0, "fastattn: n=%d d=%d heads=%d causal=%d threads=%d %s runs", n, d, heads, causal, threads, name);
	T_NEAR(max_diff(ft, ref, count), 0, 1e-5, "fastattn: tiled agrees with the teaching stepper (n=%d d=%d causal=%d %s)", n,
	       d, causal, name);
	T_NEAR(max_diff(fn, ref, count), 0, 1e-5, "fastattn: naive agrees with the teaching stepper (n=%d d=%d causal=%d %s)", n,
	       d, causal, name);
	/* The AVX-512 micro-kernels add the very terms of the AVX2 ones in the
	 * same order, only 16 lanes at a time: the outputs are the same bits. */
	if (build == FASTATTN_BUILD_BEST) {
		float *o2 = malloc(count * 4);
		a.build = FASTATTN_BUILD_AVX2, a.o = o2;
		if (strcmp(name, fastattn_build_name(FASTATTN_BUILD_AVX2)) == 0) {
			printf("skip - fastattn: tiled and naive of %s against the AVX2 build bit for bit (n=%d d=%d): the same build here\n",
			       name, n, d);
		} else {
			int same = fastattn_tiled(&a, &st, err, sizeof err) == 0 && memcmp(o2, ft, count * 4) == 0;
			same = same && fastattn_naive(&a, &st, err, sizeof err) == 0 && memcmp(o2, fn, count * 4) == 0;
			T_OK(same, "fastattn: tiled and naive of %s equal the AVX2 build's bit for bit (n=%d d=%d causal=%d)", name, n,
			     d, causal);
		}
		free(o2);
	}
	free(q), free(k), free(v), free(ref), free(ft), free(fn);
}

void test_fastattn(void)
{
	/* Every build this CPU has (the others would run the build below). */
	for (int build = 0; build < FASTATTN_NBUILDS; build++) {
		if (!fastattn_build_native(build)) {
			printf("skip - fastattn: no build %d (%s runs in its "
			       "place) on this CPU\n",
			       build, fastattn_build_name(build));
			continue;
		}
		agree(64, 8, 1, 0, 1, 42, build);     /* the lesson's data */
		agree(200, 128, 2, 1, 2, 7, build);   /* ragged blocks (a last one of 8 keys), causal, two threads */
		agree(61, 20, 2, 1, 2, 13, build);    /* d % 8 == 4: mk_pv's fmaf columns in every width */
	}
	agree(97, 40, 3, 0, 2, 5, 0);     /* d not a multiple of 16 */
	agree(90, 48, 2, 1, 1, 3, 0);     /* d a multiple of 16, not of 32 */
	agree(130, 256, 1, 1, 1, 9, 0);   /* the largest d */

	/* Decode: one query over n keys equals the last row of the full causal run. */
	int n = 300, d = 128;
	float *q = malloc((size_t)n * d * 4), *k = malloc((size_t)n * d * 4), *v = malloc((size_t)n * d * 4);
	float *full = malloc((size_t)n * d * 4), one[128];
	struct jrand r;
	jrand_init(&r, 11);
	for (int i = 0; i < n * d; i++)
		q[i] = (float)jrand_gaussian(&r), k[i] = (float)jrand_gaussian(&r), v[i] = (float)jrand_gaussian(&r);
	struct fastattn_args a = {.q = q, .k = k, .v = v, .o = full, .heads = 1, .nq = n, .nkv = n, .d = d, .causal = 1,
				  .threads = 1};
	struct fastattn_stats st;
	char err[300];
	fastattn_tiled(&a, &st, err, sizeof err);
	struct fastattn_args b = {.q = q + (size_t)(n - 1) * d, .k = k, .v = v, .o = one, .heads = 1, .nq = 1, .nkv = n,
				  .d = d, .causal = 1, .threads = 1};
	T_OK(fastattn_tiled(&b, &st, err, sizeof err) == 0, "fastattn: decode runs");
	T_NEAR(max_diff(one, full + (size_t)(n - 1) * d, (size_t)d), 0, 1e-6, "fastattn: decode equals the last causal row");
	int64_t small = st.peak_extra_bytes;
	struct fastattn_args c = {.q = q, .k = k, .v = v, .o = full, .heads = 1, .nq = n, .nkv = n, .d = d, .threads = 1};
	fastattn_tiled(&c, &st, err, sizeof err);
	T_EQ_INT(st.peak_extra_bytes, small, "fastattn: tiled scratch does not depend on n");
	free(q), free(k), free(v), free(full);

	struct fastattn_args huge = {.heads = 1, .nq = 1 << 20, .nkv = 1 << 20, .d = 128, .threads = 1};
	T_OK(fastattn_naive(&huge, &st, err, sizeof err) == FASTATTN_ETOOBIG && strstr(err, "score matrix needs 4096.1 GiB"),
	     "fastattn: naive refuses a score matrix that does not fit (%s)", err);
	struct fastattn_args bad = {.heads = 1, .nq = 10, .nkv = 10, .d = 300, .threads = 1};
	T_OK(fastattn_tiled(&bad, &st, err, sizeof err) == FASTATTN_EFAIL && strstr(err, "bad sizes"), "fastattn: d over 256 refused");
	struct fastattn_args nobuild = {.heads = 1, .nq = 10, .nkv = 10, .d = 16, .threads = 1, .build = FASTATTN_NBUILDS};
	char want[40];
	snprintf(want, sizeof want, "no build %d", FASTATTN_NBUILDS);
	T_OK(fastattn_tiled(&nobuild, &st, err, sizeof err) == FASTATTN_EFAIL &&
		     strstr(err, want),
	     "fastattn: a build that does not exist refused (%s)", err);
	/* Every build the CPU has is its own: AVX-512 is not AVX2 under
	 * another name, AVX2 not the portable one. */
	for (int build = FASTATTN_BUILD_AVX2; build < FASTATTN_NBUILDS; build++)
		if (fastattn_build_native(build))
			T_OK(strcmp(fastattn_build_name(build),
				    fastattn_build_name(build - 1)) != 0,
			     "fastattn: build %d runs %s, not the one below",
			     build, fastattn_build_name(build));
	T_OK(fastattn_build_native(FASTATTN_BUILD_BEST) &&
		     fastattn_build_native(FASTATTN_BUILD_PORTABLE) &&
		     !fastattn_build_native(FASTATTN_NBUILDS),
	     "fastattn: the best and the portable builds are always there, no "
	     "build past the last");
	T_OK(fastattn_fma_peak(1, 0.01) > 0.1, "fastattn: the FMA peak measures something");
}
