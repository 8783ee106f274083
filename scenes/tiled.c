/*
 * tiled (lesson Ex. 4): the HBM pane holds Q, K, V and O as blocks; the
 * SRAM pane holds the block pair being worked on, the score tile as a heat
 * map, and each row's running m and l.  Query block 0 is walked one event
 * between the two memories a step; each later query block is one step, its
 * events swept as frames (tween) before its end state, the O block written.
 * The naive kernel runs beside it, for its counters and its output.
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

/* Frames each event of a swept query block shows: 0.4 s an event, at most
 * TL_MAX_FRAMES a block (a long run of key blocks is sampled). */
#define TL_FRAMES 5
#define TL_MAX_FRAMES 60

/* One event of a swept query block, as the picture needs it. */
struct tl_snap {
	enum tiled_event last;
	int qb, kb;
	struct traffic t;
	int64_t computed, skipped;
	double lo, hi;
	float *m, *l, *s;   /* [tile], [tile], [tile][tile] in the pool */
};

struct tl_state {
	int n, d, tile, causal;
	long long seed;
	float *q, *k, *v;          /* [n][d] from java.util.Random(seed).nextGaussian() */
	float *o_naive, *o_tiled;  /* [n][d] */
	float *s;                  /* [n][n] the naive kernel's score matrix */
	struct traffic naive;
	struct tiled_run run;
	int walk;                  /* block 0's events, a step each */
	/* steps taken: block 0's events, one a later block, the closing */
	int taken;
	float m0_before;           /* row 0's m before the last event */
	int64_t reads_before;      /* reads before the last swept block */
	struct tl_snap *snap;      /* its events but the last */
	float *pool;
	int nsnap;
	double diff;               /* max |naive - tiled| once the run is done */
	double tile_lo, tile_hi;   /* the score tile's finite range, for the heat map's scale */
	/* The closing step: one head at the lesson's real size, d = 128, B = 128. */
	struct traffic real_naive, real_tiled;
};

#define TL_REAL_N 131072
#define TL_REAL_D 128
#define TL_REAL_B 128

enum { TL_N, TL_D, TL_TILE, TL_SEED, TL_CAUSAL, TL_NPARAMS };
static const struct param_spec tl_params[TL_NPARAMS + 1] = {
	[TL_N] = {.name = "n", .kind = PARAM_INT, .min = 1, .max = 1024, .help = "tokens (queries = keys)"},
	[TL_D] = {.name = "d", .kind = PARAM_INT, .min = 1, .max = 128, .help = "head dimension"},
	[TL_TILE] = {.name = "tile", .kind = PARAM_INT, .min = 1, .max = TILED_MAX_TILE,
		.help = "block size B (a ragged last block is fine)"},
	[TL_SEED] = {.name = "seed", .kind = PARAM_INT, .min = -9e15, .max = 9e15,
		.help = "java.util.Random seed of Q, K, V"},
	[TL_CAUSAL] = {.name = "causal", .kind = PARAM_INT, .min = 0, .max = 1,
		.help = "1: causal mask, fully masked blocks skipped"},
	[TL_NPARAMS] = {0},
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
	free(st->snap);
	free(st->pool);
}

/* Events of query block b: its load, a load and a tile a key block, its
 * write. */
static int tl_block_events(const struct tiled_run *r, int b)
{
	return 2 + 2 * tiled_kv_blocks_for(b, r->nblocks, r->causal);
}

static void fill_gaussian(struct jrand *r, float *a, size_t count)
{
	for (size_t i = 0; i < count; i++)
		a[i] = (float)jrand_gaussian(r);
}

static int tl_init(void *vs, const struct scene_env *env, char *err, size_t errlen)
{
	struct tl_state *st = vs;
	st->n = (int)params_int(env->p, TL_N);
	st->d = (int)params_int(env->p, TL_D);
	st->tile = (int)params_int(env->p, TL_TILE);
	st->seed = params_int(env->p, TL_SEED);
	st->causal = (int)params_int(env->p, TL_CAUSAL);
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
	st->walk = tl_block_events(&st->run, 0);
	/* the most events a block has: a block with every key block */
	size_t most = (size_t)tl_block_events(&st->run, st->run.nblocks - 1),
	       t = (size_t)st->tile;
	st->snap = calloc(most, sizeof *st->snap);
	st->pool = malloc(sizeof(float) * most * (t * t + 2 * t));
	if (!st->snap || !st->pool) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < most; i++) {
		float *at = st->pool + i * (t * t + 2 * t);
		st->snap[i].m = at;
		st->snap[i].l = at + t;
		st->snap[i].s = at + 2 * t;
	}
	st->real_naive = tiled_naive_traffic_formula(TL_REAL_N, TL_REAL_D);
	st->real_tiled = tiled_traffic_formula(TL_REAL_N, TL_REAL_D, TL_REAL_B, 0);
	return 0;
}

/* Step 0, block 0's events, a step for each later block, the closing step. */
static int tl_nsteps(const void *vs)
{
	const struct tl_state *st = vs;
	return st->walk + st->run.nblocks - 1 + 1;
}

static double max_abs_diff(const struct tl_state *st)
{
	double m = 0;
	for (size_t i = 0; i < (size_t)st->n * st->d; i++)
		m = fmax(m, fabsf(st->o_naive[i] - st->o_tiled[i]));
	return m;
}

/* One event of the run, the score tile's range kept for the heat map. */
static void tl_event(struct tl_state *st)
{
	const struct tiled_run *r = &st->run;
	st->m0_before = r->m[0];
	tiled_step(&st->run);
	st->tile_lo = INFINITY, st->tile_hi = -INFINITY;
	int rows = tiled_block_rows(r, r->qb),
	    cols = r->kb >= 0 ? tiled_block_rows(r, r->kb) : 0;
	for (int i = 0; i < rows; i++)
		for (int j = 0; j < cols; j++) {
			float x = r->s_tile[i * r->tile + j];
			if (isfinite(x))
				st->tile_lo = fmin(st->tile_lo, x),
				st->tile_hi = fmax(st->tile_hi, x);
		}
}

/* The picture of the event just done, for the frames of a swept block. */
static void tl_snap_take(struct tl_state *st, struct tl_snap *sn)
{
	const struct tiled_run *r = &st->run;
	size_t t = (size_t)r->tile;
	sn->last = r->last, sn->qb = r->qb, sn->kb = r->kb, sn->t = r->t;
	sn->computed = r->computed_blocks, sn->skipped = r->skipped_blocks;
	sn->lo = st->tile_lo, sn->hi = st->tile_hi;
	memcpy(sn->m, r->m, sizeof(float) * t);
	memcpy(sn->l, r->l, sizeof(float) * t);
	memcpy(sn->s, r->s_tile, sizeof(float) * t * t);
}

static void tl_step(void *vs)
{
	struct tl_state *st = vs;
	const struct tiled_run *r = &st->run;
	int nb = r->nblocks;
	int swept = st->taken >= st->walk && st->taken < st->walk + nb - 1;
	if (st->taken < st->walk)
		tl_event(st);
	else if (swept) {   /* a whole block, its events kept for the frames */
		int ev = tl_block_events(r, r->qb + 1);
		st->reads_before = r->t.reads;
		for (int i = 0; i < ev; i++) {
			tl_event(st);
			if (i < ev - 1)
				tl_snap_take(st, &st->snap[i]);
		}
		st->nsnap = ev - 1;
	}
	/* once, when the last O block is written */
	if ((st->taken < st->walk || swept) && r->last == TILED_WRITE_O &&
	    r->qb == nb - 1)
		st->diff = max_abs_diff(st);
	st->taken++;
}

/* The frames into step k: a swept block's events but its last, TL_FRAMES
 * each (at most TL_MAX_FRAMES in all); none for the other steps. */
static int tl_tween(const void *vs, int k)
{
	const struct tl_state *st = vs;
	if (k <= st->walk || k > st->walk + st->run.nblocks - 1)
		return 0;
	int shown = tl_block_events(&st->run, k - st->walk) - 1;
	int frames = shown * TL_FRAMES;
	return frames < TL_MAX_FRAMES ? frames : TL_MAX_FRAMES;
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
	if (tt < nt)
		canvas_printf(c, 2, 3, ROLE_OK, "tiled: %.2f× fewer", (double)nt / (double)tt);
	else
		canvas_printf(c, 2, 3, ROLE_HOT, "tiled: %.2f× MORE", (double)tt / (double)nt);
	canvas_printf(c, 2, 4, ROLE_OK, "max |naive − tiled| = %.1e", st->diff);
	/* the lesson's real size has no mask: said so when this run has one */
	canvas_printf(c, 0, 6, ROLE_LABEL, "real size: n %d, d %d, B %d%s", TL_REAL_N, TL_REAL_D, TL_REAL_B,
		      st->causal ? ", no mask" : "");
	canvas_printf(c, 2, 7, ROLE_NORMAL, "naive %.0f M floats", rn / 1e6);
	canvas_printf(c, 2, 8, ROLE_NORMAL, "tiled %.0f M floats", rt / 1e6);
	canvas_printf(c, 2, 9, ROLE_ACCENT, "ratio %.2f  (lesson: about 2B/d = %d)", (double)rn / (double)rt,
		      2 * TL_REAL_B / TL_REAL_D);
	struct canvas *s = v->side;
	canvas_text(s, 0, 0, ROLE_LABEL, "real size: naive S");
	canvas_printf(s, 0, 1, ROLE_NORMAL, "n² = %lld floats", (long long)TL_REAL_N * TL_REAL_N);
	canvas_text(s, 0, 3, ROLE_LABEL, "tiled SRAM tile");
	canvas_printf(s, 0, 4, ROLE_NORMAL, "B² = %d floats", TL_REAL_B * TL_REAL_B);
	/* What this run's counters say first: with B below about d/2 the K and V
	 * re-reads outweigh S and P, and tiled moves more than naive. */
	char run[320];
	if (tt < nt)
		snprintf(run, sizeof run, "This run: tiled moved %lld floats, %.2f× fewer than naive's %lld", tt,
			 (double)nt / (double)tt, nt);
	else
		snprintf(run, sizeof run, "This run: tiled moved %lld floats, %.2f× MORE than naive's %lld (%d query "
			 "blocks, each reads K, V)", tt, (double)tt / (double)nt, nt, st->run.nblocks);
	snprintf(v->narration, VIEW_NARRATION,
		 "%s; outputs agree to %.1e. At the real size (n %d, B %d%s) tiled moves %.2f× fewer, and S "
		 "never exists.",
		 run, st->diff, TL_REAL_N, TL_REAL_B, st->causal ? ", the lesson's, no mask" : "", (double)rn / (double)rt);
}

/* What the picture draws: the run at the step, or during the sweep into a
 * swept block's step one of its events. */
struct tl_look {
	struct tiled_run r;
	double lo, hi;   /* the score tile's finite range */
};

static void tl_look_at(const struct tl_state *st, const struct view *v,
		       struct tl_look *lk)
{
	lk->r = st->run;
	lk->lo = st->tile_lo, lk->hi = st->tile_hi;
	int n = v->frames - 1;
	if (view_progress(v) >= 1 || st->nsnap < 1 || n < 1 ||
	    st->taken <= st->walk)
		return;
	const struct tl_snap *sn = &st->snap[(v->frame - 1) * st->nsnap / n];
	lk->r.last = sn->last, lk->r.qb = sn->qb, lk->r.kb = sn->kb;
	lk->r.t = sn->t;
	lk->r.computed_blocks = sn->computed;
	lk->r.skipped_blocks = sn->skipped;
	lk->r.m = sn->m, lk->r.l = sn->l, lk->r.s_tile = sn->s;
	lk->lo = sn->lo, lk->hi = sn->hi;
}

/* The HBM blocks on screen: all of them, or when they outnumber the rows a
 * window of consecutive blocks around the one this event moved, with a line
 * above and below for the blocks left out ("+N more above/below"). */
struct hbm_window {
	int first, vis;   /* blocks first .. first + vis - 1 drawn */
	int y0;           /* the screen row of block `first` */
	int marks;        /* 1: the window has mark lines above and below */
};

static struct hbm_window hbm_window(const struct tiled_run *r, int y0, int rows)
{
	struct hbm_window w = {.first = 0, .vis = r->nblocks, .y0 = y0, .marks = 0};
	if (r->nblocks <= rows)
		return w;
	int focus = r->last == TILED_LOAD_KV || r->last == TILED_COMPUTE ? r->kb : r->qb;
	w.marks = 1;
	w.vis = rows > 3 ? rows - 2 : 1;
	w.y0 = y0 + 1;
	w.first = focus - w.vis / 2;
	if (w.first > r->nblocks - w.vis)
		w.first = r->nblocks - w.vis;
	if (w.first < 0)
		w.first = 0;
	return w;
}

/* The screen row of block b, or -1 when the window leaves it out. */
static int hbm_row(const struct hbm_window *w, int b)
{
	return b >= w->first && b < w->first + w->vis ? w->y0 + b - w->first : -1;
}

/* bw: block width in columns (narrower on a small screen).  Every block row
 * drawn carries its number; the blocks left out are counted. */
static void draw_hbm(const struct tl_look *lk, struct canvas *c, int x0,
		     const struct hbm_window *w, int bw)
{
	const struct tiled_run *r = &lk->r;
	static const char *const names[] = {"Q", "K", "V", "O"};
	int nb = r->nblocks;
	canvas_text(c, x0, 0, ROLE_HBM, "HBM (slow)");
	for (int col = 0; col < 4; col++)
		canvas_text(c, x0 + bw / 2 + col * (bw + 1), 1, ROLE_LABEL, names[col]);
	if (w->marks && w->first > 0)
		canvas_printf(c, x0, w->y0 - 1, ROLE_DIM, "+%d more above", w->first);
	if (w->marks && w->first + w->vis < nb)
		canvas_printf(c, x0, w->y0 + w->vis, ROLE_DIM, "+%d more below", nb - w->first - w->vis);
	for (int b = w->first; b < w->first + w->vis; b++) {
		int y = hbm_row(w, b);
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
		canvas_printf(c, x0 + 4 * (bw + 1), y, ROLE_DIM, "%d", b);
	}
}

/* Sets *shown_r x *shown_c to the cells the score tile got (fewer than its
 * rows and columns on a small screen: then it is sampled). */
static void draw_sram(const struct tl_look *lk, struct canvas *c, int x0,
		      int y0, int w, int h, int *shown_r, int *shown_c)
{
	const struct tiled_run *r = &lk->r;
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
	/* The heat map takes what the m and l columns (15 wide) leave; they
	 * stand where a full block's map ends, also while no key block is in
	 * SRAM (they once moved two columns at every query block's load). */
	int full_c = r->tile < r->n ? r->tile : r->n;
	int show_r = rows < h - 3 ? rows : h - 3, show_c = cols < w - 16 ? cols : w - 16;
	int layout_c = full_c < w - 16 ? full_c : w - 16;   /* a blank column before the pane's edge */
	if (show_c > 32)
		show_c = 32;
	if (layout_c > 32)
		layout_c = 32;
	canvas_text(c, x0, y0 + 2, ROLE_LABEL, "score tile");
	*shown_r = show_r, *shown_c = show_c;
	if (r->kb >= 0 && show_r > 0 && show_c > 0) {
		double lo = lk->lo, hi = lk->hi;
		static const uint32_t glyph[4] = {GLYPH_LIGHT, GLYPH_MEDIUM, GLYPH_DARK, GLYPH_FULL};
		for (int y = 0; y < show_r; y++)
			for (int x = 0; x < show_c; x++) {
				int i = y * rows / show_r, j = x * cols / show_c;
				float v = r->s_tile[i * r->tile + j];
				/* Just loaded, the tile holds the last block's scores: the
				 * mask comes from the positions (a block below the diagonal
				 * once showed the diagonal's triangle). */
				if (r->last == TILED_LOAD_KV) {
					int masked = r->causal && r->kb * r->tile + j > r->qb * r->tile + i;
					canvas_put(c, x0 + x, y0 + 3 + y, masked ? ' ' : GLYPH_DOT, ROLE_DIM);
					continue;
				}
				if (!isfinite(v)) {
					canvas_put(c, x0 + x, y0 + 3 + y, ' ', ROLE_DIM);
					continue;
				}
				int lvl = hi > lo ? (int)((v - lo) / (hi - lo) * 3.999) : 3;
				canvas_put(c, x0 + x, y0 + 3 + y, glyph[lvl], (enum role)(ROLE_HEAT1 + lvl));
			}
	}
	int mx = x0 + (layout_c > 10 ? layout_c : 10) + 1;
	canvas_text(c, mx, y0 + 2, ROLE_LABEL, "   m       l");
	for (int i = 0; i < show_r; i++) {
		int row = i * rows / show_r;
		if (isinf(r->m[row]))
			canvas_text(c, mx, y0 + 3 + i, ROLE_DIM, "  −∞      0");
		else
			canvas_printf(c, mx, y0 + 3 + i, ROLE_NORMAL, "%6.3f %7.3f", r->m[row], r->l[row]);
	}
}

/* The heat map's legend from row y of the side pane: the glyphs in their
 * roles, the scale they stand for, and what the cells that are not shaded mean. */
static void draw_heat_legend(const struct tl_look *lk, struct canvas *s, int y)
{
	static const uint32_t glyph[4] = {GLYPH_LIGHT, GLYPH_MEDIUM, GLYPH_DARK, GLYPH_FULL};
	const struct tiled_run *r = &lk->r;
	for (int i = 0; i < 4; i++)
		canvas_put(s, i, y, glyph[i], (enum role)(ROLE_HEAT1 + i));
	canvas_text(s, 5, y, ROLE_LABEL, "score: low → high");
	if (r->last == TILED_LOAD_KV)
		canvas_text(s, 0, y + 1, ROLE_DIM, "· loaded, not scored yet");
	else if (isfinite(lk->lo))
		canvas_printf(s, 0, y + 1, ROLE_NORMAL, "from %#.3g to %#.3g",
			      lk->lo, lk->hi);
	if (r->causal)
		canvas_text(s, 0, y + 2, ROLE_DIM, "blank: masked (−∞)");
}

/* The picture and the state pane of an event (the step's, or one swept
 * into it). */
static void tl_draw(const struct tl_state *st, const struct tl_look *lk,
		    struct view *v)
{
	const struct tiled_run *r = &lk->r;
	struct canvas *c = v->pic;
	/* Blocks bw columns wide; on a narrow pane, 3- and 4-digit block numbers
	 * (and the arrow naming one) take what narrower blocks give up, so the
	 * SRAM pane keeps its width. */
	int lw = snprintf(NULL, 0, "%d", r->nblocks - 1);
	if (lw < 2)
		lw = 2;   /* one- and two-digit numbers share a layout */
	int rows = c->h - 2, bw = c->w >= 60 ? 3 : lw > 2 ? 1 : 2;
	struct hbm_window w = hbm_window(r, 2, rows > 1 ? rows : 1);
	draw_hbm(lk, c, 0, &w, bw);
	/* The arrow between the memories says which way this event moved data;
	 * it starts after the widest block number and fits before the divider. */
	int ax = 4 * (bw + 1) + lw + 1, aw = 4 + lw;
	if (r->last == TILED_LOAD_Q)
		canvas_printf(c, ax, hbm_row(&w, r->qb), ROLE_HOT, "─Q%d─▶", r->qb);
	else if (r->last == TILED_LOAD_KV)
		canvas_printf(c, ax, hbm_row(&w, r->kb), ROLE_HOT, "─KV%d▶", r->kb);
	else if (r->last == TILED_WRITE_O)
		canvas_printf(c, ax, hbm_row(&w, r->qb), ROLE_OK, "◀─O%d─", r->qb);
	canvas_vline(c, ax + aw, 0, c->h, GLYPH_VLINE, ROLE_DIM);
	int shown_r, shown_c;
	draw_sram(lk, c, ax + aw + 2, 0, c->w - ax - aw - 2, c->h, &shown_r,
		  &shown_c);

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
	if (!canvas_printf_whole(s, 0, 9, ROLE_DIM, "naive S,P: %lld floats", (long long)st->n * st->n))
		canvas_printf(s, 0, 9, ROLE_DIM, "naive S,P: %lld", (long long)st->n * st->n);
	int tr = r->kb >= 0 ? tiled_block_rows(r, r->qb) : 0, tc = r->kb >= 0 ? tiled_block_rows(r, r->kb) : 0;
	if (r->kb >= 0 && shown_r > 0 && shown_c > 0) {
		if (shown_r < tr || shown_c < tc)
			canvas_printf(s, 0, 10, ROLE_DIM, "tile %d×%d sampled %d×%d", tr, tc, shown_r, shown_c);
		draw_heat_legend(lk, s, 11);
	}
}

/* Block 0's key block events, each saying something the one before did
 * not: the first load and tile, a load that replaces the one before, the
 * max rising (a rescale) or not, the last key block. */
static int tl_narrate_kv(const struct tl_state *st, struct view *v)
{
	const struct tiled_run *r = &st->run;
	int nkv = tiled_kv_blocks_for(r->qb, r->nblocks, r->causal), j = r->kb;
	int rows_q = tiled_block_rows(r, r->qb),
	    kv = 2 * tiled_block_rows(r, j) * st->d;
	int keys = (j + 1) * st->tile < st->n ? (j + 1) * st->tile : st->n;
	if (j == 0)
		return 0;   /* the first of each: said as any block's is */
	if (r->last == TILED_LOAD_KV && j == nkv - 1)
		snprintf(v->narration, VIEW_NARRATION,
			 "The last key/value block, %d, streams past Q[%d] "
			 "(%d floats): with it Q[%d] has read all %d keys and "
			 "values once, %lld floats, and each later query "
			 "block reads them all again.",
			 j, r->qb, kv, r->qb, keys,
			 (long long)2 * keys * st->d);
	else if (r->last == TILED_LOAD_KV && j == 1)
		snprintf(v->narration, VIEW_NARRATION,
			 "K[1] and V[1] (%d floats) take the place of K[0] "
			 "and V[0] in SRAM: the old tile is dropped, and only "
			 "m, l and acc (%d + %d + %d floats) carry what it "
			 "said.",
			 kv, rows_q, rows_q, rows_q * st->d);
	else if (r->last == TILED_LOAD_KV)
		snprintf(v->narration, VIEW_NARRATION,
			 "Key/value block %d streams past Q[%d] (%d floats): "
			 "%d of %d key blocks seen, and SRAM still holds one "
			 "tile, B² = %d floats, however large n grows.",
			 j, r->qb, kv, j + 1, nkv, st->tile * st->tile);
	else if (j == nkv - 1)
		snprintf(v->narration, VIEW_NARRATION,
			 "Score tile Q[%d]·K[%d]ᵀ, the block's last: row 0 has "
			 "now seen all %d keys, so l = %.3f is its whole "
			 "softmax sum and acc / l its output.",
			 r->qb, j, keys, r->l[0]);
	else if (r->m[0] > st->m0_before)
		snprintf(v->narration, VIEW_NARRATION,
			 "Score tile Q[%d]·K[%d]ᵀ: row 0's max rises from %.3f "
			 "to %.3f, so its l and acc are first scaled by "
			 "exp(%.3f − %.3f) = %.3f, then the tile's terms are "
			 "added: l = %.3f. Each row does the same with its "
			 "own max.",
			 r->qb, j, st->m0_before, r->m[0], st->m0_before,
			 r->m[0], exp((double)st->m0_before - r->m[0]),
			 r->l[0]);
	else
		snprintf(v->narration, VIEW_NARRATION,
			 "Score tile Q[%d]·K[%d]ᵀ: row 0's max stays %.3f, so "
			 "nothing is rescaled: the tile's exp(x − m) just add "
			 "to l, now %.3f.",
			 r->qb, j, r->m[0], r->l[0]);
	return 1;
}

/* A swept query block's step: the first says it is the same pass and the
 * traffic adds up, those between what the re-reads cost, the last the
 * totals against naive's. */
static void tl_narrate_block(const struct tl_state *st, struct view *v)
{
	const struct tiled_run *r = &st->run;
	int b = r->qb, nkv = tiled_kv_blocks_for(b, r->nblocks, r->causal);
	long long block = (long long)(r->t.reads - st->reads_before);
	long long kv = block - (long long)tiled_block_rows(r, b) * st->d;
	long long q = (long long)st->n * st->d;
	long long reads = (long long)r->t.reads;
	long long writes = (long long)r->t.writes;
	char kvs[40];
	if (nkv == 1)
		snprintf(kvs, sizeof kvs, "K/V block 0");
	else
		snprintf(kvs, sizeof kvs, "K/V blocks 0 to %d", nkv - 1);
	/* K and V as the lesson counts them: once a query block, 4 × 1024 */
	char kvr[64];
	if (r->causal)
		snprintf(kvr, sizeof kvr, "up to each diagonal, %lld",
			 reads - q);
	else
		snprintf(kvr, sizeof kvr, "%d × %lld", r->nblocks,
			 (reads - q) / r->nblocks);
	if (b == r->nblocks - 1)
		snprintf(v->narration, VIEW_NARRATION,
			 "Query block %d, the last pass: every O block is "
			 "written. Tiled read %lld floats (Q once, %lld; K "
			 "and V %s) and wrote only O, %lld; naive read %lld "
			 "and wrote %lld (S, P and O).",
			 b, reads, q, kvr, writes, (long long)st->naive.reads,
			 (long long)st->naive.writes);
	else if (b == 1)
		snprintf(v->narration, VIEW_NARRATION,
			 "Query block 1 takes the same pass, swept: Q[1] in, "
			 "%s past it, each score tile folded into m, l and "
			 "acc, then O[1] out. The traffic adds up: Q[1] and "
			 "its keys and values read, %lld more reads, %lld so "
			 "far.",
			 kvs, block, reads);
	else
		snprintf(v->narration, VIEW_NARRATION,
			 "Query block %d: one more pass over %s (%lld "
			 "floats). Each of the %d query blocks reads %s again, "
			 "the price of never storing S's %lld scores. So far: "
			 "%lld reads, %lld writes.",
			 b, kvs, kv, r->nblocks,
			 r->causal ? "the keys up to its diagonal"
				   : "every key and value",
			 (long long)st->n * st->n, reads, writes);
}

static void tl_render(const void *vs, struct view *v)
{
	const struct tl_state *st = vs;
	const struct tiled_run *r = &st->run;
	if (st->taken > st->walk + r->nblocks - 1) {
		tl_render_closing(st, v);
		return;
	}
	struct tl_look lk;
	tl_look_at(st, v, &lk);
	tl_draw(st, &lk, v);
	if (st->taken > st->walk) {
		tl_narrate_block(st, v);
		return;
	}
	if ((r->last == TILED_LOAD_KV || r->last == TILED_COMPUTE) &&
	    tl_narrate_kv(st, v))
		return;
	int rows_q = tiled_block_rows(r, r->qb);
	switch (r->last) {
	case TILED_START:
		snprintf(v->narration, VIEW_NARRATION,
			 "Q, K and V (%d×%d each, the lesson's seeded numbers, seed %lld) sit in HBM. The naive kernel already ran: "
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

/* Which of the inputs n, d, B a count uses. */
enum { TL_IN_N = 1, TL_IN_D = 2, TL_IN_B = 4 };

/* The inputs of a count at the scene's parameters. */
static void tl_in_params(struct summary *s, const struct tl_state *st, int which)
{
	if (which & TL_IN_N)
		summary_input(s, "n", st->n, "parameter n (tokens, queries = keys)");
	if (which & TL_IN_D)
		summary_input(s, "d", st->d, "parameter d (head size)");
	if (which & TL_IN_B)
		summary_input(s, "B", st->tile, "parameter tile (rows a block)");
}

/* The inputs of a count at the lesson's real size, one head (B: 0 for none). */
static void tl_in_real(struct summary *s, int64_t n, int which, int64_t B)
{
	if (which & TL_IN_N)
		summary_input(s, "n", (double)n, "the lesson's real length (4K and 128K)");
	if (which & TL_IN_D)
		summary_input(s, "d", TL_REAL_D, "the lesson's real head size");
	if (which & TL_IN_B)
		summary_input(s, "B", (double)B, "the lesson's block size (64, 128, 256)");
}

/* Key rows the tiled kernel reads a K and V row of: every key per query
 * block, or on a causal run the blocks up to the diagonal (B rows each, all
 * earlier blocks' and its own, the last block possibly short: nb(nb-1)/2·B + n). */
#define TL_KV_ROWS "ceil(n / B) * n"
#define TL_KV_ROWS_CAUSAL "(B * ceil(n / B) * (ceil(n / B) - 1) / 2 + n)"

static void tl_summary(const void *vs, struct summary *s)
{
	const struct tl_state *st = vs;
	char f[256];
	const char *kv_rows = st->causal ? TL_KV_ROWS_CAUSAL : TL_KV_ROWS;
	/* The kernels count every float they move; the closed forms are written out here. */
	summary_int(s, st->naive.reads, "naive_reads");
	summary_words(s, "floats the naive kernel reads from slow memory: Q and K, then S back, then P and V (counted: "
		      "the kernel adds up every float it loads)");
	tl_in_params(s, st, TL_IN_N | TL_IN_D);
	summary_formula(s, 0, "2 * n * d + n^2 + n^2 + n * d");
	summary_int(s, st->naive.writes, "naive_writes");
	summary_words(s, "floats the naive kernel writes: S, P and the output O (counted by the kernel)");
	tl_in_params(s, st, TL_IN_N | TL_IN_D);
	summary_formula(s, 0, "n^2 + n^2 + n * d");
	summary_int(s, st->run.t.reads, "tiled_reads");
	summary_words(s, "floats the tiled kernel reads: Q once, K and V %s (counted event by event as the stepper moves "
		      "blocks)", st->causal ? "blocks up to the diagonal per query block" : "once per query block");
	tl_in_params(s, st, TL_IN_N | TL_IN_D | TL_IN_B);
	snprintf(f, sizeof f, "n * d + 2 * d * %s", kv_rows);
	summary_formula(s, 0, f);
	summary_int(s, st->run.t.writes, "tiled_writes");
	summary_words(s, "floats the tiled kernel writes: only the output O (counted by the stepper)");
	tl_in_params(s, st, TL_IN_N | TL_IN_D);
	summary_formula(s, 0, "n * d");
	summary_int(s, st->naive.reads + st->naive.writes, "naive_total");
	summary_words(s, "all floats the naive kernel moves: its reads and writes counted above");
	tl_in_params(s, st, TL_IN_N | TL_IN_D);
	summary_formula(s, 0, "4 * n * d + 4 * n^2");
	summary_int(s, st->run.t.reads + st->run.t.writes, "tiled_total");
	summary_words(s, "all floats the tiled kernel moves: its reads and writes counted above");
	tl_in_params(s, st, TL_IN_N | TL_IN_D | TL_IN_B);
	snprintf(f, sizeof f, "n * d + 2 * d * %s + n * d", kv_rows);
	summary_formula(s, 0, f);
	summary_check_real(s, HOW_REFERENCE, max_abs_diff(st), 0, 1e-5, "max_abs_diff");
	summary_words(s, "the largest |naive - tiled| over all n × d outputs");
	tl_in_params(s, st, TL_IN_N | TL_IN_D | TL_IN_B);
	summary_input(s, "seed", (double)st->seed, "parameter seed: Q, K, V from java.util.Random(seed).nextGaussian() "
		      "(the lesson's 42)");
	summary_explain(s, "second way: the naive kernel is the reference; the two may differ by float rounding (< 1e-5)");
	summary_int(s, st->run.computed_blocks, "computed_blocks");
	summary_words(s, "score tiles computed, of ceil(n / B) blocks a side: %s (counted by the stepper)",
		      st->causal ? "those up to the diagonal" : "all");
	tl_in_params(s, st, TL_IN_N | TL_IN_B);
	summary_formula(s, 0, st->causal ? "ceil(n / B) * (ceil(n / B) + 1) / 2" : "ceil(n / B)^2");
	summary_int(s, st->run.skipped_blocks, "skipped_blocks");
	summary_words(s, "score tiles a causal mask skips whole, those above the diagonal (counted by the stepper)");
	tl_in_params(s, st, TL_IN_N | TL_IN_B);
	summary_input(s, "causal", st->causal, "parameter causal (1: a causal mask)");
	summary_formula(s, 0, "causal * ceil(n / B) * (ceil(n / B) - 1) / 2");
	for (int i = 0; i < 2; i++) {
		int64_t rn = real_n[i];
		struct traffic a = tiled_naive_traffic_formula(rn, TL_REAL_D);
		summary_real(s, (double)(a.reads + a.writes) / 1e6, "naive_mfloats.%lld", (long long)rn);
		summary_words(s, "millions of floats naive attention moves per head at n = %lld, d = %d: reads 2nd + 2n^2 + "
			      "nd plus writes 2n^2 + nd", (long long)rn, TL_REAL_D);
		tl_in_real(s, rn, TL_IN_N | TL_IN_D, 0);
		summary_formula(s, 1e-9, "(3 * n * d + 2 * n^2 + 2 * n^2 + n * d) / 1e6");
		summary_explain(s, "second way: the lesson's expression 3nd + 2n^2 + 2n^2 + nd");
		for (int j = 0; j < 3; j++) {
			int64_t bs = real_b[j];
			struct traffic b = tiled_traffic_formula(rn, TL_REAL_D, bs, 0);
			summary_real(s, (double)(b.reads + b.writes) / 1e6, "tiled_mfloats.%lld.%lld", (long long)rn,
				     (long long)bs);
			summary_words(s, "millions of floats tiled attention moves per head at n = %lld, d = %d, B = %lld: "
				      "Q read once, K and V once per query block, O written once", (long long)rn, TL_REAL_D, (long long)bs);
			tl_in_real(s, rn, TL_IN_N | TL_IN_D | TL_IN_B, bs);
			summary_formula(s, 1e-9, "(n * d + floor(n / B) * 2 * n * d + n * d) / 1e6");
			summary_explain(s, "second way: the lesson's expression nd + (n/B) 2nd + nd");
		}
	}
	for (int i = 0; i < 2; i++) {
		summary_int(s, real_n[i] * real_n[i], "score_buffer_floats.%lld", (long long)real_n[i]);
		summary_words(s, "the score matrix naive attention stores per head at n = %lld: n^2 floats",
			      (long long)real_n[i]);
		tl_in_real(s, real_n[i], TL_IN_N, 0);
		for (int j = 0; j < 3; j++) {
			struct traffic a = tiled_naive_traffic_formula(real_n[i], TL_REAL_D),
				       b = tiled_traffic_formula(real_n[i], TL_REAL_D, real_b[j], 0);
			double ratio = (double)(a.reads + a.writes) / (double)(b.reads + b.writes);
			summary_real(s, ratio, "ratio.%lld.%lld", (long long)real_n[i], (long long)real_b[j]);
			summary_words(s, "naive traffic over tiled traffic at n = %lld, d = %d, B = %lld: (4n^2 + 4nd) / (2nd + "
				      "2n^2 d / B)", (long long)real_n[i], TL_REAL_D, (long long)real_b[j]);
			tl_in_real(s, real_n[i], TL_IN_D | TL_IN_B, real_b[j]);
			/* The lesson's approximation 2B/d; the n·d terms it drops cost a few percent at 4K. */
			summary_formula(s, 0.05 * ratio, "2 * B / d");
			summary_explain(s, "second way: the lesson's approximation 4n^2 / (2n^2 d / B) = 2B / d, which drops the "
				       "n·d terms: within 5 %%");
		}
	}
	for (int j = 0; j < 3; j++) {
		summary_int(s, real_b[j] * real_b[j], "tile_floats.%lld", (long long)real_b[j]);
		summary_words(s, "the score tile the tiled kernel keeps in fast memory: B^2 floats");
		summary_input(s, "B", (double)real_b[j], "the lesson's block size (64, 128, 256)");
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
	.nparams = TL_NPARAMS,
	.state_size = sizeof(struct tl_state),
	.init = tl_init,
	.fini = tl_fini,
	.nsteps = tl_nsteps,
	.step = tl_step,
	.render = tl_render,
	.summary = tl_summary,
	.print = tl_print,
	.dump = tl_dump,
	.tween = tl_tween,
};
