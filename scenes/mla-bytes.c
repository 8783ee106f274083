/*
 * mla-bytes (lesson Ex. 8): bytes per token of the loaded MLA model (latent
 * plus decoupled RoPE key), the same model as MHA and as GQA-8, and a
 * reference GQA model.  A model without MLA is shown as it is: its own
 * cache against the same model as MHA.  Steps: one bar each.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "size/size.h"
#include "scene/deploy_params.h"
#include "scene/scene.h"
#include "scenes/lib/common.h"
#include "scenes/lib/closed_form.h"

struct mb_row {
	char name[96];   /* "GQA as it is (16/4 KV)": room for two 64-bit counts */
	int64_t bytes;    /* per token, all layers */
	int64_t at_ctx;   /* at the padded context */
};

struct mb_state {
	int mla;
	int64_t ctx, n_ctx;   /* as asked, and padded as llama.cpp allocates it */
	int64_t sliding;      /* the model's layers that keep only a window (llama.cpp's count) */
	int nrows;
	struct mb_row rows[4];
	struct model m, ref;
	struct deploy d; /* the deployment: every row's cache at it */
	int has_ref;
	char model[128];
};

enum { MB_NPARAMS = DP_COUNT };
static const struct param_spec mb_params[MB_NPARAMS + 1] = {DEPLOY_SPECS};

/* The cache at deployment d of the same model with kv_heads heads of the
 * query head sizes on every layer that keeps one: the MHA and GQA-8
 * comparisons keep the model's windows and padding, so their bars compare
 * like with like.  -1 when out of memory or past 64 bits. */
static int64_t at_ctx_as(const struct model *m, const struct deploy *d, int64_t kv_heads)
{
	struct model *c = malloc(sizeof *c);
	struct kv_alloc *a = malloc(sizeof *a);
	int64_t bytes = -1;
	if (c && a) {
		*c = *m;
		c->mla_latent_cache = 0;   /* full K and V per head, as size_kv_bytes_token_as prices them */
		c->k_only = 0;
		c->kv_heads = kv_heads;
		for (int64_t il = 0; il < c->layers; il++)
			if (c->layer_kv_heads[il] > 0)
				c->layer_kv_heads[il] = (int32_t)kv_heads;
		if (size_alloc(c, d, a) == 0)
			bytes = a->total_bytes;
	}
	free(c);
	free(a);
	return bytes;
}

static int mb_init(void *vs, const struct scene_env *env, char *err, size_t errlen)
{
	struct mb_state *st = vs;
	const struct model *m = &st->m; /* as deployed: its cache types */
	struct kv_alloc *a = malloc(sizeof *a);
	if (!a) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (deploy_params_apply(env->p, env->model, &st->m, &st->d, err,
				errlen) < 0) {
		free(a);
		return -1;
	}
	const struct deploy d = st->d;
	st->mla = m->kind == ATTN_MLA && m->mla_latent_cache;
	st->ctx = d.n_ctx;
	snprintf(st->model, sizeof st->model, "%s", m->name);
	int n = 0;
	if (size_refuse(m, &d, err, errlen)) {   /* llama.cpp's reason, not a size */
		free(a);
		return -1;
	}
	if (size_alloc(m, &d, a) < 0) {
		free(a);
		snprintf(err, errlen, "ctx: the cache overflows 64-bit arithmetic for this model");
		return -1;
	}
	st->n_ctx = a->n_ctx;
	st->sliding = a->local_layers;
	if (st->mla)
		snprintf(st->rows[n].name, sizeof st->rows[n].name, "MLA latent + RoPE key");
	else if (m->kind == ATTN_MLA)
		snprintf(st->rows[n].name, sizeof st->rows[n].name, "MLA, full K and V");
	else {
		/* KV heads that differ by layer are named both (Gemma 4: 16 on
		 * the sliding layers, 4 on the full ones; "(16 KV)" hid the 4) */
		int64_t lo = 0, hi = 0;
		for (int64_t il = 0; il < m->layers; il++) {
			int64_t kv = m->layer_kv_heads[il];
			if (kv <= 0 || !size_layer_cached(m, il))
				continue;
			lo = lo == 0 || kv < lo ? kv : lo;
			hi = kv > hi ? kv : hi;
		}
		if (lo > 0 && lo < hi)
			snprintf(st->rows[n].name, sizeof st->rows[n].name, "%s as it is (%lld/%lld KV)",
				 model_kind_name(m->kind), (long long)hi, (long long)lo);
		else
			snprintf(st->rows[n].name, sizeof st->rows[n].name, "%s as it is (%lld KV)", model_kind_name(m->kind),
				 (long long)m->kv_heads);
	}
	st->rows[n].bytes = size_kv_bytes_token(m);
	st->rows[n++].at_ctx = a->total_bytes;
	free(a);
	/* The comparison layouts: K of the query head size, V of the V head size. */
	snprintf(st->rows[n].name, sizeof st->rows[n].name, "same model as MHA");
	st->rows[n].bytes = size_kv_bytes_token_as(m, m->heads);
	st->rows[n].at_ctx = at_ctx_as(m, &d, m->heads);
	n++;
	snprintf(st->rows[n].name, sizeof st->rows[n].name, "same model as GQA-8");
	st->rows[n].bytes = size_kv_bytes_token_as(m, 8);
	st->rows[n].at_ctx = at_ctx_as(m, &d, 8);
	n++;
	if (st->rows[1].at_ctx < 0 || st->rows[2].at_ctx < 0) {
		snprintf(err, errlen, "ctx: the cache overflows 64-bit arithmetic for this model");
		return -1;
	}
	st->has_ref = env->preset != NULL;
	if (st->has_ref) {
		st->ref = *env->preset;
		snprintf(st->rows[n].name, sizeof st->rows[n].name, "%.10s (%s-%lld)", st->ref.name,
			 model_kind_name(st->ref.kind), (long long)st->ref.kv_heads);
		st->rows[n].bytes = size_kv_bytes_token(&st->ref);
		st->rows[n].at_ctx = at_ctx_as(&st->ref, &d, st->ref.kv_heads);
		if (st->rows[n].at_ctx < 0) {
			snprintf(err, errlen,
				 "ctx: the reference's cache overflows 64-bit "
				 "arithmetic");
			return -1;
		}
		n++;
	}
	st->nrows = n;
	return 0;
}

static int mb_nsteps(const void *vs)
{
	return ((const struct mb_state *)vs)->nrows;
}

static void mb_render(const void *vs, struct view *v)
{
	const struct mb_state *st = vs;
	struct canvas *c = v->pic;
	int64_t top = st->rows[1].bytes > st->rows[0].bytes ? st->rows[1].bytes : st->rows[0].bytes;
	char gib[32];
	canvas_text(c, 0, 0, ROLE_LABEL, "bytes per token (bar: linear)      GiB at ctx");
	/* step 0: the layouts the steps compare, each with a ? to answer */
	for (int i = v->step; i < st->nrows && 1 + i * 3 < c->h; i++)
		canvas_printf(c, 0, 1 + i * 3, ROLE_DIM, "%-22s %9s %10s",
			      st->rows[i].name, "?", "?");
	for (int i = 0; i < v->step && 1 + i * 3 < c->h; i++) {
		int y = 1 + i * 3;
		fmt_fixed(gib, sizeof gib, (double)st->rows[i].at_ctx / GIB, 2);
		canvas_printf(c, 0, y, i == v->step - 1 ? ROLE_ACCENT : ROLE_NORMAL, "%-22s %9lld %10s", st->rows[i].name,
			      (long long)st->rows[i].bytes, gib);
		/* A bar may be too small to see: at least one eighth-cell shows it exists. */
		double f = (double)st->rows[i].bytes / (double)top;
		canvas_bar(c, 0, y + 1, c->w - 2, f < 1.0 / (8 * (c->w - 2)) ? 1.0 / (8 * (c->w - 2)) : f,
			   i == 0 ? ROLE_ACCENT : i == 3 ? ROLE_BAR2 : ROLE_BAR);
	}
	struct canvas *s = v->side;
	canvas_wrap(s, 0, 0, s->w, 2, ROLE_LABEL, st->model);
	canvas_printf(s, 0, 2, ROLE_NORMAL, "ctx %lld", (long long)st->ctx);
	if (st->n_ctx != st->ctx)
		canvas_printf(s, 0, 3, ROLE_NORMAL, "allocated %lld", (long long)st->n_ctx);
	canvas_printf(s, 0, 4, ROLE_NORMAL, "K %s", model_cache_name(st->m.k_type));
	if (st->mla) {
		/* the answer, with the MHA row it compares (step 2) */
		double ratio = (double)st->rows[1].bytes / st->rows[0].bytes;
		if (v->step >= 2)
			canvas_printf(s, 0, 6, ROLE_ACCENT, "MHA / MLA = %s×",
				      fmt_fixed(gib, sizeof gib, ratio, 1));
	} else {
		canvas_wrap(s, 0, 6, s->w, 5, ROLE_HOT, st->m.kind == ATTN_MLA
			    ? "this file has no latent cache: llama.cpp caches full K and V per head (a re-converted GGUF caches the latent)"
			    : "this model has no MLA: its own cache is shown instead");
	}

	if (v->step == 0)
		snprintf(v->narration, VIEW_NARRATION,
			 "%sMLA caches, per layer, one latent vector (its "
			 "width: kv_lora_rank) plus a RoPE key all heads "
			 "share. "
			 "Step to compare it with the same model as MHA and "
			 "GQA-8%s.",
			 st->mla ? "" : "(This model has no MLA cache.) ",
			 st->has_ref ? ", and with a reference model" : "");
	else {
		const struct mb_row *r = &st->rows[v->step - 1];
		fmt_fixed(gib, sizeof gib, (double)r->at_ctx / GIB, 2);
		/* With sliding layers the GiB are not bytes × tokens: a row with
		 * fewer bytes a token may take more GiB, its full layers wider */
		int64_t sliding = st->sliding;
		char also[160] = ".";
		if (v->step == 2 && st->mla)
			snprintf(also, sizeof also, ", the keys and values MLA avoids storing (K of the query head size, V of "
				 "the V head size).");
		else if (sliding && v->step <= 3)   /* this model's rows; the reference model has its own layers */
			snprintf(also, sizeof also, ". The %lld sliding layers keep only a window; the GiB follow the full "
				 "layers, which keep every token.", (long long)sliding);
		/* The lesson's product, 576 x 61 x 2 = 70,272 (Example 8), shown
		 * where it is the row's bytes: a whole number of bytes a value
		 * and every layer caching the latent row */
		const struct model *m = &st->m;
		int64_t vals = m->kv_lora_rank + m->qk_rope_head_dim;
		int64_t row = vals > 0 ? model_cache_bytes(m->k_type, vals) : 0;
		char product[120] = "";
		if (v->step == 1 && st->mla && row % vals == 0 &&
		    row / vals * vals * m->layers == r->bytes)
			snprintf(
			    product, sizeof product,
			    " (%lld latent + %lld RoPE = %lld values) × %lld"
			    " layers × %lld bytes =",
			    (long long)m->kv_lora_rank,
			    (long long)m->qk_rope_head_dim, (long long)vals,
			    (long long)m->layers, (long long)(row / vals));
		snprintf(v->narration, VIEW_NARRATION,
			 "%s:%s %lld bytes per token, %s GiB at %lld tokens%s",
			 r->name, product, (long long)r->bytes, gib,
			 (long long)st->n_ctx, also);
	}
}

/* The inputs of row i's cell bytes a token (rm: the row's model), and its
 * formula text: the model as it is, the same model with all query heads or
 * eight as KV heads (full K and V), or the reference model. */
static const char *mb_in_cell(struct summary *s, const struct model *rm, int i)
{
	char o[160], kv[200];
	if (i == 1) {
		snprintf(kv, sizeof kv, "%s: one KV head per query head (MHA)", cf_origin(rm, MF_HEADS, o, sizeof o));
		return cf_in_cell(s, rm, rm->heads, kv, 1);
	}
	if (i == 2)
		return cf_in_cell(s, rm, 8, "eight KV heads: the lesson's GQA-8 comparison", 1);
	if (i == 3) {
		snprintf(kv, sizeof kv, "%s of the preset %s", cf_origin(rm, MF_KV_HEADS, o, sizeof o), rm->name);
		return cf_in_cell(s, rm, rm->kv_heads, kv, 0);
	}
	return cf_in_cell(s, rm, rm->kv_heads, NULL, 0);
}

static void mb_in_layers(struct summary *s, const struct model *rm, int i)
{
	char o[160];
	if (i == 3)
		summary_input(s, "layers", (double)cf_cached_layers(rm), "%s of the preset %s", cf_layers_origin(rm, o, sizeof o),
			      rm->name);
	else
		summary_input(s, "layers", (double)cf_cached_layers(rm), "%s", cf_layers_origin(rm, o, sizeof o));
}

static void mb_summary(const void *vs, struct summary *s)
{
	const struct mb_state *st = vs;
	const struct model *m = &st->m;
	const struct deploy *d = &st->d;
	char o[160], f[2048];
	static const char *const keys[] = {"mla", "mha", "gqa8", "ref"};
	int uni = cf_uniform(m);
	for (int i = 0; i < st->nrows && i < 4; i++) {
		const char *key = i == 0 && !st->mla ? "model" : keys[i];
		const struct model *rm = i == 3 ? &st->ref : m;
		/* a closed form for the reference when it is uniform, for the others when the model is */
		int closed = i == 3 ? cf_uniform(rm) : uni;
		summary_int(s, st->rows[i].bytes, "%s_bytes_per_token", key);
		summary_words(s, "K and V bytes one token keeps over all layers: %s", st->rows[i].name);
		if (i == 0 && st->mla)
			summary_explain(s, "MLA: llama.cpp caches the latent and the RoPE key in K, no V");
		else if (i == 1 || i == 2)
			summary_explain(s, "K of the query head size, V of the V head size, %s on every layer that keeps one "
				    "(windows kept)", i == 1 ? "as many KV heads as query heads" : "eight KV heads");
		else if (i == 3)
			summary_explain(s, "reference %s (the scene file's preset)", rm->name);
		/* sliding and full layers that differ (Gemma 4): each kind its own cell */
		int64_t kf = 0, ks = 0;
		char kvo[200];
		int kinds = cf_kinds(m, &kf, &ks);   /* the model's own counts, for row 0 */
		if (i == 1 || i == 2)
			kf = ks = i == 1 ? m->heads : 8;
		int split = i < 3 && kinds && cf_split(m, kf, ks);
		if (i == 1)
			snprintf(kvo, sizeof kvo, "%s: one KV head per query head (MHA)", cf_origin(m, MF_HEADS, o, sizeof o));
		else
			snprintf(kvo, sizeof kvo, "eight KV heads: the lesson's GQA-8 comparison");
		struct cf_cells c;
		if (split) {
			mb_in_layers(s, rm, i);
			summary_input(s, "swa_pattern", (double)m->swa_pattern, "%s", cf_origin(m, MF_SWA_PATTERN, o, sizeof o));
			cf_in_cells(s, m, kf, ks, i ? kvo : NULL, i ? kvo : NULL, 1, &c);
			const char *G = cf_f_global(m);
			snprintf(f, sizeof f, "%s * %s + (layers - %s) * %s", G, c.full, G, c.swa);
			summary_formula(s, 0, f);
		} else if (!closed) {
			summary_explain(s,
					"layers differ: the per-layer walk of "
					"src/size/size.c, no closed form");
		} else {
			mb_in_layers(s, rm, i);
			snprintf(f, sizeof f, "layers * %s", mb_in_cell(s, rm, i));
			summary_formula(s, 0, f);
		}

		/* The cache at the deployment: the comparison rows keep the
		 * model's windows, the reference has none. */
		double at = (double)st->rows[i].at_ctx / GIB;
		int windowed = i < 3 && m->sliding_window > 0 && !m->swa_ignored;
		summary_real(s, at, "%s_gib_at_ctx", key);
		summary_words(s, "the K and V cache llama.cpp allocates at -c %lld, GiB: %s", (long long)st->ctx,
			      st->rows[i].name);
		if (split) {
			char both[1536];
			mb_in_layers(s, rm, i);
			summary_input(s, "swa_pattern", (double)m->swa_pattern, "%s", cf_origin(m, MF_SWA_PATTERN, o, sizeof o));
			cf_in_deploy(s, st->ctx, d->n_seq, m->sliding_window,
				     d->n_ubatch, d->n_batch, m);
			cf_in_cells(s, m, kf, ks, i ? kvo : NULL,
				    i ? kvo : NULL, d->flash_attn, &c);
			snprintf(f, sizeof f, "%s / 2^30",
				 cf_f_split_at(both, sizeof both, m, d, &c));
			summary_formula(s, 1e-12 * at, f);
			continue;
		}
		if (!closed) {
			summary_explain(
			    s,
			    "layers differ: the allocation walk of "
			    "src/size/size.c over every layer, no closed form");
			continue;
		}
		mb_in_layers(s, rm, i);
		if (windowed && m->swa_pattern > 0)
			summary_input(s, "swa_pattern", (double)m->swa_pattern, "%s", cf_origin(m, MF_SWA_PATTERN, o, sizeof o));
		cf_in_deploy(s, st->ctx, d->n_seq,
			     windowed ? m->sliding_window : 0, d->n_ubatch,
			     d->n_batch, m);
		const char *cell = mb_in_cell(s, rm, i);
		char kv[1536];
		snprintf(f, sizeof f, "%s / 2^30",
			 cf_f_uniform_at(kv, sizeof kv, rm, d, windowed, cell));
		summary_formula(s, 1e-12 * at, f);
	}
	if (st->mla) {
		summary_real(s, (double)st->rows[1].bytes / st->rows[0].bytes, "mha_over_mla");
		summary_words(s, "how much smaller the latent cache is: MHA bytes per token / MLA bytes per token");
		summary_explain(s, "a ratio of the two checked figures above");
	}
}

static void mb_print(const void *vs, FILE *out)
{
	const struct mb_state *st = vs;
	char at[32];
	if (st->n_ctx % 1024 == 0)
		snprintf(at, sizeof at, "%lldK", (long long)(st->n_ctx / 1024));
	else
		snprintf(at, sizeof at, "%lld", (long long)st->n_ctx);
	if (!st->mla)
		fprintf(out, "(%s has no MLA cache: its own cache is shown first)\n", st->model);
	for (int i = 0; i < st->nrows; i++) {
		char label[48];
		snprintf(label, sizeof label, "%s:", st->rows[i].name);
		char gib[40];
		fmt_fixed(gib, sizeof gib, (double)st->rows[i].at_ctx / GIB, 2);
		fprintf(out, "%-22s %9lld bytes/token  %8s GiB at %s\n", label, (long long)st->rows[i].bytes, gib, at);
	}
	if (st->mla)
		fprintf(out, "MHA / MLA = %s\n", fmt_fixed(at, sizeof at, (double)st->rows[1].bytes / st->rows[0].bytes, 1));
}

const struct scene_class scene_mla_bytes = {
	.id = "mla-bytes",
	.params = mb_params,
	.nparams = MB_NPARAMS,
	.state_size = sizeof(struct mb_state),
	.init = mb_init,
	.nsteps = mb_nsteps,
	.render = mb_render,
	.summary = mb_summary,
	.print = mb_print,
	.unshown = DP_BIT(DP_WEIGHTS), /* the caches only */
};
