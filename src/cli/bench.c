/*
 * --bench: real-size attention timed on this machine, tiled against naive,
 * side by side in one run, with the machine's own limits measured first so
 * every figure is also a fraction of them.  Figures are printed, never
 * asserted: timing belongs in a benchmark, not in a test.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "util/err.h"
#include "kern/fastattn.h"
#include "kern/jrand.h"
#include "scene/params.h"

static const struct param_spec bench_params[] = {
	{"n", PARAM_INTS, 1, 1 << 17, 8, 0, "lengths"},
	{"heads", PARAM_INTS, 1, 64, 4, 0, "heads"},
	{"threads", PARAM_INTS, 1, FASTATTN_MAX_THREADS, 4, 0, "threads"},
	{"runs", PARAM_INT, 1, 100, 1, 0, "timed runs per case (the median is reported)"},
	{0},
};

static const char *const bench_defaults[] = {"1024,2048,4096,8192", "1,8", "1,2", "3"};

#define D 128

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Read a buffer larger than the last-level cache, so the next run starts cold. */
static void evict_caches(void)
{
	static float *junk;
	static volatile float sink;   /* keeps the reads from being optimised away */
	size_t n = (size_t)32 << 20;   /* 128 MiB */
	if (!junk && !(junk = calloc(n, sizeof *junk)))
		return;
	float s = 0;
	for (size_t i = 0; i < n; i += 16)
		s += junk[i];
	sink = s;
	(void)sink;
}

/* Median milliseconds of `runs` calls; -1 with err on failure.  cold: evict
 * the caches before each run (decode reads K and V from memory, as it would
 * after the rest of a forward pass). */
static double time_kernel(int naive, int cold, const struct fastattn_args *a, int runs, struct fastattn_stats *st,
			  char *err, size_t errlen)
{
	double ms[100];
	for (int r = 0; r < runs; r++) {
		if (cold)
			evict_caches();
		double t0 = now();
		int rc = naive ? fastattn_naive(a, st, err, errlen) : fastattn_tiled(a, st, err, errlen);
		if (rc < 0)
			return -1;
		ms[r] = (now() - t0) * 1e3;
	}
	qsort(ms, (size_t)runs, sizeof ms[0], cmp_double);
	return ms[runs / 2];
}

struct row {
	const char *kernel;
	int n, heads, threads, causal;
	double ms, gflops, diff;
	long long extra;
};

static void print_row(const struct row *r, int tsv, double peak1, double peak2, double bw)
{
	if (tsv) {
		printf("%s\t%d\t%d\t%d\t%d\t%d\t%.3f\t%.2f\t%lld\t%.3g\n", r->kernel, r->n, D, r->heads, r->threads, r->causal,
		       r->ms, r->gflops, r->extra, r->diff);
		return;
	}
	double peak = r->threads == 1 ? peak1 : peak2 * r->threads / 2;
	if (!strcmp(r->kernel, "tiled_decode")) {
		double gbs = 2.0 * r->n * D * sizeof(float) * r->heads / (r->ms * 1e-3) / 1e9;
		printf("%-13s %6d %5d %3d %6s %10.3f %8.2f  %5.1f GB/s = %3.0f%% of bandwidth  %12lld  %.1e\n", r->kernel, r->n,
		       r->heads, r->threads, "-", r->ms, r->gflops, gbs, 100 * gbs / bw, r->extra, r->diff);
		return;
	}
	printf("%-13s %6d %5d %3d %6s %10.3f %8.2f  %3.0f%% of FMA peak              %12lld  %.1e\n", r->kernel, r->n, r->heads,
	       r->threads, r->causal ? "yes" : "no", r->ms, r->gflops, 100 * r->gflops / peak, r->extra, r->diff);
}

static void fill(float *x, size_t count, struct jrand *r)
{
	for (size_t i = 0; i < count; i++)
		x[i] = (float)jrand_gaussian(r);
}

int cli_bench(const struct cli_options *o)
{
	struct params p;
	char err[400], why[200];
	int tsv = o->format && !strcmp(o->format, "tsv");
	memset(&p, 0, sizeof p);
	p.specs = bench_params;
	for (p.n = 0; bench_params[p.n].name; p.n++) {
		param_parse(&bench_params[p.n], bench_defaults[p.n], &p.def[p.n], why, sizeof why);
		param_value_copy(&p.val[p.n], &p.def[p.n], 1);
	}
	for (int i = 0; i < o->nsets; i++)
		if (params_set(&p, o->sets[i], err, sizeof err) < 0) {
			char scoped[500];
			snprintf(scoped, sizeof scoped, "--bench: %s", err);
			err_print(scoped);
			params_free(&p);
			return 2;
		}
	int nn, nh, nt;
	const double *ns = params_list(&p, "n", &nn), *hs = params_list(&p, "heads", &nh), *ts = params_list(&p, "threads", &nt);
	int runs = (int)params_int(&p, "runs");

	double peak1 = fastattn_fma_peak(1, 0.3), peak2 = fastattn_fma_peak(2, 0.3), bw = fastattn_read_bandwidth(0.6);
	if (tsv) {
		printf("kernel\tn\td\theads\tthreads\tcausal\tms\tgflops\tpeak_extra_bytes\tmax_abs_diff\n");
		printf("machine\tfma_peak_1t\t-\t-\t1\t-\t-\t%.2f\t-\t-\n", peak1);
		printf("machine\tfma_peak_2t\t-\t-\t2\t-\t-\t%.2f\t-\t-\n", peak2);
		printf("machine\tbandwidth_1t\t-\t-\t1\t-\t-\t%.2f\t-\t-\n", bw);
	} else {
		printf("attnviz --bench: f32 attention, d = %d, kernels built for %s; median of %d run%s\n", D, fastattn_isa(), runs,
		       runs > 1 ? "s" : "");
		printf("machine: FMA peak %.1f GFLOP/s on 1 thread, %.1f on 2; read bandwidth %.1f GB/s on 1 thread\n\n", peak1,
		       peak2, bw);
		printf("%-13s %6s %5s %3s %6s %10s %8s  %-32s %12s  %s\n", "kernel", "n", "heads", "thr", "causal", "ms",
		       "GFLOP/s", "fraction of the limit", "extra bytes", "max|diff|");
	}
	fflush(stdout);
	int status = 0;
	for (int in = 0; in < nn; in++)
		for (int ih = 0; ih < nh; ih++) {
			int n = (int)ns[in], heads = (int)hs[ih];
			size_t count = (size_t)heads * n * D;
			float *q = malloc(count * sizeof(float)), *k = malloc(count * sizeof(float));
			float *v = malloc(count * sizeof(float)), *o1 = malloc(count * sizeof(float));
			float *o2 = malloc(count * sizeof(float));
			if (!q || !k || !v || !o1 || !o2) {
				err_print("--bench: out of memory for the inputs");
				free(q), free(k), free(v), free(o1), free(o2);
				params_free(&p);
				return 2;
			}
			struct jrand r;
			jrand_init(&r, n * 31 + heads);
			fill(q, count, &r), fill(k, count, &r), fill(v, count, &r);
			for (int it = 0; it < nt; it++)
				for (int causal = 0; causal <= 1; causal++) {
					int threads = (int)ts[it];
					struct fastattn_args a = {q, k, v, o1, heads, n, n, D, causal, threads};
					struct fastattn_args b = a;
					struct fastattn_stats s1, s2;
					b.o = o2;
					double flops = 4.0 * n * (double)n * D * heads * (causal ? 0.5 : 1);
					double tt = time_kernel(0, 0, &a, runs, &s1, err, sizeof err);
					double tn = time_kernel(1, 0, &b, runs, &s2, err, sizeof err);
					double diff = 0;
					if (tn >= 0 && tt >= 0)
						for (size_t i = 0; i < count; i++)
							diff = fmax(diff, fabs(o1[i] - o2[i]));
					if (tt < 0) {
						err_print(err);
						status = 2;
						continue;
					}
					struct row rt = {"tiled", n, heads, threads, causal, tt, flops / (tt * 1e-3) / 1e9, tn >= 0 ? diff : NAN,
							 (long long)s1.peak_extra_bytes};
					print_row(&rt, tsv, peak1, peak2, bw);
					if (tn < 0) {
						if (!tsv)
							printf("%-13s %6d %5d %3d %6s  refused: %s\n", "naive", n, heads, threads, causal ? "yes" : "no", err);
					} else {
						struct row rn = {"naive", n, heads, threads, causal, tn, flops / (tn * 1e-3) / 1e9, diff,
								 (long long)s2.peak_extra_bytes};
						print_row(&rn, tsv, peak1, peak2, bw);
						if (!tsv)
							printf("%-13s %58s tiled is %.2fx naive\n", "", "", tn / tt);
					}
					fflush(stdout);
				}
			/* Decode: one new query over n cached keys; K and V are read once, from memory. */
			for (int it = 0; it < nt; it++) {
				int threads = (int)ts[it];
				struct fastattn_args a = {q + (size_t)(n - 1) * D, k, v, o1, heads, 1, n, D, 1, threads};
				/* One query per head: give each head its own row of q, laid out [heads][1][d]. */
				for (int h = 0; h < heads; h++)
					memcpy(o2 + (size_t)h * D, q + ((size_t)h * n + n - 1) * D, D * sizeof(float));
				a.q = o2;
				struct fastattn_stats s1;
				double tt = time_kernel(0, 1, &a, runs * 5 > 100 ? 100 : runs * 5, &s1, err, sizeof err);
				if (tt < 0) {
					err_print(err);
					status = 2;
					continue;
				}
				struct row rd = {"tiled_decode", n, heads, threads, 1, tt, 4.0 * n * D * heads / (tt * 1e-3) / 1e9, NAN,
						 (long long)s1.peak_extra_bytes};
				print_row(&rd, tsv, peak1, peak2, bw);
			}
			free(q), free(k), free(v), free(o1), free(o2);
		}
	params_free(&p);
	return status;
}
