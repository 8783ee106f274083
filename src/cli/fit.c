/*
 * --fit MEM: the largest context per cache type that fits MEM, each term of
 * the total in bytes with its mark (src/size/fit.h does the sizing), and
 * the llama.cpp flags that give it.  --format tsv for scripts.  Several
 * devices (2x24GiB, rtx3090,rtx3090): the layers split as llama.cpp splits
 * them by default (src/size/split.h), each device's share shown.
 * --fit list: the devices attnviz knows.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "size/budget.h"
#include "size/fit.h"
#include "size/split.h"
#include "model/wquant_model.h"
#include "scene/deploy_params.h"
#include "scene/params.h"
#include "util/err.h"
#include "util/xmalloc.h"

/* The deployment, as --set keys: every model scene's (scene/deploy_params.h),
 * and --fit's own. */
enum { FP_MARGIN = DP_COUNT, FP_CTX_MAX, FP_NPARAMS };
static const struct param_spec fit_params[FP_NPARAMS + 1] = {
	DEPLOY_SPECS,
	[FP_MARGIN] = DP_SPEC_MARGIN,
	[FP_CTX_MAX] = DP_SPEC_CTX_MAX,
	[FP_NPARAMS] = {0},
};
static const char *const fit_defaults[FP_NPARAMS] = {
	[DP_CTX] = "4096",	[DP_N_SEQ] = "1",      [DP_UNIFIED] = "0",
	[DP_SWA_FULL] = "0",	[DP_N_BATCH] = "2048", [DP_UBATCH] = "512",
	[DP_K_TYPE] = "model",	[DP_V_TYPE] = "model", [DP_FA] = "1",
	[DP_WEIGHTS] = "model", [FP_MARGIN] = "1024",  [FP_CTX_MAX] = "0",
};
/* Taken, not shown: --fit searches -c and gives each cache type a row. */
#define FIT_UNSHOWN (DP_BIT(DP_CTX) | DP_BIT(DP_K_TYPE) | DP_BIT(DP_V_TYPE))

/* The --set keys into q; 0, or -1 after printing the error. */
static int query_of(const struct cli_options *o, int64_t budget, struct fit_query *q)
{
	struct params p;
	char why[200], err[400];
	memset(&p, 0, sizeof p);
	p.specs = fit_params;
	for (p.n = 0; fit_params[p.n].name; p.n++) {
		param_parse(&fit_params[p.n], fit_defaults[p.n], &p.def[p.n], why, sizeof why);
		p.def[p.n].is_default = 1;
		param_value_copy(&p.val[p.n], &p.def[p.n], 1);
	}
	for (int i = 0; i < o->nsets; i++)
		if (strncmp(o->sets[i], "weights=", 8) &&
		    params_set(&p, o->sets[i], err, sizeof err) < 0) {
			char scoped[500];
			snprintf(scoped, sizeof scoped, "--fit: %s", err);
			err_print(scoped);
			params_free(&p);
			return -1;
		}
	*q = (struct fit_query){.budget = budget, .margin = params_int(&p, FP_MARGIN) << 20,
				.ctx_cap = params_int(&p, FP_CTX_MAX)};
	/* Nothing can fit in what the margin leaves: say so once, rather
	 * than print every row against a budget below zero. */
	if (fit_budget_refuse(q, why, sizeof why) < 0) {
		snprintf(err, sizeof err, "--fit: %s: give more memory or a smaller margin (--set margin=MiB)", why);
		err_print(err);
		params_free(&p);
		return -1;
	}
	q->d = deploy_default(FIT_MIN_CTX);
	q->d.n_seq = params_int(&p, DP_N_SEQ);
	q->d.unified = (int)params_int(&p, DP_UNIFIED);
	q->d.n_ubatch = params_int(&p, DP_UBATCH);
	q->d.n_batch = params_int(&p, DP_N_BATCH);
	q->d.flash_attn = (int)params_int(&p, DP_FA);
	q->d.swa_full = (int)params_int(&p, DP_SWA_FULL);
	unsigned unshown = 0;
	for (int i = 0; i < DP_COUNT; i++)
		unshown |=
			params_is_default(&p, i) ? 0 : DP_BIT(i) & FIT_UNSHOWN;
	if (unshown) { /* taken, as every model scene takes them, and said */
		char names[80];
		snprintf(err, sizeof err,
			 "--fit: %s: taken, not shown (--fit searches -c and "
			 "gives each cache type "
			 "a row)",
			 deploy_params_names(unshown, names, sizeof names));
		err_print_warning(err);
	}
	params_free(&p);
	return 0;
}

static double gib(int64_t b)
{
	return (double)b / (double)(INT64_C(1) << 30);
}

/* suffix: "" for the first model, "@2" for the second (DESIGN section 2). */
static void print_tsv_row(const struct fit_row *r, const char *suffix)
{
	const struct fit_terms *t = &r->at;
	printf("%s%s\t%lld", model_cache_name(fit_cache_types[r->cache]), suffix, (long long)r->max_ctx);
	for (int i = 0; i < FT_COUNT; i++)
		printf("\t%lld", r->refused ? 0LL : (long long)t->bytes[i]);
	printf("\t%lld\t%s\n", r->refused ? 0LL : (long long)t->total, r->flags);
}

/* A cache type's heading: its K and V types, then a refusal (-1: nothing
 * more to say) or the largest context (0); where nothing fits, the caller
 * ends the line with its own reason. */
static int print_row_head(const struct fit_query *q, const struct fit_row *r)
{
	printf("\n%s (K %s, V %s)", model_cache_name(fit_cache_types[r->cache]),
	       model_cache_name(r->k_type), model_cache_name(r->v_type));
	if (r->refused) {
		printf(": llama.cpp refuses it: %s\n", r->why);
		return -1;
	}
	const char *cap = q->ctx_cap ? " (the cap, ctx_max)"
				     : " (the trained context: the cap)";
	if (r->max_ctx)
		printf(": max_ctx %lld%s\n", (long long)r->max_ctx,
		       r->max_ctx == r->cap ? cap : "");
	return 0;
}

static void print_text_row(const struct model *m, const struct fit_query *q, const struct fit_row *r)
{
	const struct fit_terms *t = &r->at;
	int64_t avail = q->budget - q->margin;
	if (print_row_head(q, r) < 0)
		return;
	if (!r->max_ctx)
		printf(": does not fit even at %lld tokens: %lld bytes (%.2f GiB) missing\n", (long long)r->lo,
		       (long long)r->missing, gib(r->missing));
	for (int i = 0; i < FT_COUNT; i++)
		printf("  %-10s %16lld B %9.2f GiB  %s\n", fit_term_names[i],
		       (long long)t->bytes[i], gib(t->bytes[i]),
		       i == FT_WEIGHTS ? model_weights_word(m)
				       : fit_mark_word(t->mark[i]));
	printf("  %-10s %16lld B %9.2f GiB  %s %lld B = budget - margin, at -c %lld\n", "total", (long long)t->total,
	       gib(t->total), t->total <= avail ? "<=" : ">", (long long)avail, (long long)t->n_ctx);
	if (r->max_ctx && r->max_ctx < r->cap)
		printf("  the next step, -c %lld, needs %lld B: %lld B too many\n", (long long)r->next.n_ctx,
		       (long long)r->next.total, (long long)(r->next.total - avail));
	if (r->max_ctx)
		printf("  llama.cpp: %s\n", r->flags);
}

/* One model's rows, as a table or as TSV rows; 0, or 2 after printing the error. */
static int fit_model(const struct model *m, const struct fit_query *q, const struct budget_device *dev, int tsv,
		     const char *suffix)
{
	struct fit_row rows[FIT_NCACHE];
	char err[600], name[200];
	for (int c = 0; c < FIT_NCACHE; c++)
		if (fit_solve(m, q, c, &rows[c]) < 0) {
			snprintf(err, sizeof err, "--fit: %s: %s", model_cache_name(fit_cache_types[c]), rows[c].why);
			err_print(err);
			return 2;
		}
	if (tsv) {
		for (int c = 0; c < FIT_NCACHE; c++)
			print_tsv_row(&rows[c], suffix);
		return 0;
	}
	err_clean(name, sizeof name, m->name);
	printf("%sattnviz --fit: %s%s in %lld bytes (%.2f GiB%s%s), %lld MiB kept free\n", *suffix ? "\n" : "", name,
	       suffix, (long long)q->budget, gib(q->budget), dev ? ", " : "", dev ? dev->title : "",
	       (long long)(q->margin >> 20));
	printf("deployment: %lld sequence%s, %s cache, ubatch %lld, flash "
	       "attention %s; n_ctx a multiple of %lld, "
	       "%lld to %lld\n",
	       (long long)q->d.n_seq, q->d.n_seq > 1 ? "s" : "",
	       q->d.unified ? "unified" : "split", (long long)q->d.n_ubatch,
	       rows[0].flash_attn ? "on" : "off", (long long)rows[0].step,
	       (long long)rows[0].lo, (long long)rows[0].cap);
	printf("weights: %s (%s)\n", model_weights_word(m),
	       model_field_origin(m, MF_WEIGHTS_BYTES));
	if (dev)
		printf("budget: %s\n", dev->source);
	for (int c = 0; c < FIT_NCACHE; c++)
		print_text_row(m, q, &rows[c]);
	return 0;
}

/* --fit list: each device, its memory and where the figure is published. */
static int fit_list(void)
{
	printf("device\tbytes\tGiB\tname\talso written\tsource\n");
	for (size_t i = 0; i < budget_device_count; i++) {
		const struct budget_device *d = &budget_devices[i];
		printf("%s\t%lld\t%.0f\t%s\t", d->name, (long long)d->bytes,
		       gib(d->bytes), d->title);
		for (const char *p = d->aliases; *p; p++)
			putchar(*p == '|' ? ',' : *p);
		printf("\t%s\n", d->source);
	}
	return 0;
}

static void device_name(const struct budget *b, int j, char *out, size_t len)
{
	if (b->dev[j])
		snprintf(out, len, "%s", b->dev[j]->name);
	else
		snprintf(out, len, "%.2fGiB", gib(b->bytes[j]));
}

static void print_split_row(const struct model *m, const struct fit_query *q,
			    const struct budget *b, const struct split_row *sr)
{
	const struct fit_row *r = &sr->fit;
	const struct split_plan *p = &sr->at;
	char name[32];
	if (print_row_head(q, r) < 0)
		return;
	if (!r->max_ctx)
		printf(": does not fit even at %lld tokens on device %d\n",
		       (long long)r->lo, sr->worst);
	printf("  %-3s %-12s %-14s %9s %9s %9s %9s %9s %9s\n", "dev", "",
	       "layers", "weights", "kv", "recurrent", "compute", "total",
	       "room");
	for (int j = 0; j < p->n; j++) {
		const struct split_device *v = &p->dev[j];
		char layers[40];
		device_name(b, j, name, sizeof name);
		if (v->count)
			snprintf(layers, sizeof layers, "%lld-%lld%s",
				 (long long)v->first,
				 (long long)(v->first + v->count - 1),
				 v->output ? "+out" : "");
		else
			snprintf(layers, sizeof layers, "%s",
				 v->output ? "out" : "none");
		printf("  %-3d %-12.12s %-14s %8.2fG %8.2fG %8.2fG %8.2fG "
		       "%8.2fG %8.2fG\n",
		       j, name, layers, gib(v->bytes[FT_WEIGHTS]),
		       gib(v->bytes[FT_KV]), gib(v->bytes[FT_RECURRENT]),
		       gib(v->bytes[FT_COMPUTE]), gib(v->total),
		       gib(v->budget - q->margin - v->total));
	}
	printf("  host memory: token embeddings %.2f GiB, output buffer %.2f "
	       "GiB (not on the devices)\n",
	       gib(p->host_input), gib(p->host_output));
	int big = 0;
	for (int j = 1; j < p->n; j++)
		big = p->dev[j].total > p->dev[big].total ? j : big;
	device_name(b, big, name, sizeof name);
	printf("  the largest share: device %d (%s) must hold %lld B (%.2f "
	       "GiB)\n",
	       big, name, (long long)p->dev[big].total, gib(p->dev[big].total));
	device_name(b, sr->worst, name, sizeof name);
	printf("  the device with the least room: %d (%s), %lld of %lld B "
	       "(%.2f of %.2f GiB), at -c %lld\n",
	       sr->worst, name, (long long)p->dev[sr->worst].total,
	       (long long)(b->bytes[sr->worst] - q->margin),
	       gib(p->dev[sr->worst].total),
	       gib(b->bytes[sr->worst] - q->margin), (long long)p->n_ctx);
	if (r->max_ctx && r->max_ctx < r->cap) {
		int w = 0;
		for (int j = 0; j < sr->next.n; j++)
			if (sr->next.dev[j].total - sr->next.dev[j].budget >
			    sr->next.dev[w].total - sr->next.dev[w].budget)
				w = j;
		printf("  the next step, -c %lld, needs %lld B on device %d: "
		       "%lld B too many\n",
		       (long long)sr->next.n_ctx,
		       (long long)sr->next.dev[w].total, w,
		       (long long)(sr->next.dev[w].total -
				   (sr->next.dev[w].budget - q->margin)));
	}
	if (r->max_ctx)
		printf("  llama.cpp: %s -sm layer\n", r->flags);
	(void)m;
}

static void print_split_tsv(const struct budget *b, const struct split_row *sr,
			    const char *suffix)
{
	const struct fit_row *r = &sr->fit;
	char name[32];
	for (int j = 0; j < sr->at.n; j++) {
		const struct split_device *v = &sr->at.dev[j];
		device_name(b, j, name, sizeof name);
		printf("%s%s\t%d\t%s\t%lld\t%lld\t%lld\t%lld",
		       model_cache_name(fit_cache_types[r->cache]), suffix, j,
		       name, (long long)r->max_ctx, (long long)v->first,
		       (long long)v->count, (long long)v->output);
		for (int i = 0; i < FT_OUTPUT; i++)
			printf("\t%lld",
			       r->refused ? 0LL : (long long)v->bytes[i]);
		printf("\t%lld\t%lld\n", r->refused ? 0LL : (long long)v->total,
		       (long long)v->budget);
	}
}

/* One model over several devices. */
static int fit_split(const struct model *m, const struct fit_query *q,
		     const struct budget *b, int tsv, const char *suffix)
{
	struct split_row *rows = xmalloc(FIT_NCACHE * sizeof *rows);
	char err[600], name[200], dn[32];
	int status = 0;
	for (int c = 0; c < FIT_NCACHE; c++)
		if (split_solve(m, q, b, c, &rows[c]) < 0) {
			snprintf(err, sizeof err, "--fit: %s: %s",
				 model_cache_name(fit_cache_types[c]),
				 rows[c].fit.why);
			err_print(err);
			status = 2;
			goto out;
		}
	if (tsv) {
		for (int c = 0; c < FIT_NCACHE; c++)
			print_split_tsv(b, &rows[c], suffix);
		goto out;
	}
	err_clean(name, sizeof name, m->name);
	printf("%sattnviz --fit: %s%s on %d devices, %lld bytes (%.2f GiB) in "
	       "all, %lld MiB kept free on each\n",
	       *suffix ? "\n" : "", name, suffix, b->n, (long long)b->total,
	       gib(b->total), (long long)(q->margin >> 20));
	for (int j = 0; j < b->n; j++) {
		device_name(b, j, dn, sizeof dn);
		printf("device %d: %s, %lld bytes (%.2f GiB)%s%s\n", j, dn,
		       (long long)b->bytes[j], gib(b->bytes[j]),
		       b->dev[j] ? ": " : "",
		       b->dev[j] ? b->dev[j]->source : "");
	}
	printf("deployment: %lld sequence%s, %s cache, ubatch %lld, flash "
	       "attention %s; n_ctx a multiple of %lld, "
	       "%lld to %lld\n",
	       (long long)q->d.n_seq, q->d.n_seq > 1 ? "s" : "",
	       q->d.unified ? "unified" : "split", (long long)q->d.n_ubatch,
	       rows[0].fit.flash_attn ? "on" : "off",
	       (long long)rows[0].fit.step, (long long)rows[0].fit.lo,
	       (long long)rows[0].fit.cap);
	printf("weights: %s (%s); by layer %s\n", model_weights_word(m),
	       model_field_origin(m, MF_WEIGHTS_BYTES),
	       "estimated (embeddings and head n_vocab x n_embd each, the rest "
	       "even over the layers)");
	printf("split: -sm layer, llama.cpp's default (src/llama-model.cpp "
	       "llama_model_base::load_tensors): the %lld "
	       "layers and the output layer in proportion to each device's "
	       "memory, in order; a layer's KV cache and "
	       "state on its device; each device its own compute buffer "
	       "(attnviz's one-device figure); the token "
	       "embeddings in host memory\n",
	       (long long)m->layers);
	for (int c = 0; c < FIT_NCACHE; c++)
		print_split_row(m, q, b, &rows[c]);
out:
	free(rows);
	return status;
}

/* --set weights=TYPE (the last one given): the ftype, NULL when not given;
 * -1 after printing the error when TYPE is not a llama-quantize type. */
static int weights_of(const struct cli_options *o, const struct wq_ftype **f)
{
	*f = NULL;
	for (int i = 0; i < o->nsets; i++) {
		if (strncmp(o->sets[i], "weights=", 8))
			continue;
		if (!(*f = wq_ftype_find(o->sets[i] + 8))) {
			char names[600], shown[40], err[800];
			wq_ftype_names(names, sizeof names);
			err_clean(shown, sizeof shown, o->sets[i] + 8);
			snprintf(err, sizeof err,
				 "--fit: weights: '%s' is not a llama-quantize "
				 "type (%s)",
				 shown, names);
			err_print(err);
			return -1;
		}
	}
	return 0;
}

/* The model's weights as weights=TYPE makes them: 0, or 2 after the error. */
static int reweigh(struct model *m, const struct wq_ftype *f)
{
	char err[700];
	if (f && wquant_model(m, f, err, sizeof err) < 0) {
		err_print(err);
		return 2;
	}
	return 0;
}

int cli_fit(const struct app *a, const struct cli_options *o)
{
	int64_t budget;
	const struct budget_device *dev;
	char why[200], err[600];
	struct fit_query q;
	struct model *m = a->model, *m2 = NULL;
	int own = 0, tsv = o->format && !strcmp(o->format, "tsv");
	struct budget b;
	if (!strcmp(o->fit_mem, "list"))
		return fit_list();
	if (budget_parse(o->fit_mem, &budget, &dev, why, sizeof why) < 0 ||
	    budget_parse_set(o->fit_mem, &b, why, sizeof why) < 0)
		return 2;   /* cli_parse already said so */
	if (b.n > 1)
		budget = b.bytes[0]; /* the margin is kept on each device:
					checked against the first */
	const struct wq_ftype *wt;
	if (query_of(o, budget, &q) < 0 || weights_of(o, &wt) < 0)
		return 2;
	/* a copy: weights= changes the weights of the model handed in */
	struct model *m0 = m;
	m = xmalloc(sizeof *m);
	own = 1;
	if (m0)
		*m = *m0;
	else if (model_find_load(m, "qwen2.5-7b", err, sizeof err) <
		 0) { /* the fit scene's model */
		err_print(err);
		free(m);
		return 2;
	}
	if (reweigh(m, wt)) {
		free(m);
		return 2;
	}
	if (o->model2) {   /* the second -m, shown after the first with the suffix @2 */
		m2 = xmalloc(sizeof *m2);
		if (model_find_load(m2, o->model2, err, sizeof err) < 0 ||
		    reweigh(m2, wt)) {
			err_print(err);
			free(m2);
			if (own)
				free(m);
			return 2;
		}
	}
	if (b.n > 1) {
		q.budget = b.total;
		if (tsv)
			printf("cache\tdevice\tname\tmax_ctx\tfirst_"
			       "layer\tlayers\toutput_layer\tweights_bytes\tkv_"
			       "bytes\t"
			       "recurrent_bytes\tcompute_bytes\ttotal_"
			       "bytes\tbudget_bytes\n");
		int st = fit_split(m, &q, &b, tsv, "");
		if (st == 0 && m2)
			st = fit_split(m2, &q, &b, tsv, "@2");
		free(m2);
		if (own)
			free(m);
		return st;
	}
	if (tsv)
		printf("cache\tmax_ctx\tweights_bytes\tkv_bytes\trecurrent_bytes\tcompute_bytes\toutput_bytes\ttotal_bytes\t"
		       "llama_flags\n");
	int status = fit_model(m, &q, dev, tsv, "");
	if (status == 0 && m2)
		status = fit_model(m2, &q, dev, tsv, "@2");
	free(m2);
	if (own)
		free(m);
	return status;
}
