/*
 * app: what every mode needs, prepared once by main from the command line:
 * the scene registry, the model given with -m, and the scene named by -s or
 * by the mode's argument.  The CLI modes and the UI both start from it, so
 * the start-up (and its errors) is written once.
 */
#ifndef ATTNVIZ_APP_H
#define ATTNVIZ_APP_H

#include <stddef.h>

#include "model/model.h"
#include "options.h"
#include "scene/driver.h"
#include "scene/lesson.h"

struct app {
	struct registry reg;
	struct model *model;              /* -m, owned; NULL when none was given */
	struct model *model2;             /* a second -m, shown beside the first; owned; NULL when none */
	const struct scene_def *scene;    /* the named scene; NULL for "all" or none */
	struct lesson *lesson;            /* --lesson FILE, checked whole; owned; NULL when none */
};

/* Load the registry and the -m model, find the named scene and check that
 * every --set names a parameter of a chosen scene.  0, or -1 with the
 * one-line error in err (exit status 2); a model's warning goes to stderr. */
int app_prepare(struct app *a, const struct cli_options *o, char *err, size_t errlen);
void app_free(struct app *a);

/* Open a run of def with the -m model (and the second beside it) and every --set applied together.
 * only_known: skip the assignments def has no parameter for (a mode over
 * all scenes).  0, or -1 with the error, scoped by the scene's id. */
int app_open_run(const struct app *a, struct run *r, const struct scene_def *def, const struct cli_options *o,
		 int only_known, char *err, size_t errlen);

#endif
