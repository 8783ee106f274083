/*
 * cost (lesson Ex. 16): prefill FLOPs split into weights (linear in n) and
 * causal attention (quadratic), and the KV cache a decode step reads, for
 * the loaded model.  Steps: one per length; bars show the crossover.
 */
#include <math.h>
#include <string.h>

#include "scene/scene.h"
#include "scenes/common.h"

#define CO_MAX 16

struct co_state {
	int count;
	int64_t n[CO_MAX];
	double weight[CO_MAX], attn[CO_MAX], kv[CO_MAX];   /* TFLOP, TFLOP, GiB */
	double params;
	int64_t layers, qdim, kv_per_token;
	char model[128];
};

static const struct param_spec co_params[] = {
	{"ctx", PARAM_INTS, 1, 1 << 24, CO_MAX, 0, "prompt lengths"},
	{0},
};

static int co_init(void *vs, const struct scene_env *env, char *err, size_t errlen)
{
	struct co_state *st = vs;
	const struct model *m = env->model;
	const double *ctx = params_list(env->p, "ctx", &st->count);
	(void)err, (void)errlen;
	st->params = m->params;
	st->layers = m->layers;
	st->qdim = m->heads * m->head_dim;
	st->kv_per_token = model_kv_bytes_per_token(m);
	snprintf(st->model, sizeof st->model, "%s", m->name);
	for (int i = 0; i < st->count; i++) {
		double n = ctx[i];
		st->n[i] = (int64_t)n;
		st->weight[i] = 2 * st->params * n / 1e12;                 /* 2 FLOPs per parameter per token */
		st->attn[i] = 2.0 * st->layers * st->qdim * n * n / 1e12;  /* causal half of 4·n²·qDim per layer */
		st->kv[i] = (double)st->kv_per_token * n / GIB;
	}
	return 0;
}

static int co_nsteps(const void *vs)
{
	return ((const struct co_state *)vs)->count;
}

static void co_render(const void *vs, struct view *v)
{
	const struct co_state *st = vs;
	struct canvas *c = v->pic;
	double top = 1e-9;
	for (int i = 0; i < st->count; i++)
		top = fmax(top, fmax(st->weight[i], st->attn[i]));
	int barw = c->w - 24;
	canvas_text(c, 0, 0, ROLE_LABEL, "prefill TFLOP: █ weights  █ attention (causal)");
	canvas_put(c, 15, 0, 0x2588, ROLE_BAR);
	canvas_put(c, 26, 0, 0x2588, ROLE_HOT);
	for (int i = 0; i < st->count && 1 + i * 3 + 1 < c->h; i++) {
		int y = 1 + i * 3;
		enum role lab = i == v->step - 1 ? ROLE_ACCENT : i < v->step ? ROLE_NORMAL : ROLE_DIM;
		canvas_printf(c, 0, y, lab, "%7lld %9.1f", (long long)st->n[i], st->weight[i]);
		canvas_printf(c, 0, y + 1, lab, "  %3.0f%% %9.1f", 100 * st->attn[i] / (st->weight[i] + st->attn[i]), st->attn[i]);
		if (i < v->step) {
			canvas_bar(c, 19, y, barw, st->weight[i] / top, ROLE_BAR);
			canvas_bar(c, 19, y + 1, barw, st->attn[i] / top, ROLE_HOT);
		}
	}
	struct canvas *s = v->side;
	canvas_wrap(s, 0, 0, s->w, 2, ROLE_LABEL, st->model);
	canvas_printf(s, 0, 2, ROLE_NORMAL, "%.3g params, %lld layers", st->params, (long long)st->layers);
	canvas_printf(s, 0, 3, ROLE_NORMAL, "qDim %lld", (long long)st->qdim);
	canvas_printf(s, 0, 4, ROLE_NORMAL, "KV %lld B/token", (long long)st->kv_per_token);
	canvas_text(s, 0, 6, ROLE_LABEL, "KV read per decoded token");
	for (int i = 0; i < v->step && 7 + i < s->h; i++)
		canvas_printf(s, 0, 7 + i, ROLE_NORMAL, "%7lld: %8.1f GiB", (long long)st->n[i], st->kv[i]);

	if (v->step == 0)
		snprintf(v->narration, VIEW_NARRATION,
			 "Prefill FLOPs: 2 per parameter per token (linear in n), plus attention: QKᵀ and PV at "
			 "2·n²·qDim each per layer, halved by the causal mask (quadratic in n). FlashAttention changes neither.");
	else {
		int i = v->step - 1;
		snprintf(v->narration, VIEW_NARRATION,
			 "n = %lld: weights %.1f TFLOP, attention %.1f TFLOP (%.0f%% of %.1f). The KV cache is %.1f GiB, "
			 "and every decoded token at this length reads all of it.",
			 (long long)st->n[i], st->weight[i], st->attn[i], 100 * st->attn[i] / (st->weight[i] + st->attn[i]),
			 st->weight[i] + st->attn[i], st->kv[i]);
	}
}

static void co_summary(const void *vs, struct summary *s)
{
	const struct co_state *st = vs;
	for (int i = 0; i < st->count; i++) {
		long long n = (long long)st->n[i];
		double nn = (double)st->n[i];
		sum_real(s, st->weight[i], "weight_tflop.%lld", n);
		/* Attention again from its parts: (QKᵀ + PV) = 2 × 2·n²·qDim per layer, halved by the mask. */
		sum_real_check(s, st->attn[i], 0.5 * st->layers * (2 * 2 * nn * nn * st->qdim) / 1e12, 1e-9 * st->attn[i],
			       "attn_tflop.%lld", n);
		sum_real(s, st->attn[i] / (st->weight[i] + st->attn[i]), "attn_share.%lld", n);
		sum_real_check(s, st->kv[i], (double)st->kv_per_token / 1024 * nn / 1024 / 1024, 1e-12 * st->kv[i],
			       "kv_gib.%lld", n);
	}
}

static void co_print(const void *vs, FILE *out)
{
	const struct co_state *st = vs;
	fprintf(out, "tokens   weight TFLOP  attention TFLOP  attention share  KV cache (read per decoded token)\n");
	for (int i = 0; i < st->count; i++)
		fprintf(out, "%6lld  %12.1f  %15.1f  %14.0f%%  %5.1f GiB\n", (long long)st->n[i], st->weight[i], st->attn[i],
			100 * st->attn[i] / (st->weight[i] + st->attn[i]), st->kv[i]);
}

const struct scene_class scene_cost = {
	.id = "cost",
	.params = co_params,
	.state_size = sizeof(struct co_state),
	.init = co_init,
	.nsteps = co_nsteps,
	.render = co_render,
	.summary = co_summary,
	.print = co_print,
};
