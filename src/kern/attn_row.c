#include "kern/attn_row.h"

#include <math.h>
#include "util/fault.h"

int attn_row_init(struct attn_row *a, size_t dv)
{
	if (dv == 0 || dv > ATTN_ROW_MAX_DV)
		return -1;
	online_softmax_init(&a->sm);
	for (size_t c = 0; c < ATTN_ROW_MAX_DV; c++)
		a->acc[c] = 0;
	a->w = 0;
	a->dv = dv;
	return 0;
}

void attn_row_step(struct attn_row *a, double score, const double *v)
{
	online_softmax_step(&a->sm, score);
	/* The same factor that moved s to the new max moves acc there too. */
	a->w = exp(score - a->sm.m);
	for (size_t c = 0; c < a->dv; c++)
		a->acc[c] = FAULT_REAL("attn_row", a->acc[c] * a->sm.rescale + a->w * v[c]);
}

void attn_row_output(const struct attn_row *a, double *out)
{
	for (size_t c = 0; c < a->dv; c++)
		out[c] = a->acc[c] / a->sm.s;
}

void attn_row_reference(const double *scores, const double *values, size_t n, size_t dv, double *out)
{
	double max, sum;
	softmax_two_pass(scores, n, &max, &sum);
	for (size_t c = 0; c < dv; c++)
		out[c] = 0;
	for (size_t j = 0; j < n; j++)
		for (size_t c = 0; c < dv; c++)
			out[c] += exp(scores[j] - max) / sum * values[j * dv + c];
}
