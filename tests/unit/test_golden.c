/*
 * Golden frames: whole screens (100x30) of every scene at its first, middle
 * and last step, compared as text with tests/golden/ID.STEP.txt.  Run with
 * ATTNVIZ_UPDATE_GOLDEN=1 to write them after a deliberate change, then read
 * the diff.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frame.h"
#include "scene/driver.h"
#include "t.h"

#define GW 100
#define GH 30

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *buf = malloc(1 << 16);
	size_t n = fread(buf, 1, (1 << 16) - 1, f);
	buf[n] = 0;
	fclose(f);
	return buf;
}

static void golden_one(const struct registry *reg, struct run *r, int step)
{
	char path[256], *text = NULL;
	size_t len = 0;
	struct canvas *screen = canvas_new(GW, GH);
	int pw, ph, sw, sh;
	frame_pane_sizes(GW, GH, &pw, &ph, &sw, &sh);
	struct view v = {.pic = canvas_new(pw, ph), .side = canvas_new(sw, sh)};
	struct summary s;
	char err[600];
	summary_init(&s);
	run_summary(r, &s, err, sizeof err);
	run_goto(r, step);
	run_render(r, &v);
	struct frame_info fi = {.reg = reg, .run = r, .sum = &s};
	frame_compose(screen, &fi, &v);
	FILE *f = open_memstream(&text, &len);
	canvas_dump(screen, f);
	fclose(f);
	snprintf(path, sizeof path, "tests/golden/%s.%d.txt", r->def->cls->id, step);
	if (getenv("ATTNVIZ_UPDATE_GOLDEN")) {
		FILE *g = fopen(path, "w");
		fputs(text, g);
		fclose(g);
	}
	char *want = slurp(path);
	T_OK(want && !strcmp(want, text), "golden: %s at step %d matches %s", r->def->cls->id, step, path);
	if (want && strcmp(want, text))
		fprintf(stdout, "# got:\n%s", text);
	free(want);
	free(text);
	summary_free(&s);
	canvas_free(screen);
	canvas_free(v.pic);
	canvas_free(v.side);
}

void test_golden(void)
{
	struct registry reg;
	char err[600];
	if (registry_load(&reg, err, sizeof err) < 0) {
		T_OK(0, "golden: registry loads (%s)", err);
		return;
	}
	for (int i = 0; i < reg.n; i++) {
		struct run r;
		if (reg.defs[i].cls->busy)
			continue;   /* a measuring scene shows this machine's timings: no golden frame */
		if (run_open(&r, &reg.defs[i], NULL, err, sizeof err) < 0) {
			T_OK(0, "golden: %s opens (%s)", reg.defs[i].cls->id, err);
			continue;
		}
		int steps[3] = {0, r.nsteps / 2, r.nsteps};
		for (int k = 0; k < 3; k++)
			if (k == 0 || steps[k] != steps[k - 1])
				golden_one(&reg, &r, steps[k]);
		if (!strcmp(reg.defs[i].cls->id, "tiled")) {
			/* Each kind of event once: load Q, load K/V, compute a tile. */
			for (int k = 1; k <= 3; k++)
				golden_one(&reg, &r, k);
		}
		run_close(&r);
	}
	registry_free(&reg);
}
