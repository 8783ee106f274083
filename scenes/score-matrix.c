/*
 * score-matrix (lesson Ex. 1): the n×n score grid of one head, growing with
 * each context length, and what storing it costs for the loaded model's
 * heads and layers.  Steps: one per length, then the -ub slice, then the
 * decode row.
 */
#include <math.h>
#include <string.h>

#include "model/size.h"
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

/* Bytes in at most 8 columns ("1023 GiB", "16.0 MiB", "2.00 GiB"): the
 * largest binary unit with a value of at least 1, three significant digits. */
static void fmt_unit(char *buf, size_t len, double bytes, const char *sep)
{
	static const char *const unit[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
	int u = 0;
	while (bytes >= 1024 && u < 6)
		bytes /= 1024, u++;
	if (u == 0 || bytes >= 100)
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

/* The grid's legend from row y of the side pane: each glyph in the role the
 * grid draws it in, and what it stands for at this step. */
static void sm_legend(const struct sm_state *st, const struct view *v, struct canvas *s, int y, int newest_seen)
{
	int shown = v->step < st->count ? v->step : st->count;
	if (shown == 0)
		return;
	canvas_text(s, 0, y, ROLE_LABEL, "grid: n×n, side ∝ n");
	enum role last = v->step <= st->count ? ROLE_ACCENT : (enum role)(ROLE_HEAT1 + (shown - 1) % 4);
	/* A square no larger in cells than the one before it is hidden under it: say so. */
	if (newest_seen) {
		canvas_put(s, 0, y + 1, 0x2593, last);
		canvas_printf(s, 2, y + 1, last, "n = %lld", (long long)st->sz[shown - 1].n);
	} else
		canvas_printf(s, 0, y + 1, last, "n = %lld: < 1 cell more", (long long)st->sz[shown - 1].n);
	if (shown > 1) {
		/* the smaller squares' colours that the grid shows: a square no
		 * larger in cells than a smaller n's is hidden under it */
		int k = 0;
		for (int i = 0; i < 4 && i < shown - 1; i++) {
			int seen = 0;
			for (int gy = 0; gy < v->pic->h && !seen; gy++)
				for (int gx = 0; gx < v->pic->w && !seen; gx++)
					seen = canvas_at(v->pic, gx, gy)->ch == 0x2588 &&
					       canvas_at(v->pic, gx, gy)->role == ROLE_HEAT1 + i;
			if (seen)
				canvas_put(s, k++, y + 2, 0x2588, (enum role)(ROLE_HEAT1 + i));
		}
		if (k)
			canvas_text(s, k + 1, y + 2, ROLE_NORMAL, "the smaller n");
	}
	if (v->step == st->count + 1) {
		canvas_put(s, 0, y + 3, 0x2580, ROLE_HOT);
		canvas_printf(s, 2, y + 3, ROLE_HOT, "-ub %lld rows × %lld", (long long)st->ubatch, (long long)st->n_max);
	} else if (v->step == st->count + 2) {
		canvas_put(s, 0, y + 3, 0x2584, ROLE_HOT);
		canvas_printf(s, 2, y + 3, ROLE_HOT, "decode: 1 row × %lld", (long long)st->n_max);
	}
}

static void sm_render(const void *vs, struct view *v)
{
	const struct sm_state *st = vs;
	struct canvas *c = v->pic;
	int shown = v->step < st->count ? v->step : st->count;
	/* The table: every column where the pane is wide enough, else without
	 * scores/head (the narration gives it); the grid takes what is left. */
	int wide = c->w >= 53 + 2 + 16, tw = wide ? 53 : 34;
	int side_h = c->h - 2, side_w = side_h * 2;
	if (side_w > c->w - tw - 2)
		side_w = c->w - tw - 2, side_h = side_w / 2;
	if (side_w < 2)
		side_w = 2, side_h = 1;
	canvas_text(c, 0, 0, ROLE_LABEL, side_w >= 22 ? "n×n scores (side ∝ n)" : "n×n");
	int cells[2] = {0, 0};   /* the newest square's w·h, and the one before it */
	for (int i = shown - 1; i >= 0; i--) {
		double f = (double)st->sz[i].n / st->n_max;
		int w = (int)(f * side_w + 0.5), h = (int)(f * side_h + 0.5);
		if (w < 1)
			w = 1;
		if (h < 1)
			h = 1;
		if (i >= shown - 2)
			cells[shown - 1 - i] = w * h;
		enum role r = i == shown - 1 && v->step <= st->count ? ROLE_ACCENT : (enum role)(ROLE_HEAT1 + i % 4);
		canvas_fill(c, 0, 1, w, h, i == shown - 1 ? 0x2593 : 0x2588, r);
	}
	if (v->step > st->count) {
		/* The micro-batch slice (ubatch rows) and, after it, the decode row. */
		int h = (int)((double)st->ubatch / st->n_max * side_h + 0.5);
		/* ▀, not █: in monochrome the slice stays apart from the squares under it. */
		if (v->step == st->count + 1)
			canvas_fill(c, 0, 1, side_w, h < 1 ? 1 : h, 0x2580, ROLE_HOT);
		else
			canvas_hline(c, 0, 1, side_w, 0x2584, ROLE_HOT);
	}
	int tx = c->w - tw;
	char a[32], b[32], d[32], e[32];
	if (wide)
		canvas_printf(c, tx, 0, ROLE_LABEL, "%7s %18s %8s %8s %8s", "tokens", "scores/head", "1 layer", "traffic", "layers");
	else
		canvas_printf(c, tx, 0, ROLE_LABEL, "%7s %8s %8s %8s", "tokens", "1 layer", "traffic", "layers");
	int rows = c->h - 1, first = shown > rows ? shown - rows + 1 : 0;
	if (first > 0)
		canvas_printf(c, tx, 1, ROLE_DIM, "+%d more above", first);
	for (int i = first; i < shown; i++) {
		const struct sm_size *z = &st->sz[i];
		int y = 1 + i - first + (first > 0);
		fmt_short(a, sizeof a, (double)z->layer);
		fmt_short(b, sizeof b, (double)z->traffic);
		fmt_short(d, sizeof d, (double)z->model);
		fmt_thousands(e, sizeof e, z->per_head);
		enum role r = i == shown - 1 ? ROLE_ACCENT : ROLE_NORMAL;
		if (wide)
			canvas_printf(c, tx, y, r, "%7lld %18s %8s %8s %8s", (long long)z->n, e, a, b, d);
		else
			canvas_printf(c, tx, y, r, "%7lld %8s %8s %8s", (long long)z->n, a, b, d);
	}

	struct canvas *s = v->side;
	canvas_wrap(s, 0, 0, s->w, 2, ROLE_LABEL, st->model_name);
	canvas_printf(s, 0, 2, ROLE_NORMAL, "%lld heads, %lld layers", (long long)st->heads, (long long)st->layers);
	canvas_printf(s, 0, 3, ROLE_NORMAL, "%lld bytes per score", (long long)st->bps);
	fmt_short(a, sizeof a, (double)st->ubatch_slice);
	fmt_short(b, sizeof b, (double)st->decode_row);
	canvas_printf(s, 0, 5, v->step == st->count + 1 ? ROLE_HOT : ROLE_DIM, "-ub %lld slice: %s", (long long)st->ubatch, a);
	canvas_printf(s, 0, 6, v->step == st->count + 2 ? ROLE_HOT : ROLE_DIM, "decode row: %s", b);
	sm_legend(st, v, s, 8, shown < 2 || cells[0] > cells[1]);

	if (v->step == 0)
		snprintf(v->narration, VIEW_NARRATION,
			 "Naive attention stores S = QKᵀ/√d and P = softmax(S): n×n numbers per head. "
			 "Step through the context lengths to watch the square grow with n².");
	else if (v->step <= st->count) {
		const struct sm_size *z = &st->sz[v->step - 1];
		/* The table's units (TiB past 1023 GiB), so the words say what the row shows. */
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
	/* Values from src/model/size.c (products): the sizes checked against the
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
