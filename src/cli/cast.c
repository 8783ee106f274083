/*
 * --cast: a scene (or the lesson) played from its first to its last step,
 * composed off-screen as the UI composes it, and written as an asciicast v2
 * recording on stdout (src/cast.h).  No terminal and no clock: each step is
 * held for the time to read what it shows aloud (util/pace.h, the TUI's
 * autoplay pace; a plan's pace scales it), so the same command writes the
 * same bytes.  Each step begins with a marker (an asciicast "m" event)
 * labelled "scene N/step M", so a player can jump and pause step by step.
 * A step whose scene draws a move into it (a clock's hands sweeping) gets
 * its in-between frames first, SCENE_FRAME_MS apart, the marker on the
 * first of them, then its end state and its dwell.  The benchmark measures
 * this machine while it runs and has no steps: it is not part of `all`,
 * and --cast bench is refused.
 */
#include <langinfo.h>
#include <stdlib.h>
#include <string.h>

#include "cast.h"
#include "cli/cli.h"
#include "frame.h"
#include "theme.h"
#include "util/err.h"
#include "util/pace.h"
#include "util/xmalloc.h"

/* The most cells a recording may draw, frames x width x height: about two
 * hundred MB of output (the whole lesson at 80x24 is 0.9 M cells, 1.5
 * MB; tiled at n = 1024 on 1000x1000 would be 8 G).  Counted before the
 * first byte is written, so a recording is whole or refused. */
#define CAST_MAX_CELLS (1LL << 26)

/* 0 when frames of w x h stay within CAST_MAX_CELLS, else -1 with the reason on
 * stderr. */
static int cast_bounded(long long frames, int w, int h)
{
	long long cells = frames * w * h;
	if (cells <= CAST_MAX_CELLS)
		return 0;
	fprintf(stderr,
		"attnviz: --cast: %lld frames of %dx%d are %lld cells, more "
		"than a recording takes (%lld): "
		"a smaller --size, or a setting with fewer steps\n",
		frames, w, h, cells, CAST_MAX_CELLS);
	return -1;
}

/* What part of a run to play and how to label it: a whole scene, or one
 * item of a lesson plan (its steps, its note, "item I/N" in the title). */
struct cast_part {
	int first, last;
	const struct lesson *lesson;   /* NULL for a scene */
	int item;
	double speed;                  /* the reading pace's (util/pace.h) */
};

/* Play one opened run over the part's steps onto the recording, with a
 * marker at the start of every step; *ms is the time of the next frame.
 * folded: the summary pane on one line (the projector theme, as the TUI).
 * A lesson note that fills the narration pane is held on its own first,
 * within the same step.  0, or -1 when out of memory or stdout fails. */
static int cast_run(struct cast *c, const struct registry *reg, struct run *r,
		    const struct cast_part *p, int w, int h, int folded,
		    long *ms)
{
	int pw, ph, sw, sh, rc = 0;
	char err[700], label[600];
	struct summary s;
	frame_pane_sizes(w, h, frame_summary_rows(w, folded, NULL), &pw, &ph,
			 &sw, &sh);
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
	for (int k = p->first; k <= p->last && rc == 0; k++) {
		run_goto(r, k);
		struct frame_info fi = {.reg = reg,
					.run = r,
					.sum = have_sum ? &s : NULL,
					.lesson = p->lesson,
					.lesson_item = p->lesson ? p->item : -1,
					.folded = folded};
		/* the move into step k, as → plays it (none into the first step
		 * of a part: the step before it was not shown) */
		int tweens = k > p->first ? run_tween_frames(r) : 0;
		for (int i = 1; i <= tweens && rc == 0; i++) {
			run_render_tween(r, &v, i);
			frame_compose(screen, &fi, &v);
			lesson_marker(label, sizeof label, r, p->lesson,
				      p->lesson ? p->item : -1);
			if (cast_frame(c, screen, *ms) < 0 ||
			    (i == 1 && cast_marker(c, *ms, label) < 0))
				rc = -1;
			*ms += SCENE_FRAME_MS;
		}
		run_render(r, &v);
		if (p->lesson && k == p->first && p->lesson->items[p->item].note[0]) {
			fi.note = p->lesson->items[p->item].note;
			fi.note_alone = frame_note_alone(w, fi.note, v.narration);
		}
		frame_compose(screen, &fi, &v);
		lesson_marker(label, sizeof label, r, p->lesson, p->lesson ? p->item : -1);
		if (rc == 0 && (cast_frame(c, screen, *ms) < 0 ||
				(!tweens && cast_marker(c, *ms, label) < 0)))
			rc = -1;
		if (fi.note_alone && rc == 0) {
			/* the note read first, then the step's own narration */
			*ms += pace_ms(fi.note, p->speed);
			fi.note = NULL;
			fi.note_alone = 0;
			frame_compose(screen, &fi, &v);
			rc = cast_frame(c, screen, *ms);
		}
		if (rc < 0)
			err_print("cannot write the recording to stdout");
		/* a note shown beside the narration is read with it */
		int words = pace_words(v.narration) +
			    (fi.note ? pace_words(fi.note) : 0);
		*ms += pace_words_ms(words, p->speed);
	}
out:
	summary_free(&s);
	canvas_free(screen);
	canvas_free(v.pic);
	canvas_free(v.side);
	return rc;
}

/* The recording's look: UTF-8 and colours unless the locale or NO_COLOR says not. */
static struct cast_opts cast_look(const struct cli_options *o, const char *title)
{
	const char *nc = getenv("NO_COLOR"), *codeset = nl_langinfo(CODESET);
	struct cast_opts co = {
		.utf8 = codeset && !strcmp(codeset, "UTF-8"),
		.depth = nc && *nc ? THEME_MONO : THEME_256,
		.theme = o->theme,
		.title = title,
	};
	return co;
}

/* The last step stays on screen for its dwell: the final event ends the recording. */
static int cast_end(struct cast *c, int status, long ms)
{
	if (status == 0 && cast_finish(c, ms) < 0) {
		err_print("cannot write the recording to stdout");
		status = 2;
	}
	cast_free(c);
	return status;
}

int cli_cast_lesson(const struct app *a, const struct cli_options *o)
{
	const struct lesson *l = a->lesson;
	char err[700], title[300];
	int w = o->cast_w ? o->cast_w : 80, h = o->cast_h ? o->cast_h : 24;
	/* The plan's title is data: copied as text, never a format. */
	snprintf(title, sizeof title, "attnviz: %s", l->title);
	struct cast_opts co = cast_look(o, title);
	struct cast *c = cast_new(stdout, &co);
	int status = c ? 0 : 2;
	long ms = 0;
	if (!c) {
		err_print("out of memory");
		return 2;
	}
	long long frames = 0;
	for (int i = 0; i < l->n; i++) {
		/* each item's steps, its note on a frame of its own, and the
		 * frames its steps move by (an item that does not open is
		 * reported when it plays) */
		struct run r;
		frames += l->items[i].last - l->items[i].first + 1 +
			  (l->items[i].note[0] != 0);
		if (lesson_open_item(l, i, NULL, &r, err, sizeof err) == 0) {
			frames += run_tween_total(&r, l->items[i].first,
						  l->items[i].last);
			run_close(&r);
		}
	}
	if (cast_bounded(frames, w, h) < 0) {
		cast_free(c);
		return 2;
	}
	for (int i = 0; i < l->n && status == 0; i++) {
		struct run r;
		struct cast_part p = {.first = l->items[i].first,
				      .last = l->items[i].last,
				      .lesson = l,
				      .item = i,
				      .speed = l->pace};
		if (lesson_open_item(l, i, NULL, &r, err, sizeof err) < 0) {
			err_print(err);
			status = 2;
			break;
		}
		/* -m A -m B: the second model beside each item's, as in the terminal */
		if (a->model2 && l->items[i].def->file.model[0] && run_set_model2(&r, a->model2, err, sizeof err) < 0) {
			err_print(err);
			run_close(&r);
			status = 2;
			break;
		}
		if (cast_run(c, &a->reg, &r, &p, w, h,
			     frame_theme_folds(o->theme), &ms) < 0)
			status = 2;
		run_close(&r);
	}
	return cast_end(c, status, ms);
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
	long long frames = 0;
	for (int i = 0; i < reg->n; i++) {
		struct run r;
		if (!chosen[i])
			continue;
		if (app_open_run(a, &r, &reg->defs[i], o, all, err, sizeof err) < 0) {
			err_print(err);
			free(chosen);
			return 2;
		}
		frames += r.nsteps + 1 + run_tween_total(&r, 0, r.nsteps);
		run_close(&r);
	}
	if (cast_bounded(frames, w, h) < 0) {
		free(chosen);
		return 2;
	}
	struct cast_opts co = cast_look(o, title);
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
		struct cast_part p = {.first = 0, .last = r.nsteps, .speed = 1};
		if (cast_run(c, reg, &r, &p, w, h, frame_theme_folds(o->theme),
			     &ms) < 0)
			status = 2;
		run_close(&r);
	}
	free(chosen);
	return c ? cast_end(c, status, ms) : status;
}
