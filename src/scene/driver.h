/*
 * driver: everything about stepping a scene that is the same for all of
 * them.  The registry pairs each compiled scene class with its scene file;
 * a run holds one scene's parameters, model and live state.  Going back
 * replays from init: scenes are deterministic, so the state at step k is
 * always the same.
 */
#ifndef ATTNVIZ_DRIVER_H
#define ATTNVIZ_DRIVER_H

#include <stdio.h>

#include "model/model.h"
#include "scene/compare.h"
#include "scene/scene.h"
#include "scene/scenefile.h"

struct scene_def {
	const struct scene_class *cls;
	struct scene_file file;
};

struct registry {
	int n;
	struct scene_def *defs;   /* sorted by file.order */
};

/* Load every scene file; 0 or -1 with err. */
int registry_load(struct registry *reg, char *err, size_t errlen);
/* From now on the scene files are read once: the first registry_load that
 * succeeds is kept, and later ones get a copy of it (a batch's commands). */
void registry_keep(void);
void registry_free(struct registry *reg);
/* By id or by number ("4"); NULL when none. */
const struct scene_def *registry_find(const struct registry *reg, const char *id_or_number);
int registry_index(const struct registry *reg, const struct scene_def *def);
/* The ids of the scenes that show a second model, "gqa, mla-bytes, ...", into buf. */
void registry_two_models(const struct registry *reg, char *buf, size_t len);
/* The scene measures this machine in the background (bench): it has no steps
 * to play and no golden frames, and begins when asked (run_start). */
int scene_measures(const struct scene_def *def);

struct run {
	const struct scene_def *def;
	struct params params;
	struct model model;        /* valid when have_model */
	int have_model;
	int model_is_default;
	struct model preset;       /* the scene file's preset model, valid when have_preset */
	int have_preset;
	struct model model2;       /* a second model beside the first (-m twice, picker M), valid when have_model2 */
	int have_model2;
	struct compare *cmp;       /* both models' compared keys (second_model = bars); NULL when none */
	struct summary *sums;      /* the two summaries cmp was built from, reused by run_summary; NULL when none */
	void *st;
	int step, nsteps;
	int starts;                /* states of this run that began measuring (scene_env.runs_before) */
	int st_begun;              /* the current state has begun measuring */
	int unmeasured; /* summary, print and dump leave a measuring
			 * scene (bench) unmeasured: `all` asks for
			 * the lesson's numbers, not this machine's */
};

/* Start a scene at step 0 with its default parameters.  user_model may be
 * NULL: model scenes then load the lesson's model named in the scene file. */
int run_open(struct run *r, const struct scene_def *def, const struct model *user_model,
	     char *err, size_t errlen);
void run_close(struct run *r);
/* Apply KEY=VALUE and restart; on error nothing changes. */
int run_set(struct run *r, const char *assignment, char *err, size_t errlen);
/* Apply n assignments together (validated together, one restart); with
 * skip_unknown, keys the scene lacks are passed over.  On error nothing changes. */
int run_set_many(struct run *r, const char *const *assignments, int n, int skip_unknown, char *err,
		 size_t errlen);
/* The editor's line: assignments separated by blanks, applied together. */
int run_set_line(struct run *r, const char *line, char *err, size_t errlen);
/* Every parameter back to the scene file's default; restarts at step 0. */
int run_reset_params(struct run *r, char *err, size_t errlen);
/* Use another model (NULL: the lesson's) and restart; on error nothing changes. */
int run_set_model(struct run *r, const struct model *m, char *err, size_t errlen);
/* Show m beside the run's model (NULL: drop the second model) and restart
 * at the same step; on error nothing changes.  A scene that takes one model
 * keeps m but ignores it (run_second_ignored). */
int run_set_model2(struct run *r, const struct model *m, char *err, size_t errlen);
/* A second model is loaded but this scene shows one model only. */
int run_second_ignored(const struct run *r);
/* Go to step k (clamped to 0..nsteps), replaying from init when going back. */
void run_goto(struct run *r, int k);
/* The current step's end state (what --frame and the golden frames show). */
void run_render(const struct run *r, struct view *v);
/* Frames drawn between the previous step and the current one (the scene's
 * tween): 0 at step 0, past the scene's own steps, and where another
 * model's compared keys replace the picture. */
int run_tween_frames(const struct run *r);
/* In-between frame i (1 .. run_tween_frames) of the move into the current
 * step; i outside that range draws the end state, as run_render. */
void run_render_tween(const struct run *r, struct view *v, int i);
/* The in-between frames of steps first + 1 .. last together (a recording's
 * length, counted before it plays). */
long long run_tween_total(const struct run *r, int first, int last);
/* The summary of a fresh run stepped to the end, with the lesson's figures
 * checked when the parameters and model are the lesson's; with a second
 * model on a scene that shows two, the second's items follow with the
 * suffix @2, each exactly what a run of that model alone gives.  0 or -1. */
int run_summary(const struct run *r, struct summary *s, char *err, size_t errlen);
/* run_summary for a caller that closes the run next (the command line):
 * a run of one model still at its first step is stepped to its end and
 * summarized itself, rather than a second state built; the same lines. */
int run_summary_last(struct run *r, struct summary *s, char *err,
		     size_t errlen);
int run_print(const struct run *r, FILE *out, char *err, size_t errlen);
/* The summary of the live state as it is now (a measuring scene, while it runs). */
void run_summary_now(const struct run *r, struct summary *s);
/* A measuring scene's background work still runs. */
int run_busy(const struct run *r);
void run_cancel(struct run *r);
/* Build the state anew (a measuring scene is planned again, not started); 0 or -1 with err. */
int run_restart(struct run *r, char *err, size_t errlen);
/* A measuring scene begins its work (nothing for other scenes or when begun); 0 or -1 with err. */
int run_start(struct run *r, char *err, size_t errlen);
int run_dump(const struct run *r, const char *dir, char *err, size_t errlen);

#endif
