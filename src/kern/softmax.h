/*
 * softmax: the two-pass reference and the one-pass online stepper.
 *
 * The online stepper keeps the lesson's invariant after every step:
 *   s == sum over seen j of exp(x_j - m),  m == max over seen j of x_j.
 * When a new value raises m, the old sum is rescaled by exp(m_old - m_new),
 * which moves it to the new reference point exactly (up to rounding).
 */
#ifndef ATTNVIZ_SOFTMAX_H
#define ATTNVIZ_SOFTMAX_H

#include <stddef.h>

/* Pass 1 finds the max, pass 2 sums exp(x - max). n >= 1. */
void softmax_two_pass(const double *x, size_t n, double *max_out, double *sum_out);

struct online_softmax {
	double m;        /* running max; -INFINITY before the first value */
	double s;        /* running sum of exp(x_j - m) */
	double rescale;  /* factor exp(m_old - m_new) applied by the last step */
	int raised;      /* the last step raised the max (and rescaled s) */
	size_t seen;     /* values consumed so far */
};

void online_softmax_init(struct online_softmax *o);
/* Consume one value. */
void online_softmax_step(struct online_softmax *o, double x);
/* Run the whole row: o ends as after n steps. */
void online_softmax_run(struct online_softmax *o, const double *x, size_t n);
/* Probability of value x under the state's m and s (valid once all are seen). */
double online_softmax_p(const struct online_softmax *o, double x);

#endif
