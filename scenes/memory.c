/*
 * memory (beyond the lesson): where a deployed model's memory goes.  The
 * loaded model's layers as a strip, marked by what each keeps (F a full
 * cache, S a sliding-window one, C a chunked one, R a recurrent state, = an
 * earlier layer's cache, · none); each kind's cells and bytes at the
 * deployment (-c, -ub, -np, -kvu, --swa-full, -ctk, -ctv, -fa), every size
 * from src/size/size.c; then the weights, KV cache, recurrent state and the
 * compute and output buffers as one stacked bar, each marked exact,
 * modelled or estimated; then the KV cache and the state against the
 * context.  A deployment llama.cpp refuses (size_refuse) shows its reason.
 *
 * Steps: 0 the strip, 1 each kind's cells and bytes, 2 the stacked bar,
 * 3 the cache as the context grows.
 */
#include <string.h>

#include "glyph.h"
#include "size/size.h"
#include "model/wquant_model.h"
#include "scene/deploy_params.h"
#include "scene/scene.h"
#include "scenes/lib/closed_form.h"
#include "scenes/lib/compress_check.h"
#include "scenes/lib/common.h"
#include "scenes/lib/layer_strip.h"
#include "scenes/lib/weights.h"

/* Contexts of the growth step (the deployment's own is added). */
static const int64_t grow_ctx[] = {4096, 32768, 131072};
#define ME_NGROW (sizeof grow_ctx / sizeof grow_ctx[0] + 1)

struct me_state {
	struct model m;          /* the loaded model with the deployment's cache types */
	struct deploy d;         /* flash_attn is the fa parameter */
	struct kv_alloc a;
	struct buffer_sizes b;   /* compute and output buffers (src/size/buffers.c) */
	struct kv_alloc grow[ME_NGROW];   /* the same deployment at grow_ctx, then at ctx */
	int64_t grow_n[ME_NGROW];
	int ngrow;
};

enum { ME_NPARAMS = DP_COUNT };
static const struct param_spec me_params[ME_NPARAMS + 1] = {DEPLOY_SPECS};

static int me_init(void *vs, const struct scene_env *env, char *err, size_t errlen)
{
	struct me_state *st = vs;
	if (deploy_params_apply(env->p, env->model, &st->m, &st->d, err,
				errlen) < 0)
		return -1;
	/* A context llama.cpp refuses to create has no size: its reason instead
	 * (quantized V without -fa, K and V apart on MLA, a head size a block
	 * does not divide). */
	if (size_refuse(&st->m, &st->d, err, errlen))
		return -1;
	if (size_alloc(&st->m, &st->d, &st->a) < 0 || size_buffers(&st->m, &st->d, &st->b) < 0) {
		snprintf(err, errlen, "ctx: the memory of this model overflows 64-bit arithmetic");
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

/* A layer's kind as the strip marks it (enum layer_type): its glyph, role and name. */
static const struct me_kind {
	uint32_t glyph;
	enum role role;
	const char *name;
} kinds[] = {
	[LT_FULL] = {'F', ROLE_ACCENT, "full"},      [LT_SLIDING] = {'S', ROLE_BAR, "sliding"},
	[LT_CHUNKED] = {'C', ROLE_HEAT2, "chunked"}, [LT_RECURRENT] = {'R', ROLE_BAR2, "recurrent"},
	[LT_SHARED] = {'=', ROLE_HEAT3, "shared"},   [LT_NONE] = {0x00b7, ROLE_DIM, "none"},
};
#define ME_NKINDS (sizeof kinds / sizeof kinds[0])
/* Falcon-H1's layers run attention and a Mamba2 mixer side by side
 * (src/models/falcon-h1.cpp): a full layer that also keeps the recurrent
 * state, marked as both kinds, not as F alone. */
static const struct me_kind both = {'P', ROLE_BAR2, "full+recurrent"};

/* Layer il's mark: its kind's, or both's for a parallel model's full layer. */
static struct layer_mark layer_mark(const void *ctx, int64_t il)
{
	const struct model *m = ctx;
	const struct me_kind *k = m->ssm_parallel && m->layer_type[il] == LT_FULL ? &both : &kinds[m->layer_type[il]];
	return (struct layer_mark){k->glyph, k->role};
}

/* The strip's legend: the kinds the model has, "F full  R recurrent  · none". */
static void draw_legend(struct canvas *c, int y, const struct model *m)
{
	int have[ME_NKINDS] = {0}, x = 0;
	for (int64_t il = 0; il < m->layers; il++)
		have[m->layer_type[il]] = 1;
	for (size_t k = 0; k < ME_NKINDS; k++) {
		if (!have[k])
			continue;
		int is_both = m->ssm_parallel && k == LT_FULL;
		const char *name = is_both ? both.name : kinds[k].name;
		int w = (int)strlen(name) + 2;
		if (x + w > c->w)
			break;
		canvas_put(c, x, y, is_both ? both.glyph : kinds[k].glyph, is_both ? both.role : kinds[k].role);
		canvas_text(c, x + 2, y, ROLE_LABEL, name);
		x += w + 2;
	}
}

/* One kind's lines: "F 10 full layers × 131072 cells", then "  1.00 GiB a
 * layer, 10.00 GiB in all" (the smallest and largest when layers differ). */
static int kind_line(struct canvas *c, int y, const struct me_state *st, enum layer_type kind)
{
	const struct kv_alloc *A = &st->a;
	int64_t n = 0, bytes = 0, cells = 0, lo = -1, hi = 0;
	for (int64_t il = 0; il < st->m.layers; il++)
		if (st->m.layer_type[il] == kind) {
			int64_t b = kind == LT_RECURRENT ? A->state_bytes_layer : A->layer_bytes[il];
			n++;
			bytes += b;
			cells = A->layer_cells[il];
			lo = lo < 0 || b < lo ? b : lo;
			hi = b > hi ? b : hi;
		}
	if (n == 0)
		return y;
	char b[32], l[32], h[32];
	fmt_bytes(b, sizeof b, (double)bytes);
	fmt_bytes(l, sizeof l, (double)lo);
	fmt_bytes(h, sizeof h, (double)hi);
	int is_both = st->m.ssm_parallel && kind == LT_FULL;
	uint32_t g = is_both ? both.glyph : kinds[kind].glyph;
	enum role r = is_both ? both.role : kinds[kind].role;
	const char *s1 = n == 1 ? "" : "s";
	if (kind == LT_SHARED) {
		canvas_put(c, 0, y, g, r);
		canvas_printf_whole(c, 2, y, r, "%lld shared layer%s: an earlier layer's cache, 0 B", (long long)n, s1);
		return y + 1;
	}
	if (kind == LT_NONE) {
		canvas_put(c, 0, y, g, r);
		int64_t nextn = st->m.nextn_layers;   /* model_finish makes them LT_NONE */
		if (bytes)   /* in the cache with 0 KV heads: V rows padded without -fa */
			canvas_printf_whole(c, 2, y, r, "%lld layer%s, no KV heads: V padding %s", (long long)n, s1, b);
		else if (nextn == n)
			canvas_printf_whole(c, 2, y, r, "%lld nextn (MTP) layer%s, filtered out: 0 B", (long long)n, s1);
		else
			canvas_printf_whole(c, 2, y, r, "%lld layer%s without a cache: 0 B", (long long)n, s1);
		return y + 1;
	}
	canvas_put(c, 0, y, g, r);
	if (kind == LT_RECURRENT)
		canvas_printf_whole(c, 2, y, r, "%lld recurrent × %lld sequence%s, any context", (long long)n,
				    (long long)st->d.n_seq, st->d.n_seq == 1 ? "" : "s");
	else if (A->streams > 1)
		canvas_printf_whole(c, 2, y, r, "%lld %s × %lld streams × %lld cells", (long long)n, kinds[kind].name,
				    (long long)A->streams, (long long)cells);
	else
		canvas_printf_whole(c, 2, y, r, "%lld %s layer%s × %lld cells", (long long)n, kinds[kind].name, s1,
				    (long long)cells);
	if (lo == hi)
		canvas_printf_whole(c, 2, y + 1, ROLE_NORMAL, "%s a layer, %s in all", l, b);
	else
		canvas_printf_whole(c, 2, y + 1, ROLE_NORMAL, "%s to %s a layer, %s in all", l, h, b);
	return y + 2;
}

/* n_ctx_seq when it passes the trained context (size_past_train), else 0. */
static int64_t past_train(const struct me_state *st)
{
	return size_past_train(&st->m, &st->a);
}

static const char *deploy_text(char *buf, size_t len, const struct me_state *st)
{
	const struct deploy *d = &st->d;
	snprintf(buf, len, "-c %lld -ub %lld -np %lld%s%s -fa %s", (long long)d->n_ctx, (long long)d->n_ubatch,
		 (long long)d->n_seq, d->unified ? " -kvu" : "", d->swa_full ? " --swa-full" : "",
		 d->flash_attn ? "on" : "off");
	return buf;
}

/* The parts of the stacked bar, each with how its size is known and the
 * glyph and role its segment and its legend swatch share. */
struct part {
	const char *name;
	int64_t bytes;
	enum role role;
	const char *mark;
	uint32_t glyph;
};

/* Each part its own glyph and its own colour (DESIGN section 3: colour is
 * never the only carrier): under NO_COLOR the glyph still tells where the
 * weights end and the KV cache starts, and in colour no two parts share the
 * swatch the legend shows. */
enum { PART_WEIGHTS, PART_KV, PART_RECURRENT, PART_COMPUTE, PART_OUTPUT, PART_COUNT };
static const struct part_look {
	uint32_t glyph;
	enum role role;
} part_looks[PART_COUNT] = {
	[PART_WEIGHTS] = {GLYPH_FULL, ROLE_BAR},       [PART_KV] = {GLYPH_DARK, ROLE_ACCENT},
	[PART_RECURRENT] = {GLYPH_MEDIUM, ROLE_BAR2},  [PART_COMPUTE] = {0x2584, ROLE_HEAT1},   /* ▄: ░ in blue was faint */
	[PART_OUTPUT] = {0x25a0, ROLE_HEAT4},          /* ■ */
};

/* How the weights' bytes were had, for the narration: what was counted,
 * or what stands in for the tensors that were not. */
static const char *weights_how(const struct model *m, char *buf, size_t len)
{
	if (m->weights_from == WEIGHTS_COUNTED && m->format == MODEL_GGUF &&
	    !m->weights_type[0])
		return "the GGUF's tensors";
	if (m->weights_from == WEIGHTS_COUNTED) {
		snprintf(buf, len, "each tensor in %s", m->weights_type);
		return buf;
	}
	if (m->weights_from == WEIGHTS_GIVEN)
		return "the model file's weights_bytes";
	const struct wq_ftype *f = wq_ftype_find(m->weights_type);
	/* wquant_model without the tensors: the type's bytes a value */
	if (f) {
		const char *tname;
		snprintf(buf, len, "%s: %.4g B a parameter", f->name,
			 wq_ftype_bpv(f, &tname));
		return buf;
	}
	/* model_finish, wquant_model or the config.json reader: "estimated:
	 * params x 2 bytes ..." */
	const char *o = model_field_origin(m, MF_WEIGHTS_BYTES);
	if (!o)
		return "no tensor counted";
	return !strncmp(o, "estimated: ", 11) ? o + 11 : o;
}

static const char *mark_word(enum size_mark k)
{
	return k == SIZE_EXACT ? "exact" : k == SIZE_MODELLED ? "modelled" : "estimated";
}

static int parts_of(const struct me_state *st, struct part *p)
{
	const struct {
		const char *name;
		int64_t bytes;
		const char *mark;
	} is[PART_COUNT] = {
	    [PART_WEIGHTS] = {"weights", st->m.weights_bytes,
			      model_weights_word(&st->m)},
	    [PART_KV] = {"KV cache", st->a.total_bytes + st->a.apart_bytes,
			 "exact"},
	    [PART_RECURRENT] = {"recurrent state", st->a.recurrent_bytes,
				"exact"},
	    [PART_COMPUTE] = {"compute buffer", st->b.compute_bytes,
			      mark_word(st->b.compute_mark)},
	    [PART_OUTPUT] = {"output buffer", st->b.output_bytes,
			     mark_word(st->b.output_mark)},
	};
	for (int i = 0; i < PART_COUNT; i++)
		p[i] = (struct part){is[i].name, is[i].bytes, part_looks[i].role, is[i].mark, part_looks[i].glyph};
	return PART_COUNT;
}

/* weights + KV + recurrent state + compute + output (bytes; the parts are each far below 2^62). */
static int64_t total_of(const struct me_state *st)
{
	struct part p[8];
	int n = parts_of(st, p);
	int64_t t = 0;
	for (int i = 0; i < n; i++)
		t += p[i].bytes;
	return t;
}

static void render_bar(const struct me_state *st, struct canvas *c, int y)
{
	struct part p[8];
	int n = parts_of(st, p);
	int64_t total = total_of(st);
	/* the bar: each part its share of the total, at least one cell when not
	 * 0 (a compute buffer of 0.4 cell is still drawn, so every swatch of
	 * the legend is found on the bar).  Whole cells by largest remainder:
	 * each part gets the cells of its share rounded down, then the cells
	 * left go to the parts furthest below their share, and cells the
	 * minimum costs come off those furthest above it (rounding each part
	 * alone once gave Gemma 3's weights 39 cells of 50 for 41.0). */
	int len[8] = {0}, sum = 0, w = c->w, x = 0;
	double want[8] = {0};
	for (int i = 0; i < n && total > 0; i++) {
		if (p[i].bytes <= 0)
			continue;
		want[i] = (double)p[i].bytes / (double)total * w;
		len[i] = want[i] < 1 ? 1 : (int)want[i];
		sum += len[i];
	}
	while (sum != w && total > 0) {
		int pick = -1;
		for (int i = 0; i < n; i++) {
			if (p[i].bytes <= 0 || (sum > w && len[i] <= 1))
				continue;
			double gap = want[i] - len[i];   /* > 0: below its share */
			if (pick < 0 || (sum < w ? gap > want[pick] - len[pick] : gap < want[pick] - len[pick]))
				pick = i;
		}
		if (pick < 0)
			break;
		len[pick] += sum < w ? 1 : -1;
		sum += sum < w ? 1 : -1;
	}
	for (int i = 0; i < n; i++) {
		canvas_fill(c, x, y, len[i], 1, p[i].glyph, p[i].role);
		x += len[i];
	}
	y += 2;
	char b[32];
	for (int i = 0; i < n && y < c->h; i++, y++) {
		fmt_bytes(b, sizeof b, (double)p[i].bytes);
		canvas_printf_whole(c, 2, y, p[i].bytes ? p[i].role : ROLE_DIM, "%-15s %11s  %s", p[i].name, b, p[i].mark);
		if (p[i].bytes)   /* the swatch: the segment's own glyph and role */
			canvas_put(c, 0, y, p[i].glyph, p[i].role);
	}
	fmt_bytes(b, sizeof b, (double)total);
	if (y < c->h)
		canvas_printf_whole(c, 0, y++, ROLE_OK, "  %-15s %11s", "total", b);
	/* an estimate for want of the model's widths says which (buffers.c) */
	if (st->b.compute_missing && y < c->h)
		canvas_printf_whole(c, 0, y, ROLE_DIM, "  compute estimated: %s not given", st->b.compute_missing);
}

static void render_grow(const struct me_state *st, struct canvas *c, int y)
{
	int64_t scale = 0;
	for (int i = 0; i < st->ngrow; i++)
		if (st->grow[i].total_bytes + st->grow[i].apart_bytes +
			st->grow[i].recurrent_bytes >
		    scale)
			scale = st->grow[i].total_bytes +
				st->grow[i].apart_bytes +
				st->grow[i].recurrent_bytes;
	canvas_text(c, 0, y++, ROLE_LABEL, st->a.recurrent_layers ? "▒ recurrent state + █ KV cache as -c grows"
								 : "KV cache as the context grows");
	char b[32];
	for (int i = 0; i < st->ngrow && y + 1 < c->h; i++, y += 2) {
		const struct kv_alloc *g = &st->grow[i];
		int64_t t =
		    g->total_bytes + g->apart_bytes + g->recurrent_bytes;
		fmt_bytes(b, sizeof b, (double)t);
		int here = st->grow_n[i] == st->d.n_ctx;
		canvas_printf_whole(c, 0, y, here ? ROLE_ACCENT : ROLE_NORMAL, "-c %lld%s", (long long)st->grow_n[i],
				    here ? " (this deployment)" : "");
		int barw = c->w - 12;
		double f = scale > 0 ? (double)t / (double)scale : 0;
		if (t > 0 && f * barw < 0.125)
			f = 0.125 / barw;
		/* the recurrent state first (it never grows), then the KV cache */
		int rw = scale > 0 ? (int)((double)g->recurrent_bytes / (double)scale * barw + 0.5) : 0;
		canvas_bar(c, 0, y + 1, barw, f, here ? ROLE_ACCENT : ROLE_BAR);
		if (rw > 0)   /* in the stacked bar's recurrent glyph: apart from the KV cache without colour */
			canvas_fill(c, 0, y + 1, rw, 1, part_looks[PART_RECURRENT].glyph, part_looks[PART_RECURRENT].role);
		canvas_printf_whole(c, c->w - utf8_width(b), y + 1, ROLE_NORMAL, "%s", b);   /* right-aligned */
	}
}

static void me_render(const void *vs, struct view *v)
{
	const struct me_state *st = vs;
	const struct kv_alloc *A = &st->a;
	struct canvas *c = v->pic, *s = v->side;
	char a[32], r[32], t[32], dep[96], warn[200], how[40];
	canvas_wrap(s, 0, 0, s->w, 2, ROLE_LABEL, st->m.name);
	canvas_wrap(s, 0, 2, s->w, 3, ROLE_NORMAL, deploy_text(dep, sizeof dep, st));
	int sy = 5;
	canvas_printf_whole(s, 0, sy++, ROLE_NORMAL, "n_ctx %lld (pad 256)", (long long)A->n_ctx);
	/* llama.cpp's warning, beside the context it is about (shorter when a long count would not fit) */
	if (past_train(st) && !canvas_printf_whole(s, 0, sy++, ROLE_HOT, "! %s> n_ctx_train %lld",
						   A->streams > 1 ? "seq " : "", (long long)st->m.ctx_train))
		canvas_printf_whole(s, 0, sy - 1, ROLE_HOT, "! > trained %lld", (long long)st->m.ctx_train);
	canvas_printf_whole(s, 0, sy++, ROLE_NORMAL, "%lld stream%s", (long long)A->streams, A->streams > 1 ? "s" : "");
	canvas_printf_whole(s, 0, sy++, ROLE_NORMAL, "K %s, V %s", model_cache_name(st->m.k_type),
			    model_cache_name(st->m.v_type));
	/* the type when one was asked for or stated: "weights Q4_K_M exact" */
	if (!st->m.weights_type[0] ||
	    !canvas_printf_whole(s, 0, sy, ROLE_NORMAL, "weights %s %s",
				 st->m.weights_type,
				 model_weights_word(&st->m)))
		canvas_printf_whole(s, 0, sy, ROLE_NORMAL, "weights %s",
				    model_weights_word(&st->m));
	sy++;
	canvas_wrap(s, 0, sy + 1, s->w, s->h - sy - 1, ROLE_DIM,
		    "e: ctx, ubatch, n_seq, unified, swa_full, k_type, v_type, fa");

	draw_legend(c, 0, &st->m);
	int y = layer_strip_draw(c, 1, 3, st->m.layers, layer_mark, &st->m) + 1;
	if (v->step == 1) {
		for (size_t k = 0; k < ME_NKINDS; k++)
			y = kind_line(c, y, st, (enum layer_type)k);
		fmt_bytes(a, sizeof a,
			  (double)(A->total_bytes + A->apart_bytes));
		canvas_printf_whole(c, 0, y + 1, ROLE_OK, "KV cache  %s", a);
		if (A->recurrent_layers) {
			fmt_bytes(r, sizeof r, (double)A->recurrent_bytes);
			canvas_printf_whole(c, 0, y + 2, ROLE_OK, "recurrent state  %s", r);
		}
	} else if (v->step == 2) {
		render_bar(st, c, y);
	} else if (v->step >= 3) {
		render_grow(st, c, y);
	}

	fmt_bytes(a, sizeof a, (double)(A->total_bytes + A->apart_bytes));
	fmt_bytes(r, sizeof r, (double)A->recurrent_bytes);
	fmt_bytes(t, sizeof t, (double)total_of(st));
	int64_t kv_layers = A->global_layers + A->local_layers;
	switch (v->step) {
	case 0:
		if (past_train(st))   /* the warning llama.cpp logs for this deployment, in place of the lesson's line */
			snprintf(warn, sizeof warn, "A sequence's %lld cells pass the trained %lld (llama.cpp warns: "
				 "possible training context overflow).", (long long)past_train(st),
				 (long long)st->m.ctx_train);
		snprintf(v->narration, VIEW_NARRATION, "%lld layers: %lld in the KV cache%s%s%s. %s",
			 (long long)st->m.layers, (long long)kv_layers,
			 A->local_layers ? ", the sliding or chunked ones only a window" : "",
			 A->recurrent_layers ? ", recurrent ones (R) a fixed state" : "",
			 A->shared_layers ? ", shared ones (=) an earlier layer's" : "",
			 past_train(st) ? warn : "What a layer keeps decides how its memory grows with the context.");
		break;
	case 1:
		/* the windowed layers' rule only where the model has some */
		if (A->recurrent_layers)
			snprintf(v->narration, VIEW_NARRATION,
				 "At %s a full layer keeps every cell of each "
				 "stream%s, a recurrent one f32 (n_embd_r + "
				 "n_embd_s) a sequence: %s of KV, %s of state.",
				 dep,
				 A->local_layers
					 ? ", a windowed one window + ub cells "
					   "(at most all), rounded up to a "
					   "multiple of 256"
					 : "",
				 a, r);
		else
			snprintf(v->narration, VIEW_NARRATION,
				 "At %s each full layer keeps every cell of "
				 "each stream%s; %s of KV "
				 "cache in %s K and %s V.",
				 dep,
				 A->local_layers
					 ? "; a windowed one window + ub cells "
					   "(at most all), rounded up to a "
					   "multiple of 256"
					 : "",
				 a, model_cache_name(st->m.k_type),
				 model_cache_name(st->m.v_type));
		break;
	case 2:
		snprintf(v->narration, VIEW_NARRATION,
			 "The deployment's memory as one bar: %s in all; the "
			 "weights %s (%s), the compute buffer %s "
			 "(%s%s), the KV cache, state and output buffer exact.",
			 t, model_weights_word(&st->m),
			 weights_how(&st->m, how, sizeof how),
			 mark_word(st->b.compute_mark),
			 st->b.compute_missing ? st->b.compute_missing
					       : "src/size/buffers.c",
			 st->b.compute_missing ? " not given" : "");
		break;
	default:
		if (st->m.ssm_parallel)
			snprintf(v->narration, VIEW_NARRATION,
				 "Each of its %lld layers runs attention and a Mamba2 mixer side by side: KV cells that grow "
				 "with the context, and beside them one fixed state a sequence (%s in all) that does not. "
				 "Only the attention half grows.",
				 (long long)A->recurrent_layers, r);
		else if (A->recurrent_layers && !kv_layers)
			snprintf(
			    v->narration, VIEW_NARRATION,
			    "All %lld layers are recurrent: each keeps one "
			    "fixed state a sequence (%s in all) and no "
			    "layer attends, so nothing here grows with the "
			    "context.",
			    (long long)A->recurrent_layers, r);
		else if (A->recurrent_layers)
			snprintf(v->narration, VIEW_NARRATION,
				 "%lld of %lld layers are recurrent: each keeps one fixed state a sequence (%s in all) whatever "
				 "the context. Only its %lld attention layers grow with it, so the bars grow %.1f× slower than "
				 "if all %lld attended.",
				 /* of the layers that keep anything: an MTP block (·) keeps nothing */
				 (long long)A->recurrent_layers, (long long)(kv_layers + A->recurrent_layers), r, (long long)kv_layers,
				 kv_layers ? (double)(kv_layers + A->recurrent_layers) / (double)kv_layers : 0.0,
				 (long long)(kv_layers + A->recurrent_layers));
		else if (A->local_layers)
			snprintf(v->narration, VIEW_NARRATION,
				 "Full layers grow with every token; sliding ones stop at the window, so the bars grow slower "
				 "than the context once it passes the window.");
		else
			snprintf(v->narration, VIEW_NARRATION,
				 "Every layer here is full: each keeps a cell for every token, so the cache grows in step with "
				 "the context. A model with sliding or recurrent layers grows slower (the iswa scene, or -m "
				 "with such a model).");
	}
}

/* The stream cells formula text (times n_seq when the cache is split). */
static void stream_text(char *buf, size_t len, const struct deploy *d, const char *cells)
{
	snprintf(buf, len, "%s%s", d->unified ? "" : "n_seq * ", cells);
}

/* Layers llama.cpp keeps in its cache with 0 KV heads (an FFN-only block):
 * without -fa their V rows are padded to the widest layer's, which the
 * closed forms below do not write out. */
static int padded_none(const struct model *m, const struct kv_alloc *A, const struct deploy *d)
{
	return !d->flash_attn && A->global_layers + A->local_layers > cf_cached_layers(m);
}

/* The most KV heads of any layer (llama-hparams.cpp n_embd_v_gqa_max walks
 * every layer, cached or not). */
static int64_t kv_heads_max(const struct model *m)
{
	int64_t k = 0;
	for (int64_t il = 0; il < m->layers; il++)
		k = m->layer_kv_heads[il] > k ? m->layer_kv_heads[il] : k;
	return k;
}

/* Layer il's V row is padded to the widest layer's: flash attention off
 * (V stored transposed), a full V cache (not MLA's latent), and a layer
 * narrower than the widest.  CF_CELL with that width for V: */
#define CF_CELL_VMAX                                                           \
	"(ceil(kv_heads * d_k / k_block) * k_block_bytes + ceil(kv_heads_max " \
	"* d_v / v_block) * v_block_bytes)"
static int v_padded(const struct model *m, const struct deploy *d, int64_t il)
{
	return !d->flash_attn &&
	       !(m->kind == ATTN_MLA && m->mla_latent_cache) &&
	       m->layer_kv_heads[il] < kv_heads_max(m);
}

/* The sliding layers have head sizes of their own: the cell of CF_CELL
 * is the full layers'. */
static int swa_dims_differ(const struct model *m)
{
	struct model_layer L = model_kind_layer(m, 1);
	return L.attn_k != m->head_dim || L.attn_v != m->head_dim_v;
}

/* The closed form of the whole KV cache for the item added last (a uniform
 * model: every cached layer the same KV heads, sliding by the pattern); a
 * model whose layers differ has none, and each of its layer_bytes.I is
 * checked instead. */
static void kv_check_main(struct summary *s, const struct model *m,
			  const struct deploy *d, const struct kv_alloc *A,
			  const char *more);

/* An indexer in a cache of its own (llama-kv-cache-msa.cpp,
 * llama-memory-hybrid-idx.cpp, llama-kv-cache-dsa.cpp with per-layer
 * indexers): its bytes, the indexer_bytes line's own check, are a term of
 * kv_bytes beside the main cache's closed form. */
static void kv_check(struct summary *s, const struct model *m, const struct deploy *d, const struct kv_alloc *A)
{
	/* DeepSeek V4: the raw cache and the compressed ones */
	if (cc_of(m)) {
		summary_input(s, "compressed", (double)A->apart_bytes,
			      "the compressed caches (comp_bytes.NAME, each "
			      "checked on its own line)");
		if (!cc_raw_check(s, m, d, A, " + compressed"))
			summary_explain(s, "layers differ: the per-layer walk "
				       "of src/size/size.c; each "
				       "layer_bytes.I is checked");
		return;
	}
	if (!A->apart_bytes) {
		kv_check_main(s, m, d, A, "");
		return;
	}
	summary_input(
	    s, "indexer", (double)A->apart_bytes,
	    "the indexer's cache apart (indexer_bytes, checked on its "
	    "own line)");
	kv_check_main(s, m, d, A, " + indexer");
}

/* The indexer's cache apart: llama.cpp's second llama_kv_cache, one K head
 * of indexer_head_dim (and with MSA one V head of head_dim_v) a cell, the
 * main cache's cells and streams, on the layers its filter keeps. */
static void indexer_check(struct summary *s, const struct model *m,
			  const struct deploy *d)
{
	char o[160], f[512];
	int64_t n = 0;
	for (int64_t il = 0; il < m->layers; il++)
		n += m->layer_indexer[il] != 0;
	cf_in_deploy(s, d->n_ctx, d->n_seq, 0, d->n_ubatch, d->n_batch, m);
	summary_input(s, "layers_indexer", (double)n, "%s",
		      cf_origin(m, MF_INDEXER_HEAD_DIM, o, sizeof o));
	summary_input(s, "indexer_head_dim", (double)m->indexer_head_dim, "%s",
		      cf_origin(m, MF_INDEXER_HEAD_DIM, o, sizeof o));
	cf_in_types(s, m);
	if (m->indexer_apart == INDEXER_APART_KV) {
		summary_input(s, "d_v", (double)m->head_dim_v, "%s",
			      cf_origin(m, MF_HEAD_DIM_V, o, sizeof o));
		summary_explain(s, "llama-kv-cache-msa.cpp: the indexer cache "
				   "is a llama_kv_cache of n_head_kv 1 and "
				   "n_embd_head_k = indexer_head_size; its V "
				   "keeps the model's n_embd_head_v");
	} else {
		summary_explain(s,
				"the indexer cache is a llama_kv_cache of "
				"n_head_kv 1, n_embd_head_k = "
				"indexer_head_size and is_mla() set: K only");
	}
	snprintf(f, sizeof f,
		 "layers_indexer%s * %s * (ceil(indexer_head_dim / k_block) * "
		 "k_block_bytes%s)",
		 d->unified ? "" : " * n_seq", cf_f_stream(d->unified),
		 m->indexer_apart == INDEXER_APART_KV
		     ? " + ceil(d_v / v_block) * v_block_bytes"
		     : "");
	summary_formula(s, 0, f);
}

static void kv_check_main(struct summary *s, const struct model *m,
			  const struct deploy *d, const struct kv_alloc *A,
			  const char *more)
{
	char f[2048], swa[256], o[160];
	int windowed = m->sliding_window > 0 && !m->swa_ignored;
	int64_t kf, ks;
	if (!cf_uniform(m) && cf_kinds(m, &kf, &ks) && cf_split(m, kf, ks) && !padded_none(m, A, d)) {
		/* sliding and full layers differ (Gemma 4): each kind its own cell */
		struct cf_cells c;
		char two[1536];
		cf_in_deploy(s, d->n_ctx, d->n_seq, m->sliding_window,
			     d->n_ubatch, d->n_batch, m);
		summary_input(s, "swa_pattern", (double)m->swa_pattern, "%s", cf_origin(m, MF_SWA_PATTERN, o, sizeof o));
		summary_input(s, "layers", (double)cf_cached_layers(m), "%s", cf_layers_origin(m, o, sizeof o));
		cf_in_cells(s, m, kf, ks, NULL, NULL, d->flash_attn, &c);
		summary_explain(s, "llama-hparams.cpp: a sliding layer has its own KV heads (n_head_kv(il)) and head sizes "
			       "(n_embd_head_k_swa); llama-kv-cache-iswa.cpp sizes the sliding layers");
		cf_f_swa(swa, sizeof swa, d->unified, d->swa_full);
		snprintf(f, sizeof f, "%s%s%s",
			 cf_f_split(two, sizeof two, m, cf_f_stream(d->unified),
				    swa, &c),
			 d->unified ? "" : " * n_seq", more);
		summary_formula(s, 0, f);
		return;
	}
	if (!cf_uniform(m) || (windowed && swa_dims_differ(m)) || padded_none(m, A, d)) {
		summary_explain(s, "layers differ: the per-layer walk of src/size/size.c; each layer_bytes.I is checked");
		return;
	}
	const char *G = cf_f_global(m);
	cf_in_deploy(s, d->n_ctx, d->n_seq, windowed ? m->sliding_window : 0,
		     d->n_ubatch, d->n_batch, m);
	if (windowed)
		summary_input(s, "swa_pattern", (double)m->swa_pattern, "%s", cf_origin(m, MF_SWA_PATTERN, o, sizeof o));
	summary_input(s, "layers", (double)cf_cached_layers(m), "%s", cf_layers_origin(m, o, sizeof o));
	const char *cell = cf_in_cell(s, m, m->kv_heads, NULL, 0);
	summary_explain(s, "llama-context.cpp pads n_ctx to 256 and splits it per sequence; llama-kv-cache.cpp keeps "
		       "ggml_row_size(type, n_embd_gqa) a cell a stream; llama-kv-cache-iswa.cpp sizes the sliding layers");
	cf_f_swa(swa, sizeof swa, d->unified, d->swa_full);
	if (windowed)
		snprintf(f, sizeof f, "(%s * %s + (layers - %s) * %s)%s * %s%s",
			 G, cf_f_stream(d->unified), G, swa,
			 d->unified ? "" : " * n_seq", cell, more);
	else
		snprintf(f, sizeof f, "layers%s * %s * %s%s",
			 d->unified ? "" : " * n_seq", cf_f_stream(d->unified),
			 cell, more);
	summary_formula(s, 0, f);
}

/* The recurrent state's inputs, from the model's own sizes, and its formula
 * (llama-hparams.cpp n_embd_r, n_embd_s; llama-memory-recurrent.cpp: one
 * f32 row of each per sequence, mem_size = max(1, n_seq_max)). */
static void recurrent_check(struct summary *s, const struct me_state *st)
{
	const struct model *m = &st->m;
	char o[160], f[512];
	const char *rs;
	if (m->ssm_parallel)   /* Falcon-H1: every attention layer keeps a state beside its cells */
		summary_input(s, "layers_recurrent", (double)(model_layers_of(m, LT_FULL) + model_layers_of(m, LT_SLIDING) +
							      model_layers_of(m, LT_CHUNKED)),
			      "[recurrent] parallel: each full, sliding or chunked layer keeps the state too");
	else
		summary_input(s, "layers_recurrent", (double)model_layers_of(m, LT_RECURRENT), "%s",
			      cf_origin(m, MF_LAYER_TYPES, o, sizeof o));
	summary_input(s, "n_seq", (double)st->d.n_seq, "-np, sequences");
	if (m->shortconv_l_cache > 0) {
		summary_input(s, "embd", (double)m->embd, "%s", cf_origin(m, MF_EMBD, o, sizeof o));
		summary_input(s, "l_cache", (double)m->shortconv_l_cache, "%s", cf_origin(m, MF_SHORTCONV_L_CACHE, o, sizeof o));
		rs = "embd * (l_cache - 1)";
	} else if (m->kda_head_dim > 0) {
		/* llama-hparams.cpp n_embd_r / n_embd_s with n_embd_head_kda */
		summary_input(s, "d_conv", (double)m->ssm_d_conv, "%s",
			      cf_origin(m, MF_SSM_D_CONV, o, sizeof o));
		summary_input(s, "heads", (double)m->heads, "%s",
			      cf_origin(m, MF_HEADS, o, sizeof o));
		summary_input(s, "kda_head_dim", (double)m->kda_head_dim, "%s",
			      cf_origin(m, MF_KDA_HEAD_DIM, o, sizeof o));
		rs = "3 * (d_conv - 1) * heads * kda_head_dim + kda_head_dim * "
		     "kda_head_dim * heads";
		if (m->ssm_d_conv == 0)
			rs = "3 * 3 * heads * kda_head_dim + kda_head_dim * "
			     "kda_head_dim * heads";
	} else {
		summary_input(s, "d_conv", (double)m->ssm_d_conv, "%s", cf_origin(m, MF_SSM_D_CONV, o, sizeof o));
		summary_input(s, "d_inner", (double)m->ssm_d_inner, "%s", cf_origin(m, MF_SSM_D_INNER, o, sizeof o));
		summary_input(s, "d_state", (double)m->ssm_d_state, "%s", cf_origin(m, MF_SSM_D_STATE, o, sizeof o));
		summary_input(s, "n_group", (double)m->ssm_n_group, "%s", cf_origin(m, MF_SSM_N_GROUP, o, sizeof o));
		rs = "max(d_conv - 1, 0) * (d_inner + 2 * n_group * d_state) + d_state * d_inner";
	}
	summary_explain(s, "n_embd_r + n_embd_s f32 values a sequence a recurrent layer, whatever the context");
	snprintf(f, sizeof f, "4 * (%s) * max(1, n_seq) * layers_recurrent", rs);
	if (m->ple_state > 0) {
		summary_input(s, "ple_state", (double)m->ple_state, "%s",
			      cf_origin(m, MF_PLE_STATE, o, sizeof o));
		summary_explain(s, "llama-memory-recurrent.cpp: the PLE layer "
				   "keeps a row of ple_conv_state() f32 a "
				   "sequence beside its state (cache_ple_r_l)");
		snprintf(
		    f, sizeof f,
		    "4 * ((%s) * layers_recurrent + ple_state) * max(1, n_seq)",
		    rs);
	}
	summary_formula(s, 0, f);
}

static void me_summary(const void *vs, struct summary *s)
{
	const struct me_state *st = vs;
	const struct model *m = &st->m;
	const struct deploy *d = &st->d;
	const struct kv_alloc *A = &st->a;
	char f[1024], swa[256], fs[300], o[160];

	summary_int(s, A->global_layers + A->local_layers, "layers_kv");
	summary_words(s, "layers in llama.cpp's KV cache (full, sliding or chunked; one without KV heads counts, but "
			 "not in a hybrid)");
	summary_input(s, "layers", (double)m->layers, "%s", cf_origin(m, MF_LAYERS, o, sizeof o));
	summary_input(s, "layers_recurrent", (double)model_layers_of(m, LT_RECURRENT), "%s",
		      cf_origin(m, MF_LAYER_TYPES, o, sizeof o));
	summary_input(s, "layers_shared", (double)model_layers_of(m, LT_SHARED), "%s",
		      cf_origin(m, MF_LAYER_TYPES, o, sizeof o));
	summary_input(s, "nextn_layers", (double)m->nextn_layers, "%s", cf_origin(m, MF_NEXTN, o, sizeof o));
	/* a hybrid's blocks with neither KV heads nor a state (Nemotron-H's MLP
	 * blocks): its attention filter keeps them out (a real llama.cpp logs
	 * only the attention layers, tests/engine.sh); a plain cache keeps a
	 * 0-head layer (DeciLM's no-op blocks) */
	int64_t bare = 0;
	for (int64_t il = 0; model_is_hybrid(m) && il < m->layers - m->nextn_layers; il++)
		bare += m->layer_type[il] == LT_NONE;
	summary_input(s, "layers_bare", (double)bare, "%s", "a hybrid's blocks with no KV heads and no state, by the "
		      "model's layer kinds");
	summary_explain(s, "llama-kv-cache.cpp: has_kv(il) drops shared layers, llama-memory-hybrid.cpp's filter the "
		       "recurrent ones and a hybrid's blocks without KV heads, create_memory's filter il < n_layer() "
		       "the nextn ones");
	summary_formula(s, 0, "layers - layers_recurrent - layers_shared - nextn_layers - layers_bare");
	summary_int(s, A->recurrent_layers, "layers_recurrent");
	summary_words(s, "layers that keep a fixed recurrent state instead of a KV cache (as the model file says)");
	summary_int(s, A->shared_layers, "layers_shared");
	summary_words(s, "layers that reuse an earlier layer's cache (n_layer_kv_from_start), as the model file says");

	int64_t kf, ks;
	int split = !cf_uniform(m) && cf_kinds(m, &kf, &ks) && cf_split(m, kf, ks) && !padded_none(m, A, d);
	summary_int(s, A->total_bytes + A->apart_bytes, "kv_bytes");
	summary_words(s, "bytes of the KV cache: every layer, every stream, K and V in their cache types");
	kv_check(s, m, d, A);
	if (past_train(st))
		summary_explain(s, "llama-context.cpp warns \"n_ctx_seq (%lld) > n_ctx_train (%lld) -- possible training "
				"context overflow\" and allocates it all the same", (long long)past_train(st),
				(long long)m->ctx_train);
	for (int64_t il = 0; il < m->layers; il++) {
		enum layer_cache k = size_layer_kind(m, il);
		summary_int(s, A->layer_bytes[il], "layer_bytes.%lld", (long long)il);
		if (k == LAYER_NONE && A->layer_bytes[il] && padded_none(m, A, d)) {
			summary_words(s, "layer %lld has no KV heads but is in the cache: without -fa its V rows are padded "
				      "to the widest layer's (llama-kv-cache.cpp n_embd_v_gqa_max)", (long long)il);
			continue;
		}
		if (k == LAYER_NONE) {
			summary_words(s, "layer %lld (%s) keeps no KV cache", (long long)il,
				      kinds[st->m.layer_type[il]].name);
			summary_input(s, "kv_heads", m->layer_kv_heads[il], "%s", cf_origin(m, MF_KV_HEADS, o, sizeof o));
			summary_formula(s, 0, "kv_heads");
			continue;
		}
		/* DeepSeek V4's raw cache: K only, a stream a sequence */
		if (cc_of(m) && k == LAYER_LOCAL) {
			char cells[256];
			summary_words(s, "layer %lld (sliding): cells a stream "
				      "× n_seq streams × K bytes a cell",
				      (long long)il);
			cf_in_deploy(s, d->n_ctx, d->n_seq, m->sliding_window,
				     d->n_ubatch, d->n_batch, m);
			const char *cell =
			    cf_in_cell(s, m, m->layer_kv_heads[il], NULL, 0);
			snprintf(f, sizeof f, "n_seq * %s * %s",
				 cc_f_raw_cells(cells, sizeof cells, d), cell);
			summary_formula(s, 0, f);
			continue;
		}
		if (split) {   /* the layer's kind's cell, with the other's V width without -fa */
			struct cf_cells c;
			char ko[200], so[200];
			summary_words(s, "layer %lld (%s): cells a stream × streams × K and V bytes a cell of its kind",
				      (long long)il, kinds[st->m.layer_type[il]].name);
			cf_in_deploy(s, d->n_ctx, d->n_seq,
				     k == LAYER_LOCAL ? m->sliding_window : 0,
				     d->n_ubatch, d->n_batch, m);
			snprintf(ko, sizeof ko, "the full layers' KV heads: %s", cf_origin(m, MF_KV_HEADS, o, sizeof o));
			snprintf(so, sizeof so, "the sliding layers' KV heads: %s", cf_origin(m, MF_KV_HEADS, o, sizeof o));
			cf_in_cells(s, m, kf, ks, ko, so, d->flash_attn, &c);
			if (k == LAYER_LOCAL)
				cf_f_swa(swa, sizeof swa, d->unified, d->swa_full);
			stream_text(fs, sizeof fs, d, k == LAYER_LOCAL ? swa : cf_f_stream(d->unified));
			snprintf(f, sizeof f, "%s * %s", fs, k == LAYER_LOCAL ? c.swa : c.full);
			summary_formula(s, 0, f);
			continue;
		}
		if (k == LAYER_LOCAL && swa_dims_differ(m)) {
			summary_words(s, "layer %lld (sliding): its own head sizes (head_dim_swa), the per-layer walk",
				      (long long)il);
			continue;
		}
		summary_words(s, "layer %lld (%s): cells a stream × streams × K and V bytes a cell", (long long)il,
			      kinds[st->m.layer_type[il]].name);
		cf_in_deploy(s, d->n_ctx, d->n_seq,
			     k == LAYER_LOCAL ? m->sliding_window : 0,
			     d->n_ubatch, d->n_batch, m);
		char ko[200];
		snprintf(ko, sizeof ko, "layer %lld's KV heads: %s", (long long)il, cf_origin(m, MF_KV_HEADS, o, sizeof o));
		const char *cell = cf_in_cell(s, m, m->layer_kv_heads[il], ko, 0);
		if (v_padded(m, d, il)) {
			summary_input(s, "kv_heads_max",
				      (double)kv_heads_max(m),
				      "the most KV heads of any layer: %s",
				      cf_origin(m, MF_KV_HEADS, o, sizeof o));
			summary_explain(
				s, "without -fa V is stored transposed and "
				   "every layer's V row is padded to the "
				   "widest layer's (llama-kv-cache.cpp, "
				   "hparams.n_embd_v_gqa_max())");
			cell = CF_CELL_VMAX;
		}
		if (k == LAYER_LOCAL)
			cf_f_swa(swa, sizeof swa, d->unified, d->swa_full);
		stream_text(fs, sizeof fs, d, k == LAYER_LOCAL ? swa : cf_f_stream(d->unified));
		snprintf(f, sizeof f, "%s * %s", fs, cell);
		summary_formula(s, 0, f);
	}

	if (cc_of(m)) {
		cc_caches(s, m, d, A);
	} else if (A->apart_bytes) {
		summary_int(s, A->apart_bytes, "indexer_bytes");
		summary_words(s,
			      "bytes of the sparse-attention indexer's cache, "
			      "beside the main one (in kv_bytes, not in "
			      "layer_bytes.I)");
		indexer_check(s, m, d);
	}
	summary_int(s, A->recurrent_bytes, "recurrent_bytes");
	summary_words(s, "bytes of the recurrent state: f32, fixed per sequence, independent of the context");
	/* DeepSeek V4: its compressors' states alone */
	if (cc_of(m) && !A->recurrent_layers) {
		summary_explain(s, "no recurrent layers: the compressors' "
			       "states (comp_state_bytes.NAME)");
		cc_states_check(s, m, d);
		cc_states(s, m, d, A);
	} else {
		recurrent_check(s, st);
	}
	summary_int(s, m->weights_bytes, "weights_bytes");
	weights_explain(s, m);
	summary_int(s, st->b.compute_bytes, "compute_bytes");
	/* the graph replayed, as fa-engines names it */
	summary_words(s,
		      "bytes of llama.cpp's compute buffer, %s%s%s%s (the "
		      "largest live set of the worst-case graph, replayed "
		      "through ggml-alloc's best fit by %s: %s; "
		      "tests/engine.sh holds it against a real llama.cpp)",
		      mark_word(st->b.compute_mark),
		      st->b.compute_missing ? ": " : "",
		      st->b.compute_missing ? st->b.compute_missing : "",
		      st->b.compute_missing ? " not given" : "",
		      st->b.compute_src,
		      st->b.compute_graph ? st->b.compute_graph : "?");
	summary_int(s, st->b.output_bytes, "output_bytes");
	summary_words(s, "bytes of llama.cpp's output buffer: n_vocab f32 logits per sequence (%s)",
		      mark_word(st->b.output_mark));
	summary_input(s, "n_seq", (double)d->n_seq, "-np, sequences (llama-context.cpp output_reserve(n_seq_max))");
	summary_input(s, "vocab", (double)m->vocab, "%s", cf_origin(m, MF_VOCAB, o, sizeof o));
	summary_formula(s, 0, "n_seq * vocab * 4");
	summary_int(s, total_of(st), "total_bytes");
	/* no tick on a sum whose compute part is an estimate */
	int est = st->b.compute_mark == SIZE_ESTIMATED;
	summary_words(s, "weights + KV cache + recurrent state + compute + "
		      "output, as the bar shows them%s",
		      est ? "; not checked: its compute part is estimated"
			  : "");
	if (!est) {
		summary_input(s, "weights", (double)m->weights_bytes,
			      "weights_bytes");
		summary_input(s, "kv",
			      (double)(A->total_bytes + A->apart_bytes),
			      "kv_bytes");
		summary_input(s, "recurrent", (double)A->recurrent_bytes,
			      "recurrent_bytes");
		summary_input(s, "compute", (double)st->b.compute_bytes,
			      "compute_bytes");
		summary_input(s, "output", (double)st->b.output_bytes,
			      "output_bytes");
		summary_formula(s, 0,
				"weights + kv + recurrent + compute + output");
	}
	for (int i = 0; i < st->ngrow; i++) {
		summary_int(s,
			    st->grow[i].total_bytes + st->grow[i].apart_bytes,
			    "kv_bytes_at.%lld", (long long)st->grow_n[i]);
		summary_words(s, "bytes of the KV cache at -c %lld, the rest of the deployment alike", (long long)st->grow_n[i]);
		struct deploy g = *d;
		g.n_ctx = st->grow_n[i];
		kv_check(s, m, &g, &st->grow[i]);
	}
}

static void me_print(const void *vs, FILE *out)
{
	const struct me_state *st = vs;
	const struct kv_alloc *A = &st->a;
	char a[32], dep[96];
	static const char ascii[] = {[LT_FULL] = 'F', [LT_SLIDING] = 'S', [LT_CHUNKED] = 'C', [LT_RECURRENT] = 'R',
				     [LT_SHARED] = '=', [LT_NONE] = '.'};
	fprintf(out, "%s, %s, K %s, V %s\n", st->m.name, deploy_text(dep, sizeof dep, st), model_cache_name(st->m.k_type),
		model_cache_name(st->m.v_type));
	fprintf(out, "layers: ");
	for (int64_t il = 0; il < st->m.layers; il++)
		fputc(st->m.ssm_parallel && st->m.layer_type[il] == LT_FULL ? (int)both.glyph : ascii[st->m.layer_type[il]], out);
	fputc('\n', out);
	for (int64_t il = 0; il < st->m.layers; il++)
		fprintf(out, "layer %3lld  %-9s %8lld cells x %lld  %14lld B\n", (long long)il, kinds[st->m.layer_type[il]].name,
			(long long)A->layer_cells[il], (long long)A->streams,
			(long long)(st->m.layer_type[il] == LT_RECURRENT ? A->state_bytes_layer : A->layer_bytes[il]));
	struct part p[8];
	int n = parts_of(st, p);
	for (int i = 0; i < n; i++) {
		fmt_bytes(a, sizeof a, (double)p[i].bytes);
		fprintf(out, "%-16s %s (%s)\n", p[i].name, a, p[i].mark);
	}
	fmt_bytes(a, sizeof a, (double)total_of(st));
	fprintf(out, "%-16s %s\n", "total", a);
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
