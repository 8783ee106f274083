/*
 * bench (beyond the lesson): the --bench engine (kern/fastbench.h) runs in a
 * background thread while the screen shows, case by case, each kernel's time
 * and its share of this machine's limit: tiled and naive against the FMA
 * peak, decode against the streaming read bandwidth of the same thread
 * count; f32 K/V beside f16 and ggml's q8_0 and q4_0 blocks, with decode's
 * GB/s per type (the bytes it really reads: 34 or 18 a block of 32 values).  init only plans the cases: the measuring
 * begins when asked (start: r or Enter on the screen), so passing through
 * the scene takes no CPU from the class's machine.  x cancels.  Where the
 * ggml peer loads (kern/ggml_peer.h, as --bench's), ggml's own CPU flash
 * attention runs beside tiled and decode on the same inputs, its runs
 * interleaved with ours, and its row follows ours; where it does not, the
 * side says so and ours stand alone.  The
 * figures are this machine's, so the scene has no golden frames; its checks are the ones that do not
 * depend on speed: every output agrees with a float64 reference, and the
 * tiled kernel's scratch is the closed form of its tile sizes, whatever n.
 */
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "kern/ggml_peer.h"
#include "kern/fastattn.h"
#include "kern/fastbench.h"
#include "kern/limits.h"
#include "kern/quant.h"
#include "scene/scene.h"
#include "scenes/lib/common.h"

#define BE_MAX_N 8
#define BE_MAX_CASES (BE_MAX_N * 4 * FASTBENCH_NKERNELS)
#define BE_D 128

struct be_case {
	struct fastbench_case c;
	struct fastbench_result r;
	struct fastbench_peer_result pr;   /* ggml's figures for the same case (pr.ok 0: none) */
	char refused[200];   /* naive refused this size: no result */
};

/* What the measuring changes once init has planned it: kept behind a
 * pointer, so render and summary lock it through a const state. */
struct be_live {
	pthread_t worker;
	int started;              /* the worker thread runs or ran: join it */
	int begun;                /* start was called: the plan runs once per state */
	atomic_int cancel;        /* set by be_cancel; the engine stops between blocks */
	pthread_mutex_t lock;     /* guards everything below */
	int done, cancelled, finished;
	double peak, bw;          /* this machine at `threads` threads: GFLOP/s and GB/s */
	int peer_ok;              /* ggml's flash attention runs beside ours */
	char peer_why[200];       /* when it does not: why (not asked, no library) */
	struct be_case res[BE_MAX_CASES];
	char error[200];
};

struct be_state {
	int ncases, heads, threads, runs, peer;
	int run_no;                           /* this state's measurement is the run's run_no-th */
	struct be_case cases[BE_MAX_CASES];   /* the plan; results filled in order */
	struct be_live *live;                 /* NULL until init made it */
};

enum { BE_N, BE_HEADS, BE_THREADS, BE_KV, BE_KERNELS, BE_RUNS, BE_PEER, BE_NPARAMS };
static const struct param_spec be_params[BE_NPARAMS + 1] = {
	[BE_N] = {.name = "n", .kind = PARAM_INTS, .min = 16, .max = 65536, .max_count = BE_MAX_N,
		.help = "lengths (decode: keys in the cache)"},
	[BE_HEADS] = {.name = "heads", .kind = PARAM_INT, .min = 1, .max = 16, .help = "heads"},
	[BE_THREADS] = {.name = "threads", .kind = PARAM_INT, .min = 1, .max = 8, .help = "threads"},
	[BE_KV] = {.name = "kv", .kind = PARAM_WORDS, .min = 0, .max = 3, .max_count = 4,
		.help = "f32|f16|q8_0|q4_0: storage of K and V"},
	[BE_KERNELS] = {.name = "kernels", .kind = PARAM_WORDS, .min = 0, .max = 2, .max_count = 3,
		.help = "tiled|naive|decode: the kernels to run"},
	[BE_RUNS] = {.name = "runs", .kind = PARAM_INT, .min = 1, .max = 20, .help = "runs per case (the fastest is shown)"},
	[BE_PEER] = {.name = "peer", .kind = PARAM_INT, .min = 0, .max = 1,
		.help = "1: ggml's flash attention beside tiled and decode where ggml_peer.so loads; 0: ours alone"},
	[BE_NPARAMS] = {0},
};

static void *be_worker(void *arg)
{
	const struct be_state *st = arg;
	struct be_live *lv = st->live;
	char err[200] = "";
	/* The limits first: the shares are of this machine at this thread count. */
	struct machine_limits ml = machine_limits(st->threads, 0.3);
	double peak = ml.peak, bw = ml.bw;
	/* The peer, where asked and where it loads: opened here, off the screen's thread. */
	char why[200] = "not asked (peer = 0)";
	struct ggml_peer *g = st->peer ? ggml_peer_open(why, sizeof why) : NULL;
	const struct fastbench_peer *peer = g ? ggml_peer_bench(g) : NULL;
	pthread_mutex_lock(&lv->lock);
	lv->peak = peak, lv->bw = bw;
	lv->peer_ok = g != NULL;
	snprintf(lv->peer_why, sizeof lv->peer_why, "%s", g ? "" : why);
	pthread_mutex_unlock(&lv->lock);
	struct fastbench *b = fastbench_new();
	if (!b)
		snprintf(err, sizeof err, "out of memory for the benchmark");
	for (int i = 0; b && i < st->ncases && !atomic_load(&lv->cancel); i++) {
		struct be_case c = st->cases[i];
		/* ggml beside tiled and decode (its flash attention is the tiled kind). */
		const struct fastbench_peer *pk = c.c.kernel == FASTBENCH_NAIVE ? NULL : peer;
		int rc = fastbench_run_peer(b, &c.c, pk, &lv->cancel, &c.r, &c.pr, err, sizeof err);
		if (rc == 1)
			break;   /* cancelled: a case cut short is not a result */
		if (rc == FASTATTN_ETOOBIG) {
			snprintf(c.refused, sizeof c.refused, "%s", err);
			err[0] = 0;
		} else if (rc < 0) {
			break;
		}
		pthread_mutex_lock(&lv->lock);
		lv->res[lv->done++] = c;
		pthread_mutex_unlock(&lv->lock);
	}
	fastbench_free(b);
	ggml_peer_close(g);
	pthread_mutex_lock(&lv->lock);
	if (err[0])
		snprintf(lv->error, sizeof lv->error, "%s", err);
	lv->finished = 1;
	pthread_mutex_unlock(&lv->lock);
	return NULL;
}

static int be_init(void *vs, const struct scene_env *env, char *err, size_t errlen)
{
	struct be_state *st = vs;
	/* The parameters' ranges are checked before init: a plan always fits. */
	int nn, nkv, nk;
	const double *n = params_list(env->p, BE_N, &nn), *kv = params_list(env->p, BE_KV, &nkv);
	const double *k = params_list(env->p, BE_KERNELS, &nk);
	st->heads = (int)params_int(env->p, BE_HEADS);
	st->threads = (int)params_int(env->p, BE_THREADS);
	st->runs = (int)params_int(env->p, BE_RUNS);
	st->peer = (int)params_int(env->p, BE_PEER);
	st->run_no = env->runs_before + 1;
	/* n by n; within one n, f32 beside f16, kernel by kernel as listed. */
	for (int i = 0; i < nn; i++)
		for (int j = 0; j < nkv; j++)
			for (int l = 0; l < nk && st->ncases < BE_MAX_CASES; l++) {
				struct fastbench_case c = {.kernel = (int)k[l], .n = (int)n[i], .d = BE_D, .heads = st->heads,
							   .threads = st->threads, .kv = (int)kv[j], .runs = st->runs};
				st->cases[st->ncases++].c = c;
			}
	struct be_live *lv = calloc(1, sizeof *lv);
	if (!lv) {
		snprintf(err, errlen, "out of memory for the benchmark's results");
		return -1;
	}
	atomic_init(&lv->cancel, 0);
	pthread_mutex_init(&lv->lock, NULL);
	st->live = lv;
	return 0;
}

static int be_start(void *vs, char *err, size_t errlen)
{
	struct be_state *st = vs;
	struct be_live *lv = st->live;
	if (lv->begun)
		return 0;
	if (pthread_create(&lv->worker, NULL, be_worker, st) != 0) {
		snprintf(err, errlen, "cannot start the benchmark thread");
		return -1;
	}
	lv->started = lv->begun = 1;
	return 0;
}

static void be_cancel(void *vs)
{
	struct be_state *st = vs;
	struct be_live *lv = st->live;
	pthread_mutex_lock(&lv->lock);
	lv->cancelled = !lv->finished;
	if (lv->cancelled)
		atomic_store(&lv->cancel, 1);
	pthread_mutex_unlock(&lv->lock);
}

static void be_wait(void *vs)
{
	struct be_state *st = vs;
	struct be_live *lv = st->live;
	if (lv->started)
		pthread_join(lv->worker, NULL);
	lv->started = 0;
}

static void be_fini(void *vs)
{
	struct be_state *st = vs;
	if (!st->live)
		return;
	if (st->live->started) {
		be_cancel(st);
		be_wait(st);
	}
	pthread_mutex_destroy(&st->live->lock);
	free(st->live);
	st->live = NULL;
}

static int be_busy(const void *vs)
{
	const struct be_state *st = vs;
	struct be_live *lv = st->live;
	if (!lv->begun)
		return 0;   /* planned, not begun: nothing runs */
	pthread_mutex_lock(&lv->lock);
	int busy = !lv->finished;
	pthread_mutex_unlock(&lv->lock);
	return busy;
}

static int be_nsteps(const void *vs)
{
	(void)vs;
	return 0;
}

/* A copy of the results, taken under the lock, for drawing and printing. */
struct be_snap {
	int done, finished, cancelled, peer_ok;
	double peak, bw;
	char peer_why[200];
	struct be_case res[BE_MAX_CASES];
	char error[200];
};

static void snapshot(const struct be_state *st, struct be_snap *s)
{
	struct be_live *lv = st->live;
	pthread_mutex_lock(&lv->lock);
	s->done = lv->done;
	s->finished = lv->finished;
	s->cancelled = lv->cancelled;
	s->peak = lv->peak, s->bw = lv->bw;
	s->peer_ok = lv->peer_ok;
	snprintf(s->peer_why, sizeof s->peer_why, "%s", lv->peer_why);
	memcpy(s->res, lv->res, sizeof(lv->res[0]) * (size_t)lv->done);
	snprintf(s->error, sizeof s->error, "%s", lv->error);
	pthread_mutex_unlock(&lv->lock);
}

/* Share of the limit in percent: FMA peak for prefill, read bandwidth for decode; -1 unknown. */
static double share(const struct be_snap *s, const struct be_case *c)
{
	if (c->c.kernel == FASTBENCH_DECODE)
		return s->bw > 0 ? 100 * c->r.gbps / s->bw : -1;
	return s->peak > 0 ? 100 * c->r.gflops / s->peak : -1;
}

/* ggml's share of the same limit: our kernel's FLOPs or bytes for the same
 * problem over ggml's time; -1 unknown. */
static double peer_share(const struct be_snap *s, const struct be_case *c)
{
	double sec = c->pr.ms * 1e-3;
	if (c->c.kernel == FASTBENCH_DECODE)
		return s->bw > 0 ? 100 * c->r.kv_bytes / sec / 1e9 / s->bw : -1;
	return s->peak > 0 ? 100 * c->r.flops / sec / 1e9 / s->peak : -1;
}

/* The case of the same n and kernel with the other K/V type, or NULL. */
static const struct be_case *other_kv(const struct be_snap *s, const struct be_case *c)
{
	for (int i = 0; i < s->done; i++) {
		const struct be_case *e = &s->res[i];
		if (e->c.n == c->c.n && e->c.kernel == c->c.kernel && e->c.kv != c->c.kv && !e->refused[0])
			return e;
	}
	return NULL;
}

static const struct be_case *find(const struct be_snap *s, int n, int kernel, int kv)
{
	for (int i = 0; i < s->done; i++)
		if (s->res[i].c.n == n && s->res[i].c.kernel == kernel && s->res[i].c.kv == kv && !s->res[i].refused[0])
			return &s->res[i];
	return NULL;
}

/* Which of nl list lines show in `rows` rows: [*first, *last).  By
 * default the newest, so the case being added stays in view; *scroll
 * lines back from there (↑), clamped here to what the list has.  A row
 * says "+N more above" when lines are hidden above, one "+N more below"
 * when hidden below; neither takes a line's place when all fit. */
static void list_window(int nl, int rows, int *scroll, int *first, int *last)
{
	if (nl <= rows || rows < 3) {   /* all, or where no list fits, only the count above */
		*scroll = 0, *first = nl <= rows ? 0 : nl, *last = nl;
		return;
	}
	/* Not scrolled: the "above" row and the newest rows - 1 lines.  Each
	 * step back shows one older line at the top, the "below" row then
	 * taking the last; all the way back, the first rows - 1 lines. */
	int back_most = nl - (rows - 1);
	if (*scroll < 0)
		*scroll = 0;
	if (*scroll > back_most)
		*scroll = back_most;
	*first = back_most - *scroll;
	*last = *scroll == 0 ? nl : *first + rows - 1 - (*first > 0);
}

static void be_render(const void *vs, struct view *v)
{
	const struct be_state *st = vs;
	struct be_snap s;
	snapshot(st, &s);
	struct canvas *c = v->pic;
	if (!st->live->begun) {
		/* Planned, not measuring: say what will run and how to begin. */
		canvas_printf_whole(c, 0, 0, ROLE_LABEL, "%d cases planned, none measured yet", st->ncases);
		canvas_printf_whole(c, 0, 2, ROLE_ACCENT, "r or Enter: measure (x cancels while it runs)");
		int y = 4;
		for (int i = 0; i < st->ncases && y < c->h; i++, y++) {
			if (y == c->h - 1 && i < st->ncases - 1) {
				canvas_printf_whole(c, 0, y, ROLE_DIM, "+%d more", st->ncases - i);
				break;
			}
			const struct fastbench_case *e = &st->cases[i].c;
			canvas_printf_whole(c, 0, y, ROLE_DIM, "%-6d %-6s %-4s", e->n, fastbench_kernel_name(e->kernel), fastbench_kv_name(e->kv));
		}
	} else {
		canvas_printf_whole(c, 0, 0, ROLE_LABEL, "progress %d/%d", s.done, st->ncases);
		/* the bar ends a column short of the pane's border */
		canvas_bar(c, 16, 0, c->w - 17, st->ncases ? (double)s.done / st->ncases : 1, s.finished ? ROLE_OK : ROLE_ACCENT);
		canvas_printf_whole(c, 0, 1, ROLE_LABEL, "n      kernel kv         ms  share of the limit");
		/* One line a case, and ggml's line after it where ggml ran. */
		int nl = 0, lines[2 * BE_MAX_CASES];   /* case index * 2 + (1: ggml's line) */
		for (int i = 0; i < s.done; i++) {
			lines[nl++] = 2 * i;
			if (s.res[i].pr.ok)
				lines[nl++] = 2 * i + 1;
		}
		int first, last, y = 2;
		list_window(nl, c->h - 2, &v->scroll, &first, &last);
		if (first > 0)
			canvas_printf_whole(c, 0, y++, ROLE_DIM, "+%d more above (↑)", first);
		int barw = c->w - 40;
		for (int l = first; l < last; l++, y++) {
			const struct be_case *e = &s.res[lines[l] / 2];
			int decode = e->c.kernel == FASTBENCH_DECODE, ggml = lines[l] % 2;
			if (ggml)
				canvas_printf_whole(c, 0, y, ROLE_DIM, "%-6s %-6s %-4s", "", "ggml", fastbench_kv_name(e->c.kv));
			else
				canvas_printf_whole(c, 0, y, ROLE_NORMAL, "%-6d %-6s %-4s", e->c.n, fastbench_kernel_name(e->c.kernel),
						    fastbench_kv_name(e->c.kv));
			if (e->refused[0]) {
				canvas_printf_whole(c, 18, y, ROLE_HOT, "refused: does not fit");
				continue;
			}
			canvas_printf_whole(c, 18, y, ggml ? ROLE_DIM : ROLE_NORMAL, "%10.3f", ggml ? e->pr.ms : e->r.ms);
			double sh = ggml ? peer_share(&s, e) : share(&s, e);
			if (sh < 0)
				continue;
			if (barw >= 4)
				canvas_bar(c, 30, y, barw, fmin(sh, 100) / 100,
					   ggml ? ROLE_DIM : decode ? ROLE_BAR2 : e->c.kv ? ROLE_HOT : ROLE_BAR);
			canvas_printf_whole(c, 31 + (barw >= 4 ? barw : 0), y, ROLE_DIM, "%3.0f%% %s", sh, decode ? "bw" : "FMA");
		}
		if (last < nl)
			canvas_printf_whole(c, 0, y, ROLE_DIM, "+%d more below (↓)", nl - last);
	}

	struct canvas *sd = v->side;
	canvas_printf_whole(sd, 0, 0, ROLE_NORMAL, "d %d, %d head%s, %d thread%s", BE_D, st->heads, st->heads > 1 ? "s" : "", st->threads,
	      st->threads > 1 ? "s" : "");
	canvas_printf_whole(sd, 0, 1, ROLE_NORMAL, "kernels %s", fastattn_isa());
	canvas_printf_whole(sd, 0, 2, ROLE_NORMAL, "fastest of %d run%s", st->runs, st->runs > 1 ? "s" : "");
	if (s.peak > 0) {
		canvas_printf_whole(sd, 0, 3, ROLE_NORMAL, "FMA peak %.1f GFLOP/s", s.peak);
		canvas_printf_whole(sd, 0, 4, ROLE_NORMAL, "read bw %.1f GB/s", s.bw);
		/* Whether ggml runs beside ours; why not is in the narration. */
		canvas_printf_whole(sd, 0, 5, s.peer_ok ? ROLE_NORMAL : ROLE_DIM, "%s",
				    s.peer_ok ? "ggml beside: yes" : "ggml: not measured");
	}
	/* r measures again with a new state: the count says it did ("run"
	 * would read as one of the runs a case takes). */
	if (!st->live->begun)
		canvas_printf_whole(sd, 0, 6, ROLE_ACCENT, "waiting: r/Enter starts");
	else if (s.cancelled)
		canvas_printf_whole(sd, 0, 6, ROLE_ACCENT, "cancelled (r: again)");
	else if (s.error[0])
		canvas_printf_whole(sd, 0, 6, ROLE_FAIL, "stopped: error (below)");
	else if (s.finished)
		canvas_printf_whole(sd, 0, 6, ROLE_OK, "done: measurement %d", st->run_no);
	else
		canvas_printf_whole(sd, 0, 6, ROLE_ACCENT, "measuring… (x cancels)");
	/* f16 against f32, for the latest n that has both; then decode's read
	 * rate per K/V type, two to a row: 14 rows in all, the pane's height
	 * at 80x24. */
	int line = 7;
	for (int k = 0; k < FASTBENCH_NKERNELS && s.done > 0; k++) {
		int n = s.res[s.done - 1].c.n;
		const struct be_case *a = find(&s, n, k, FASTATTN_F32), *b = find(&s, n, k, FASTATTN_F16);
		if (!a || !b)
			continue;
		if (line == 7)
			canvas_printf_whole(sd, 0, line++, ROLE_LABEL, "f16/f32 time, n %d", n);
		canvas_printf_whole(sd, 0, line++, ROLE_NORMAL, "%-6s %.2f×", fastbench_kernel_name(k), b->r.ms / a->r.ms);
	}
	int shown = 0;
	for (int kv = FASTATTN_F32; kv <= FASTATTN_Q4_0 && s.done > 0; kv++) {
		const struct be_case *e = find(&s, s.res[s.done - 1].c.n, FASTBENCH_DECODE, kv);
		if (!e)
			continue;
		if (!shown)
			canvas_printf_whole(sd, 0, line++, ROLE_LABEL, "decode GB/s, n %d", s.res[s.done - 1].c.n);
		canvas_printf_whole(sd, shown % 2 ? 13 : 0, line + shown / 2, ROLE_NORMAL, "%-4s %6.2f", fastbench_kv_name(kv),
				    e->r.gbps);
		shown++;
	}

	const struct be_case *last = s.done ? &s.res[s.done - 1] : NULL;
	int n = last ? last->c.n : 0;
	const struct be_case *t32 = find(&s, n, FASTBENCH_TILED, FASTATTN_F32), *n32 = find(&s, n, FASTBENCH_NAIVE, FASTATTN_F32);
	const struct be_case *d16 = find(&s, n, FASTBENCH_DECODE, FASTATTN_F16), *d32 = find(&s, n, FASTBENCH_DECODE, FASTATTN_F32);
	/* At most three short sentences: the narration has three rows at 80x24. */
	char part[3][260] = {"", "", ""};
	if (t32 && n32)
		/* the two times named: their rows may be scrolled out of view */
		snprintf(part[0], sizeof part[0], "tiled (%.3f ms) is %.2f× faster than naive (%.3f ms), which writes the n×n scores. ",
			 t32->r.ms, n32->r.ms / t32->r.ms, n32->r.ms);
	if (last && last->c.kernel != FASTBENCH_DECODE && other_kv(&s, last)) {
		const struct be_case *a = find(&s, n, last->c.kernel, FASTATTN_F32), *b = find(&s, n, last->c.kernel, FASTATTN_F16);
		if (a && b)
			snprintf(part[1], sizeof part[1], "With f16 K/V, %s takes %.2f× the f32 time. ", fastbench_kernel_name(last->c.kernel),
				 b->r.ms / a->r.ms);
	}
	if (!part[1][0] && last && last->pr.ok)
		snprintf(part[1], sizeof part[1], "ggml's %s %s takes %.2f× our time. ", fastbench_kv_name(last->c.kv),
			 last->c.kernel == FASTBENCH_DECODE ? "decode" : "prefill", last->pr.ms / last->r.ms);
	const struct be_case *dq8 = find(&s, n, FASTBENCH_DECODE, FASTATTN_Q8_0), *dq4 = find(&s, n, FASTBENCH_DECODE, FASTATTN_Q4_0);
	if (d16 && dq8 && dq4)
		snprintf(part[2], sizeof part[2],
			 "Decode over q8_0 takes %.2f×, over q4_0 %.2f× the "
			 "f16 time (bytes a value: "
			 "1.0625 and 0.5625, against 2).",
			 dq8->r.ms / d16->r.ms, dq4->r.ms / d16->r.ms);
	else if (d16 && (dq8 || dq4))
		snprintf(part[2], sizeof part[2],
			 "Decode over %s takes %.2f× the f16 time (bytes a "
			 "value: %s, against 2).",
			 dq8 ? "q8_0" : "q4_0",
			 (dq8 ? dq8 : dq4)->r.ms / d16->r.ms,
			 dq8 ? "1.0625" : "0.5625");
	else if (d16 && d32)
		snprintf(part[2], sizeof part[2], "Decode f16 reads at %.0f%% of the read bandwidth, in %.2f× the f32 time.",
			 share(&s, d16), d16->r.ms / d32->r.ms);
	/* Where ggml did not run, that it did not, in the place of the
	 * sentence on ggml's time: the why names files and paths, which
	 * --bench prints and a class need not read. */
	if (!part[1][0] && st->live->begun && !s.peer_ok && s.peer_why[0])
		snprintf(part[1], sizeof part[1], "%s",
			 st->peer ? "ggml not measured: its library did not "
				    "load (--bench says why). "
				  : "ggml not measured (peer = 0). ");
	int width = view_narration_width(v);
	if (s.error[0])
		snprintf(v->narration, VIEW_NARRATION, "The benchmark stopped: %s", s.error);
	else if (last) {
		/* Three rows at 80x24: a sentence that would make a fourth goes,
		 * the one on ggml or f16 first, then the one on decode. */
		snprintf(v->narration, VIEW_NARRATION, "n = %d: %s%s%s", n, part[0], part[1], part[2]);
		if (canvas_wrap_lines(width, v->narration) > 3)
			snprintf(v->narration, VIEW_NARRATION, "n = %d: %s%s", n, part[0], part[2]);
		if (canvas_wrap_lines(width, v->narration) > 3)
			snprintf(v->narration, VIEW_NARRATION, "n = %d: %s", n, part[0]);
	} else if (s.cancelled)
		snprintf(v->narration, VIEW_NARRATION, "Cancelled before the first case finished: nothing was measured. r measures again.");
	else if (!st->live->begun)
		snprintf(v->narration, VIEW_NARRATION,
			 "Nothing runs until you press r or Enter: then the real-size kernels of attnviz --bench run here. "
			 "Tiled keeps its tile in L1/L2, the CPU's SRAM; naive writes the n×n scores out to DRAM, its HBM.");
	else
		snprintf(v->narration, VIEW_NARRATION,
			 "The real-size kernels of attnviz --bench run here, in the background: tiled keeps its tile in L1/L2 "
			 "(the CPU's SRAM), naive writes the n×n scores out to DRAM (its HBM), decode streams the cache.");
}

static void be_summary(const void *vs, struct summary *sum)
{
	const struct be_state *st = vs;
	struct be_snap s;
	snapshot(st, &s);
	summary_int(sum, s.done, "cases_done");
	summary_words(sum, "cases measured so far, of %d planned: kernels × K/V types × sizes (parameters kernels, kv, n)",
		      st->ncases);
	if (!st->live->begun)
		summary_explain(sum, "not measured: every scene at once (all) "
				     "leaves this machine's timings out; "
				     "--summary bench or --bench measures");
	for (int i = 0; i < s.done; i++) {
		const struct be_case *e = &s.res[i];
		const char *k = fastbench_kernel_name(e->c.kernel), *kv = fastbench_kv_name(e->c.kv);
		if (e->refused[0])
			continue;
		summary_real(sum, e->r.ms, "ms.%s.%s.%d", k, kv, e->c.n);
		summary_words(sum, "fastest wall time of %d timed run%s on this machine%s, ms", e->r.runs, e->r.runs > 1 ? "s" : "",
			      e->r.cold ? ", caches evicted before each (K and V come from memory)" : "");
		summary_explain(sum, "a measurement: no second way");
		if (e->r.gbps >= 0) {
			summary_real(sum, e->r.gbps, "gbps.%s.%s.%d", k, kv, e->c.n);
			summary_words(sum, "GB/s decode read: the K and V bytes of %s rows (%s a value) over the fastest time", kv,
				      e->c.kv == FASTATTN_Q8_0 ? "34/32 B" : e->c.kv == FASTATTN_Q4_0 ? "18/32 B" : e->c.kv ? "2 B" : "4 B");
			summary_explain(sum, "a measurement: no second way");
		}
		if (e->pr.ok) {
			summary_real(sum, e->pr.ms, "ggml_ms.%s.%s.%d", k, kv, e->c.n);
			summary_words(sum, "fastest wall time of ggml's CPU ggml_flash_attn_ext on the same inputs, its runs right "
				      "after ours%s, ms", e->r.cold ? ", caches evicted before each" : "");
			summary_explain(sum, "a measurement: no second way");
		}
		if (e->r.rows_compared > 0) {
			/* Quantized decode rounds the query to int16 per block (up to
			 * 2e-5 at n ~ 100, measured): the bound, 1e-4, as
			 * --bench's own test holds quantized rows to. */
			double tol = e->c.kv == FASTATTN_Q8_0 || e->c.kv == FASTATTN_Q4_0 ? 1e-4 : 1e-5;
			summary_check_real(sum, HOW_REFERENCE, e->r.max_abs_diff, 0, tol, "max_abs_diff.%s.%s.%d", k, kv, e->c.n);
			summary_words(sum, "largest |kernel output − float64 two-pass reference| over %d sampled rows",
				      e->r.rows_compared);
			summary_input(sum, "n", e->c.n, "parameter n");
			summary_input(sum, "d", BE_D, "head dimension of the benchmark (BE_D)");
			summary_input(sum, "heads", e->c.heads, "parameter heads");
			summary_explain(sum, "the reference: every score in double, their max, then Σ e^(s − max) v / Σ e^(s − max)");
		}
		/* Per thread the tiled kernel holds a query block br x d, a transposed
		 * key block d x bc, a score tile br x bc, accumulators br x d, m and l
		 * (br each), plus a bc x d value block widened from f16: floats of 4
		 * bytes, whatever n.  The naive kernel adds its score matrix, rows
		 * padded to br and columns to 16; decode keeps (m, l, acc) per thread
		 * and head, and a query row of max_d floats and a bc-key score row per
		 * thread.  The tile sizes are written out again here, not read from
		 * the kernel. */
		char f[400];
		const char *tile = e->c.kv ? "(br * d + d * bc + br * bc + br * d + 2 * br + bc * d)"
					   : "(br * d + d * bc + br * bc + br * d + 2 * br)";
		summary_int(sum, e->r.peak_extra_bytes, "extra_bytes.%s.%s.%d", k, kv, e->c.n);
		summary_input(sum, "threads", e->c.threads, "parameter threads");
		summary_input(sum, "d", BE_D, "head dimension of the benchmark (BE_D)");
		if (e->c.kernel != FASTBENCH_DECODE)
			summary_input(sum, "br", 96, "query rows a tile (src/kern/fastattn.c BR)");
		summary_input(sum, "bc", 64, "keys a tile (src/kern/fastattn.c BC)");
		if (e->c.kernel == FASTBENCH_TILED) {
			summary_words(sum, "scratch bytes the tiled kernel allocated, all threads: 4 B floats of its tile%s, no term "
				      "in n", e->c.kv == FASTATTN_F16 ? " and the value block widened from f16"
					      : e->c.kv ? " and the value block dequantized" : "");
			snprintf(f, sizeof f, "threads * 4 * %s", tile);
		} else if (e->c.kernel == FASTBENCH_NAIVE) {
			summary_words(sum, "scratch bytes the naive kernel allocated: the n×n score matrix of 4 B floats (rows padded "
				      "to br, columns to 16), grows as n², plus the tiled kernel's scratch");
			summary_input(sum, "n", e->c.n, "parameter n");
			snprintf(f, sizeof f, "4 * pad(n, br) * pad(n, 16) + threads * 4 * %s", tile);
		} else {
			summary_words(sum, "scratch bytes the decode kernel allocated: split-K states (m, l and d accumulators) a "
				      "thread and head, a query row, bc scores and a scale a block of qk, 4 B floats, and the "
				      "query row in 2 B ints, a thread; no term in n");
			summary_input(sum, "n", e->c.n, "parameter n, keys in the cache (threads past n get no keys)");
			summary_input(sum, "heads", e->c.heads, "parameter heads");
			summary_input(sum, "max_d", 256, "floats a query row (src/kern/fastattn.h FASTATTN_MAX_D)");
			summary_input(sum, "qk", QUANT_BLOCK, "values a quantized block (src/kern/quant.h QUANT_BLOCK)");
			/* Every type alike: quantized blocks are widened in registers
			 * only, and the int16 query (for q8_0, q4_0) is on every
			 * thread's stack whatever the type. */
			snprintf(f, sizeof f,
				 "4 * min(threads, n) * heads * (d + 2) + min(threads, n) * (4 * (max_d + bc + max_d / qk) + 2 * max_d)");
		}
		summary_formula(sum, 0, f);
	}
}

static void be_print(const void *vs, FILE *out)
{
	const struct be_state *st = vs;
	struct be_snap s;
	snapshot(st, &s);
	if (!st->live->begun) {
		fprintf(out, "not measured: every scene at once (all) leaves "
			     "this machine's timings out; "
			     "--print bench or --bench measures\n");
		return;
	}
	fprintf(out, "machine: FMA peak %.1f GFLOP/s, read bandwidth %.1f GB/s on %d thread%s\n", s.peak, s.bw, st->threads,
		st->threads > 1 ? "s" : "");
	if (s.peer_ok)
		fprintf(out, "peer: ggml's ggml_flash_attn_ext beside tiled and decode, runs interleaved\n");
	else
		fprintf(out, "peer: ggml not measured: %s\n", s.peer_why[0] ? s.peer_why : "the benchmark has not begun");
	fprintf(out, "n      kernel kv          ms  GFLOP/s    GB/s   share  extra bytes  max|diff|\n");
	for (int i = 0; i < s.done; i++) {
		const struct be_case *e = &s.res[i];
		fprintf(out, "%-6d %-6s %-4s ", e->c.n, fastbench_kernel_name(e->c.kernel), fastbench_kv_name(e->c.kv));
		if (e->refused[0]) {
			fprintf(out, "refused: %s\n", e->refused);
			continue;
		}
		char gb[16] = "      -";
		if (e->r.gbps >= 0)
			snprintf(gb, sizeof gb, "%7.2f", e->r.gbps);
		fprintf(out, "%10.3f %8.2f %s %6.0f%% %12lld  %.1e\n", e->r.ms, e->r.gflops, gb, share(&s, e),
			(long long)e->r.peak_extra_bytes, e->r.max_abs_diff);
		if (e->pr.ok) {
			/* ggml's row: our kernel's FLOPs and bytes for the same problem over its time. */
			double sec = e->pr.ms * 1e-3;
			snprintf(gb, sizeof gb, "      -");
			if (e->r.gbps >= 0)
				snprintf(gb, sizeof gb, "%7.2f", e->r.kv_bytes / sec / 1e9);
			fprintf(out, "%-6s %-6s %-4s %10.3f %8.2f %s %6.0f%% %12s  %.1e\n", "", "ggml", fastbench_kv_name(e->c.kv),
				e->pr.ms, e->r.flops / sec / 1e9, gb, peer_share(&s, e), "-", e->pr.max_abs_diff);
		}
	}
	if (s.error[0])
		fprintf(out, "error: %s\n", s.error);
}

static const struct scene_measure be_measure = {
	.start = be_start,
	.busy = be_busy,
	.wait = be_wait,
	.cancel = be_cancel,
};

const struct scene_class scene_bench = {
	.id = "bench",
	.params = be_params,
	.nparams = BE_NPARAMS,
	.state_size = sizeof(struct be_state),
	.init = be_init,
	.fini = be_fini,
	.nsteps = be_nsteps,
	.render = be_render,
	.summary = be_summary,
	.print = be_print,
	.measure = &be_measure,
};
