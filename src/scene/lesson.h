/*
 * lesson: a teacher's lesson plan (DESIGN section 7), an INI file:
 *
 *   [lesson]  title (required), model (optional, as -m), pace (optional:
 *             the reading pace's speed, util/pace.h, 1 by default)
 *   [1] [2] … numbered items without a gap, each: scene (required), step
 *             (the first step shown, default 0), set (KEY=VALUE, … applied
 *             together, as --set), until (the item's last step, default the
 *             scene's last), note (shown in the narration pane, and as the
 *             marker's label of --lesson --cast)
 *
 * The file is read through util/ini (iniparser) and checked whole before
 * anything plays: every item's scene is opened with its model and set, so
 * an unknown scene, a bad set, a step past the scene's end or an unknown key
 * is one line naming the file, line, section and key.  No curses here.
 */
#ifndef ATTNVIZ_LESSON_H
#define ATTNVIZ_LESSON_H

#include <stddef.h>

#include "model/model.h"
#include "scene/driver.h"

#define LESSON_MAX_ITEMS 48
#define LESSON_MAX_SETS 32
#define LESSON_NOTE 400

struct lesson_item {
	const struct scene_def *def;
	int line;                     /* of the [N] header */
	int first, last;              /* steps shown: step .. until, both within the scene */
	int nsets;
	char set_text[512];           /* the assignments, NUL-separated; sets[] point into it */
	const char *sets[LESSON_MAX_SETS];
	char note[LESSON_NOTE];       /* "" when none; control bytes cleaned */
};

struct lesson {
	char path[512];
	char title[128];
	struct model *model;          /* [lesson] model, owned; NULL when the file names none */
	const struct model *use;      /* the model every item opens with: -m, else model, else NULL */
	double pace;                  /* [lesson] pace: autoplay's, --cast's */
	int n;
	struct lesson_item items[LESSON_MAX_ITEMS];
};

/* Read and check path.  cli_model (-m, may be NULL) overrides the file's
 * model.  0, or -1 with the one-line error in err (exit status 2). */
int lesson_load(struct lesson *l, const char *path, const struct registry *reg, const struct model *cli_model,
		char *err, size_t errlen);
void lesson_free(struct lesson *l);
/* Open item i's run with model m (NULL: the lesson's, l->use) and the
 * item's set, at its first step.  0, or -1 with err (r is then not open). */
int lesson_open_item(const struct lesson *l, int i, const struct model *m, struct run *r, char *err, size_t errlen);
/* The asciicast marker of run r's current step: "scene N/step M", then in a
 * lesson (l not NULL, item >= 0) " · item I/N", and on the item's first
 * step " · " and its note. */
void lesson_marker(char *buf, size_t len, const struct run *r, const struct lesson *l, int item);
/* Split a set value into assignments: a comma followed by KEY= starts the
 * next one, so "n=64, x=1,3,2" is two.  Writes into buf (bufsz), the
 * pointers into out[max]; returns the count, or -1 when too many or too long. */
int lesson_split_set(const char *value, char *buf, size_t bufsz, const char **out, int max);

#endif
