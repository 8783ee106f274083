/*
 * Where the w pane opens (src/scene/focus.c): at the summary number the
 * step on screen prints, worked out here from the lesson's scores, not
 * read back from the program.  ATTNVIZ_FOCUS_ALL=1 prints, as "# " lines,
 * the key each step of every scene opens at.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frame.h"
#include "scene/driver.h"
#include "scene/explain.h"
#include "scene/focus.h"
#include "t.h"

/* A run of scene id at 80x24 with its summary, rendered at any step. */
struct foc {
	struct run r;
	struct summary sum;
	struct view v;
};

static int foc_open(struct foc *f, const struct registry *reg, const char *id)
{
	char err[600];
	const struct scene_def *def = registry_find(reg, id);
	if (!def || run_open(&f->r, def, NULL, err, sizeof err) < 0)
		return -1;
	summary_init(&f->sum);
	if (run_summary(&f->r, &f->sum, err, sizeof err) < 0) {
		run_close(&f->r);
		return -1;
	}
	int pw, ph, sw, sh;
	frame_pane_sizes(80, 24, FRAME_SUMMARY_ROWS, &pw, &ph, &sw, &sh);
	f->v.pic = canvas_new(pw, ph);
	f->v.side = canvas_new(sw, sh);
	return 0;
}

static void foc_close(struct foc *f)
{
	canvas_free(f->v.pic);
	canvas_free(f->v.side);
	summary_free(&f->sum);
	run_close(&f->r);
}

/* The text of step k, as the UI hands it to focus_item (heap). */
static char *step_text(struct foc *f, int k)
{
	run_goto(&f->r, k);
	run_render(&f->r, &f->v);
	return focus_view_text(&f->v);
}

/* The item the pane opens at on step k, or -1. */
static int item_at(struct foc *f, int k)
{
	char *before = k > 0 ? step_text(f, k - 1) : NULL,
	     *now = step_text(f, k);
	int i = focus_item(&f->sum, now, before);
	free(before);
	free(now);
	return i;
}

static const char *key_of(const struct foc *f, int i)
{
	return i >= 0 ? f->sum.items[i].key : "(none)";
}

/* online-softmax over the lesson's scores 1, 3, 2, 5, 0.5, 4. */
static void online_softmax(const struct registry *reg)
{
	struct foc f;
	if (foc_open(&f, reg, "online-softmax") < 0) {
		T_OK(0, "focus: online-softmax opens");
		return;
	}
	/* step 2 feeds 3 after 1: m = 3, s = exp(1 - 3) + exp(0) */
	double s1 = exp(1.0 - 3.0) + 1.0;
	int i = item_at(&f, 2);
	T_OK(i >= 0 && fabs((f.sum.items[i].val) - s1) < 5e-7 &&
		 !strcmp(f.sum.items[i].key, "s.1"),
	     "focus: online-softmax step 2 opens at s.1 = %.6f, the sum it "
	     "prints (at %s)",
	     s1, key_of(&f, i));
	/* the pane's row: the heading "s.1 = 1.13533528" down the audit */
	char *text = explain_text(&f.r, &f.sum);
	long off = text && i >= 0
		       ? focus_explain_offset(text, f.sum.items[i].key)
		       : -1;
	char want[64];
	snprintf(want, sizeof want, "s.1 = %.8f\n", s1);
	T_OK(off > 0 && !strncmp(text + off, want, strlen(want)),
	     "focus: the w pane's heading of s.1 found at byte %ld", off);
	free(text);
	/* step 4 prints the old sum and the new one: the new is the step's
	 * (5 raises the max: the old s scaled by exp(3 - 5), plus exp(0)) */
	double s2 = exp(1.0 - 3.0) + 1.0 + exp(2.0 - 3.0),
	       s3 = s2 * exp(3.0 - 5.0) + 1.0;
	i = item_at(&f, 4);
	T_OK(i >= 0 && fabs(f.sum.items[i].val - s3) < 5e-7 &&
		 !strcmp(f.sum.items[i].key, "s.3"),
	     "focus: online-softmax step 4 opens at s.3 = %.6f, the new sum, "
	     "not the old %.6f (at %s)",
	     s3, s2, key_of(&f, i));
	/* step 0 prints m = −∞ and s = 0: no number of the summary */
	T_EQ_INT(item_at(&f, 0), -1,
		 "focus: online-softmax step 0 prints no summary number: the "
		 "pane opens at its top");
	foc_close(&f);
}

/* The rule on made-up text: how numbers are read and which one wins. */
static void reading(void)
{
	struct summary s;
	summary_init(&s);
	summary_int(&s, 20, "count");
	summary_int(&s, 128, "block");
	summary_int(&s, 131072, "bytes");
	summary_real(&s, -0.017214, "output");
	summary_real(&s, 1.50321472, "old");
	summary_real(&s, 1.20343809, "new");
	struct {
		const char *now, *before, *want;
	} cases[] = {
	    {"x[1] = 20 and 131,072 bytes", NULL,
	     "bytes"}, /* a thousands comma; 20 is too short */
	    {"a 128K cache, 20 of them", NULL, NULL}, /* 128K is not 128 */
	    {"key m.131072 = 5", NULL, NULL}, /* a key's index is not a value */
	    {"output −0.0172 here", NULL, "output"}, /* the minus sign glyph */
	    {"old 1.503215, new 1.203438", NULL,
	     "old"}, /* as many digits: the first */
	    {"old 1.503215, new 1.203438", "s = 1.503215",
	     "new"},                            /* what the step changed */
	    {"1.50 and 1.503215", NULL, "old"}, /* more digits win */
	};
	for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		int i = focus_item(&s, cases[k].now, cases[k].before);
		const char *got = i >= 0 ? s.items[i].key : NULL;
		T_OK(cases[k].want ? got && !strcmp(got, cases[k].want) : !got,
		     "focus: \"%s\"%s%s opens at %s (got %s)", cases[k].now,
		     cases[k].before ? " after " : "",
		     cases[k].before ? cases[k].before : "",
		     cases[k].want ? cases[k].want : "the top",
		     got ? got : "the top");
	}
	summary_free(&s);
}

/* ATTNVIZ_FOCUS_ALL: where each step of every scene opens, to read. */
static void print_all(const struct registry *reg)
{
	for (int j = 0; j < reg->n; j++) {
		struct foc f;
		if (scene_measures(&reg->defs[j]) ||
		    foc_open(&f, reg, reg->defs[j].cls->id) < 0)
			continue;
		for (int k = 0; k <= f.r.nsteps; k++) {
			int i = item_at(&f, k);
			printf("# %s step %d: %s\n", reg->defs[j].cls->id, k,
			       key_of(&f, i));
		}
		foc_close(&f);
	}
}

void test_focus(void)
{
	struct registry reg;
	char err[600];
	reading();
	if (registry_load(&reg, err, sizeof err) < 0) {
		T_OK(0, "focus: registry loads (%s)", err);
		return;
	}
	online_softmax(&reg);
	if (getenv("ATTNVIZ_FOCUS_ALL"))
		print_all(&reg);
	registry_free(&reg);
}
