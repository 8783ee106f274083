/*
 * bench (beyond the lesson): the --bench kernels run in a background thread
 * while the screen shows a progress bar and, for each n, the time and the
 * extra memory of naive and tiled side by side.  x cancels.  The figures are
 * this machine's, so the scene has no golden frames; its checks are the ones
 * that do not depend on speed (the two outputs agree, tiled memory stays flat).
 */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kern/fastattn.h"
#include "kern/jrand.h"
#include "scene/scene.h"
#include "scenes/common.h"

#define BE_MAX 8
#define BE_D 128

struct be_case {
	int n;
	double tiled_ms, naive_ms, diff;
	long long tiled_extra, naive_extra;
	char refused[200];   /* naive refused this size */
};

struct be_state {
	int ncases, heads, threads, runs;
	int sizes[BE_MAX];
	pthread_t worker;
	int started;
	pthread_mutex_t lock;     /* guards everything below */
	int done, cancelled, finished;
	struct be_case res[BE_MAX];
	char error[200];
};

static const struct param_spec be_params[] = {
	{"n", PARAM_INTS, 16, 16384, BE_MAX, 0, "lengths"},
	{"heads", PARAM_INT, 1, 16, 1, 0, "heads"},
	{"threads", PARAM_INT, 1, 8, 1, 0, "threads"},
	{"runs", PARAM_INT, 1, 20, 1, 0, "runs per case (median)"},
	{0},
};

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((double)ts.tv_sec + ts.tv_nsec * 1e-9) * 1e3;
}

static int cancelled(struct be_state *st)
{
	pthread_mutex_lock(&st->lock);
	int c = st->cancelled;
	pthread_mutex_unlock(&st->lock);
	return c;
}

/* Median of runs, or -1 when the kernel refuses (err). */
static double measure(struct be_state *st, int naive, const struct fastattn_args *a, long long *extra, char *err, size_t len)
{
	double t[20];
	struct fastattn_stats s = {0};
	for (int r = 0; r < st->runs; r++) {
		double t0 = now_ms();
		if ((naive ? fastattn_naive(a, &s, err, len) : fastattn_tiled(a, &s, err, len)) < 0)
			return -1;
		t[r] = now_ms() - t0;
		if (cancelled(st))
			break;
	}
	*extra = s.peak_extra_bytes;
	for (int i = 1; i < st->runs; i++)   /* a few values: insertion sort */
		for (int j = i; j > 0 && t[j] < t[j - 1]; j--) {
			double x = t[j];
			t[j] = t[j - 1], t[j - 1] = x;
		}
	return t[st->runs / 2];
}

static void *be_worker(void *arg)
{
	struct be_state *st = arg;
	for (int i = 0; i < st->ncases && !cancelled(st); i++) {
		struct be_case c = {.n = st->sizes[i]};
		size_t count = (size_t)st->heads * c.n * BE_D;
		float *q = malloc(count * 4), *k = malloc(count * 4), *v = malloc(count * 4);
		float *o1 = malloc(count * 4), *o2 = malloc(count * 4);
		char err[200] = "";
		if (q && k && v && o1 && o2) {
			struct jrand r;
			jrand_init(&r, c.n);
			for (size_t j = 0; j < count; j++)
				q[j] = (float)jrand_gaussian(&r), k[j] = (float)jrand_gaussian(&r), v[j] = (float)jrand_gaussian(&r);
			struct fastattn_args a = {q, k, v, o1, st->heads, c.n, c.n, BE_D, 0, st->threads}, b = a;
			b.o = o2;
			c.tiled_ms = measure(st, 0, &a, &c.tiled_extra, err, sizeof err);
			/* A cancel between the two kernels ends the case at once. */
			c.naive_ms = cancelled(st) ? -1 : measure(st, 1, &b, &c.naive_extra, c.refused, sizeof c.refused);
			c.diff = 0;
			if (c.tiled_ms >= 0 && c.naive_ms >= 0)
				for (size_t j = 0; j < count; j++)
					c.diff = fmax(c.diff, fabs(o1[j] - o2[j]));
		} else {
			snprintf(err, sizeof err, "out of memory at n = %d", c.n);
		}
		free(q), free(k), free(v), free(o1), free(o2);
		pthread_mutex_lock(&st->lock);
		if (err[0])
			snprintf(st->error, sizeof st->error, "%s", err);
		if (!st->cancelled)   /* a case cut short is not a result */
			st->res[st->done++] = c;
		pthread_mutex_unlock(&st->lock);
		if (err[0])
			break;
	}
	pthread_mutex_lock(&st->lock);
	st->finished = 1;
	pthread_mutex_unlock(&st->lock);
	return NULL;
}

static int be_init(void *vs, const struct scene_env *env, char *err, size_t errlen)
{
	struct be_state *st = vs;
	const double *n = params_list(env->p, "n", &st->ncases);
	for (int i = 0; i < st->ncases; i++)
		st->sizes[i] = (int)n[i];
	st->heads = (int)params_int(env->p, "heads");
	st->threads = (int)params_int(env->p, "threads");
	st->runs = (int)params_int(env->p, "runs");
	pthread_mutex_init(&st->lock, NULL);
	if (pthread_create(&st->worker, NULL, be_worker, st) != 0) {
		snprintf(err, errlen, "cannot start the benchmark thread");
		return -1;
	}
	st->started = 1;
	return 0;
}

static void be_cancel(void *vs)
{
	struct be_state *st = vs;
	pthread_mutex_lock(&st->lock);
	st->cancelled = !st->finished;
	pthread_mutex_unlock(&st->lock);
}

static void be_wait(void *vs)
{
	struct be_state *st = vs;
	if (st->started)
		pthread_join(st->worker, NULL);
	st->started = 0;
}

static void be_fini(void *vs)
{
	struct be_state *st = vs;
	if (st->started) {
		be_cancel(st);
		be_wait(st);
	}
	pthread_mutex_destroy(&st->lock);
}

static int be_busy(const void *vs)
{
	struct be_state *st = (struct be_state *)vs;
	pthread_mutex_lock(&st->lock);
	int busy = !st->finished;
	pthread_mutex_unlock(&st->lock);
	return busy;
}

static int be_nsteps(const void *vs)
{
	(void)vs;
	return 0;
}

/* A copy of the results, taken under the lock, for drawing and printing. */
static void snapshot(const struct be_state *cst, struct be_case *res, int *done, int *finished, int *cancelled_out,
		     char *error, size_t len)
{
	struct be_state *st = (struct be_state *)cst;
	pthread_mutex_lock(&st->lock);
	*done = st->done;
	*finished = st->finished;
	*cancelled_out = st->cancelled;
	memcpy(res, st->res, sizeof st->res);
	snprintf(error, len, "%s", st->error);
	pthread_mutex_unlock(&st->lock);
}

static void be_render(const void *vs, struct view *v)
{
	const struct be_state *st = vs;
	struct be_case res[BE_MAX];
	int done, finished, cancel;
	char error[200], a[32], b[32];
	snapshot(st, res, &done, &finished, &cancel, error, sizeof error);
	struct canvas *c = v->pic;
	canvas_printf(c, 0, 0, ROLE_LABEL, "progress %d/%d", done, st->ncases);
	canvas_bar(c, 16, 0, c->w - 18, st->ncases ? (double)done / st->ncases : 1, finished ? ROLE_OK : ROLE_ACCENT);
	double tmax = 1e-9, mmax = 1;
	for (int i = 0; i < done; i++) {
		tmax = fmax(tmax, fmax(res[i].tiled_ms, res[i].naive_ms));
		mmax = fmax(mmax, (double)fmax(res[i].tiled_extra, res[i].naive_extra));
	}
	int barw = (c->w - 30) / 2;
	canvas_text(c, 0, 2, ROLE_LABEL, "n        time (ms)");
	canvas_text(c, 18 + barw, 2, ROLE_LABEL, "extra memory (bytes, log scale)");
	for (int i = 0; i < done && 3 + i * 3 + 1 < c->h; i++) {
		int y = 3 + i * 3;
		canvas_printf(c, 0, y, ROLE_NORMAL, "%-6d tiled %8.2f", res[i].n, res[i].tiled_ms);
		canvas_bar(c, 22, y, barw - 6, res[i].tiled_ms / tmax, ROLE_BAR);
		fmt_bytes(a, sizeof a, (double)res[i].tiled_extra);
		canvas_bar(c, 18 + barw, y, barw - 12, log10(1 + res[i].tiled_extra) / log10(1 + mmax), ROLE_BAR);
		canvas_text(c, c->w - 11, y, ROLE_DIM, a);
		if (res[i].naive_ms < 0) {
			canvas_text(c, 7, y + 1, ROLE_HOT, "naive refused: does not fit");
			continue;
		}
		canvas_printf(c, 0, y + 1, ROLE_NORMAL, "       naive %8.2f", res[i].naive_ms);
		canvas_bar(c, 22, y + 1, barw - 6, res[i].naive_ms / tmax, ROLE_HOT);
		fmt_bytes(b, sizeof b, (double)res[i].naive_extra);
		canvas_bar(c, 18 + barw, y + 1, barw - 12, log10(1 + res[i].naive_extra) / log10(1 + mmax), ROLE_HOT);
		canvas_text(c, c->w - 11, y + 1, ROLE_DIM, b);
	}
	struct canvas *s = v->side;
	canvas_printf(s, 0, 0, ROLE_NORMAL, "d %d, %d head%s, %d thread%s", BE_D, st->heads, st->heads > 1 ? "s" : "",
		      st->threads, st->threads > 1 ? "s" : "");
	canvas_printf(s, 0, 1, ROLE_NORMAL, "kernels: %s", fastattn_isa());
	canvas_printf(s, 0, 2, ROLE_NORMAL, "median of %d run%s", st->runs, st->runs > 1 ? "s" : "");
	canvas_text(s, 0, 4, finished ? ROLE_OK : ROLE_ACCENT, cancel ? "cancelled" : finished ? "done" : "measuring… (x cancels)");
	if (error[0])
		canvas_wrap(s, 0, 6, s->w, 4, ROLE_FAIL, error);

	if (done > 0 && res[done - 1].naive_ms > 0)
		snprintf(v->narration, VIEW_NARRATION,
			 "n = %d: tiled %.2f ms with %lld bytes of scratch, naive %.2f ms with its %d×%d score matrix "
			 "(%lld bytes): tiled is %.2f× naive; the outputs agree to %.1e. Tiled's scratch does not grow with n.",
			 res[done - 1].n, res[done - 1].tiled_ms, res[done - 1].tiled_extra, res[done - 1].naive_ms,
			 res[done - 1].n, res[done - 1].n, res[done - 1].naive_extra, res[done - 1].naive_ms / res[done - 1].tiled_ms,
			 res[done - 1].diff);
	else
		snprintf(v->narration, VIEW_NARRATION,
			 "The real-size kernels of attnviz --bench run here, in the background: tiled keeps its tile in L1/L2 "
			 "(the CPU's SRAM), naive writes the n×n score matrix to DRAM (the HBM) and reads it back.");
}

static void be_summary(const void *vs, struct summary *s)
{
	const struct be_state *st = vs;
	struct be_case res[BE_MAX];
	int done, finished, cancel;
	char error[200];
	snapshot(st, res, &done, &finished, &cancel, error, sizeof error);
	sum_int(s, done, "cases_done");
	for (int i = 0; i < done; i++) {
		sum_real(s, res[i].tiled_ms, "tiled_ms.%d", res[i].n);
		sum_int_check(s, res[i].tiled_extra, res[0].tiled_extra, "tiled_extra_bytes.%d", res[i].n);
		if (res[i].naive_ms < 0)
			continue;
		sum_real(s, res[i].naive_ms, "naive_ms.%d", res[i].n);
		sum_int(s, res[i].naive_extra, "naive_extra_bytes.%d", res[i].n);
		sum_real_check(s, res[i].diff, 0, 1e-5, "max_abs_diff.%d", res[i].n);
	}
}

static void be_print(const void *vs, FILE *out)
{
	const struct be_state *st = vs;
	struct be_case res[BE_MAX];
	int done, finished, cancel;
	char error[200];
	snapshot(st, res, &done, &finished, &cancel, error, sizeof error);
	fprintf(out, "n       tiled ms  naive ms  tiled extra B  naive extra B  max|diff|\n");
	for (int i = 0; i < done; i++)
		fprintf(out, "%-6d %9.2f %9.2f %14lld %14lld  %.1e\n", res[i].n, res[i].tiled_ms, res[i].naive_ms,
			res[i].tiled_extra, res[i].naive_extra, res[i].diff);
	if (error[0])
		fprintf(out, "error: %s\n", error);
}

const struct scene_class scene_bench = {
	.id = "bench",
	.params = be_params,
	.state_size = sizeof(struct be_state),
	.init = be_init,
	.fini = be_fini,
	.nsteps = be_nsteps,
	.render = be_render,
	.summary = be_summary,
	.print = be_print,
	.busy = be_busy,
	.wait = be_wait,
	.cancel = be_cancel,
};
