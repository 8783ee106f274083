/*
 * tiled (lesson Ex. 4): the HBM pane holds Q, K, V and O as blocks; the
 * SRAM pane holds the block pair being worked on, the score tile as a heat
 * map, and each row's running m and l.  One step is one event between the
 * two memories.  The naive kernel runs beside it, for its counters and its
 * output.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "glyph.h"
#include "kern/jrand.h"
#include "kern/tiled.h"
#include "scene/scene.h"
#include "scenes/lib/common.h"
#include "util/npy.h"

struct tl_state {
	int n, d, tile, causal;
	long long seed;
	float *q, *k, *v;          /* [n][d] from java.util.Random(seed).nextGaussian() */
	float *o_naive, *o_tiled;  /* [n][d] */
	float *s;                  /* [n][n] the naive kernel's score matrix */
	struct traffic naive;
	struct tiled_run run;
	int events;
	int taken;                 /* steps taken: the events, then one closing step */
	double diff;               /* max |naive - tiled| once the run is done */
	double tile_lo, tile_hi;   /* the score tile's finite range, for the heat map's scale */
	/* The closing step: one head at the lesson's real size, d = 128, B = 128. */
	struct traffic real_naive, real_tiled;
};

#define TL_REAL_N 131072
#define TL_REAL_D 128
#define TL_REAL_B 128

static const struct param_spec tl_params[] = {
	{"n", PARAM_INT, 1, 1024, 1, 0, "tokens (queries = keys)"},
	{"d", PARAM_INT, 1, 128, 1, 0, "head dimension"},
	{"tile", PARAM_INT, 1, TILED_MAX_TILE, 1, 0, "block size B (a ragged last block is fine)"},
	{"seed", PARAM_INT, -9e15, 9e15, 1, 0, "java.util.Random seed of Q, K, V"},
	{"causal", PARAM_INT, 0, 1, 1, 0, "1: causal mask, fully masked blocks skipped"},
	{0},
};

static void tl_fini(void *vs)
{
	struct tl_state *st = vs;
	tiled_free(&st->run);
	free(st->q);
	free(st->k);
	free(st->v);
	free(st->o_naive);
	free(st->o_tiled);
	free(st->s);
}

static void fill_gaussian(struct jrand *r, float *a, size_t count)
{
	for (size_t i = 0; i < count; i++)
		a[i] = (float)jrand_gaussian(r);
}

static int tl_init(void *vs, const struct scene_env *env, char *err, size_t errlen)
{
	struct tl_state *st = vs;
	st->n = (int)params_int(env->p, "n");
	st->d = (int)params_int(env->p, "d");
	st->tile = (int)params_int(env->p, "tile");
	st->seed = params_int(env->p, "seed");
	st->causal = (int)params_int(env->p, "causal");
	if (st->tile > st->n) {
		snprintf(err, errlen, "tile: %d is larger than n = %d", st->tile, st->n);
		return -1;
	}
	size_t nd = (size_t)st->n * st->d;
	st->q = malloc(sizeof(float) * nd);
	st->k = malloc(sizeof(float) * nd);
	st->v = malloc(sizeof(float) * nd);
	st->o_naive = malloc(sizeof(float) * nd);
	st->o_tiled = calloc(nd, sizeof(float));
	st->s = malloc(sizeof(float) * (size_t)st->n * st->n);
	if (!st->q || !st->k || !st->v || !st->o_naive || !st->o_tiled || !st->s) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	struct jrand r;
	jrand_init(&r, st->seed);
	fill_gaussian(&r, st->q, nd);
	fill_gaussian(&r, st->k, nd);
	fill_gaussian(&r, st->v, nd);
	tiled_naive_attention(st->q, st->k, st->v, st->n, st->d, st->causal, st->s, st->o_naive, &st->naive);
	if (tiled_init(&st->run, st->q, st->k, st->v, st->o_tiled, st->n, st->d, st->tile, st->causal) < 0) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	st->events = (int)tiled_event_count(st->n, st->tile, st->causal);
	st->real_naive = tiled_naive_traffic_formula(TL_REAL_N, TL_REAL_D);
	st->real_tiled = tiled_traffic_formula(TL_REAL_N, TL_REAL_D, TL_REAL_B, 0);
	return 0;
}

static int tl_nsteps(const void *vs)
{
	return ((const struct tl_state *)vs)->events + 1;
}

static double max_abs_diff(const struct tl_state *st)
{
	double m = 0;
	for (size_t i = 0; i < (size_t)st->n * st->d; i++)
		m = fmax(m, fabsf(st->o_naive[i] - st->o_tiled[i]));
	return m;
}

static void tl_step(void *vs)
{
	struct tl_state *st = vs;
	if (st->taken < st->events) {
		const struct tiled_run *r = &st->run;
		tiled_step(&st->run);
		st->tile_lo = INFINITY, st->tile_hi = -INFINITY;
		int rows = tiled_block_rows(r, r->qb), cols = r->kb >= 0 ? tiled_block_rows(r, r->kb) : 0;
		for (int i = 0; i < rows; i++)
			for (int j = 0; j < cols; j++) {
				float x = r->s_tile[i * r->tile + j];
				if (isfinite(x))
					st->tile_lo = fmin(st->tile_lo, x), st->tile_hi = fmax(st->tile_hi, x);
			}
		if (st->taken + 1 == st->events)
			st->diff = max_abs_diff(st);   /* once, when the last O block is written */
	}
	st->taken++;
}

/* The closing step: both outputs compared, and the same traffic at real size. */
static void tl_render_closing(const struct tl_state *st, struct view *v)
{
	struct canvas *c = v->pic;
	long long nt = (long long)(st->naive.reads + st->naive.writes);
	long long tt = (long long)(st->run.t.reads + st->run.t.writes);
	long long rn = (long long)(st->real_naive.reads + st->real_naive.writes);
	long long rt = (long long)(st->real_tiled.reads + st->real_tiled.writes);
	canvas_printf(c, 0, 0, ROLE_LABEL, "this run: n %d, d %d, B %d", st->n, st->d, st->tile);
	canvas_printf(c, 2, 1, ROLE_NORMAL, "naive moved %lld floats", nt);
	canvas_printf(c, 2, 2, ROLE_NORMAL, "tiled moved %lld floats", tt);
	canvas_printf(c, 2, 3, ROLE_OK, "max |naive − tiled| = %.1e", st->diff);
	canvas_printf(c, 0, 5, ROLE_LABEL, "real size: n %d, d %d, B %d", TL_REAL_N, TL_REAL_D, TL_REAL_B);
	canvas_printf(c, 2, 6, ROLE_NORMAL, "naive %.0f M floats", rn / 1e6);
	canvas_printf(c, 2, 7, ROLE_NORMAL, "tiled %.0f M floats", rt / 1e6);
	canvas_printf(c, 2, 8, ROLE_ACCENT, "ratio %.2f  (lesson: about 2B/d = %d)", (double)rn / (double)rt,
		      2 * TL_REAL_B / TL_REAL_D);
	struct canvas *s = v->side;
	canvas_text(s, 0, 0, ROLE_LABEL, "naive score buffer");
	canvas_printf(s, 0, 1, ROLE_NORMAL, "n² = %lld floats", (long long)TL_REAL_N * TL_REAL_N);
	canvas_text(s, 0, 3, ROLE_LABEL, "tiled SRAM tile");
	canvas_printf(s, 0, 4, ROLE_NORMAL, "B² = %d floats", TL_REAL_B * TL_REAL_B);
	snprintf(v->narration, VIEW_NARRATION,
		 "Both kernels give the same output to %.1e (float rounding). At n = %d the naive kernel moves "
		 "%.0f M floats per head against tiled's %.0f M: %.2f times fewer, and S never exists.",
		 st->diff, TL_REAL_N, rn / 1e6, rt / 1e6, (double)rn / (double)rt);
}

/* The block row of block b when nb blocks share `rows` screen rows. */
static int block_row(int b, int nb, int rows)
{
	return nb <= rows ? b : (int)((long)b * rows / nb);
}

/* bw: block width in columns (narrower on a small screen). */
static void draw_hbm(const struct tl_state *st, struct canvas *c, int x0, int y0, int rows, int bw)
{
	const struct tiled_run *r = &st->run;
	static const char *const names[] = {"Q", "K", "V", "O"};
	int nb = r->nblocks;
	canvas_text(c, x0, y0, ROLE_HBM, "HBM (slow)");
	for (int col = 0; col < 4; col++)
		canvas_text(c, x0 + bw / 2 + col * (bw + 1), y0 + 1, ROLE_LABEL, names[col]);
	for (int b = 0; b < nb; b++) {
		int y = y0 + 2 + block_row(b, nb, rows);
		for (int col = 0; col < 4; col++) {
			enum role role = ROLE_HBM;
			uint32_t g = GLYPH_FULL;
			int q_now = r->last == TILED_LOAD_Q && b == r->qb;
			int kv_now = r->last == TILED_LOAD_KV && b == r->kb;
			int o_done = r->last == TILED_DONE || b < r->qb || (b == r->qb && r->last == TILED_WRITE_O);
			if (col == 0 && q_now)
				role = ROLE_HOT;
			else if ((col == 1 || col == 2) && kv_now)
				role = ROLE_HOT;
			else if (col == 3) {
				g = o_done ? GLYPH_FULL : GLYPH_LIGHT;
				role = b == r->qb && r->last == TILED_WRITE_O ? ROLE_HOT : o_done ? ROLE_OK : ROLE_DIM;
			}
			canvas_hline(c, x0 + col * (bw + 1), y, bw, g, role);
		}
		if (nb <= rows)
			canvas_printf(c, x0 + 4 * (bw + 1), y, ROLE_DIM, "%d", b);
	}
}

/* Sets *shown_r x *shown_c to the cells the score tile got (fewer than its
 * rows and columns on a small screen: then it is sampled). */
static void draw_sram(const struct tl_state *st, struct canvas *c, int x0, int y0, int w, int h, int *shown_r,
		      int *shown_c)
{
	const struct tiled_run *r = &st->run;
	*shown_r = *shown_c = 0;
	canvas_text(c, x0, y0, ROLE_SRAM, "SRAM (fast, on chip)");
	if (r->last == TILED_START || r->last == TILED_DONE) {
		canvas_text(c, x0, y0 + 2, ROLE_DIM, r->last == TILED_START ? "empty" : "done: every O block written");
		return;
	}
	if (r->kb >= 0)
		canvas_printf(c, x0, y0 + 1, ROLE_NORMAL, "Q[%d]  K[%d] V[%d]", r->qb, r->kb, r->kb);
	else
		canvas_printf(c, x0, y0 + 1, ROLE_NORMAL, "Q[%d]", r->qb);
	int rows = tiled_block_rows(r, r->qb), cols = r->kb >= 0 ? tiled_block_rows(r, r->kb) : 0;
	/* The heat map takes what the m and l columns (14 wide) leave. */
	int show_r = rows < h - 3 ? rows : h - 3, show_c = cols < w - 15 ? cols : w - 15;
	if (show_c > 32)
		show_c = 32;
	canvas_text(c, x0, y0 + 2, ROLE_LABEL, "score tile");
	*shown_r = show_r, *shown_c = show_c;
	if (r->kb >= 0 && show_r > 0 && show_c > 0) {
		double lo = st->tile_lo, hi = st->tile_hi;
		static const uint32_t glyph[4] = {GLYPH_LIGHT, GLYPH_MEDIUM, GLYPH_DARK, GLYPH_FULL};
		for (int y = 0; y < show_r; y++)
			for (int x = 0; x < show_c; x++) {
				int i = y * rows / show_r, j = x * cols / show_c;
				float v = r->s_tile[i * r->tile + j];
				if (!isfinite(v) || r->last == TILED_LOAD_KV) {
					canvas_put(c, x0 + x, y0 + 3 + y, isfinite(v) ? GLYPH_DOT : ' ', ROLE_DIM);
					continue;
				}
				int lvl = hi > lo ? (int)((v - lo) / (hi - lo) * 3.999) : 3;
				canvas_put(c, x0 + x, y0 + 3 + y, glyph[lvl], (enum role)(ROLE_HEAT1 + lvl));
			}
	}
	int mx = x0 + (show_c > 10 ? show_c : 10) + 1;
	canvas_text(c, mx, y0 + 2, ROLE_LABEL, "   m       l");
	for (int i = 0; i < show_r; i++) {
		int row = i * rows / show_r;
		if (isinf(r->m[row]))
			canvas_text(c, mx, y0 + 3 + i, ROLE_DIM, "  −∞      0");
		else
			canvas_printf(c, mx, y0 + 3 + i, ROLE_NORMAL, "%6.3f %7.3f", r->m[row], r->l[row]);
	}
}

static void tl_render(const void *vs, struct view *v)
{
	const struct tl_state *st = vs;
	const struct tiled_run *r = &st->run;
	struct canvas *c = v->pic;
	if (st->taken > st->events) {
		tl_render_closing(st, v);
		return;
	}
	int rows = c->h - 3, bw = c->w >= 60 ? 3 : 2;
	draw_hbm(st, c, 0, 0, rows > 1 ? rows : 1, bw);
	/* The arrow between the memories says which way this event moved data. */
	int ax = 4 * (bw + 1) + 3;
	if (r->last == TILED_LOAD_Q)
		canvas_printf(c, ax, 2 + block_row(r->qb, r->nblocks, rows), ROLE_HOT, "─Q%d─▶", r->qb);
	else if (r->last == TILED_LOAD_KV)
		canvas_printf(c, ax, 2 + block_row(r->kb, r->nblocks, rows), ROLE_HOT, "─KV%d▶", r->kb);
	else if (r->last == TILED_WRITE_O)
		canvas_printf(c, ax, 2 + block_row(r->qb, r->nblocks, rows), ROLE_OK, "◀─O%d─", r->qb);
	canvas_vline(c, ax + 6, 0, c->h, GLYPH_VLINE, ROLE_DIM);
	int shown_r, shown_c;
	draw_sram(st, c, ax + 8, 0, c->w - ax - 8, c->h, &shown_r, &shown_c);

	struct traffic nf = tiled_naive_traffic_formula(st->n, st->d);
	struct canvas *s = v->side;
	canvas_text(s, 0, 0, ROLE_LABEL, "floats   tiled   naive");
	canvas_printf(s, 0, 1, ROLE_NORMAL, "reads  %7lld %7lld", (long long)r->t.reads, (long long)st->naive.reads);
	canvas_printf(s, 0, 2, ROLE_NORMAL, "writes %7lld %7lld", (long long)r->t.writes, (long long)st->naive.writes);
	canvas_printf(s, 0, 3, ROLE_ACCENT, "total  %7lld %7lld", (long long)(r->t.reads + r->t.writes),
		      (long long)(nf.reads + nf.writes));
	canvas_printf(s, 0, 5, ROLE_NORMAL, "n %d  d %d  B %d%s", st->n, st->d, st->tile, st->causal ? "  causal" : "");
	canvas_printf(s, 0, 6, ROLE_NORMAL, "blocks: %lld computed", (long long)r->computed_blocks);
	if (st->causal)
		canvas_printf(s, 0, 7, ROLE_OK, "%lld skipped (masked)", (long long)r->skipped_blocks);
	canvas_printf(s, 0, 8, ROLE_DIM, "SRAM tile %d floats", st->tile * st->tile);
	canvas_printf(s, 0, 9, ROLE_DIM, "naive S, P: %lld floats", (long long)st->n * st->n);
	int tr = r->kb >= 0 ? tiled_block_rows(r, r->qb) : 0, tc = r->kb >= 0 ? tiled_block_rows(r, r->kb) : 0;
	if (r->kb >= 0 && (shown_r < tr || shown_c < tc)) {
		canvas_printf(s, 0, 11, ROLE_DIM, "score tile %d×%d drawn", tr, tc);
		canvas_printf(s, 0, 12, ROLE_DIM, "as %d×%d: cells sampled", shown_r, shown_c);
	}

	int rows_q = tiled_block_rows(r, r->qb);
	switch (r->last) {
	case TILED_START:
		snprintf(v->narration, VIEW_NARRATION,
			 "Q, K and V (%d×%d each, from java.util.Random(%lld)) sit in HBM. The naive kernel already ran: "
			 "it wrote S and P (%lld floats each) to HBM and read them back. The tiled kernel starts now.",
			 st->n, st->d, st->seed, (long long)st->n * st->n);
		break;
	case TILED_LOAD_Q:
		snprintf(v->narration, VIEW_NARRATION,
			 "Load query block %d (%d rows × %d = %d floats) into SRAM. Its running m = −∞, l = 0 and "
			 "acc = 0 start empty; they stay in SRAM until the block is done.",
			 r->qb, rows_q, st->d, rows_q * st->d);
		break;
	case TILED_LOAD_KV:
		snprintf(v->narration, VIEW_NARRATION,
			 "Stream key/value block %d past Q[%d]: %d floats read. Keys and values are read once per "
			 "query block: that is the price of never storing S.",
			 r->kb, r->qb, 2 * tiled_block_rows(r, r->kb) * st->d);
		break;
	case TILED_COMPUTE:
		snprintf(v->narration, VIEW_NARRATION,
			 "Score tile Q[%d]·K[%d]ᵀ/√d (%d×%d) is computed in SRAM and folded into each row's m, l and acc "
			 "with the online rule; it is never written to HBM. Row 0 now has m = %.3f, l = %.3f.",
			 r->qb, r->kb, rows_q, tiled_block_rows(r, r->kb), r->m[0], r->l[0]);
		break;
	case TILED_WRITE_O:
		snprintf(v->narration, VIEW_NARRATION,
			 "Write O[%d] = acc / l (%d floats): the only write to HBM.%s Tiled so far: %lld reads, %lld writes.",
			 r->qb, rows_q * st->d, st->causal ? " Key blocks after the diagonal were skipped." : "",
			 (long long)r->t.reads, (long long)r->t.writes);
		break;
	case TILED_DONE:
		snprintf(v->narration, VIEW_NARRATION,
			 "Done: tiled moved %lld floats against naive's %lld, writes %lld against %lld, and the outputs "
			 "agree to %.1e (float rounding: the additions happen in another order).",
			 (long long)(r->t.reads + r->t.writes), (long long)(st->naive.reads + st->naive.writes),
			 (long long)r->t.writes, (long long)st->naive.writes, st->diff);
		break;
	}
}

static const int64_t real_n[] = {4096, 131072};
static const int64_t real_b[] = {64, 128, 256};

static void tl_summary(const void *vs, struct summary *s)
{
	const struct tl_state *st = vs;
	int64_t n = st->n, d = st->d, B = st->tile, nb = st->run.nblocks;
	struct traffic nf = tiled_naive_traffic_formula(n, d);
	struct traffic tf = tiled_traffic_formula(n, d, B, st->causal);
	/* The kernels count every float they move; the closed forms are written apart in tiled.c. */
	summary_check_int(s, HOW_FORMULA, st->naive.reads, nf.reads, "naive_reads");
	summary_explain(s, "floats the naive kernel reads from slow memory: Q and K, then S back, then P and V");
	summary_explain(s, "= 2nd + n^2 + n^2 + nd = 2*%lld*%lld + 2*%lld^2 + %lld*%lld = %lld", (long long)n, (long long)d,
		    (long long)n, (long long)n, (long long)d, (long long)nf.reads);
	summary_explain(s, "n, d = parameters n, d (the lesson's Example 4: 64 and 8 unless set)");
	summary_explain(s, "counted: the kernel adds up every float it loads; second way: the closed form");
	summary_check_int(s, HOW_FORMULA, st->naive.writes, nf.writes, "naive_writes");
	summary_explain(s, "floats the naive kernel writes: S, P and the output O");
	summary_explain(s, "= n^2 + n^2 + nd = 2*%lld^2 + %lld*%lld = %lld", (long long)n, (long long)n, (long long)d,
		    (long long)nf.writes);
	summary_explain(s, "counted by the kernel; second way: the closed form");
	summary_check_int(s, HOW_FORMULA, st->run.t.reads, tf.reads, "tiled_reads");
	if (!st->causal)
		summary_explain(s, "floats the tiled kernel reads: Q once, K and V once per query block: nd + (n/B) * 2nd");
	else
		summary_explain(s, "floats the tiled kernel reads: Q once, K and V blocks up to the diagonal per query block");
	if (!st->causal)
		summary_explain(s, "= %lld*%lld + %lld * 2*%lld*%lld = %lld (nb = ceil(n / B) = %lld blocks of B = %lld)",
			    (long long)n, (long long)d, (long long)nb, (long long)n, (long long)d, (long long)tf.reads,
			    (long long)nb, (long long)B);
	else
		summary_explain(s, "= nd + 2d * (key rows visited) = %lld + 2*%lld * %lld = %lld (B = %lld)", (long long)(n * d),
			    (long long)d, (long long)((tf.reads - n * d) / (2 * d)), (long long)tf.reads, (long long)B);
	summary_explain(s, "counted event by event as the stepper moves blocks; second way: the closed form");
	summary_check_int(s, HOW_FORMULA, st->run.t.writes, tf.writes, "tiled_writes");
	summary_explain(s, "floats the tiled kernel writes: only the output O, nd = %lld*%lld = %lld", (long long)n,
		    (long long)d, (long long)tf.writes);
	summary_explain(s, "counted by the stepper; second way: the closed form");
	summary_check_int(s, HOW_FORMULA, st->naive.reads + st->naive.writes, nf.reads + nf.writes, "naive_total");
	summary_explain(s, "all floats the naive kernel moves: %lld reads + %lld writes = %lld", (long long)st->naive.reads,
		    (long long)st->naive.writes, (long long)(st->naive.reads + st->naive.writes));
	summary_explain(s, "second way: the closed forms' total 4nd + 4n^2");
	summary_check_int(s, HOW_FORMULA, st->run.t.reads + st->run.t.writes, tf.reads + tf.writes, "tiled_total");
	summary_explain(s, "all floats the tiled kernel moves: %lld reads + %lld writes = %lld", (long long)st->run.t.reads,
		    (long long)st->run.t.writes, (long long)(st->run.t.reads + st->run.t.writes));
	summary_explain(s, "second way: the closed forms' total");
	summary_check_real(s, HOW_REFERENCE, max_abs_diff(st), 0, 1e-5, "max_abs_diff");
	summary_explain(s, "the largest |naive - tiled| over all %lld x %lld outputs = %.3g", (long long)n, (long long)d,
		    max_abs_diff(st));
	summary_explain(s, "Q, K, V from java.util.Random(%lld).nextGaussian() (parameter seed; the lesson's 42)", st->seed);
	summary_explain(s, "second way: the naive kernel is the reference; the two may differ by float rounding (< 1e-5)");
	summary_check_int(s, HOW_FORMULA, st->run.computed_blocks, st->causal ? nb * (nb + 1) / 2 : nb * nb, "computed_blocks");
	summary_explain(s, "score tiles computed: %s = %lld", st->causal ? "nb(nb+1)/2 (up to the diagonal)" : "nb^2",
		    (long long)st->run.computed_blocks);
	summary_explain(s, "nb = ceil(n / B) = ceil(%lld / %lld) = %lld blocks", (long long)n, (long long)B, (long long)nb);
	summary_explain(s, "counted by the stepper; second way: the closed form");
	summary_check_int(s, HOW_FORMULA, st->run.skipped_blocks, st->causal ? nb * (nb - 1) / 2 : 0, "skipped_blocks");
	summary_explain(s, "tiles a causal mask skips whole: %s = %lld", st->causal ? "nb(nb-1)/2" : "none without a mask",
		    (long long)st->run.skipped_blocks);
	summary_explain(s, "counted by the stepper; second way: the closed form");
	for (int i = 0; i < 2; i++) {
		int64_t rn = real_n[i];
		struct traffic a = tiled_naive_traffic_formula(rn, TL_REAL_D);
		/* The lesson's own expression for the naive count: 3nd + 2n^2 + 2n^2 + nd. */
		double lesson_naive = (double)(3 * rn * TL_REAL_D + 4 * rn * rn + rn * TL_REAL_D);
		summary_check_real(s, HOW_FORMULA, (double)(a.reads + a.writes) / 1e6, lesson_naive / 1e6, 1e-9, "naive_mfloats.%lld",
			       (long long)rn);
		summary_explain(s, "millions of floats naive attention moves per head at n = %lld, d = %d:", (long long)rn,
			    TL_REAL_D);
		summary_explain(s, "reads 2nd + 2n^2 + nd plus writes 2n^2 + nd = %lld", (long long)(a.reads + a.writes));
		summary_explain(s, "second way: the lesson's expression 3nd + 2n^2 + 2n^2 + nd");
		for (int j = 0; j < 3; j++) {
			int64_t bs = real_b[j];
			struct traffic b = tiled_traffic_formula(rn, TL_REAL_D, bs, 0);
			double lesson_tiled = (double)(rn * TL_REAL_D + (rn / bs) * 2 * rn * TL_REAL_D + rn * TL_REAL_D);
			summary_check_real(s, HOW_FORMULA, (double)(b.reads + b.writes) / 1e6, lesson_tiled / 1e6, 1e-9,
				       "tiled_mfloats.%lld.%lld", (long long)rn, (long long)bs);
			summary_explain(s, "millions of floats tiled attention moves per head at n = %lld, d = %d, B = %lld:",
				    (long long)rn, TL_REAL_D, (long long)bs);
			summary_explain(s, "nd + ceil(n/B) * 2nd + nd = %lld", (long long)(b.reads + b.writes));
			summary_explain(s, "second way: the lesson's expression nd + (n/B) 2nd + nd");
		}
	}
	for (int i = 0; i < 2; i++) {
		summary_int(s, real_n[i] * real_n[i], "score_buffer_floats.%lld", (long long)real_n[i]);
		summary_explain(s, "the score matrix naive attention stores per head at n = %lld: n^2 = %lld floats",
			    (long long)real_n[i], (long long)(real_n[i] * real_n[i]));
		summary_explain(s, "n = %lld is the lesson's real length (4K and 128K)", (long long)real_n[i]);
		for (int j = 0; j < 3; j++) {
			struct traffic a = tiled_naive_traffic_formula(real_n[i], TL_REAL_D),
				       b = tiled_traffic_formula(real_n[i], TL_REAL_D, real_b[j], 0);
			double ratio = (double)(a.reads + a.writes) / (double)(b.reads + b.writes);
			/* The lesson's approximation 2B/d; the n·d terms it drops cost a few percent at 4K. */
			summary_check_real(s, HOW_FORMULA, ratio, 2.0 * real_b[j] / TL_REAL_D, 0.05 * ratio, "ratio.%lld.%lld",
				       (long long)real_n[i], (long long)real_b[j]);
			summary_explain(s, "naive traffic over tiled traffic at n = %lld, d = %d, B = %lld:", (long long)real_n[i],
				    TL_REAL_D, (long long)real_b[j]);
			summary_explain(s, "(4n^2 + 4nd) / (2nd + 2n^2 d / B) = %lld / %lld = %.6g", (long long)(a.reads + a.writes),
				    (long long)(b.reads + b.writes), ratio);
			summary_explain(s, "second way: the lesson's approximation 4n^2 / (2n^2 d / B) = 2B / d = %.6g, within 5 %%",
				    2.0 * real_b[j] / TL_REAL_D);
		}
	}
	for (int j = 0; j < 3; j++) {
		summary_int(s, real_b[j] * real_b[j], "tile_floats.%lld", (long long)real_b[j]);
		summary_explain(s, "the score tile the tiled kernel keeps in fast memory: B^2 = %lld^2 = %lld floats",
			    (long long)real_b[j], (long long)(real_b[j] * real_b[j]));
	}
}

static void tl_print(const void *vs, FILE *out)
{
	const struct tl_state *st = vs;
	static const int64_t rows[][2] = {{4096, TL_REAL_B}, {131072, TL_REAL_B}, {131072, 64}, {131072, 256}};
	char a[40], b[40];
	fprintf(out, "naive: reads %lld, writes %lld, total %lld\n", (long long)st->naive.reads,
		(long long)st->naive.writes, (long long)(st->naive.reads + st->naive.writes));
	fprintf(out, "tiled: reads %lld, writes %lld, total %lld\n", (long long)st->run.t.reads,
		(long long)st->run.t.writes, (long long)(st->run.t.reads + st->run.t.writes));
	fprintf(out, "max |naive - tiled| = %.1e\n", max_abs_diff(st));
	fprintf(out, "per head, d = %d (floats moved, millions):\n", TL_REAL_D);
	for (int i = 0; i < 4; i++) {
		struct traffic nf = tiled_naive_traffic_formula(rows[i][0], TL_REAL_D);
		struct traffic tf = tiled_traffic_formula(rows[i][0], TL_REAL_D, rows[i][1], 0);
		double naive = (double)(nf.reads + nf.writes), tiled = (double)(tf.reads + tf.writes);
		fmt_thousands(a, sizeof a, rows[i][0] * rows[i][0]);
		fmt_thousands(b, sizeof b, rows[i][1] * rows[i][1]);
		fprintf(out, "n=%6lld block %3lld: naive %8.0f  tiled %8.0f  ratio %.1f  score buffer %s floats, tile %s\n",
			(long long)rows[i][0], (long long)rows[i][1], naive / 1e6, tiled / 1e6, naive / tiled, a, b);
	}
}

static int tl_dump(const void *vs, const char *dir, char *err, size_t errlen)
{
	const struct tl_state *st = vs;
	size_t n = (size_t)st->n, d = (size_t)st->d;
	if (npy_write_f32(dir, "q", st->q, n, d, err, errlen) < 0 || npy_write_f32(dir, "k", st->k, n, d, err, errlen) < 0 ||
	    npy_write_f32(dir, "v", st->v, n, d, err, errlen) < 0 ||
	    npy_write_f32(dir, "o_naive", st->o_naive, n, d, err, errlen) < 0 ||
	    npy_write_f32(dir, "o_tiled", st->o_tiled, n, d, err, errlen) < 0)
		return -1;
	return 0;
}

const struct scene_class scene_tiled = {
	.id = "tiled",
	.params = tl_params,
	.state_size = sizeof(struct tl_state),
	.init = tl_init,
	.fini = tl_fini,
	.nsteps = tl_nsteps,
	.step = tl_step,
	.render = tl_render,
	.summary = tl_summary,
	.print = tl_print,
	.dump = tl_dump,
};
