/*
 * memory (beyond the lesson): where a deployed model's memory goes.  The
 * loaded model's layers as a strip, marked by what each keeps (F a full
 * cache, S a sliding-window one, · none); each kind's cells and bytes at the
 * deployment (-c, -ub, -np, -kvu, --swa-full, -ctk, -ctv, -fa), every size
 * from src/model/size.c; then the KV cache, recurrent state, weights and the
 * compute and output buffers as one stacked bar; then the KV cache against
 * the context.  A part attnviz cannot size yet (recurrent state, weights,
 * the buffers) is shown as `-`, never as a number.
 *
 * Steps: 0 the strip, 1 each kind's cells and bytes, 2 the stacked bar,
 * 3 the cache as the context grows.
 */
#include <string.h>

#include "model/size.h"
#include "scene/scene.h"
#include "scenes/lib/common.h"
#include "scenes/lib/closed_form.h"

/* Contexts of the growth step (the deployment's own is added). */
static const int64_t grow_ctx[] = {4096, 32768, 131072};
#define ME_NGROW (sizeof grow_ctx / sizeof grow_ctx[0] + 1)

struct me_state {
	struct model m;          /* the loaded model with the deployment's cache types */
	struct deploy d;
	int fa;                  /* -fa: flash attention */
	struct kv_alloc a;
	struct kv_alloc grow[ME_NGROW];   /* the same deployment at grow_ctx, then at ctx */
	int64_t grow_n[ME_NGROW];
	int ngrow;
};

enum { ME_CTX, ME_UBATCH, ME_N_SEQ, ME_UNIFIED, ME_SWA_FULL, ME_K_TYPE, ME_V_TYPE, ME_FA, ME_NPARAMS };
#define ME_TYPES "f32|f16|bf16|q8_0|q4_0|q4_1|q5_0|q5_1|iq4_nl"
static const struct param_spec me_params[ME_NPARAMS + 1] = {
	[ME_CTX] = {.name = "ctx", .kind = PARAM_INT, .min = 1, .max = 1 << 24, .help = "-c context size"},
	[ME_UBATCH] = {.name = "ubatch", .kind = PARAM_INT, .min = 1, .max = 65536, .help = "-ub micro-batch"},
	[ME_N_SEQ] = {.name = "n_seq", .kind = PARAM_INT, .min = 1, .max = 256, .help = "-np parallel sequences"},
	[ME_UNIFIED] = {.name = "unified", .kind = PARAM_INT, .min = 0, .max = 1,
		.help = "1: -kvu, one cache stream for all sequences"},
	[ME_SWA_FULL] = {.name = "swa_full", .kind = PARAM_INT, .min = 0, .max = 1,
		.help = "1: --swa-full (sliding layers get every cell)"},
	/* the words in enum cache_type's order */
	[ME_K_TYPE] = {.name = "k_type", .kind = PARAM_WORDS, .min = 0, .max = 8, .max_count = 1,
		.help = ME_TYPES ": -ctk, the K cache type"},
	[ME_V_TYPE] = {.name = "v_type", .kind = PARAM_WORDS, .min = 0, .max = 8, .max_count = 1,
		.help = ME_TYPES ": -ctv, the V cache type (quantized only with fa = 1)"},
	[ME_FA] = {.name = "fa", .kind = PARAM_INT, .min = 0, .max = 1, .help = "1: -fa on, flash attention"},
	[ME_NPARAMS] = {0},
};

static int is_quantized(enum cache_type t)
{
	return t != CACHE_F32 && t != CACHE_F16 && t != CACHE_BF16;
}

static int me_init(void *vs, const struct scene_env *env, char *err, size_t errlen)
{
	struct me_state *st = vs;
	int n;
	st->m = *env->model;
	st->d.n_ctx = params_int(env->p, ME_CTX);
	st->d.n_ubatch = params_int(env->p, ME_UBATCH);
	st->d.n_seq = params_int(env->p, ME_N_SEQ);
	st->d.unified = (int)params_int(env->p, ME_UNIFIED);
	st->d.swa_full = (int)params_int(env->p, ME_SWA_FULL);
	st->fa = (int)params_int(env->p, ME_FA);
	st->m.k_type = (enum cache_type)(int)params_list(env->p, ME_K_TYPE, &n)[0];
	st->m.v_type = (enum cache_type)(int)params_list(env->p, ME_V_TYPE, &n)[0];
	model_set_origin(&st->m, MF_K_TYPE, "parameter k_type (-ctk)");
	model_set_origin(&st->m, MF_V_TYPE, "parameter v_type (-ctv)");
	/* llama-context.cpp: "quantized V cache was requested, but this requires Flash Attention" */
	if (is_quantized(st->m.v_type) && !st->fa) {
		snprintf(err, errlen, "v_type: a quantized V cache needs flash attention (fa = 1), as llama.cpp requires");
		return -1;
	}
	/* llama-context.cpp llama_init_from_model: "model does not support different K and V cache types" (MLA) */
	if (st->m.kind == ATTN_MLA && st->m.k_type != st->m.v_type) {
		snprintf(err, errlen, "k_type, v_type: llama.cpp refuses different K and V cache types for an MLA model");
		return -1;
	}
	char why[160];
	if (model_cache_blocks_ok(&st->m, why, sizeof why)) {
		snprintf(err, errlen, "k_type, v_type: %s", why);
		return -1;
	}
	if (size_alloc(&st->m, &st->d, &st->a) < 0) {
		snprintf(err, errlen, "ctx: the cache of this model overflows 64-bit arithmetic");
		return -1;
	}
	/* grow_ctx and the deployment's context, ascending, each once */
	int64_t ctxs[ME_NGROW];
	int nc = 0, placed = 0;
	for (size_t i = 0; i < ME_NGROW - 1; i++) {
		if (!placed && st->d.n_ctx <= grow_ctx[i]) {
			ctxs[nc++] = st->d.n_ctx;
			placed = 1;
		}
		if (grow_ctx[i] != st->d.n_ctx)
			ctxs[nc++] = grow_ctx[i];
	}
	if (!placed)
		ctxs[nc++] = st->d.n_ctx;
	for (int i = 0; i < nc; i++) {
		struct deploy g = st->d;
		g.n_ctx = ctxs[i];
		if (size_alloc(&st->m, &g, &st->grow[st->ngrow]) == 0)
			st->grow_n[st->ngrow++] = g.n_ctx;
	}
	return 0;
}

static int me_nsteps(const void *vs)
{
	(void)vs;
	return 3;
}

/* The glyph and colour of a layer's kind. */
static uint32_t kind_glyph(int k)
{
	return k == LAYER_LOCAL ? 'S' : k == LAYER_GLOBAL ? 'F' : 0x00b7;
}

static enum role kind_role(int k)
{
	return k == LAYER_LOCAL ? ROLE_BAR : k == LAYER_GLOBAL ? ROLE_ACCENT : ROLE_DIM;
}

/* The strip: one glyph a layer, at most `rows` rows; "+N more" when cut. */
static int draw_strip(struct canvas *c, int y, int rows, const struct kv_alloc *a, int64_t layers)
{
	int per_row = c->w;
	int64_t fit = (int64_t)per_row * rows;
	if (layers > fit)
		fit -= 10;   /* room for "+N more" */
	for (int64_t il = 0; il < layers && il < fit; il++)
		canvas_put(c, (int)(il % per_row), y + (int)(il / per_row), kind_glyph(a->layer_kind[il]),
			   kind_role(a->layer_kind[il]));
	if (layers > fit)
		canvas_printf_whole(c, (int)(fit % per_row) + 1, y + (int)(fit / per_row), ROLE_DIM, "+%lld more",
				    (long long)(layers - fit));
	int64_t shown = layers < fit ? layers : fit;
	return y + (int)((shown + per_row - 1) / per_row) + (layers > fit && fit % per_row == 0);
}

/* One kind's two lines: "F 10 full layers × 131072 cells", then "  1.00 GiB
 * a layer, 10.00 GiB in all" (the smallest and largest when layers differ). */
static int kind_line(struct canvas *c, int y, const struct kv_alloc *A, int64_t layers, int kind)
{
	int64_t n = 0, bytes = 0, cells = 0, lo = -1, hi = 0;
	for (int64_t il = 0; il < layers; il++)
		if (A->layer_kind[il] == kind) {
			n++;
			bytes += A->layer_bytes[il];
			cells = A->layer_cells[il];
			lo = lo < 0 || A->layer_bytes[il] < lo ? A->layer_bytes[il] : lo;
			hi = A->layer_bytes[il] > hi ? A->layer_bytes[il] : hi;
		}
	if (n == 0)
		return y;
	if (kind == LAYER_NONE) {
		canvas_printf_whole(c, 0, y, kind_role(kind), "· %lld layer%s without a cache: 0 B", (long long)n,
				    n == 1 ? "" : "s");
		return y + 1;
	}
	char b[32], l[32], h[32];
	fmt_bytes(b, sizeof b, (double)bytes);
	fmt_bytes(l, sizeof l, (double)lo);
	fmt_bytes(h, sizeof h, (double)hi);
	const char *name = kind == LAYER_LOCAL ? "sliding" : "full";
	if (A->streams > 1)
		canvas_printf_whole(c, 0, y, kind_role(kind), "%c %lld %s × %lld streams × %lld cells", (int)kind_glyph(kind),
				    (long long)n, name, (long long)A->streams, (long long)cells);
	else
		canvas_printf_whole(c, 0, y, kind_role(kind), "%c %lld %s layers × %lld cells", (int)kind_glyph(kind),
				    (long long)n, name, (long long)cells);
	if (lo == hi)
		canvas_printf_whole(c, 2, y + 1, ROLE_NORMAL, "%s a layer, %s in all", l, b);
	else
		canvas_printf_whole(c, 2, y + 1, ROLE_NORMAL, "%s to %s a layer, %s in all", l, h, b);
	return y + 2;
}

static const char *deploy_text(char *buf, size_t len, const struct me_state *st)
{
	const struct deploy *d = &st->d;
	snprintf(buf, len, "-c %lld -ub %lld -np %lld%s%s -fa %s", (long long)d->n_ctx, (long long)d->n_ubatch,
		 (long long)d->n_seq, d->unified ? " -kvu" : "", d->swa_full ? " --swa-full" : "", st->fa ? "on" : "off");
	return buf;
}

/* The parts of the stacked bar: bytes, or -1 when attnviz cannot size the part yet. */
struct part {
	const char *name;
	int64_t bytes;
	enum role role;
};

static int parts_of(const struct me_state *st, struct part *p)
{
	int n = 0;
	p[n++] = (struct part){"KV cache", st->a.total_bytes, ROLE_ACCENT};
	p[n++] = (struct part){"recurrent state", -1, ROLE_BAR2};
	p[n++] = (struct part){"weights", -1, ROLE_BAR};
	p[n++] = (struct part){"compute buffer", -1, ROLE_HEAT2};
	p[n++] = (struct part){"output buffer", -1, ROLE_HEAT3};
	return n;
}

static void render_bar(const struct me_state *st, struct canvas *c, int y)
{
	struct part p[8];
	int n = parts_of(st, p);
	int64_t known = 0;
	for (int i = 0; i < n; i++)
		known += p[i].bytes > 0 ? p[i].bytes : 0;
	/* the bar: each known part its share of the known total */
	int x = 0, w = c->w;
	for (int i = 0; i < n && known > 0; i++) {
		if (p[i].bytes <= 0)
			continue;
		int len = (int)((double)p[i].bytes / (double)known * w + 0.5);
		if (len < 1)
			len = 1;
		if (x + len > w)
			len = w - x;
		canvas_fill(c, x, y, len, 1, 0x2588, p[i].role);
		x += len;
	}
	y += 2;
	char b[32];
	for (int i = 0; i < n && y < c->h; i++, y++) {
		if (p[i].bytes >= 0) {
			fmt_bytes(b, sizeof b, (double)p[i].bytes);
			canvas_printf_whole(c, 0, y, p[i].role, "█ %-16s %s", p[i].name, b);
		} else {
			canvas_printf_whole(c, 0, y, ROLE_DIM, "  %-16s -  (not sized yet)", p[i].name);
		}
	}
	if (y < c->h)
		canvas_printf_whole(c, 0, y, ROLE_DIM, "  %-16s -", "total");
}

static void render_grow(const struct me_state *st, struct canvas *c, int y)
{
	int64_t scale = 0;
	for (int i = 0; i < st->ngrow; i++)
		if (st->grow[i].total_bytes > scale)
			scale = st->grow[i].total_bytes;
	canvas_text(c, 0, y++, ROLE_LABEL, "KV cache as the context grows");
	char b[32];
	for (int i = 0; i < st->ngrow && y + 1 < c->h; i++, y += 2) {
		const struct kv_alloc *g = &st->grow[i];
		fmt_bytes(b, sizeof b, (double)g->total_bytes);
		int here = st->grow_n[i] == st->d.n_ctx;
		canvas_printf_whole(c, 0, y, here ? ROLE_ACCENT : ROLE_NORMAL, "-c %lld%s", (long long)st->grow_n[i],
				    here ? " (this deployment)" : "");
		int barw = c->w - 12;
		double f = scale > 0 ? (double)g->total_bytes / (double)scale : 0;
		if (g->total_bytes > 0 && f * barw < 0.125)
			f = 0.125 / barw;
		canvas_bar(c, 0, y + 1, barw, f, here ? ROLE_ACCENT : ROLE_BAR);
		canvas_printf_whole(c, barw + 1, y + 1, ROLE_NORMAL, "%s", b);
	}
}

static void me_render(const void *vs, struct view *v)
{
	const struct me_state *st = vs;
	const struct kv_alloc *A = &st->a;
	struct canvas *c = v->pic, *s = v->side;
	char a[32], dep[96];
	canvas_wrap(s, 0, 0, s->w, 2, ROLE_LABEL, st->m.name);
	canvas_wrap(s, 0, 2, s->w, 3, ROLE_NORMAL, deploy_text(dep, sizeof dep, st));
	canvas_printf_whole(s, 0, 5, ROLE_NORMAL, "n_ctx %lld (pad 256)", (long long)A->n_ctx);
	canvas_printf_whole(s, 0, 6, ROLE_NORMAL, "%lld stream%s", (long long)A->streams, A->streams > 1 ? "s" : "");
	canvas_printf_whole(s, 0, 7, ROLE_NORMAL, "K %s, V %s", model_cache_name(st->m.k_type),
			    model_cache_name(st->m.v_type));
	canvas_wrap(s, 0, 9, s->w, 4, ROLE_DIM, "e: ctx, ubatch, n_seq, unified, swa_full, k_type, v_type, fa");

	canvas_text(c, 0, 0, ROLE_LABEL, A->windowed ? "F full, S sliding window, · no cache" : "F full cache, · no cache");
	int y = draw_strip(c, 1, 3, A, st->m.layers) + 1;
	if (v->step == 1) {
		y = kind_line(c, y, A, st->m.layers, LAYER_GLOBAL);
		y = kind_line(c, y, A, st->m.layers, LAYER_LOCAL);
		y = kind_line(c, y, A, st->m.layers, LAYER_NONE);
		fmt_bytes(a, sizeof a, (double)A->total_bytes);
		canvas_printf_whole(c, 0, y + 1, ROLE_OK, "KV cache  %s", a);
	} else if (v->step == 2) {
		render_bar(st, c, y);
	} else if (v->step >= 3) {
		render_grow(st, c, y);
	}

	fmt_bytes(a, sizeof a, (double)A->total_bytes);
	switch (v->step) {
	case 0:
		snprintf(v->narration, VIEW_NARRATION,
			 "%lld layers: %lld keep a full cache (F)%s%s. What a layer keeps decides how its memory grows with "
			 "the context.",
			 (long long)st->m.layers, (long long)A->global_layers,
			 A->local_layers ? ", the sliding ones (S) only the last window" : "",
			 A->none_layers ? ", those marked · none" : "");
		break;
	case 1:
		snprintf(v->narration, VIEW_NARRATION,
			 "At %s each full layer keeps every cell of each stream; a sliding layer pad256(min(cells, window + "
			 "ub)); %s of KV cache in %s K and %s V.",
			 dep, a, model_cache_name(st->m.k_type), model_cache_name(st->m.v_type));
		break;
	case 2:
		snprintf(v->narration, VIEW_NARRATION,
			 "The memory of the deployment as one bar: the KV cache is %s. Parts attnviz does not size yet "
			 "(recurrent state, weights, compute and output buffers) are shown as -, not guessed.", a);
		break;
	default:
		snprintf(v->narration, VIEW_NARRATION,
			 "Full layers grow with every token; sliding ones stop at the window. A hybrid's recurrent layers keep "
			 "one fixed state a sequence at any context and only its few attention layers grow: its memory stays "
			 "nearly flat.");
	}
}

/* The stream cells formula text (times n_seq when the cache is split). */
static void stream_text(char *buf, size_t len, const struct deploy *d, const char *cells)
{
	snprintf(buf, len, "%s%s", d->unified ? "" : "n_seq * ", cells);
}

/* The closed form of the whole KV cache for the item added last (a uniform
 * model: every layer the same KV heads, sliding by the pattern); a model whose
 * layers differ has none, and each of its layer_bytes.I is checked instead. */
static void kv_check(struct summary *s, const struct model *m, const struct deploy *d)
{
	char f[1024], swa[256], o[160];
	int windowed = m->sliding_window > 0 && !m->swa_ignored;
	if (!cf_uniform(m)) {
		summary_explain(s, "layers differ: the per-layer walk of src/model/size.c; each layer_bytes.I is checked");
		return;
	}
	const char *G = cf_f_global(m);
	cf_in_deploy(s, d->n_ctx, d->n_seq, windowed ? m->sliding_window : 0, d->n_ubatch, m);
	if (windowed)
		summary_input(s, "swa_pattern", (double)m->swa_pattern, "%s", cf_origin(m, MF_SWA_PATTERN, o, sizeof o));
	summary_input(s, "layers", (double)m->layers, "%s", cf_origin(m, MF_LAYERS, o, sizeof o));
	const char *cell = cf_in_cell(s, m, m->kv_heads, NULL, 0);
	summary_explain(s, "llama-context.cpp pads n_ctx to 256 and splits it per sequence; llama-kv-cache.cpp keeps "
		       "ggml_row_size(type, n_embd_gqa) a cell a stream; llama-kv-cache-iswa.cpp sizes the sliding layers");
	cf_f_swa(swa, sizeof swa, d->unified, d->swa_full);
	if (windowed)
		snprintf(f, sizeof f, "(%s * %s + (layers - %s) * %s)%s * %s", G, cf_f_stream(d->unified), G, swa,
			 d->unified ? "" : " * n_seq", cell);
	else
		snprintf(f, sizeof f, "layers%s * %s * %s", d->unified ? "" : " * n_seq", cf_f_stream(d->unified), cell);
	summary_formula(s, 0, f);
}

static void me_summary(const void *vs, struct summary *s)
{
	const struct me_state *st = vs;
	const struct model *m = &st->m;
	const struct deploy *d = &st->d;
	const struct kv_alloc *A = &st->a;
	char f[1024], swa[256], fs[300], o[160];
	int uni = cf_uniform(m);

	summary_int(s, A->global_layers + A->local_layers, "layers_kv");
	summary_words(s, "layers that keep a KV cache (full or sliding window)");
	if (uni) {
		summary_input(s, "layers", (double)m->layers, "%s", cf_origin(m, MF_LAYERS, o, sizeof o));
		summary_explain(s, "every layer has %lld KV heads: each keeps a cache", (long long)m->kv_heads);
		summary_formula(s, 0, "layers");
	}
	summary_unknown(s, "layers_recurrent");
	summary_words(s, "layers that keep a recurrent state instead (hybrid models): not read yet, so not known");
	summary_unknown(s, "layers_shared");
	summary_words(s, "layers that reuse an earlier layer's cache: not told apart from layers without a cache yet");

	summary_int(s, A->total_bytes, "kv_bytes");
	summary_words(s, "bytes of the KV cache: every layer, every stream, K and V in their cache types");
	kv_check(s, m, d);
	for (int64_t il = 0; il < m->layers; il++) {
		int k = A->layer_kind[il];
		summary_int(s, A->layer_bytes[il], "layer_bytes.%lld", (long long)il);
		if (k == LAYER_NONE) {
			summary_words(s, "layer %lld keeps no KV cache", (long long)il);
			summary_input(s, "kv_heads", m->layer_kv_heads[il], "%s", cf_origin(m, MF_KV_HEADS, o, sizeof o));
			summary_formula(s, 0, "kv_heads");
			continue;
		}
		summary_words(s, "layer %lld (%s): cells a stream × streams × K and V bytes a cell", (long long)il,
			      k == LAYER_LOCAL ? "sliding window" : "full");
		cf_in_deploy(s, d->n_ctx, d->n_seq, k == LAYER_LOCAL ? m->sliding_window : 0, d->n_ubatch, m);
		char ko[200];
		snprintf(ko, sizeof ko, "layer %lld's KV heads: %s", (long long)il, cf_origin(m, MF_KV_HEADS, o, sizeof o));
		const char *cell = cf_in_cell(s, m, m->layer_kv_heads[il], ko, 0);
		if (k == LAYER_LOCAL)
			cf_f_swa(swa, sizeof swa, d->unified, d->swa_full);
		stream_text(fs, sizeof fs, d, k == LAYER_LOCAL ? swa : cf_f_stream(d->unified));
		snprintf(f, sizeof f, "%s * %s", fs, cell);
		summary_formula(s, 0, f);
	}

	summary_unknown(s, "recurrent_bytes");
	summary_words(s, "bytes of the recurrent state (f32, fixed per sequence): not sized yet");
	summary_unknown(s, "weights_bytes");
	summary_words(s, "bytes of the weights: not sized yet (they need the tensor types)");
	summary_unknown(s, "compute_bytes");
	summary_words(s, "bytes of llama.cpp's compute buffer: not sized yet");
	summary_unknown(s, "output_bytes");
	summary_words(s, "bytes of llama.cpp's output buffer: not sized yet");
	summary_unknown(s, "total_bytes");
	summary_words(s, "weights + KV + recurrent state + compute + output: not known while a part is not");
	for (int i = 0; i < st->ngrow; i++) {
		summary_int(s, st->grow[i].total_bytes, "kv_bytes_at.%lld", (long long)st->grow_n[i]);
		summary_words(s, "bytes of the KV cache at -c %lld, the rest of the deployment alike", (long long)st->grow_n[i]);
		struct deploy g = *d;
		g.n_ctx = st->grow_n[i];
		kv_check(s, m, &g);
	}
}

static void me_print(const void *vs, FILE *out)
{
	const struct me_state *st = vs;
	const struct kv_alloc *A = &st->a;
	char a[32], dep[96];
	fprintf(out, "%s, %s, K %s, V %s\n", st->m.name, deploy_text(dep, sizeof dep, st), model_cache_name(st->m.k_type),
		model_cache_name(st->m.v_type));
	fprintf(out, "layers: ");
	for (int64_t il = 0; il < st->m.layers; il++)
		fputc(A->layer_kind[il] == LAYER_LOCAL ? 'S' : A->layer_kind[il] == LAYER_GLOBAL ? 'F' : '.', out);
	fputc('\n', out);
	for (int64_t il = 0; il < st->m.layers; il++)
		fprintf(out, "layer %3lld  %-7s %8lld cells x %lld  %14lld B\n", (long long)il,
			A->layer_kind[il] == LAYER_LOCAL ? "sliding" : A->layer_kind[il] == LAYER_GLOBAL ? "full" : "none",
			(long long)A->layer_cells[il], (long long)A->streams, (long long)A->layer_bytes[il]);
	struct part p[8];
	int n = parts_of(st, p);
	for (int i = 0; i < n; i++) {
		if (p[i].bytes >= 0) {
			fmt_bytes(a, sizeof a, (double)p[i].bytes);
			fprintf(out, "%-16s %s\n", p[i].name, a);
		} else {
			fprintf(out, "%-16s - (not sized yet)\n", p[i].name);
		}
	}
	fprintf(out, "%-16s -\n", "total");
}

const struct scene_class scene_memory = {
	.id = "memory",
	.params = me_params,
	.nparams = ME_NPARAMS,
	.state_size = sizeof(struct me_state),
	.init = me_init,
	.nsteps = me_nsteps,
	.render = me_render,
	.summary = me_summary,
	.print = me_print,
};
