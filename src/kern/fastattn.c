#include "kern/fastattn.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Every function passing vectors here is static: no ABI crosses this file, so
 * GCC's note that 32-byte vectors are passed differently without AVX is moot. */
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wunknown-warning-option"
#endif
#pragma GCC diagnostic ignored "-Wpsabi"

typedef float v8f __attribute__((vector_size(32)));
typedef int v8si __attribute__((vector_size(32)));

#define V8(x) ((v8f){(x), (x), (x), (x), (x), (x), (x), (x)})
/* Unaligned vector access through memcpy: the compiler makes it one load or store. */
#define LOAD(p) load8(p)
#define STORE(p, x) store8((p), (x))

static inline v8f load8(const float *p)
{
	v8f x;
	memcpy(&x, p, sizeof x);
	return x;
}

static inline void store8(float *p, v8f x)
{
	memcpy(p, &x, sizeof x);
}

/* Query rows and key columns per block: a 96x64 score tile is 24 KiB, so it,
 * the transposed key block and the accumulators stay in L1/L2. */
#define BR 96
#define BC 64

struct kernels {
	void (*scores)(const float *qs, int d, const float *kt, int ldk, float *s, int lds, int rows_p, int cols_p);
	void (*pv)(const float *p, int ldp, const float *v, int d, float *o, int rows_p, int cols);
	float (*row_exp)(float *s, int cols_p, int valid, float m_old, float *scale, float *sum);
	void (*row_scores)(const float *q, int d, const float *k, int cols, float *s, int cols_p);
	void (*row_pv)(const float *p, const float *v, int d, float *o, int cols);
	double (*fma_loop)(long iters);
	double (*read_loop)(const float *buf, size_t n);
};

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#pragma GCC push_options
#pragma GCC target("avx2,fma")
#define SUFFIX _avx2
#include "kern/fastattn_impl.h"
#undef SUFFIX
#pragma GCC pop_options
#define HAVE_AVX2 1
#endif

#define SUFFIX _portable
#include "kern/fastattn_impl.h"
#undef SUFFIX

static int force_portable;

void fastattn_force_portable(int on)
{
	force_portable = on;
}

static const struct kernels *pick(void)
{
#ifdef HAVE_AVX2
	if (!force_portable && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
		return &kernels_avx2;
#endif
	return &kernels_portable;
}

const char *fastattn_isa(void)
{
	return pick() == &kernels_portable ? "portable" : "avx2+fma";
}

static int round_up(int x, int to)
{
	return (x + to - 1) / to * to;
}

static void *alloc_floats(size_t n)
{
	size_t bytes = (n * sizeof(float) + 63) / 64 * 64;
	void *p = aligned_alloc(64, bytes ? bytes : 64);
	if (p)
		memset(p, 0, bytes);
	return p;
}

/* One thread's workbench: the lesson's SRAM. */
struct bench_scratch {
	float *qs;    /* [BR][d] the query block, scaled by 1/sqrt(d) */
	float *kt;    /* [d][BC] the key block, transposed */
	float *s;     /* [BR][BC] the score tile, then P */
	float *acc;   /* [BR][d] output accumulators */
	float m[BR], l[BR];
};

static int64_t scratch_bytes(int d)
{
	return (int64_t)sizeof(float) * (BR * d + d * BC + BR * BC + BR * d) + 2 * BR * (int64_t)sizeof(float);
}

static int scratch_init(struct bench_scratch *w, int d)
{
	w->qs = alloc_floats((size_t)BR * d);
	w->kt = alloc_floats((size_t)d * BC);
	w->s = alloc_floats((size_t)BR * BC);
	w->acc = alloc_floats((size_t)BR * d);
	return w->qs && w->kt && w->s && w->acc ? 0 : -1;
}

static void scratch_free(struct bench_scratch *w)
{
	free(w->qs);
	free(w->kt);
	free(w->s);
	free(w->acc);
}

/* Copy query rows [i0, i0 + rows) into qs, scaled, zero rows up to rows_p. */
static void load_queries(float *qs, const float *q, int i0, int rows, int rows_p, int d)
{
	float scale = 1.0f / sqrtf((float)d);
	for (int r = 0; r < rows; r++)
		for (int c = 0; c < d; c++)
			qs[(size_t)r * d + c] = q[(size_t)(i0 + r) * d + c] * scale;
	memset(qs + (size_t)rows * d, 0, sizeof(float) * (size_t)(rows_p - rows) * d);
}

/* Transpose key rows [j0, j0 + cols) into kt[d][ldk], zero columns up to cols_p. */
static void load_keys(float *kt, int ldk, const float *k, int j0, int cols, int cols_p, int d)
{
	for (int c = 0; c < d; c++) {
		float *row = kt + (size_t)c * ldk;
		for (int j = 0; j < cols; j++)
			row[j] = k[(size_t)(j0 + j) * d + c];
		for (int j = cols; j < cols_p; j++)
			row[j] = 0;
	}
}

/* Keys a query row may see in a block starting at j0 (causal), or all cols. */
static int visible(const struct fastattn_args *a, int qi, int j0, int cols)
{
	if (!a->causal)
		return cols;
	int pos = a->nkv - a->nq + qi, v = pos - j0 + 1;
	return v < 0 ? 0 : v > cols ? cols : v;
}

/* Tiled attention for query block qb of head h, all in the thread's scratch. */
static void tiled_block(const struct kernels *kn, const struct fastattn_args *a, struct bench_scratch *w, int h, int qb)
{
	int d = a->d, i0 = qb * BR;
	int rows = a->nq - i0 < BR ? a->nq - i0 : BR, rows_p = round_up(rows, 6);
	const float *q = a->q + (size_t)h * a->nq * d;
	const float *k = a->k + (size_t)h * a->nkv * d, *v = a->v + (size_t)h * a->nkv * d;
	load_queries(w->qs, q, i0, rows, rows_p, d);
	memset(w->acc, 0, sizeof(float) * (size_t)rows_p * d);
	for (int r = 0; r < BR; r++)
		w->m[r] = -INFINITY, w->l[r] = 0;
	int last_pos = a->causal ? a->nkv - a->nq + i0 + rows - 1 : a->nkv - 1;
	for (int j0 = 0; j0 < a->nkv && j0 <= last_pos; j0 += BC) {
		int cols = a->nkv - j0 < BC ? a->nkv - j0 : BC, cols_p = round_up(cols, 16);
		if (rows == 1) {
			/* Decode: one query, so no transpose and no 6-row tiles; K and V read once. */
			kn->row_scores(w->qs, d, k + (size_t)j0 * d, cols, w->s, cols_p);
		} else {
			load_keys(w->kt, BC, k, j0, cols, cols_p, d);
			kn->scores(w->qs, d, w->kt, BC, w->s, BC, rows_p, cols_p);
		}
		for (int r = 0; r < (rows == 1 ? 1 : rows_p); r++) {
			float *srow = w->s + (size_t)r * BC;
			int valid = r < rows ? visible(a, i0 + r, j0, cols) : 0;
			if (valid == 0) {
				memset(srow, 0, sizeof(float) * BC);   /* nothing to see: P row is 0 */
				continue;
			}
			float scale, sum;
			float m = kn->row_exp(srow, cols_p, valid, w->m[r], &scale, &sum);
			/* Invariant: l == sum of exp(s - m) and acc == sum of exp(s - m) v over keys seen. */
			w->l[r] = w->l[r] * scale + sum;
			w->m[r] = m;
			if (scale != 1.0f) {
				float *acc = w->acc + (size_t)r * d;
				for (int c = 0; c < d; c++)
					acc[c] *= scale;
			}
		}
		if (rows == 1)
			kn->row_pv(w->s, v, d, w->acc, cols);
		else
			kn->pv(w->s, BC, v, d, w->acc, rows_p, cols);
		v += (size_t)BC * d;
	}
	float *o = a->o + ((size_t)h * a->nq + i0) * d;
	for (int r = 0; r < rows; r++)
		for (int c = 0; c < d; c++)
			o[(size_t)r * d + c] = w->acc[(size_t)r * d + c] / w->l[r];
}

struct job {
	const struct kernels *kn;
	const struct fastattn_args *a;
	int tid, nthreads;
	int head;            /* naive: the head being done; tiled: -1 (all) */
	float *s_full;       /* naive: the head's [nq_p][nkv_p] score matrix */
	int lds;
	int failed;
};

static void *tiled_worker(void *arg)
{
	struct job *j = arg;
	const struct fastattn_args *a = j->a;
	struct bench_scratch w;
	if (scratch_init(&w, a->d) < 0) {
		j->failed = 1;
		scratch_free(&w);
		return NULL;
	}
	int nqb = (a->nq + BR - 1) / BR, items = a->heads * nqb;
	/* Interleaved items balance the causal triangle between threads. */
	for (int it = j->tid; it < items; it += j->nthreads)
		tiled_block(j->kn, a, &w, it / nqb, it % nqb);
	scratch_free(&w);
	return NULL;
}

static int check_args(const struct fastattn_args *a, char *err, size_t errlen)
{
	if (a->heads < 1 || a->nq < 1 || a->nkv < 1 || a->d < 1 || a->d > FASTATTN_MAX_D || a->threads < 1 ||
	    a->threads > FASTATTN_MAX_THREADS || (a->causal && a->nq > a->nkv)) {
		snprintf(err, errlen, "bad sizes (heads %d, nq %d, nkv %d, d %d up to %d, threads %d)", a->heads, a->nq, a->nkv,
			 a->d, FASTATTN_MAX_D, a->threads);
		return -1;
	}
	return 0;
}

/* Run `worker` on a->threads threads (the first on this one). */
static int run_threads(struct job *jobs, int n, void *(*worker)(void *))
{
	pthread_t th[FASTATTN_MAX_THREADS];
	int started = 0;
	for (int t = 1; t < n; t++) {
		if (pthread_create(&th[t], NULL, worker, &jobs[t]) != 0)
			break;
		started = t;
	}
	worker(&jobs[0]);
	for (int t = 1; t <= started; t++)
		pthread_join(th[t], NULL);
	int failed = started != n - 1;
	for (int t = 0; t < n; t++)
		failed |= jobs[t].failed;
	return failed ? -1 : 0;
}

int fastattn_tiled(const struct fastattn_args *a, struct fastattn_stats *st, char *err, size_t errlen)
{
	struct job jobs[FASTATTN_MAX_THREADS];
	if (check_args(a, err, errlen) < 0)
		return -1;
	for (int t = 0; t < a->threads; t++)
		jobs[t] = (struct job){.kn = pick(), .a = a, .tid = t, .nthreads = a->threads, .head = -1};
	st->peak_extra_bytes = scratch_bytes(a->d) * a->threads;
	if (run_threads(jobs, a->threads, tiled_worker) < 0) {
		snprintf(err, errlen, "out of memory or threads");
		return -1;
	}
	return 0;
}

/* Naive, one head: S = Q K^T / sqrt(d) written whole, softmax over whole rows,
 * then O = P V.  Threads split the query blocks of the one head. */
static void *naive_worker(void *arg)
{
	struct job *j = arg;
	const struct fastattn_args *a = j->a;
	const struct kernels *kn = j->kn;
	int d = a->d, h = j->head, nqb = (a->nq + BR - 1) / BR;
	struct bench_scratch w;
	if (scratch_init(&w, d) < 0) {
		j->failed = 1;
		scratch_free(&w);
		return NULL;
	}
	const float *q = a->q + (size_t)h * a->nq * d;
	const float *k = a->k + (size_t)h * a->nkv * d, *v = a->v + (size_t)h * a->nkv * d;
	for (int qb = j->tid; qb < nqb; qb += j->nthreads) {
		int i0 = qb * BR, rows = a->nq - i0 < BR ? a->nq - i0 : BR, rows_p = round_up(rows, 6);
		float *s = j->s_full + (size_t)i0 * j->lds;
		load_queries(w.qs, q, i0, rows, rows_p, d);
		/* Pass 1: write every score of these rows to the big matrix. */
		for (int j0 = 0; j0 < a->nkv; j0 += BC) {
			int cols = a->nkv - j0 < BC ? a->nkv - j0 : BC, cols_p = round_up(cols, 16);
			load_keys(w.kt, BC, k, j0, cols, cols_p, d);
			kn->scores(w.qs, d, w.kt, BC, s + j0, j->lds, rows_p, cols_p);
		}
		/* Pass 2: read the rows back for the softmax, write P. */
		for (int r = 0; r < rows_p; r++) {
			float *row = s + (size_t)r * j->lds, scale, sum;
			if (r >= rows) {
				memset(row, 0, sizeof(float) * (size_t)j->lds);
				continue;
			}
			kn->row_exp(row, j->lds, visible(a, i0 + r, 0, a->nkv), -INFINITY, &scale, &sum);
			for (int c = 0; c < j->lds; c++)
				row[c] /= sum;
		}
		/* Pass 3: read P again for O = P V. */
		memset(w.acc, 0, sizeof(float) * (size_t)rows_p * d);
		kn->pv(s, j->lds, v, d, w.acc, rows_p, a->nkv);
		memcpy(a->o + ((size_t)h * a->nq + i0) * d, w.acc, sizeof(float) * (size_t)rows * d);
	}
	scratch_free(&w);
	return NULL;
}

int fastattn_naive(const struct fastattn_args *a, struct fastattn_stats *st, char *err, size_t errlen)
{
	struct job jobs[FASTATTN_MAX_THREADS];
	if (check_args(a, err, errlen) < 0)
		return -1;
	int lds = round_up(a->nkv, 16), rows = round_up(a->nq, BR);
	double need = (double)rows * lds * sizeof(float);
	double phys = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE);
	if (need > phys / 2) {
		snprintf(err, errlen, "naive: the %d x %d score matrix needs %.1f GiB, more than half of this machine's %.1f GiB",
			 a->nq, a->nkv, need / (1 << 30), phys / (1 << 30));
		return -1;
	}
	float *s = alloc_floats((size_t)rows * lds);
	if (!s) {
		snprintf(err, errlen, "naive: no memory for the %.1f GiB score matrix", need / (1 << 30));
		return -1;
	}
	st->peak_extra_bytes = (int64_t)need + scratch_bytes(a->d) * a->threads;
	int rc = 0;
	for (int h = 0; h < a->heads && rc == 0; h++) {
		for (int t = 0; t < a->threads; t++)
			jobs[t] = (struct job){.kn = pick(), .a = a, .tid = t, .nthreads = a->threads, .head = h, .s_full = s, .lds = lds};
		rc = run_threads(jobs, a->threads, naive_worker);
	}
	free(s);
	if (rc < 0)
		snprintf(err, errlen, "out of memory or threads");
	return rc;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

struct fma_job {
	long iters;
	double sink;
};

static void *fma_worker(void *arg)
{
	struct fma_job *j = arg;
	j->sink = pick()->fma_loop(j->iters);
	return NULL;
}

double fastattn_fma_peak(int threads, double seconds)
{
	long iters = 1 << 20;
	double t0, t1;
	/* Every result is consumed (as the bandwidth probe's): a loop whose
	 * result is thrown away may be deleted (clang does), and then no
	 * iteration count ever takes long enough. */
	volatile double sink = 0;
	/* Grow the loop until it takes long enough to time. */
	for (;;) {
		struct fma_job j = {.iters = iters};
		t0 = now();
		fma_worker(&j);
		t1 = now();
		sink += j.sink;
		if (t1 - t0 > seconds / 4 || iters > (1L << 40))
			break;
		iters *= 2;
	}
	if (threads < 1)
		threads = 1;
	if (threads > FASTATTN_MAX_THREADS)
		threads = FASTATTN_MAX_THREADS;
	pthread_t th[FASTATTN_MAX_THREADS];
	struct fma_job jobs[FASTATTN_MAX_THREADS];
	t0 = now();
	int started = 0;
	for (int t = 1; t < threads; t++) {
		jobs[t].iters = iters;
		if (pthread_create(&th[t], NULL, fma_worker, &jobs[t]) != 0)
			break;
		started = t;
	}
	jobs[0].iters = iters;
	fma_worker(&jobs[0]);
	for (int t = 1; t <= started; t++)
		pthread_join(th[t], NULL);
	t1 = now();
	for (int t = 0; t <= started; t++)
		sink += jobs[t].sink;
	(void)sink;
	return 2.0 * 8 * 12 * (double)iters * (started + 1) / (t1 - t0) / 1e9;
}

double fastattn_read_bandwidth(double seconds)
{
	size_t n = (size_t)64 << 20;   /* 256 MiB of floats: far past every cache */
	float *buf = alloc_floats(n);
	if (!buf)
		return 0;
	for (size_t i = 0; i < n; i += 1024)
		buf[i] = 1;
	const struct kernels *kn = pick();
	double best = 0, t_end = now() + seconds;
	volatile double sink = 0;
	do {
		double t0 = now();
		sink += kn->read_loop(buf, n);
		double gbs = (double)n * sizeof(float) / (now() - t0) / 1e9;
		best = gbs > best ? gbs : best;
	} while (now() < t_end);
	(void)sink;
	free(buf);
	return best;
}
