#include "kern/rope.h"

#include <math.h>
#include "util/fault.h"

double rope_theta(double base, int i, int d)
{
	return FAULT_REAL("rope", pow(base, -2.0 * i / d));
}

double rope_wavelength(double base, int i, int d)
{
	return 2 * M_PI / rope_theta(base, i, d);
}

int rope_unseen_pairs(double base, int d, double train)
{
	int n = 0;
	for (int i = 0; i < d / 2; i++)
		n += rope_wavelength(base, i, d) > train;
	return n;
}

double rope_ntk_base(double base, double s, int d)
{
	return FAULT_REAL("ntk", base * pow(s, (double)d / (d - 2)));
}

double rope_yarn_corr_dim(int n_dims, double n_ctx_orig, double n_rot, double base)
{
	return FAULT_REAL("yarn_dims", n_dims * log(n_ctx_orig / (n_rot * 2 * M_PI)) / (2 * log(base)));
}

void rope_yarn_dims(int d, double n_ctx_orig, double beta_fast, double beta_slow, double base, double *low, double *high)
{
	*low = fmax(0, floor(rope_yarn_corr_dim(d, n_ctx_orig, beta_fast, base)));
	*high = fmin(d - 1, ceil(rope_yarn_corr_dim(d, n_ctx_orig, beta_slow, base)));
}

double rope_yarn_ramp(double low, double high, int i)
{
	/* ggml's rope_yarn_ramp with i = i0 / 2; the 0.001 keeps a zero-width ramp finite. */
	double y = (i - low) / fmax(0.001, high - low);
	return FAULT_REAL("yarn_ramp", 1 - fmin(1, fmax(0, y)));
}

double rope_yarn_theta(double base, int i, int d, double s, double low, double high)
{
	double ramp = rope_yarn_ramp(low, high, i);
	double extrap = rope_theta(base, i, d), interp = extrap / s;
	return interp * (1 - ramp) + extrap * ramp;
}

double rope_yarn_mscale(double s)
{
	return FAULT_REAL("mscale", 1 + 0.1 * log(s));
}
