/*
 * --frame: one step of a scene composed as the screen composes it (the
 * summary of the whole run beside it, as the UI and --cast show it) and
 * written once, as plain text (the golden frames' canvas_dump), as SVG
 * (src/svg.c) or as ANSI (src/cast.c's SGR, the terminal's own drawing).
 */
#include <langinfo.h>
#include <stdlib.h>
#include <string.h>

#include "cast.h"
#include "cli/cli.h"
#include "frame.h"
#include "svg.h"
#include "theme.h"
#include "util/err.h"

/* The screen of run r at its current step, composed into screen; folded:
 * the summary pane on one line, as the TUI starts in the projector theme. */
static int compose(const struct registry *reg, struct run *r,
		   struct canvas *screen, int folded)
{
	int pw, ph, sw, sh;
	char err[700];
	struct summary s;
	frame_pane_sizes(screen->w, screen->h,
			 frame_summary_rows(screen->w, folded, NULL), &pw, &ph,
			 &sw, &sh);
	struct view v = {.pic = canvas_new(pw, ph), .side = canvas_new(sw, sh)};
	int rc = v.pic && v.side ? 0 : -1;
	summary_init(&s);
	if (rc == 0) {
		int have_sum = run_summary(r, &s, err, sizeof err) == 0;
		run_render(r, &v);
		struct frame_info fi = {.reg = reg,
					.run = r,
					.sum = have_sum ? &s : NULL,
					.folded = folded};
		frame_compose(screen, &fi, &v);
	}
	summary_free(&s);
	canvas_free(v.pic);
	canvas_free(v.side);
	return rc;
}

int cli_frame(const struct app *a, const struct cli_options *o)
{
	char err[700];
	struct run r;
	const struct scene_def *def = a->scene;
	int w = o->cast_w ? o->cast_w : FRAME_MIN_W, h = o->cast_h ? o->cast_h : FRAME_MIN_H;
	if (scene_measures(def)) {
		fprintf(stderr, "attnviz: --frame: %s measures this machine and has no steps to draw\n", def->cls->id);
		return 2;
	}
	if (app_open_run(a, &r, def, o, 0, err, sizeof err) < 0) {
		err_print(err);
		return 2;
	}
	int step = o->frame_step >= 0 ? o->frame_step : r.nsteps;
	if (step > r.nsteps) {
		fprintf(stderr, "attnviz: --frame %s: --step %d is past the scene's end (steps 0 to %d)\n", def->cls->id,
			step, r.nsteps);
		run_close(&r);
		return 2;
	}
	run_goto(&r, step);
	struct canvas *screen = canvas_new(w, h);
	int rc = screen
		     ? compose(&a->reg, &r, screen, frame_theme_folds(o->theme))
		     : -1;
	if (rc < 0) {
		err_print("out of memory");
	} else if (o->frame_format == FRAME_SVG) {
		char title[300];
		/* data from the scene file and the model: text, never a format */
		snprintf(title, sizeof title, "attnviz: %s, step %d/%d", def->file.title, r.step, r.nsteps);
		rc = svg_write(stdout, screen, o->theme, title);
	} else if (o->frame_format == FRAME_ANSI) {
		const char *nc = getenv("NO_COLOR"), *codeset = nl_langinfo(CODESET);
		struct cast_opts co = {.utf8 = codeset && !strcmp(codeset, "UTF-8"),
				       .depth = nc && *nc ? THEME_MONO : THEME_256, .theme = o->theme};
		rc = cast_write_ansi(stdout, screen, &co);
	} else {
		canvas_dump(screen, stdout);
		rc = fflush(stdout) != 0 || ferror(stdout) ? -1 : 0;
	}
	if (rc < 0 && screen)
		err_print("--frame: cannot write the frame to stdout");
	canvas_free(screen);
	run_close(&r);
	return rc < 0 ? 2 : 0;
}
