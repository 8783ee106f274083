/*
 * rope_scene: what the four RoPE scenes share: their setup (parameters,
 * or the loaded model's values where the user did not set them), the
 * positions their steps stop at, and the clock faces.
 *
 * A step is a position the lesson talks about (the end of training, where
 * a pair leaves its trained range, the target), each with its own point;
 * the hands sweep from one stop to the next over ROPE_TWEEN frames.
 */
#ifndef ATTNVIZ_COMMON_ROPE_H
#define ATTNVIZ_COMMON_ROPE_H

#include "canvas.h"
#include "scene/scene.h"

#define ROPE_MAX_PAIRS 32
#define ROPE_MAX_STOPS 9
/* frames of a sweep between two stops: 1.5 s at SCENE_FRAME_MS */
#define ROPE_TWEEN 18

/* What a stop is about; each scene narrates its own. */
enum rope_stop_kind {
	STOP_START,       /* position 0: every hand up */
	STOP_NEIGHBOUR,   /* position 1: how far one token turns a hand */
	STOP_FAST_TURN,   /* the fastest drawn pair's first full turn */
	STOP_TRAIN_END,   /* train - 1: the last position trained */
	STOP_LEAVE,       /* train: pairs that never turned leave their arcs */
	STOP_TURN,        /* a slow drawn pair's first turn (past train) */
	STOP_PAIR_LEAVES, /* a drawn pair's scaled hand leaves its arc */
	STOP_TARGET,      /* target - 1: the last position reached */
	STOP_MSCALE,      /* YaRN's temperature, at the target */
};

struct rope_stop {
	double pos;
	enum rope_stop_kind kind;
	int pair;   /* the drawn pair (index into pairs) it is about; -1 */
	int nth;    /* 0 for the first stop of its kind, 1 for the next */
};

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
	char from_beta_slow[120];
	int nstops;   /* steps 0 .. nstops - 1 */
	struct rope_stop stops[ROPE_MAX_STOPS];
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

/* Steps of every RoPE scene: one a stop (st begins with its struct
 * rope_scene), and the sweep into step k: ROPE_TWEEN frames when the
 * position moves, none when the stop only says more about the same one. */
int rope_scene_nsteps(const void *st);
int rope_scene_tween(const void *st, int k);
/* Add a stop at pos (kept only when it lies after the last one and before
 * the target, and a place is left: the target stop comes last). */
void rope_scene_stop(struct rope_scene *r, double pos, enum rope_stop_kind kind,
		     int pair);
/* The position the view shows: the step's stop, or on the way to it. */
double rope_scene_view_pos(const struct rope_scene *r, const struct view *v);
/* The drawn pair that completes its first turn first after `after`,
 * before the target: -1 when none; `last` asks for the last such one. */
int rope_scene_turning_pair(const struct rope_scene *r, const double *theta,
			    double after, int last);

/* Read d, base, train, target, pairs (and s, beta_fast, beta_slow when own
 * says the scene declares them).  A loaded model supplies the values left at
 * their defaults.  0, or -1 with err. */
int rope_scene_read(struct rope_scene *r, const struct scene_env *env, const struct rope_scene_params *own, char *err,
		    size_t errlen);
/* An angle in radians as the lesson prints it (two decimals), with two
 * significant digits where that would show 0.00 (Mistral's base 1e9);
 * returns buf. */
const char *rope_scene_rad(char *buf, size_t len, double rad);
/* theta_i for i = 0 .. n-1 as a running product of base^(-2/d), starting
 * from theta_0 = 1: a second way to the frequencies, which never calls
 * rope_theta's pow(base, -2i/d).  The summaries check against it. */
void rope_scene_theta_product(double base, int d, int n, double *theta);
/* ln x without libm's log: binary exponent plus 2 atanh(z) as a series. */
double rope_scene_ln_series(double x);

/*
 * Formula text of theta_i over the inputs base, d and i, the running
 * product's rule written as one power: theta_0 = 1, each pair a factor
 * base^(-2/d) more, so theta_i = (base^(-2/d))^i (never rope_theta's
 * pow(base, -2i/d)).
 */
#define ROPE_F_THETA "(base^(-2 / d))^i"

/* The inputs of a RoPE formula, each with where it came from. */
enum {
	ROPE_IN_D = 1 << 0,
	ROPE_IN_BASE = 1 << 1,
	ROPE_IN_I = 1 << 2,          /* the pair index */
	ROPE_IN_TRAIN = 1 << 3,
	ROPE_IN_TARGET = 1 << 4,
	ROPE_IN_S = 1 << 5,
	ROPE_IN_BETA_FAST = 1 << 6,
	ROPE_IN_BETA_SLOW = 1 << 7,
	ROPE_IN_PI = 1 << 8,         /* the constant pi (formulas name no constants) */
	ROPE_IN_THETA = ROPE_IN_BASE | ROPE_IN_D | ROPE_IN_I,   /* ROPE_F_THETA's */
};
/* Add the inputs of `which` to the item added last, pair i for ROPE_IN_I. */
void rope_scene_in(struct summary *s, const struct rope_scene *r, unsigned which, int i);

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

/* "train T, target N" on row y of the state pane, shorter where the
 * numbers are long ("train T, to N", then "to N": the picture's label
 * gives the trained span), never cut. */
void rope_scene_train_target(struct canvas *s, int y, const struct rope_scene *r);

/* One dial per selected pair: the trained sweep (0 .. (train-1)·theta) shaded,
 * the hands drawn, and a hand at an angle training never reached marked.
 * Returns how many drawn dials show a ★, so that a legend names it only
 * when the picture has one. */
int rope_scene_draw_clocks(struct canvas *c, int y0, const struct rope_scene *r, const double *theta_base,
		      const double *theta_now, double pos);
/* The same for the drawn pairs which[0 .. n-1] (indices into r->pairs)
 * alone, as large as the area lets them be, each labelled label[i]
 * under its dial ("pair P" where label is NULL or too wide). */
int rope_scene_draw_dials(struct canvas *c, int y0, const struct rope_scene *r,
			  const int *which, int n, const char *const *label,
			  const double *theta_base, const double *theta_now,
			  double pos);

/* max_trained.I for every pair: (train - 1) * theta_i, the largest angle a
 * pair reached in training, checked by formula with ROPE_F_THETA. */
void rope_scene_check_max_trained(struct summary *s, const struct rope_scene *r, const double *theta);
/* theta.I for every pair, checked against the running product; the RoPE
 * scenes that rescale (PI, NTK) explain the pre-scaling angle. */
void rope_scene_check_theta(struct summary *s, const struct rope_scene *r, const double *theta, const double *prod);
/* wavelength.I for every pair: 2 pi / theta_i, checked by formula with ROPE_F_THETA. */
void rope_scene_check_wavelength(struct summary *s, const struct rope_scene *r);

#endif
