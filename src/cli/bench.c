/*
 * --bench: real-size attention timed on this machine: tiled against naive
 * (prefill), decode against the memory it must read, f32 K/V against f16,
 * one thread against two, side by side in one run.  The machine's own
 * limits are measured first (FMA peak and streaming read bandwidth for each
 * thread count used) so every figure is also a share of the limit of the
 * same thread count.  Inputs, timing, cold caches, best runs and the float64
 * check are the engine's (kern/fastbench.h), shared with the bench scene.
 * Figures are printed, never asserted: timing belongs in a benchmark, not in
 * a test.
 *
 * The peer: where ggml_peer.so loads (kern/ggml_peer.h), the real ggml's CPU
 * ggml_flash_attn_ext runs beside tiled (prefill) and decode on the same
 * inputs, its runs interleaved with ours, and the ratios of the best runs are
 * printed.  Where it does not, the header says why and our figures stand
 * alone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "util/err.h"
#include "util/xmalloc.h"
#include "kern/fastattn.h"
#include "kern/fastbench.h"
#include "kern/ggml_peer.h"
#include "kern/limits.h"
#include "scene/params.h"

enum {
	BN_N, BN_HEADS, BN_THREADS, BN_CAUSAL, BN_KV, BN_KERNELS, BN_RUNS,
	BN_PEER, BN_PATH, BN_NPARAMS
};
static const struct param_spec bench_params[BN_NPARAMS + 1] = {
	[BN_N] = {.name = "n", .kind = PARAM_INTS, .min = 1, .max = 1 << 17, .max_count = 8,
		.help = "lengths (default 4096 for tiled and naive, 65536 for decode)"},
	[BN_HEADS] = {.name = "heads", .kind = PARAM_INTS, .min = 1, .max = 64, .max_count = 4, .help = "heads"},
	[BN_THREADS] = {.name = "threads", .kind = PARAM_INTS, .min = 1, .max = FASTATTN_MAX_THREADS, .max_count = 4,
		.help = "threads"},
	[BN_CAUSAL] = {.name = "causal", .kind = PARAM_INTS, .min = 0, .max = 1, .max_count = 2,
		.help = "0 full attention, 1 causal (tiled and naive)"},
	[BN_KV] = {.name = "kv", .kind = PARAM_WORDS, .min = 0, .max = 3, .max_count = 4,
		.help = "f32|f16|q8_0|q4_0: storage of K and V (q8_0, q4_0: ggml blocks of 32)"},
	[BN_KERNELS] = {.name = "kernels", .kind = PARAM_WORDS, .min = 0, .max = 2, .max_count = 3,
		.help = "tiled|naive|decode: the kernels to run"},
	[BN_RUNS] = {.name = "runs", .kind = PARAM_INT, .min = 1, .max = 20,
		.help = "timed runs per case (the fastest is reported; decode runs 5 times as many)"},
	[BN_PEER] = {.name = "peer", .kind = PARAM_INT, .min = 0, .max = 1,
		.help = "1: time ggml's flash attention beside tiled and decode where ggml_peer.so loads; 0: ours alone"},
	/* The words in enum fastattn_build's order. */
	[BN_PATH] = {.name = "path", .kind = PARAM_WORDS, .min = 0,
		.max = FASTATTN_NBUILDS - 1, .max_count = FASTATTN_NBUILDS,
		.help = "best|portable|avx2|avx512: the kernels' paths, every "
			"case on each (one the CPU lacks runs the next below "
			"it, once)"},
	[BN_NPARAMS] = {0},
};

static const char *const bench_defaults[BN_NPARAMS] = {
	"4096", "8", "1,2", "0,1", "f32,f16", "tiled,naive,decode", "3", "1",
	"best",
};

#define D 128
#define DECODE_N 65536

/* The machine's limits per thread count (index = threads). */
struct limits {
	double peak[FASTATTN_MAX_THREADS + 1], bw[FASTATTN_MAX_THREADS + 1];
};

struct row {
	struct fastbench_case c;
	struct fastbench_result r;
	struct fastbench_peer_result pr;   /* ggml's figures for the same case (pr.ok 0: none) */
};

/* The peer's row's kernel name: its flash attention over n queries, or over one. */
static const char *peer_kernel(const struct fastbench_case *c)
{
	return c->kernel == FASTBENCH_DECODE ? "ggml_decode" : "ggml_prefill";
}

/* The largest difference from the float64 reference: "-" where nothing was compared. */
static void fmt_diff(char *buf, size_t len, const struct fastbench_result *r, int tsv)
{
	if (r->rows_compared == 0)
		snprintf(buf, len, "-");
	else if (tsv)
		snprintf(buf, len, "%.3g", r->max_abs_diff);
	else
		snprintf(buf, len, "%.1e", r->max_abs_diff);
}

static void print_row(const struct row *w, int tsv, const struct limits *lim)
{
	const struct fastbench_case *c = &w->c;
	const struct fastbench_result *r = &w->r;
	int decode = c->kernel == FASTBENCH_DECODE;
	char diff[32], gbps[32];
	if (tsv) {
		fmt_diff(diff, sizeof diff, r, 1);
		if (r->gbps >= 0)
			snprintf(gbps, sizeof gbps, "%.2f", r->gbps);
		else
			snprintf(gbps, sizeof gbps, "-");
		printf("%s\t%d\t%d\t%d\t%d\t%d\t%s\t%.3f\t%.2f\t%s\t%lld\t%s\n", fastbench_kernel_name(c->kernel), c->n, c->d,
		       c->heads, c->threads, decode ? 1 : c->causal, fastbench_kv_name(c->kv), r->ms, r->gflops, gbps,
		       (long long)r->peak_extra_bytes, diff);
		return;
	}
	fmt_diff(diff, sizeof diff, r, 0);
	char share[40];
	if (decode) {
		snprintf(gbps, sizeof gbps, "%7.2f", r->gbps);
		snprintf(share, sizeof share, "%3.0f%% of bandwidth", 100 * r->gbps / lim->bw[c->threads]);
	} else {
		snprintf(gbps, sizeof gbps, "%7s", "-");
		snprintf(share, sizeof share, "%3.0f%% of FMA peak", 100 * r->gflops / lim->peak[c->threads]);
	}
	printf("%-6s %4s %6d %5d %3d %6s %10.3f %8.2f %s  %-18s %12lld  %s\n", fastbench_kernel_name(c->kernel),
	       fastbench_kv_name(c->kv), c->n, c->heads, c->threads, decode ? "-" : c->causal ? "yes" : "no", r->ms,
	       r->gflops, gbps, share, (long long)r->peak_extra_bytes, diff);
}

/* ggml's row for the case of w: its fastest time, and what our kernel's
 * FLOPs and bytes for the same problem would be at that time. */
static void print_peer_row(const struct row *w, int tsv, const struct limits *lim)
{
	const struct fastbench_case *c = &w->c;
	const struct fastbench_peer_result *p = &w->pr;
	int decode = c->kernel == FASTBENCH_DECODE;
	double gflops = w->r.flops / (p->ms * 1e-3) / 1e9, gbps = w->r.kv_bytes / (p->ms * 1e-3) / 1e9;
	char diff[32];
	struct fastbench_result pr = {.rows_compared = p->rows_compared, .max_abs_diff = p->max_abs_diff};
	fmt_diff(diff, sizeof diff, &pr, tsv);
	if (tsv) {
		char g[32] = "-";
		if (decode)
			snprintf(g, sizeof g, "%.2f", gbps);
		printf("%s\t%d\t%d\t%d\t%d\t%d\t%s\t%.3f\t%.2f\t%s\t-\t%s\n", peer_kernel(c), c->n, c->d, c->heads, c->threads,
		       decode ? 1 : c->causal, fastbench_kv_name(c->kv), p->ms, gflops, g, diff);
		return;
	}
	char share[40], g[32];
	if (decode) {
		snprintf(g, sizeof g, "%7.2f", gbps);
		snprintf(share, sizeof share, "%3.0f%% of bandwidth", 100 * gbps / lim->bw[c->threads]);
	} else {
		snprintf(g, sizeof g, "%7s", "-");
		snprintf(share, sizeof share, "%3.0f%% of FMA peak", 100 * gflops / lim->peak[c->threads]);
	}
	printf("%-6s %4s %6d %5d %3d %6s %10.3f %8.2f %s  %-18s %12s  %s\n", "ggml", fastbench_kv_name(c->kv), c->n,
	       c->heads, c->threads, decode ? "-" : c->causal ? "yes" : "no", p->ms, gflops, g, share, "-", diff);
}

/* A row's share of its limit in percent: the FMA peak (prefill) or the
 * read bandwidth (decode) of its own thread count, measured in this run. */
static double row_share(const struct row *w, const struct limits *lim)
{
	int t = w->c.threads;
	if (w->c.kernel == FASTBENCH_DECODE)
		return lim->bw[t] > 0 ? 100 * w->r.gbps / lim->bw[t] : 0;
	return lim->peak[t] > 0 ? 100 * w->r.gflops / lim->peak[t] : 0;
}

/* Ratios measured side by side: f16 against f32, and more threads against
 * one; for more threads also how the share of the limit scales: the share
 * of the t-thread limit against the one-thread share of the one-thread
 * limit (100 %: the kernel scales as far as the machine does). */
static void print_ratios(const struct row *rows, int nrows, const struct limits *lim)
{
	int header = 0;
	for (int i = 0; i < nrows; i++) {
		const struct fastbench_case *c = &rows[i].c;
		for (int j = 0; j < nrows; j++) {
			const struct fastbench_case *e = &rows[j].c;
			if (e->kernel != c->kernel || e->n != c->n || e->heads != c->heads || e->causal != c->causal)
				continue;
			char line[300] = "";
			if (e->build != c->build) {
				/* The same case on two paths: the later
				 * one against the earlier. */
				if (j < i && e->kv == c->kv &&
				    e->threads == c->threads)
					snprintf(line, sizeof line,
						 "%s K/V, %d thread%s: %s is "
						 "%.2f× as fast as %s",
						 fastbench_kv_name(c->kv),
						 c->threads,
						 c->threads > 1 ? "s" : "",
						 fastattn_build_name(c->build),
						 rows[j].r.ms / rows[i].r.ms,
						 fastattn_build_name(e->build));
			} else if (i == j && rows[i].pr.ok)
				snprintf(line, sizeof line, "%s K/V, %d thread%s: attnviz is %.2f× as fast as ggml", fastbench_kv_name(c->kv),
					 c->threads, c->threads > 1 ? "s" : "", rows[i].pr.ms / rows[i].r.ms);
			else if (c->kv == FASTATTN_F16 && e->kv == FASTATTN_F32 && e->threads == c->threads)
				snprintf(line, sizeof line, "f16 K/V takes %.2f× the f32 time on %d thread%s", rows[i].r.ms / rows[j].r.ms,
					 c->threads, c->threads > 1 ? "s" : "");
			else if ((c->kv == FASTATTN_Q8_0 || c->kv == FASTATTN_Q4_0) && e->kv == FASTATTN_F16 && e->threads == c->threads)
				snprintf(line, sizeof line, "%s K/V takes %.2f× the f16 time on %d thread%s", fastbench_kv_name(c->kv),
					 rows[i].r.ms / rows[j].r.ms, c->threads, c->threads > 1 ? "s" : "");
			else if (c->kv == e->kv && e->threads == 1 && c->threads > 1)
				snprintf(line, sizeof line, "%d threads are %.2f× as fast as one (%s); %.0f%% of the %d-thread %s "
					 "against %.0f%% of the 1-thread one: %.0f%% of one thread's share",
					 c->threads, rows[j].r.ms / rows[i].r.ms, fastbench_kv_name(c->kv), row_share(&rows[i], lim),
					 c->threads, c->kernel == FASTBENCH_DECODE ? "bandwidth" : "FMA peak", row_share(&rows[j], lim),
					 row_share(&rows[j], lim) > 0 ? 100 * row_share(&rows[i], lim) / row_share(&rows[j], lim) : 0);
			if (!line[0])
				continue;
			if (!header)
				printf("\nside by side:\n");
			header = 1;
			printf("  %-6s n %-6d %d heads%s: %s\n", fastbench_kernel_name(c->kernel), c->n, c->heads,
			       c->kernel == FASTBENCH_DECODE ? "" : c->causal ? ", causal" : "", line);
		}
	}
}

/* Apply the defaults and every --set; 0, or the exit status of a usage error. */
static int bench_setup(const struct cli_options *o, struct params *p, int *n_given)
{
	char err[400], why[200];
	memset(p, 0, sizeof *p);
	p->specs = bench_params;
	for (p->n = 0; bench_params[p->n].name; p->n++) {
		param_parse(&bench_params[p->n], bench_defaults[p->n], &p->def[p->n], why, sizeof why);
		param_value_copy(&p->val[p->n], &p->def[p->n], 1);
	}
	*n_given = 0;
	for (int i = 0; i < o->nsets; i++) {
		if (params_set(p, o->sets[i], err, sizeof err) < 0) {
			char scoped[500];
			snprintf(scoped, sizeof scoped, "--bench: %s", err);
			err_print(scoped);
			return 2;
		}
		*n_given |= !strncmp(o->sets[i], "n=", 2);
	}
	return 0;
}

/* The path whose rows follow: a machine row in TSV, a heading in text
 * where more than one path runs. */
static void print_path(int build, int tsv, int npaths)
{
	const char *name = fastattn_build_name(build);
	if (tsv)
		printf("machine\tpath\t-\t-\t-\t-\t%s\t-\t-\t-\t-\t-\n", name);
	else if (npaths > 1)
		printf("path %s:\n", name);
}

/* Rows kept for the side-by-side ratios; later cases overwrite the last. */
#define BENCH_MAX_ROWS 2048

int cli_bench(const struct cli_options *o)
{
	struct params p;
	struct limits lim;
	struct row *rows = xcalloc(BENCH_MAX_ROWS, sizeof *rows);   /* the cases measured, for the ratios */
	int nrows = 0, n_given, tsv = o->format && !strcmp(o->format, "tsv");
	memset(&lim, 0, sizeof lim);
	if (bench_setup(o, &p, &n_given) != 0) {
		params_free(&p);
		free(rows);
		return 2;
	}
	int nn, nh, nt, nc, nkv, nk;
	const double *ns = params_list(&p, BN_N, &nn), *hs = params_list(&p, BN_HEADS, &nh);
	const double *ts = params_list(&p, BN_THREADS, &nt), *cs = params_list(&p, BN_CAUSAL, &nc);
	const double *kvs = params_list(&p, BN_KV, &nkv), *ks = params_list(&p, BN_KERNELS, &nk);
	int runs = (int)params_int(&p, BN_RUNS);
	/* The paths asked, each once: one the CPU lacks runs the build below
	 * it, which may be another asked already. */
	int npaths_asked, paths[FASTATTN_NBUILDS], npaths = 0;
	const double *ps = params_list(&p, BN_PATH, &npaths_asked);
	for (int i = 0; i < npaths_asked; i++) {
		const char *name = fastattn_build_name((int)ps[i]);
		int dup = 0;
		for (int k = 0; k < npaths; k++)
			dup |= !strcmp(fastattn_build_name(paths[k]), name);
		if (!dup)
			paths[npaths++] = (int)ps[i];
	}
	int want[FASTBENCH_NKERNELS] = {0};
	for (int i = 0; i < nk; i++)
		want[(int)ks[i]] = 1;
	/* The limits of every thread count used, and of 1 and 2 threads always. */
	int used[FASTATTN_MAX_THREADS + 1] = {0}, reused = 0;
	used[1] = used[2] = 1;
	for (int i = 0; i < nt; i++)
		used[(int)ts[i]] = 1;
	for (int t = 1; t <= FASTATTN_MAX_THREADS; t++)
		if (used[t]) {
			struct machine_limits ml = machine_limits(t, 0.9);
			lim.peak[t] = ml.peak, lim.bw[t] = ml.bw;
			reused |= ml.reused;
		}

	/* The peer, where asked and where it loads. */
	char why[300] = "not asked (--set peer=0)";
	struct ggml_peer *g = params_int(&p, BN_PEER) ? ggml_peer_open(why, sizeof why) : NULL;
	const struct fastbench_peer *peer = g ? ggml_peer_bench(g) : NULL;
	if (tsv) {
		printf("kernel\tn\td\theads\tthreads\tcausal\tkv\tms\tgflops\tgbps\tpeak_extra_bytes\tmax_abs_diff\n");
		for (int t = 1; t <= FASTATTN_MAX_THREADS; t++)
			if (used[t]) {
				printf("machine\tfma_peak\t-\t-\t%d\t-\t-\t-\t%.2f\t-\t-\t-\n", t, lim.peak[t]);
				printf("machine\tread_bandwidth\t-\t-\t%d\t-\t-\t-\t-\t%.2f\t-\t-\n", t, lim.bw[t]);
			}
	} else {
		printf("attnviz --bench: attention with d = %d, "
		       "kernels' path %s", D, fastattn_build_name(paths[0]));
		for (int i = 1; i < npaths; i++)
			printf("%s%s", i == npaths - 1 ? " and " : ", ",
			       fastattn_build_name(paths[i]));
		printf(" (this CPU's best: %s); fastest of %d run%s\n"
		       "(decode: of %d runs, each starting with cold caches)\n",
		       fastattn_isa(), runs, runs > 1 ? "s" : "", runs * 5);
		printf("machine: FMA peak");
		for (int t = 1; t <= FASTATTN_MAX_THREADS; t++)
			if (used[t])
				printf("%s %.1f GFLOP/s on %d thread%s", t > 1 ? "," : "", lim.peak[t], t, t > 1 ? "s" : "");
		printf("\n         streaming read bandwidth");
		for (int t = 1; t <= FASTATTN_MAX_THREADS; t++)
			if (used[t])
				printf("%s %.1f GB/s on %d thread%s", t > 1 ? "," : "", lim.bw[t], t, t > 1 ? "s" : "");
		if (reused)
			printf("\n         (limits measured by an earlier run: "
			       "ATTNVIZ_BENCH_LIMITS)");
		if (g)
			printf("\npeer: ggml's ggml_flash_attn_ext on %s (%s), beside tiled and decode, runs interleaved",
			       ggml_peer_device(g), ggml_peer_path(g));
		else
			printf("\npeer: ggml not measured: %s", why);
		printf("\n\n%-6s %4s %6s %5s %3s %6s %10s %8s %7s  %-18s %12s  %s\n", "kernel", "kv", "n", "heads", "thr",
		       "causal", "ms", "GFLOP/s", "GB/s", "share of the limit", "extra bytes", "max|diff|");
	}
	fflush(stdout);

	struct fastbench *b = fastbench_new();
	if (!b) {
		err_print("--bench: out of memory");
		ggml_peer_close(g);
		params_free(&p);
		free(rows);
		return 2;
	}
	char err[400];
	int status = 0;
	/* Every path asked, each with all the cases: prefill (tiled and naive
	 * side by side), then decode. */
	for (int step = 0; step < 2 * npaths; step++) {
		int ip = step / 2, phase = step % 2;
		if (phase == 0)
			print_path(paths[ip], tsv, npaths);
		if (phase == 0 ? !want[FASTBENCH_TILED] && !want[FASTBENCH_NAIVE] : !want[FASTBENCH_DECODE])
			continue;
		double decode_n = DECODE_N;
		const double *lens = phase == 1 && !n_given ? &decode_n : ns;
		int nlens = phase == 1 && !n_given ? 1 : nn;
		for (int in = 0; in < nlens; in++)
			for (int ih = 0; ih < nh; ih++)
				for (int ikv = 0; ikv < nkv; ikv++)
					for (int it = 0; it < nt; it++)
						for (int ic = 0; ic < (phase == 0 ? nc : 1); ic++) {
							struct fastbench_case c = {.n = (int)lens[in], .d = D, .heads = (int)hs[ih],
										   .threads = (int)ts[it], .causal = (int)cs[ic],
										   .kv = (int)kvs[ikv], .runs = runs,
										   .build = paths[ip]};
							double ms[2] = {0, 0};
							for (int k = phase == 0 ? FASTBENCH_TILED : FASTBENCH_DECODE;
							     k <= (phase == 0 ? FASTBENCH_NAIVE : FASTBENCH_DECODE); k++) {
								if (!want[k])
									continue;
								c.kernel = k;
								c.runs = k == FASTBENCH_DECODE ? runs * 5 : runs;
								struct row *w = &rows[nrows < BENCH_MAX_ROWS - 1 ? nrows : BENCH_MAX_ROWS - 1];
								w->c = c;
								/* ggml beside tiled and decode (its flash attention is the tiled kind). */
								const struct fastbench_peer *pk = k == FASTBENCH_NAIVE ? NULL : peer;
								int rc = fastbench_run_peer(b, &c, pk, NULL, &w->r, &w->pr, err, sizeof err);
								if (rc != 0) {
									if (rc == FASTATTN_ETOOBIG) {
										if (!tsv)
											printf("%-6s %4s %6d %5d %3d %6s  refused: %s\n", "naive",
											       fastbench_kv_name(c.kv), c.n, c.heads, c.threads,
											       c.causal ? "yes" : "no", err);
									} else {
										char scoped[500];
										snprintf(scoped, sizeof scoped, "--bench: %s", err);
										err_print(scoped);
										status = 2;
									}
									continue;
								}
								print_row(w, tsv, &lim);
								if (w->pr.ok)
									print_peer_row(w, tsv, &lim);
								else if (pk && !tsv)
									printf("%-6s %4s  not measured: %s\n", "ggml", fastbench_kv_name(c.kv), w->pr.why);
								ms[k == FASTBENCH_NAIVE] = w->r.ms;
								nrows += nrows < BENCH_MAX_ROWS - 1;
								fflush(stdout);
							}
							if (!tsv && ms[0] > 0 && ms[1] > 0)
								printf("%44s %s is %.2f× faster than %s\n", "", ms[0] <= ms[1] ? "tiled" : "naive",
								       ms[0] <= ms[1] ? ms[1] / ms[0] : ms[0] / ms[1], ms[0] <= ms[1] ? "naive" : "tiled");
						}
	}
	if (!tsv)
		print_ratios(rows, nrows, &lim);
	fastbench_free(b);
	ggml_peer_close(g);
	params_free(&p);
	free(rows);
	return status;
}
