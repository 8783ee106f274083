/*
 * iswa (lesson Ex. 10): the layer strip (L local, G global, · no cache) and
 * the caches llama.cpp allocates for the deployment (-c, -ub, -np, -kvu,
 * --swa-full), every size from src/size/size.c: the global cache with
 * every cell of each stream, the sliding one with pad256(min(stream,
 * window·(unified ? n_seq : 1) + ubatch)) cells, and what --swa-full would
 * take.  The lesson's tiny SWA model is the scene file's preset (loaded once
 * by the driver); its three runs are the last step, and --print writes
 * their llama.cpp log lines.
 *
 * Steps: 0 the strip, 1 the global cache, 2 the local cache, 3 the total,
 * 4 the other side of --swa-full, 5 the tiny preset's runs.
 */
#include <string.h>

#include "size/size.h"
#include "scene/deploy_params.h"
#include "scene/scene.h"
#include "scenes/lib/closed_form.h"
#include "scenes/lib/common.h"
#include "scenes/lib/layer_strip.h"

#define IS_MAX_UB 8
/* The tiny runs of the lesson: each -ub, and --swa-full at the first. */
#define IS_MAX_RUNS (IS_MAX_UB + 1)

struct is_run {
	int64_t ub;
	int swa_full;
	struct kv_alloc a;
};

struct is_state {
	struct model m;
	struct deploy d;
	struct kv_alloc a;       /* as deployed */
	struct kv_alloc other;   /* the same with swa_full toggled */
	int64_t cell_bytes, tiny_cell_bytes;   /* K + V bytes of one cell of layer 0 */
	int64_t kind_cell[2];                  /* bytes a cell of a global [0] and a local [1] layer */
	int lesson;              /* parameters and model are the lesson's */
	int has_tiny;
	struct model tiny;
	int64_t tiny_ctx;
	int ntiny, nruns;
	int64_t tiny_ub[IS_MAX_UB];
	struct is_run runs[IS_MAX_RUNS];
};

enum { IS_TINY_CTX = DP_COUNT, IS_TINY_UBATCH, IS_NPARAMS };
static const struct param_spec is_params[IS_NPARAMS + 1] = {
	DEPLOY_SPECS,
	[IS_TINY_CTX] = {.name = "tiny_ctx",
			 .kind = PARAM_INT,
			 .min = 1,
			 .max = 1 << 24,
			 .help = "tiny preset (last step): -c"},
	[IS_TINY_UBATCH] = {.name = "tiny_ubatch",
			    .kind = PARAM_INTS,
			    .min = 1,
			    .max = 65536,
			    .max_count = IS_MAX_UB,
			    .help = "tiny preset (last step): -ub runs"},
	[IS_NPARAMS] = {0},
};

static int is_init(void *vs, const struct scene_env *env, char *err, size_t errlen)
{
	struct is_state *st = vs;
	int nub;
	const double *ub = params_list(env->p, IS_TINY_UBATCH, &nub);
	st->lesson = env->lesson_defaults;
	if (deploy_params_apply(env->p, env->model, &st->m, &st->d, err,
				errlen) < 0)
		return -1;
	/* A context llama.cpp refuses to create has no size: its reason instead. */
	if (size_refuse(&st->m, &st->d, err, errlen))
		return -1;
	struct deploy o = st->d;
	o.swa_full = !o.swa_full;
	if (size_alloc(&st->m, &st->d, &st->a) < 0 || size_alloc(&st->m, &o, &st->other) < 0) {
		snprintf(err, errlen, "ctx: the cache of this model overflows 64-bit arithmetic");
		return -1;
	}
	for (int64_t il = 0; il < st->m.layers && !st->cell_bytes; il++)   /* the first layer with a cache */
		st->cell_bytes = size_kv_bytes_token_layer(&st->m, il);
	/* A cell of the first local and the first global layer as allocated (V
	 * padded without -fa): they differ when the kinds do (Gemma 4). */
	for (int64_t il = 0; il < st->m.layers; il++) {
		int64_t cells = st->a.layer_cells[il] * st->a.streams;
		int local = size_layer_kind(&st->m, il) == LAYER_LOCAL;
		if (size_layer_cached(&st->m, il) && cells && !st->kind_cell[local])
			st->kind_cell[local] = st->a.layer_bytes[il] / cells;
	}
	st->tiny_ctx = params_int(env->p, IS_TINY_CTX);
	st->ntiny = nub;
	for (int i = 0; i < nub; i++)
		st->tiny_ub[i] = (int64_t)ub[i];
	st->has_tiny = env->preset != NULL;
	if (st->has_tiny) {
		st->tiny = *env->preset;
		st->tiny_cell_bytes = size_kv_bytes_token_layer(&st->tiny, 0);
		/* The lesson's order: the first -ub, then --swa-full, then the other -ub values. */
		for (int r = 0; r <= nub; r++) {
			struct is_run *run = &st->runs[st->nruns];
			struct deploy td = deploy_default(st->tiny_ctx);
			run->ub = st->tiny_ub[r <= 1 ? 0 : r - 1];
			run->swa_full = r == 1;
			td.n_ubatch = run->ub;
			td.swa_full = run->swa_full;
			if (size_alloc(&st->tiny, &td, &run->a) == 0)
				st->nruns++;
		}
	}
	return 0;
}

static int is_nsteps(const void *vs)
{
	return ((const struct is_state *)vs)->has_tiny ? 5 : 4;
}

/* Layer il's mark: L local, G global, R recurrent (a fixed state instead
 * of cells), · no cache. */
static struct layer_mark layer_mark(const void *ctx, int64_t il)
{
	const struct model *m = ctx;
	enum layer_cache k = size_layer_kind(m, il);
	if (k == LAYER_LOCAL || k == LAYER_GLOBAL)
		return (struct layer_mark){k == LAYER_LOCAL ? 'L' : 'G', k == LAYER_LOCAL ? ROLE_BAR : ROLE_ACCENT};
	return (struct layer_mark){m->layer_type[il] == LT_RECURRENT ? 'R' : 0x00b7, ROLE_DIM};
}

/* A labelled bar on the shared byte scale: label row, then bar and size. */
static void bytes_row(struct canvas *c, int y, const char *label, int64_t bytes, int64_t scale, enum role r)
{
	char b[32];
	fmt_bytes(b, sizeof b, (double)bytes);
	canvas_text(c, 0, y, r, label);
	int barw = c->w - 12;
	double f = scale > 0 ? (double)bytes / (double)scale : 0;
	/* A non-empty cache shows at least an eighth of a cell. */
	if (bytes > 0 && f * barw < 0.125)
		f = 0.125 / barw;
	canvas_bar(c, 0, y + 1, barw, f, r);
	canvas_printf_whole(c, c->w - utf8_width(b), y + 1, r, "%s", b);   /* right-aligned: units line up */
}

/* "global: 10 layers × 131072 cells", or "× 4 streams × 32768 cells" when split. */
static void cells_text(char *buf, size_t len, const char *what, int64_t layers, int64_t streams, int64_t cells)
{
	if (streams > 1)
		snprintf(buf, len, "%s: %lld layers × %lld streams × %lld cells", what, (long long)layers, (long long)streams,
			 (long long)cells);
	else
		snprintf(buf, len, "%s: %lld layers × %lld cells", what, (long long)layers, (long long)cells);
}

static const char *deploy_text(char *buf, size_t len, const struct deploy *d)
{
	snprintf(buf, len, "-c %lld -ub %lld -np %lld%s%s", (long long)d->n_ctx, (long long)d->n_ubatch,
		 (long long)d->n_seq, d->unified ? " -kvu" : "", d->swa_full ? " --swa-full" : "");
	return buf;
}

static void render_tiny(const struct is_state *st, struct view *v)
{
	struct canvas *c = v->pic;
	const struct model *t = &st->tiny;
	char a[32], b[32];
	canvas_printf(c, 0, 0, ROLE_LABEL, "tiny SWA preset: %lld layers, window %lld", (long long)t->layers,
		      (long long)t->sliding_window);
	int y = layer_strip_draw(c, 1, 2, t->layers, layer_mark, t) + 1;
	/* MiB with two decimals, as llama.cpp's log and the lesson print them (0.94 MiB, not 960.00 KiB). */
	snprintf(a, sizeof a, "%.2f MiB", (double)st->runs[0].a.global_bytes / MIB);
	canvas_printf(c, 0, y++, ROLE_ACCENT, "global: %lld × %lld cells = %s", (long long)st->runs[0].a.global_layers,
		      (long long)st->runs[0].a.full_cells, a);
	for (int r = 0; r < st->nruns && y < c->h; r++, y++) {
		const struct is_run *run = &st->runs[r];
		snprintf(b, sizeof b, "%.2f MiB", (double)run->a.local_bytes / MIB);
		if (run->swa_full)
			canvas_printf(c, 0, y, ROLE_BAR, "--swa-full: local %lld × %lld cells = %s", (long long)run->a.local_layers,
				      (long long)run->a.swa_cells, b);
		else
			canvas_printf(c, 0, y, ROLE_BAR, "-ub %lld: local %lld × %lld cells = %s", (long long)run->ub,
				      (long long)run->a.local_layers, (long long)run->a.swa_cells, b);
	}
	snprintf(v->narration, VIEW_NARRATION,
		 "The lesson's tiny model at -c %lld: %lld global layer%s "
		 "every cell; the %lld local ones keep "
		 "%lld + ub cells rounded up to a multiple of 256, all %lld "
		 "with --swa-full. --print writes llama.cpp's log lines for "
		 "these runs.",
		 (long long)st->tiny_ctx,
		 (long long)st->runs[0].a.global_layers,
		 st->runs[0].a.global_layers == 1 ? " keeps" : "s keep",
		 (long long)st->runs[0].a.local_layers,
		 (long long)t->sliding_window,
		 (long long)st->runs[0].a.full_cells);
}

static void is_render(const void *vs, struct view *v)
{
	const struct is_state *st = vs;
	const struct kv_alloc *A = &st->a;
	struct canvas *c = v->pic;
	char a[32], b[32], dep[80], lab[96];
	struct canvas *s = v->side;
	/* the tiny preset's steps; beside a second model's bars the pane
	 * describes the compared model's deployment instead */
	if (v->step >= 5 && !v->compared) {
		canvas_wrap(s, 0, 0, s->w, 2, ROLE_LABEL, st->tiny.name);
		canvas_printf(s, 0, 3, ROLE_NORMAL, "-c %lld", (long long)st->tiny_ctx);
		canvas_printf(s, 0, 4, ROLE_NORMAL, "%lld B/cell/layer", (long long)st->tiny_cell_bytes);
		canvas_wrap(s, 0, 6, s->w, 3, ROLE_DIM, "e changes -c and -ub");
		render_tiny(st, v);
		return;
	}
	canvas_wrap(s, 0, 0, s->w, 2, ROLE_LABEL, st->m.name);
	canvas_wrap(s, 0, 2, s->w, 2, ROLE_NORMAL, deploy_text(dep, sizeof dep, &st->d));
	canvas_printf(s, 0, 4, ROLE_NORMAL, "n_ctx %lld (pad 256)", (long long)A->n_ctx);
	canvas_printf(s, 0, 5, ROLE_NORMAL, "%lld stream%s × %lld cells", (long long)A->streams, A->streams > 1 ? "s" : "",
		      (long long)A->full_cells);
	if (st->kind_cell[0] && st->kind_cell[1] && st->kind_cell[0] != st->kind_cell[1])
		canvas_printf(s, 0, 6, ROLE_NORMAL, "B/cell: G %lld, L %lld", (long long)st->kind_cell[0],
			      (long long)st->kind_cell[1]);
	else
		canvas_printf(s, 0, 6, ROLE_NORMAL, "%lld B/cell/layer", (long long)st->cell_bytes);
	canvas_printf(s, 0, 7, ROLE_NORMAL, "K %s, V %s", model_cache_name(st->m.k_type), model_cache_name(st->m.v_type));
	/* llama.cpp warns and allocates all the same: so does the memory scene */
	if (size_past_train(&st->m, A) &&
	    !canvas_printf_whole(s, 0, 8, ROLE_HOT, "! %s> n_ctx_train %lld",
				 A->streams > 1 ? "seq " : "",
				 (long long)st->m.ctx_train))
		canvas_printf_whole(s, 0, 8, ROLE_HOT, "! > trained %lld",
				    (long long)st->m.ctx_train);
	if (st->m.swa_ignored && st->m.note[0])
		;   /* the frame shows the model's note under this pane: the same fact in the file's words */
	else if (st->m.swa_ignored)
		canvas_wrap(s, 0, 9, s->w, 5, ROLE_HOT, "llama.cpp ignores this model's sliding_window: a full cache on every layer");
	else if (!A->windowed && A->recurrent_layers)
		canvas_wrap(s, 0, 9, s->w, 4, ROLE_HOT, "a hybrid: only the attention layers keep KV cells");
	else if (!A->windowed && A->none_layers)
		canvas_wrap(s, 0, 9, s->w, 4, ROLE_HOT, "no sliding window: every cached layer is global");
	else if (!A->windowed)
		canvas_wrap(s, 0, 9, s->w, 4, ROLE_HOT, "no sliding window: every layer is global");
	else
		canvas_wrap(s, 0, 9, s->w, 3, ROLE_DIM, "e: ctx, ubatch, n_seq, unified, swa_full");

	if (A->windowed)
		canvas_printf(c, 0, 0, ROLE_LABEL, "L %s (window %lld), G global", st->m.swa_chunked ? "chunked" : "local",
			      (long long)st->m.sliding_window);
	else if (A->recurrent_layers)
		canvas_text(c, 0, 0, ROLE_LABEL, "G global (full cache), R recurrent (state)");
	else
		canvas_text(c, 0, 0, ROLE_LABEL, "G global (full cache on every layer)");
	int y = layer_strip_draw(c, 1, 3, st->m.layers, layer_mark, &st->m) + 1;
	int64_t scale = A->full_bytes > st->other.full_bytes ? A->full_bytes : st->other.full_bytes;
	if (v->step >= 1) {
		cells_text(lab, sizeof lab, "global", A->global_layers, A->streams, A->full_cells);
		bytes_row(c, y, lab, A->global_bytes, scale, ROLE_ACCENT);
		y += 2;
	}
	if (v->step >= 2) {
		cells_text(lab, sizeof lab, "local", A->local_layers, A->streams, A->swa_cells);
		bytes_row(c, y, lab, A->local_bytes, scale, ROLE_BAR);
		y += 2;
	}
	if (v->step >= 3) {
		bytes_row(c, y, "total", A->total_bytes, scale, ROLE_OK);
		y += 2;
	}
	if (v->step >= 4 && y + 1 < c->h && A->windowed) {
		snprintf(lab, sizeof lab, "%s: local %lld cells", st->d.swa_full ? "without --swa-full" : "with --swa-full",
			 (long long)st->other.swa_cells);
		bytes_row(c, y, lab, st->other.total_bytes, scale, ROLE_DIM);
	}

	switch (v->step) {
	case 0:
		if (st->m.swa_ignored)
			snprintf(v->narration, VIEW_NARRATION,
				 "This model names a window of %lld, but llama.cpp ignores it for this architecture and gives "
				 "every one of the %lld layers a full cache (G).",
				 (long long)st->m.sliding_window, (long long)st->m.layers);
		else if (!A->windowed && A->recurrent_layers)
			snprintf(v->narration, VIEW_NARRATION,
				 "A hybrid: %lld attention layers (G) keep every cell; %lld recurrent layers (R) keep a fixed "
				 "state of %lld bytes each instead, whatever the context.%s",
				 (long long)A->global_layers, (long long)A->recurrent_layers, (long long)A->state_bytes_layer,
				 A->none_layers > A->recurrent_layers ? " Layers marked · keep nothing." : "");
		else if (!A->windowed)
			snprintf(v->narration, VIEW_NARRATION,
				 "This model has no sliding window: %s%lld layers are global (G) and keep every cell.%s",
				 A->none_layers ? "" : "all ", (long long)A->global_layers,
				 A->none_layers ? " Layers marked · keep no KV cache." : "");
		else if (st->m.swa_chunked)
			snprintf(v->narration, VIEW_NARRATION,
				 "%lld chunked layers (L) see only the keys of their own %lld-token chunk and are cached as "
				 "sliding ones; %lld global layers (G) carry information the whole distance.%s",
				 (long long)A->local_layers, (long long)st->m.sliding_window, (long long)A->global_layers,
				 A->none_layers ? " Layers marked · keep no KV cache." : "");
		else
			snprintf(v->narration, VIEW_NARRATION,
				 "%lld local layers (L) see only the last %lld keys and keep a small cache; %lld global layers (G) "
				 "carry information the whole distance.%s",
				 (long long)A->local_layers, (long long)st->m.sliding_window, (long long)A->global_layers,
				 A->none_layers ? " Layers marked · keep no KV cache." : "");
		break;
	case 1:
		fmt_bytes(a, sizeof a, (double)A->global_bytes);
		snprintf(v->narration, VIEW_NARRATION,
			 "The global cache: -c %lld pads to %lld cells; %s %lld stream%s of %lld cells, in %lld layers: %s.",
			 (long long)st->d.n_ctx, (long long)A->n_ctx, st->d.unified || st->d.n_seq == 1 ? "one cache," : "split:",
			 (long long)A->streams, A->streams > 1 ? "s" : "", (long long)A->full_cells, (long long)A->global_layers, a);
		break;
	case 2:
		fmt_bytes(a, sizeof a, (double)A->local_bytes);
		if (!A->windowed)
			snprintf(v->narration, VIEW_NARRATION, "No local layer: the local cache is empty.");
		else if (st->d.swa_full)
			snprintf(v->narration, VIEW_NARRATION,
				 "--swa-full gives the local layers all %lld cells of each stream (%s): the saving is traded "
				 "for prefix reuse.", (long long)A->full_cells, a);
		else
			snprintf(v->narration, VIEW_NARRATION,
				 "The local cache keeps the window, %lld × "
				 "%lld sequence%s, plus the micro-batch being "
				 "processed, %lld, rounded up to a multiple of "
				 "256 and at most %lld: %lld cells a stream, "
				 "%s for %lld layers.",
				 (long long)st->m.sliding_window,
				 (long long)(st->d.unified ? st->d.n_seq : 1),
				 st->d.unified && st->d.n_seq > 1 ? "s" : "",
				 (long long)st->d.n_ubatch,
				 (long long)A->full_cells,
				 (long long)A->swa_cells, a,
				 (long long)A->local_layers);
		break;
	case 3:
		fmt_bytes(a, sizeof a, (double)A->total_bytes);
		fmt_bytes(b, sizeof b, (double)A->full_bytes);
		snprintf(v->narration, VIEW_NARRATION,
			 "Total %s, on the same scale as the bars above; with --swa-full every layer would keep all %lld "
			 "cells%s: %s.", a, (long long)A->full_cells, A->streams > 1 ? " of each stream" : "", b);
		break;
	default:
		fmt_bytes(a, sizeof a, (double)st->other.total_bytes);
		if (!A->windowed) {
			snprintf(v->narration, VIEW_NARRATION, "No local layer, so --swa-full changes nothing: %s either way.", a);
			break;
		}
		fmt_bytes(b, sizeof b, (double)A->total_bytes);
		/* why the flag exists, as the lesson gives it (Example 10) */
		snprintf(v->narration, VIEW_NARRATION,
			 "%s: %s (local %lld cells a stream), not %s. The flag "
			 "is for prefix reuse: a small local cache has lost "
			 "the early tokens' keys, so a request sharing a long "
			 "prefix cannot resume from any point of it.",
			 st->d.swa_full ? "Without --swa-full"
					: "With --swa-full",
			 a, (long long)st->other.swa_cells, b);
	}
}

/* The inputs of the layer counts: layers, and swa_pattern when the window is honoured. */
static void in_layers(struct summary *s, const struct model *m, int pattern)
{
	char o[160];
	summary_input(s, "layers", (double)cf_cached_layers(m), "%s", cf_layers_origin(m, o, sizeof o));
	if (pattern && m->sliding_window > 0 && !m->swa_ignored && m->swa_pattern > 0)
		summary_input(s, "swa_pattern", (double)m->swa_pattern, "%s", cf_origin(m, MF_SWA_PATTERN, o, sizeof o));
}

/* The inputs of a cache size: layer counts (swa_pattern when the global
 * count is used), the deployment (window and ubatch when the sliding
 * cache is), one cell's bytes; returns the cell's formula text. */
static const char *in_cache(struct summary *s, const struct model *m, const struct deploy *d, int pattern, int window)
{
	in_layers(s, m, pattern);
	cf_in_deploy(s, d->n_ctx, d->n_seq, window ? m->sliding_window : 0,
		     d->n_ubatch, d->n_batch, m);
	return cf_in_cell(s, m, m->kv_heads, NULL, 0);
}

/* in_cache for a model whose sliding and full layers differ (cf_split):
 * both kinds' cells into c. */
static void in_cells(struct summary *s, const struct model *m, const struct deploy *d, int window, int64_t kf,
		     int64_t ks, struct cf_cells *c)
{
	in_layers(s, m, 1);
	cf_in_deploy(s, d->n_ctx, d->n_seq, window ? m->sliding_window : 0,
		     d->n_ubatch, d->n_batch, m);
	cf_in_cells(s, m, kf, ks, NULL, NULL, d->flash_attn, c);
}

/* The four cache sizes of a split model: each kind at its own cell. */
static void check_split(struct summary *s, const struct model *m, const struct deploy *d, const struct kv_alloc *A,
			int64_t kf, int64_t ks)
{
	char f[2048], swa[256], both[1536];
	struct cf_cells c;
	const char *G = cf_f_global(m), *fc = cf_f_stream(d->unified),
		   *streams = cf_f_streams(m, d);
	cf_f_swa_of(swa, sizeof swa, m, d);
	summary_int(s, A->global_bytes, "global_bytes");
	summary_words(s, "bytes of the full cache: global layers × streams × cells a stream × a full layer's K and V bytes a cell");
	in_cells(s, m, d, 0, kf, ks, &c);
	summary_explain(s, "llama-hparams.cpp: a sliding layer has its own KV heads (n_head_kv(il)) and head sizes "
		       "(n_embd_head_k_swa), so each kind has a cell of its own");
	snprintf(f, sizeof f, "%s%s * %s * %s", G, streams, fc, c.full);
	summary_formula(s, 0, f);
	summary_int(s, A->local_bytes, "local_bytes");
	summary_words(s, "bytes of the sliding-window cache: local layers × streams × SWA cells a stream × a sliding "
		      "layer's K and V bytes a cell");
	in_cells(s, m, d, 1, kf, ks, &c);
	snprintf(f, sizeof f, "(layers - %s)%s * %s * %s", G, streams, swa, c.swa);
	summary_formula(s, 0, f);
	summary_int(s, A->total_bytes, "total_bytes");
	summary_words(s, "bytes of both caches");
	in_cells(s, m, d, 1, kf, ks, &c);
	snprintf(f, sizeof f, "%s%s", cf_f_split(both, sizeof both, m, fc, swa, &c), streams);
	summary_formula(s, 0, f);
	summary_int(s, A->full_bytes, "full_bytes");
	summary_words(s, "bytes with every layer keeping every cell (all global, or --swa-full)");
	in_cells(s, m, d, 0, kf, ks, &c);
	snprintf(f, sizeof f, "%s%s", cf_f_split(both, sizeof both, m, fc, fc, &c), streams);
	summary_formula(s, 0, f);
}

static const char *const walk_note = "value: the per-layer walk of src/size/size.c (llama.cpp hparams.is_swa(il))";

/* Checks of one allocation against the closed forms of closed_form. */
static void check_alloc(struct summary *s, const struct model *m, const struct deploy *d, const struct kv_alloc *A)
{
	char o[160], f[1024], swa[256];
	int uni = cf_uniform(m), windowed = m->sliding_window > 0 && !m->swa_ignored;
	int64_t kf, ks;
	int split = !uni && cf_kinds(m, &kf, &ks) && cf_split(m, kf, ks);
	const char *G = cf_f_global(m), *fc = cf_f_stream(d->unified);
	/* Streams: n_seq with a split cache, one with -kvu (not DeepSeek V4) */
	const char *streams = cf_f_streams(m, d);
	cf_f_swa_of(swa, sizeof swa, m, d);
	if (uni || split) {
		summary_int(s, A->global_layers, "global_layers");
		summary_words(s, windowed ? "layers with a full cache: with swa_pattern n, layer il is global when il %% n = n - 1"
					  : "layers with a full cache: every layer, no window llama.cpp honours");
		in_layers(s, m, 1);
		summary_explain(s, "%s", walk_note);
		summary_formula(s, 0, G);
		summary_int(s, A->local_layers, "local_layers");
		summary_words(s, "layers with a sliding-window cache: the layers that are not global");
		in_layers(s, m, 1);
		snprintf(f, sizeof f, "layers - %s", G);
		summary_formula(s, 0, f);
	} else {
		summary_int(s, A->global_layers, "global_layers");
		summary_words(s, "layers with a full cache, counted per layer (the model's layer types are not one pattern)");
		summary_int(s, A->local_layers, "local_layers");
		summary_words(s, "layers with a sliding-window cache, counted per layer: layers with a window llama.cpp honours");
	}
	summary_int(s, A->swa_cells, "swa_cells");
	if (!windowed) {
		summary_words(s, "cells a stream of the sliding-window cache: none, no sliding layers");
		summary_input(s, "sliding_window", (double)m->sliding_window, "%s", cf_origin(m, MF_SLIDING_WINDOW, o, sizeof o));
		if (m->sliding_window > 0)
			summary_explain(s, "llama.cpp does not read this architecture's window: a plain cache, no sliding layers");
		summary_formula(s, 0, "0");
	} else {
		summary_words(s, "cells a stream of the sliding-window cache: the window (times n_seq with -kvu) and one "
			      "micro-batch, padded to 256, at most the stream's cells; the stream's cells with --swa-full");
		cf_in_deploy(s, d->n_ctx, d->n_seq, m->sliding_window,
			     d->n_ubatch, d->n_batch, m);
		summary_explain(s, "llama-kv-cache-iswa.cpp size_swa%s", d->swa_full ? "; --swa-full is set" : "");
		summary_formula(s, 0, swa);
	}
	if (split) {
		check_split(s, m, d, A, kf, ks);
		return;
	}
	if (!uni) {
		static const char *const keys[4] = {"global_bytes", "local_bytes", "total_bytes", "full_bytes"};
		const int64_t v[4] = {A->global_bytes, A->local_bytes, A->total_bytes, A->full_bytes};
		for (int i = 0; i < 4; i++) {
			summary_int(s, v[i], "%s", keys[i]);
			summary_words(s, "layers differ: the per-layer walk of src/size/size.c, no closed form");
		}
		return;
	}
	/* Closed forms: layers × streams × cells × bytes per cell. */
	summary_int(s, A->global_bytes, "global_bytes");
	summary_words(s, "bytes of the full cache: global layers × streams × cells a stream × K and V bytes a cell");
	const char *cell = in_cache(s, m, d, 1, 0);
	summary_explain(s, "llama.cpp: llama-context.cpp pads n_ctx to 256 and splits it per sequence; llama-kv-cache.cpp "
		       "keeps ggml_row_size(type, n_embd_gqa) per cell per stream");
	snprintf(f, sizeof f, "%s%s * %s * %s", G, streams, fc, cell);
	summary_formula(s, 0, f);
	summary_int(s, A->local_bytes, "local_bytes");
	summary_words(s, "bytes of the sliding-window cache: local layers × streams × SWA cells a stream × K and V bytes a cell");
	if (windowed) {
		cell = in_cache(s, m, d, 1, 1);
		snprintf(f, sizeof f, "(layers - %s)%s * %s * %s", G, streams, swa, cell);
		summary_formula(s, 0, f);
	} else {
		summary_explain(s, "no sliding layers, so no sliding-window cache");
		summary_formula(s, 0, "0");
	}
	summary_int(s, A->total_bytes, "total_bytes");
	summary_words(s, "bytes of both caches");
	cell = in_cache(s, m, d, windowed, windowed);
	if (windowed)
		snprintf(f, sizeof f, "(%s * %s + (layers - %s) * %s)%s * %s", G, fc, G, swa, streams, cell);
	else
		snprintf(f, sizeof f, "layers%s * %s * %s", streams, fc, cell);
	summary_formula(s, 0, f);
	summary_int(s, A->full_bytes, "full_bytes");
	summary_words(s, "bytes with every layer keeping every cell (all global, or --swa-full)");
	cell = in_cache(s, m, d, 0, 0);
	snprintf(f, sizeof f, "layers%s * %s * %s", streams, fc, cell);
	summary_formula(s, 0, f);
}

/* The recurrent layers' state beside the KV cache (hybrid models): a
 * closed form over the [recurrent] sizes, against size.c's per-layer walk. */
static void summary_recurrent(struct summary *s, const struct model *m, const struct deploy *d, const struct kv_alloc *A)
{
	char o[160];
	summary_int(s, A->recurrent_layers, "recurrent_layers");
	summary_words(s, "layers that keep a fixed recurrent state instead of KV cells (layer_types recurrent)");
	summary_explain(s, "%s", walk_note);
	summary_int(s, A->recurrent_bytes, "recurrent_bytes");
	summary_words(s, "bytes of the recurrent state: f32 x (n_embd_r + n_embd_s) per sequence per recurrent layer, "
		      "whatever the context (llama-memory-recurrent.cpp, llama-hparams.cpp n_embd_r / n_embd_s)");
	summary_input(s, "recurrent_layers", (double)A->recurrent_layers, "the layers whose kind is recurrent");
	summary_input(s, "n_seq", (double)d->n_seq, "parameter n_seq (-np): max(1, n_seq_max) rows");
	if (m->shortconv_l_cache > 0) {
		summary_input(s, "l_cache", (double)m->shortconv_l_cache, "%s", cf_origin(m, MF_SHORTCONV_L_CACHE, o, sizeof o));
		summary_input(s, "embd", (double)m->embd, "%s", cf_origin(m, MF_EMBD, o, sizeof o));
		summary_formula(s, 0, "recurrent_layers * n_seq * 4 * (l_cache - 1) * embd");
		return;
	}
	summary_input(s, "d_conv", (double)m->ssm_d_conv, "%s", cf_origin(m, MF_SSM_D_CONV, o, sizeof o));
	if (m->kda_head_dim > 0) {   /* llama-hparams.cpp: n_embd_head_kda */
		summary_input(s, "heads", (double)m->heads, "%s",
			      cf_origin(m, MF_HEADS, o, sizeof o));
		summary_input(s, "kda_head_dim", (double)m->kda_head_dim, "%s",
			      cf_origin(m, MF_KDA_HEAD_DIM, o, sizeof o));
		summary_formula(s, 0,
				m->ssm_d_conv > 0
				    ? "recurrent_layers * n_seq * 4 * (3 * "
				      "(d_conv - 1) * heads * kda_head_dim + "
				      "kda_head_dim * kda_head_dim * heads)"
				    : "recurrent_layers * n_seq * 4 * (3 * 3 * "
				      "heads * kda_head_dim + "
				      "kda_head_dim * kda_head_dim * heads)");
		return;
	}
	summary_input(s, "d_inner", (double)m->ssm_d_inner, "%s", cf_origin(m, MF_SSM_D_INNER, o, sizeof o));
	summary_input(s, "d_state", (double)m->ssm_d_state, "%s", cf_origin(m, MF_SSM_D_STATE, o, sizeof o));
	summary_input(s, "n_group", (double)m->ssm_n_group, "%s", cf_origin(m, MF_SSM_N_GROUP, o, sizeof o));
	if (m->ple_state > 0) {   /* llama-memory-recurrent.cpp cache_ple_r_l */
		summary_input(s, "ple_state", (double)m->ple_state, "%s",
			      cf_origin(m, MF_PLE_STATE, o, sizeof o));
		summary_formula(s, 0,
				"n_seq * 4 * (recurrent_layers * (max(d_conv - "
				"1, 0) * (d_inner + 2 * n_group * "
				"d_state) + d_state * d_inner) + ple_state)");
		return;
	}
	summary_formula(s, 0, "recurrent_layers * n_seq * 4 * (max(d_conv - 1, 0) * (d_inner + 2 * n_group * d_state) + "
			      "d_state * d_inner)");
}

/* The inputs of the tiny preset's runs: one sequence at tiny_ctx, -ub ub. */
static const char *in_tiny(struct summary *s, const struct is_state *st, int64_t ub, int cells_only)
{
	char o[160];
	if (!cells_only)
		in_layers(s, &st->tiny, 1);
	summary_input(s, "ctx", (double)st->tiny_ctx, "parameter tiny_ctx (-c)");
	summary_input(s, "n_seq", 1, "one sequence (the lesson's runs)");
	if (ub > 0) {
		summary_input(s, "window", (double)st->tiny.sliding_window, "%s",
			      cf_origin(&st->tiny, MF_SLIDING_WINDOW, o, sizeof o));
		cf_in_ubatch(s, ub, 2048, "parameter tiny_ubatch (-ub)");
	}
	return cells_only ? NULL : cf_in_cell(s, &st->tiny, st->tiny.kv_heads, NULL, 0);
}

static void is_summary(const void *vs, struct summary *s)
{
	const struct is_state *st = vs;
	const struct deploy *d = &st->d;
	char f[1024], swa[256];
	summary_int(s, st->a.n_ctx, "n_ctx");
	summary_words(s, "cells allocated for all sequences: -c padded to 256, and with a split cache n_seq streams of "
		      "pad256(n_ctx / n_seq) (llama-context.cpp)");
	cf_in_deploy(s, d->n_ctx, d->n_seq, 0, 0, 0, &st->m);
	snprintf(f, sizeof f, "%s%s", d->unified ? "" : "n_seq * ", cf_f_stream(d->unified));
	summary_formula(s, 0, f);
	summary_int(s, st->a.streams, "streams");
	summary_words(s, "cache streams: n_seq with a split cache, 1 with -kvu (llama-kv-cache.cpp n_stream)");
	summary_input(s, "n_seq", (double)d->n_seq, "parameter n_seq (-np)");
	summary_input(s, "unified", d->unified, "parameter unified (-kvu)");
	check_alloc(s, &st->m, d, &st->a);
	if (st->a.recurrent_layers)   /* a hybrid's state beside its cache; other models have none to check */
		summary_recurrent(s, &st->m, d, &st->a);
	summary_int(s, st->a.swa_cells * st->a.streams, "swa_cells_total");
	summary_words(s, "cells of the sliding-window cache over all streams");
	if (st->m.sliding_window > 0 && !st->m.swa_ignored) {
		cf_in_deploy(s, d->n_ctx, d->n_seq, st->m.sliding_window,
			     d->n_ubatch, d->n_batch, &st->m);
		cf_f_swa_of(swa, sizeof swa, &st->m, d);
		snprintf(f, sizeof f, "%s%s", swa, cf_f_streams(&st->m, d));
		summary_formula(s, 0, f);
	} else {
		summary_formula(s, 0, "0");
	}
	if (st->has_tiny && st->nruns) {
		const struct is_run *r0 = &st->runs[0];
		const char *G = cf_f_global(&st->tiny);
		summary_int(s, r0->a.global_bytes, "tiny_global_bytes");
		summary_words(s, "tiny preset: bytes of the full cache, global layers × cells × K and V bytes a cell");
		const char *cell = in_tiny(s, st, 0, 0);
		snprintf(f, sizeof f, "%s * %s * %s", G, cf_f_stream(0), cell);
		summary_formula(s, 0, f);
		for (int r = 0; r < st->nruns; r++) {
			const struct is_run *run = &st->runs[r];
			cf_f_swa(swa, sizeof swa, 0, run->swa_full);
			if (run->swa_full) {
				summary_int(s, run->a.local_bytes, "tiny_full_local_bytes");
				summary_words(s, "tiny preset, --swa-full: bytes of the local layers, which keep every cell");
				cell = in_tiny(s, st, 0, 0);
				snprintf(f, sizeof f, "(layers - %s) * %s * %s", G, swa, cell);
				summary_formula(s, 0, f);
				continue;
			}
			summary_int(s, run->a.swa_cells, "tiny_swa_cells.%lld", (long long)run->ub);
			summary_words(s, "tiny preset, -ub %lld: cells of the sliding-window cache", (long long)run->ub);
			in_tiny(s, st, run->ub, 1);
			summary_formula(s, 0, swa);
			summary_int(s, run->a.local_bytes, "tiny_local_bytes.%lld", (long long)run->ub);
			summary_words(s, "tiny preset, -ub %lld: bytes of the sliding-window cache, local layers × SWA cells × "
				      "K and V bytes a cell", (long long)run->ub);
			cell = in_tiny(s, st, run->ub, 0);
			snprintf(f, sizeof f, "(layers - %s) * %s * %s", G, swa, cell);
			summary_formula(s, 0, f);
		}
	}
}

/* llama.cpp's "llama_kv_cache: size = ..." line (llama-kv-cache.cpp), MiB as float %.2f. */
static void log_cache(FILE *out, const struct model *m, int64_t cells, int64_t layers, int64_t n_seq, int64_t streams,
		      int64_t kb, int64_t vb)
{
	fprintf(out,
		"I llama_kv_cache: size = %7.2f MiB (%6lld cells, %3lld layers, %2lld/%lld seqs), K (%s): %7.2f MiB, "
		"V (%s): %7.2f MiB\n",
		(double)(float)((double)(kb + vb) / MIB), (long long)cells, (long long)layers, (long long)n_seq,
		(long long)streams, model_cache_name(m->k_type), (double)(float)((double)kb / MIB),
		model_cache_name(m->v_type), (double)(float)((double)vb / MIB));
}

/* The log lines of one run (llama-kv-cache-iswa.cpp, or llama-kv-cache.cpp alone without a window). */
static void log_run(FILE *out, const struct model *m, const struct deploy *d, const struct kv_alloc *A)
{
	if (!A->windowed) {
		log_cache(out, m, A->full_cells, A->global_layers, d->n_seq, A->streams, A->global_k_bytes,
			  A->global_bytes - A->global_k_bytes);
		return;
	}
	if (d->swa_full)
		fprintf(out, "W llama_kv_cache_iswa: using full-size SWA cache (ref: "
			     "https://github.com/ggml-org/llama.cpp/pull/13194#issuecomment-2868343055)\n");
	fprintf(out, "I llama_kv_cache_iswa: creating non-SWA KV cache, size = %lld cells\n", (long long)A->full_cells);
	log_cache(out, m, A->full_cells, A->global_layers, d->n_seq, A->streams, A->global_k_bytes,
		  A->global_bytes - A->global_k_bytes);
	fprintf(out, "I llama_kv_cache_iswa: creating     SWA KV cache, size = %lld cells\n", (long long)A->swa_cells);
	log_cache(out, m, A->swa_cells, A->local_layers, d->n_seq, A->streams, A->local_k_bytes,
		  A->local_bytes - A->local_k_bytes);
}

static void is_print(const void *vs, FILE *out)
{
	const struct is_state *st = vs;
	char a[32], b[32], c[32], dep[80];
	if (st->has_tiny && st->nruns) {
		const struct model *t = &st->tiny;
		if (!st->lesson)
			fprintf(out, "what llama.cpp prints for the tiny preset at -c %lld:\n", (long long)st->tiny_ctx);
		fprintf(out, "I print_info: n_swa                 = %lld\nI print_info: is_swa_any            = 1\n",
			(long long)t->sliding_window);
		for (int r = 0; r < st->nruns; r++) {
			struct deploy td = deploy_default(st->tiny_ctx);
			td.n_ubatch = st->runs[r].ub;
			td.swa_full = st->runs[r].swa_full;
			log_run(out, t, &td, &st->runs[r].a);
			fprintf(out, "\n");
		}
		fprintf(out, "layers 0-%lld, pattern %lld: ", (long long)(2 * t->layers - 1), (long long)t->swa_pattern);
		for (int64_t il = 0; il < 2 * t->layers; il++)
			fputc(size_layer_kind(t, il % t->layers) == LAYER_LOCAL ? 'L' : 'G', out);
		fputc('\n', out);
		for (int r = 0; r < st->nruns; r++) {
			const struct kv_alloc *R = &st->runs[r].a;
			if (st->runs[r].swa_full)
				continue;
			fprintf(out, "tiny, -c %lld -ub %lld: global %lld x %lld cells = %s MiB, local %lld x %lld cells = %s MiB\n",
				(long long)st->tiny_ctx, (long long)st->runs[r].ub, (long long)R->global_layers,
				(long long)R->full_cells, fmt_fixed(a, sizeof a, (double)R->global_bytes / MIB, 2),
				(long long)R->local_layers, (long long)R->swa_cells, fmt_fixed(b, sizeof b, (double)R->local_bytes / MIB, 2));
		}
		const struct kv_alloc *F = &st->runs[st->nruns > 1 ? 1 : 0].a;
		fprintf(out, "tiny, --swa-full: local %lld x %lld cells = %s MiB\n", (long long)F->local_layers,
			(long long)F->swa_cells, fmt_fixed(a, sizeof a, (double)F->local_bytes / MIB, 2));
	}
	const struct kv_alloc *A = &st->a;
	if (!st->lesson) {
		fprintf(out, "what llama.cpp prints for these settings (%s, %s):\n", st->m.name,
			deploy_text(dep, sizeof dep, &st->d));
		log_run(out, &st->m, &st->d, A);
		if (st->m.swa_ignored)
			fprintf(out, "(llama.cpp ignores this model's sliding_window %lld: a full cache on every layer)\n",
				(long long)st->m.sliding_window);
	}
	char cells[48];
	if (A->streams > 1)
		snprintf(cells, sizeof cells, "%lld x %lld cells", (long long)A->streams, (long long)A->swa_cells);
	else
		snprintf(cells, sizeof cells, "%lld cells", (long long)A->swa_cells);
	fprintf(out, "%lld layers: %lld global, %lld local; global %s GiB + local %s GiB (%s) = %s GiB\n",
		(long long)st->m.layers, (long long)A->global_layers, (long long)A->local_layers,
		fmt_fixed(a, sizeof a, A->global_bytes / GIB, 2), fmt_fixed(b, sizeof b, A->local_bytes / GIB, 2), cells,
		fmt_fixed(c, sizeof c, A->total_bytes / GIB, 2));
	fprintf(out, "all %lld layers global (or --swa-full): %s GiB\n", (long long)st->m.layers,
		fmt_fixed(a, sizeof a, A->full_bytes / GIB, 2));
}

const struct scene_class scene_iswa = {
	.id = "iswa",
	.params = is_params,
	.nparams = IS_NPARAMS,
	.unshown = DP_BIT(DP_WEIGHTS), /* the caches only */
	.state_size = sizeof(struct is_state),
	.init = is_init,
	.nsteps = is_nsteps,
	.render = is_render,
	.summary = is_summary,
	.print = is_print,
};
