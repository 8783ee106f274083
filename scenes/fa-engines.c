/*
 * fa-engines (lesson Ex. 5): llama.cpp's compute buffer with flash attention
 * on and off per micro-batch, against the two largest temporaries (the F32
 * score matrix and the F32 logits); then vLLM's backend choice, using only
 * the rules the lesson states.
 *
 * Steps: for each -ub, fa on then fa off; then the vLLM choice.
 */
#include <math.h>
#include <string.h>

#include "scene/scene.h"
#include "scenes/common.h"

#define FA_MAX 8

struct fa_state {
	int64_t ctx, heads, vocab, head_size;
	int nub;
	int64_t ub[FA_MAX];
	double on[FA_MAX], off[FA_MAX];   /* logged compute buffers, MiB */
	double scores[FA_MAX], logits[FA_MAX];
	double cc;
	int sinks, mla;
	char model[128];
};

static const struct param_spec fa_params[] = {
	{"ctx", PARAM_INT, 1, 1 << 24, 1, 0, "-c context size"},
	{"heads", PARAM_INT, 0, 65536, 1, 0, "query heads (0: the model's)"},
	{"vocab", PARAM_INT, 0, 1e8, 1, 0, "vocabulary (0: the model's)"},
	{"ubatch", PARAM_INTS, 1, 65536, FA_MAX, 0, "-ub micro-batch sizes"},
	{"logged_on", PARAM_LIST, 0, 1e9, FA_MAX, 0, "logged compute buffer, -fa on (MiB)"},
	{"logged_off", PARAM_LIST, 0, 1e9, FA_MAX, 0, "logged compute buffer, -fa off (MiB)"},
	{"cc", PARAM_REAL, 1, 20, 1, 0, "vLLM: compute capability, e.g. 8.0, 9.0, 10.0"},
	{0},
};

static int fa_init(void *vs, const struct scene_env *env, char *err, size_t errlen)
{
	struct fa_state *st = vs;
	int non, noff;
	const double *ub = params_list(env->p, "ubatch", &st->nub);
	const double *on = params_list(env->p, "logged_on", &non);
	const double *off = params_list(env->p, "logged_off", &noff);
	if (non != st->nub || noff != st->nub) {
		snprintf(err, errlen, "logged_on, logged_off: give one logged size per ubatch (%d)", st->nub);
		return -1;
	}
	st->ctx = params_int(env->p, "ctx");
	st->heads = params_int(env->p, "heads") ? params_int(env->p, "heads") : env->model->heads;
	st->vocab = params_int(env->p, "vocab") ? params_int(env->p, "vocab") : env->model->vocab;
	st->head_size = env->model->head_dim;
	st->sinks = env->model->sinks_learned;
	st->mla = env->model->kind == ATTN_MLA;
	st->cc = params_real(env->p, "cc");
	snprintf(st->model, sizeof st->model, "%s", env->model->name);
	for (int i = 0; i < st->nub; i++) {
		st->ub[i] = (int64_t)ub[i];
		st->on[i] = on[i];
		st->off[i] = off[i];
		/* F32 score matrix of one micro-batch, and F32 logits. */
		st->scores[i] = (double)st->ub[i] * st->ctx * st->heads * 4 / MIB;
		st->logits[i] = (double)st->ub[i] * st->vocab * 4 / MIB;
	}
	return 0;
}

static int fa_nsteps(const void *vs)
{
	return 2 * ((const struct fa_state *)vs)->nub + 1;
}

struct backend {
	const char *name;
	int ok;
	char why[96];
};

/* vLLM's choice on NVIDIA (lesson Ex. 5): the first valid backend of the
 * priority list.  Only FLASH_ATTN's limits are stated in the lesson. */
static int vllm_choose(const struct fa_state *st, struct backend *b)
{
	if (st->mla) {
		static const char *const mla[] = {"FLASH_ATTN_MLA", "FLASHMLA", "FLASHINFER_MLA", "TRITON_MLA"};
		for (int i = 0; i < 4; i++) {
			b[i].name = mla[i];
			b[i].ok = 1;
			snprintf(b[i].why, sizeof b[i].why, "MLA list (limits not stated in the lesson)");
		}
		return 4;
	}
	int blackwell = st->cc >= 10 && st->cc < 11;
	const char *order[4] = {"FLASH_ATTN", "FLASHINFER", "TRITON_ATTN", "FLEX_ATTENTION"};
	if (blackwell)
		order[0] = "FLASHINFER", order[1] = "FLASH_ATTN";
	for (int i = 0; i < 4; i++) {
		b[i].name = order[i];
		b[i].ok = 1;
		snprintf(b[i].why, sizeof b[i].why, "no limit stated in the lesson");
		if (strcmp(order[i], "FLASH_ATTN"))
			continue;
		if (st->cc < 8.0)
			b[i].ok = 0, snprintf(b[i].why, sizeof b[i].why, "needs compute capability >= 8.0");
		else if (st->head_size % 8 || st->head_size > 256)
			b[i].ok = 0, snprintf(b[i].why, sizeof b[i].why, "head size %lld: multiple of 8, at most 256",
					      (long long)st->head_size);
		else if (st->sinks && st->cc < 9.0)
			b[i].ok = 0, snprintf(b[i].why, sizeof b[i].why, "learned sinks need compute capability 9.0");
		else
			snprintf(b[i].why, sizeof b[i].why, "cc >= 8.0, head size %lld ok", (long long)st->head_size);
	}
	return 4;
}

static void fa_render(const void *vs, struct view *v)
{
	const struct fa_state *st = vs;
	struct canvas *c = v->pic;
	double top = 1;
	for (int i = 0; i < st->nub; i++)
		top = fmax(top, fmax(st->off[i], st->scores[i] + st->logits[i]));
	int barw = c->w - 40;
	if (barw < 10)
		barw = 10;
	canvas_text(c, 0, 0, ROLE_LABEL, "llama.cpp CPU compute buffer (MiB)");
	int shown = v->step < 2 * st->nub ? v->step : 2 * st->nub;
	for (int s = 0; s < shown; s++) {
		int i = s / 2, fa_on = s % 2 == 0, y = 1 + s * 2;
		double logged = fa_on ? st->on[i] : st->off[i];
		canvas_printf(c, 0, y, s == shown - 1 ? ROLE_ACCENT : ROLE_NORMAL, "-ub %-4lld -fa %-3s %8.2f", (long long)st->ub[i],
			      fa_on ? "on" : "off", logged);
		canvas_bar(c, 26, y, barw, logged / top, fa_on ? ROLE_BAR : ROLE_HOT);
		/* Under each logged bar: what the two big temporaries account for. */
		double part = fa_on ? st->logits[i] : st->scores[i];
		canvas_printf(c, 0, y + 1, ROLE_DIM, "   %s %8.2f", fa_on ? "logits" : "scores", part);
		canvas_bar(c, 26, y + 1, barw, part / top, fa_on ? ROLE_BAR2 : ROLE_HEAT3);
	}
	if (v->step == 2 * st->nub + 1) {
		struct backend b[4];
		int n = vllm_choose(st, b), chosen = -1;
		int y = 2 + 4 * st->nub < c->h - 6 ? 2 + 4 * st->nub : c->h - 6;
		canvas_printf(c, 0, y, ROLE_LABEL, "vLLM on NVIDIA, compute capability %.1f:", st->cc);
		for (int i = 0; i < n; i++) {
			if (b[i].ok && chosen < 0)
				chosen = i;
			canvas_printf(c, 2, y + 1 + i, i == chosen ? ROLE_OK : b[i].ok ? ROLE_NORMAL : ROLE_DIM, "%s %-15s %s",
				      i == chosen ? "▸" : b[i].ok ? " " : "✗", b[i].name, b[i].why);
		}
	}
	struct canvas *s = v->side;
	canvas_wrap(s, 0, 0, s->w, 2, ROLE_LABEL, st->model);
	canvas_printf(s, 0, 2, ROLE_NORMAL, "-c %lld, %lld heads", (long long)st->ctx, (long long)st->heads);
	canvas_printf(s, 0, 3, ROLE_NORMAL, "vocab %lld", (long long)st->vocab);
	canvas_text(s, 0, 5, ROLE_DIM, "scores = ub·ctx·heads·4");
	canvas_text(s, 0, 6, ROLE_DIM, "logits = ub·vocab·4");
	canvas_text(s, 0, 8, ROLE_DIM, "logged sizes: the lesson's");
	canvas_text(s, 0, 9, ROLE_DIM, "pinned llama.cpp build");

	if (v->step == 0)
		snprintf(v->narration, VIEW_NARRATION,
			 "llama.cpp fuses attention into one node (FLASH_ATTN_EXT) with -fa on. Step through the four runs "
			 "of the lesson (-c %lld, -ub 128 and 512, -fa on and off) and compare the logged compute buffer "
			 "with the two largest temporaries.", (long long)st->ctx);
	else if (v->step <= 2 * st->nub) {
		int i = (v->step - 1) / 2;
		if ((v->step - 1) % 2 == 0)
			snprintf(v->narration, VIEW_NARRATION,
				 "-ub %lld, -fa on: the buffer is %.2f MiB, the logits (%lld × %lld × 4 bytes = %.2f MiB) plus "
				 "%.2f MiB. The fused node needs only a small workspace per thread.",
				 (long long)st->ub[i], st->on[i], (long long)st->ub[i], (long long)st->vocab, st->logits[i],
				 st->on[i] - st->logits[i]);
		else
			snprintf(v->narration, VIEW_NARRATION,
				 "-ub %lld, -fa off: the score matrix of one micro-batch (%lld × %lld × %lld heads × 4 = %.2f MiB) "
				 "must exist at once; the buffer is %.2f MiB, %.2f MiB more than the scores.",
				 (long long)st->ub[i], (long long)st->ub[i], (long long)st->ctx, (long long)st->heads,
				 st->scores[i], st->off[i], st->off[i] - st->scores[i]);
	} else
		snprintf(v->narration, VIEW_NARRATION,
			 "vLLM picks the first valid backend from a priority list (vllm/platforms/cuda.py); "
			 "FlashAttentionBackend needs cc >= 8.0 and a head size that is a multiple of 8 up to 256, and "
			 "learned sinks need 9.0. Only the lesson's stated rules are applied here; e to change cc.");
}

static void fa_summary(const void *vs, struct summary *s)
{
	const struct fa_state *st = vs;
	for (int i = 0; i < st->nub; i++) {
		long long ub = (long long)st->ub[i];
		/* The same size from the element count in bytes, converted once. */
		sum_real_check(s, st->scores[i], (double)(st->ub[i] * st->ctx * st->heads) * 4.0 / 1048576.0, 1e-9,
			       "scores_mib.%lld", ub);
		sum_real_check(s, st->logits[i], (double)(st->ub[i] * st->vocab) * 4.0 / 1048576.0, 1e-9, "logits_mib.%lld", ub);
		sum_real(s, st->off[i] - st->scores[i], "off_minus_scores_mib.%lld", ub);
		sum_real(s, st->on[i] - st->logits[i], "on_minus_logits_mib.%lld", ub);
	}
	struct backend b[4];
	int n = vllm_choose(st, b), first = -1;
	for (int i = 0; i < n && first < 0; i++)
		if (b[i].ok)
			first = i;
	sum_int(s, first, "vllm_choice_index");
}

static void fa_print(const void *vs, FILE *out)
{
	const struct fa_state *st = vs;
	for (int i = 0; i < st->nub; i++)
		fprintf(out, "-ub %3lld: scores %7.2f MiB, logits %6.2f MiB | log: fa on %7.2f, fa off %7.2f | off - scores %6.2f\n",
			(long long)st->ub[i], st->scores[i], st->logits[i], st->on[i], st->off[i], st->off[i] - st->scores[i]);
	struct backend b[4];
	int n = vllm_choose(st, b), chosen = -1;
	char valid[160] = "";
	for (int i = 0; i < n; i++) {
		if (!b[i].ok)
			continue;
		if (chosen < 0)
			chosen = i;
		size_t at = strlen(valid);
		snprintf(valid + at, sizeof valid - at, "%s'%s'", at ? ", " : "", b[i].name);
	}
	/* vllm/platforms/cuda.py's log line, filled in for these settings (as the lesson does). */
	fprintf(out, "Using %s attention backend out of potential backends: [%s].\n", chosen >= 0 ? b[chosen].name : "no",
		valid);
}

const struct scene_class scene_fa_engines = {
	.id = "fa-engines",
	.params = fa_params,
	.state_size = sizeof(struct fa_state),
	.init = fa_init,
	.nsteps = fa_nsteps,
	.render = fa_render,
	.summary = fa_summary,
	.print = fa_print,
};
