/*
 * fa-engines (lesson Ex. 5): llama.cpp's compute buffer with flash attention
 * on and off per micro-batch, against the two largest temporaries (the F32
 * score matrix and the F32 logits); then vLLM's backend choice, using only
 * the rules the lesson states.
 *
 * Steps: for each -ub, fa on then fa off; then the vLLM choice.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "size/size.h"
#include "scene/deploy_params.h"
#include "scene/scene.h"
#include "scenes/lib/common.h"
#include "scenes/lib/closed_form.h"

#define FA_MAX 8

struct fa_state {
	int64_t ctx, n_kv, heads, vocab, head_size;
	int logged;   /* the lesson's log applies: its model and settings */
	int nub;
	int64_t ub[FA_MAX];
	/* the micro-batch llama.cpp runs: min(-ub, -b, -c) */
	int64_t ubc[FA_MAX];
	double on[FA_MAX], off[FA_MAX];   /* logged compute buffers, MiB */
	double scores[FA_MAX], logits[FA_MAX];   /* MiB, from src/size/size.c */
	struct buffer_sizes buf_on[FA_MAX], buf_off[FA_MAX];   /* size_buffers with -fa on and off */
	struct deploy dep;                   /* -c, -np, -kvu, --swa-full of the computed buffers */
	char refused[256];                   /* llama.cpp's refusal of -fa off, if any */
	/* ... and of -fa on (a K block that does not divide the head) */
	char refused_on[256];
	double cc;
	int sinks, mla;
	char model[128];
	char heads_from[160], vocab_from[160], head_size_from[160], sinks_from[160];   /* the inputs' origins */
};

enum {
	FA_HEADS = DP_COUNT,
	FA_VOCAB,
	FA_LOGGED_ON,
	FA_LOGGED_OFF,
	FA_CC,
	FA_NPARAMS
};
static const struct param_spec fa_params[FA_NPARAMS + 1] = {
	[DP_CTX] = DP_SPEC_CTX,
	[DP_N_SEQ] = DP_SPEC_N_SEQ,
	[DP_UNIFIED] = DP_SPEC_UNIFIED,
	[DP_SWA_FULL] = DP_SPEC_SWA_FULL,
	[DP_N_BATCH] = DP_SPEC_N_BATCH,
	/* a row a micro-batch, each its own -ub */
	[DP_UBATCH] = {.name = "ubatch",
		       .kind = PARAM_INTS,
		       .min = 1,
		       .max = 65536,
		       .max_count = FA_MAX,
		       .help = "-ub micro-batch sizes, a row each"},
	[DP_K_TYPE] = DP_SPEC_K_TYPE,
	[DP_V_TYPE] = DP_SPEC_V_TYPE,
	[DP_FA] = DP_SPEC_FA,
	[DP_WEIGHTS] = DP_SPEC_WEIGHTS,
	[FA_HEADS] = {.name = "heads",
		      .kind = PARAM_INT,
		      .min = 0,
		      .max = 65536,
		      .help = "query heads (0: the model's)"},
	[FA_VOCAB] = {.name = "vocab",
		      .kind = PARAM_INT,
		      .min = 0,
		      .max = 1e8,
		      .help = "vocabulary (0: the model's)"},
	[FA_LOGGED_ON] = {.name = "logged_on",
			  .kind = PARAM_LIST,
			  .min = 0,
			  .max = 1e9,
			  .max_count = FA_MAX,
			  .help = "logged compute buffer, -fa on (MiB)"},
	[FA_LOGGED_OFF] = {.name = "logged_off",
			   .kind = PARAM_LIST,
			   .min = 0,
			   .max = 1e9,
			   .max_count = FA_MAX,
			   .help = "logged compute buffer, -fa off (MiB)"},
	[FA_CC] = {.name = "cc",
		   .kind = PARAM_REAL,
		   .min = 1,
		   .max = 20,
		   .help = "vLLM: compute capability, e.g. 8.0, 9.0, 10.0"},
	[FA_NPARAMS] = {0},
};

/* The rows of model m, the scene's model as deployed in st->dep. */
static int fa_setup(struct fa_state *st, const struct scene_env *env,
		    const struct model *m, char *err, size_t errlen)
{
	int non, noff;
	const double *ub = params_list(env->p, DP_UBATCH, &st->nub);
	const double *on = params_list(env->p, FA_LOGGED_ON, &non);
	const double *off = params_list(env->p, FA_LOGGED_OFF, &noff);
	/* The lesson's logged sizes go with its two ubatches: another -ub
	 * alone leaves them unshown; sizes given with it must match it. */
	int given = !params_is_default(env->p, FA_LOGGED_ON) ||
		    !params_is_default(env->p, FA_LOGGED_OFF);
	if (given && (non != st->nub || noff != st->nub)) {
		snprintf(err, errlen, "logged_on, logged_off: give one logged size per ubatch (%d)", st->nub);
		return -1;
	}
	st->ctx = st->dep.n_ctx;
	/* At graph reserve every KV cell is attended: n_kv is the padded context (llama-context.cpp). */
	struct kv_alloc *a = malloc(sizeof *a);
	struct deploy d = deploy_default(st->ctx);
	if (!a || size_alloc(m, &d, a) < 0) {
		free(a);
		snprintf(err, errlen, "ctx: the cache overflows 64-bit arithmetic for this model");
		return -1;
	}
	st->n_kv = a->n_ctx;
	/* Each leg as llama.cpp makes it or refuses it; the scene only when
	 * both are refused (-fa on's reason then) */
	struct deploy no_fa = st->dep;
	no_fa.flash_attn = 0;
	if (!size_refuse(m, &st->dep, st->refused_on, sizeof st->refused_on))
		st->refused_on[0] = 0;
	if (!size_refuse(m, &no_fa, st->refused, sizeof st->refused))
		st->refused[0] = 0;
	free(a);
	if (st->refused_on[0] && st->refused[0]) {
		snprintf(err, errlen, "%s", st->refused_on);
		return -1;
	}
	st->heads = params_int(env->p, FA_HEADS) ? params_int(env->p, FA_HEADS)
						 : m->heads;
	st->vocab = params_int(env->p, FA_VOCAB) ? params_int(env->p, FA_VOCAB)
						 : m->vocab;
	st->head_size = m->head_dim;
	st->sinks = m->sinks_learned;
	st->mla = m->kind == ATTN_MLA;
	st->cc = params_real(env->p, FA_CC);
	/* The logged buffers belong to one model and one set of runs: shown only for those. */
	int dep_default = 1;
	for (int i = 0; i < DP_COUNT; i++)
		dep_default &= params_is_default(env->p, i);
	st->logged = env->model_is_default && dep_default &&
		     params_is_default(env->p, FA_HEADS) &&
		     params_is_default(env->p, FA_VOCAB) &&
		     params_is_default(env->p, FA_LOGGED_ON) &&
		     params_is_default(env->p, FA_LOGGED_OFF);
	snprintf(st->model, sizeof st->model, "%s", m->name);
	/* heads and vocab: the parameter when set (not 0), else the model's. */
	if (st->heads != m->heads)
		snprintf(st->heads_from, sizeof st->heads_from, "parameter heads");
	else
		cf_origin(m, MF_HEADS, st->heads_from, sizeof st->heads_from);
	if (st->vocab != m->vocab)
		snprintf(st->vocab_from, sizeof st->vocab_from, "parameter vocab");
	else
		cf_origin(m, MF_VOCAB, st->vocab_from, sizeof st->vocab_from);
	cf_origin(m, MF_HEAD_DIM, st->head_size_from,
		  sizeof st->head_size_from);
	cf_origin(m, MF_SINKS, st->sinks_from, sizeof st->sinks_from);
	for (int i = 0; i < st->nub; i++) {
		st->ub[i] = (int64_t)ub[i];
		st->on[i] = i < non ? on[i] : 0;
		st->off[i] = i < noff ? off[i] : 0;
		/* a row is labelled by the -ub asked for and shows what that
		 * deployment allocates: llama.cpp caps it at -b and -c */
		struct deploy d_ub = st->dep;
		d_ub.n_ubatch = st->ub[i];
		st->ubc[i] = size_ubatch(&d_ub);
		int64_t sb = size_scores_bytes(st->ubc[i], st->n_kv, st->heads,
					       4),
			lb = size_logits_bytes(st->ubc[i], st->vocab);
		if (sb < 0 || lb < 0) {
			snprintf(err, errlen, "ubatch: sizes overflow 64-bit arithmetic");
			return -1;
		}
		st->scores[i] = (double)sb / MIB;
		st->logits[i] = (double)lb / MIB;
		/* The buffers of the model with the heads and vocab shown. */
		struct deploy d_on = st->dep, d_off;
		d_on.n_ubatch = st->ub[i];
		d_off = d_on;
		d_off.flash_attn = 0;
		struct model *mc = malloc(sizeof *mc);
		int bad = !mc;
		if (!bad) {
			*mc = *m;
			mc->heads = st->heads;
			mc->vocab = st->vocab;
			bad = size_buffers(mc, &d_on, &st->buf_on[i]) < 0 ||
			      size_buffers(mc, &d_off, &st->buf_off[i]) < 0;
		}
		free(mc);
		if (bad) {
			snprintf(err, errlen, "ubatch: the buffers overflow 64-bit arithmetic");
			return -1;
		}
	}
	return 0;
}

static int fa_init(void *vs, const struct scene_env *env, char *err,
		   size_t errlen)
{
	struct fa_state *st = vs;
	struct model *m = malloc(sizeof *m); /* large: off the stack */
	if (!m) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	int rc = deploy_params_apply(env->p, env->model, m, &st->dep, err,
				     errlen);
	st->dep.flash_attn = 1; /* each row shows -fa on, then off */
	if (rc == 0)
		rc = fa_setup(st, env, m, err, errlen);
	free(m);
	return rc;
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
			snprintf(b[i].why, sizeof b[i].why, "MLA: %s",
				 i ? "taken if those above fail"
				   : "first in priority");
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
		/* the lesson gives this backend no limit of its own: what
		 * decides is its place in the list */
		snprintf(b[i].why, sizeof b[i].why, "%s",
			 i ? "taken if those above fail" : "first in priority");
		if (strcmp(order[i], "FLASH_ATTN"))
			continue;
		if (st->cc < 8.0)
			b[i].ok = 0, snprintf(b[i].why, sizeof b[i].why, "needs compute capability >= 8.0");
		else if (st->head_size % 8)   /* short enough for the 80-column row (Gemma 4's 512) */
			b[i].ok = 0, snprintf(b[i].why, sizeof b[i].why, "head %lld: not a multiple of 8",
					      (long long)st->head_size);
		else if (st->head_size > 256)
			b[i].ok = 0, snprintf(b[i].why, sizeof b[i].why, "head size %lld > 256, the limit",
					      (long long)st->head_size);
		else if (st->sinks && st->cc < 9.0)
			b[i].ok = 0, snprintf(b[i].why, sizeof b[i].why, "learned sinks need cc 9.0");
		else
			snprintf(b[i].why, sizeof b[i].why, "cc >= 8.0, head size %lld ok", (long long)st->head_size);
	}
	return 4;
}

static void fa_render(const void *vs, struct view *v)
{
	const struct fa_state *st = vs;
	struct canvas *c = v->pic;
	char a[32], b[32];
	struct canvas *s = v->side;
	canvas_wrap(s, 0, 0, s->w, 2, ROLE_LABEL, st->model);
	canvas_printf(s, 0, 2, ROLE_NORMAL, "-c %lld, %lld heads", (long long)st->ctx, (long long)st->heads);
	canvas_printf(s, 0, 3, ROLE_NORMAL, "vocab %lld", (long long)st->vocab);
	canvas_text(s, 0, 5, ROLE_DIM, "scores = ub·n_kv·heads·4");
	canvas_text(s, 0, 6, ROLE_DIM, "logits = ub·vocab·4");
	if (st->logged)
		canvas_wrap(s, 0, 8, s->w, 3, ROLE_DIM, "logged: the lesson's pinned llama.cpp build, this model");
	else
		canvas_wrap(s, 0, 8, s->w, 4, ROLE_HOT, "no log for this model or these settings: computed sizes only");

	if (v->step == 2 * st->nub + 1) {
		/* The vLLM step is a page of its own. */
		struct backend bk[4];
		int n = vllm_choose(st, bk), chosen = -1;
		canvas_printf(c, 0, 0, ROLE_LABEL, "vLLM on NVIDIA, compute capability %.1f:", st->cc);
		for (int i = 0; i < n; i++) {
			if (bk[i].ok && chosen < 0)
				chosen = i;
			canvas_printf(c, 0, 1 + i, i == chosen ? ROLE_OK : bk[i].ok ? ROLE_NORMAL : ROLE_DIM, "%s %-15s",
				      i == chosen ? "▸" : bk[i].ok ? " " : "✗", bk[i].name);
			canvas_wrap(c, 18, 1 + i, c->w - 18, 1, i == chosen ? ROLE_OK : ROLE_DIM, bk[i].why);
		}
		/* each reason on its one row (33 columns at 80x24): a longer one
		 * was cut mid-sentence */
		if (st->mla)
			snprintf(v->narration, VIEW_NARRATION,
				 "vLLM takes the first valid backend of a priority list (vllm/platforms/cuda.py). An MLA "
				 "model has a list of its own; the lesson states no limits for it, so the first is taken.");
		else
			snprintf(v->narration, VIEW_NARRATION,
				 "vLLM takes the first valid backend of a priority list (vllm/platforms/cuda.py). FLASH_ATTN "
				 "needs compute capability (cc) 8.0 and a head size that is a multiple of 8 up to 256; "
				 "learned sinks need 9.0.");
		return;
	}
	double top = 1;
	for (int i = 0; i < st->nub; i++)
		top = fmax(top, fmax(st->logged ? st->off[i] : fmax((double)st->buf_on[i].compute_bytes,
								   (double)st->buf_off[i].compute_bytes) / MIB,
				     fmax(st->scores[i], st->logits[i])));
	int barw = c->w - 28;
	if (barw < 4)
		barw = 4;
	canvas_text(c, 0, 0, ROLE_LABEL, st->logged ? "CPU compute buffer, MiB (logged)" : "CPU compute buffer, MiB (modelled)");
	int shown = v->step < 2 * st->nub ? v->step : 2 * st->nub;
	int per = 2, fit = (c->h - 1) / per, first = shown > fit ? shown - fit : 0;
	for (int k = first; k < shown; k++) {
		int i = k / 2, fa_on = k % 2 == 0, y = 1 + (k - first) * per;
		enum role r = k == shown - 1 ? ROLE_ACCENT : ROLE_NORMAL;
		double part = fa_on ? st->logits[i] : st->scores[i];
		/* The logged buffer, or without a log the one size_buffers models (none when llama.cpp refuses -fa off). */
		double whole = st->logged ? (fa_on ? st->on[i] : st->off[i])
				: (double)(fa_on ? st->buf_on[i] : st->buf_off[i]).compute_bytes / MIB;
		if (!st->logged && (fa_on ? st->refused_on : st->refused)[0])
			canvas_printf(c, 0, y, r, "-ub %-4lld -fa %-3s refused",
				      (long long)st->ub[i],
				      fa_on ? "on" : "off");
		else {
			canvas_printf(c, 0, y, r, "-ub %-4lld -fa %-3s %8.2f", (long long)st->ub[i], fa_on ? "on" : "off", whole);
			canvas_bar(c, 26, y, barw, whole / top, fa_on ? ROLE_BAR : ROLE_HOT);
		}
		y++;
		r = ROLE_DIM;
		/* Under each bar: what the largest temporary accounts for. */
		canvas_printf(c, 0, y, r, "   %s   %8.2f", fa_on ? "logits" : "scores", part);
		canvas_bar(c, 26, y, barw, part / top, fa_on ? ROLE_BAR2 : ROLE_HEAT3);
	}
	if (first > 0)
		canvas_printf(c, c->w - 12, 0, ROLE_DIM, "+%d above", first);

	if (v->step == 0)
		snprintf(v->narration, VIEW_NARRATION,
			 "With -fa on llama.cpp fuses attention into one node (FLASH_ATTN_EXT). Step through -ub %lld%s "
			 "with -fa on and off: %s.", (long long)st->ub[0], st->nub > 1 ? " and the other micro-batches" : "",
			 st->logged ? "the logged compute buffer against its two largest temporaries"
				    : "the two largest temporaries, computed for this model (no log for it)");
	else if (v->step <= 2 * st->nub) {
		int i = (v->step - 1) / 2;
		long long u = (long long)st->ubc[i];
		char lab[64]; /* "-ub 2048 (runs 1000: -c caps it)" */
		if (st->ubc[i] == st->ub[i])
			snprintf(lab, sizeof lab, "-ub %lld", u);
		else
			snprintf(lab, sizeof lab,
				 "-ub %lld (runs %lld: -c caps it)",
				 (long long)st->ub[i], u);
		fmt_fixed(a, sizeof a, st->logits[i], 2);
		fmt_fixed(b, sizeof b, st->scores[i], 2);
		const char *no = (v->step - 1) % 2 == 0 ? st->refused_on
							 : st->refused;
		if (!st->logged && no[0])
			snprintf(v->narration, VIEW_NARRATION,
				 "%s, -fa %s: llama.cpp makes no such "
				 "context (%s); the other row shows the one "
				 "it makes.",
				 lab, (v->step - 1) % 2 == 0 ? "on" : "off",
				 no);
		else if ((v->step - 1) % 2 == 0 && st->logged)
			snprintf(v->narration, VIEW_NARRATION,
				 "%s, -fa on: the logged buffer is "
				 "%.2f\u00a0MiB: the logits (%lld × %lld × 4 B "
				 "= %s\u00a0MiB) "
				 "plus %.2f\u00a0MiB. The fused node needs "
				 "only a small workspace.",
				 lab, st->on[i], u, (long long)st->vocab, a,
				 st->on[i] - st->logits[i]);
		else if ((v->step - 1) % 2 == 0)
			snprintf(v->narration, VIEW_NARRATION,
				 "%s, -fa on: no score matrix is stored; the "
				 "largest temporary is the logits, %lld × %lld "
				 "× 4 B = %s\u00a0MiB; the buffer, modelled, "
				 "%.2f\u00a0MiB.",
				 lab, u, (long long)st->vocab, a,
				 (double)st->buf_on[i].compute_bytes / MIB);
		else if (st->logged)
			snprintf(v->narration, VIEW_NARRATION,
				 "%s, -fa off: the score matrix (%lld × %lld × "
				 "%lld heads × 4 B = %s\u00a0MiB) exists at "
				 "once; "
				 "the logged buffer is %.2f\u00a0MiB, "
				 "%.2f\u00a0MiB more than the scores.",
				 lab, u, (long long)st->n_kv,
				 (long long)st->heads, b, st->off[i],
				 st->off[i] - st->scores[i]);
		else
			snprintf(v->narration, VIEW_NARRATION,
				 "%s, -fa off: the score matrix of one "
				 "micro-batch, %lld × %lld keys × %lld heads × "
				 "4 B = "
				 "%s\u00a0MiB, must exist at once; the buffer, "
				 "modelled, %.2f\u00a0MiB.",
				 lab, u, (long long)st->n_kv,
				 (long long)st->heads, b,
				 (double)st->buf_off[i].compute_bytes / MIB);
	}
}

/* How a compute buffer was found: its value is the one compute model's
 * (size_buffers), shown here, not computed a second way; its check is the
 * real llama.cpp (tests/engine.sh), as --explain says. */
static void compute_how(struct summary *s, const struct buffer_sizes *b)
{
	summary_explain(
	    s, "sched_reserve's worst-case graph: n_ubatch tokens, "
	       "all outputs, against every cell (llama-context.cpp); "
	       "ggml-alloc frees each tensor after its last use, so the "
	       "buffer is the largest of the graph's peaks, not their "
	       "sum");
	/* every model has a row (src/graph/compute_replay.c) */
	summary_explain(s,
			"found by replaying the reserve graph "
			"tensor by tensor through ggml-alloc's best fit "
			"(%s, src/graph/alloc_sim.c): %s",
			b->compute_src,
			b->compute_graph ? b->compute_graph : "?");
	summary_explain(s, "%s; the value is the memory scene's, checked "
			"against the real llama.cpp by tests/engine.sh, not "
			"here",
			b->compute_mark == SIZE_MODELLED
				? "modelled: within 2 % of the real engine"
				: "estimated (README lists the families and "
				  "their worst cases)");
}

static void fa_summary_buffers(const struct fa_state *st, struct summary *s)
{
	for (int i = 0; i < st->nub; i++) {
		long long ub = (long long)st->ub[i];
		const struct buffer_sizes *on = &st->buf_on[i];
		const struct buffer_sizes *off = &st->buf_off[i];
		if (st->refused_on[0]) {
			summary_explain(s, "-fa on: %s", st->refused_on);
		} else {
			summary_int(s, on->compute_bytes,
				    "compute_on_bytes.%lld", ub);
			summary_words(s, "-fa on, -ub %lld: the CPU compute "
				      "buffer llama.cpp reserves (%s)", ub,
				      on->compute_mark == SIZE_MODELLED
					  ? "modelled"
					  : "estimated");
			compute_how(s, on);
		}
		if (st->refused[0]) {
			summary_explain(s, "-fa off: %s", st->refused);
			continue;
		}
		summary_int(s, off->compute_bytes, "compute_off_bytes.%lld",
			    ub);
		summary_words(s, "-fa off, -ub %lld: the CPU compute buffer "
			      "llama.cpp reserves (%s)", ub,
			      off->compute_mark == SIZE_MODELLED ? "modelled"
								 : "estimated");
		compute_how(s, off);
	}
	if (st->nub > 0) {
		/* the leg llama.cpp makes: -fa on's unless it is refused */
		const struct buffer_sizes *b0 =
		    st->refused_on[0] ? &st->buf_off[0] : &st->buf_on[0];
		summary_int(s, b0->compute_mark == SIZE_MODELLED,
			    "compute_modelled");
		summary_words(s, "1: the compute buffers are modelled (within 2 %% of llama.cpp); 0: estimated (README lists "
			      "the families and their worst cases: most MoE, MLA and hybrid graphs, rotated caches, a model "
			      "without embd and ff)");
		summary_int(s, b0->output_bytes, "output_bytes");
		summary_words(s, "the output buffer: n_vocab F32 logits for each of the n_seq sequences (exact)");
		summary_input(s, "n_seq", (double)st->dep.n_seq, "parameter n_seq (-np)");
		summary_input(s, "vocab", (double)st->vocab, "%s", st->vocab_from);
		summary_explain(s, "llama-context.cpp output_reserve(n_seq_max): max(n_outputs, n_seq_max) rows");
		summary_formula(s, 0.5, "n_seq * vocab * 4");
	}
}

/* The micro-batch a row's tensors hold: the -ub asked for, capped as
 * llama.cpp caps it (llama-context.cpp: n_batch = min(n_ctx, n_batch),
 * n_ubatch = min(n_batch, n_ubatch)). */
static void ub_inputs(const struct fa_state *st, struct summary *s, int i)
{
	summary_input(s, "ubatch", (double)st->ub[i], "parameter ubatch (-ub)");
	summary_input(s, "n_batch", (double)st->dep.n_batch,
		      "-b, llama.cpp's default");
	summary_input(s, "ctx", (double)st->ctx, "parameter ctx (-c)");
}

static void fa_summary(const void *vs, struct summary *s)
{
	const struct fa_state *st = vs;
	for (int i = 0; i < st->nub; i++) {
		long long ub = (long long)st->ub[i];
		/* Closed forms over the deployment, written apart from
		 * src/size/size.c; exact to a quarter byte: both are whole
		 * bytes over 2^20, exact in a double. */
		summary_real(s, st->scores[i], "scores_mib.%lld", ub);
		summary_words(s, "MiB of the F32 scores of one micro-batch of %lld tokens against every cell, all heads "
			      "(llama-graph.cpp build_attn_mha kq = mul_mat(k, q), F32; -fa off keeps it)", ub);
		ub_inputs(st, s, i);
		summary_input(s, "heads", (double)st->heads, "%s", st->heads_from);
		summary_input(s, "f32_bytes", 4, "bytes of an F32 score");
		summary_explain(s, "the reserved graph attends every cell: n_kv = -c padded to 256 (llama-context.cpp)");
		summary_formula(s, 0.25 / 1048576,
				"min(ubatch, n_batch, ctx) * pad(ctx, 256) * "
				"heads * f32_bytes / 2^20");
		summary_real(s, st->logits[i], "logits_mib.%lld", ub);
		summary_words(s, "MiB of the F32 logits of one micro-batch of %lld tokens (kept with -fa on and off)", ub);
		ub_inputs(st, s, i);
		summary_input(s, "vocab", (double)st->vocab, "%s", st->vocab_from);
		summary_input(s, "f32_bytes", 4, "bytes of an F32 logit");
		summary_formula(
			s, 0.25 / 1048576,
			"min(ubatch, n_batch, ctx) * vocab * f32_bytes / 2^20");
		if (st->logged) {
			summary_real(s, st->off[i] - st->scores[i], "off_minus_scores_mib.%lld", ub);
			summary_words(s, "the logged -fa off buffer (lesson) minus the computed scores, MiB");
			summary_input(s, "logged_off", st->off[i], "parameter logged_off");
			summary_real(s, st->on[i] - st->logits[i], "on_minus_logits_mib.%lld", ub);
			summary_words(s, "the logged -fa on buffer (lesson) minus the computed logits, MiB");
			summary_input(s, "logged_on", st->on[i], "parameter logged_on");
		}
	}
	fa_summary_buffers(st, s);
	struct backend b[4];
	int n = vllm_choose(st, b), first = -1;
	for (int i = 0; i < n && first < 0; i++)
		if (b[i].ok)
			first = i;
	summary_int(s, first, "vllm_choice_index");
	summary_words(s, "the backend vLLM picks: its place in the priority list (vllm/platforms/cuda.py)%s",
		      st->mla ? ", the MLA list" : "");
	summary_input(s, "cc", st->cc, "parameter cc, the GPU's compute capability");
	summary_input(s, "head_size", (double)st->head_size, "%s", st->head_size_from);
	if (st->sinks)
		summary_input(s, "sinks", 1, "%s", st->sinks_from);
	if (first >= 0)
		summary_explain(s, "vLLM takes the first valid backend of its priority list: %s, %s", b[first].name,
			    b[first].why);
}

/* A row of computed buffers: each leg's MiB, or "refused" where
 * llama.cpp makes no such context. */
static void fa_print_modelled(const struct fa_state *st, int i, FILE *out)
{
	char on[32] = "refused", off[32] = "refused";
	if (!st->refused_on[0])
		fmt_fixed(on, sizeof on,
			  (double)st->buf_on[i].compute_bytes / MIB, 2);
	if (!st->refused[0])
		fmt_fixed(off, sizeof off,
			  (double)st->buf_off[i].compute_bytes / MIB, 2);
	fprintf(out,
		"-ub %3lld: scores %7.2f MiB, logits %6.2f MiB | modelled "
		"buffer: fa on %7s, fa off %s\n",
		(long long)st->ub[i], st->scores[i], st->logits[i], on, off);
}

static void fa_print(const void *vs, FILE *out)
{
	const struct fa_state *st = vs;
	if (!st->logged)
		fprintf(out, "computed for %s (no llama.cpp log for this model and these settings):\n", st->model);
	for (int i = 0; i < st->nub; i++) {
		if (st->logged)
			fprintf(out, "-ub %3lld: scores %7.2f MiB, logits %6.2f MiB | log: fa on %7.2f, fa off %7.2f | off - scores %6.2f\n",
				(long long)st->ub[i], st->scores[i], st->logits[i], st->on[i], st->off[i], st->off[i] - st->scores[i]);
		else
			fa_print_modelled(st, i, out);
	}
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
	.nparams = FA_NPARAMS,
	.state_size = sizeof(struct fa_state),
	.init = fa_init,
	.nsteps = fa_nsteps,
	.render = fa_render,
	.summary = fa_summary,
	.print = fa_print,
	/* both -fa settings side by side; compute and scores, not weights */
	.unshown = DP_BIT(DP_FA) | DP_BIT(DP_WEIGHTS),
};
