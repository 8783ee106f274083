/* fit: the largest context under a budget (see the header). */
#include "size/fit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/fault.h"

const enum cache_type fit_cache_types[FIT_NCACHE] = {
    [FIT_F16] = CACHE_F16, [FIT_Q8_0] = CACHE_Q8_0, [FIT_Q4_0] = CACHE_Q4_0};
const char *const fit_term_names[FT_COUNT] = {[FT_WEIGHTS] = "weights",
					      [FT_KV] = "kv",
					      [FT_RECURRENT] = "recurrent",
					      [FT_COMPUTE] = "compute",
					      [FT_OUTPUT] = "output"};

const char *fit_mark_word(enum size_mark k)
{
	static const char *const words[] = {[SIZE_EXACT] = "exact",
					    [SIZE_MODELLED] = "modelled",
					    [SIZE_ESTIMATED] = "estimated"};
	return words[k];
}

/* The terms for a model whose k_type and v_type are already the row's. */
static int terms(const struct model *mt, const struct deploy *d0, int64_t n_ctx,
		 struct fit_terms *t)
{
	struct deploy d = *d0;
	/* On the stack (16 KiB of per-layer arrays): a search asks for terms
	 * a dozen times, and fresh heap each time was most of a fit scene's
	 * opening under AddressSanitizer, whose quarantine never reuses it. */
	struct kv_alloc a;
	struct buffer_sizes b;
	d.n_ctx = n_ctx;
	memset(t, 0, sizeof *t);
	t->n_ctx = n_ctx;
	if (size_alloc(mt, &d, &a) < 0 || size_buffers(mt, &d, &b) < 0)
		return -1;
	t->bytes[FT_WEIGHTS] = mt->weights_bytes;
	t->mark[FT_WEIGHTS] =
	    mt->weights_from == WEIGHTS_COUNTED ? SIZE_EXACT : SIZE_ESTIMATED;
	/* the main cache and an indexer's apart (model indexer_apart) */
	t->bytes[FT_KV] = a.total_bytes + a.apart_bytes;
	t->mark[FT_KV] = SIZE_EXACT;
	/* Recurrent state (Mamba, gated delta net, short conv): fixed, whatever
	 * n_ctx. */
	t->bytes[FT_RECURRENT] = a.recurrent_bytes;
	t->mark[FT_RECURRENT] = SIZE_EXACT;
	t->bytes[FT_COMPUTE] = b.compute_bytes;
	t->mark[FT_COMPUTE] = b.compute_mark;
	t->bytes[FT_OUTPUT] = b.output_bytes;
	t->mark[FT_OUTPUT] = b.output_mark;
	for (int i = 0; i < FT_COUNT; i++)
		if (__builtin_add_overflow(t->total, t->bytes[i], &t->total))
			return -1;
	t->total = FAULT_INT("fit_total", t->total);
	return 0;
}

int fit_terms_at(const struct model *m, const struct deploy *d,
		 enum cache_type k, enum cache_type v, int64_t n_ctx,
		 struct fit_terms *t)
{
	struct model mt = *m; /* on the stack, as terms' arrays */
	mt.k_type = k;
	mt.v_type = v;
	return terms(&mt, d, n_ctx, t);
}

void fit_row_flags(struct fit_row *r, const struct fit_query *q)
{
	const struct deploy *d = &q->d;
	int n = snprintf(r->flags, sizeof r->flags,
			 "-c %lld -ctk %s -ctv %s -fa %s -np %lld",
			 (long long)r->max_ctx, model_cache_name(r->k_type),
			 model_cache_name(r->v_type),
			 r->flash_attn ? "on" : "off", (long long)d->n_seq);
	if (d->unified)
		n += snprintf(r->flags + n, sizeof r->flags - (size_t)n,
			      " -kvu");
	if (d->n_ubatch != 512)
		n += snprintf(r->flags + n, sizeof r->flags - (size_t)n,
			      " -ub %lld", (long long)d->n_ubatch);
	if (d->n_batch != 2048)
		n += snprintf(r->flags + n, sizeof r->flags - (size_t)n,
			      " -b %lld", (long long)d->n_batch);
	if (d->swa_full)
		snprintf(r->flags + n, sizeof r->flags - (size_t)n,
			 " --swa-full");
}

int fit_budget_refuse(const struct fit_query *q, char *why, size_t len)
{
	if (q->budget > q->margin)
		return 0;
	snprintf(why, len,
		 "%lld bytes (%.2f GiB) leave nothing once the margin of %lld "
		 "MiB is kept free",
		 (long long)q->budget,
		 (double)q->budget / (double)(INT64_C(1) << 30),
		 (long long)(q->margin >> 20));
	return -1;
}

void fit_row_begin(struct fit_row *row, const struct fit_query *q,
		   const struct model *m, enum fit_cache c)
{
	memset(row, 0, sizeof *row);
	row->cache = c;
	row->k_type = fit_cache_types[c];
	/* llama.cpp refuses a quantized V cache without flash attention: V
	 * stays f16. */
	row->flash_attn = size_flash_attn(m, &q->d);
	row->v_type = row->flash_attn ? fit_cache_types[c] : CACHE_F16;
	snprintf(row->flags, sizeof row->flags, "-");
}

void fit_row_range(struct fit_row *row, const struct fit_query *q,
		   const struct model *m, int64_t *klo, int64_t *khi)
{
	int64_t streams = q->d.unified ? 1 : q->d.n_seq;
	int64_t cap = q->ctx_cap > 0 ? q->ctx_cap : m->ctx_train;
	row->step = SIZE_PAD * streams;
	/* n_ctx = k x step, k from the floor's to the cap's (at least one
	 * step: the smallest cache llama.cpp allocates for these streams). */
	int64_t lo = cap < FIT_MIN_CTX ? cap : FIT_MIN_CTX;
	*khi = cap / row->step;
	if (*khi < 1)
		*khi = 1;
	*klo = (lo + row->step - 1) / row->step;
	if (*klo > *khi)
		*klo = *khi;
	row->lo = *klo * row->step;
	row->cap = *khi * row->step;
}

int fit_solve(const struct model *m, const struct fit_query *q,
	      enum fit_cache c, struct fit_row *row)
{
	fit_row_begin(row, q, m, c);
	/* the model with the row's cache types, on the stack as in
	 * fit_terms_at (quantized V needs flash attention: fit_row_begin) */
	struct model typed = *m, *mt = &typed;
	typed.k_type = row->k_type;
	typed.v_type = row->v_type;
	int rc = -1;
	struct deploy d = q->d;
	d.n_ctx = FIT_MIN_CTX;
	if (size_refuse(mt, &d, row->why, sizeof row->why)) {
		row->refused = 1;
		return 0;
	}
	int64_t avail = q->budget - q->margin, klo, khi;
	fit_row_range(row, q, m, &klo, &khi);
	if (row->evals++, terms(mt, &d, row->lo, &row->at) < 0)
		goto out;
	if (row->at.total > avail) {
		row->missing = row->at.total - avail;
		rc = 0;
		goto out;
	}
	/* Invariant: total(klo) fits; total(khi + 1) is not considered. */
	while (klo < khi) {
		int64_t mid = klo + (khi - klo + 1) / 2;
		struct fit_terms t;
		if (row->evals++, terms(mt, &d, mid * row->step, &t) < 0)
			goto out;
		if (t.total <= avail)
			klo = mid;
		else
			khi = mid - 1;
	}
	row->max_ctx = FAULT_INT("fit_search", klo * row->step);
	if (row->evals++, terms(mt, &d, row->max_ctx, &row->at) < 0)
		goto out;
	if (row->max_ctx < row->cap &&
	    (row->evals++,
	     terms(mt, &d, row->max_ctx + row->step, &row->next) < 0))
		goto out;
	fit_row_flags(row, q);
	rc = 0;
out:
	if (rc < 0)
		snprintf(row->why, sizeof row->why,
			 "a size overflows 64-bit arithmetic");
	return rc;
}
