/*
 * --cast: a scene (or the lesson) played from its first to its last step,
 * composed off-screen as the UI composes it, and written as an asciicast v2
 * recording on stdout (src/cast.h).  No terminal and no clock: each step is
 * held for cast_dwell_ms of its narration, so the same command writes the
 * same bytes.  The benchmark measures this machine while it runs and has no
 * steps: it is not part of `all`, and --cast bench is refused.
 */
#include <langinfo.h>
#include <stdlib.h>
#include <string.h>

#include "cast.h"
#include "cli/cli.h"
#include "frame.h"
#include "theme.h"
#include "util/err.h"
#include "util/xmalloc.h"

/* Play one opened run from step 0 to its last step onto the recording; *ms
 * is the time of the next frame.  0, or -1 when out of memory or stdout fails. */
static int cast_run(struct cast *c, const struct registry *reg, struct run *r, int w, int h, long *ms)
{
	int pw, ph, sw, sh, rc = 0;
	char err[700];
	struct summary s;
	frame_pane_sizes(w, h, &pw, &ph, &sw, &sh);
	struct canvas *screen = canvas_new(w, h);
	struct view v = {.pic = canvas_new(pw, ph), .side = canvas_new(sw, sh)};
	summary_init(&s);
	if (!screen || !v.pic || !v.side) {
		err_print("out of memory");
		rc = -1;
		goto out;
	}
	/* As the UI shows it: the summary of the whole run, beside every step. */
	int have_sum = run_summary(r, &s, err, sizeof err) == 0;
	for (int k = 0; k <= r->nsteps && rc == 0; k++) {
		run_goto(r, k);
		run_render(r, &v);
		struct frame_info fi = {.reg = reg, .run = r, .sum = have_sum ? &s : NULL};
		frame_compose(screen, &fi, &v);
		if (cast_frame(c, screen, *ms) < 0) {
			err_print("cannot write the recording to stdout");
			rc = -1;
		}
		*ms += cast_dwell_ms(v.narration);
	}
out:
	summary_free(&s);
	canvas_free(screen);
	canvas_free(v.pic);
	canvas_free(v.side);
	return rc;
}

int cli_cast(const struct app *a, const struct cli_options *o)
{
	char err[700], title[300];
	const struct registry *reg = &a->reg;
	int all = !a->scene, w = o->cast_w ? o->cast_w : 80, h = o->cast_h ? o->cast_h : 24;
	int *chosen = xcalloc((size_t)reg->n + 1, sizeof *chosen);
	if (all) {
		for (int i = 0; i < reg->n; i++)
			chosen[i] = !scene_measures(&reg->defs[i]);
		snprintf(title, sizeof title, "attnviz: the lesson");
	} else {
		const struct scene_def *def = a->scene;
		if (scene_measures(def)) {
			fprintf(stderr, "attnviz: --cast: %s measures this machine and has no steps to play; "
				"record it with --record FILE -s %s\n", def->cls->id, def->cls->id);
			free(chosen);
			return 2;
		}
		chosen[registry_index(reg, def)] = 1;
		/* The title is data from the scene file: copied as text, never a format. */
		snprintf(title, sizeof title, "attnviz: %s", def->file.title);
	}
	/* Every scene opens with the options before the first byte is written, so a
	 * bad --set or model is a plain error, not half a recording. */
	for (int i = 0; i < reg->n; i++) {
		struct run r;
		if (!chosen[i])
			continue;
		if (app_open_run(a, &r, &reg->defs[i], o, all, err, sizeof err) < 0) {
			err_print(err);
			free(chosen);
			return 2;
		}
		run_close(&r);
	}
	const char *nc = getenv("NO_COLOR"), *codeset = nl_langinfo(CODESET);
	struct cast_opts co = {
		.utf8 = codeset && !strcmp(codeset, "UTF-8"),
		.depth = nc && *nc ? THEME_MONO : THEME_256,
		.theme = o->theme,
		.title = title,
	};
	struct cast *c = cast_new(stdout, &co);
	int status = c ? 0 : 2;
	long ms = 0;
	if (!c)
		err_print("out of memory");
	for (int i = 0; i < reg->n && status == 0; i++) {
		struct run r;
		if (!chosen[i])
			continue;
		if (app_open_run(a, &r, &reg->defs[i], o, all, err, sizeof err) < 0) {
			err_print(err);
			status = 2;
			break;
		}
		if (cast_run(c, reg, &r, w, h, &ms) < 0)
			status = 2;
		run_close(&r);
	}
	/* The last step stays on screen for its dwell: the final event ends the recording. */
	if (status == 0 && cast_finish(c, ms) < 0) {
		err_print("cannot write the recording to stdout");
		status = 2;
	}
	cast_free(c);
	free(chosen);
	return status;
}
