/*
 * fastbench: the benchmark engine that --bench and the bench scene share.
 * One case is a kernel (tiled, naive, decode) at a size, a thread count and
 * a K/V storage type.  The engine owns everything around the kernel:
 *
 *   inputs   Q, K, V from java.util.Random (jrand) gaussians, kept between
 *            cases of the same shape; K and V narrowed to f16 on demand
 *   timing   one clock (fastattn_now), the fastest of the runs done
 *   cold     decode runs start with caches that really hold none of K and V:
 *            an eviction buffer twice the last-level cache (64 MiB at least)
 *            is written through before each run, so every cached line is
 *            displaced, dirty or not
 *   checks   the output against a float64 two-pass reference on sampled
 *            rows of every head, read from the very K and V the kernel read
 *
 * Cancellation: *cancel nonzero stops a case between blocks of the kernel;
 * a stopped case gives no result (return 1), so nothing half-measured is
 * ever reported.  The engine never prints.
 */
#ifndef ATTNVIZ_FASTBENCH_H
#define ATTNVIZ_FASTBENCH_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

enum fastbench_kernel { FASTBENCH_TILED, FASTBENCH_NAIVE, FASTBENCH_DECODE, FASTBENCH_NKERNELS };

#define FASTBENCH_MAX_RUNS 100

/* "tiled", "naive", "decode"; "f32", "f16". */
const char *fastbench_kernel_name(int kernel);
const char *fastbench_kv_name(int kv);

struct fastbench_case {
	int kernel;    /* enum fastbench_kernel */
	int n;         /* tiled, naive: n queries and n keys; decode: n cached keys, one query */
	int d, heads, threads;
	int causal;    /* tiled, naive; decode's one query sees every key */
	int kv;        /* enum fastattn_kv */
	int runs;      /* timed runs, at most FASTBENCH_MAX_RUNS; the fastest is reported */
	int build;     /* enum fastattn_build: the kernels' path (0: the best) */
};

struct fastbench_result {
	double ms;                  /* the fastest of the runs */
	double gflops;              /* FLOPs computed / that time */
	double gbps;                /* decode: K and V bytes read / that time; -1 for tiled and naive */
	double flops, kv_bytes;     /* per run, as the kernel reports them */
	int64_t peak_extra_bytes;   /* scratch beyond inputs and outputs */
	double max_abs_diff;        /* largest |output - float64 reference| over the compared rows */
	int rows_compared;          /* 0: nothing was compared */
	int cold;                   /* caches evicted before each run */
	int runs;                   /* runs timed */
};

struct fastbench;
struct fastattn_args;

/* A peer implementation timed beside ours in the same run (--bench's ggml):
 * prepare takes the very inputs our kernel gets (0, or -1 with a reason);
 * run computes once (the timed call, 0 or -1); output writes the result as
 * [heads][nq][d].  The engine knows nothing of where it comes from. */
struct fastbench_peer {
	void *ctx;
	int (*prepare)(void *ctx, const struct fastattn_args *a, char *err, size_t errlen);
	int (*run)(void *ctx);
	void (*output)(void *ctx, float *o);
};

struct fastbench_peer_result {
	int ok;                 /* 0: the peer did not run this case (why says why) */
	char why[160];
	double ms;              /* the fastest of its runs, interleaved with ours */
	double max_abs_diff;    /* its output against the same float64 reference */
	int rows_compared;
};

/* NULL when out of memory. */
struct fastbench *fastbench_new(void);
void fastbench_free(struct fastbench *b);
/* Run one case: 0 with *r filled; 1 when *cancel stopped it (no result);
 * a negative enum fastattn_error with a one-line reason: FASTATTN_ETOOBIG
 * when naive refuses a score matrix that does not fit, FASTATTN_EFAIL for
 * the rest (bad sizes, no memory).  cancel may be NULL. */
int fastbench_run(struct fastbench *b, const struct fastbench_case *c, const atomic_int *cancel,
		  struct fastbench_result *r, char *err, size_t errlen);
/* The same, with peer's runs interleaved with ours (ours, then the peer's,
 * each from cold caches for decode) and its figures in *pr.  A peer that
 * fails leaves pr->ok 0 and our result whole. */
int fastbench_run_peer(struct fastbench *b, const struct fastbench_case *c, const struct fastbench_peer *peer,
		       const atomic_int *cancel, struct fastbench_result *r, struct fastbench_peer_result *pr, char *err,
		       size_t errlen);

#endif
