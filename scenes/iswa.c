/*
 * iswa (lesson Ex. 10): the layer strip (L local, G global) from the
 * model's swa_pattern, and the two caches llama.cpp allocates: the global
 * one with every cell, the local one with pad(min(n_ctx, n_swa·n_seq +
 * n_ubatch), 256) cells, or all of them with --swa-full.  The lesson's tiny
 * SWA model is a second preset, whose llama.cpp log lines --print rebuilds.
 * Steps: the strip, the global cache, the local cache, the totals.
 */
#include <string.h>

#include "scene/scene.h"
#include "scenes/common.h"

#define IS_MAX_UB 8

struct is_state {
	struct model m;
	int has_window;
	int64_t ctx, ubatch, n_seq;
	int swa_full;
	int64_t global_layers, local_layers, cells, per_cell;   /* per_cell: bytes per cell per layer */
	int64_t global_bytes, local_bytes, full_bytes;
	struct model tiny;
	int64_t tiny_ctx;
	int ntiny;
	int64_t tiny_ub[IS_MAX_UB];
};

static const struct param_spec is_params[] = {
	{"ctx", PARAM_INT, 1, 1 << 24, 1, 0, "-c context size"},
	{"ubatch", PARAM_INT, 1, 65536, 1, 0, "-ub micro-batch"},
	{"n_seq", PARAM_INT, 1, 256, 1, 0, "parallel sequences"},
	{"swa_full", PARAM_INT, 0, 1, 1, 0, "1: --swa-full (local layers get every cell)"},
	{"tiny_ctx", PARAM_INT, 1, 1 << 24, 1, 0, "tiny preset: -c"},
	{"tiny_ubatch", PARAM_INTS, 1, 65536, IS_MAX_UB, 0, "tiny preset: -ub runs"},
	{0},
};

static int is_init(void *vs, const struct scene_env *env, char *err, size_t errlen)
{
	struct is_state *st = vs;
	int nub;
	const double *ub = params_list(env->p, "tiny_ubatch", &nub);
	st->m = *env->model;
	/* a window llama.cpp does not read (Mistral v0.1) allocates like none */
	st->has_window = st->m.sliding_window > 0 && !st->m.swa_ignored;
	st->ctx = params_int(env->p, "ctx");
	st->ubatch = params_int(env->p, "ubatch");
	st->n_seq = params_int(env->p, "n_seq");
	st->swa_full = (int)params_int(env->p, "swa_full");
	st->local_layers = model_local_layers(&st->m);
	st->global_layers = st->m.layers - st->local_layers;
	st->per_cell = model_kv_bytes_per_token_layer(&st->m);
	st->cells = !st->has_window ? 0 : st->swa_full ? st->ctx
		    : model_swa_cells(st->ctx, st->m.sliding_window, st->n_seq, st->ubatch);
	st->global_bytes = st->global_layers * st->ctx * st->per_cell;
	st->local_bytes = st->local_layers * st->cells * st->per_cell;
	st->full_bytes = st->m.layers * st->ctx * st->per_cell;
	st->tiny_ctx = params_int(env->p, "tiny_ctx");
	st->ntiny = nub;
	for (int i = 0; i < nub; i++)
		st->tiny_ub[i] = (int64_t)ub[i];
	/* The preset is a shipped model file; without it the scene still works, minus the tiny rows. */
	char terr[600];
	if (model_find_load(&st->tiny, "tiny-gemma3-swa", terr, sizeof terr) < 0)
		st->ntiny = 0;
	(void)err, (void)errlen;
	return 0;
}

static int is_nsteps(const void *vs)
{
	(void)vs;
	return 4;
}

static void is_render(const void *vs, struct view *v)
{
	const struct is_state *st = vs;
	struct canvas *c = v->pic;
	char a[32], b[32];
	canvas_printf(c, 0, 0, ROLE_LABEL, "layers (L local, G global), pattern %lld, window %lld",
		      (long long)st->m.swa_pattern, (long long)st->m.sliding_window);
	int per_row = c->w - 2;
	for (int64_t il = 0; il < st->m.layers; il++) {
		int local = model_layer_is_local(&st->m, il);
		canvas_put(c, (int)(il % per_row), 1 + (int)(il / per_row), local ? 'L' : 'G', local ? ROLE_BAR : ROLE_ACCENT);
	}
	int y = 3 + (int)((st->m.layers - 1) / per_row);
	int barw = c->w - 2;
	if (v->step >= 1) {
		fmt_bytes(a, sizeof a, (double)st->global_bytes);
		canvas_printf(c, 0, y, ROLE_ACCENT, "global cache: %lld layers × %lld cells = %s", (long long)st->global_layers,
			      (long long)st->ctx, a);
		canvas_bar(c, 0, y + 1, barw, 1.0, ROLE_ACCENT);
	}
	if (v->step >= 2) {
		fmt_bytes(a, sizeof a, (double)st->local_bytes);
		canvas_printf(c, 0, y + 3, ROLE_BAR, "local cache: %lld layers × %lld cells = %s%s", (long long)st->local_layers,
			      (long long)st->cells, a, st->swa_full ? "  (--swa-full)" : "");
		canvas_bar(c, 0, y + 4, barw, (double)st->cells / st->ctx, ROLE_BAR);
	}
	if (v->step >= 3) {
		fmt_bytes(a, sizeof a, (double)(st->global_bytes + st->local_bytes));
		fmt_bytes(b, sizeof b, (double)st->full_bytes);
		canvas_printf(c, 0, y + 6, ROLE_OK, "total %s   against %s with every layer global", a, b);
	}
	struct canvas *s = v->side;
	canvas_wrap(s, 0, 0, s->w, 2, ROLE_LABEL, st->m.name);
	canvas_printf(s, 0, 2, ROLE_NORMAL, "-c %lld -ub %lld", (long long)st->ctx, (long long)st->ubatch);
	canvas_printf(s, 0, 3, ROLE_NORMAL, "n_seq %lld%s", (long long)st->n_seq, st->swa_full ? "  --swa-full" : "");
	canvas_printf(s, 0, 4, ROLE_NORMAL, "%lld B per cell per layer", (long long)st->per_cell);
	canvas_text(s, 0, 6, ROLE_DIM, "e: swa_full=1, ubatch=64");
	if (!st->has_window)
		canvas_wrap(s, 0, 8, s->w, 4, ROLE_HOT, "this model has no sliding window: every layer is global");

	switch (v->step) {
	case 0:
		snprintf(v->narration, VIEW_NARRATION,
			 "set_swa_pattern(%lld) marks layer il local when il %% %lld < %lld: %lld local and %lld global layers. "
			 "Local layers keep a small cache; global layers carry information the whole distance.",
			 (long long)st->m.swa_pattern, (long long)st->m.swa_pattern, (long long)st->m.swa_pattern - 1,
			 (long long)st->local_layers, (long long)st->global_layers);
		break;
	case 1:
		fmt_bytes(a, sizeof a, (double)st->global_bytes);
		snprintf(v->narration, VIEW_NARRATION, "The non-SWA (global) cache holds every one of the %lld cells in %lld layers: %s.",
			 (long long)st->ctx, (long long)st->global_layers, a);
		break;
	case 2:
		fmt_bytes(a, sizeof a, (double)st->local_bytes);
		if (st->swa_full)
			snprintf(v->narration, VIEW_NARRATION,
				 "--swa-full gives the local layers all %lld cells (%s): the saving is traded for prefix reuse.",
				 (long long)st->ctx, a);
		else
			snprintf(v->narration, VIEW_NARRATION,
				 "The SWA cache: pad(min(%lld, %lld × %lld + %lld), 256) = %lld cells, since the cache must also hold "
				 "the micro-batch being processed: %s for %lld layers.",
				 (long long)st->ctx, (long long)st->m.sliding_window, (long long)st->n_seq, (long long)st->ubatch,
				 (long long)st->cells, a, (long long)st->local_layers);
		break;
	default:
		fmt_bytes(a, sizeof a, (double)(st->global_bytes + st->local_bytes));
		fmt_bytes(b, sizeof b, (double)st->full_bytes);
		snprintf(v->narration, VIEW_NARRATION, "Total %s against %s if every layer were global (or with --swa-full).", a, b);
	}
}

static int64_t tiny_per_cell(const struct is_state *st)
{
	return model_kv_bytes_per_token_layer(&st->tiny);
}

static void is_summary(const void *vs, struct summary *s)
{
	const struct is_state *st = vs;
	int64_t L = st->m.layers, n = st->m.swa_pattern;
	/* Layer counts by the closed form: with pattern n, the globals are il = n-1, 2n-1, ... */
	int64_t globals = !st->has_window ? L : n <= 0 ? 0 : L / n;
	sum_int_check(s, st->global_layers, globals, "global_layers");
	sum_int_check(s, st->local_layers, L - globals, "local_layers");
	sum_int(s, st->cells, "swa_cells");
	sum_int(s, st->global_bytes, "global_bytes");
	sum_int(s, st->local_bytes, "local_bytes");
	sum_int_check(s, st->global_bytes + st->local_bytes,
		      st->full_bytes - st->local_layers * (st->ctx - st->cells) * st->per_cell, "total_bytes");
	sum_int(s, st->full_bytes, "full_bytes");
	if (st->ntiny) {
		int64_t pc = tiny_per_cell(st), tl = model_local_layers(&st->tiny), tg = st->tiny.layers - tl;
		sum_int(s, tg * st->tiny_ctx * pc, "tiny_global_bytes");
		for (int i = 0; i < st->ntiny; i++) {
			int64_t cells = model_swa_cells(st->tiny_ctx, st->tiny.sliding_window, 1, st->tiny_ub[i]);
			sum_int(s, cells, "tiny_swa_cells.%lld", (long long)st->tiny_ub[i]);
			sum_int(s, tl * cells * pc, "tiny_local_bytes.%lld", (long long)st->tiny_ub[i]);
		}
		sum_int(s, tl * st->tiny_ctx * pc, "tiny_full_local_bytes");
	}
}

/* One of llama.cpp's "llama_kv_cache: size = ..." lines. */
static void log_cache(FILE *out, const struct model *m, int64_t cells, int64_t layers)
{
	double total = (double)(cells * layers * model_kv_bytes_per_token_layer(m)) / MIB;
	char t[32], half[32];
	fmt_fixed(t, sizeof t, total, 2);
	fmt_fixed(half, sizeof half, total / 2, 2);
	fprintf(out, "I llama_kv_cache: size = %7s MiB (%6lld cells, %3lld layers,  1/1 seqs), K (%s): %7s MiB, V (%s): %7s MiB\n",
		t, (long long)cells, (long long)layers, model_cache_name(m->k_type), half, model_cache_name(m->k_type), half);
}

static void is_print(const void *vs, FILE *out)
{
	const struct is_state *st = vs;
	char a[32], b[32], c[32];
	if (st->ntiny) {
		const struct model *t = &st->tiny;
		int64_t tl = model_local_layers(t), tg = t->layers - tl, pc = tiny_per_cell(st);
		/* The tiny model's runs as the pinned llama.cpp build logs them. */
		for (int run = 0; run <= st->ntiny; run++) {
			int full = run == 1;   /* the lesson's second run is --swa-full at the first -ub */
			int64_t ub = st->tiny_ub[run <= 1 ? 0 : run - 1];
			int64_t cells = full ? st->tiny_ctx : model_swa_cells(st->tiny_ctx, t->sliding_window, 1, ub);
			if (run == 0)
				fprintf(out, "I print_info: n_swa                 = %lld\nI print_info: is_swa_any            = 1\n",
					(long long)t->sliding_window);
			if (full)
				fprintf(out, "W llama_kv_cache_iswa: using full-size SWA cache (ref: https://github.com/ggml-org/llama.cpp/pull/13194#issuecomment-2868343055)\n");
			fprintf(out, "I llama_kv_cache_iswa: creating non-SWA KV cache, size = %lld cells\n", (long long)st->tiny_ctx);
			log_cache(out, t, st->tiny_ctx, tg);
			fprintf(out, "I llama_kv_cache_iswa: creating     SWA KV cache, size = %lld cells\n", (long long)cells);
			log_cache(out, t, cells, tl);
			fprintf(out, "\n");
		}
		fprintf(out, "layers 0-11, pattern %lld: ", (long long)t->swa_pattern);
		for (int il = 0; il < 12; il++)
			fputc(model_layer_is_local(t, il) ? 'L' : 'G', out);
		fputc('\n', out);
		for (int i = 0; i < st->ntiny; i++) {
			int64_t cells = model_swa_cells(st->tiny_ctx, t->sliding_window, 1, st->tiny_ub[i]);
			fprintf(out, "tiny, -c %lld -ub %lld: global %lld x %lld cells = %s MiB, local %lld x %lld cells = %s MiB\n",
				(long long)st->tiny_ctx, (long long)st->tiny_ub[i], (long long)tg, (long long)st->tiny_ctx,
				fmt_fixed(a, sizeof a, (double)(tg * st->tiny_ctx * pc) / MIB, 2), (long long)tl, (long long)cells,
				fmt_fixed(b, sizeof b, (double)(tl * cells * pc) / MIB, 2));
		}
		fprintf(out, "tiny, --swa-full: local %lld x %lld cells = %s MiB\n", (long long)tl, (long long)st->tiny_ctx,
			fmt_fixed(a, sizeof a, (double)(tl * st->tiny_ctx * pc) / MIB, 2));
	}
	fprintf(out, "%lld layers: %lld global, %lld local; global %s GiB + local %s GiB (%lld cells) = %s GiB\n",
		(long long)st->m.layers, (long long)st->global_layers, (long long)st->local_layers,
		fmt_fixed(a, sizeof a, st->global_bytes / GIB, 2), fmt_fixed(b, sizeof b, st->local_bytes / GIB, 2),
		(long long)st->cells, fmt_fixed(c, sizeof c, (st->global_bytes + st->local_bytes) / GIB, 2));
	fprintf(out, "all %lld layers global (or --swa-full): %s GiB\n", (long long)st->m.layers,
		fmt_fixed(a, sizeof a, st->full_bytes / GIB, 2));
}

const struct scene_class scene_iswa = {
	.id = "iswa",
	.params = is_params,
	.state_size = sizeof(struct is_state),
	.init = is_init,
	.nsteps = is_nsteps,
	.render = is_render,
	.summary = is_summary,
	.print = is_print,
};
