/*
 * mla-bytes (lesson Ex. 8): bytes per token of the loaded MLA model (latent
 * plus decoupled RoPE key), the same model as MHA and as GQA-8, and a
 * reference GQA model.  A model without MLA is shown as it is: its own
 * cache against the same model as MHA.  Steps: one bar each.
 */
#include <math.h>
#include <string.h>

#include "scene/scene.h"
#include "scenes/common.h"

struct mb_row {
	char name[48];
	int64_t bytes;
};

struct mb_state {
	int mla;
	int64_t ctx;
	int nrows;
	struct mb_row rows[4];
	int64_t hand_mla;     /* the lesson's formula, written out */
	char model[128];
};

static const struct param_spec mb_params[] = {
	{"ctx", PARAM_INT, 1, 1 << 24, 1, 0, "context for the cache size"},
	{"ref_layers", PARAM_INT, 1, 1000, 1, 0, "reference model: layers"},
	{"ref_kv_heads", PARAM_INT, 1, 1024, 1, 0, "reference model: KV heads"},
	{"ref_head_dim", PARAM_INT, 1, 1024, 1, 0, "reference model: head dim"},
	{0},
};

static int mb_init(void *vs, const struct scene_env *env, char *err, size_t errlen)
{
	struct mb_state *st = vs;
	const struct model *m = env->model;
	(void)err, (void)errlen;
	int64_t elem = model_cache_bytes(m->k_type, 1);
	st->mla = m->kind == ATTN_MLA;
	st->ctx = params_int(env->p, "ctx");
	snprintf(st->model, sizeof st->model, "%s", m->name);
	/* Keys of (nope + rope) dims and values of v dims per head, for the hypothetical layouts. */
	int64_t kdim = st->mla ? m->qk_nope_head_dim + m->qk_rope_head_dim : m->head_dim;
	int64_t vdim = st->mla ? m->v_head_dim : m->head_dim;
	int n = 0;
	if (st->mla) {
		snprintf(st->rows[n].name, sizeof st->rows[n].name, "MLA latent + RoPE key");
		st->rows[n++].bytes = model_kv_bytes_per_token(m);
		st->hand_mla = m->layers * (m->kv_lora_rank + m->qk_rope_head_dim) * elem;
	} else {
		snprintf(st->rows[n].name, sizeof st->rows[n].name, "%s as it is (%lld KV)", model_kind_name(m->kind),
			 (long long)m->kv_heads);
		st->rows[n++].bytes = model_kv_bytes_per_token(m);
	}
	snprintf(st->rows[n].name, sizeof st->rows[n].name, "same model as MHA");
	st->rows[n++].bytes = m->layers * m->heads * (kdim + vdim) * elem;
	snprintf(st->rows[n].name, sizeof st->rows[n].name, "same model as GQA-8");
	st->rows[n++].bytes = m->layers * 8 * (kdim + vdim) * elem;
	snprintf(st->rows[n].name, sizeof st->rows[n].name, "Llama 3 8B (GQA-8)");
	st->rows[n++].bytes = 2 * params_int(env->p, "ref_layers") * params_int(env->p, "ref_kv_heads") *
			      params_int(env->p, "ref_head_dim") * 2;
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
	int64_t top = st->rows[1].bytes;
	canvas_text(c, 0, 0, ROLE_LABEL, "bytes per token (bar: linear)          GiB at ctx");
	for (int i = 0; i < v->step && 1 + i * 3 < c->h; i++) {
		int y = 1 + i * 3;
		char gib[32];
		fmt_fixed(gib, sizeof gib, (double)st->rows[i].bytes * st->ctx / GIB, 2);
		canvas_printf(c, 0, y, i == v->step - 1 ? ROLE_ACCENT : ROLE_NORMAL, "%-22s %9lld  %8s", st->rows[i].name,
			      (long long)st->rows[i].bytes, gib);
		/* A bar may be too small to see: at least one eighth-cell shows it exists. */
		double f = (double)st->rows[i].bytes / (double)top;
		canvas_bar(c, 0, y + 1, c->w - 2, f < 1.0 / (8 * (c->w - 2)) ? 1.0 / (8 * (c->w - 2)) : f,
			   i == 0 ? ROLE_ACCENT : i == 3 ? ROLE_BAR2 : ROLE_BAR);
	}
	struct canvas *s = v->side;
	canvas_wrap(s, 0, 0, s->w, 2, ROLE_LABEL, st->model);
	canvas_printf(s, 0, 2, ROLE_NORMAL, "ctx %lld", (long long)st->ctx);
	if (st->mla)
		canvas_printf(s, 0, 4, ROLE_ACCENT, "MHA / MLA = %.1f", (double)st->rows[1].bytes / st->rows[0].bytes);
	else
		canvas_wrap(s, 0, 4, s->w, 4, ROLE_HOT, "this model has no MLA: its own cache is shown instead");

	if (v->step == 0)
		snprintf(v->narration, VIEW_NARRATION,
			 "%s MLA caches one latent (kv_lora_rank) plus the decoupled RoPE key shared by all heads, per layer. "
			 "Step to compare it with the same model as MHA and GQA-8, and with Llama 3 8B.",
			 st->mla ? "" : "(This model has no MLA.)");
	else {
		const struct mb_row *r = &st->rows[v->step - 1];
		snprintf(v->narration, VIEW_NARRATION, "%s: %lld bytes per token, %.2f GiB at %lld tokens%s", r->name,
			 (long long)r->bytes, (double)r->bytes * st->ctx / GIB, (long long)st->ctx,
			 v->step == 2 && st->mla ? ", the keys and values MLA avoids storing." : ".");
	}
}

static void mb_summary(const void *vs, struct summary *s)
{
	const struct mb_state *st = vs;
	static const char *const keys[] = {"mla", "mha", "gqa8", "ref"};
	for (int i = 0; i < st->nrows; i++) {
		const char *key = i == 0 && !st->mla ? "model" : keys[i];
		if (i == 0 && st->mla)
			sum_int_check(s, st->rows[i].bytes, st->hand_mla, "%s_bytes_per_token", key);
		else
			sum_int(s, st->rows[i].bytes, "%s_bytes_per_token", key);
		sum_real(s, (double)st->rows[i].bytes * st->ctx / GIB, "%s_gib_at_ctx", key);
	}
	if (st->mla)
		sum_real(s, (double)st->rows[1].bytes / st->rows[0].bytes, "mha_over_mla");
}

static void mb_print(const void *vs, FILE *out)
{
	const struct mb_state *st = vs;
	char at[32];
	if (st->ctx % 1024 == 0)
		snprintf(at, sizeof at, "%lldK", (long long)(st->ctx / 1024));
	else
		snprintf(at, sizeof at, "%lld", (long long)st->ctx);
	if (!st->mla)
		fprintf(out, "(%s has no MLA: its own cache is shown first)\n", st->model);
	for (int i = 0; i < st->nrows; i++) {
		char label[48];
		snprintf(label, sizeof label, "%s:", st->rows[i].name);
		char gib[40];
		fmt_fixed(gib, sizeof gib, (double)st->rows[i].bytes * st->ctx / GIB, 2);
		fprintf(out, "%-22s %9lld bytes/token  %8s GiB at %s\n", label, (long long)st->rows[i].bytes, gib, at);
	}
	if (st->mla)
		fprintf(out, "MHA / MLA = %s\n", fmt_fixed(at, sizeof at, (double)st->rows[1].bytes / st->rows[0].bytes, 1));
}

const struct scene_class scene_mla_bytes = {
	.id = "mla-bytes",
	.params = mb_params,
	.state_size = sizeof(struct mb_state),
	.init = mb_init,
	.nsteps = mb_nsteps,
	.render = mb_render,
	.summary = mb_summary,
	.print = mb_print,
};
