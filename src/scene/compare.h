/*
 * compare: two models side by side on a scene whose scene file says
 * second_model = bars.  Built once from both models' summaries (each a
 * fresh run stepped to the end), it holds the keys the scene file lists in
 * `compare`, both values each, and draws them as rows and bars labelled by
 * model, with a narration that says which is larger and by how much.  The
 * picture is drawn from these numbers only: nothing is computed in render.
 */
#ifndef ATTNVIZ_COMPARE_H
#define ATTNVIZ_COMPARE_H

#include "scene/scene.h"
#include "scene/summary.h"

#define COMPARE_MAX 32

struct compare_row {
	char key[48];
	char words[160];      /* what it is, from the first model's summary ("" when none) */
	char a[32], b[32];    /* the values as --summary prints them, "-" when unknown */
	double va, vb;
	int known_a, known_b;
	int ints;             /* both are integers: their difference is written in full */
};

struct compare {
	char name_a[128], name_b[128];
	int n;
	struct compare_row rows[COMPARE_MAX];
	int more;             /* keys that matched but did not fit in rows[] */
};

/* Fill c from the two summaries: every key of a that the comma list
 * `keys` names (a name ending in '.' names every indexed key under it),
 * in a's order, with b's value of the same key. */
void compare_build(struct compare *c, const char *keys, const struct summary *a, const struct summary *b,
		   const char *name_a, const char *name_b);
/* Draw the comparison onto v's picture and narration at step `step`: the
 * step's row is highlighted and narrated. */
void compare_render(const struct compare *c, struct view *v, int step);

#endif
