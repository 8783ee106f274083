/*
 * gqa (lesson Ex. 6): query heads wired to the KV head they read
 * (kv = q / group, as ggml's ik2 = iq2 / rk2), one head a step, then the KV
 * bytes per token for MHA, the model's GQA and MQA.
 */
#include <string.h>

#include "scene/scene.h"
#include "scenes/common.h"

struct gq_state {
	int64_t heads, kv_heads, layers, head_dim, ctx;
	int64_t tiny_heads, tiny_kv;
	enum cache_type cache;
	int mla;
	int64_t mla_bytes;       /* the model's own bytes when it is MLA */
	char model[128];
};

static const struct param_spec gq_params[] = {
	{"kv_heads", PARAM_INT, 0, 65536, 1, 0, "KV heads (0: the model's); must divide heads"},
	{"ctx", PARAM_INT, 1, 1 << 24, 1, 0, "context for the cache size"},
	{"tiny_heads", PARAM_INT, 1, 256, 1, 0, "the tiny model's query heads (mapping line)"},
	{"tiny_kv_heads", PARAM_INT, 1, 256, 1, 0, "the tiny model's KV heads"},
	{0},
};

/* 2 (K and V) x layers x kv heads x head dim x bytes per element. */
static int64_t kv_bytes(const struct gq_state *st, int64_t kv)
{
	return 2 * st->layers * model_cache_bytes(st->cache, kv * st->head_dim);
}

static int gq_init(void *vs, const struct scene_env *env, char *err, size_t errlen)
{
	struct gq_state *st = vs;
	const struct model *m = env->model;
	st->heads = m->heads;
	st->kv_heads = params_int(env->p, "kv_heads") ? params_int(env->p, "kv_heads") : m->kv_heads;
	st->layers = m->layers;
	st->head_dim = m->head_dim;
	st->cache = m->k_type;
	st->ctx = params_int(env->p, "ctx");
	st->tiny_heads = params_int(env->p, "tiny_heads");
	st->tiny_kv = params_int(env->p, "tiny_kv_heads");
	st->mla = m->kind == ATTN_MLA && !params_int(env->p, "kv_heads");
	st->mla_bytes = model_kv_bytes_per_token(m);
	snprintf(st->model, sizeof st->model, "%s", m->name);
	if (st->kv_heads > st->heads || st->heads % st->kv_heads) {
		snprintf(err, errlen, "kv_heads: %lld does not divide the model's %lld query heads", (long long)st->kv_heads,
			 (long long)st->heads);
		return -1;
	}
	if (st->tiny_heads % st->tiny_kv) {
		snprintf(err, errlen, "tiny_kv_heads: %lld does not divide tiny_heads %lld", (long long)st->tiny_kv,
			 (long long)st->tiny_heads);
		return -1;
	}
	return 0;
}

static int gq_nsteps(const void *vs)
{
	const struct gq_state *st = vs;
	return (int)(st->heads < 64 ? st->heads : 64) + 1;
}

static int64_t own_bytes(const struct gq_state *st)
{
	return st->mla ? st->mla_bytes : kv_bytes(st, st->kv_heads);
}

static void gq_render(const void *vs, struct view *v)
{
	const struct gq_state *st = vs;
	struct canvas *c = v->pic;
	int64_t group = st->heads / st->kv_heads;
	int wired = v->step < (int)st->heads ? v->step : (int)st->heads;
	int shown = (int)(st->heads < 64 ? st->heads : 64);
	int cols = c->w - 2;
	canvas_text(c, 0, 0, ROLE_LABEL, "query heads");
	canvas_text(c, 0, 5, ROLE_LABEL, "KV heads (cached)");
	/* Query heads on one row, KV heads on another, wires between. */
	for (int h = 0; h < shown; h++) {
		int x = (int)((long)h * cols / shown);
		int kv = (int)(h / group);
		int kx = (int)((st->kv_heads > 1 ? (long)kv * cols / st->kv_heads : 0) + cols / (2 * st->kv_heads));
		enum role r = h < wired ? (h == wired - 1 ? ROLE_ACCENT : ROLE_BAR) : ROLE_DIM;
		canvas_put(c, x, 1, 0x25cf, r);
		if (h < wired) {
			canvas_line(c, x, 2, kx, 3, 0x00b7, r);
			canvas_put(c, kx, 4, 0x25a0, ROLE_BAR2);
		}
	}
	int64_t mha = kv_bytes(st, st->heads), mqa = kv_bytes(st, 1), own = own_bytes(st);
	int y = 7, barw = c->w - 36;
	if (v->step > (int)st->heads || v->step >= gq_nsteps(st) - 1) {
		struct { const char *name; int64_t b; } rows[3] = {{"MHA", mha}, {st->mla ? "MLA (model)" : "GQA (model)", own}, {"MQA", mqa}};
		canvas_text(c, 0, y, ROLE_LABEL, "KV bytes per token");
		for (int i = 0; i < 3; i++) {
			canvas_printf(c, 0, y + 1 + i, i == 1 ? ROLE_ACCENT : ROLE_NORMAL, "%-11s %9lld %7.2f GiB", rows[i].name,
				      (long long)rows[i].b, (double)rows[i].b * st->ctx / GIB);
			canvas_bar(c, 34, y + 1 + i, barw, (double)rows[i].b / mha, i == 1 ? ROLE_ACCENT : ROLE_BAR);
		}
	}
	struct canvas *s = v->side;
	canvas_wrap(s, 0, 0, s->w, 2, ROLE_LABEL, st->model);
	canvas_printf(s, 0, 2, ROLE_NORMAL, "%lld q heads, %lld KV heads", (long long)st->heads, (long long)st->kv_heads);
	canvas_printf(s, 0, 3, ROLE_NORMAL, "group %lld", (long long)group);
	canvas_printf(s, 0, 4, ROLE_NORMAL, "%lld layers × d %lld, %s", (long long)st->layers, (long long)st->head_dim,
		      model_cache_name(st->cache));
	canvas_printf(s, 0, 6, ROLE_DIM, "ctx %lld", (long long)st->ctx);

	if (v->step == 0)
		snprintf(v->narration, VIEW_NARRATION,
			 "The cache stores only KV heads. With %lld query heads and %lld KV heads, each group of %lld query "
			 "heads reads one KV head: kv = q / %lld (ggml: ik2 = iq2 / rk2).",
			 (long long)st->heads, (long long)st->kv_heads, (long long)group, (long long)group);
	else if (v->step <= shown && v->step < gq_nsteps(st) - 1 + 0)
		snprintf(v->narration, VIEW_NARRATION, "Query head %d reads KV head %d / %lld = %lld.", v->step - 1, v->step - 1,
			 (long long)group, (long long)((v->step - 1) / group));
	else
		snprintf(v->narration, VIEW_NARRATION,
			 "Bytes per token = 2 (K and V) × %lld layers × KV heads × %lld × bytes: MHA %lld, the model %lld, "
			 "MQA %lld. At %lld tokens the model's cache is %.2f GiB.",
			 (long long)st->layers, (long long)st->head_dim, (long long)mha, (long long)own, (long long)mqa,
			 (long long)st->ctx, (double)own * st->ctx / GIB);
}

static void gq_summary(const void *vs, struct summary *s)
{
	const struct gq_state *st = vs;
	int64_t own = own_bytes(st);
	sum_int(s, st->heads / st->kv_heads, "group");
	for (int64_t h = 0; h < st->heads; h++)
		sum_int_check(s, h / (st->heads / st->kv_heads), h * st->kv_heads / st->heads, "map.%lld", (long long)h);
	for (int64_t h = 0; h < st->tiny_heads; h++)
		sum_int(s, h / (st->tiny_heads / st->tiny_kv), "tiny_map.%lld", (long long)h);
	/* The kernel's bytes against the lesson's formula written out. */
	int64_t hand = 2 * st->layers * st->kv_heads * st->head_dim * (st->cache == CACHE_F32 ? 4 : 2);
	if (st->mla || st->cache == CACHE_Q8_0 || st->cache == CACHE_Q4_0)
		sum_int(s, own, "kv_bytes_per_token");
	else
		sum_int_check(s, own, hand, "kv_bytes_per_token");
	sum_int_check(s, kv_bytes(st, st->heads), kv_bytes(st, 1) * st->heads, "mha_bytes_per_token");
	sum_int(s, kv_bytes(st, 1), "mqa_bytes_per_token");
	sum_real(s, (double)own * st->ctx / GIB, "kv_gib_at_ctx");
	sum_real(s, (double)kv_bytes(st, st->heads) * st->ctx / GIB, "mha_gib_at_ctx");
	sum_real(s, (double)kv_bytes(st, 1) * st->ctx / GIB, "mqa_gib_at_ctx");
}

static void gq_print(const void *vs, FILE *out)
{
	const struct gq_state *st = vs;
	fprintf(out, "tiny model, query head -> KV head:");
	for (int64_t h = 0; h < st->tiny_heads; h++)
		fprintf(out, " %lld->%lld", (long long)h, (long long)(h / (st->tiny_heads / st->tiny_kv)));
	fprintf(out, "\n");
	int64_t kvs[3] = {st->heads, st->kv_heads, 1};
	for (int i = 0; i < 3; i++) {
		int64_t b = i == 1 ? own_bytes(st) : kv_bytes(st, kvs[i]);
		const char *name = i == 0 ? "MHA" : i == 2 ? "MQA" : st->mla ? "MLA" : kvs[i] == st->heads ? "MHA" : "GQA";
		fprintf(out, "%s (%2lld KV heads): %6lld bytes/token, %5.2f GiB at %lld tokens, %2lld query heads per KV head\n",
			name, (long long)kvs[i], (long long)b, (double)b * st->ctx / GIB, (long long)st->ctx,
			(long long)(st->heads / kvs[i]));
	}
}

const struct scene_class scene_gqa = {
	.id = "gqa",
	.params = gq_params,
	.state_size = sizeof(struct gq_state),
	.init = gq_init,
	.nsteps = gq_nsteps,
	.render = gq_render,
	.summary = gq_summary,
	.print = gq_print,
};
