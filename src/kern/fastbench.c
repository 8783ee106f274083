#include "kern/fastbench.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "kern/fastattn.h"
#include "kern/half.h"
#include "kern/jrand.h"
#include "kern/quant.h"

/* Rows of each head compared with the float64 reference: evenly spaced from
 * the first to the last query (decode has one). */
#define SAMPLE_ROWS 8

struct fastbench {
	int n, heads, d, nq;     /* shape of the inputs held; n == 0: none */
	float *q;                /* [heads][nq][d] */
	float *k, *v;            /* [heads][n][d] f32 */
	uint16_t *kh, *vh;       /* [heads][n][d] f16 of the same values, made on demand */
	void *kq[2], *vq[2];     /* [heads][n][d / 32] q8_0 ([0]) and q4_0 ([1]) blocks of them, on demand */
	float *o;                /* [heads][nq][d] */
	double *scores;          /* [n] the reference's scores of one row */
	unsigned char
		*evict; /* mapped once, read through before each cold run */
	unsigned evict_sink;     /* the reads' sum, so they are not optimised away */
	size_t evict_bytes;
};

const char *fastbench_kernel_name(int kernel)
{
	static const char *const names[] = {"tiled", "naive", "decode"};
	return kernel >= 0 && kernel < FASTBENCH_NKERNELS ? names[kernel] : "?";
}

const char *fastbench_kv_name(int kv)
{
	static const char *const names[] = {"f32", "f16", "q8_0", "q4_0"};
	return kv >= FASTATTN_F32 && kv <= FASTATTN_Q4_0 ? names[kv] : "?";
}

static void drop_inputs(struct fastbench *b)
{
	free(b->q), free(b->k), free(b->v), free(b->kh), free(b->vh), free(b->o), free(b->scores);
	for (int i = 0; i < 2; i++) {
		free(b->kq[i]), free(b->vq[i]);
		b->kq[i] = b->vq[i] = NULL;
	}
	b->q = b->k = b->v = b->o = NULL;
	b->kh = b->vh = NULL;
	b->scores = NULL;
	b->n = 0;
}

struct fastbench *fastbench_new(void)
{
	/* Where there is no clflush, the eviction buffer comes with the
	 * first cold run: a bench of prefill alone never pays for it. */
	return calloc(1, sizeof(struct fastbench));
}

void fastbench_free(struct fastbench *b)
{
	if (!b)
		return;
	drop_inputs(b);
	if (b->evict)
		munmap(b->evict, b->evict_bytes);
	free(b);
}

#ifdef __SSE2__
/* Cold caches, precisely: every cache line of the case's query, keys and
 * values flushed from every level (clflush, SSE2), so the kernel timed next
 * (ours, or ggml's, which reads the same host buffers) reads K and V from
 * memory, whatever the size of the last-level cache. */
static void flush_lines(const void *p, size_t bytes)
{
	const char *c = p;
	for (size_t i = 0; i < bytes; i += 64)
		_mm_clflush(c + i);
	if (bytes)
		_mm_clflush(c + bytes - 1);
}

static int cold_caches(struct fastbench *b, const struct fastattn_args *a)
{
	(void)b;
	size_t rows = (size_t)a->heads * (size_t)a->nkv, d = (size_t)a->d;
	size_t row =
		a->kv == FASTATTN_F32 ? 4 * d
		: a->kv == FASTATTN_F16
			? 2 * d
			: d / QUANT_BLOCK *
				  (a->kv == FASTATTN_Q8_0 ? QUANT_Q8_0_BYTES
							  : QUANT_Q4_0_BYTES);
	flush_lines(a->q, (size_t)a->heads * (size_t)a->nq * d * sizeof(float));
	flush_lines(a->k, rows * row);
	flush_lines(a->v, rows * row);
	_mm_mfence();
	return 0;
}
#else
/* Twice the last-level cache, so a pass through it leaves none of the
 * previous contents (64 MiB when the size is unknown or small).  Every
 * page must be a real page of its own (a buffer only ever read maps the one
 * shared zero page and displaces nothing): the kernel faults them all in at
 * once (MAP_POPULATE on a writable private mapping), far faster than a
 * first write page by page, which costs seconds for a gigabyte. */
static int evict_alloc(struct fastbench *b)
{
	long llc = sysconf(_SC_LEVEL3_CACHE_SIZE);
	size_t bytes = (size_t)64 << 20;
	if (llc > 0 && (size_t)llc * 2 > bytes)
		bytes = (size_t)llc * 2;
#ifdef MAP_POPULATE
	void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	if (p == MAP_FAILED)
		return -1;
#else
	void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return -1;
	memset(p, 1, bytes);
#endif
	b->evict = p;
	b->evict_bytes = bytes;
	return 0;
}

/* Read one byte of every cache line of the eviction buffer (twice the
 * last-level cache): each line is brought in, pushing out whatever the
 * caches held.  Reads, not writes, so the evicted lines are clean and the
 * kernel timed next does not pay for writing them back. */
/* Not instrumented by AddressSanitizer: the loop only pulls lines into the
 * cache, and sixteen million checked loads a pass would cost more than the
 * kernels measured after it. */
__attribute__((no_sanitize_address)) static int
evict_caches(struct fastbench *b)
{
	if (!b->evict && evict_alloc(b) < 0)
		return -1;
	const volatile unsigned char *p = b->evict;
	unsigned sum = 0;
	for (size_t i = 0; i < b->evict_bytes; i += 64)
		sum += p[i];
	b->evict_sink += sum;
	return 0;
}

/* Without clflush: read through a buffer larger than the caches. */
static int cold_caches(struct fastbench *b, const struct fastattn_args *a)
{
	(void)a;
	return evict_caches(b);
}
#endif

/* Inputs start on a 64-byte line (a peer's tensors need 32: ggml's
 * TENSOR_ALIGNMENT), padded to a whole line as aligned_alloc wants. */
static void *alloc64(size_t bytes)
{
	return aligned_alloc(64, (bytes + 63) / 64 * 64);
}

static void fill(float *x, size_t count, struct jrand *r)
{
	for (size_t i = 0; i < count; i++)
		x[i] = (float)jrand_gaussian(r);
}

/* Inputs for n keys and nq queries per head, kept when the shape is unchanged. */
static int inputs(struct fastbench *b, int n, int heads, int d, int nq, int kv)
{
	if (b->n != n || b->heads != heads || b->d != d || b->nq != nq) {
		drop_inputs(b);
		size_t kv_count = (size_t)heads * n * d, q_count = (size_t)heads * nq * d;
		b->k = alloc64(kv_count * sizeof(float));
		b->v = alloc64(kv_count * sizeof(float));
		b->q = alloc64(q_count * sizeof(float));
		b->o = alloc64(q_count * sizeof(float));
		b->scores = malloc((size_t)n * sizeof(double));
		if (!b->k || !b->v || !b->q || !b->o || !b->scores) {
			drop_inputs(b);
			return -1;
		}
		struct jrand r;
		jrand_init(&r, 42 + 31 * (int64_t)n + heads);
		fill(b->k, kv_count, &r), fill(b->v, kv_count, &r), fill(b->q, q_count, &r);
		b->n = n, b->heads = heads, b->d = d, b->nq = nq;
	}
	if (kv == FASTATTN_F16 && !b->kh) {
		size_t kv_count = (size_t)heads * n * d;
		b->kh = alloc64(kv_count * sizeof(uint16_t));
		b->vh = alloc64(kv_count * sizeof(uint16_t));
		if (!b->kh || !b->vh) {
			drop_inputs(b);
			return -1;
		}
		half_from_floats(b->kh, b->k, kv_count);
		half_from_floats(b->vh, b->v, kv_count);
	}
	int qi = kv == FASTATTN_Q4_0;
	if ((kv == FASTATTN_Q8_0 || kv == FASTATTN_Q4_0) && !b->kq[qi]) {
		/* Each row quantized by ggml's reference quantizer, blocks of 32. */
		size_t bytes = (size_t)heads * n * fastattn_row_bytes(kv, d), kv_count = (size_t)heads * n * d;
		b->kq[qi] = alloc64(bytes);
		b->vq[qi] = alloc64(bytes);
		if (!b->kq[qi] || !b->vq[qi]) {
			drop_inputs(b);
			return -1;
		}
		quant_row(kv == FASTATTN_Q8_0 ? QUANT_Q8_0 : QUANT_Q4_0, b->kq[qi], b->k, kv_count);
		quant_row(kv == FASTATTN_Q8_0 ? QUANT_Q8_0 : QUANT_Q4_0, b->vq[qi], b->v, kv_count);
	}
	return 0;
}


/* Row j of head h of K (which 0) or V (1) as the kernel sees it, widened
 * or dequantized (quant.c's scalar dequantizer, not the kernel's) to doubles. */
static void cache_row(const struct fastbench *b, int which, int h, int j, int kv, double *out)
{
	int d = b->d;
	size_t i = ((size_t)h * b->n + (size_t)j) * d;
	if (kv == FASTATTN_Q8_0 || kv == FASTATTN_Q4_0) {
		float row[FASTATTN_MAX_D];
		const char *base = which ? b->vq[kv == FASTATTN_Q4_0] : b->kq[kv == FASTATTN_Q4_0];
		size_t rb = fastattn_row_bytes(kv, d);
		dequant_row(kv == FASTATTN_Q8_0 ? QUANT_Q8_0 : QUANT_Q4_0, row, base + ((size_t)h * b->n + (size_t)j) * rb,
			    (size_t)d);
		for (int c = 0; c < d; c++)
			out[c] = row[c];
	} else if (kv == FASTATTN_F16) {
		const uint16_t *x = which ? b->vh : b->kh;
		for (int c = 0; c < d; c++)
			out[c] = half_to_float(x[i + c]);
	} else {
		const float *x = which ? b->v : b->k;
		for (int c = 0; c < d; c++)
			out[c] = x[i + c];
	}
}

/* The float64 two-pass reference for query row qi of head h: the scores of
 * the visible keys, their max, then the exponentials' sum and the weighted
 * sum of the values; the largest difference to the kernel's row. */
static double reference_row(struct fastbench *b, int h, int qi, int causal, int kv)
{
	int d = b->d, vis = causal ? b->n - b->nq + qi + 1 : b->n;
	const float *q = b->q + ((size_t)h * b->nq + qi) * d;
	double scale = 1.0 / sqrt((double)d), mx = -INFINITY, sum = 0, out[FASTATTN_MAX_D] = {0}, row[FASTATTN_MAX_D];
	for (int j = 0; j < vis; j++) {
		double t = 0;
		cache_row(b, 0, h, j, kv, row);
		for (int c = 0; c < d; c++)
			t += (double)q[c] * row[c];
		b->scores[j] = t * scale;
		mx = b->scores[j] > mx ? b->scores[j] : mx;
	}
	for (int j = 0; j < vis; j++) {
		double w = exp(b->scores[j] - mx);
		sum += w;
		cache_row(b, 1, h, j, kv, row);
		for (int c = 0; c < d; c++)
			out[c] += w * row[c];
	}
	const float *o = b->o + ((size_t)h * b->nq + qi) * d;
	double diff = 0;
	for (int c = 0; c < d; c++)
		diff = fmax(diff, fabs((double)o[c] - out[c] / sum));
	return diff;
}

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, c = *(const double *)y;
	return (a > c) - (a < c);
}

static int stopped(const atomic_int *cancel)
{
	return cancel && atomic_load(cancel);
}

/* The fastest of the runs: on a machine shared with other work, every
 * slower run is the kernel's time plus someone else's, so the minimum is
 * the closest to the kernel's own (ours and the peer's alike). */
static double best(double *ms, int runs)
{
	qsort(ms, (size_t)runs, sizeof ms[0], cmp_double);
	return ms[0];
}

/* b->o against the float64 reference on sampled rows of every head. */
static double compare(struct fastbench *b, const struct fastbench_case *c, int nq, int causal, int *rows_compared)
{
	int rows = nq < SAMPLE_ROWS ? nq : SAMPLE_ROWS;
	double diff = 0;
	*rows_compared = 0;
	for (int h = 0; h < c->heads; h++)
		for (int s = 0; s < rows; s++) {
			int qi = rows == 1 ? nq - 1 : (int)((int64_t)(nq - 1) * s / (rows - 1));
			diff = fmax(diff, reference_row(b, h, qi, causal, c->kv));
			++*rows_compared;
		}
	return diff;
}

int fastbench_run(struct fastbench *b, const struct fastbench_case *c, const atomic_int *cancel,
		  struct fastbench_result *r, char *err, size_t errlen)
{
	return fastbench_run_peer(b, c, NULL, cancel, r, NULL, err, errlen);
}

int fastbench_run_peer(struct fastbench *b, const struct fastbench_case *c, const struct fastbench_peer *peer,
		       const atomic_int *cancel, struct fastbench_result *r, struct fastbench_peer_result *pr, char *err,
		       size_t errlen)
{
	double ms[FASTBENCH_MAX_RUNS], pms[FASTBENCH_MAX_RUNS];
	int decode = c->kernel == FASTBENCH_DECODE, nq = decode ? 1 : c->n;
	int runs = c->runs < 1 ? 1 : c->runs > FASTBENCH_MAX_RUNS ? FASTBENCH_MAX_RUNS : c->runs;
	if (pr)
		memset(pr, 0, sizeof *pr);
	if (c->kernel < 0 || c->kernel >= FASTBENCH_NKERNELS || c->n < 1 || c->heads < 1 || c->d < 1 ||
	    c->d > FASTATTN_MAX_D || c->kv < FASTATTN_F32 || c->kv > FASTATTN_Q4_0 ||
	    c->build < 0 || c->build >= FASTATTN_NBUILDS) {
		snprintf(err, errlen,
			 "bad case (kernel %d, n %d, heads %d, d %d, build %d)",
			 c->kernel, c->n, c->heads, c->d, c->build);
		return -1;
	}
	if (stopped(cancel))
		return 1;
	if (inputs(b, c->n, c->heads, c->d, nq, c->kv) < 0) {
		snprintf(err, errlen, "no memory for the inputs of n = %d, %d heads", c->n, c->heads);
		return -1;
	}
	int quant = c->kv == FASTATTN_Q8_0 || c->kv == FASTATTN_Q4_0, q4 = c->kv == FASTATTN_Q4_0;
	struct fastattn_args a = {
		.q = b->q, .k = c->kv == FASTATTN_F16 ? (const void *)b->kh : quant ? b->kq[q4] : b->k,
		.v = c->kv == FASTATTN_F16 ? (const void *)b->vh : quant ? b->vq[q4] : b->v, .o = b->o,
		.heads = c->heads, .nq = nq, .nkv = c->n, .d = c->d, .causal = decode ? 1 : c->causal,
		.threads = c->threads, .kv = c->kv, .cancel = cancel,
		.build = c->build,
	};
	struct fastattn_stats st = {0};
	memset(r, 0, sizeof *r);
	/* The peer gets the same arguments; it may refuse a case (pr->ok 0). */
	int with_peer = peer && pr && peer->prepare(peer->ctx, &a, pr->why, sizeof pr->why) == 0;
	/* Decode reads K and V from memory, as it does after the rest of a
	 * forward pass has gone through the caches. */
	r->cold = decode;
	for (int i = 0; i < runs; i++) {
		if (r->cold && cold_caches(b, &a) < 0) {
			snprintf(err, errlen,
				 "out of memory for the eviction buffer");
			return -1;
		}
		double t0 = fastattn_now();
		int rc = c->kernel == FASTBENCH_TILED   ? fastattn_tiled(&a, &st, err, errlen)
			 : c->kernel == FASTBENCH_NAIVE ? fastattn_naive(&a, &st, err, errlen)
							: fastattn_decode(&a, &st, err, errlen);
		double t1 = fastattn_now();
		if (rc != 0)
			return rc;   /* 1: cancelled, no result */
		ms[i] = (t1 - t0) * 1e3;
		if (stopped(cancel))
			return 1;
		if (with_peer) {
			if (r->cold && cold_caches(b, &a) < 0) {
				snprintf(err, errlen,
					 "out of memory for the eviction "
					 "buffer");
				return -1;
			}
			t0 = fastattn_now();
			if (peer->run(peer->ctx) != 0) {
				snprintf(pr->why, sizeof pr->why, "the peer failed to compute");
				with_peer = 0;
			}
			pms[i] = (fastattn_now() - t0) * 1e3;
		}
	}
	r->runs = runs;
	r->ms = best(ms, runs);
	r->flops = st.flops;
	r->kv_bytes = st.kv_bytes;
	r->gflops = st.flops / (r->ms * 1e-3) / 1e9;
	r->gbps = decode ? st.kv_bytes / (r->ms * 1e-3) / 1e9 : -1;
	r->peak_extra_bytes = st.peak_extra_bytes;
	r->max_abs_diff = compare(b, c, nq, a.causal, &r->rows_compared);
	if (with_peer) {
		pr->ok = 1;
		pr->ms = best(pms, runs);
		/* Our output is compared: b->o may now hold the peer's. */
		peer->output(peer->ctx, b->o);
		pr->max_abs_diff = compare(b, c, nq, a.causal, &pr->rows_compared);
	}
	return stopped(cancel) ? 1 : 0;
}
