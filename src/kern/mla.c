#include "kern/mla.h"

#include <math.h>
#include "util/fault.h"

void mla_mul(const double *w, size_t rows, size_t cols, const double *x, double *y)
{
	for (size_t r = 0; r < rows; r++) {
		y[r] = 0;
		for (size_t c = 0; c < cols; c++)
			y[r] += w[r * cols + c] * x[c];
		y[r] = FAULT_REAL("mla_mul", y[r]);
	}
}

void mla_mul_t(const double *w, size_t rows, size_t cols, const double *x, double *y)
{
	for (size_t c = 0; c < cols; c++)
		y[c] = 0;
	for (size_t r = 0; r < rows; r++)
		for (size_t c = 0; c < cols; c++)
			y[c] += w[r * cols + c] * x[r];
	for (size_t c = 0; c < cols; c++)
		y[c] = FAULT_REAL("mla", y[c]);
}

double mla_dot(const double *a, const double *b, size_t n)
{
	double s = 0;
	for (size_t i = 0; i < n; i++)
		s += a[i] * b[i];
	return s;
}

void mla_rand(struct jrand *r, double *w, size_t count)
{
	/* Java's Math.round(x) is floor(x + 0.5). */
	for (size_t i = 0; i < count; i++)
		w[i] = floor(jrand_gaussian(r) * 10 + 0.5) / 10.0;
}
