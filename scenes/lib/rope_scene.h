/*
 * rope_scene: what the four RoPE scenes share: their setup (parameters,
 * or the loaded model's values where the user did not set them), the
 * positions their steps visit, and the clock faces.
 */
#ifndef ATTNVIZ_COMMON_ROPE_H
#define ATTNVIZ_COMMON_ROPE_H

#include "canvas.h"
#include "scene/scene.h"

#define ROPE_MAX_PAIRS 32
#define ROPE_STEPS 64

struct rope_scene {
	int d;
	double base;
	double train, target;   /* trained length and the length reached */
	double s;               /* scale factor (scaled scenes) */
	double beta_fast, beta_slow;
	int npairs;
	int pairs[ROPE_MAX_PAIRS];
	char source[160];       /* where the values came from */
	/* Where each value came from, for --explain: a parameter, the lesson's
	 * default, or the loaded model's key. */
	char from_d[120], from_base[120], from_train[120], from_target[120], from_s[120], from_beta[120];
};

/* The parameters every RoPE scene has, first in its table: a scene's own
 * enum continues from ROPE_NPARAMS, e.g.
 *   enum { PI_S = ROPE_NPARAMS, PI_NPARAMS };
 *   static const struct param_spec pi_params[PI_NPARAMS + 1] = {
 *           ROPE_PARAMS(PI_MAX_D), [PI_S] = {...}, [PI_NPARAMS] = {0}};
 */
enum { ROPE_PARAM_D, ROPE_PARAM_BASE, ROPE_PARAM_TRAIN, ROPE_PARAM_TARGET, ROPE_PARAM_PAIRS, ROPE_NPARAMS };
#define ROPE_PARAMS(max_d)                                                                                  \
	[ROPE_PARAM_D] = {.name = "d", .kind = PARAM_INT, .min = 4, .max = (max_d),                          \
		.help = "head dimension (pairs = d/2)"},                                                     \
	[ROPE_PARAM_BASE] = {.name = "base", .kind = PARAM_REAL, .min = 1.0001, .max = 1e12, .help = "RoPE base"}, \
	[ROPE_PARAM_TRAIN] = {.name = "train", .kind = PARAM_INT, .min = 2, .max = 1 << 30,                  \
		.help = "trained (original) length"},                                                        \
	[ROPE_PARAM_TARGET] = {.name = "target", .kind = PARAM_INT, .min = 2, .max = 1 << 30,                \
		.help = "length reached"},                                                                   \
	[ROPE_PARAM_PAIRS] = {.name = "pairs", .kind = PARAM_INTS, .min = 0, .max = (max_d) / 2 - 1,         \
		.max_count = ROPE_MAX_PAIRS, .help = "pairs drawn as clocks"}

/* Where a RoPE scene keeps the optional parameters in its table: its enum
 * values, or -1 for one it does not declare. */
struct rope_scene_params {
	int s, beta_fast, beta_slow;
};

/* Steps of every RoPE scene: ROPE_STEPS positions from 0 to the target. */
int rope_scene_nsteps(const void *st);

/* Read d, base, train, target, pairs (and s, beta_fast, beta_slow when own
 * says the scene declares them).  A loaded model supplies the values left at
 * their defaults.  0, or -1 with err. */
int rope_scene_read(struct rope_scene *r, const struct scene_env *env, const struct rope_scene_params *own, char *err,
		    size_t errlen);
/* theta_i for i = 0 .. n-1 as a running product of base^(-2/d), starting
 * from theta_0 = 1: a second way to the frequencies, which never calls
 * rope_theta's pow(base, -2i/d).  The summaries check against it. */
void rope_scene_theta_product(double base, int d, int n, double *theta);
/* ln x without libm's log: binary exponent plus 2 atanh(z) as a series. */
double rope_scene_ln_series(double x);

/* Explanation lines naming where d, base, train and target came from
 * (and s, beta when with_s, with_beta). */
void rope_scene_explain_inputs(struct summary *s, const struct rope_scene *r, int with_s, int with_beta);

/* The position shown at step k of ROPE_STEPS (0 .. target - 1). */
double rope_scene_step_pos(const struct rope_scene *r, int k);

/* The angle a pair of rate theta sweeps over the trained span [0, train):
 * training saw positions 0 .. train - 1, and interpolation (PI, YaRN) keeps
 * every rotated position below train. */
double rope_scene_trained_span(const struct rope_scene *r, double theta);
/* A hand at `angle` is at an angle training never produced: the pair never
 * finished a turn (span < 2π) and the hand has gone past the span. */
int rope_scene_angle_unseen(double span, double angle);

struct clock_hand {
	double angle;     /* radians turned so far */
	enum role role;
};

/* One dial per selected pair: the trained sweep (0 .. (train-1)·theta) shaded,
 * the hands drawn, and a hand at an angle training never reached marked. */
void rope_scene_draw_clocks(struct canvas *c, int y0, const struct rope_scene *r, const double *theta_base,
		      const double *theta_now, double pos);

/* max_trained.I for every pair: (train - 1) * theta_i, the largest angle a
 * pair reached in training, checked with theta from the running product. */
void rope_scene_check_max_trained(struct summary *s, const struct rope_scene *r, const double *theta,
				  const double *prod);
/* theta.I for every pair, checked against the running product; the RoPE
 * scenes that rescale (PI, NTK) explain the pre-scaling angle. */
void rope_scene_check_theta(struct summary *s, const struct rope_scene *r, const double *theta, const double *prod);

#endif
