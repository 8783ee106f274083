/*
 * scene: the class of a scene, a const table of functions over a flat state.
 *
 * A scene knows nothing of curses: render maps its state onto canvases and a
 * narration string, and computes nothing.  The driver (driver.h) owns
 * stepping: back, reset, first and last step and autoplay are written once
 * there, by replaying from init, since every scene is deterministic.
 *
 * Call order: init, then any number of step (at most nsteps), render,
 * summary or print, and fini once.  summary and print are called on a state
 * stepped to the end.
 *
 * A step may arrive over a few frames (a clock's hands sweeping to the next
 * position): a scene whose class has tween draws the move into step k as
 * frames between step k - 1's picture and step k's, which the TUI and
 * --cast play after a step forward, SCENE_FRAME_MS apart, before the step's
 * own dwell.  A step is still its end state: --frame, --summary, the checks
 * and the golden frames see only that.
 */
#ifndef ATTNVIZ_SCENE_H
#define ATTNVIZ_SCENE_H

#include <stddef.h>
#include <stdio.h>

#include "canvas.h"
#include "model/model.h"
#include "scene/params.h"
#include "scene/summary.h"

#define VIEW_NARRATION 1024
/* The time between in-between frames: 12.5 frames a second, smooth enough
 * for a sweeping hand and light on a 2-core projector laptop. */
#define SCENE_FRAME_MS 80

struct view {
	int step;              /* the step shown, counted by the driver */
	struct canvas *pic;    /* the live picture */
	struct canvas *side;   /* the state pane: m, s, counters */
	char narration[VIEW_NARRATION];
	/* set by the driver: another model's compared keys replace the picture
	 * and the narration (second_model = bars), beside this state pane,
	 * which then describes the loaded model at every step (not a preset) */
	int compared;
	/* rows a list in the picture is scrolled back from its newest (↑ and
	 * ↓ change it); a scene that draws such a list clamps it to what the
	 * list has, the others leave it alone */
	int scroll;
	/* set by the driver: frame `frame` of `frames` of the move into
	 * v->step (1 .. frames - 1: in between; frames 0: the step's end
	 * state, which is all a scene without tween ever draws) */
	int frame, frames;
};

/* How far into the move to v->step the picture is: 0 (step - 1's end) to
 * 1 (the step's end state, whenever no move is under way). */
static inline double view_progress(const struct view *v)
{
	if (v->frames <= 0 || v->frame >= v->frames || v->frame < 0)
		return 1;
	return (double)v->frame / v->frames;
}

/* The columns the narration wraps in: both panes and the three columns
 * between them (a blank, the bar, a blank), as frame_pane_sizes lays them
 * out; test_frame checks the sum. */
#define VIEW_PANE_GAPS 3
static inline int view_narration_width(const struct view *v)
{
	return v->pic->w + (v->side ? v->side->w + VIEW_PANE_GAPS : 0);
}

struct scene_env {
	const struct params *p;
	const struct model *model;   /* the model in use; NULL for a scene that uses none */
	int model_is_default;        /* it is the lesson's model for this scene */
	int lesson_defaults;         /* parameters and model are the lesson's: print may show its captured logs */
	const struct model *preset;  /* the scene file's second model, loaded once by the driver; NULL when none */
	/* second_model = scene: the user's second model, drawn beside the first
	 * (its summary keys come from a run of its own); NULL otherwise */
	const struct model *model2;
	/* a scene that measures: how many earlier states of this run began
	 * measuring (r restarts with a new state), so its pane can count the
	 * measurements */
	int runs_before;
};

/*
 * For a scene that measures this machine (bench): its work runs in the
 * background, so it is not deterministic and has no golden frames.  start
 * begins the work: init only plans it, so the screen measures when the
 * teacher asks (r or Enter), and passing through the scene takes no CPU; a
 * second start does nothing; 0, or -1 with err.  busy says the work still
 * runs; wait blocks until it ends; cancel stops it (fini cancels and waits
 * too).  What the work changes lives behind a pointer in the state, so
 * render and summary read it through a const state.
 */
struct scene_measure {
	int (*start)(void *st, char *err, size_t errlen);
	int (*busy)(const void *st);
	void (*wait)(void *st);
	void (*cancel)(void *st);
};

struct scene_class {
	const char *id;
	const struct param_spec *params;   /* [nparams + 1], indexed by the scene's enum; params[nparams].name is NULL */
	int nparams;                       /* the enum's count, XX_NPARAMS */
	size_t state_size;
	/* Build step 0.  0, or -1 with a one-line reason in err (parameters that do not fit together). */
	int (*init)(void *st, const struct scene_env *env, char *err, size_t errlen);
	void (*fini)(void *st);            /* optional: free what init allocated */
	int (*nsteps)(const void *st);
	/* Advance one step.  NULL for a scene whose state is complete after init:
	 * its render shows v->step and there is nothing to keep in the state. */
	void (*step)(void *st);
	void (*render)(const void *st, struct view *v);
	void (*summary)(const void *st, struct summary *s);
	void (*print)(const void *st, FILE *out);   /* the lesson's tables as text */
	/* optional: write the scene's tensors as .npy into dir.  0, or -1 with err. */
	int (*dump)(const void *st, const char *dir, char *err, size_t errlen);
	/* NULL but for a scene that measures this machine (scene_measures, driver.h) */
	const struct scene_measure *measure;
	/* optional: how many frames to draw between step k - 1 and step k
	 * (1 <= k <= nsteps), 0 for none.  st is the run's state at any step
	 * (a cast counts them all before it plays), so the answer depends on
	 * what init set up.  render then draws frame i of the move into
	 * v->step at view_progress(v) = i / (n + 1), with the narration of
	 * the step it moves to. */
	int (*tween)(const void *st, int k);
	/* DP_BIT()s of the deployment parameters (deploy_params.h) the scene
	 * takes but whose numbers do not depend on them (--explain says) */
	unsigned unshown;
};

#endif
