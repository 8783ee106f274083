/*
 * The UI's overlays composed at 80x24 and read as text: what a teacher
 * types or is told is on screen whole.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frame.h"
#include "shot.h"
#include "glyph.h"
#include "keytable.h"
#include "scene/driver.h"
#include "scene/lesson.h"
#include "t.h"

/* The screen's text, rows joined by spaces with each row's blanks trimmed
 * and the box edges dropped, so wrapped text reads as one line. */
static void screen_text(const struct canvas *s, int x0, int x1, char *buf, size_t len)
{
	size_t o = 0;
	for (int y = 0; y < s->h; y++) {
		size_t start = o;
		for (int x = x0; x < x1 && o + 5 < len; x++) {
			uint32_t ch = canvas_at(s, x, y)->ch;
			if (ch >= 0x2500 && ch <= 0x257f)
				ch = ' ';
			o += (size_t)utf8_encode(ch, buf + o);
		}
		while (o > start && buf[o - 1] == ' ')
			o--;
		size_t lead = start;
		while (lead < o && buf[lead] == ' ')
			lead++;
		memmove(buf + start, buf + lead, o - lead);
		o -= lead - start;
		if (o > start && o + 1 < len)
			buf[o++] = ' ';
	}
	buf[o] = 0;
}

struct scr {
	struct run r;
	struct canvas *screen;
	struct view v;
};

static int scr_open(struct scr *c, const struct registry *reg, const char *id)
{
	char err[600];
	const struct scene_def *def = registry_find(reg, id);
	if (!def || run_open(&c->r, def, NULL, err, sizeof err) < 0)
		return -1;
	int pw, ph, sw, sh;
	frame_pane_sizes(80, 24, FRAME_SUMMARY_ROWS, &pw, &ph, &sw, &sh);
	c->screen = canvas_new(80, 24);
	c->v.pic = canvas_new(pw, ph);
	c->v.side = canvas_new(sw, sh);
	run_render(&c->r, &c->v);
	return 0;
}

static void scr_close(struct scr *c)
{
	canvas_free(c->screen);
	canvas_free(c->v.pic);
	canvas_free(c->v.side);
	run_close(&c->r);
}

static const char long_err[] = "/home/teacher/models/a-rather-long-directory-name/with-models-inside/"
			       "broken-model.gguf: byte 0: bad magic 'GGUX' (not a GGUF file)";
/* as read off the screen: rows joined by a space */
static const char long_err_rows[] = "/home/teacher/models/a-rather-long-directory-name/with-models-inside/ "
				    "broken-model.gguf: byte 0: bad magic 'GGUX' (not a GGUF file)";

/* Item: an error longer than the footer is shown whole in the picker and
 * the editor at 80 columns, wrapped at spaces (a path after a '/'). */
static void errors_whole(const struct registry *reg)
{
	struct scr c;
	static char text[8192];
	if (scr_open(&c, reg, "online-row") < 0) {
		T_OK(0, "frame: online-row opens");
		return;
	}
	static struct picker pk;
	pk.entries = calloc(MODEL_LIST_MAX, sizeof *pk.entries);
	pk.n = pk.entries ? model_list(pk.entries, MODEL_LIST_MAX) : 0;
	struct frame_info fi = {.reg = reg, .run = &c.r, .overlay = OVERLAY_PICKER, .picker = &pk,
				.picker_typing = 1, .edit_line = "x.gguf", .message = long_err, .message_is_error = 1};
	frame_compose(c.screen, &fi, &c.v);
	screen_text(c.screen, 3, 77, text, sizeof text);
	T_OK(strstr(text, long_err_rows) != NULL, "frame: the picker shows a long load error whole at 80x24");
	fi.overlay = OVERLAY_EDIT;
	fi.edit_line = "scores=oops";
	fi.edit_cursor = strlen(fi.edit_line);
	frame_compose(c.screen, &fi, &c.v);
	screen_text(c.screen, 3, 77, text, sizeof text);
	T_OK(strstr(text, long_err_rows) != NULL, "frame: the editor shows a long error whole at 80x24");
	T_OK(strstr(text, "> scores=oops") != NULL, "frame: the editor's line stays in view under its error");
	free(pk.entries);
	scr_close(&c);
}

/* Item: the editor's cursor is always in view, on a line longer than the box. */
static void cursor_in_view(const struct registry *reg)
{
	struct scr c;
	char line[512];
	if (scr_open(&c, reg, "online-row") < 0)
		return;
	size_t o = 0;
	for (int i = 0; i < 60; i++)
		o += (size_t)snprintf(line + o, sizeof line - o, "%d,", i);
	line[o - 1] = 0;
	static const size_t at[] = {0, 40, 120};
	for (unsigned k = 0; k < 3; k++) {
		struct frame_info fi = {.reg = reg, .run = &c.r, .overlay = OVERLAY_EDIT, .edit_line = line,
					.edit_cursor = at[k] < strlen(line) ? at[k] : strlen(line)};
		frame_compose(c.screen, &fi, &c.v);
		int found = 0;
		/* the input row: the one holding "> " inside the box */
		for (int y = 0; y < 24 && !found; y++) {
			int x;
			for (x = 0; x + 1 < 80; x++)
				if (canvas_at(c.screen, x, y)->ch == '>' && canvas_at(c.screen, x + 1, y)->ch == ' ')
					break;
			if (x + 1 >= 80)
				continue;
			for (int i = x + 2; i < 77; i++)
				found += canvas_at(c.screen, i, y)->ch == 0x2588;
			/* the character after the cursor is the one at the cursor's byte */
			for (int i = x + 2; i < 76; i++)
				if (canvas_at(c.screen, i, y)->ch == 0x2588)
					T_OK(canvas_at(c.screen, i + 1, y)->ch == (uint32_t)line[fi.edit_cursor],
					     "frame: the cursor at byte %zu stands before its character", fi.edit_cursor);
		}
		T_EQ_INT(found, 1, "frame: the editor's cursor at byte %zu of %zu is in view", fi.edit_cursor, strlen(line));
	}
	scr_close(&c);
}

/* Row y of the screen inside the frame as text, its trailing blanks dropped; ascii: each
 * glyph as the ASCII fallback draws it (a non-UTF-8 terminal). */
static void row_cells(const struct canvas *s, int y, int ascii, char *buf,
		      size_t len)
{
	size_t o = 0;
	for (int x = 1; x < s->w - 1 && o + 5 < len;
	     x++) { /* inside the frame's sides */
		uint32_t ch = canvas_at(s, x, y)->ch;
		if (ascii)
			buf[o++] = glyph_ascii(ch);
		else
			o += (size_t)utf8_encode(ch, buf + o);
	}
	while (o > 0 && buf[o - 1] == ' ')
		o--;
	buf[o] = 0;
}

/* Item: the presenter's screen.  Folded, the summary is one line between
 * the narration's divider and the key bar; a failure is counted in words
 * that read without colour and as ASCII; a message too long for the key
 * bar unfolds the pane to be shown whole. */
static void folded_summary(const struct registry *reg)
{
	struct scr c;
	static char text[8192];
	char row[1024];
	if (scr_open(&c, reg, "online-row") < 0) {
		T_OK(0, "frame: online-row opens");
		return;
	}
	int pw, ph, sw, sh;
	frame_pane_sizes(80, 24, frame_summary_rows(80, 1, NULL), &pw, &ph, &sw,
			 &sh);
	canvas_free(c.v.pic);
	canvas_free(c.v.side);
	c.v.pic = canvas_new(pw, ph);
	c.v.side = canvas_new(sw, sh);
	run_render(&c.r, &c.v);
	struct summary s;
	summary_init(&s);
	summary_check_int(&s, HOW_REFERENCE, 4096, 4096, "cells");
	summary_check_real(&s, HOW_REFERENCE, 0.5, 0.25, 1e-6,
			   "half"); /* a failure */
	summary_check_int(&s, HOW_REFERENCE, 8, 8, "heads");
	summary_int(&s, 3, "shown"); /* no second way: not counted */
	struct frame_info fi = {
	    .reg = reg, .run = &c.r, .sum = &s, .folded = 1};
	frame_compose(c.screen, &fi, &c.v);
	row_cells(c.screen, 22, 0, row, sizeof row);
	T_EQ_STR(
	    row, " ✗ 1 of 3 checks FAIL · w explains",
	    "frame: folded, a failure is counted on the summary's one row");
	row_cells(c.screen, 22, 1, row, sizeof row);
	T_EQ_STR(row, " x 1 of 3 checks FAIL . w explains",
		 "frame: folded, the count reads in ASCII too (x, not +)");
	T_EQ_INT(canvas_at(c.screen, 2, 22)->role, ROLE_FAIL,
		 "frame: folded, the failure's mark has the failure's role");
	T_EQ_INT(canvas_at(c.screen, 0, 21)->ch, GLYPH_TEE_RIGHT,
		 "frame: folded, the divider right above the line");
	T_EQ_INT(canvas_at(c.screen, 0, 23)->ch, GLYPH_BOTTOM_LEFT,
		 "frame: folded, the key bar right below it");
	s.items[1].status = SUMMARY_OK;
	frame_compose(c.screen, &fi, &c.v);
	row_cells(c.screen, 22, 0, row, sizeof row);
	T_EQ_STR(
	    row, " ✓ 3 checks pass · w explains",
	    "frame: folded, all pass: the count and where the numbers are");
	/* a long message: the pane unfolds for it, whole */
	T_EQ_INT(
	    frame_summary_rows(80, 1, long_err), FRAME_SUMMARY_ROWS,
	    "frame: a message too long for the key bar takes an unfolded pane");
	T_EQ_INT(frame_summary_rows(80, 1, "theme: projector"),
		 FRAME_FOLDED_ROWS,
		 "frame: a short message leaves the pane folded");
	frame_pane_sizes(80, 24, FRAME_SUMMARY_ROWS, &pw, &ph, &sw, &sh);
	canvas_free(c.v.pic);
	canvas_free(c.v.side);
	c.v.pic = canvas_new(pw, ph);
	c.v.side = canvas_new(sw, sh);
	run_render(&c.r, &c.v);
	static const char words[] = "config.json: num_key_value_heads 7 does "
				    "not divide num_attention_heads 32, "
				    "so no cache can be sized for this model";
	fi.message = words;
	fi.message_is_error = 1;
	frame_compose(c.screen, &fi, &c.v);
	screen_text(c.screen, 1, 79, text, sizeof text);
	T_OK(strstr(text, words) != NULL,
	     "frame: folded, a long error is still shown whole at 80x24");
	summary_free(&s);
	scr_close(&c);
}

/* Item: the picker's preview of a model that does not load wraps its error
 * at spaces: read from "does not load:" to the frame's right edge, its rows
 * joined by a space give the error back word for word. */
static void preview_error_words(const struct registry *reg)
{
	struct scr c;
	static char text[8192];
	if (scr_open(&c, reg, "online-row") < 0) {
		T_OK(0, "frame: online-row opens");
		return;
	}
	static struct picker pk;
	pk.entries = calloc(MODEL_LIST_MAX, sizeof *pk.entries);
	pk.n = pk.entries ? model_list(pk.entries, MODEL_LIST_MAX) : 0;
	snprintf(pk.preview_err, sizeof pk.preview_err, "%s",
		 "broken.ini line 12, section [attention], key heads_kv: 'eight' is not a whole number between 1 and "
		 "the query heads (32)");
	struct frame_info fi = {.reg = reg, .run = &c.r, .overlay = OVERLAY_PICKER, .picker = &pk};
	frame_compose(c.screen, &fi, &c.v);
	int px = -1;
	for (int y = 0; y < c.screen->h && px < 0; y++) {
		for (int x = 0; x + 4 < c.screen->w; x++)
			if (canvas_at(c.screen, x, y)->ch == 'd' && canvas_at(c.screen, x + 4, y)->ch == ' ' &&
			    canvas_at(c.screen, x + 1, y)->ch == 'o' && canvas_at(c.screen, x + 5, y)->ch == 'n') {
				px = x;
				break;
			}
	}
	screen_text(c.screen, px < 0 ? 0 : px, c.screen->w - 1, text, sizeof text);
	T_OK(px > 0 && strstr(text, pk.preview_err) != NULL, "frame: the picker's preview wraps an error at spaces");
	free(pk.entries);
	scr_close(&c);
}

/* Item: the scene list at 80x24 holds every title whole; the scenes out of
 * view are counted ("↑ N more", "+N more ↓") so drawn + counted = all, and
 * a click on a row picks the scene that row names. */
static void scene_list_counts(const struct registry *reg)
{
	struct scr c;
	if (scr_open(&c, reg, "online-row") < 0) {
		T_OK(0, "frame: online-row opens");
		return;
	}
	const int sels[] = {0, reg->n / 2, reg->n - 1};
	for (unsigned k = 0; k < sizeof sels / sizeof sels[0]; k++) {
		struct frame_info fi = {.reg = reg, .run = &c.r, .overlay = OVERLAY_SCENES, .scene_sel = sels[k]};
		frame_compose(c.screen, &fi, &c.v);
		int drawn = 0, above = 0, below = 0, whole = 1, click = 1, sel_seen = 0;
		for (int y = 1; y < c.screen->h - 1; y++) {
			char row[1024];
			row_of(c.screen, y, row, sizeof row);
			char *m;
			if ((m = strstr(row, "↑ ")) && strstr(m, " more"))
				above = atoi(m + strlen("↑ "));
			if ((m = strstr(row, "+")) && strstr(m, " more ↓"))
				below = atoi(m + 1);
			for (int i = 0; i < reg->n; i++) {
				char id[64];
				/* "NN  id ": the order and the id, as the list writes them */
				snprintf(id, sizeof id, "%2d  %s ", reg->defs[i].file.order, reg->defs[i].cls->id);
				if (!strstr(row, id))
					continue;
				drawn++;
				whole &= strstr(row, reg->defs[i].file.title) != NULL;
				click &= frame_scene_at(c.screen, &fi, 40, y) == i;
				sel_seen |= i == sels[k];
			}
		}
		T_EQ_INT(drawn + above + below, reg->n, "frame: scene list at row %d: %d drawn + %d above + %d below are all",
			 sels[k], drawn, above, below);
		T_OK(sel_seen && drawn > 0, "frame: scene list at row %d: the highlighted scene is in view", sels[k]);
		T_OK(whole, "frame: scene list at row %d: every title drawn is whole", sels[k]);
		T_OK(click, "frame: scene list at row %d: a click on a row picks the scene it names", sels[k]);
	}
	scr_close(&c);
}

/* Item: at 80 columns every scene's title bar holds its title whole, the
 * step and (a scene with steps) the scrubber's 8 blocks, with autoplay's
 * mark too: a long title sheds the program's name or the scene's number,
 * never its own words or the bar, and the same from the first step to the
 * last.  In a lesson: the title, the step and the item's number. */
static void title_whole(const struct registry *reg)
{
	static struct lesson plan = {.n = 17};
	int bad = 0, seen = 0;
	char why[1200] = "";
	for (int i = 0; i < reg->n; i++) {
		struct scr c;
		if (scr_open(&c, reg, reg->defs[i].cls->id) < 0) {
			T_OK(0, "frame: %s opens", reg->defs[i].cls->id);
			continue;
		}
		for (int mode = 0; mode < 4; mode++) {
			struct frame_info fi = {.reg = reg, .run = &c.r, .autoplay = mode & 1, .lesson = mode & 2 ? &plan : NULL,
						.lesson_item = mode & 2 ? 11 : -1};
			frame_compose(c.screen, &fi, &c.v);
			char row[1024], step[64];
			row_of(c.screen, 0, row, sizeof row);
			snprintf(step, sizeof step, " step %d/%d%s ", c.r.step, c.r.nsteps, mode & 1 ? " ▶" : "");
			int blocks = 0;
			for (int x = 0; x < c.screen->w; x++) {
				uint32_t ch = canvas_at(c.screen, x, 0)->ch;
				blocks += ch == GLYPH_FULL || ch == GLYPH_LIGHT;
			}
			int ok = strstr(row, reg->defs[i].file.title) && strstr(row, step) &&
				 (mode & 2 ? strstr(row, "item 12/17") != NULL : blocks == (c.r.nsteps > 0 ? 8 : 0));
			seen++;
			if (!ok && !bad++)
				snprintf(why, sizeof why, "%s, mode %d: %s", reg->defs[i].cls->id, mode, row);
		}
		/* The words before the title stay put from the first step to the
		 * last (a two-digit step once dropped the program's name). */
		char first[1024], last[1024];
		struct frame_info fi = {.reg = reg, .run = &c.r, .lesson_item = -1};
		frame_compose(c.screen, &fi, &c.v);
		row_of(c.screen, 0, first, sizeof first);
		run_goto(&c.r, c.r.nsteps);
		run_render(&c.r, &c.v);
		frame_compose(c.screen, &fi, &c.v);
		row_of(c.screen, 0, last, sizeof last);
		char *t1 = strstr(first, reg->defs[i].file.title), *t2 = strstr(last, reg->defs[i].file.title);
		seen++;
		if ((!t1 || !t2 || t1 - first != t2 - last || strncmp(first, last, (size_t)(t1 - first))) && !bad++)
			snprintf(why, sizeof why, "%s: first step %.300s, last %.300s", reg->defs[i].cls->id, first, last);
		/* The bar's filled blocks: none at step 0, some from step 1, all
		 * at the last step only. */
		for (int k = 0; k <= c.r.nsteps && c.r.nsteps > 1; k++) {
			if (k > 1 && k < c.r.nsteps - 1)
				continue;
			run_goto(&c.r, k);
			run_render(&c.r, &c.v);
			frame_compose(c.screen, &fi, &c.v);
			int full = 0;
			for (int x = 0; x < c.screen->w; x++)
				full += canvas_at(c.screen, x, 0)->ch == GLYPH_FULL;
			int ok = k == 0 ? full == 0 : k == c.r.nsteps ? full == 8 : full >= 1 && full <= 7;
			seen++;
			if (!ok && !bad++)
				snprintf(why, sizeof why, "%s step %d of %d: %d blocks filled", reg->defs[i].cls->id, k,
					 c.r.nsteps, full);
		}
		scr_close(&c);
	}
	T_OK(seen > 0 && !bad, "frame: %d title bars at 80 columns hold title, step and scrubber whole (%d not%s%s)", seen,
	     bad, bad ? ": " : "", why);
}

/* Item: a popup narrower than the frame leaves nothing of the screen under
 * it between its border and the frame's: on rope (its side pane writes to
 * the last inner column, its dividers' tees and rules cross column 1), the
 * column each side of the help, the picker and the editor is blank.  And
 * no popup, the explain pane as wide as the frame too, leaves a divider's
 * tee (├ ┤) on the frame beside it, pointing at a rule it covers. */
static void popup_margins(const struct registry *reg)
{
	struct scr c;
	if (scr_open(&c, reg, "rope") < 0) {
		T_OK(0, "frame: rope opens");
		return;
	}
	static struct picker pk;
	pk.entries = calloc(MODEL_LIST_MAX, sizeof *pk.entries);
	pk.n = pk.entries ? model_list(pk.entries, MODEL_LIST_MAX) : 0;
	static const struct {
		enum overlay ov;
		const char *what;
	} ovs[] = {{OVERLAY_HELP, "help"}, {OVERLAY_PICKER, "picker"}, {OVERLAY_EDIT, "editor"},
		   {OVERLAY_EXPLAIN, "explain pane"}, {OVERLAY_SCENES, "scene list"}};
	char explain[4000] = "";
	for (int i = 0; i < 60; i++)
		strcat(explain, "theta.0 = 1: the angle pair 0 turns per position, rad\n");
	for (unsigned k = 0; k < sizeof ovs / sizeof ovs[0]; k++) {
		struct frame_info fi = {.reg = reg, .run = &c.r, .overlay = ovs[k].ov, .picker = &pk, .edit_line = "",
					.explain = explain};
		frame_compose(c.screen, &fi, &c.v);
		int bx = -1, by = -1, bw = 0, bh = 0;
		for (int y = 1; y < c.screen->h - 1 && by < 0; y++)
			for (int x = 1; x < c.screen->w - 1; x++)
				if (canvas_at(c.screen, x, y)->ch == 0x250c) {
					bx = x, by = y;
					break;
				}
		while (bx >= 0 && bx + bw < c.screen->w && canvas_at(c.screen, bx + bw, by)->ch != 0x2510)
			bw++;
		while (by >= 0 && by + bh < c.screen->h && canvas_at(c.screen, bx, by + bh)->ch != 0x2514)
			bh++;
		int seen = 0, blank = by >= 0, tees = 0, full = bx == 1 && bx + bw == c.screen->w - 2;
		for (int y = by; by >= 0 && y <= by + bh; y++) {
			if (bx - 1 >= 1)
				seen++, blank &= canvas_at(c.screen, bx - 1, y)->ch == ' ';
			if (bx + bw + 1 <= c.screen->w - 2)
				seen++, blank &= canvas_at(c.screen, bx + bw + 1, y)->ch == ' ';
			tees += canvas_at(c.screen, 0, y)->ch == GLYPH_TEE_RIGHT;
			tees += canvas_at(c.screen, c.screen->w - 1, y)->ch == GLYPH_TEE_LEFT;
		}
		if (full)
			T_OK(blank && by >= 0, "frame: the %s spans the frame, border to border", ovs[k].what);
		else
			T_OK(blank && seen > 0, "frame: the %s's margins to the frame are blank (%d cells)", ovs[k].what, seen);
		T_EQ_INT(tees, 0, "frame: no divider's tee on the frame beside the %s", ovs[k].what);
	}
	free(pk.entries);
	scr_close(&c);
}

/* Each pane, filled to its every cell, keeps a blank column before the
 * bar or border on its right as on its left, at every size: text in a
 * pane's last column never abuts a divider ("4095.75│").  The narration
 * wraps at the width the scenes are told (view_narration_width). */
static void pane_margins(const struct registry *reg)
{
	struct scr c;
	if (scr_open(&c, reg, "rope") < 0) {
		T_OK(0, "frame: rope opens");
		return;
	}
	static const int sizes[][2] = {{80, 24}, {81, 25}, {97, 30}, {120, 40}, {200, 60}, {300, 90}};
	const unsigned nsizes = sizeof sizes / sizeof sizes[0];
	/* each size unfolded, then folded (the presenter's screen) */
	for (unsigned z = 0; z < 2 * nsizes; z++) {
		int w = sizes[z % nsizes][0], h = sizes[z % nsizes][1], pw, ph,
		    sw, sh, folded = z >= nsizes;
		int rows = frame_summary_rows(w, folded, NULL);
		frame_pane_sizes(w, h, rows, &pw, &ph, &sw, &sh);
		const char *how = folded ? " folded" : "";
		struct canvas *screen = canvas_new(w, h);
		struct view v = {.step = c.v.step, .pic = canvas_new(pw, ph), .side = canvas_new(sw, sh)};
		if (!screen || !v.pic || !v.side) {
			T_OK(0, "frame: canvases of %dx%d", w, h);
			break;
		}
		canvas_fill(v.pic, 0, 0, pw, ph, 'P', ROLE_NORMAL);
		canvas_fill(v.side, 0, 0, sw, sh, 'S', ROLE_NORMAL);
		for (int i = 0; i < 30; i++)   /* more than a row of it */
			strcat(v.narration, "narration ");
		struct frame_info fi = {
		    .reg = reg, .run = &c.r, .folded = folded};
		frame_compose(screen, &fi, &v);
		/* title, picture, divider, narration, divider, summary, key bar */
		T_EQ_INT(
		    1 + ph + 1 + FRAME_NARRATION_ROWS + 1 + rows + 1, h,
		    "frame %dx%d%s: the panes' rows add up to the screen's", w,
		    h, how);
		T_OK(canvas_at(screen, 0, h - 2 - rows)->ch == GLYPH_TEE_RIGHT,
		     "frame %dx%d%s: the summary's divider %d rows above the "
		     "key bar",
		     w, h, how, rows + 1);
		int bad = 0, filled = 0, sep = -1;
		for (int x = 1; x < w - 1 && sep < 0; x++)
			if (canvas_at(screen, x, 1)->ch == GLYPH_VLINE)
				sep = x;
		for (int y = 1; y <= ph; y++) {
			const int blank[] = {1, sep - 1, sep + 1, w - 2};   /* either side of each bar */
			for (int k = 0; k < 4 && sep > 0; k++)
				bad += canvas_at(screen, blank[k], y)->ch != ' ';
			for (int x = 0; x < w; x++)
				filled += canvas_at(screen, x, y)->ch == 'P' || canvas_at(screen, x, y)->ch == 'S';
		}
		int nar_w = 0;
		for (int y = ph + 2; y < ph + 2 + FRAME_NARRATION_ROWS; y++) {
			int last = 0;
			for (int x = 0; x < w; x++)
				if (canvas_at(screen, x, y)->ch != ' ' && canvas_at(screen, x, y)->ch != GLYPH_VLINE)
					last = x;
			nar_w = last - 1 > nar_w ? last - 1 : nar_w;
		}
		T_OK(sep > 0 && bad == 0 && filled == (pw + sw) * ph,
		     "frame %dx%d%s: both panes whole with a blank column "
		     "either side (%d cells not blank, %d of %d filled)",
		     w, h, how, bad, filled, (pw + sw) * ph);
		T_OK(nar_w <= view_narration_width(&v) &&
			 view_narration_width(&v) == w - 4,
		     "frame %dx%d%s: the narration wraps within the %d columns "
		     "scenes are told (%d used)",
		     w, h, how, view_narration_width(&v), nar_w);
		canvas_free(screen);
		canvas_free(v.pic);
		canvas_free(v.side);
	}
	scr_close(&c);
}

/* Item: the help at 80x24, the projector's size, is whole without
 * scrolling: every key of the key table on a row with what it does, and
 * the summary's legend and the manual's path below (issue 44). */
static void help_whole(const struct registry *reg)
{
	struct scr c;
	if (scr_open(&c, reg, "cost") < 0) {
		T_OK(0, "frame: cost opens");
		return;
	}
	struct frame_info fi = {.reg = reg, .run = &c.r,
				.overlay = OVERLAY_HELP};
	frame_compose(c.screen, &fi, &c.v);
	char row[1024];
	int missing = 0, title = 0;
	const char *first = NULL;
	for (int i = 0; i < key_help_count; i++) {
		int seen = 0;
		for (int y = 1; y < c.screen->h - 1 && !seen; y++) {
			row_cells(c.screen, y, 0, row, sizeof row);
			/* the key, then what it does after blanks, one row */
			const char *key = key_help[i].keys;
			const char *brief = key_help[i].brief;
			for (const char *k = strstr(row, key); k && !seen;
			     k = strstr(k + 1, key)) {
				const char *b = k + strlen(key);
				b += strspn(b, " ");
				seen = (k == row || k[-1] == ' ') &&
				       b > k + strlen(key) &&
				       strncmp(b, brief, strlen(brief)) == 0;
			}
		}
		if (!seen && !missing++)
			first = key_help[i].keys;
	}
	for (int y = 1; y < c.screen->h - 1; y++) {
		row_cells(c.screen, y, 0, row, sizeof row);
		title += strstr(row, "keys (any key closes)") != NULL;
	}
	static char text[8192];
	screen_text(c.screen, 0, c.screen->w, text, sizeof text);
	T_OK(missing == 0,
	     "frame: help at 80x24 shows all %d keys, each with what it does "
	     "(%d not; first %s)",
	     key_help_count, missing, first ? first : "-");
	T_OK(title == 1, "frame: help at 80x24 fits without scrolling");
	T_OK(strstr(text, "man ./man/attnviz.1") && strstr(text, "✓") &&
		     strstr(text, "R another"),
	     "frame: help at 80x24 keeps the summary's legend and the "
	     "manual's path");
	T_OK(c.screen->overflow == 0, "frame: help at 80x24 cuts no text");
	scr_close(&c);
}

void test_frame(void)
{
	struct registry reg;
	char err[600];
	if (registry_load(&reg, err, sizeof err) < 0) {
		T_OK(0, "frame: registry loads (%s)", err);
		return;
	}
	errors_whole(&reg);
	folded_summary(&reg);
	cursor_in_view(&reg);
	preview_error_words(&reg);
	scene_list_counts(&reg);
	title_whole(&reg);
	popup_margins(&reg);
	pane_margins(&reg);
	help_whole(&reg);
	registry_free(&reg);
}
