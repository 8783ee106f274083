#include "kern/softmax.h"

#include <math.h>
#include "util/fault.h"

void softmax_two_pass(const double *x, size_t n, double *max_out, double *sum_out)
{
	double max = -INFINITY, sum = 0;
	for (size_t i = 0; i < n; i++)
		max = fmax(max, x[i]);
	for (size_t i = 0; i < n; i++)
		sum += exp(x[i] - max);
	*max_out = max;
	*sum_out = sum;
}

void online_softmax_init(struct online_softmax *o)
{
	o->m = -INFINITY;
	o->s = 0;
	o->rescale = 1;
	o->raised = 0;
	o->seen = 0;
}

void online_softmax_step(struct online_softmax *o, double x)
{
	double m_new = fmax(o->m, x);
	/* exp(-inf) is 0: the first value starts the sum from nothing. */
	o->rescale = exp(o->m - m_new);
	o->raised = o->seen > 0 && m_new > o->m;
	o->s = FAULT_REAL("softmax", o->s * o->rescale + exp(x - m_new));
	o->m = m_new;
	o->seen++;
}

void online_softmax_run(struct online_softmax *o, const double *x, size_t n)
{
	online_softmax_init(o);
	for (size_t i = 0; i < n; i++)
		online_softmax_step(o, x[i]);
}

double online_softmax_p(const struct online_softmax *o, double x)
{
	return exp(x - o->m) / o->s;
}
