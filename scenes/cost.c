/*
 * cost (lesson Ex. 16): prefill FLOPs split into weights (2 per active
 * parameter per token, linear in n) and causal attention (per layer, the
 * keys each query sees: all earlier ones, or the last `window` on a sliding
 * layer), and the KV cache llama.cpp allocates at each length (-ub and
 * --swa-full matter for a windowed model) with what one decoded token
 * reads of it.  Every size from src/size/size.c.  Steps: one per length.
 */
#include <math.h>
#include <string.h>

#include "size/size.h"
#include "scene/deploy_params.h"
#include "scene/scene.h"
#include "scenes/lib/common.h"
#include "scenes/lib/closed_form.h"

#define CO_MAX 16

struct co_state {
	struct model m;
	struct deploy d;
	int count;
	int64_t n[CO_MAX];
	double weight[CO_MAX], attn[CO_MAX], kv[CO_MAX], kv_read[CO_MAX];   /* TFLOP, TFLOP, GiB, GiB */
	int64_t kv_bytes[CO_MAX], read_bytes[CO_MAX];
	int64_t local_layers;
};

enum { CO_NPARAMS = DP_COUNT };
static const struct param_spec co_params[CO_NPARAMS + 1] = {
	/* a row a prompt length, each its own -c */
	[DP_CTX] = {.name = "ctx",
		    .kind = PARAM_INTS,
		    .min = 1,
		    .max = 1 << 24,
		    .max_count = CO_MAX,
		    .help = "prompt lengths, each a -c"},
	DEPLOY_SPECS_AFTER_CTX,
};

static int co_init(void *vs, const struct scene_env *env, char *err, size_t errlen)
{
	struct co_state *st = vs;
	const double *ctx = params_list(env->p, DP_CTX, &st->count);
	if (deploy_params_apply(env->p, env->model, &st->m, &st->d, err,
				errlen) < 0)
		return -1;
	for (int i = 0; i < st->count; i++) {
		int64_t n = (int64_t)ctx[i];
		struct kv_alloc a;
		struct deploy d = st->d;
		d.n_ctx = n;
		if (size_refuse(&st->m, &d, err, errlen))   /* llama.cpp's reason, not a size */
			return -1;
		if (size_alloc(&st->m, &d, &a) < 0) {
			snprintf(err, errlen, "ctx: %lld overflows 64-bit sizes for this model", (long long)n);
			return -1;
		}
		st->local_layers = a.local_layers;
		st->n[i] = n;
		st->weight[i] = size_weight_flops(&st->m, n) / 1e12;
		st->attn[i] = size_attn_flops_prefill(&st->m, n) / 1e12;
		st->kv_bytes[i] = a.total_bytes;
		st->kv[i] = (double)a.total_bytes / GIB;
		/* The last prompt token decoded at position n - 1 sees n keys on a full layer. */
		st->read_bytes[i] = size_kv_read_decode(&st->m, n - 1);
		st->kv_read[i] = (double)st->read_bytes[i] / GIB;
	}
	return 0;
}

/* A step for each length, then the lesson's conclusion (Example 16):
 * what FlashAttention leaves as it is, and what cuts these FLOPs. */
static int co_nsteps(const void *vs)
{
	return ((const struct co_state *)vs)->count + 1;
}

static void co_render(const void *vs, struct view *v)
{
	const struct co_state *st = vs;
	struct canvas *c = v->pic;
	/* the lengths shown: one a step, all of them at the conclusion */
	int shown = v->step < st->count ? v->step : st->count;
	double top = 1e-9;
	for (int i = 0; i < st->count; i++)
		top = fmax(top, st->weight[i] + st->attn[i]);
	int barw = c->w - 21;
	/* A length in three rows, each a number and its bar: the total, then
	 * its two parts named (the weights, attention with its share), their
	 * numbers ending in one column (8 + 1 + 10). */
	canvas_text(c, 0, 0, ROLE_LABEL,
		    "prefill TFLOP at n tokens: all = weights + attn");
	int rows = (c->h - 1) / 3, first = shown > rows ? shown - rows : 0;
	for (int i = first; i < st->count; i++) {
		int y = 1 + (i - first) * 3;
		if (y + 2 >= c->h)
			break;
		enum role lab = i == v->step - 1 ? ROLE_ACCENT
			      : i < shown ? ROLE_NORMAL : ROLE_DIM;
		/* a length's figures come with its bars, at its own step */
		canvas_printf(c, 0, y, lab, "%8lld", (long long)st->n[i]);
		if (i < shown) {
			static const enum role bar_role[3] = {
				ROLE_NORMAL, ROLE_BAR, ROLE_HOT};
			double w = st->weight[i], a = st->attn[i];
			double part[3] = {w + a, w, a};
			canvas_printf(c, 8, y, lab, " %10.1f", part[0]);
			canvas_printf(c, 0, y + 1, lab, "weights %11.1f", w);
			canvas_printf(c, 0, y + 2, lab, "attn%3.0f%% %10.1f",
				      100 * a / part[0], a);
			/* a part that is not 0 shows at least an eighth of a cell */
			for (int k = 0; k < 3; k++) {
				double f = part[k] / top;
				if (f > 0 && f * barw < 0.125)
					f = 0.125 / barw;
				canvas_bar(c, 20, y + k, barw, f, bar_role[k]);
			}
		}
	}
	/* Rows scrolled off either end are counted, above and below. */
	int below = first + rows < st->count ? st->count - first - rows : 0;
	if (first > 0 && below > 0)
		canvas_printf(c, 0, c->h - 1, ROLE_DIM, "+%d more above, +%d more below", first, below);
	else if (first > 0)
		canvas_printf(c, 0, c->h - 1, ROLE_DIM, "+%d more above (shorter ctx)", first);
	else if (below > 0)
		canvas_printf(c, 0, c->h - 1, ROLE_DIM, "+%d more", below);
	struct canvas *s = v->side;
	canvas_wrap(s, 0, 0, s->w, 2, ROLE_LABEL, st->m.name);
	canvas_printf(s, 0, 2, ROLE_NORMAL, "%.3g active params", st->m.active_params);
	canvas_printf(s, 0, 3, ROLE_NORMAL, "%lld layers, %lld %s", (long long)st->m.layers, (long long)st->local_layers,
		      st->m.swa_chunked ? "chunked" : "local");
	canvas_printf(s, 0, 4, ROLE_NORMAL, "K %s, V %s", model_cache_name(st->m.k_type), model_cache_name(st->m.v_type));
	int64_t recurrent = model_layers_of(&st->m, LT_RECURRENT);
	if (recurrent) {   /* a hybrid: the attention FLOPs are those of its attention layers only */
		char t[48];
		snprintf(t, sizeof t, "%lld recurrent: no FLOPs", (long long)recurrent);
		canvas_wrap(s, 0, 5, s->w, 1, ROLE_DIM, (int)strlen(t) <= s->w ? t : "recurrent: left out");
	} else if (st->m.ssm_parallel) {   /* Falcon-H1: a Mamba2 mixer beside each attention block */
		canvas_wrap(s, 0, 5, s->w, 1, ROLE_DIM, s->w >= 21 ? "Mamba2 FLOPs left out" : "SSM: left out");
	} else if (st->m.indexer_head_dim > 0) {   /* DeepSeek-V3.2: sparse attention over top-k keys */
		canvas_wrap(s, 0, 5, s->w, 1, ROLE_DIM, s->w >= 22 ? "dense: top-k not shown" : "dense FLOPs");
	}
	canvas_text(s, 0, 6, ROLE_LABEL, "KV cache, GiB");
	canvas_text(s, 0, 7, ROLE_DIM, "  tokens  cache   read");
	int srows = s->h - 8;
	/* one row then counts those above */
	int sfirst = shown > srows ? shown - srows + 1 : 0;
	int sy = 8;
	if (sfirst > 0)
		canvas_printf(s, 0, sy++, ROLE_DIM, "+%d more above", sfirst);
	for (int i = sfirst; i < shown && sy < s->h; i++)
		canvas_printf(s, 0, sy++, ROLE_NORMAL, "%8lld %6.1f %6.1f", (long long)st->n[i], st->kv[i],
			      st->kv_read[i]);

	if (v->step == 0)
		snprintf(v->narration, VIEW_NARRATION,
			 "Prefill FLOPs per length: 2 per active parameter per token (linear in n) plus attention, q·k "
			 "and p·v for every key a query sees (all earlier ones, or a window): quadratic in n.");
	else if (v->step > st->count)
		snprintf(
		    v->narration, VIEW_NARRATION,
		    "FlashAttention leaves these FLOPs as they are: it "
		    "computes every score naive attention does and removes "
		    "only the n² buffer and its traffic (Example 1). "
		    "Sliding windows and sparse attention are what cut "
		    "the FLOPs.");
	else {
		int i = v->step - 1;
		double total = st->weight[i] + st->attn[i];
		/* The lesson adds the two rounded figures (2,105.0 + 4,503.6 = 6,608.6); the exact sum
		 * can round one tenth higher (6608.66 -> 6608.7): say so where the two differ. */
		double rounded = round(st->weight[i] * 10) / 10 + round(st->attn[i] * 10) / 10;
		char why[96] = "";
		if (fabs(round(total * 10) / 10 - rounded) > 0.05)
			snprintf(why, sizeof why, "; the rounded parts add to %.1f", rounded);
		snprintf(v->narration, VIEW_NARRATION,
			 "n = %lld: weights %.1f TFLOP, attention %.1f TFLOP (%.0f%% of the total, %.1f%s). The KV cache is %.1f GiB; "
			 "a token decoded at this length reads %.1f GiB of it.",
			 (long long)st->n[i], st->weight[i], st->attn[i], 100 * st->attn[i] / total, total, why, st->kv[i],
			 st->kv_read[i]);
	}
}

/* The attention FLOPs again by another algorithm: walk every query
 * position, count the keys it sees on each kind of layer, and weigh by the
 * layers of that kind.  Uses the model's fields only, none of size.c. */
static double attn_walk(const struct model *m, int64_t n)
{
	int64_t w = m->sliding_window > 0 && !m->swa_ignored ? m->sliding_window : 0;
	double full_pairs = 0, win_pairs = 0;
	for (int64_t p = 0; p < n; p++) {
		full_pairs += (double)(p + 1);
		/* chunked (Llama 4): the query sees its own chunk up to itself */
		win_pairs += (double)(w && m->swa_chunked ? p % w + 1 : w && p + 1 > w ? w : p + 1);
	}
	int64_t kdim = m->kind == ATTN_MLA ? m->qk_nope_head_dim + m->qk_rope_head_dim : m->head_dim;
	int64_t vdim = m->kind == ATTN_MLA ? m->v_head_dim : m->head_dim_v;
	if (m->kind == ATTN_MLA && m->mla_latent_cache)   /* absorbed: heads attend over the latent row */
		kdim = m->kv_lora_rank + m->qk_rope_head_dim, vdim = m->kv_lora_rank;
	double sum = 0;
	for (int64_t il = 0; il < m->layers; il++) {
		/* the layer as llama.cpp's hparams give it: a sliding
		 * layer's own head sizes (Gemma 4's 256 beside 512) */
		struct model_layer L = model_layer(m, il);
		if (!L.attends)
			continue;
		int local = L.window > 0;
		/* the query's head sizes: a shared layer keeps no cache */
		int64_t kd = m->kind != ATTN_MLA ? L.attn_k : kdim;
		int64_t vd = m->kind != ATTN_MLA ? L.attn_v : vdim;
		double pair = 2.0 * m->heads * kd + 2.0 * m->heads * vd;
		sum += pair * (local ? win_pairs : full_pairs);
	}
	return sum;
}

/* The layers that run attention, and where the count comes from: the
 * cached ones, and the shared ones that attend over an earlier layer's
 * cache (Gemma 3n, Gemma 4 E2B/E4B). */
static int64_t attending_layers(const struct model *m, char *o, int len)
{
	int64_t n = 0, shared = model_layers_of(m, LT_SHARED);
	for (int64_t il = 0; il < m->layers; il++)
		n += model_layer(m, il).attends;
	if (!shared && n == cf_cached_layers(m))
		cf_layers_origin(m, o, len);
	else
		snprintf(o, (size_t)len,
			 "the %lld of [model] layers %lld that run attention "
			 "(%lld over an earlier layer's cache)",
			 (long long)n, (long long)m->layers, (long long)shared);
	return n;
}

/* Where a sliding layer's cells and the global-layer count come from, as
 * inputs of the cache formulas (the names cf_f_global and cf_f_swa use). */
static void co_in_layers(struct summary *s, const struct model *m, int64_t w)
{
	char o[160];
	summary_input(s, "layers", (double)cf_cached_layers(m), "%s", cf_layers_origin(m, o, sizeof o));
	if (w && m->swa_pattern > 0)
		summary_input(s, "swa_pattern", (double)m->swa_pattern, "%s", cf_origin(m, MF_SWA_PATTERN, o, sizeof o));
	if (w)
		summary_input(s, "window", (double)w, "%s", cf_origin(m, MF_SLIDING_WINDOW, o, sizeof o));
}

static void co_summary(const void *vs, struct summary *s)
{
	const struct co_state *st = vs;
	const struct model *m = &st->m;
	char o[160], f[2048], both[1536];
	int uni = cf_uniform(m);
	int64_t kf, ks;
	int split = !uni && cf_kinds(m, &kf, &ks) && cf_split(m, kf, ks);
	struct cf_cells c;
	int64_t w = m->sliding_window > 0 && !m->swa_ignored ? m->sliding_window : 0;
	/* the head sizes attention runs with: MLA with the latent cache attends over the latent */
	int latent = m->kind == ATTN_MLA && m->mla_latent_cache;
	for (int i = 0; i < st->count; i++) {
		long long n = (long long)st->n[i];
		summary_real(s, st->weight[i], "weight_tflop.%lld", n);
		summary_words(s, "prefill FLOPs of the weights at %lld tokens, TFLOP: 2 per active parameter per token (MoE: "
			      "the experts used per token)", n);
		summary_input(s, "active_params", m->active_params, "%s", cf_origin(m, MF_ACTIVE_PARAMS, o, sizeof o));
		summary_input(s, "ctx", (double)n, "parameter ctx");
		summary_formula(s, 1e-12 * st->weight[i], "2 * active_params * ctx / 1e12");

		double walk = attn_walk(m, st->n[i]) / 1e12;
		summary_check_real(s, HOW_REFERENCE, st->attn[i], walk, 1e-9 * walk + 1e-12, "attn_tflop.%lld", n);
		summary_words(s, "prefill FLOPs of causal attention at %lld tokens, TFLOP: q·k and p·v, 2·heads·d_k + "
			      "2·heads·d_v a query-key pair, over the pairs each layer sees", n);
		int64_t attending = attending_layers(m, o, sizeof o);
		summary_input(s, "layers", (double)attending, "%s", o);
		summary_input(s, "heads", (double)m->heads, "%s", cf_origin(m, MF_HEADS, o, sizeof o));
		if (latent) {
			summary_input(s, "d_k", (double)(m->kv_lora_rank + m->qk_rope_head_dim),
				      "kv_lora_rank + qk_rope_head_dim (MLA absorbed: every head attends over the cached latent)");
			summary_input(s, "d_v", (double)m->kv_lora_rank, "%s", cf_origin(m, MF_KV_LORA_RANK, o, sizeof o));
		} else {
			cf_in_dims(s, m);
		}
		if (split) {
			struct model_layer L = model_kind_layer(m, 1);
			cf_origin(m, MF_HEAD_DIM_SWA, o, sizeof o);
			summary_input(s, "d_k_swa", (double)L.attn_k, "%s", o);
			cf_origin(m, MF_HEAD_DIM_V_SWA, o, sizeof o);
			summary_input(s, "d_v_swa", (double)L.attn_v, "%s", o);
		}
		if (w)
			summary_input(s, "window", (double)w, "%s", cf_origin(m, MF_SLIDING_WINDOW, o, sizeof o));
		summary_input(s, "ctx", (double)n, "parameter ctx");
		summary_explain(s, "second way: a walk over every query position counting the keys it sees, all earlier ones "
			       "on a full layer, the last window on a sliding one (llama.cpp's SWA mask: key masked when "
			       "p1 − p0 >= n_swa), weighed by the layers of each kind");

		summary_real(s, st->attn[i] / (st->weight[i] + st->attn[i]), "attn_share.%lld", n);
		summary_words(s, "attention's share of prefill FLOPs at %lld tokens: attention / (weights + attention)", n);
		summary_explain(s, "a ratio of the two checked figures above");

		summary_real(s, st->kv[i], "kv_gib.%lld", n);
		summary_words(s, "the K and V cache llama.cpp allocates at -c %lld, GiB", n);
		if (split) {   /* sliding and full layers differ (Gemma 4): each kind its own cell */
			co_in_layers(s, m, w);
			summary_input(s, "ctx", (double)n, "parameter ctx (-c)");
			summary_input(s, "n_seq", (double)st->d.n_seq,
				      "parameter n_seq (-np)");
			cf_in_ubatch(s, st->d.n_ubatch, st->d.n_batch,
				     "parameter ubatch (-ub)");
			cf_in_cells(s, m, kf, ks, NULL, NULL, st->d.flash_attn, &c);
			snprintf(f, sizeof f, "%s / 2^30",
				 cf_f_split_at(both, sizeof both, m, &st->d,
					       &c));
			summary_formula(s, 1e-12 * st->kv[i], f);
		} else if (!uni) {
			summary_explain(s,
					"layers differ: the allocation walk of "
					"src/size/size.c, no closed form");
		} else {
			co_in_layers(s, m, w);
			summary_input(s, "ctx", (double)n, "parameter ctx (-c)");
			summary_input(s, "n_seq", (double)st->d.n_seq,
				      "parameter n_seq (-np)");
			if (w)
				cf_in_ubatch(s, st->d.n_ubatch, st->d.n_batch,
					     "parameter ubatch (-ub)");
			const char *cell = cf_in_cell(s, m, m->kv_heads, NULL, 0);
			char kv[1536];
			snprintf(f, sizeof f, "%s / 2^30",
				 cf_f_uniform_at(kv, sizeof kv, m, &st->d, w,
						 cell));
			summary_formula(s, 1e-12 * st->kv[i], f);
			if (w && st->d.swa_full)
				summary_explain(s, "parameter swa_full = 1 (--swa-full): sliding layers keep every cell of the stream");
		}

		summary_real(s, st->kv_read[i], "kv_read_gib.%lld", n);
		summary_words(s, "the part of that cache the token decoded at position %lld − 1 reads, GiB: every key on a "
			      "full layer, the last window on a sliding one, its own chunk's on a chunked one", n);
		if (split) {
			co_in_layers(s, m, w);
			summary_input(s, "ctx", (double)n, "parameter ctx (the token at position ctx − 1 sees ctx keys on a full layer)");
			/* a layer reads its own V width: the padding -fa off
			 * adds to the rows is allocated, not read */
			cf_in_cells(s, m, kf, ks, NULL, NULL, 1, &c);
			const char *G = cf_f_global(m);
			snprintf(f, sizeof f, "(%s * ctx * %s + (layers - %s) * %s * %s) / 2^30", G, c.full, G,
				 m->swa_chunked ? "(ctx - window * floor((ctx - 1) / window))" : "min(ctx, window)", c.swa);
			summary_formula(s, 1e-12 * st->kv_read[i], f);
		} else if (!uni) {
			summary_explain(s,
					"layers differ: the per-layer walk of "
					"src/size/size.c, no closed form");
		} else {
			co_in_layers(s, m, w);
			summary_input(s, "ctx", (double)n, "parameter ctx (the token at position ctx − 1 sees ctx keys on a full layer)");
			const char *cell = cf_in_cell(s, m, m->kv_heads, NULL, 0);
			const char *G = cf_f_global(m);
			if (w && m->swa_chunked)   /* chunked: position ctx - 1 sees (ctx - 1) mod window + 1 keys */
				snprintf(f, sizeof f, "(%s * ctx + (layers - %s) * (ctx - window * floor((ctx - 1) / window))) * %s / 2^30",
					 G, G, cell);
			else if (w)
				snprintf(f, sizeof f, "(%s * ctx + (layers - %s) * min(ctx, window)) * %s / 2^30", G, G, cell);
			else
				snprintf(f, sizeof f, "layers * ctx * %s / 2^30", cell);
			summary_formula(s, 1e-12 * st->kv_read[i], f);
		}
	}
}

static void co_print(const void *vs, FILE *out)
{
	const struct co_state *st = vs;
	fprintf(out, "tokens   weight TFLOP  attention TFLOP  attention share  KV cache (read per decoded token)\n");
	for (int i = 0; i < st->count; i++)
		fprintf(out, "%6lld  %12.1f  %15.1f  %14.0f%%  %5.1f GiB\n", (long long)st->n[i], st->weight[i], st->attn[i],
			100 * st->attn[i] / (st->weight[i] + st->attn[i]), st->kv[i]);
	if (st->local_layers)
		for (int i = 0; i < st->count; i++)
			fprintf(out, "at %lld tokens a decoded token reads %.1f GiB of the %.1f GiB cache (%lld %s layers)\n",
				(long long)st->n[i], st->kv_read[i], st->kv[i], (long long)st->local_layers,
				st->m.swa_chunked ? "chunked" : "sliding");
	if (st->m.indexer_head_dim > 0)
		fprintf(out, "sparse attention (an indexer): llama.cpp attends only the indexer's top-k keys; the attention "
			     "FLOPs above count every key (dense), and the indexer's own are left out\n");
	if (st->m.ssm_parallel)
		fprintf(out, "every layer also runs a Mamba2 mixer beside its attention: those FLOPs are left out\n");
	if (model_layers_of(&st->m, LT_RECURRENT))
		fprintf(out, "%lld recurrent layers: their FLOPs are left out (attention counts the %lld layers with a KV cache)\n",
			(long long)model_layers_of(&st->m, LT_RECURRENT), (long long)(st->m.layers - model_layers_of(&st->m, LT_RECURRENT) -
										  model_layers_of(&st->m, LT_NONE) -
										  model_layers_of(&st->m, LT_SHARED)));
}

const struct scene_class scene_cost = {
	.id = "cost",
	.params = co_params,
	.nparams = CO_NPARAMS,
	.state_size = sizeof(struct co_state),
	.init = co_init,
	.nsteps = co_nsteps,
	.render = co_render,
	.summary = co_summary,
	.print = co_print,
	/* FLOPs count parameters, not their bytes */
	.unshown = DP_BIT(DP_WEIGHTS),
};
