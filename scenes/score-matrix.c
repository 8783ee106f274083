/*
 * score-matrix (lesson Ex. 1): the n×n score grid of one head, growing with
 * each context length, and what storing it costs for the loaded model's
 * heads and layers.  Steps: one per length, then the -ub slice, then the
 * decode row.
 */
#include <math.h>
#include <string.h>

#include "glyph.h"
#include "size/size.h"
#include "scene/scene.h"
#include "scenes/lib/common.h"
#include "scenes/lib/closed_form.h"

#define SM_MAX 16

struct sm_size {
	int64_t n, per_head, layer, traffic, model;
};

struct sm_state {
	int count;
	struct sm_size sz[SM_MAX];
	int64_t heads, layers, bps, ubatch, n_max;
	int64_t ubatch_slice, decode_row;
	char model_name[128];
	char heads_from[96];      /* where the model's head count came from */
	char layers_from[160];    /* where the attention-layer count came from */
};

enum { SM_CTX, SM_BYTES_PER_SCORE, SM_UBATCH, SM_NPARAMS };
static const struct param_spec sm_params[SM_NPARAMS + 1] = {
	[SM_CTX] = {.name = "ctx", .kind = PARAM_INTS, .min = 1, .max = 1 << 22, .max_count = SM_MAX,
		.help = "context lengths"},
	[SM_BYTES_PER_SCORE] = {.name = "bytes_per_score", .kind = PARAM_INT, .min = 1, .max = 8,
		.help = "bytes per stored score (4 = FP32)"},
	[SM_UBATCH] = {.name = "ubatch", .kind = PARAM_INT, .min = 1, .max = 1 << 20,
		.help = "llama.cpp -ub micro-batch"},
	[SM_NPARAMS] = {0},
};

static int sm_init(void *vs, const struct scene_env *env, char *err, size_t errlen)
{
	struct sm_state *st = vs;
	const double *ctx = params_list(env->p, SM_CTX, &st->count);
	st->heads = env->model->heads;
	st->bps = params_int(env->p, SM_BYTES_PER_SCORE);
	st->ubatch = params_int(env->p, SM_UBATCH);
	snprintf(st->model_name, sizeof st->model_name, "%s", env->model->name);
	cf_origin(env->model, MF_HEADS, st->heads_from, sizeof st->heads_from);
	/* Layers that attend (a layer without KV heads, e.g. a recurrent one, has no scores). */
	st->layers = 0;
	for (int64_t il = 0; il < env->model->layers; il++)
		st->layers += env->model->layer_kv_heads[il] > 0;
	if (st->layers == env->model->layers)
		cf_origin(env->model, MF_LAYERS, st->layers_from, sizeof st->layers_from);
	else
		snprintf(st->layers_from, sizeof st->layers_from, "layers that attend: [model] kv_heads not 0 (%lld of %lld)",
			 (long long)st->layers, (long long)env->model->layers);
	for (int i = 0; i < st->count; i++) {
		struct sm_size *z = &st->sz[i];
		z->n = (int64_t)ctx[i];
		/* n×n scores per head; the layer's S for all heads (size.c); 4 passes (write and read S
		 * and P, the lesson's count); all layers. */
		z->per_head = size_scores_bytes(z->n, z->n, 1, 1);
		z->layer = size_scores_bytes(z->n, z->n, st->heads, st->bps);
		if (z->per_head < 0 || z->layer < 0 || __builtin_mul_overflow(z->layer, 4, &z->traffic) ||
		    __builtin_mul_overflow(z->traffic, st->layers, &z->model)) {
			snprintf(err, errlen, "ctx: %lld gives sizes past 64-bit arithmetic for this model", (long long)z->n);
			return -1;
		}
		if (z->n > st->n_max)
			st->n_max = z->n;
	}
	/* A micro-batch's slice: ubatch queries against every key; decode: one query. */
	st->ubatch_slice = size_scores_bytes(st->ubatch, st->n_max, st->heads, st->bps);
	st->decode_row = size_scores_bytes(1, st->n_max, st->heads, st->bps);
	if (st->ubatch_slice < 0) {
		snprintf(err, errlen, "ubatch: the slice overflows 64-bit arithmetic");
		return -1;
	}
	return 0;
}

static int sm_nsteps(const void *vs)
{
	return ((const struct sm_state *)vs)->count + 2;
}

/* Bytes in at most 10 columns, in the lesson's units: GiB from 1 GiB up
 * to 999999 GiB (its table prints 1024, 16384 and 262144 GiB), a larger
 * unit only past that, a smaller one below 1 GiB ("16 MiB").  A whole
 * number is printed whole (the lesson's "2 GiB"), else three significant
 * digits. */
static void fmt_unit(char *buf, size_t len, double bytes, const char *sep)
{
	static const char *const unit[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
	int u = 0;
	while (bytes >= 1024 && u < 6 && (u < 3 || bytes >= 1e6 * 1024))
		bytes /= 1024, u++;
	if (u == 0 || bytes >= 100 || bytes == floor(bytes))
		snprintf(buf, len, "%.0f%s%s", bytes, sep, unit[u]);
	else
		snprintf(buf, len, "%.*f%s%s", bytes >= 10 ? 1 : 2, bytes, sep, unit[u]);
}

static void fmt_short(char *buf, size_t len, double bytes)
{
	fmt_unit(buf, len, bytes, " ");
}

/* The same in narration: a no-break space keeps the number on its unit's row when it wraps. */
static void fmt_words(char *buf, size_t len, double bytes)
{
	fmt_unit(buf, len, bytes, "\u00a0");
}

/* A ratio as the lesson says it: "4", "1024", else three digits. */
static void fmt_ratio(char *buf, size_t len, double r)
{
	if (r == floor(r) && r < 1e15)
		snprintf(buf, len, "%.0f", r);
	else
		snprintf(buf, len, "%.3g", r);
}

/* The side of the grid's n×n square, in keys: the largest n shown so far
 * (so each new length fills the grid and the ones before shrink to their
 * true share: 4096's square is a quarter of 8192's), all of them for the
 * slice and the decode row. */
static int64_t sm_scale(const struct sm_state *st, int step)
{
	int64_t n = 1;
	for (int i = 0; i < step && i < st->count; i++)
		if (st->sz[i].n > n)
			n = st->sz[i].n;
	return step > st->count ? st->n_max : n;
}

/* The squares drawn, largest first: indices into sz of the lengths shown. */
static int sm_order(const struct sm_state *st, int shown, int *idx)
{
	for (int i = 0; i < shown; i++) {
		int j = i;
		while (j > 0 && st->sz[idx[j - 1]].n < st->sz[i].n) {
			idx[j] = idx[j - 1];
			j--;
		}
		idx[j] = i;
	}
	return shown;
}

/* How a square is drawn: the largest ▓, the smaller ones inside it ▒ and
 * ░ in turn (each apart from the one around it without colour, and in
 * ASCII: # : .); the step's own length accented, the others in heat
 * colours. */
static uint32_t sm_glyph(int rank)
{
	return rank == 0 ? GLYPH_DARK : rank % 2 ? GLYPH_MEDIUM : GLYPH_LIGHT;
}

static enum role sm_role(const struct sm_state *st, const struct view *v, int i)
{
	(void)st;
	return i == v->step - 1 ? ROLE_ACCENT : (enum role)(ROLE_HEAT1 + i % 4);
}

/* The grid's geometry in the picture: the table's rows on top, the grid
 * below them (a matrix of its own, no row shared with the table). */
struct sm_geom {
	int tw, wide, trows;   /* table width, with scores/head, data rows */
	int gy, gw, gh;        /* the grid's first row, width and height in cells */
};

static struct sm_geom sm_geometry(const struct sm_state *st,
				  const struct canvas *c)
{
	struct sm_geom g = {.wide = c->w >= 59};
	g.tw = g.wide ? 59 : 40;
	g.trows = (c->h - 5) / 2;
	if (g.trows > st->count)
		g.trows = st->count;
	if (g.trows < 1)
		g.trows = 1;
	g.gy = 1 + g.trows + 2;   /* header, rows, a blank, the grid's label */
	g.gh = c->h - g.gy;
	g.gw = g.gh * 2;          /* a cell is about twice as tall as wide */
	if (g.gw > c->w / 2)
		g.gw = c->w / 2, g.gh = g.gw / 2;
	if (g.gh < 1)
		g.gh = 1, g.gw = 2;
	return g;
}

/* Cells of square i at this scale: 0 when it is less than one cell. */
static void sm_cells(const struct sm_state *st, const struct sm_geom *g, int i,
		     int64_t scale, int *w, int *h)
{
	double f = (double)st->sz[i].n / scale;
	if (f > 1)
		f = 1;
	*w = (int)(f * g->gw + 0.5);
	*h = (int)(f * g->gh + 0.5);
	if (*w < 1 || *h < 1)
		*w = *h = 0;
}

/* The grid's legend from row y of the side pane: the scale, then each
 * square in the glyph and colour the grid draws it in and its share of the
 * step's square (one too small to draw says so), then the slice or row. */
static void sm_legend(const struct sm_state *st, const struct view *v,
		      struct canvas *s, int y, const struct sm_geom *g)
{
	int shown = v->step < st->count ? v->step : st->count, idx[SM_MAX];
	if (shown == 0)
		return;
	int64_t scale = sm_scale(st, v->step);
	char r[32];
	canvas_printf(s, 0, y++, ROLE_LABEL, "grid side: %lld keys",
		      (long long)scale);
	int lines = s->h - y - (v->step > st->count), rank = 0;
	sm_order(st, shown, idx);
	for (int k = 0; k < shown && y < s->h; k++) {
		int i = idx[k], w, h;
		sm_cells(st, g, i, scale, &w, &h);
		if (k + 1 == lines && k + 1 < shown) {
			canvas_printf(s, 0, y++, ROLE_DIM, "+%d smaller n",
				      shown - k);
			break;
		}
		double share = (double)scale / st->sz[i].n;
		fmt_ratio(r, sizeof r, share * share);
		enum role role = w ? sm_role(st, v, i) : ROLE_DIM;
		if (w)
			canvas_put(s, 0, y, sm_glyph(rank), role);
		/* the largest fills the grid; the others say their share of it */
		if (k == 0)
			canvas_printf(s, 2, y++, role, "n = %lld",
				      (long long)st->sz[i].n);
		else
			canvas_printf(s, w ? 2 : 0, y++, role, "%s%lld: 1/%s%s",
				      i == v->step - 1 ? "n = " : "",
				      (long long)st->sz[i].n, r,
				      w ? "" : ", < 1 cell");
		rank += w > 0;
	}
	if (v->step > st->count) {
		canvas_put(s, 0, s->h - 1 < y ? s->h - 1 : y,
			   GLYPH_UPPER_EIGHTH, ROLE_HOT);
		if (v->step == st->count + 1)
			canvas_printf(s, 2, s->h - 1 < y ? s->h - 1 : y,
				      ROLE_HOT, "-ub %lld rows × %lld",
				      (long long)st->ubatch,
				      (long long)st->n_max);
		else
			canvas_printf(s, 2, s->h - 1 < y ? s->h - 1 : y,
				      ROLE_HOT, "decode: 1 row × %lld",
				      (long long)st->n_max);
	}
}

/* Beside the grid: what this step's square is, and how much it grew. */
static void sm_beside(const struct sm_state *st, const struct view *v,
		      struct canvas *c, const struct sm_geom *g)
{
	int x = g->gw + 2, y = g->gy;
	char a[32], b[32];
	if (v->step >= 1 && v->step <= st->count) {
		const struct sm_size *z = &st->sz[v->step - 1];
		fmt_thousands(a, sizeof a, z->per_head);
		canvas_printf_whole(c, x, y, ROLE_ACCENT, "%lld × %lld",
				    (long long)z->n, (long long)z->n);
		canvas_printf_whole(c, x, y + 1, ROLE_ACCENT, "= %s scores", a);
		/* growth from the length before, and from the first */
		for (int k = 0; k < 2 && v->step - 1 > 0; k++) {
			const struct sm_size *p =
			    &st->sz[k == 0 ? v->step - 2 : 0];
			if (k == 1 && v->step - 2 == 0)
				break;
			double side = (double)z->n / p->n;
			fmt_ratio(a, sizeof a, side);
			fmt_ratio(b, sizeof b, side * side);
			canvas_printf_whole(c, x, y + 3 + k, ROLE_NORMAL,
					    "vs %lld: side ×%s, scores ×%s",
					    (long long)p->n, a, b);
		}
	} else if (v->step > st->count) {
		int slice = v->step == st->count + 1;
		int64_t rows = slice ? st->ubatch : 1;
		canvas_printf_whole(c, x, y, ROLE_HOT,
				    slice ? "◀ one -ub slice: %lld rows"
					  : "◀ decode: %lld query row",
				    (long long)rows);
		canvas_printf_whole(c, x, y + 1, ROLE_HOT, "  × all %lld keys",
				    (long long)st->n_max);
		fmt_ratio(a, sizeof a, (double)st->n_max / rows);
		canvas_printf_whole(c, x, y + 2, ROLE_HOT,
				    "  = 1/%s of the matrix", a);
	}
}

/* Step 0: the question before its answers, the lengths the steps will
 * take with a ? in each column the class is asked for, and the empty grid
 * of one head's scores, a · a score, with how its bytes are counted. */
static void sm_setup(const struct sm_state *st, const struct view *v,
		     struct canvas *c, const struct sm_geom *g)
{
	(void)v;
	int rows = st->count < g->trows ? st->count : g->trows;
	for (int i = 0; i < rows; i++) {
		int more = i == rows - 1 && rows < st->count;
		if (more)
			canvas_printf(c, 0, 1 + i, ROLE_DIM, "+%d more lengths",
				      st->count - i);
		else if (g->wide)
			canvas_printf(c, 0, 1 + i, ROLE_DIM,
				      "%7lld %18s %10s %10s %10s",
				      (long long)st->sz[i].n, "?", "?", "?",
				      "?");
		else
			canvas_printf(c, 0, 1 + i, ROLE_DIM,
				      "%7lld %10s %10s %10s",
				      (long long)st->sz[i].n, "?", "?", "?");
	}
	if (!canvas_printf_whole(c, 0, g->gy - 1, ROLE_LABEL,
				 "S of one head: n query rows × n key columns"))
		canvas_printf_whole(c, 0, g->gy - 1, ROLE_LABEL, "S: n × n");
	canvas_fill(c, 0, g->gy, g->gw, g->gh, GLYPH_DOT, ROLE_DIM);
	int x = g->gw + 2, y = g->gy;
	canvas_printf_whole(c, x, y, ROLE_NORMAL, "· one score");
	canvas_printf_whole(c, x, y + 2, ROLE_NORMAL, "n × n scores a head");
	canvas_printf_whole(c, x, y + 3, ROLE_NORMAL, "× %lld heads",
			    (long long)st->heads);
	canvas_printf_whole(c, x, y + 4, ROLE_NORMAL, "× %lld bytes",
			    (long long)st->bps);
	canvas_printf_whole(c, x, y + 5, ROLE_ACCENT, "= ? bytes a layer");
}

static void sm_render(const void *vs, struct view *v)
{
	const struct sm_state *st = vs;
	struct canvas *c = v->pic;
	int shown = v->step < st->count ? v->step : st->count, idx[SM_MAX];
	struct sm_geom g = sm_geometry(st, c);
	int64_t scale = sm_scale(st, v->step);
	char a[32], b[32], d[32], e[32];

	/* The lesson's table on top, the step's row accented. */
	char layers[24];
	snprintf(layers, sizeof layers, "%lld layers", (long long)st->layers);
	if (g.wide)
		canvas_printf(c, 0, 0, ROLE_LABEL, "%7s %18s %10s %10s %10s",
			      "tokens", "scores/head", "1 layer", "traffic",
			      layers);
	else
		canvas_printf(c, 0, 0, ROLE_LABEL, "%7s %10s %10s %10s",
			      "tokens", "1 layer", "traffic", layers);
	int first = shown > g.trows ? shown - g.trows + 1 : 0;
	if (shown == 0)
		sm_setup(st, v, c, &g);
	if (first > 0)
		canvas_printf(c, 0, 1, ROLE_DIM, "+%d more above", first);
	for (int i = first; i < shown; i++) {
		const struct sm_size *z = &st->sz[i];
		int y = 1 + i - first + (first > 0);
		fmt_short(a, sizeof a, (double)z->layer);
		fmt_short(b, sizeof b, (double)z->traffic);
		fmt_short(d, sizeof d, (double)z->model);
		fmt_thousands(e, sizeof e, z->per_head);
		enum role r = i == shown - 1 ? ROLE_ACCENT : ROLE_NORMAL;
		if (g.wide)
			canvas_printf(c, 0, y, r, "%7lld %18s %10s %10s %10s",
				      (long long)z->n, e, a, b, d);
		else
			canvas_printf(c, 0, y, r, "%7lld %10s %10s %10s",
				      (long long)z->n, a, b, d);
	}

	/* The grid: S of one head, a row per query and a column per key, the
	 * step's square filling it and the shorter lengths inside to scale. */
	if (shown > 0) {
		if (!canvas_printf_whole(
			c, 0, g.gy - 1, ROLE_LABEL,
			"S of one head: n query rows × n key columns"))
			canvas_printf_whole(c, 0, g.gy - 1, ROLE_LABEL,
					    "S: n × n");
		sm_order(st, shown, idx);
		for (int k = 0, rank = 0; k < shown; k++) {
			int w, h;
			sm_cells(st, &g, idx[k], scale, &w, &h);
			if (w) {
				canvas_fill(c, 0, g.gy, w, h, sm_glyph(rank),
					    sm_role(st, v, idx[k]));
				rank++;
			}
		}
	}
	if (v->step > st->count)
		/* The slice (ubatch rows) and the decode row: the grid's full
		 * width (every key), the thinnest line a cell draws on top. */
		canvas_hline(c, 0, g.gy, g.gw, GLYPH_UPPER_EIGHTH, ROLE_HOT);
	sm_beside(st, v, c, &g);

	struct canvas *s = v->side;
	canvas_wrap(s, 0, 0, s->w, 2, ROLE_LABEL, st->model_name);
	canvas_printf(s, 0, 2, ROLE_NORMAL, "%lld heads, %lld layers", (long long)st->heads, (long long)st->layers);
	canvas_printf(s, 0, 3, ROLE_NORMAL, "%lld bytes per score", (long long)st->bps);
	fmt_short(a, sizeof a, (double)st->ubatch_slice);
	fmt_short(b, sizeof b, (double)st->decode_row);
	/* The slice and the decode row are answers: each appears at the step
	 * whose narration asks for it, dim after. */
	if (v->step > st->count)
		canvas_printf(s, 0, 5,
			      v->step == st->count + 1 ? ROLE_HOT : ROLE_DIM,
			      "-ub %lld slice: %s", (long long)st->ubatch, a);
	if (v->step > st->count + 1)
		canvas_printf(s, 0, 6, ROLE_HOT, "decode row: %s", b);
	sm_legend(st, v, s, 8, &g);

	if (v->step == 0)
		snprintf(v->narration, VIEW_NARRATION,
			 "Naive attention stores S = QKᵀ/√d and P = softmax(S): n×n numbers per head. "
			 "Step through the context lengths to watch the square grow with n².");
	else if (v->step <= st->count) {
		const struct sm_size *z = &st->sz[v->step - 1];
		/* The table's units (the lesson's GiB), so the words say what the row shows. */
		fmt_words(a, sizeof a, (double)z->layer);
		fmt_words(b, sizeof b, (double)z->traffic);
		fmt_words(d, sizeof d, (double)z->model);
		snprintf(v->narration, VIEW_NARRATION,
			 "n = %lld: %lld scores per head; × %lld heads × %lld bytes = %s per layer. Writing and reading "
			 "S and P (4 passes) moves %s per layer, %s for all %lld layers of one prefill.",
			 (long long)z->n, (long long)z->per_head, (long long)st->heads, (long long)st->bps, a, b, d,
			 (long long)st->layers);
	} else if (v->step == st->count + 1) {
		fmt_words(a, sizeof a, (double)st->ubatch_slice);
		snprintf(v->narration, VIEW_NARRATION,
			 "llama.cpp never builds the whole prefill matrix: a micro-batch (-ub %lld) stores a %lld × %lld "
			 "slice instead, still %s per layer without flash attention.",
			 (long long)st->ubatch, (long long)st->ubatch, (long long)st->n_max, a);
	} else {
		fmt_words(a, sizeof a, (double)st->decode_row);
		snprintf(v->narration, VIEW_NARRATION,
			 "Decode has one query per step: the score row is %s per layer at %lld keys, written and read "
			 "again for every generated token.", a, (long long)st->n_max);
	}
}

/* Scores stored for `rows` queries against n keys, counted row by row (the
 * grid walked, not multiplied): the second way for the sizes below. */
static int64_t walk_scores(int64_t rows, int64_t n)
{
	int64_t sum = 0;
	for (int64_t q = 0; q < rows; q++)
		sum += n;
	return sum;
}

static void sm_summary(const void *vs, struct summary *s)
{
	const struct sm_state *st = vs;
	/* Values from src/size/size.c (products): the sizes checked against the
	 * grid walked row by row, traffic and the all-layers total against the
	 * lesson's product written out as a formula. */
	for (int i = 0; i < st->count; i++) {
		const struct sm_size *z = &st->sz[i];
		long long n = (long long)z->n;
		int64_t walked = walk_scores(z->n, z->n);
		summary_check_int(s, HOW_REFERENCE, z->per_head, walked, "scores_per_head.%lld", n);
		summary_words(s, "scores one head stores at %lld tokens: S = QKᵀ has a row per query, a column per key (n × n)", n);
		summary_input(s, "n", (double)z->n, "parameter ctx");
		summary_explain(s, "second way: the %lld rows of the grid walked and their keys counted", n);
		summary_check_int(s, HOW_REFERENCE, z->layer, walked * st->heads * st->bps, "layer_bytes.%lld", n);
		summary_words(s, "bytes of one layer's S at %lld tokens, every head: n × n × heads × bytes_per_score", n);
		summary_input(s, "n", (double)z->n, "parameter ctx");
		summary_input(s, "heads", (double)st->heads, "%s", st->heads_from);
		summary_input(s, "bytes_per_score", (double)st->bps, "parameter bytes_per_score (4 = F32)");
		summary_explain(s, "second way: the grid's rows walked and their keys counted, times heads and bytes");
		summary_int(s, z->traffic, "traffic_bytes.%lld", n);
		summary_words(s, "bytes one layer moves at %lld tokens: S written and read, P written and read", n);
		summary_input(s, "passes", 4, "write S, read S, write P, read P (the lesson's count)");
		summary_input(s, "n", (double)z->n, "parameter ctx");
		summary_input(s, "heads", (double)st->heads, "%s", st->heads_from);
		summary_input(s, "bytes_per_score", (double)st->bps, "parameter bytes_per_score (4 = F32)");
		summary_formula(s, 0, "passes * n * n * heads * bytes_per_score");
		summary_int(s, z->model, "model_traffic_bytes.%lld", n);
		summary_words(s, "bytes all attention layers move at %lld tokens in one prefill", n);
		summary_input(s, "passes", 4, "write S, read S, write P, read P (the lesson's count)");
		summary_input(s, "n", (double)z->n, "parameter ctx");
		summary_input(s, "heads", (double)st->heads, "%s", st->heads_from);
		summary_input(s, "bytes_per_score", (double)st->bps, "parameter bytes_per_score (4 = F32)");
		summary_input(s, "layers", (double)st->layers, "%s", st->layers_from);
		summary_formula(s, 0, "passes * n * n * heads * bytes_per_score * layers");
	}
	summary_check_int(s, HOW_REFERENCE, st->ubatch_slice, walk_scores(st->ubatch, st->n_max) * st->heads * st->bps,
		      "ubatch_slice_bytes");
	summary_words(s, "bytes of one micro-batch's scores a layer: ubatch queries against n keys (llama-graph.cpp kq of "
		      "one micro-batch)");
	summary_input(s, "ubatch", (double)st->ubatch, "parameter ubatch (-ub)");
	summary_input(s, "n", (double)st->n_max, "parameter ctx, the largest");
	summary_input(s, "heads", (double)st->heads, "%s", st->heads_from);
	summary_input(s, "bytes_per_score", (double)st->bps, "parameter bytes_per_score (4 = F32)");
	summary_explain(s, "second way: the slice's ubatch rows walked and their keys counted, times heads and bytes");
	summary_check_int(s, HOW_REFERENCE, st->decode_row, walk_scores(1, st->n_max) * st->heads * st->bps, "decode_row_bytes");
	summary_words(s, "bytes of one decode step's scores a layer: one query against n keys");
	summary_input(s, "n", (double)st->n_max, "parameter ctx, the largest");
	summary_input(s, "heads", (double)st->heads, "%s", st->heads_from);
	summary_input(s, "bytes_per_score", (double)st->bps, "parameter bytes_per_score (4 = F32)");
	summary_explain(s, "second way: the row's keys counted, times heads and bytes");
}

static void sm_print(const void *vs, FILE *out)
{
	const struct sm_state *st = vs;
	fprintf(out, "tokens   scores/head   one layer   traffic/layer   %lld layers\n", (long long)st->layers);
	for (int i = 0; i < st->count; i++) {
		const struct sm_size *z = &st->sz[i];
		fprintf(out, "%6lld  %12lld  %7.0f GiB  %10.0f GiB  %7.0f GiB\n", (long long)z->n, (long long)z->per_head,
			z->layer / GIB, z->traffic / GIB, z->model / GIB);
	}
	fprintf(out, "prefill micro-batch of %lld queries at %lld keys: %.0f GiB per layer\n", (long long)st->ubatch,
		(long long)st->n_max, st->ubatch_slice / GIB);
	fprintf(out, "decode, 1 query at %lld keys: %.0f MiB per layer\n", (long long)st->n_max, st->decode_row / MIB);
}

const struct scene_class scene_score_matrix = {
	.id = "score-matrix",
	.params = sm_params,
	.nparams = SM_NPARAMS,
	.state_size = sizeof(struct sm_state),
	.init = sm_init,
	.nsteps = sm_nsteps,
	.render = sm_render,
	.summary = sm_summary,
	.print = sm_print,
};
