/*
 * rope: RoPE frequencies and the three ways to stretch them (lesson
 * Ex. 12-15): position interpolation, NTK-aware scaling and YaRN, with
 * ggml's YaRN correction dims and ramp.
 */
#ifndef ATTNVIZ_ROPE_H
#define ATTNVIZ_ROPE_H

/* theta_i = base^(-2i/d): the angle pair i turns per position. */
double rope_theta(double base, int i, int d);
/* 2 pi / theta_i: positions per full turn. */
double rope_wavelength(double base, int i, int d);
/* Pairs whose wavelength exceeds `train` positions (never a full turn in training). */
int rope_unseen_pairs(double base, int d, double train);
/* NTK-aware base: base * s^(d / (d - 2)). */
double rope_ntk_base(double base, double s, int d);
/* ggml_rope_yarn_corr_dim: the pair index at which a frequency makes n_rot turns in n_ctx_orig. */
double rope_yarn_corr_dim(int n_dims, double n_ctx_orig, double n_rot, double base);
/* The ramp's ends as ggml takes them: low = max(0, floor(dim(beta_fast))), high = min(d-1, ceil(dim(beta_slow))). */
void rope_yarn_dims(int d, double n_ctx_orig, double beta_fast, double beta_slow, double base, double *low, double *high);
/* rope_yarn_ramp: 1 keeps the frequency, 0 divides it by s. */
double rope_yarn_ramp(double low, double high, int i);
/* The frequency YaRN uses for pair i: a mix of theta and theta / s by the ramp. */
double rope_yarn_theta(double base, int i, int d, double s, double low, double high);
/* Attention temperature: 1 + 0.1 ln s. */
double rope_yarn_mscale(double s);

#endif
