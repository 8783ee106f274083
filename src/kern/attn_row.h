/*
 * attn_row: one query's attention output, streamed key by key (lesson Ex. 3).
 *
 * State is only m, s and acc[dv].  Invariant after each key:
 *   acc == sum over seen j of exp(score_j - m) * v_j
 * so acc / s is the attention output over the keys seen so far.  The division
 * by s happens once, at the end: dividing earlier would need undoing at every
 * rescale.
 */
#ifndef ATTNVIZ_ATTN_ROW_H
#define ATTNVIZ_ATTN_ROW_H

#include <stddef.h>

#include "kern/softmax.h"

#define ATTN_ROW_MAX_DV 16

struct attn_row {
	struct online_softmax sm;      /* m, s and the last rescale factor */
	double acc[ATTN_ROW_MAX_DV];   /* [dv] running weighted sum of values */
	double w;                      /* weight exp(score - m_new) of the last key */
	size_t dv;
};

/* dv <= ATTN_ROW_MAX_DV; returns 0, or -1 when dv is out of range. */
int attn_row_init(struct attn_row *a, size_t dv);
/* Consume one key: its score and value vector v[dv]. */
void attn_row_step(struct attn_row *a, double score, const double *v);
/* out[dv] = acc / s. */
void attn_row_output(const struct attn_row *a, double *out);
/* Reference: full softmax first, then the weighted sum. values is [n][dv]. */
void attn_row_reference(const double *scores, const double *values, size_t n, size_t dv, double *out);

#endif
