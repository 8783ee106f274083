/*
 * scenefile: a scene's data file, scenes/ID.ini.
 *
 *   [scene]   id, order, title, lesson, model (the lesson's model id; "-": the
 *             loaded model if any, else the scene's own parameters; absent: none),
 *             preset (optional: a second model the scene shows beside it, loaded once per run),
 *             second_model (optional: how a second user model, -m twice, is shown: "bars", the
 *             driver's comparison of the keys listed in compare; "scene", the scene draws both),
 *             compare (the summary keys the bars compare; "kv_gib." names every kv_gib.N)
 *   [params]  default value of each parameter the scene declares
 *   [figures] the lesson's printed figures, keyed like the summary
 *
 * A figure may carry a unit (KiB, MiB, GiB, %) and is checked to the
 * precision it is printed with: "0.94 MiB" means 0.94 +- 0.005 MiB.
 */
#ifndef ATTNVIZ_SCENEFILE_H
#define ATTNVIZ_SCENEFILE_H

#include <stddef.h>

#include "scene/params.h"

#define SCENEFILE_MAX_FIGURES 200

struct figure {
	char key[48];
	char text[64];
	double value;   /* in the summary's unit (bytes, a fraction) */
	double tol;
	int line;
};

/* How a scene shows a second model loaded beside the first (-m A -m B). */
enum second_model {
	SECOND_NONE,    /* the scene takes one model: a second is ignored with a note, refused on the command line */
	SECOND_BARS,    /* the driver draws both models' compared keys as rows and bars */
	SECOND_SCENE,   /* the scene draws both itself (scene_env.model2) */
};

struct scene_file {
	char path[512];
	char id[48];
	int order;
	char title[96];
	char lesson[48];
	char model[64];     /* "" when the scene uses no model, "-" when only a loaded one */
	int model_line; /* the line of [scene] model, for the model's own errors
			 */
	char preset[64];    /* "" or a second model's id (iswa: the lesson's tiny SWA model) */
	enum second_model second;
	char compare[256];  /* SECOND_BARS: the keys compared, comma-separated */
	char param_text[PARAM_MAX][160];   /* defaults as written */
	int param_line[PARAM_MAX];
	int nfigures;
	struct figure figures[SCENEFILE_MAX_FIGURES];
};

/* Read and check against the scene's declared parameters; 0 or -1 with err. */
int scenefile_load(struct scene_file *sf, const char *path, const struct param_spec *specs,
		   char *err, size_t errlen);
/* Parse a figure ("0.94 MiB"); 0 or -1. */
int figure_parse(const char *text, double *value, double *tol);

#endif
