/*
 * The projector walk: every step of every scene composed at 80x24 (and at
 * 120x40 and 200x60), with each overlay, and checked the way a teacher
 * would look at it:
 *   - no text past a pane's edge (canvas overflow: clipped characters,
 *     narration with words left over);
 *   - the frame closed: four corners, both side edges on every row;
 *   - each overlay's box closed (popups wrap inside their border);
 *   - every number in the summary pane equal, digit for digit, to the value
 *     run_summary gives for that key (--summary prints the same), or absent.
 * At 80x24 every frame is also compared with tests/golden/80x24/ID.txt
 * (every step of a scene and its parameter editor, in one file): the
 * golden frames.  ATTNVIZ_UPDATE_GOLDEN=1 writes them; read the diff.
 *
 * A failure names scene, size and the first problem, with the count;
 * ATTNVIZ_WALK_ALL=1 prints every problem as a "# " line.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frame.h"
#include "glyph.h"
#include "scene/driver.h"
#include "t.h"

struct walk {
	const struct registry *reg;
	struct run *r;
	const struct summary *sum;
	struct canvas *screen;
	struct view v;
	int w, h;
	int failures;              /* of this scene at this size */
	char first_failure[400];
};

__attribute__((format(printf, 2, 3)))
static void fail(struct walk *wk, const char *fmt, ...)
{
	va_list ap;
	if (getenv("ATTNVIZ_WALK_ALL")) {
		printf("# ");
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
		printf("\n");
	}
	if (wk->failures++ == 0) {
		va_start(ap, fmt);
		vsnprintf(wk->first_failure, sizeof wk->first_failure, fmt, ap);
		va_end(ap);
	}
}

static uint32_t at(const struct canvas *c, int x, int y)
{
	return canvas_at(c, x, y)->ch;
}

static int is_box(uint32_t ch)
{
	return ch >= 0x2500 && ch <= 0x257f;
}

/* The four corners and the two side edges of the whole screen. */
static void check_frame(struct walk *wk, int step)
{
	const struct canvas *s = wk->screen;
	if (at(s, 0, 0) != 0x250c || at(s, s->w - 1, 0) != 0x2510 || at(s, 0, s->h - 1) != 0x2514 ||
	    at(s, s->w - 1, s->h - 1) != 0x2518)
		fail(wk, "%s step %d: a corner of the frame is missing", wk->r->def->cls->id, step);
	for (int y = 1; y < s->h - 1; y++)
		if (!is_box(at(s, 0, y)) || !is_box(at(s, s->w - 1, y))) {
			fail(wk, "%s step %d: the frame's side edge is broken", wk->r->def->cls->id, step);
			break;
		}
	/* A pointer after a number has a blank between: glued, as in
	 * "-0.76▸-1.86", the numbers read as one (issue 44). */
	for (int y = 1; y < s->h - 1; y++)
		for (int x = 1; x < s->w - 1; x++) {
			uint32_t l = at(s, x - 1, y);
			if (at(s, x, y) == GLYPH_POINTER &&
			    ((l >= '0' && l <= '9') || l == '.')) {
				fail(wk, "%s step %d: a pointer glued to a "
				     "number", wk->r->def->cls->id, step);
				return;
			}
		}
}

/* An overlay box: find its top-left corner ┌ (the first one on a row that
 * is not row 0), then follow its edges. */
static void check_overlay(struct walk *wk, const char *what)
{
	const struct canvas *s = wk->screen;
	int bx = -1, by = -1;
	for (int y = 1; y < s->h - 1 && by < 0; y++)
		for (int x = 1; x < s->w - 1; x++)
			if (at(s, x, y) == 0x250c) {
				bx = x, by = y;
				break;
			}
	if (by < 0) {
		fail(wk, "%s overlay: no box%.0d", what, 0);
		return;
	}
	int bw = 1;
	while (bx + bw < s->w && at(s, bx + bw, by) != 0x2510)
		bw++;
	int bh = 1;
	while (by + bh < s->h && at(s, bx, by + bh) != 0x2514)
		bh++;
	if (bx + bw >= s->w || by + bh >= s->h || at(s, bx + bw, by + bh) != 0x2518) {
		fail(wk, "%s overlay: a corner is missing%.0d", what, 0);
		return;
	}
	for (int y = by + 1; y < by + bh; y++)
		if (at(s, bx, y) != 0x2502 || at(s, bx + bw, y) != 0x2502) {
			fail(wk, "%s overlay: side edge broken at row %d", what, y);
			return;
		}
	for (int x = bx + 1; x < bx + bw; x++)
		if (!is_box(at(s, x, by + bh))) {
			fail(wk, "%s overlay: bottom edge broken at column %d", what, x);
			return;
		}
}

/* Copy screen row y's text from column x into buf (UTF-8). */
static void row_text(const struct canvas *s, int y, char *buf, size_t len)
{
	size_t o = 0;
	for (int x = 0; x < s->w && o + 5 < len; x++)
		o += (size_t)utf8_encode(at(s, x, y), buf + o);
	buf[o] = 0;
}

/* Every "✓ KEY = VALUE" / "✗ KEY = VALUE" in the summary pane. */
static void check_summary(struct walk *wk, int step)
{
	const struct canvas *s = wk->screen;
	int y0 = -1;
	char line[2048];
	for (int y = 1; y < s->h - 1; y++) {
		row_text(s, y, line, sizeof line);
		if (!strncmp(line + strlen("│ "), "summary", 7)) {
			y0 = y;
			break;
		}
	}
	if (y0 < 0) {
		fail(wk, "%s step %d: no summary pane", wk->r->def->cls->id, step);
		return;
	}
	for (int y = y0 + 1; y < s->h - 1; y++) {
		row_text(s, y, line, sizeof line);
		for (char *p = line; (p = strstr(p, " = ")) != NULL; p += 3) {
			/* the key: back to the mark before it */
			char *k = p;
			while (k > line && k[-1] != ' ')
				k--;
			char key[64], val[64];
			snprintf(key, sizeof key, "%.*s", (int)(p - k), k);
			const char *v = p + 3;
			size_t n = strcspn(v, " ");
			snprintf(val, sizeof val, "%.*s", (int)n, v);
			if (!strncmp(val, "…", strlen("…")))
				continue;   /* absent: it did not fit */
			const struct summary_item *it = summary_find((struct summary *)wk->sum, key);
			if (!it) {
				fail(wk, "%s step %d: a summary key on screen is not in --summary (cut?)", key, step);
				continue;
			}
			char want[64];
			summary_format_value(it, 0, want, sizeof want);
			if (strcmp(want, val)) {
				char msg[256];
				snprintf(msg, sizeof msg, "%s shows %s, --summary has %s", key, val, want);
				fail(wk, "%s (step %d)", msg, step);
			}
		}
	}
}

/* Words a class reading the screen aloud cannot read (issue 44): ggml's
 * variable names, llama.cpp's helpers, a parameter's key, a formula in
 * place of what it does.  kv_lora_rank only after the plain words. */
static const char *jargon(const char *t)
{
	static const char *const words[] = {"ik2", "rk2", "pad256", "e: tiny_",
					    "e^(m1-m)", "e^(m2-m)"};
	for (unsigned i = 0; i < sizeof words / sizeof words[0]; i++)
		if (strstr(t, words[i]))
			return words[i];
	for (const char *k = strstr(t, "kv_lora_rank"); k;
	     k = strstr(k + 1, "kv_lora_rank"))
		if (k - t < 7 || (strncmp(k - 7, "width (", 7) &&
				   strncmp(k - 7, "width: ", 7)))
			return "kv_lora_rank";
	return NULL;
}

/* The narration, the picture's and the state pane's rows in plain words. */
static void check_words(struct walk *wk, int step)
{
	const char *id = wk->r->def->cls->id, *w = jargon(wk->v.narration);
	const struct canvas *panes[] = {wk->v.pic, wk->v.side};
	char line[2048];
	for (int p = 0; p < 2 && !w; p++)
		for (int y = 0; y < panes[p]->h && !w; y++) {
			row_text(panes[p], y, line, sizeof line);
			w = jargon(line);
		}
	if (w)
		fail(wk, "%s step %d: \"%s\" on screen, not plain words", id,
		     step, w);
}

static void compose(struct walk *wk, enum overlay ov, struct picker *pk)
{
	struct frame_info fi = {.reg = wk->reg, .run = wk->r, .sum = wk->sum, .overlay = ov, .picker = pk,
				.edit_line = "ctx=1024", .edit_cursor = 8, .scene_sel = 0, .picker_typing = pk != NULL};
	frame_compose(wk->screen, &fi, &wk->v);
}

/* set: one line of KEY=VALUE separated by spaces, or NULL for the defaults;
 * model2: a second model's id shown beside the scene's own, or NULL. */
static void walk_scene(const struct registry *reg, const struct scene_def *def, int w, int h, FILE *golden,
		       const char *set, const char *model1, const char *model2)
{
	struct run r;
	struct summary sum;
	char err[600];
	struct walk wk = {.reg = reg, .r = &r, .sum = &sum, .w = w, .h = h};
	static struct model m1;   /* large: kept off the stack */
	if (model1 && model_find_load(&m1, model1, err, sizeof err) < 0) {
		T_OK(0, "walk: %s loads %s (%s)", def->cls->id, model1, err);
		return;
	}
	if (run_open(&r, def, model1 ? &m1 : NULL, err, sizeof err) < 0) {
		T_OK(0, "walk: %s opens (%s)", def->cls->id, err);
		return;
	}
	if (model2) {
		static struct model m2;
		if (model_find_load(&m2, model2, err, sizeof err) < 0 || run_set_model2(&r, &m2, err, sizeof err) < 0) {
			T_OK(0, "walk: %s takes %s as a second model (%s)", def->cls->id, model2, err);
			run_close(&r);
			return;
		}
	}
	if (set) {
		if (run_set_line(&r, set, err, sizeof err) < 0) {
			T_OK(0, "walk: %s takes %s (%s)", def->cls->id, set, err);
			run_close(&r);
			return;
		}
	}
	summary_init(&sum);
	if (run_summary(&r, &sum, err, sizeof err) < 0)
		T_OK(0, "walk: %s summary (%s)", def->cls->id, err);
	int pw, ph, sw, sh;
	frame_pane_sizes(w, h, FRAME_SUMMARY_ROWS, &pw, &ph, &sw, &sh);
	wk.screen = canvas_new(w, h);
	wk.v.pic = canvas_new(pw, ph);
	wk.v.side = canvas_new(sw, sh);
	for (int k = 0; k <= r.nsteps; k++) {
		run_goto(&r, k);
		run_render(&r, &wk.v);
		check_words(&wk, k);
		if (wk.v.pic->overflow || wk.v.side->overflow)
			fail(&wk, "%s step %d: text past the picture's or the state pane's edge", def->cls->id, k);
		if (wk.v.pic->overlap || wk.v.side->overlap)
			fail(&wk, "%s step %d: text written over other text (garbled)", def->cls->id, k);
		compose(&wk, OVERLAY_NONE, NULL);
		if (wk.screen->overflow)
			fail(&wk, "%s step %d: narration or summary text that does not fit", def->cls->id, k);
		check_frame(&wk, k);
		check_summary(&wk, k);
		if (golden) {
			fprintf(golden, "=== %s step %d/%d\n", def->cls->id, k, r.nsteps);
			canvas_dump(wk.screen, golden);
		}
	}
	/* The overlays, over the last step: closed, and their text inside. */
	static const struct {
		enum overlay ov;
		const char *name;
	} ovs[] = {{OVERLAY_HELP, "help"}, {OVERLAY_EDIT, "parameters"}, {OVERLAY_SCENES, "scenes"}};
	compose(&wk, OVERLAY_NONE, NULL);
	int base = wk.screen->overflow;   /* the frame's own, reported with its step above */
	for (unsigned o = 0; o < sizeof ovs / sizeof ovs[0]; o++) {
		compose(&wk, ovs[o].ov, NULL);
		check_overlay(&wk, ovs[o].name);
		if (wk.screen->overflow > base)
			fail(&wk, "%s overlay: text that does not fit%.0d", ovs[o].name, 0);
	}
	/* A message longer than the key bar: whole, over the summary's rows. */
	{
		struct frame_info fi = {.reg = wk.reg, .run = wk.r, .sum = wk.sum, .message_is_error = 1,
					.message = "attnviz: /home/teacher/models/a-model-with-a-long-name/config.json:12:7: "
						   "num_key_value_heads: 7 does not divide num_attention_heads 32"};
		frame_compose(wk.screen, &fi, &wk.v);
		if (wk.screen->overflow > base)
			fail(&wk, "%s: a long message is cut%.0d", "key bar", 0);
		check_frame(&wk, r.nsteps);
	}
	/* The model picker, with a path being typed, over the last model file. */
	static struct picker pk;
	if (!pk.entries)   /* kept for every walk: still reachable, not leaked */
		pk.entries = calloc(MODEL_LIST_MAX, sizeof *pk.entries);
	pk.n = pk.entries ? model_list(pk.entries, MODEL_LIST_MAX) : 0;
	pk.sel = pk.n - 1;
	pk.preview_err[0] = 0;
	pk.for_second = model2 != NULL;   /* opened with M: its own title, the second model named */
	snprintf(pk.second, sizeof pk.second, "%s", model2 ? r.model2.name : "");
	if (pk.n > 0)
		model_load(&pk.preview, pk.entries[pk.sel].path, pk.preview_err, sizeof pk.preview_err);
	compose(&wk, OVERLAY_PICKER, &pk);
	check_overlay(&wk, "picker");
	if (wk.screen->overflow > base)
		fail(&wk, "%s overlay: text that does not fit%.0d", "picker", 0);
	if (golden) {
		fprintf(golden, "=== %s parameters overlay\n", def->cls->id);
		compose(&wk, OVERLAY_EDIT, NULL);
		canvas_dump(wk.screen, golden);
	}
	char detail[480] = "";
	if (wk.failures)
		snprintf(detail, sizeof detail, " (%d problems; first: %s)", wk.failures, wk.first_failure);
	T_OK(wk.failures == 0, "walk %dx%d: %s%s%s%s%s whole on all %d steps and overlays%s", w, h, def->cls->id,
	     set ? " " : "", set ? set : "", model2 ? " beside " : "", model2 ? model2 : "", r.nsteps + 1, detail);
	summary_free(&sum);
	canvas_free(wk.screen);
	canvas_free(wk.v.pic);
	canvas_free(wk.v.side);
	run_close(&r);
}

/* The presenter's screen (p, the projector theme): every step of every
 * scene at 80x24 with the summary folded to one line, whole, the picture
 * two rows taller, and the line the count of checks the run has. */
static void folded_whole(const struct registry *reg)
{
	int pw, ph, sw, sh, fw, fh, fsw, fsh;
	frame_pane_sizes(80, 24, FRAME_SUMMARY_ROWS, &pw, &ph, &sw, &sh);
	frame_pane_sizes(80, 24, FRAME_FOLDED_ROWS, &fw, &fh, &fsw, &fsh);
	T_OK(fw == pw && fsw == sw &&
		 fh == ph + FRAME_SUMMARY_ROWS - FRAME_FOLDED_ROWS && fsh == fh,
	     "walk: folded, the picture and the state pane get the %d rows the "
	     "summary gives up (%d, not %d)",
	     FRAME_SUMMARY_ROWS - FRAME_FOLDED_ROWS, fh, ph);
	for (int i = 0; i < reg->n; i++) {
		const struct scene_def *def = &reg->defs[i];
		struct run r;
		struct summary sum;
		char err[600], line[2048], want[160];
		if (scene_measures(def) ||
		    run_open(&r, def, NULL, err, sizeof err) < 0)
			continue;
		summary_init(&sum);
		run_summary(&r, &sum, err, sizeof err);
		int checked, failed;
		summary_counts(&sum, &checked, &failed);
		snprintf(want, sizeof want, "│ ✓ %d checks pass · w explains ",
			 checked);
		struct walk wk = {
		    .reg = reg, .r = &r, .sum = &sum, .w = 80, .h = 24};
		wk.screen = canvas_new(80, 24);
		wk.v.pic = canvas_new(fw, fh);
		wk.v.side = canvas_new(fsw, fsh);
		for (int k = 0; k <= r.nsteps; k++) {
			run_goto(&r, k);
			run_render(&r, &wk.v);
			struct frame_info fi = {
			    .reg = reg, .run = &r, .sum = &sum, .folded = 1};
			frame_compose(wk.screen, &fi, &wk.v);
			check_frame(&wk, k);
			if (wk.screen->overflow || wk.v.pic->overflow ||
			    wk.v.side->overflow)
				fail(&wk, "%s step %d: text that does not fit",
				     def->cls->id, k);
			if (wk.v.pic->overlap || wk.v.side->overlap)
				fail(&wk,
				     "%s step %d: text written over other text "
				     "(garbled)",
				     def->cls->id, k);
			row_text(wk.screen, 22, line, sizeof line);
			if (strncmp(line, want, strlen(want)) ||
			    at(wk.screen, 0, 21) != 0x251c)
				fail(&wk,
				     "%s step %d: the folded summary is not "
				     "\"%s\" on the last row",
				     def->cls->id, k, want);
		}
		T_OK(failed == 0 && wk.failures == 0,
		     "walk 80x24 folded: %s whole on all %d steps, one summary "
		     "row%s%s",
		     def->cls->id, r.nsteps + 1, wk.failures ? ": " : "",
		     wk.failures ? wk.first_failure : "");
		summary_free(&sum);
		canvas_free(wk.screen);
		canvas_free(wk.v.pic);
		canvas_free(wk.v.side);
		run_close(&r);
	}
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 1 << 20, n = 0;
	char *buf = malloc(cap + 1);
	size_t got;
	while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap) {
			char *nb = realloc(buf, cap * 2 + 1);
			if (!nb) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = nb;
			cap *= 2;
		}
	}
	fclose(f);
	if (buf)
		buf[n] = 0;
	*len = n;
	return buf;
}

/* Compose reg's first scene at w x h with summary sum; returns the screen. */
static struct canvas *compose_with(const struct registry *reg, struct run *r, struct summary *sum, int w, int h)
{
	struct canvas *screen = canvas_new(w, h);
	int pw, ph, sw, sh;
	frame_pane_sizes(w, h, FRAME_SUMMARY_ROWS, &pw, &ph, &sw, &sh);
	struct view v = {.pic = canvas_new(pw, ph), .side = canvas_new(sw, sh)};
	run_render(r, &v);
	struct frame_info fi = {.reg = reg, .run = r, .sum = sum};
	frame_compose(screen, &fi, &v);
	canvas_free(v.pic);
	canvas_free(v.side);
	return screen;
}

/* Count, over a screen, the rows holding `what`. */
static int rows_with(const struct canvas *screen, const char *what)
{
	char line[2048];
	int n = 0;
	for (int y = 0; y < screen->h; y++) {
		row_text(screen, y, line, sizeof line);
		n += strstr(line, what) != NULL;
	}
	return n;
}

/* The summary pane on its own: a number is whole or, when even an empty
 * row cannot hold it, absent (…); what does not fit is counted (+N more). */
static void summary_pane_rules(const struct registry *reg)
{
	struct run r;
	struct summary sum;
	char err[600], line[2048];
	if (run_open(&r, &reg->defs[0], NULL, err, sizeof err) < 0)
		return;
	summary_init(&sum);
	for (int i = 0; i < 30; i++)   /* the example: 274877906944 was shown as 274877 */
		summary_check_int(&sum, HOW_FORMULA, 274877906944LL, 274877906944LL, "model_traffic_bytes.%d", 1024 << i % 8);
	struct canvas *screen = compose_with(reg, &r, &sum, 80, 24);
	int whole = 0, cut = 0;
	for (int y = 0; y < 24; y++) {
		row_text(screen, y, line, sizeof line);
		for (char *p = line; (p = strstr(p, "= 274877")) != NULL; p++)
			if (!strncmp(p, "= 274877906944 ", 15))
				whole++;
			else
				cut++;
	}
	/* 76 columns a row and entries of 41 ("✓ model_traffic_bytes.1024 = 274877906944"):
	 * one a row (two take 41 + 2 + 41 = 84), so 2 shown and 28 counted */
	T_OK(whole == 2 && cut == 0, "summary pane: every number shown is whole (%d whole, %d cut)", whole, cut);
	T_EQ_INT(rows_with(screen, "+28 more"), 1, "summary pane: the entries left out are counted (+28 more)");
	canvas_free(screen);
	summary_free(&sum);
	/* The longest key (47 characters) and a long float: at 80 columns, the
	 * smallest screen drawn, a row holds both, so the number is whole. */
	summary_init(&sum);
	summary_check_real(&sum, HOW_FORMULA, -1.23456789e-300, -1.23456789e-300, 0,
		       "a_forty_seven_character_key_for_the_pane_test_x");
	screen = compose_with(reg, &r, &sum, 80, 24);
	T_EQ_INT(rows_with(screen, "a_forty_seven_character_key_for_the_pane_test_x = …"), 0,
		 "summary pane: the longest key and a long number fit whole at 80 columns");
	T_EQ_INT(rows_with(screen, "e-300"), 1, "summary pane: that number is shown whole");
	canvas_free(screen);
	summary_free(&sum);
	/* Below 80x24 nothing of a scene is drawn: "terminal too small". */
	summary_init(&sum);
	screen = compose_with(reg, &r, &sum, 70, 20);
	T_EQ_INT(rows_with(screen, "terminal too small (need 80×24)"), 1, "frame: 70x20 says the terminal is too small");
	canvas_free(screen);
	summary_free(&sum);
	run_close(&r);
}

/* A scene that takes one model, with a second loaded: every step says on
 * screen that the second is not shown, and the frame stays whole. */
static void second_ignored(const struct registry *reg)
{
	static const char *const scenes[] = {"score-matrix", "fa-engines", "kv-quant"};
	static struct model m2;
	char err[600];
	if (model_find_load(&m2, "qwen2.5-7b", err, sizeof err) < 0) {
		T_OK(0, "second model loads (%s)", err);
		return;
	}
	for (unsigned i = 0; i < sizeof scenes / sizeof scenes[0]; i++) {
		const struct scene_def *def = registry_find(reg, scenes[i]);
		struct run r;
		if (!def || run_open(&r, def, NULL, err, sizeof err) < 0) {
			T_OK(0, "walk: %s opens", scenes[i]);
			continue;
		}
		int rc = run_set_model2(&r, &m2, err, sizeof err), missing = 0;
		struct summary sum;
		summary_init(&sum);
		run_summary(&r, &sum, err, sizeof err);
		struct walk wk = {.reg = reg, .r = &r, .sum = &sum, .w = 80, .h = 24};
		int pw, ph, sw, sh;
		frame_pane_sizes(80, 24, FRAME_SUMMARY_ROWS, &pw, &ph, &sw,
				 &sh);
		wk.screen = canvas_new(80, 24);
		wk.v.pic = canvas_new(pw, ph);
		wk.v.side = canvas_new(sw, sh);
		for (int k = 0; k <= r.nsteps; k++) {
			run_goto(&r, k);
			run_render(&r, &wk.v);
			compose(&wk, OVERLAY_NONE, NULL);
			check_frame(&wk, k);
			if (wk.screen->overflow || wk.v.pic->overflow || wk.v.side->overflow)
				fail(&wk, "%s step %d: text that does not fit", scenes[i], k);
			missing += rows_with(wk.screen, "is not shown") + rows_with(wk.screen, "2nd model not shown") == 0;
		}
		int at2 = 0;
		for (int j = 0; j < sum.n; j++)
			at2 += strchr(sum.items[j].key, '@') != NULL;
		T_OK(rc == 0 && missing == 0 && wk.failures == 0 && at2 == 0,
		     "%s beside a second model: %d of %d steps without the note, %d @2 keys, whole%s%s", scenes[i], missing,
		     r.nsteps + 1, at2, wk.failures ? ": " : "", wk.failures ? wk.first_failure : "");
		summary_free(&sum);
		canvas_free(wk.screen);
		canvas_free(wk.v.pic);
		canvas_free(wk.v.side);
		run_close(&r);
	}
}

/* Every shipped model in every scene that takes one, at 80x24, on its
 * first, middle and last steps: no text cut at a pane's edge, none written
 * over other text, the narration whole.  The golden frames use each
 * scene's own model; Llama 3's base 500000 once lost a digit on rope-pi. */
static void every_model_whole(const struct registry *reg)
{
	static struct model_entry entries[MODEL_LIST_MAX];
	static struct model m;
	int n = model_list(entries, MODEL_LIST_MAX), walked = 0, bad = 0;
	char err[600], first[300] = "";
	int pw, ph, sw, sh;
	frame_pane_sizes(80, 24, FRAME_SUMMARY_ROWS, &pw, &ph, &sw, &sh);
	struct canvas *screen = canvas_new(80, 24);
	struct view v = {.pic = canvas_new(pw, ph), .side = canvas_new(sw, sh)};
	for (int i = 0; i < n; i++) {
		if (model_load(&m, entries[i].path, err, sizeof err) < 0)
			continue;   /* a file that does not load: the model tests name it */
		for (int j = 0; j < reg->n; j++) {
			const struct scene_def *def = &reg->defs[j];
			struct run r;
			if (!def->file.model[0] || scene_measures(def) || run_open(&r, def, &m, err, sizeof err) < 0)
				continue;   /* no model, or one it refuses (its error is tested elsewhere) */
			const int at[3] = {0, r.nsteps / 2, r.nsteps};
			for (int k = 0; k < 3; k++) {
				run_goto(&r, at[k]);
				run_render(&r, &v);
				struct frame_info fi = {.reg = reg, .run = &r};
				frame_compose(screen, &fi, &v);
				int cut = v.pic->overflow + v.side->overflow + v.pic->overlap + v.side->overlap + screen->overflow;
				if (cut && bad++ == 0)
					snprintf(first, sizeof first, "%.40s -m %.63s step %d", def->cls->id, entries[i].id, at[k]);
				walked++;
			}
			run_close(&r);
		}
	}
	T_OK(walked > 0 && bad == 0, "walk 80x24: %d frames of every model in every scene that takes one, %d cut%s%s",
	     walked, bad, bad ? "; first: " : "", first);
	canvas_free(screen);
	canvas_free(v.pic);
	canvas_free(v.side);
}

void test_golden(void)
{
	struct registry reg;
	char err[600];
	static const int sizes[][2] = {{80, 24}, {120, 40}, {200, 60}};
	if (registry_load(&reg, err, sizeof err) < 0) {
		T_OK(0, "walk: registry loads (%s)", err);
		return;
	}
	/* The lesson's YaRN example uses llama.cpp's defaults: its scene file says the same numbers. */
	const struct scene_def *yarn = registry_find(&reg, "rope-yarn");
	double beta[2] = {0, 0};
	for (int i = 0; yarn && yarn->cls->params[i].name; i++)
		for (int b = 0; b < 2; b++)
			if (!strcmp(yarn->cls->params[i].name, b ? "beta_slow" : "beta_fast"))
				beta[b] = strtod(yarn->file.param_text[i], NULL);
	T_OK(beta[0] == MODEL_YARN_BETA_FAST && beta[1] == MODEL_YARN_BETA_SLOW,
	     "rope-yarn.ini: beta_fast %g and beta_slow %g are llama.cpp's defaults", beta[0], beta[1]);
	/* Two models side by side: each scene that compares two, beside a
	 * second model chosen to differ in what the scene is about. */
	static const struct {
		const char *scene, *model2;
	} pairs[] = {
		{"gqa", "qwen2.5-7b"},        /* 4 KV heads of 28 query heads against 8 of 32 */
		{"mla-bytes", "deepseek-v2-lite"},
		{"iswa", "gemma2-9b"},        /* every other layer local, window 4096 */
		{"cost", "mixtral-8x7b"},     /* MoE: 13B active of 47B */
		{"memory", "qwen3-next-80b"}, /* a hybrid: recurrent state beside the KV cache */
		{"fit", "llama3-8b"},
	};
	/* Gemma 4 as the one model: its sliding and full layers differ in KV
	 * heads and head sizes, which every model-driven scene shows and checks. */
	static const char *const own[] = {"score-matrix", "fa-engines", "gqa", "mla-bytes", "iswa", "cost", "memory", "fit"};
	static const char *const own_model = "gemma4-31b";
	int npairs = (int)(sizeof pairs / sizeof pairs[0]), ntwo = 0, nown = (int)(sizeof own / sizeof own[0]);
	for (int i = 0; i < reg.n; i++)
		ntwo += reg.defs[i].file.second != SECOND_NONE;
	T_EQ_INT(ntwo, npairs, "walk: every scene that compares two models has a pair to walk");
	for (int i = 0; i < reg.n + npairs + nown; i++) {
		int pair = i >= reg.n && i < reg.n + npairs, one = i >= reg.n + npairs;
		const char *id = pair ? pairs[i - reg.n].scene : one ? own[i - reg.n - npairs] : NULL;
		const struct scene_def *def = i < reg.n ? &reg.defs[i] : registry_find(&reg, id);
		const char *model2 = pair ? pairs[i - reg.n].model2 : NULL, *model1 = one ? own_model : NULL;
		if (!def) {
			T_OK(0, "walk: scene %s of a two-model pair or of %s exists", id, own_model);
			continue;
		}
		if (scene_measures(def))
			continue;   /* a measuring scene shows this machine's timings: no golden frame */
		for (unsigned z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
			char *text = NULL;
			size_t len = 0;
			FILE *g = z == 0 ? open_memstream(&text, &len) : NULL;
			walk_scene(&reg, def, sizes[z][0], sizes[z][1], g, NULL, model1, model2);
			if (!g)
				continue;
			fclose(g);
			char path[256];
			snprintf(path, sizeof path, "tests/golden/80x24/%s%s%s.txt", def->cls->id, model2 ? ".two" : "",
				 model1 ? ".gemma4-31b" : "");
			if (getenv("ATTNVIZ_UPDATE_GOLDEN")) {
				FILE *f = fopen(path, "w");
				if (f) {
					fputs(text, f);
					fclose(f);
				}
			}
			size_t wlen;
			char *want = slurp(path, &wlen);
			int same = want && wlen == len && !memcmp(want, text, len);
			T_OK(same, "golden 80x24: every step of %s matches %s%s", def->cls->id, path,
			     want ? "" : " (missing: write it with ATTNVIZ_UPDATE_GOLDEN=1 and read it)");
			if (want && !same) {
				/* the first differing frame */
				size_t d = 0;
				while (d < len && d < wlen && want[d] == text[d])
					d++;
				const char *fr = text + d;
				while (fr > text && !(fr[0] == '=' && fr[-1] == '\n'))
					fr--;
				const char *end = strstr(fr + 1, "\n===");
				printf("# got:\n%.*s\n", end ? (int)(end - fr) : 2000, fr);
			}
			free(want);
			free(text);
		}
	}
	summary_pane_rules(&reg);
	folded_whole(&reg);
	second_ignored(&reg);
	every_model_whole(&reg);
	/* Parameters a class tries that make lists long and vectors wide: at 80x24
	 * the same rules hold (+N more, whole numbers, nothing cut). */
	static const char *const variants[][2] = {
		{"online-softmax", "x=1,2,3,4,5,6,7,8,9,10,11,12,13,14,20,15,16,17,18,19"},
		{"online-row", "scores=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20 "
			       "values=1:0,0:1,1:1,2:0,0:2,1:-1,-1:1,3:3,2:2,1:1,1:0,0:1,1:1,2:0,0:2,1:-1,-1:1,3:3,2:2,-100:100"},
		{"tiled", "n=256 tile=64 d=16"},
		{"tiled", "n=100 tile=7 causal=1"},
		{"tiled", "n=256 tile=16 causal=1"},   /* more blocks than rows: a window, +N more */
		{"online-row", "scores=1,2,3 values=-1000:1000,0.001:0,250:-3"},   /* ticks at a large scale */
		{"mla-absorb", "heads=8"},
		{"mla-absorb", "heads=8 d_model=16 latent=16 head_dim=16"},
		{"swa", "n=40 window=20"},
		{"sinks", "n=512 sinks=4 recent=100"},
		{"sinks", "learned=1"},
		{"rope", "pairs=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"},
		{"rope-yarn", "d=256 pairs=0,20,40,60,80,100,120,127"},
		{"needle", "lengths=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16 depths=0,10,20,30,40,50,60,70,80,90,100 window=1"},
	};
	for (unsigned i = 0; i < sizeof variants / sizeof variants[0]; i++) {
		const struct scene_def *def = registry_find(&reg, variants[i][0]);
		if (def)
			walk_scene(&reg, def, 80, 24, NULL, variants[i][1], NULL, NULL);
	}
	registry_free(&reg);
}
