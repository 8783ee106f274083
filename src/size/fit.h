/*
 * fit: the largest context that fits a memory budget (DESIGN section 5,
 * "Fitting"), for one model, one deployment and one cache type.
 *
 *   total(n_ctx) = weights + KV + recurrent state + compute + output
 *
 * every term as src/size/size.h computes it for llama.cpp's CPU backend.
 * The answer is the largest n_ctx, a multiple of 256 x streams (a split
 * cache gives each of n_seq streams pad256(n_ctx / n_seq) cells, so other
 * values only round up to these), between llama.cpp's --fit floor of 4096
 * tokens and the cap (the trained context unless asked), with total <=
 * budget - margin.  Every term grows with n_ctx (cells, the scores tensor),
 * so total is monotone and the answer is found by bisection.
 */
#ifndef ATTNVIZ_FIT_H
#define ATTNVIZ_FIT_H

#include <stddef.h>
#include <stdint.h>

#include "model/model.h"
#include "size/size.h"

/* llama.cpp common/arg.cpp --fit: keeps 1024 MiB free (fit_params_target)
 * and never goes below 4096 tokens (fit_params_min_ctx). */
#define FIT_MARGIN_DEFAULT (INT64_C(1024) << 20)
#define FIT_MIN_CTX 4096

/* The cache types a fit is asked for, one row each. */
enum fit_cache { FIT_F16, FIT_Q8_0, FIT_Q4_0, FIT_NCACHE };
extern const enum cache_type fit_cache_types[FIT_NCACHE];

/* The terms of the total at one n_ctx (bytes). */
enum fit_term {
	FT_WEIGHTS,
	FT_KV,
	FT_RECURRENT,
	FT_COMPUTE,
	FT_OUTPUT,
	FT_COUNT
};
extern const char *const fit_term_names[FT_COUNT]; /* "weights", "kv", ... */

struct fit_terms {
	int64_t n_ctx; /* as asked (-c) */
	int64_t bytes[FT_COUNT];
	enum size_mark mark[FT_COUNT];
	int64_t total;
};

/* What is asked: the budget and the deployment (n_ctx is what the search sets).
 */
struct fit_query {
	int64_t budget, margin; /* bytes */
	int64_t
	    ctx_cap; /* largest n_ctx considered; 0: the model's ctx_train */
	struct deploy d;
};

/* One cache type's answer. */
struct fit_row {
	enum fit_cache cache;
	enum cache_type k_type,
	    v_type;  /* V stays f16 without flash attention */
	int refused; /* llama.cpp refuses this context; why says so */
	int flash_attn; /* the flash attention llama.cpp runs this model with
			   (size_flash_attn: Grok's is off whatever is asked) */
	char why[256];
	int64_t step;	 /* 256 x streams */
	int64_t lo, cap; /* the range searched: the floor (4096 or the cap when
			    smaller) and the cap */
	int64_t max_ctx; /* 0: even lo does not fit */
	struct fit_terms at; /* at max_ctx, or at lo when nothing fits */
	struct fit_terms
	    next; /* at max_ctx + step (does not fit), when max_ctx < cap */
	int64_t missing; /* max_ctx 0: bytes lacking at lo */
	char flags[160]; /* the llama.cpp flags: -c N -ctk T -ctv T -fa on|off
			    -np N [-kvu] */
	int evals; /* totals computed: about log2((cap - lo) / step) + 3, the
		      search's cost */
};

/* The terms at n_ctx with K and V in these types.  0, or -1 when a size
 * overflows 64 bits or the deployment is invalid. */
int fit_terms_at(const struct model *m, const struct deploy *d,
		 enum cache_type k, enum cache_type v, int64_t n_ctx,
		 struct fit_terms *t);
/* A budget the margin takes whole leaves nothing to solve: -1 with the
 * reason ("N bytes (G GiB) leave nothing once the margin of M MiB is kept
 * free") in why, else 0.  --fit and the fit scene both ask first. */
int fit_budget_refuse(const struct fit_query *q, char *why, size_t len);
/* A row for cache type c, nothing solved yet: its K and V types (V f16
 * without flash attention, as llama.cpp requires, the flash attention m
 * runs with: size_flash_attn) and no flags. */
void fit_row_begin(struct fit_row *row, const struct fit_query *q,
		   const struct model *m, enum fit_cache c);
/* The contexts fit_solve searches, n_ctx = k x step for k in [klo, khi]:
 * row's step, lo and cap. */
void fit_row_range(struct fit_row *row, const struct fit_query *q,
		   const struct model *m, int64_t *klo, int64_t *khi);
/* Solve one cache type.  0, or -1 when a size overflows (why says so). */
int fit_solve(const struct model *m, const struct fit_query *q,
	      enum fit_cache c, struct fit_row *row);
/* r->flags: the llama.cpp flags of r->max_ctx and r's cache types. */
void fit_row_flags(struct fit_row *r, const struct fit_query *q);
/* The word of a mark: exact, modelled, estimated. */
const char *fit_mark_word(enum size_mark k);

#endif
