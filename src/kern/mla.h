/*
 * mla: the small linear algebra of lesson Ex. 7, where MLA's weight
 * absorption rests on q . (W c) == (W^T q) . c.  Matrices are row-major.
 */
#ifndef ATTNVIZ_MLA_H
#define ATTNVIZ_MLA_H

#include <stddef.h>

#include "kern/jrand.h"

/* y[rows] = w[rows][cols] x[cols] */
void mla_mul(const double *w, size_t rows, size_t cols, const double *x, double *y);
/* y[cols] = w^T x, w is [rows][cols], x[rows] */
void mla_mul_t(const double *w, size_t rows, size_t cols, const double *x, double *y);
double mla_dot(const double *a, const double *b, size_t n);
/* Fill w[count] with round(gaussian * 10) / 10, as the lesson's rand() does. */
void mla_rand(struct jrand *r, double *w, size_t count);

#endif
