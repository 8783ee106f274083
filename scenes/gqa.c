/*
 * gqa (lesson Ex. 6): query heads wired to the KV head they read
 * (kv = q / group, as ggml's ik2 = iq2 / rk2): first the lesson's tiny
 * 8 → 2 mapping, then the loaded model's heads (an MLA model: every head
 * reads the one cached latent), then the KV bytes per token of MHA, the
 * model and MQA, and the cache at ctx as llama.cpp allocates it.  Every
 * size from src/size/size.c.  Steps: tiny mapping, model mapping, bytes.
 */
#include <stdlib.h>
#include <string.h>

#include "size/size.h"
#include "scene/deploy_params.h"
#include "scene/scene.h"
#include "scenes/lib/common.h"
#include "scenes/lib/closed_form.h"

/* A row of the bytes table: MHA, the model, MQA. */
struct gq_row {
	char name[24];
	int64_t kv;          /* KV heads (1 for the latent) */
	int64_t per_token;   /* bytes per token, all layers */
	int64_t at_ctx;      /* bytes llama.cpp allocates at ctx */
	int64_t sliding;     /* layers that keep only a window there (llama.cpp's count) */
};

struct gq_state {
	struct model m;       /* as used: kv_heads overridden when the parameter says so */
	int64_t heads, kv_heads, ctx;
	struct deploy d; /* the deployment: every row's cache at it */
	int64_t tiny_heads, tiny_kv;
	int mla;              /* shown as MLA: the latent is the cache */
	struct gq_row rows[3];
	int64_t kv_full;   /* KV heads of the full layers: kv_heads unless they differ (Gemma 4) */
};

enum { GQ_KV_HEADS = DP_COUNT, GQ_TINY_HEADS, GQ_TINY_KV_HEADS, GQ_NPARAMS };
static const struct param_spec gq_params[GQ_NPARAMS + 1] = {
	DEPLOY_SPECS,
	[GQ_KV_HEADS] =
		{.name = "kv_heads",
		 .kind = PARAM_INT,
		 .min = 0,
		 .max = 65536,
		 .help = "KV heads (0: the model's); must divide heads"},
	[GQ_TINY_HEADS] = {.name = "tiny_heads",
			   .kind = PARAM_INT,
			   .min = 1,
			   .max = 256,
			   .help = "the tiny model's query heads (first step)"},
	[GQ_TINY_KV_HEADS] = {.name = "tiny_kv_heads",
			      .kind = PARAM_INT,
			      .min = 1,
			      .max = 256,
			      .help = "the tiny model's KV heads (first step)"},
	[GQ_NPARAMS] = {0},
};

/* The model with kv KV heads of full K and V on every cached layer. */
static void as_kv(struct model *out, const struct model *m, int64_t kv)
{
	*out = *m;
	if (m->kind == ATTN_MLA) {
		out->head_dim = m->qk_nope_head_dim + m->qk_rope_head_dim;
		out->head_dim_v = m->v_head_dim;
	}
	out->kind = ATTN_GQA;
	out->mla_latent_cache = 0;
	out->k_only = 0;   /* DeepSeek V4's K-only cache: full K and V here */
	out->kv_heads = kv;
	for (int64_t il = 0; il < m->layers; il++)
		if (out->layer_kv_heads[il])
			out->layer_kv_heads[il] = (int32_t)kv;
}

static int fill_row(struct gq_row *r, const char *name, const struct model *m,
		    int64_t kv, const struct deploy *d)
{
	struct kv_alloc a;
	snprintf(r->name, sizeof r->name, "%s", name);
	r->kv = kv;
	r->per_token = size_kv_bytes_token(m);
	if (size_alloc(m, d, &a) < 0)
		return -1;
	r->at_ctx = a.total_bytes;
	r->sliding = a.local_layers;
	return 0;
}

/* The rows from m, the scene's model as deployed. */
static int gq_rows(struct gq_state *st, const struct scene_env *env,
		   struct model *m, char *err, size_t errlen)
{
	if (deploy_params_apply(env->p, env->model, m, &st->d, err, errlen) < 0)
		return -1;
	int64_t want = params_int(env->p, GQ_KV_HEADS);
	st->heads = m->heads;
	st->ctx = st->d.n_ctx;
	st->tiny_heads = params_int(env->p, GQ_TINY_HEADS);
	st->tiny_kv = params_int(env->p, GQ_TINY_KV_HEADS);
	st->mla = m->kind == ATTN_MLA && m->mla_latent_cache && !want;
	if (st->tiny_heads % st->tiny_kv) {
		snprintf(err, errlen, "tiny_kv_heads: %lld does not divide tiny_heads %lld", (long long)st->tiny_kv,
			 (long long)st->tiny_heads);
		return -1;
	}
	st->kv_heads = st->mla ? 1 : want ? want : m->kv_heads;
	/* the full layers' KV heads when they differ from the sliding ones' (Gemma 4) */
	int64_t kf, ks;
	st->kv_full = !st->mla && !want && cf_kinds(m, &kf, &ks) && kf > 0 && ks == st->kv_heads ? kf : st->kv_heads;
	if (st->kv_heads > st->heads || st->heads % st->kv_heads) {
		snprintf(err, errlen, "kv_heads: %lld does not divide the model's %lld query heads", (long long)st->kv_heads,
			 (long long)st->heads);
		return -1;
	}
	/* llama.cpp's reason, not a size */
	if (size_refuse(m, &st->d, err, errlen))
		return -1;
	struct model *tmp = malloc(sizeof *tmp);   /* large: kept off the stack */
	if (!tmp) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (st->mla || !want)
		st->m = *m;
	else
		as_kv(&st->m, m, want);
	char own[24];
	snprintf(own, sizeof own, "%s (model)", st->mla ? "MLA" : st->kv_heads == st->heads ? "MHA" : st->kv_heads == 1 ? "MQA" : "GQA");
	as_kv(tmp, m, st->heads);
	int rc = fill_row(&st->rows[0], "MHA", tmp, st->heads, &st->d);
	rc |= fill_row(&st->rows[1], own, &st->m, st->kv_heads, &st->d);
	as_kv(tmp, m, 1);
	rc |= fill_row(&st->rows[2], "MQA", tmp, 1, &st->d);
	free(tmp);
	if (rc) {
		snprintf(err, errlen, "ctx: the cache overflows 64-bit arithmetic for this model");
		return -1;
	}
	return 0;
}

static int gq_init(void *vs, const struct scene_env *env, char *err,
		   size_t errlen)
{
	struct gq_state *st = vs;
	/* the model as deployed (its cache types), every row's base */
	struct model *m = malloc(sizeof *m);
	if (!m) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	int rc = gq_rows(st, env, m, err, errlen);
	free(m);
	return rc;
}

static int gq_nsteps(const void *vs)
{
	(void)vs;
	return 2;
}

/* Query heads on row y, a bracket per group, and the KV head (or latent)
 * under the middle of its group: the spacing follows the groups.  Heads
 * that do not fit are counted as "+N more". */
static void draw_heads(struct canvas *c, int y, int64_t H, int64_t K, const char *kv_label)
{
	int64_t group = H / K;
	int gap = K > 1 && group > 1 ? 1 : 0;
	int cols = c->w;
	int64_t shown = H;
	int sp = (int)((cols - (int64_t)gap * (K - 1)) / H);
	if (sp < 1) {
		/* Whole groups only, one column a head, room left for the count. */
		sp = 1;
		int64_t fit = (cols - 10) / (group + gap);
		if (fit < 1)
			fit = 1;
		shown = fit * group;
		if (shown > cols - 10)
			shown = cols - 10;   /* one group wider than the pane: part of it */
		if (shown > H)
			shown = H;
	}
	if (sp > 4)
		sp = 4;
#define QX(h) ((int)((h) * sp + ((h) / group) * gap))
	for (int64_t h = 0; h < shown; h++)
		canvas_put(c, QX(h), y, 0x25cf, ROLE_BAR);
	for (int64_t g = 0; g * group < shown; g++) {
		int64_t last = (g + 1) * group - 1 < shown ? (g + 1) * group - 1 : shown - 1;
		int x0 = QX(g * group), x1 = QX(last), kx = (x0 + x1) / 2;
		if (x0 == x1) {
			canvas_put(c, x0, y + 1, 0x2502, ROLE_DIM);
		} else {
			for (int x = x0; x <= x1; x++)
				canvas_put(c, x, y + 1, 0x2500, ROLE_DIM);
			for (int64_t h = g * group; h <= last; h++)
				canvas_put(c, QX(h), y + 1, h == g * group ? 0x2514 : h == last ? 0x2518 : 0x2534, ROLE_DIM);
			int onq = 0;
			for (int64_t h = g * group; h <= last; h++)
				onq |= QX(h) == kx;
			canvas_put(c, kx, y + 1, onq ? 0x253c : 0x252c, ROLE_DIM);
		}
		canvas_put(c, kx, y + 2, 0x2502, ROLE_DIM);
		canvas_put(c, kx, y + 3, 0x25a0, ROLE_ACCENT);
	}
#undef QX
	if (shown < H)
		canvas_printf(c, cols - 9, y, ROLE_DIM, "+%lld more", (long long)(H - shown));
	canvas_text(c, 0, y + 4, ROLE_LABEL, kv_label);
}

static void gq_render(const void *vs, struct view *v)
{
	const struct gq_state *st = vs;
	struct canvas *c = v->pic;
	char lab[96];
	int64_t group = st->heads / st->kv_heads;
	if (v->step == 0) {
		canvas_printf(c, 0, 0, ROLE_LABEL, "tiny model: %lld query heads", (long long)st->tiny_heads);
		snprintf(lab, sizeof lab, "%lld KV heads (cached)", (long long)st->tiny_kv);
		draw_heads(c, 1, st->tiny_heads, st->tiny_kv, lab);
	} else {
		canvas_printf(c, 0, 0, ROLE_LABEL, "%s: %lld query heads", st->m.name, (long long)st->heads);
		if (st->mla)
			snprintf(lab, sizeof lab, "one latent (%lld + %lld RoPE), cached", (long long)st->m.kv_lora_rank,
				 (long long)st->m.qk_rope_head_dim);
		else
			snprintf(lab, sizeof lab, "%lld KV heads (cached)", (long long)st->kv_heads);
		draw_heads(c, 1, st->heads, st->kv_heads, lab);
	}
	if (v->step >= 2) {
		int y = 7, barw = c->w - 34;
		/* two header rows over their columns, in words a class reads */
		canvas_printf(c, 0, y - 1, ROLE_LABEL, "%-11s %9s %9s", "",
			      "bytes per", "GiB at");
		canvas_printf(c, 0, y, ROLE_LABEL, "%-11s %9s %9lld", "",
			      "token", (long long)st->ctx);
		if (barw > 12)
			canvas_text(c, 33, y - 1, ROLE_LABEL, "share of MHA");
		for (int i = 0; i < 3; i++) {
			char g[32];
			fmt_fixed(g, sizeof g, (double)st->rows[i].at_ctx / GIB, 2);
			canvas_printf(c, 0, y + 1 + i, i == 1 ? ROLE_ACCENT : ROLE_NORMAL, "%-11s %9lld %9s", st->rows[i].name,
				      (long long)st->rows[i].per_token, g);
			if (barw > 2)
				canvas_bar(c, 33, y + 1 + i, barw, (double)st->rows[i].per_token / st->rows[0].per_token,
					   i == 1 ? ROLE_ACCENT : ROLE_BAR);
		}
	}
	struct canvas *s = v->side;
	canvas_wrap(s, 0, 0, s->w, 2, ROLE_LABEL, st->m.name);
	canvas_printf(s, 0, 2, ROLE_NORMAL, "%lld q heads, %lld %s", (long long)st->heads, (long long)st->kv_heads,
		      st->mla ? "latent" : "KV heads");
	canvas_printf(s, 0, 3, ROLE_NORMAL, "group %lld", (long long)group);
	/* the layers that keep K and V (a hybrid's recurrent layers and an
	 * MTP block keep none), then the cache's types */
	int64_t cached = cf_cached_layers(&st->m);
	if (cached == st->m.layers)
		canvas_printf(s, 0, 4, ROLE_NORMAL, "%lld layers", (long long)cached);
	else
		canvas_printf(s, 0, 4, ROLE_NORMAL, "%lld of %lld layers cached", (long long)cached, (long long)st->m.layers);
	if (st->mla)   /* the latent is all the cache holds: no V (mla-bytes says K only too) */
		canvas_printf(s, 0, 5, ROLE_NORMAL, "latent %s", model_cache_name(st->m.k_type));
	else
		canvas_printf(s, 0, 5, ROLE_NORMAL, "K %s V %s", model_cache_name(st->m.k_type), model_cache_name(st->m.v_type));
	canvas_printf(s, 0, 6, ROLE_DIM, "ctx %lld", (long long)st->ctx);

	if (v->step == 0)
		snprintf(v->narration, VIEW_NARRATION,
			 "The lesson's tiny model: %lld query heads share %lld "
			 "cached KV heads, %lld a group. Query head q "
			 "reads KV head q / %lld, rounded down: heads 0-%lld "
			 "read KV head 0.",
			 (long long)st->tiny_heads, (long long)st->tiny_kv,
			 (long long)(st->tiny_heads / st->tiny_kv),
			 (long long)(st->tiny_heads / st->tiny_kv),
			 (long long)(st->tiny_heads / st->tiny_kv - 1));
	else if (v->step == 1 && st->mla)
		snprintf(v->narration, VIEW_NARRATION,
			 "%s caches no per-head K or V: all %lld query heads read one latent per token (%lld elements plus a "
			 "%lld-element RoPE key), expanded per head at compute time.",
			 st->m.name, (long long)st->heads, (long long)st->m.kv_lora_rank, (long long)st->m.qk_rope_head_dim);
	else if (v->step == 1 && st->kv_full < st->kv_heads)   /* Gemma 4: the full layers have fewer */
		snprintf(v->narration, VIEW_NARRATION,
			 "%s: %lld query heads, %lld KV heads on its sliding layers (drawn: groups of %lld); its full "
			 "layers keep %lld KV heads of their own head size, groups of %lld.",
			 st->m.name, (long long)st->heads, (long long)st->kv_heads, (long long)group, (long long)st->kv_full,
			 (long long)(st->heads / st->kv_full));
	else if (v->step == 1)
		snprintf(v->narration, VIEW_NARRATION,
			 "%s: %lld query heads, %lld KV heads: each bracket is a group of %lld query heads reading the one "
			 "KV head under it (kv = q / %lld).",
			 st->m.name, (long long)st->heads, (long long)st->kv_heads, (long long)group, (long long)group);
	else {
		char g[32];
		fmt_fixed(g, sizeof g, (double)st->rows[1].at_ctx / GIB, 2);
		/* With sliding layers the GiB are not bytes × ctx: say why */
		int64_t sliding = st->rows[1].sliding;
		if (sliding)
			snprintf(v->narration, VIEW_NARRATION,
				 "Bytes per token: MHA %lld, the model %lld, MQA %lld (bars: share of MHA). At -c %lld llama.cpp "
				 "allocates %s GiB for the model, less than bytes × ctx: its %lld sliding layers keep only a "
				 "window.",
				 (long long)st->rows[0].per_token, (long long)st->rows[1].per_token,
				 (long long)st->rows[2].per_token, (long long)st->ctx, g, (long long)sliding);
		else
			snprintf(v->narration, VIEW_NARRATION,
				 "Bytes per token over the %lld layers%s: MHA %lld, the model %lld, MQA %lld (bars: share of MHA). At "
				 "-c %lld llama.cpp allocates %s GiB for the model.",
				 (long long)cf_cached_layers(&st->m), cf_cached_layers(&st->m) < st->m.layers ? " with a cache" : "",
				 (long long)st->rows[0].per_token, (long long)st->rows[1].per_token,
				 (long long)st->rows[2].per_token, (long long)st->ctx, g);
	}
}

static void gq_summary(const void *vs, struct summary *s)
{
	const struct gq_state *st = vs;
	const struct model *m = &st->m;
	char o[160], f[2048];
	int uni = cf_uniform(m);
	int64_t L = cf_cached_layers(m), group = st->heads / st->kv_heads;
	summary_int(s, group, "group");
	summary_words(s, "query heads that share one KV head");
	summary_input(s, "heads", (double)st->heads, "%s", cf_origin(m, MF_HEADS, o, sizeof o));
	summary_input(s, "kv_heads", (double)st->kv_heads, "%s", st->mla ? "one latent (MLA)" : cf_origin(m, MF_KV_HEADS, o, sizeof o));
	for (int64_t h = 0; h < st->heads; h++) {
		summary_int(s, h / group, "map.%lld", (long long)h);
		summary_words(s, "the KV head query head %lld reads: floor(h / group) (llama.cpp broadcasts K and V over each "
			      "group)", (long long)h);
	}
	for (int64_t h = 0; h < st->tiny_heads; h++) {
		summary_int(s, h / (st->tiny_heads / st->tiny_kv), "tiny_map.%lld", (long long)h);
		summary_words(s, "the tiny example's KV head of query head %lld: floor(h / (tiny_heads / tiny_kv_heads))",
			      (long long)h);
		summary_input(s, "tiny_heads", (double)st->tiny_heads, "parameter tiny_heads");
		summary_input(s, "tiny_kv_heads", (double)st->tiny_kv, "parameter tiny_kv_heads");
	}
	/* A model whose sliding and full layers differ in KV heads or head
	 * sizes (Gemma 4): each kind its own cell.  The comparison rows give
	 * every layer the same KV heads, of its kind's head sizes (as_kv). */
	int64_t kf[3], ks[3];
	int split[3], kinds = cf_kinds(m, &kf[1], &ks[1]);
	for (int i = 0; i < 3; i++) {
		if (i != 1)
			kf[i] = ks[i] = st->rows[i].kv;
		split[i] = kinds && cf_split(m, kf[i], ks[i]);
	}
	/* Second way: layers × one cell's bytes, with ggml's block sizes written out
	 * in closed_form; the value is src/size/size.c's per-layer walk. */
	static const char *const names[3] = {"mha", "kv", "mqa"};
	static const char *const rows[3] = {"MHA: every query head keeps its own K and V", NULL,
					    "MQA: one KV head for all query heads"};
	for (int i = 0; i < 3; i++) {
		const struct gq_row *r = &st->rows[i];
		summary_int(s, r->per_token, "%s_bytes_per_token", names[i]);
		summary_words(s, "K and V bytes one token keeps over all layers (%s); llama.cpp keeps ggml_row_size(type, "
			      "n_embd_k_gqa) a token a layer (llama-kv-cache.cpp)", i == 1 ? "the model as used" : names[i]);
		if (split[i]) {   /* each kind its own cell: layers by the pattern */
			struct cf_cells c;
			summary_input(s, "layers", (double)L, "%s", cf_layers_origin(m, o, sizeof o));
			summary_input(s, "swa_pattern", (double)m->swa_pattern, "%s", cf_origin(m, MF_SWA_PATTERN, o, sizeof o));
			cf_in_cells(s, m, kf[i], ks[i], rows[i], rows[i], 1, &c);
			const char *G = cf_f_global(m);
			snprintf(f, sizeof f, "%s * %s + (layers - %s) * %s", G, c.full, G, c.swa);
			summary_formula(s, 0, f);
			continue;
		}
		if (!uni) {
			summary_explain(s,
					"layers differ: the per-layer walk of "
					"src/size/size.c, no closed form");
			continue;
		}
		summary_input(s, "layers", (double)L, "%s", cf_layers_origin(m, o, sizeof o));
		/* The comparison rows keep full K and V, an MLA model's too. */
		const char *cell = cf_in_cell(s, m, r->kv, rows[i], i != 1);
		snprintf(f, sizeof f, "layers * %s", cell);
		summary_formula(s, 0, f);
	}
	/* The caches at ctx: windows and padding by the closed forms of closed_form. */
	static const char *const gib[3] = {"mha_gib_at_ctx", "kv_gib_at_ctx", "mqa_gib_at_ctx"};
	int windowed = m->sliding_window > 0 && !m->swa_ignored;
	const struct deploy *d = &st->d;
	for (int i = 0; i < 3; i++) {
		double v = (double)st->rows[i].at_ctx / GIB;
		summary_real(s, v, "%s", gib[i]);
		summary_words(s, "the K and V cache llama.cpp allocates at -c %lld, GiB (%s)", (long long)st->ctx,
			      i == 1 ? "the model as used" : names[i]);
		if (split[i]) {
			struct cf_cells c;
			summary_input(s, "layers", (double)L, "%s", cf_layers_origin(m, o, sizeof o));
			summary_input(s, "swa_pattern", (double)m->swa_pattern, "%s", cf_origin(m, MF_SWA_PATTERN, o, sizeof o));
			cf_in_deploy(s, st->ctx, d->n_seq, m->sliding_window,
				     d->n_ubatch, d->n_batch, m);
			cf_in_cells(s, m, kf[i], ks[i], rows[i], rows[i],
				    d->flash_attn, &c);
			char kv[1536];
			snprintf(f, sizeof f, "%s / 2^30",
				 cf_f_split_at(kv, sizeof kv, m, d, &c));
			summary_formula(s, 1e-12 * v, f);
			continue;
		}
		if (!uni) {
			summary_explain(s,
					"layers differ: the per-layer walk of "
					"src/size/size.c, no closed form");
			continue;
		}
		summary_input(s, "layers", (double)L, "%s", cf_layers_origin(m, o, sizeof o));
		if (windowed && m->swa_pattern > 0)
			summary_input(s, "swa_pattern", (double)m->swa_pattern, "%s", cf_origin(m, MF_SWA_PATTERN, o, sizeof o));
		cf_in_deploy(s, st->ctx, d->n_seq,
			     windowed ? m->sliding_window : 0, d->n_ubatch,
			     d->n_batch, m);
		const char *cell = cf_in_cell(s, m, st->rows[i].kv, rows[i], i != 1);
		char kv[1536];
		snprintf(f, sizeof f, "%s / 2^30",
			 cf_f_uniform_at(kv, sizeof kv, m, d, windowed, cell));
		summary_formula(s, 1e-12 * v, f);
	}
}

static void gq_print(const void *vs, FILE *out)
{
	const struct gq_state *st = vs;
	fprintf(out, "tiny model, query head -> KV head:");
	for (int64_t h = 0; h < st->tiny_heads; h++)
		fprintf(out, " %lld->%lld", (long long)h, (long long)(h / (st->tiny_heads / st->tiny_kv)));
	fprintf(out, "\n");
	for (int i = 0; i < 3; i++) {
		const struct gq_row *r = &st->rows[i];
		double g = (double)r->at_ctx / GIB;
		if (i == 1 && st->mla)
			fprintf(out, "MLA (one latent): %6lld bytes/token, %5.2f GiB at %lld tokens, %2lld query heads per latent\n",
				(long long)r->per_token, g, (long long)st->ctx, (long long)st->heads);
		else
			fprintf(out, "%s (%2lld KV heads): %6lld bytes/token, %5.2f GiB at %lld tokens, %2lld query heads per KV head\n",
				i == 0 ? "MHA" : i == 2 ? "MQA" : r->kv == st->heads ? "MHA" : r->kv == 1 ? "MQA" : "GQA",
				(long long)r->kv, (long long)r->per_token, g, (long long)st->ctx, (long long)(st->heads / r->kv));
	}
}

const struct scene_class scene_gqa = {
	.id = "gqa",
	.params = gq_params,
	.nparams = GQ_NPARAMS,
	.state_size = sizeof(struct gq_state),
	.init = gq_init,
	.nsteps = gq_nsteps,
	.render = gq_render,
	.summary = gq_summary,
	.print = gq_print,
	.unshown = DP_BIT(DP_WEIGHTS), /* the caches only */
};
