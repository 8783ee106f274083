/*
 * ui: the interactive program.  One loop owns keys, mouse, resize, autoplay
 * timing and exit; everything on screen is composed by frame.c and blitted
 * by term.c.  Each scene keeps its own run (step, parameters) while the
 * program runs, so switching back returns to where the class left it.
 */
#define NCURSES_WIDECHAR 1
#include "ui/ui.h"

#include <curses.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cast.h"
#include "escseq.h"
#include "scene/explain.h"
#include "scene/focus.h"
#include "theme.h"
#include "frame.h"
#include "ui/keys.h"
#include "ui/term.h"
#include "util/err.h"
#include "util/pace.h"
#include "util/xmalloc.h"

/* + and - change the reading pace's speed (util/pace.h) by this factor. */
#define SPEED_STEP 1.25
/* A first digit that may begin a two-digit scene number waits this long for
 * the second (Enter jumps at once). */
#define JUMP_WAIT_MS 1500

struct ui {
	const struct registry *reg;   /* the app's */
	struct run *runs;          /* [reg.n], opened on first visit */
	int *opened;               /* [reg.n] */
	struct summary *sums;      /* [reg.n] */
	int *sum_stale;            /* [reg.n] */
	int cur;
	struct model user_model;
	int have_user_model;
	struct model user_model2;  /* the second model (-m twice, picker M), beside the first */
	int have_user_model2;
	int autoplay;
	double speed;              /* the reading pace's (util/pace.h) */
	char message[600];
	int msg_err;
	enum overlay overlay;
	struct picker picker;
	int picker_typing;         /* typing a path in the picker */
	char edit[256];
	size_t edit_cur;           /* the cursor: a byte offset into edit, at a character's start */
	int scene_sel;
	int jump;                  /* a first digit typed, waiting for a second (0: none) */
	int step_typing;           /* ':' typed: step_num is the step number so far */
	char step_num[12];
	struct canvas *screen;
	struct view view;
	int unattended;            /* --frames or --keys: autoplay wraps across scenes */
	int keys_mode;             /* --keys: input from a file */
	int drawn_busy;            /* the last frame showed a scene still measuring */
	char *explain;             /* the w pane's text (heap), NULL when closed */
	int explain_top;           /* its first row shown */
	int help_top;              /* the help overlay's first row shown */
	long frames;
	FILE *rec_file;            /* --record: opened before the screen starts */
	struct cast *rec;          /* and the recording of every frame drawn */
	int theme;                 /* enum theme_id: --set theme=, the t key */
	int folded;                /* the presenter's screen (p; the projector theme): the
				    * summary pane on one line, for every scene alike */
	const struct lesson *lesson;   /* --lesson FILE (the app's), or NULL */
	int item;                  /* the plan's item on screen; -1 when the scene shown is off the plan */
	int note_seen;             /* → was pressed on a note shown alone: the narration is shown */
	int drawn_note_alone;      /* the last frame showed the item's note alone */
	int drawn_note;            /* it showed the note, alone or not */
	int lesson_sel;            /* the L overlay's highlighted item */
	int rec_scene, rec_step;   /* the step the recording last marked (-1: none yet) */
	/* A step forward under way: in-between frame tween of the scene's
	 * tween_n (0: none), one every SCENE_FRAME_MS, then the step's end
	 * state and, under autoplay, its dwell.  Any key lands on the end. */
	int tween, tween_n;
};

static void say(struct ui *u, int is_err, const char *msg)
{
	size_t n = strlen(msg);
	if (n >= sizeof u->message)
		n = sizeof u->message - 1;
	memcpy(u->message, msg, n);
	u->message[n] = 0;
	u->msg_err = is_err;
}

/* Open scene i if needed; 0 or -1 (message set). */
static int open_scene(struct ui *u, int i)
{
	char err[700];
	if (u->opened[i])
		return 0;
	if (run_open(&u->runs[i], &u->reg->defs[i], u->have_user_model ? &u->user_model : NULL, err, sizeof err) < 0) {
		say(u, 1, err);
		return -1;
	}
	if (u->have_user_model2 && u->reg->defs[i].file.model[0] &&
	    run_set_model2(&u->runs[i], &u->user_model2, err, sizeof err) < 0)
		say(u, 1, err);   /* the scene stays open with its one model */
	u->opened[i] = 1;
	u->sum_stale[i] = 1;
	return 0;
}

static struct run *cur(struct ui *u)
{
	return &u->runs[u->cur];
}

/* One step forward, its move played first when the scene draws one.  Not
 * under --keys or --frames: a key file's next key would cut every move
 * short, and counted frames stay one a step. */
static void step_forward(struct ui *u, struct run *r)
{
	int was = r->step;
	run_goto(r, r->step + 1);
	int moved = r->step == was + 1 && !u->unattended;
	u->tween_n = moved ? run_tween_frames(r) : 0;
	u->tween = u->tween_n > 0;
}

static void go_scene(struct ui *u, int i)
{
	i = (i % u->reg->n + u->reg->n) % u->reg->n;
	/* A benchmark left behind would take the CPU from the scene on screen. */
	if (i != u->cur && run_busy(cur(u)))
		run_cancel(cur(u));
	if (open_scene(u, i) == 0) {
		if (i != u->cur)
			u->item = -1;   /* off the plan until L or the plan's keys bring it back */
		u->cur = i;
		u->view.scroll = 0;
		if (!u->unattended)
			u->autoplay = 0;
	}
}

/* Go to item i of the plan, at its first step (or its last, coming back
 * with ←).  Its scene's run is opened afresh with the item's set; when that
 * fails the run on screen stays as it was. */
static void lesson_enter(struct ui *u, int i, int at_last)
{
	char err[700];
	struct run r;
	const struct lesson_item *it = &u->lesson->items[i];
	int idx = registry_index(u->reg, it->def);
	/* the model picked in the picker, if any, else the plan's */
	if (lesson_open_item(u->lesson, i, u->have_user_model ? &u->user_model : NULL, &r, err, sizeof err) < 0) {
		say(u, 1, err);
		return;
	}
	if (idx != u->cur && run_busy(cur(u)))
		run_cancel(cur(u));
	if (u->opened[idx])
		run_close(&u->runs[idx]);
	if (u->have_user_model2 && it->def->file.model[0] && run_set_model2(&r, &u->user_model2, err, sizeof err) < 0)
		say(u, 1, err);
	u->runs[idx] = r;
	u->opened[idx] = 1;
	u->sum_stale[idx] = 1;
	u->cur = idx;
	u->item = i;
	u->note_seen = 0;
	u->view.scroll = 0;
	if (at_last)
		run_goto(cur(u), it->last);
}

/* The item's last step: until, or the scene's end when an edit shortened it. */
static int item_last(struct ui *u)
{
	int last = u->lesson->items[u->item].last;
	return last < cur(u)->nsteps ? last : cur(u)->nsteps;
}

/* The scene on screen is the plan's current item (Tab leaves it). */
static int in_item(struct ui *u)
{
	return u->lesson && u->item >= 0 &&
	       u->lesson->items[u->item].def == cur(u)->def;
}

/* → in a lesson: the note's narration, the next step, or the next item.
 * Returns 0 when the plan is not playing (the scene's own → then applies). */
static int lesson_next(struct ui *u)
{
	if (!u->lesson || u->item < 0)
		return 0;
	struct run *r = cur(u);
	if (u->drawn_note_alone && !u->note_seen)
		u->note_seen = 1;
	else if (r->step < item_last(u))
		step_forward(u, r);
	else if (u->item + 1 < u->lesson->n)
		lesson_enter(u, u->item + 1, 0);
	else {
		say(u, 0, "end of the lesson — L lists its items");
		return 2;
	}
	return 1;
}

/* ← in a lesson: the step before, or the previous item's last step. */
static int lesson_prev(struct ui *u)
{
	if (!u->lesson || u->item < 0)
		return 0;
	struct run *r = cur(u);
	if (r->step > u->lesson->items[u->item].first)
		run_goto(r, r->step - 1);
	else if (u->item > 0)
		lesson_enter(u, u->item - 1, 1);
	else
		say(u, 0, "the lesson's first step");
	return 1;
}

static void refresh_summary(struct ui *u)
{
	char err[700];
	if (scene_measures(cur(u)->def)) {
		/* A measuring scene: its numbers grow while it runs, so take them as they are. */
		summary_free(&u->sums[u->cur]);
		run_summary_now(cur(u), &u->sums[u->cur]);
		return;
	}
	if (!u->sum_stale[u->cur])
		return;
	summary_free(&u->sums[u->cur]);
	if (run_summary(cur(u), &u->sums[u->cur], err, sizeof err) < 0)
		say(u, 1, err);
	u->sum_stale[u->cur] = 0;
}

/* Give every opened model-driven scene m through set (the first or the
 * second model); 1 when the scene on screen refused it (said on screen). */
static int set_on_opened(struct ui *u, int (*set)(struct run *, const struct model *, char *, size_t),
			 const struct model *m)
{
	char err[700], msg[800];
	int failed = 0;
	for (int i = 0; i < u->reg->n; i++) {
		if (!u->opened[i] || !u->reg->defs[i].file.model[0])
			continue;
		if (set(&u->runs[i], m, err, sizeof err) < 0) {
			if (i == u->cur) {
				snprintf(msg, sizeof msg, "%s: %s", u->reg->defs[i].cls->id, err);
				say(u, 1, msg);
				failed = 1;
			}
			continue;
		}
		u->sum_stale[i] = 1;
	}
	return failed;
}

static void apply_model(struct ui *u, const struct model *m)
{
	char msg[800];
	int failed = set_on_opened(u, run_set_model, m);
	if (m) {
		u->user_model = *m;
		u->have_user_model = 1;
	} else {
		u->have_user_model = 0;
	}
	if (!failed) {
		snprintf(msg, sizeof msg, "model: %s", m ? m->name : "each scene's lesson model");
		say(u, 0, msg);
	}
}

/* Show m beside the first model on every scene that compares two (NULL:
 * drop the second); a scene that takes one model notes it is not shown. */
static void apply_model2(struct ui *u, const struct model *m)
{
	char msg[800];
	int failed = set_on_opened(u, run_set_model2, m);
	u->have_user_model2 = m != NULL;
	if (m)
		u->user_model2 = *m;
	snprintf(u->picker.second, sizeof u->picker.second, "%s", m ? m->name : "");
	if (!failed) {
		char two[300];
		registry_two_models(u->reg, two, sizeof two);
		if (m)
			snprintf(msg, sizeof msg, "second model: %s, beside the first on %s (D in the picker drops it)",
				 m->name, two);
		else
			snprintf(msg, sizeof msg, "second model dropped: one model on every scene");
		say(u, 0, msg);
	}
}

static void picker_preview(struct ui *u)
{
	struct picker *p = &u->picker;
	p->preview_err[0] = 0;   /* model_load writes it only when the file fails */
	if (p->n > 0)
		model_load(&p->preview, p->entries[p->sel].path, p->preview_err, sizeof p->preview_err);
}

/* for_second: Enter loads the highlighted model as the second (M). */
static void picker_open(struct ui *u, int for_second)
{
	struct picker *p = &u->picker;
	p->for_second = for_second;
	p->n = model_list(p->entries, MODEL_LIST_MAX);
	p->sel = 0;
	const char *want = u->have_user_model ? u->user_model.id : cur(u)->have_model ? cur(u)->model.id : "";
	for (int i = 0; i < p->n; i++)
		if (!strcmp(p->entries[i].id, want))
			p->sel = i;
	u->picker_typing = 0;
	u->edit[0] = 0;
	picker_preview(u);
	u->overlay = OVERLAY_PICKER;
}

/* Load a model file chosen in the picker, as the model or (second) as the
 * second beside it; a bad one leaves everything as it was. */
static void picker_load(struct ui *u, const char *path, int second)
{
	struct model *m = xmalloc(sizeof *m);
	char err[700];
	if (model_find_load(m, path, err, sizeof err) < 0) {
		say(u, 1, err);
	} else {
		if (second)
			apply_model2(u, m);
		else
			apply_model(u, m);
		if (m->warning[0] && !u->msg_err)
			say(u, 0, m->warning);
		u->overlay = OVERLAY_NONE;
	}
	free(m);
}

/* Text input shared by the editor and the picker's path prompt: typing
 * inserts at the cursor, ← → Home End move it, Backspace and Delete drop a
 * character, Ctrl-U clears the line.  Returns 1 on Enter. */
static int line_input(struct ui *u, int key, int fkey)
{
	size_t n = strlen(u->edit), c = u->edit_cur > n ? n : u->edit_cur;
	if (!fkey && (key == '\r' || key == '\n'))
		return 1;
	if ((fkey && key == KEY_BACKSPACE) || (!fkey && (key == 127 || key == 8))) {
		/* drop the whole UTF-8 character before the cursor */
		size_t b = c;
		while (b > 0 && ((unsigned char)u->edit[b - 1] & 0xc0) == 0x80)
			b--;
		if (b > 0)
			b--;
		memmove(u->edit + b, u->edit + c, n - c + 1);
		c = b;
	} else if (fkey && key == KEY_DC) {
		size_t e = c < n ? c + 1 : c;
		while (e < n && ((unsigned char)u->edit[e] & 0xc0) == 0x80)
			e++;
		memmove(u->edit + c, u->edit + e, n - e + 1);
	} else if (fkey && key == KEY_LEFT) {
		while (c > 0 && ((unsigned char)u->edit[--c] & 0xc0) == 0x80)
			;
	} else if (fkey && key == KEY_RIGHT) {
		if (c < n)
			c++;
		while (c < n && ((unsigned char)u->edit[c] & 0xc0) == 0x80)
			c++;
	} else if (fkey && key == KEY_HOME) {
		c = 0;
	} else if (fkey && key == KEY_END) {
		c = n;
	} else if (!fkey && key == 21) {   /* Ctrl-U */
		u->edit[0] = 0;
		c = 0;
	} else if (!fkey && key >= 0x20 && key != 0x7f && n + 5 < sizeof u->edit) {
		char b[4];
		size_t len = (size_t)utf8_encode((uint32_t)key, b);
		memmove(u->edit + c + len, u->edit + c, n - c + 1);
		memcpy(u->edit + c, b, len);
		c += len;
	}
	u->edit_cur = c;
	return 0;
}

/* The editor's line to begin with: KEY=VALUE of each parameter set away
 * from the scene file's default, so Enter alone keeps them. */
static void edit_prefill(struct ui *u)
{
	const struct params *p = &cur(u)->params;
	size_t o = 0;
	u->edit[0] = 0;
	for (int i = 0; i < p->n; i++) {
		if (p->val[i].is_default)
			continue;
		int len = snprintf(u->edit + o, sizeof u->edit - o, "%s%s=%s", o ? " " : "", p->specs[i].name,
				   p->val[i].text);
		if (len < 0 || (size_t)len >= sizeof u->edit - o) {
			u->edit[o] = 0;   /* the rest would not fit: left out whole */
			break;
		}
		o += (size_t)len;
	}
	u->edit_cur = strlen(u->edit);
}

/* The text of the step before the one on screen (focus.h reads what it
 * printed, to tell what this step changed), or NULL at the first step.
 * Rendered off-screen: the run goes back a step and returns. */
static char *text_before(struct ui *u)
{
	struct run *r = cur(u);
	int step = r->step;
	if (step == 0 || !u->view.pic || !u->view.side)
		return NULL;
	struct view v = {.pic = canvas_new(u->view.pic->w, u->view.pic->h),
			 .side = canvas_new(u->view.side->w, u->view.side->h)};
	char *t = NULL;
	if (v.pic && v.side) {
		run_goto(r, step - 1);
		run_render(r, &v);
		t = focus_view_text(&v);
		run_goto(r, step);
	}
	canvas_free(v.pic);
	canvas_free(v.side);
	return t;
}

/* Scroll the w pane to the summary number the step on screen shows or
 * changes (focus.h has the rule), its heading on the pane's first row. */
static void explain_focus(struct ui *u)
{
	const struct summary *sum = &u->sums[u->cur];
	if (!u->explain || scene_measures(cur(u)->def) || !u->view.side)
		return;
	char *now = focus_view_text(&u->view), *before = text_before(u);
	int i = now ? focus_item(sum, now, before) : -1;
	free(now);
	free(before);
	long off =
	    i >= 0 ? focus_explain_offset(u->explain, sum->items[i].key) : -1;
	char *head = off >= 0 ? strndup(u->explain, (size_t)off) : NULL;
	if (!head)
		return;
	int w, h;
	term_size(&w, &h);
	int top = frame_explain_rows(w, head),
	    max = frame_explain_rows(w, u->explain) - frame_explain_page(h);
	free(head);
	u->explain_top = top < max ? top : max > 0 ? max : 0;
	char msg[200];
	snprintf(msg, sizeof msg,
		 "explain: at %s, which this step shows (g goes to the top)",
		 sum->items[i].key);
	say(u, 0, msg);
}

/* Open the w pane: the --explain text of the current scene, from its
 * summary, at the number the step on screen is about. */
static void explain_open(struct ui *u)
{
	refresh_summary(u);
	free(u->explain);
	u->explain = explain_text(cur(u), &u->sums[u->cur]);
	u->explain_top = 0;
	u->overlay = OVERLAY_EXPLAIN;
	explain_focus(u);
}

/* A scroll key's new first row, clamped to 0..max: up/down (k, j), a page
 * (b, space), first and last (Home g, End G).  -1 for a key that scrolls not. */
static int scroll_to(int key, int fkey, int top, int page, int max)
{
	if ((fkey && key == KEY_UP) || (!fkey && key == 'k'))
		top--;
	else if ((fkey && key == KEY_DOWN) || (!fkey && key == 'j'))
		top++;
	else if ((fkey && key == KEY_PPAGE) || (!fkey && key == 'b'))
		top -= page;
	else if ((fkey && key == KEY_NPAGE) || (!fkey && key == ' '))
		top += page;
	else if ((fkey && key == KEY_HOME) || (!fkey && key == 'g'))
		top = 0;
	else if ((fkey && key == KEY_END) || (!fkey && key == 'G'))
		top = max;
	else
		return -1;
	return top > max ? (max > 0 ? max : 0) : top < 0 ? 0 : top;
}

/* Scroll keys of the w pane; w, q (and Esc, handled before) close it. */
static void explain_key(struct ui *u, int key, int fkey)
{
	int w, h, page;
	term_size(&w, &h);
	page = frame_explain_page(h);
	int max = u->explain ? frame_explain_rows(w, u->explain) - page : 0, top = u->explain_top;
	if (!fkey && (key == '\r' || key == '\n'))
		key = 'j';   /* Enter reads on, a line at a time */
	if (!fkey && (key == 'w' || key == 'q')) {
		free(u->explain);
		u->explain = NULL;
		u->overlay = OVERLAY_NONE;
		return;
	}
	if ((top = scroll_to(key, fkey, top, page, max)) >= 0)
		u->explain_top = top;
}

static int key_digit(struct ui *u, int key, int fkey);

/* Scroll keys of the help overlay; any other key closes it. */
static void help_key(struct ui *u, int key, int fkey)
{
	int w, h;
	term_size(&w, &h);
	int max = frame_help_max_top(w, h), page = h - 5 > 1 ? h - 5 : 1, top = u->help_top;
	if ((top = scroll_to(key, fkey, top, page, max)) < 0) {
		u->overlay = OVERLAY_NONE;
		return;
	}
	u->help_top = top;
}

static void key_overlay(struct ui *u, int key, int fkey)
{
	char err[700];
	u->message[0] = 0;   /* an error shown in the overlay lasts until the next key */
	if (!fkey && key == 27) {
		u->overlay = OVERLAY_NONE;
		free(u->explain);
		u->explain = NULL;
		return;
	}
	switch (u->overlay) {
	case OVERLAY_EXPLAIN:
		explain_key(u, key, fkey);
		break;
	case OVERLAY_HELP:
		help_key(u, key, fkey);
		break;
	case OVERLAY_EDIT:
		if (line_input(u, key, fkey)) {
			if (!u->edit[0]) {
				u->overlay = OVERLAY_NONE;
			} else if (run_set_line(cur(u), u->edit, err, sizeof err) < 0) {
				say(u, 1, err);
			} else {
				say(u, 0, "parameters applied");
				u->sum_stale[u->cur] = 1;
				u->view.scroll = 0;
				u->edit[0] = 0;
				u->edit_cur = 0;
				u->overlay = OVERLAY_NONE;
			}
		}
		break;
	case OVERLAY_PICKER:
		if (u->picker_typing) {
			if (line_input(u, key, fkey) && u->edit[0])
				picker_load(u, u->edit, u->picker.for_second);
		} else if ((fkey && key == KEY_UP) || (!fkey && key == 'k')) {
			if (u->picker.sel > 0)
				u->picker.sel--, picker_preview(u);
		} else if ((fkey && key == KEY_DOWN) || (!fkey && key == 'j')) {
			if (u->picker.sel + 1 < u->picker.n)
				u->picker.sel++, picker_preview(u);
		} else if (fkey && (key == KEY_HOME || key == KEY_END || key == KEY_PPAGE || key == KEY_NPAGE)) {
			int sel = key == KEY_HOME ? 0 : key == KEY_END ? u->picker.n - 1
				  : u->picker.sel + (key == KEY_PPAGE ? -10 : 10);
			sel = sel >= u->picker.n ? u->picker.n - 1 : sel;
			u->picker.sel = sel < 0 ? 0 : sel;
			picker_preview(u);
		} else if (!fkey && (key == '\r' || key == '\n') && u->picker.n > 0) {
			picker_load(u, u->picker.entries[u->picker.sel].path, u->picker.for_second);
		} else if (!fkey && key == 'M' && u->picker.n > 0) {
			picker_load(u, u->picker.entries[u->picker.sel].path, 1);
		} else if (!fkey && key == 'D') {
			apply_model2(u, NULL);
			u->overlay = OVERLAY_NONE;
		} else if (!fkey && key == 'd') {
			apply_model(u, NULL);
			u->overlay = OVERLAY_NONE;
		} else if (!fkey && key == '/') {
			u->picker_typing = 1;
			u->edit[0] = 0;
			u->edit_cur = 0;
			say(u, 0, "type a model file's path, Enter to load");
		} else if (!fkey && key == 'q') {
			u->overlay = OVERLAY_NONE;
		}
		break;
	case OVERLAY_SCENES:
		if ((fkey && key == KEY_UP) || (!fkey && key == 'k'))
			u->scene_sel = u->scene_sel > 0 ? u->scene_sel - 1 : 0;
		else if ((fkey && key == KEY_DOWN) || (!fkey && key == 'j'))
			u->scene_sel = u->scene_sel + 1 < u->reg->n ? u->scene_sel + 1 : u->scene_sel;
		else if (!fkey && (key == '\r' || key == '\n')) {
			go_scene(u, u->scene_sel);
			u->overlay = OVERLAY_NONE;
		} else if (!fkey && (key == 'q' || key == 's')) {
			u->overlay = OVERLAY_NONE;
		} else if (!fkey && key >= '1' && key <= '9') {
			u->overlay = OVERLAY_NONE;   /* a number jumps, as outside the list */
			key_digit(u, key, fkey);
		}
		break;
	case OVERLAY_LESSON:
		if ((fkey && key == KEY_UP) || (!fkey && key == 'k'))
			u->lesson_sel = u->lesson_sel > 0 ? u->lesson_sel - 1 : 0;
		else if ((fkey && key == KEY_DOWN) || (!fkey && key == 'j'))
			u->lesson_sel = u->lesson_sel + 1 < u->lesson->n ? u->lesson_sel + 1 : u->lesson_sel;
		else if (!fkey && (key == '\r' || key == '\n')) {
			u->overlay = OVERLAY_NONE;
			lesson_enter(u, u->lesson_sel, 0);
		} else if (!fkey && (key == 'q' || key == 'L'))
			u->overlay = OVERLAY_NONE;
		break;
	case OVERLAY_NONE:
		break;
	}
}

static void step_autoplay(struct ui *u)
{
	struct run *r = cur(u);
	int in_plan = lesson_next(u);
	if (in_plan == 2 && u->unattended) {
		lesson_enter(u, 0, 0);   /* an unattended run plays the plan again */
	} else if (in_plan == 2) {
		u->autoplay = 0;
	} else if (in_plan) {
		return;
	} else if (r->step < r->nsteps) {
		step_forward(u, r);
	} else if (u->unattended) {
		go_scene(u, u->cur + 1);
		run_goto(cur(u), 0);
	} else {
		u->autoplay = 0;
		say(u, 0, "autoplay: last step reached");
	}
}

/* How long autoplay stays on the step on screen: the time to read aloud
 * what the narration pane shows (a lesson's note alone, or beside the
 * step's narration), as --cast holds it. */
static long dwell_ms(const struct ui *u)
{
	int words = u->drawn_note_alone ? 0 : pace_words(u->view.narration);
	if (u->drawn_note)
		words += pace_words(u->lesson->items[u->item].note);
	return pace_words_ms(words, u->speed);
}

/* Jump to scene number n (1-based); a number without a scene says so. */
static void jump_to(struct ui *u, int n)
{
	char msg[80];
	u->jump = 0;
	say(u, 0, "");   /* the compose window is closed: its "second digit" prompt goes too */
	if (n >= 1 && n <= u->reg->n) {
		go_scene(u, n - 1);
		return;
	}
	snprintf(msg, sizeof msg, "no scene %d (1 to %d; s lists them)", n, u->reg->n);
	say(u, 1, msg);
}

/* A digit outside overlays: jump at once when no longer number begins with
 * it, else wait for a second digit.  Returns 1 when the key was taken. */
static int key_digit(struct ui *u, int key, int fkey)
{
	char msg[120];
	if (u->jump) {
		if (!fkey && key >= '0' && key <= '9') {
			jump_to(u, u->jump * 10 + key - '0');
			return 1;
		}
		int first = u->jump;
		jump_to(u, first);
		return !fkey && (key == '\r' || key == '\n');   /* Enter only confirms */
	}
	if (fkey || key < '1' || key > '9')
		return 0;
	int d = key - '0';
	if (d * 10 > u->reg->n) {
		jump_to(u, d);
		return 1;
	}
	u->jump = d;
	snprintf(msg, sizeof msg, "scene %d… (a second digit for %d0–%d, Enter for %d)", d, d,
		 d * 10 + 9 < u->reg->n ? d * 10 + 9 : u->reg->n, d);
	say(u, 0, msg);
	return 1;
}

/* Keys after ':': digits, Backspace, Enter goes to the step, Esc cancels. */
static void step_key(struct ui *u, int key, int fkey)
{
	size_t n = strlen(u->step_num);
	struct run *r = cur(u);
	char msg[120];
	u->message[0] = 0;
	if (!fkey && key == 27) {
		u->step_typing = 0;
	} else if ((fkey && key == KEY_BACKSPACE) || (!fkey && (key == 127 || key == 8))) {
		if (n > 0)
			u->step_num[n - 1] = 0;
	} else if (!fkey && key >= '0' && key <= '9') {
		if (n + 1 < sizeof u->step_num) {
			u->step_num[n] = (char)key;
			u->step_num[n + 1] = 0;
		}
	} else if (!fkey && (key == '\r' || key == '\n')) {
		u->step_typing = 0;
		long step = n ? strtol(u->step_num, NULL, 10) : -1;
		if (step < 0 || step > r->nsteps) {
			snprintf(msg, sizeof msg, "no step %s in this scene (0 to %d)", n ? u->step_num : "typed", r->nsteps);
			say(u, 1, msg);
		} else {
			run_goto(r, (int)step);
		}
	} else if (!fkey && key >= 0x20) {
		snprintf(msg, sizeof msg, "a step is a number (0 to %d); Esc cancels", r->nsteps);
		say(u, 1, msg);
	}
}

/* Returns 1 to quit. */
static int key_main(struct ui *u, int key, int fkey)
{
	struct run *r = cur(u);
	char msg[80];
	u->message[0] = 0;
	if (key_digit(u, key, fkey))
		return 0;
	r = cur(u);
	enum action a = keys_action(key, fkey);
	switch (a) {
	case ACT_NEXT:
		if (lesson_next(u))
			break;
		if (scene_measures(r->def)) {
			/* A measuring scene has no steps: Enter (or →) begins the
			 * measuring it waits for; begun, it says what the keys do. */
			char err[700];
			if (r->st_begun)
				say(u, 0, run_busy(r) ? "measuring — x cancels, Tab for the next scene"
						      : "r measures again, Tab for the next scene");
			else if (run_start(r, err, sizeof err) < 0)
				say(u, 1, err);
		} else if (r->step >= r->nsteps) {
			say(u, 0, "last step — Tab for the next scene");
			break;
		}
		step_forward(u, r);
		break;
	case ACT_PREV:
		if (!lesson_prev(u))
			run_goto(r, r->step - 1);
		break;
	/* in a plan, the item's steps: its step and until */
	case ACT_FIRST:
		run_goto(r, in_item(u) ? u->lesson->items[u->item].first : 0);
		break;
	case ACT_LAST:
		run_goto(r, in_item(u) ? item_last(u) : r->nsteps);
		break;
	case ACT_NEXT_SCENE: go_scene(u, u->cur + 1); break;
	case ACT_PREV_SCENE: go_scene(u, u->cur - 1); break;
	case ACT_JUMP: break;   /* digits: key_digit */
	case ACT_GOTO_STEP:
		if (scene_measures(r->def)) {
			say(u, 0, "the benchmark has no steps: r or Enter measures");
			break;
		}
		u->step_typing = 1;
		u->step_num[0] = 0;
		break;
	case ACT_AUTOPLAY:
		if (scene_measures(r->def)) {   /* no steps to play */
			say(u, 0, "the benchmark has no steps to play: r or Enter measures");
			break;
		}
		u->autoplay = !u->autoplay;
		if (u->autoplay && r->step >= r->nsteps)
			run_goto(r, 0);
		break;
	case ACT_FASTER:
	case ACT_SLOWER:
		u->speed = pace_clamp(a == ACT_FASTER ? u->speed * SPEED_STEP
						      : u->speed / SPEED_STEP);
		snprintf(msg, sizeof msg,
			 "autoplay: %.0f words a minute (pace %.2f), "
			 "at least %.1f s a step",
			 PACE_WORDS_PER_MINUTE * u->speed, u->speed,
			 PACE_FLOOR_MS / 1000.0 / u->speed);
		say(u, 0, msg);
		break;
	case ACT_RESET:
		u->view.scroll = 0;
		if (scene_measures(r->def)) {
			/* A measuring scene has no steps: r measures (again). */
			char err[700];
			if (run_restart(r, err, sizeof err) < 0 || run_start(r, err, sizeof err) < 0)
				say(u, 1, err);
		} else {
			run_goto(r, 0);
		}
		break;
	case ACT_RESET_PARAMS: {
		char err[700];
		if (params_at_default(&r->params)) {
			say(u, 0, "parameters are the scene file's defaults already");
		} else if (run_reset_params(r, err, sizeof err) < 0) {
			say(u, 1, err);
		} else {
			u->sum_stale[u->cur] = 1;
			u->view.scroll = 0;
			say(u, 0, "parameters back to the scene file's defaults");
		}
		break;
	}
	case ACT_MODEL:
	case ACT_MODEL2:
		if (!r->def->file.model[0])
			say(u, 0, "this scene uses no model; the picker sets the model for the scenes that do");
		picker_open(u, a == ACT_MODEL2);
		break;
	case ACT_EDIT:
		edit_prefill(u);
		u->overlay = OVERLAY_EDIT;
		break;
	case ACT_HELP:
		u->help_top = 0;
		u->overlay = OVERLAY_HELP;
		break;
	case ACT_EXPLAIN: explain_open(u); break;
	case ACT_THEME:
		u->theme = (u->theme + 1) % THEME_COUNT;
		term_set_theme(u->theme);
		if (u->rec)
			cast_set_theme(u->rec, u->theme);
		/* each theme brings its own summary pane: folded on the projector */
		u->folded = frame_theme_folds(u->theme);
		snprintf(msg, sizeof msg, "theme: %s (t switches)%s",
			 theme_name(u->theme),
			 u->folded ? ", the summary folded: p shows it" : "");
		say(u, 0, msg);
		break;
	case ACT_FOLD:
		u->folded = !u->folded;
		say(u, 0,
		    u->folded ? "summary folded to one line: p shows it again, "
				"w explains each number"
			      : "summary shown: p folds it to one line");
		break;
	case ACT_SCENES:
		u->scene_sel = u->cur;
		u->overlay = OVERLAY_SCENES;
		break;
	case ACT_SCROLL_BACK:
		/* Only the benchmark's results scroll (the scene clamps the
		 * count when it draws); elsewhere the keys do nothing. */
		if (scene_measures(r->def))
			u->view.scroll++;
		break;
	case ACT_SCROLL_ON:
		if (scene_measures(r->def) && u->view.scroll > 0)
			u->view.scroll--;
		break;
	case ACT_CANCEL:
		if (run_busy(r)) {
			run_cancel(r);
			say(u, 0, "cancelled: the case under way finishes, no new one starts");
		} else if (scene_measures(r->def)) {
			say(u, 0, "nothing is measuring: r or Enter starts the benchmark");
		}
		break;
	case ACT_LESSON:
		if (!u->lesson) {
			say(u, 0, "no lesson plan: start with attnviz --lesson FILE");
			break;
		}
		u->lesson_sel = u->item >= 0 ? u->item : 0;
		u->overlay = OVERLAY_LESSON;
		break;
	case ACT_QUIT: return 1;
	case ACT_NONE: break;
	}
	return 0;
}

static void key_mouse(struct ui *u)
{
	MEVENT ev;
	if (getmouse(&ev) != OK)
		return;
	struct frame_info fi = {.reg = u->reg, .scene_sel = u->scene_sel};
	if (ev.bstate & BUTTON4_PRESSED)
		run_goto(cur(u), cur(u)->step - 1);
	else if (ev.bstate & BUTTON5_PRESSED)
		run_goto(cur(u), cur(u)->step + 1);
	else if (ev.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED)) {
		if (u->overlay == OVERLAY_SCENES) {
			int i = frame_scene_at(u->screen, &fi, ev.x, ev.y);
			if (i >= 0)
				go_scene(u, i);
			u->overlay = OVERLAY_NONE;
		} else if (u->overlay == OVERLAY_NONE && ev.y == 0) {
			u->scene_sel = u->cur;
			u->overlay = OVERLAY_SCENES;
		}
	}
}

/* Make the canvases match the terminal and the summary pane's rows (folded
 * or not); 0 or -1 when out of memory. */
static int fit_canvases(struct ui *u, int w, int h, int summary_rows)
{
	int pw, ph, sw, sh;
	frame_pane_sizes(w, h, summary_rows, &pw, &ph, &sw, &sh);
	if (u->screen && u->screen->w == w && u->screen->h == h &&
	    u->view.pic && u->view.pic->h == ph)
		return 0;
	canvas_free(u->screen);
	canvas_free(u->view.pic);
	canvas_free(u->view.side);
	u->screen = canvas_new(w, h);
	u->view.pic = canvas_new(pw, ph);
	u->view.side = canvas_new(sw, sh);
	return u->screen && u->view.pic && u->view.side ? 0 : -1;
}

static void draw(struct ui *u)
{
	int w, h;
	term_size(&w, &h);
	if (w < 1 || h < 1 ||
	    fit_canvases(u, w, h,
			 frame_summary_rows(w, u->folded, u->message)) < 0)
		return;
	refresh_summary(u);
	run_render_tween(cur(u), &u->view, u->tween);
	struct frame_info fi = {
		.reg = u->reg,
		.run = cur(u),
		.sum = &u->sums[u->cur],
		.autoplay = u->autoplay,
		.folded = u->folded,
		.message = u->message,
		.message_is_error = u->msg_err,
		.overlay = u->overlay,
		.picker = &u->picker,
		.edit_line = u->edit,
		.edit_cursor = u->edit_cur,
		.picker_typing = u->picker_typing,
		.scene_sel = u->scene_sel,
		.busy = run_busy(cur(u)),
		.explain = u->explain,
		.explain_top = u->explain_top,
		.help_top = u->help_top,
		.step_prompt = u->step_typing ? u->step_num : NULL,
		.lesson = u->lesson,
		.lesson_item = u->item,
		.lesson_sel = u->lesson_sel,
	};
	if (u->lesson && u->item >= 0 && cur(u)->step == u->lesson->items[u->item].first && !u->note_seen &&
	    u->lesson->items[u->item].note[0]) {
		fi.note = u->lesson->items[u->item].note;
		fi.note_alone = frame_note_alone(w, fi.note, u->view.narration);
	}
	u->drawn_note_alone = fi.note_alone;
	u->drawn_note = fi.note != NULL;
	u->drawn_busy = fi.busy;
	frame_compose(u->screen, &fi, &u->view);
	term_blit(u->screen);
	if (u->rec) {
		cast_frame(u->rec, u->screen, CAST_NOW);   /* a write error is reported at exit */
		if (u->cur != u->rec_scene || cur(u)->step != u->rec_step) {
			/* a marker for each step the class was shown */
			char label[600];
			lesson_marker(label, sizeof label, cur(u), u->lesson, u->item);
			cast_marker(u->rec, CAST_NOW, label);
			u->rec_scene = u->cur;
			u->rec_step = cur(u)->step;
		}
	}
}

/* After an ESC: the rest of a sequence the terminfo entry did not name
 * (escseq.h), read from what already came with it.  Gives the key it means
 * (*key, *fkey as curses would have), 1 for a wheel turn taken here, 2 for
 * a sequence swallowed, 0 for a plain ESC (what follows it is left). */
static int escape_rest(struct ui *u, int *key, int *fkey)
{
	static const int curses_key[] = {
		[ESC_HOME] = KEY_HOME, [ESC_END] = KEY_END, [ESC_PGUP] = KEY_PPAGE, [ESC_PGDN] = KEY_NPAGE,
		[ESC_UP] = KEY_UP, [ESC_DOWN] = KEY_DOWN, [ESC_RIGHT] = KEY_RIGHT, [ESC_LEFT] = KEY_LEFT,
	};
	char seq[ESCSEQ_MAX];
	size_t n = 0;
	wint_t wch;
	timeout(0);
	int rc = get_wch(&wch);
	if (rc == ERR)
		return 0;
	if (rc == KEY_CODE_YES) {
		ungetch((int)wch);   /* ESC then a key curses knew (Escape, Home): both as typed */
		return 0;
	}
	if (wch != '[' && wch != 'O') {
		unget_wch(wch);   /* ESC then a key of its own (Alt+key): both as typed */
		return 0;
	}
	seq[n++] = (char)wch;
	enum esc_key e = ESC_MORE;
	while (e == ESC_MORE) {
		rc = get_wch(&wch);
		if (rc == ERR)
			return 2;   /* cut short: what came is dropped, not read as keys */
		if (rc == KEY_CODE_YES || wch < 0x20 || wch > 0x7e) {
			/* a key, a control or ESC inside the sequence: it was cut
			 * (ECMA-48: ESC cancels a sequence); what came now is read
			 * as typed, the bytes before it dropped */
			if (rc == KEY_CODE_YES)
				ungetch((int)wch);
			else
				unget_wch(wch);
			return 2;
		}
		seq[n++] = (char)wch;
		e = escseq_parse(seq, n);
	}
	if (e == ESC_WHEEL_UP || e == ESC_WHEEL_DOWN) {
		u->tween = 0;   /* the wheel steps at once */
		run_goto(cur(u), cur(u)->step + (e == ESC_WHEEL_UP ? -1 : 1));
		return 1;
	}
	if (e == ESC_SWALLOW)
		return 2;
	*key = curses_key[e], *fkey = 1;
	return 0;
}

/* Typing into a line (the parameter editor, the picker's path, a step
 * number) with more keys already waiting, a paste: they are taken before
 * the next draw, which would otherwise compose the whole screen once a
 * character (50 KB pasted took 6 s).  The key looked at is put back. */
static int typing_ahead(const struct ui *u)
{
	wint_t wch;
	if (u->unattended || (u->overlay == OVERLAY_NONE && !u->step_typing))
		return 0;
	timeout(0);
	int rc = get_wch(&wch);
	if (rc == ERR)
		return 0;
	if (rc == KEY_CODE_YES)
		ungetch((int)wch);
	else
		unget_wch(wch);
	return 1;
}

static void loop(struct ui *u)
{
	long frame = 0;
	int ahead = 0;
	for (;;) {
		if (term_quit_requested())
			return;
		if (!ahead)
			draw(u);
		ahead = 0;
		if (u->frames >= 0 && ++frame >= u->frames)
			return;
		/* A key file is read blocking (its end is an ERR); --frames alone never waits;
		 * a scene measuring in the background is redrawn five times a second
		 * (drawn_busy, not busy now: a run that ended since the draw still gets
		 * its last frame). */
		int wait_ms = u->autoplay     ? (int)dwell_ms(u)
			      : u->drawn_busy ? 200
					      : -1;
		if (u->drawn_busy && wait_ms > 200)
			wait_ms = 200;
		if (u->jump && (wait_ms < 0 || wait_ms > JUMP_WAIT_MS))
			wait_ms = JUMP_WAIT_MS;
		if (u->tween)   /* a move under way: its next frame */
			wait_ms = SCENE_FRAME_MS;
		timeout(u->keys_mode ? -1 : u->unattended ? 0 : wait_ms);
		wint_t wch;
		int rc = get_wch(&wch);
		if (term_quit_requested())
			return;
		if (rc == ERR) {
			/* A timeout (autoplay's tick), a signal, or the end of a key file. */
			if (u->unattended && u->frames < 0)
				return;
			if (u->tween) {
				/* the move's next frame, or after its last
				 * the step itself */
				u->tween = (u->tween + 1) % (u->tween_n + 1);
				continue;
			}
			if (u->jump) {   /* no second digit came: the first was the scene */
				jump_to(u, u->jump);
				continue;
			}
			if ((u->autoplay || u->unattended) && !(u->drawn_busy && !u->unattended))
				step_autoplay(u);
			continue;
		}
		int fkey = rc == KEY_CODE_YES, key = (int)wch;
		if (!fkey && key == 27 && escape_rest(u, &key, &fkey))
			continue;
		if (fkey && key == KEY_RESIZE)
			continue;
		if (u->tween) {
			/* A key lands on the step's end state and is used up (a
			 * second → goes on); q still quits at once. */
			MEVENT ev;
			u->tween = 0;
			if (fkey && key == KEY_MOUSE)
				getmouse(&ev);
			else if (keys_action(key, fkey) == ACT_QUIT)
				return;
			continue;
		}
		if (fkey && key == KEY_MOUSE) {
			key_mouse(u);
			continue;
		}
		int w, h;
		term_size(&w, &h);
		if (w < FRAME_MIN_W || h < FRAME_MIN_H) {
			if (!fkey && (key == 'q' || key == 'Q'))
				return;
			continue;   /* only q works on the "too small" screen */
		}
		if (u->step_typing)
			step_key(u, key, fkey);
		else if (u->overlay != OVERLAY_NONE)
			key_overlay(u, key, fkey);
		else if (key_main(u, key, fkey))
			return;
		ahead = typing_ahead(u);
	}
}

static void ui_free(struct ui *u)
{
	for (int i = 0; u->reg && i < u->reg->n; i++) {
		if (u->opened && u->opened[i])
			run_close(&u->runs[i]);
		if (u->sums)
			summary_free(&u->sums[i]);
	}
	free(u->runs);
	free(u->opened);
	free(u->sums);
	free(u->sum_stale);
	free(u->picker.entries);
	free(u->explain);
	canvas_free(u->screen);
	canvas_free(u->view.pic);
	canvas_free(u->view.side);
	free(u);
}

int ui_main(const struct app *a, const struct cli_options *o)
{
	struct ui *u = xcalloc(1, sizeof *u);
	char err[700];
	int status = 0;
	FILE *in = NULL, *out = NULL;

	u->reg = &a->reg;
	u->unattended = o->keys_file || o->frames >= 0;
	u->keys_mode = o->keys_file != NULL;
	u->frames = o->frames;
	u->speed = a->lesson ? a->lesson->pace : 1;
	u->theme = o->theme;
	u->folded = frame_theme_folds(u->theme);
	if (!u->unattended && (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))) {
		err_print("interactive mode needs a terminal; use --print SCENE or --summary SCENE");
		status = 2;
		goto out;
	}
	u->runs = xcalloc((size_t)u->reg->n, sizeof *u->runs);
	u->opened = xcalloc((size_t)u->reg->n, sizeof *u->opened);
	u->sums = xcalloc((size_t)u->reg->n, sizeof *u->sums);
	u->sum_stale = xcalloc((size_t)u->reg->n, sizeof *u->sum_stale);
	u->picker.entries = xcalloc(MODEL_LIST_MAX, sizeof *u->picker.entries);
	if (a->model) {
		u->user_model = *a->model;
		u->have_user_model = 1;
	}
	if (a->model2) {
		u->user_model2 = *a->model2;
		u->have_user_model2 = 1;
		snprintf(u->picker.second, sizeof u->picker.second, "%s", a->model2->name);
	}
	u->lesson = a->lesson;
	u->item = -1;
	u->rec_scene = u->rec_step = -1;
	const struct scene_def *start = a->lesson ? a->lesson->items[0].def : a->scene ? a->scene : &u->reg->defs[0];
	u->cur = registry_index(u->reg, start);
	if (a->lesson) {
		/* the plan's model is every scene's too, as -m would be */
		if (a->lesson->use && !u->have_user_model) {
			u->user_model = *a->lesson->use;
			u->have_user_model = 1;
		}
		lesson_enter(u, 0, 0);
		if (u->item < 0) {
			err_print(u->message);
			status = 2;
			goto out;
		}
	} else if (app_open_run(a, &u->runs[u->cur], start, o, 0, err, sizeof err) < 0) {
		err_print(err);
		status = 2;
		goto out;
	}
	u->opened[u->cur] = u->sum_stale[u->cur] = 1;
	if (u->unattended) {
		in = fopen(o->keys_file ? o->keys_file : "/dev/null", "r");
		if (!in) {
			char shown[300];
			err_clean(shown, sizeof shown, o->keys_file);
			fprintf(stderr, "attnviz: %s: %s\n", shown, strerror(errno));
			status = 2;
			goto out;
		}
		if (!isatty(STDOUT_FILENO))
			out = fopen("/dev/null", "w");
		u->autoplay = !o->keys_file;
	}
	if (o->record && !(u->rec_file = fopen(o->record, "w"))) {
		char shown[300];
		err_clean(shown, sizeof shown, o->record);
		fprintf(stderr, "attnviz: %s: %s\n", shown, strerror(errno));
		status = 2;
		goto out;
	}
	const char *nc = getenv("NO_COLOR");
	struct term_opts to = {.in = in, .out = out, .no_color = nc && *nc, .draw_every_frame = u->unattended,
			       .theme = u->theme};
	if (term_start(&to, err, sizeof err) < 0) {
		err_print(err);
		status = 2;
		goto out;
	}
	if (u->have_user_model && u->user_model.warning[0])
		say(u, 0, u->user_model.warning);
	if (u->rec_file) {
		/* The glyphs and colours the terminal shows; the title names the first scene. */
		char title[300];
		snprintf(title, sizeof title, "attnviz: %s", u->lesson ? u->lesson->title : start->file.title);
		struct cast_opts co = {.utf8 = term_utf8(), .depth = term_depth(), .theme = u->theme, .title = title,
				       .timestamp = (long long)time(NULL)};
		u->rec = cast_new(u->rec_file, &co);
	}
	loop(u);
	term_stop();
	if (u->rec_file && (!u->rec || cast_finish(u->rec, CAST_NOW) < 0)) {
		char shown[300];
		err_clean(shown, sizeof shown, o->record);
		fprintf(stderr, "attnviz: %s: the recording could not be written whole\n", shown);
		status = 2;
	}
out:
	if (in)
		fclose(in);
	if (out)
		fclose(out);
	cast_free(u->rec);
	if (u->rec_file)
		fclose(u->rec_file);
	ui_free(u);
	if (term_quit_signal()) {
		/* The terminal is restored: now die by the signal (exit 130, 143, 129). */
		int sig = term_quit_signal();
		signal(sig, SIG_DFL);
		raise(sig);
	}
	return status;
}
