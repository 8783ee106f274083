#include "frame.h"

#include "keytable.h"

#include <stdio.h>
#include <string.h>

#include "size/size.h"
#include "scene/deploy_params.h"
#include "glyph.h"
#include "theme.h"

static int side_width(int w)
{
	int sw = w / 3;
	return sw < 24 ? 24 : sw > 40 ? 40 : sw;
}

/* A message too long for the key bar: shown on the summary pane's rows. */
static int message_in_pane(int w, const char *message)
{
	return message && *message && utf8_width(message) + 2 > w - 2;
}

int frame_summary_rows(int w, int folded, const char *message)
{
	return folded && !message_in_pane(w, message) ? FRAME_FOLDED_ROWS
						      : FRAME_SUMMARY_ROWS;
}

int frame_theme_folds(int theme)
{
	return theme == THEME_PROJECTOR;
}

void frame_pane_sizes(int w, int h, int summary_rows, int *pic_w, int *pic_h,
		      int *side_w, int *side_h)
{
	int sw = side_width(w);
	int ph = h - 4 - FRAME_NARRATION_ROWS - summary_rows;
	/* a blank column either side of each pane: text never abuts a divider */
	*pic_w = w - sw - 5;
	*pic_h = ph < 1 ? 1 : ph;
	*side_w = sw - 2;
	*side_h = *pic_h;
	if (*pic_w < 1)
		*pic_w = 1;
}

static void blit(struct canvas *dst, const struct canvas *src, int x0, int y0)
{
	for (int y = 0; y < src->h; y++)
		for (int x = 0; x < src->w; x++) {
			const struct cell *c = canvas_at(src, x, y);
			canvas_put(dst, x0 + x, y0 + y, c->ch, (enum role)c->role);
		}
}

static void too_small(struct canvas *s)
{
	char msg[80];
	snprintf(msg, sizeof msg, "terminal too small (need %d×%d)", FRAME_MIN_W, FRAME_MIN_H);
	int len = (int)strlen(msg) - 1;   /* '×' is two bytes, one column */
	int x = (s->w - len) / 2, y = s->h / 2;
	if (x < 0)
		x = 0;
	canvas_text(s, x, y, ROLE_HOT, msg);
	if (y + 1 < s->h)
		canvas_text(s, (s->w - 10) / 2 > 0 ? (s->w - 10) / 2 : 0, y + 1, ROLE_DIM, "q to quit");
}

/* The model's note (what llama.cpp does differently from its file, e.g. a
 * window it does not read) at the foot of the state pane, whole, where the
 * scene left those rows blank; a pane too full leaves it to the picker. */
static void model_note(struct canvas *s, const struct run *r, const struct canvas *side, int x0, int y0)
{
	if (!r->have_model || !r->model.note[0])
		return;
	int rows = canvas_wrap_lines(side->w, r->model.note), top = side->h - rows;
	if (top < 1)
		return;
	for (int y = top - 1; y < side->h; y++)   /* one blank row above it too */
		for (int x = 0; x < side->w; x++)
			if (canvas_at(side, x, y)->ch != ' ')
				return;
	canvas_wrap(s, x0, y0 + top, side->w, rows, ROLE_HOT, r->model.note);
}

#define SCRUB_W 8

/* The program's name heads every scene's title or none, so the titles
 * keep one shape from scene to scene: it is shown where the longest title
 * fits with it, a step count of two digits and the bar. */
static int name_fits(const struct frame_info *fi, int w)
{
	char buf[300];
	int n = fi->reg->n, room = utf8_width(" step 99/99 ▶ ");
	for (int i = 0; i < n; i++) {
		snprintf(buf, sizeof buf, " attnviz ── %d/%d  %s ", n, n,
			 fi->reg->defs[i].file.title);
		if (1 + utf8_width(buf) + 2 + SCRUB_W + 1 + room > w - 1)
			return 0;
	}
	return 1;
}

/* The top edge: scene number and title, model, step, and where the step is
 * in the scene as a bar of SCRUB_W blocks.  When the whole left part and the
 * bar do not fit, the left part sheds its least useful words first, the
 * program's name (for every scene alike, name_fits), then the scene's
 * number, so the title stays whole and the bar shows (at 80 columns, every
 * scene keeps its number: titles of up to 46 columns).  In a lesson the bar
 * gives way first, then the scene's number; the item's number stays.  Only
 * a title too wide even so is cut. */
static void title_bar(struct canvas *s, const struct frame_info *fi)
{
	const struct run *r = fi->run;
	const char *title = r->def->file.title;
	int index = registry_index(fi->reg, r->def) + 1, lesson = fi->lesson && fi->lesson_item >= 0;
	char lefts[3][300], right[80];
	if (lesson)   /* where the class is in the plan, in place of the name */
		snprintf(lefts[0], sizeof lefts[0], " item %d/%d ── %d/%d  %s ", fi->lesson_item + 1, fi->lesson->n, index,
			 fi->reg->n, title);
	else
		snprintf(lefts[0], sizeof lefts[0], " attnviz ── %d/%d  %s ", index, fi->reg->n, title);
	if (lesson)
		snprintf(lefts[1], sizeof lefts[1], " item %d/%d  %s ", fi->lesson_item + 1, fi->lesson->n, title);
	else
		snprintf(lefts[1], sizeof lefts[1], " %d/%d  %s ", index, fi->reg->n, title);
	snprintf(lefts[2], sizeof lefts[2], " %s ", title);
	/* The left parts and the bar in the order tried: a lesson keeps the
	 * scene's number over the bar (its steps are told by scene and step),
	 * and its item's number always. */
	struct attempt {
		int left, bar;
	};
	static const struct attempt plain[] = {{0, 1}, {1, 1}, {2, 1}, {0, 0}, {1, 0}, {2, 0}},
				    in_lesson[] = {{0, 1}, {0, 0}, {1, 1}, {1, 0}};
	const struct attempt *tries = lesson ? in_lesson : plain;
	int ntries = lesson ? 4 : 6,
	    skip_name = !lesson && !name_fits(fi, s->w);
	snprintf(right, sizeof right, " step %d/%d%s ", r->step, r->nsteps, fi->autoplay ? " ▶" : "");
	canvas_hline(s, 1, 0, s->w - 2, GLYPH_HLINE, ROLE_DIM);
	canvas_put(s, 0, 0, GLYPH_TOP_LEFT, ROLE_DIM);
	canvas_put(s, s->w - 1, 0, GLYPH_TOP_RIGHT, ROLE_DIM);
	/* The layout is chosen for the widest step and autoplay's mark, so it
	 * stays put while the steps go by (step 9 to step 10 once dropped the
	 * program's name). */
	char widest[80];
	snprintf(widest, sizeof widest, " step %d/%d ▶ ", r->nsteps, r->nsteps);
	int rw = utf8_width(right), pick = tries[ntries - 1].left, scrub = 0, room = utf8_width(widest);
	for (int i = 0; i < ntries; i++) {
		int bar = tries[i].bar && r->nsteps > 0;
		if (skip_name && tries[i].left == 0)
			continue;
		if (1 + utf8_width(lefts[tries[i].left]) + 2 + (bar ? SCRUB_W + 1 : 0) + room <= s->w - 1) {
			pick = tries[i].left, scrub = bar;
			break;
		}
	}
	const char *left = lefts[pick];   /* else the shortest, cut */
	int used = canvas_text(s, 1, 0, ROLE_LABEL, left);
	if (r->have_model) {
		char mid[200];
		snprintf(mid, sizeof mid, "── %s%s ", r->model.id, r->model_is_default ? "" : " (loaded)");
		if (pick == 0 && 1 + used + 30 + (scrub ? SCRUB_W + 1 : 0) < s->w - room)
			used += canvas_text(s, 1 + used, 0, ROLE_NORMAL, mid);
	}
	int rx = s->w - 1 - rw - (scrub ? SCRUB_W + 1 : 0);
	canvas_text(s, rx, 0, ROLE_LABEL, right);
	if (scrub) {
		/* filled blocks for the steps taken, light ones for those to come,
		 * rounded, but never empty past the first step nor full before the
		 * last (step 23/24 once showed full, step 1/9 empty) */
		int full = (r->step * SCRUB_W + r->nsteps / 2) / r->nsteps;
		if (r->step > 0 && full < 1)
			full = 1;
		if (r->step < r->nsteps && full > SCRUB_W - 1)
			full = SCRUB_W - 1;
		for (int i = 0; i < SCRUB_W; i++)
			canvas_put(s, rx + rw + i, 0, i < full ? GLYPH_FULL : GLYPH_LIGHT, i < full ? ROLE_ACCENT : ROLE_LABEL);
		canvas_put(s, rx + rw + SCRUB_W, 0, ' ', ROLE_DIM);
	}
	/* A title too long for the terminal is cut where the right part begins. */
	if (1 + used > rx)
		canvas_put(s, rx - 1, 0, GLYPH_ELLIPSIS, ROLE_DIM);
}

/* One summary entry as shown: "✓ key = value", or "✓ key = …" when the
 * whole entry cannot fit in `room` columns (a number is whole or absent). */
static int summary_entry(const struct summary_item *it, int room, int may_drop_value, char *buf, size_t len)
{
	char v[64];
	summary_format_value(it, 0, v, sizeof v);
	/* The mark, then the second way: L lesson, F formula, R reference. */
	static const char how_mark[] = {' ', 'L', 'F', 'R'};
	char mark[8];
	snprintf(mark, sizeof mark, "%s%c", it->status == SUMMARY_OK ? "✓" : "✗", how_mark[it->how]);
	snprintf(buf, len, "%s %s = %s", mark, it->key, v);
	int cols = utf8_width(buf);
	if (cols <= room)
		return cols;
	if (!may_drop_value)
		return -1;
	snprintf(buf, len, "%s %s = …", mark, it->key);
	cols = utf8_width(buf);
	return cols <= room ? cols : -1;
}

/* The presenter's screen: the pane folded to one line, the counts and
 * where the numbers are.  A failure is never folded away: it is counted in
 * words (FAIL), so it reads without colour and as ASCII (x, not +). */
static void summary_folded(struct canvas *s, int checked, int failed, int y0)
{
	int used;
	if (failed)
		used = canvas_printf(s, 2, y0, ROLE_FAIL,
				     "✗ %d of %d checks FAIL", failed, checked);
	else if (!checked)
		used = canvas_printf(s, 2, y0, ROLE_DIM, "nothing checked yet");
	else
		used = canvas_printf(s, 2, y0, ROLE_OK, "✓ %d checks pass",
				     checked);
	canvas_text(s, 2 + used, y0, ROLE_DIM, " · w explains");
}

/* The checked numbers, failures first, packed whole onto the pane's rows;
 * the last row ends in "+N more" when some do not fit (--summary has them all). */
static void summary_pane(struct canvas *s, const struct frame_info *fi, int y0,
			 int rows)
{
	const struct summary *sum = fi->sum;
	int checked = 0, failed = 0;
	if (!sum) {
		canvas_text(s, 2, y0, ROLE_DIM, "summary: not available");
		return;
	}
	summary_counts(sum, &checked, &failed);
	if (rows < FRAME_SUMMARY_ROWS) {
		summary_folded(s, checked, failed, y0);
		return;
	}
	int used;
	if (failed)
		used = canvas_printf(s, 2, y0, ROLE_FAIL, "summary  ✗ %d of %d checks FAIL", failed, checked);
	else if (!checked)   /* a benchmark not begun: "all 0 pass" would claim what was not done */
		used = canvas_printf(s, 2, y0, ROLE_DIM, "summary  nothing checked yet");
	else
		used = canvas_printf(s, 2, y0, ROLE_OK, "summary  ✓ all %d checks pass", checked);
	/* The marks' legend on the pane that shows them, then where the rest is. */
	static const char legend[] = "L lesson, F formula, R reference", hint[] = "w explains";
	int x0 = 2 + used + 2;
	if (x0 + utf8_width(legend) <= s->w - 2) {
		canvas_text(s, x0, y0, ROLE_LABEL, legend);
		x0 += utf8_width(legend) + 2;
	}
	if (x0 + utf8_width(hint) <= s->w - 2)
		canvas_text(s, x0, y0, ROLE_DIM, hint);
	int width = s->w - 4, row = 0, x = 0, shown = 0;
	/* " +N more" with as many digits as the checks have; the last row
	 * keeps a column more, so two blanks part its last entry from the
	 * count, as they part entries */
	const int more_w = snprintf(NULL, 0, " +%d more", checked);
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < sum->n; i++) {
			const struct summary_item *it = &sum->items[i];
			if (it->status == SUMMARY_NONE || (pass == 0) != (it->status == SUMMARY_FAIL))
				continue;
			char line[160];
			for (;;) {
				int last = row == FRAME_SUMMARY_ROWS - 2;
				int room = width - x - (last ? more_w + 1 : 0);
				int cols = summary_entry(it, room, x == 0, line, sizeof line);
				if (cols >= 0) {
					canvas_text(s, 2 + x, y0 + 1 + row, it->status == SUMMARY_OK ? ROLE_OK : ROLE_FAIL, line);
					x += cols + 2;
					shown++;
					break;
				}
				if (x == 0 && !last)
					break;       /* fits no row even without its value: left to --summary */
				if (last)
					goto full;
				row++, x = 0;
			}
		}
full:
	if (shown < checked) {   /* right-aligned, a blank before the border */
		char more[32];
		int n = snprintf(more, sizeof more, "+%d more", checked - shown);
		canvas_text(s, 2 + width - n, y0 + FRAME_SUMMARY_ROWS - 1, ROLE_DIM, more);
	}
}

static void key_bar(struct canvas *s, const struct frame_info *fi)
{
	int y = s->h - 1;
	canvas_hline(s, 1, y, s->w - 2, GLYPH_HLINE, ROLE_DIM);
	canvas_put(s, 0, y, GLYPH_BOTTOM_LEFT, ROLE_DIM);
	canvas_put(s, s->w - 1, y, GLYPH_BOTTOM_RIGHT, ROLE_DIM);
	if (fi->step_prompt) {   /* ':' typed: the number in view, with its cursor */
		char hint[80];
		snprintf(hint, sizeof hint, "  (0–%d, Enter go, Esc cancel) ", fi->run->nsteps);
		int used = canvas_text(s, 1, y, ROLE_ACCENT, " go to step: ");
		used += canvas_text(s, 1 + used, y, ROLE_ACCENT, fi->step_prompt);
		canvas_put(s, 1 + used++, y, GLYPH_FULL, ROLE_ACCENT);
		canvas_text(s, 1 + used, y, ROLE_LABEL, hint);
		return;
	}
	if (fi->message && *fi->message &&
	    !message_in_pane(s->w, fi->message)) {
		char msg[400];
		snprintf(msg, sizeof msg, " %s ", fi->message);
		canvas_text(s, 1, y, fi->message_is_error ? ROLE_FAIL : ROLE_ACCENT, msg);
		canvas_put(s, s->w - 1, y, GLYPH_BOTTOM_RIGHT, ROLE_DIM);
		return;
	}
	char keys[200];
	if (fi->busy)
		snprintf(keys, sizeof keys, " measuring…  x cancel  tab scene  e params  w explain  ? help  q quit ");
	else if (scene_measures(fi->run->def))   /* a measuring scene has no steps to take */
		snprintf(keys, sizeof keys, " r/Enter measure  tab scene  e params  w explain  ? help  q quit ");
	else if (fi->autoplay && s->w >= 94)   /* playing: how to stop it and change its pace */
		snprintf(keys, sizeof keys,
			 " →/space step  ← back  tab scene  a stop  +/- speed  e params  w explain  ? help  q quit ");
	else if (fi->autoplay)
		snprintf(keys, sizeof keys, " → step  ← back  tab scene  a stop  +/- speed  w explain  ? help  q quit ");
	else if (s->w >= 94)
		snprintf(keys, sizeof keys,
			 " →/space step  ← back  tab scene  a play  m model  e params  w explain  ? help  q quit ");
	else   /* a narrow screen keeps the keys a newcomer needs first */
		snprintf(keys, sizeof keys, " → step  ← back  tab scene  a play  m model  w explain  ? help  q quit ");
	canvas_text(s, 1, y, ROLE_LABEL, keys);
	canvas_put(s, s->w - 1, y, GLYPH_BOTTOM_RIGHT, ROLE_DIM);
}

/* Where an overlay of (at most) w x h sits on the screen: one rule for
 * drawing it and for finding what a mouse click hit. */
struct rect {
	int x, y, w, h;
};

static struct rect overlay_rect(const struct canvas *s, int w, int h)
{
	struct rect r;
	r.w = w > s->w - 2 ? s->w - 2 : w;
	r.h = h > s->h - 2 ? s->h - 2 : h;
	r.x = (s->w - r.w) / 2;
	r.y = (s->h - r.h) / 2;
	return r;
}

/* Draw the box; returns its inner area (one blank column each side). */
static struct rect overlay_box(struct canvas *s, int w, int h, const char *title)
{
	struct rect r = overlay_rect(s, w, h);
	canvas_fill(s, r.x, r.y, r.w, r.h, ' ', ROLE_NORMAL);
	/* A blank column each side on the box's rows, inside the frame's own
	 * border: no letter or divider of the screen under it peeks between
	 * the box and the frame. */
	if (r.x - 1 >= 1)
		canvas_fill(s, r.x - 1, r.y, 1, r.h, ' ', ROLE_NORMAL);
	if (r.x + r.w <= s->w - 2)
		canvas_fill(s, r.x + r.w, r.y, 1, r.h, ' ', ROLE_NORMAL);
	/* a divider's tee on the frame, its rule now blanked or under the
	 * box's side (a box as wide as the frame), is a plain side */
	for (int y = r.y; y < r.y + r.h; y++) {
		const struct cell *l = canvas_at(s, 0, y), *rt = canvas_at(s, s->w - 1, y);
		if (r.x <= 2 && l && l->ch == GLYPH_TEE_RIGHT)
			canvas_put(s, 0, y, GLYPH_VLINE, (enum role)l->role);
		if (r.x + r.w >= s->w - 2 && rt && rt->ch == GLYPH_TEE_LEFT)
			canvas_put(s, s->w - 1, y, GLYPH_VLINE, (enum role)rt->role);
	}
	canvas_box(s, r.x, r.y, r.w, r.h, ROLE_ACCENT, title);
	return (struct rect){r.x + 2, r.y + 1, r.w - 4, r.h - 2};
}

/* Text cut at `w` columns: for names and values in lists, where a longer
 * one ends in "…" rather than crossing the border. */
static void text_in(struct canvas *s, int x, int y, int w, enum role role, const char *t)
{
	char buf[600];
	size_t o = 0;
	int cols = 0, total = utf8_width(t);
	while (*t && o + 5 < sizeof buf) {
		uint32_t cp;
		t += utf8_decode(t, &cp);
		if (cols == w - 1 && total > w) {
			o += (size_t)utf8_encode(GLYPH_ELLIPSIS, buf + o);
			break;
		}
		o += (size_t)utf8_encode(cp, buf + o);
		cols++;
	}
	buf[o] = 0;
	canvas_text(s, x, y, role, buf);
}

/* A typed line with its cursor (a cell of its own, before the character
 * at byte offset cur), scrolled so the cursor is always in view; text out
 * of view on either side is marked "…". */
static void input_line(struct canvas *s, int x, int y, int w, const char *prompt, const char *text, size_t cur)
{
	uint32_t cps[300];
	int n = 0, ci = -1;
	for (const char *t = text; *t && n < 299;) {
		if ((size_t)(t - text) >= cur && ci < 0)
			ci = n;
		t += utf8_decode(t, &cps[n++]);
	}
	if (ci < 0)
		ci = n;
	int pw = canvas_text(s, x, y, ROLE_ACCENT, prompt), room = w - pw, total = n + 1, start = 0;
	if (room < 3)
		return;
	/* scrolled: the cursor next to the right edge, with the character after it in view */
	int keep = ci == n ? 2 : 3;
	if (total > room && ci > room - keep)
		start = ci - (room - keep);
	for (int i = 0; i < room && start + i < total; i++) {
		int cell = start + i;
		if ((i == 0 && start > 0) || (i == room - 1 && cell < total - 1 && cell != ci))
			canvas_put(s, x + pw + i, y, GLYPH_ELLIPSIS, ROLE_DIM);
		else if (cell == ci)
			canvas_put(s, x + pw + i, y, GLYPH_FULL, ROLE_ACCENT);   /* the cursor */
		else
			canvas_put(s, x + pw + i, y, cps[cell < ci ? cell : cell - 1], ROLE_ACCENT);
	}
}

#define HELP_KEYW 14
#define HELP_MAX_W 76
/* The two-column help: a key's column, then its brief (at most 22 columns:
 * keytable.h), and a gap between the two halves. */
#define HELP_KEYW2 13
#define HELP_GAP 2

static const char *const help_legend =
	"The summary pane checks each key number two ways: ✓ agreement, ✗ a failure; the letter names "
	"the second way: L the lesson's figure, F a closed formula written apart, R the same quantity by "
	"another algorithm. A number that does not fit shows as …; w explains each one, --summary prints them all.";
/* the same legend in two rows of 72, for the two-column help */
static const char *const help_legend_short =
	"Summary pane: ✓ checked two ways, ✗ a failure; L the lesson's "
	"figure, F a closed formula, R another algorithm; … a number too "
	"wide (w explains each one).";
static const char *const help_more = "More in the manual: man ./man/attnviz.1 (installed: man attnviz).";

/* The help's rows at inner width w: every key of the one key table, the
 * summary legend, where the manual is.  Two columns: each key with its
 * brief, so that the whole help fits 80x24, the projector's screen; else
 * one key a row with all it does.  Drawn into t when not NULL. */
static int help_rows(struct canvas *t, int w, int two)
{
	int y = 0, half = (key_help_count + 1) / 2, colw = (w - HELP_GAP) / 2;
	for (int i = 0; i < key_help_count; i++) {
		if (two) {
			int x = i < half ? 0 : colw + HELP_GAP;
			int row = i < half ? i : i - half;
			if (t) {
				canvas_text(t, x, row, ROLE_LABEL,
					    key_help[i].keys);
				canvas_text(t, x + HELP_KEYW2, row, ROLE_NORMAL,
					    key_help[i].brief);
			}
			y = half;
			continue;
		}
		int l = canvas_wrap_lines(w - HELP_KEYW, key_help[i].what);
		if (t) {
			canvas_text(t, 0, y, ROLE_LABEL, key_help[i].keys);
			canvas_wrap(t, HELP_KEYW, y, w - HELP_KEYW, l, ROLE_NORMAL, key_help[i].what);
		}
		y += l ? l : 1;
	}
	y++;
	const char *legend = two ? help_legend_short : help_legend;
	int l = canvas_wrap_lines(w, legend);
	if (t)
		canvas_wrap(t, 0, y, w, l, ROLE_NORMAL, legend);
	y += l + 1;
	l = canvas_wrap_lines(w, help_more);
	if (t)
		canvas_wrap(t, 0, y, w, l, ROLE_LABEL, help_more);
	return y + l;
}

static int help_width(int w)
{
	return w - 2 < HELP_MAX_W ? w - 2 : HELP_MAX_W;
}

/* Two columns when one key a row would scroll on a screen of w x h and the
 * briefs have room (the box's inner width, w - 4, and h - 4 rows). */
static int help_two(int w, int h)
{
	int iw = help_width(w) - 4;
	return help_rows(NULL, iw, 0) > h - 4 &&
	       (iw - HELP_GAP) / 2 >= HELP_KEYW2 + 22;
}

int frame_help_max_top(int w, int h)
{
	int bw = help_width(w), rows = help_rows(NULL, bw - 4, help_two(w, h));
	int page = (h - 2 < rows + 2 ? h - 2 : rows + 2) - 2;
	return rows > page ? rows - (page - 1) : 0;
}

/* The keys from the one key table, then the summary legend, wrapped inside
 * the box; on a screen too short even for two columns it scrolls (↑↓,
 * PgUp PgDn) and its last row says there is more. */
static void help_overlay(struct canvas *s, const struct frame_info *fi)
{
	int w = help_width(s->w), two = help_two(s->w, s->h);
	int rows = help_rows(NULL, w - 4, two);
	struct rect in = overlay_box(s, w, rows + 2, rows + 2 > s->h - 2 ? "keys (↑↓ PgUp PgDn scroll, other keys close)"
									   : "keys (any key closes)");
	struct canvas *t = canvas_new(in.w, rows);
	if (!t)
		return;
	help_rows(t, in.w, two);
	int scrolls = rows > in.h, page = scrolls ? in.h - 1 : in.h;
	int max = frame_help_max_top(s->w, s->h), top = fi->help_top < 0 ? 0 : fi->help_top > max ? max : fi->help_top;
	for (int y = 0; y < page && top + y < rows; y++)
		for (int x = 0; x < in.w; x++) {
			const struct cell *c = canvas_at(t, x, top + y);
			canvas_put(s, in.x + x, in.y + y, c->ch, (enum role)c->role);
		}
	canvas_free(t);
	if (scrolls)
		canvas_printf(s, in.x, in.y + in.h - 1, ROLE_DIM, "rows %d-%d of %d  %s", top + 1,
			      top + page < rows ? top + page : rows, rows, top < max ? "↓ more" : "(end)");
}

/* Word-wrap t into rows of w columns at (x, y), at most h rows, breaking at
 * spaces; a word longer than a row (a path) breaks after a '/' when it has
 * one.  Draws when s is not NULL; returns the rows used (or needed). */
static int wrap_words(struct canvas *s, int x, int y, int w, int h, enum role role, const char *t)
{
	int row = 0;
	if (w <= 0)
		return 0;
	while (*t && (!s || row < h)) {
		const char *p = t, *space = NULL, *slash = NULL;
		int cols = 0;
		while (*p && *p != '\n' && cols < w) {
			uint32_t cp;
			if (*p == ' ')
				space = p;
			else if (*p == '/' && p > t)
				slash = p + 1;
			p += utf8_decode(p, &cp);
			cols++;
		}
		const char *end = p;
		if (*p && *p != '\n' && *p != ' ')
			end = space && space > t ? space : slash ? slash : p;
		if (s) {
			char buf[600];
			size_t n = (size_t)(end - t) < sizeof buf - 1 ? (size_t)(end - t) : sizeof buf - 1;
			memcpy(buf, t, n);
			buf[n] = 0;
			canvas_text(s, x, y + row, role, buf);
		}
		t = end;
		while (*t == ' ' || *t == '\n')
			t++;
		row++;
	}
	return row;
}

/* The error of the last key, for an overlay that shows it itself, or NULL. */
static const char *overlay_error(const struct frame_info *fi)
{
	return fi->message && *fi->message && fi->message_is_error ? fi->message : NULL;
}

static void picker_overlay(struct canvas *s, const struct frame_info *fi)
{
	const struct picker *p = fi->picker;
	struct rect in = overlay_box(s, 76, 20, p->for_second ? "second model (↑↓ choose, Enter load as 2nd, D drop 2nd, Esc)"
							       : "model (↑↓ choose, Enter load, M 2nd, D no 2nd, / path, d lesson's, Esc)");
	int x = in.x, y = in.y - 1, w = in.w, h = in.h + 1;
	int listw = 26;
	if (fi->picker_typing) {
		/* The path prompt takes the first row, visible while typed. */
		input_line(s, x, in.y, w, "path: ", fi->edit_line ? fi->edit_line : "", fi->edit_cursor);
		y++, h--;
	}
	const char *err = overlay_error(fi);
	if (err) {
		/* The load's error, whole, on the box's last rows: the list gives them up. */
		int er = wrap_words(NULL, 0, 0, w, 0, ROLE_FAIL, err);
		if (er > h - 4)
			er = h - 4;
		h -= er;
		wrap_words(s, x, y + h, w, er, ROLE_FAIL, err);
	}
	if (p->n == 0)
		canvas_text(s, x, y + 1, ROLE_DIM, "no model files found");
	/* The list's rows, y + 1 .. y + h - 1: a window on the entries that
	 * holds the highlighted one, "↑ N more" above it and "+N more ↓" below
	 * when entries are out of view. */
	int slots = h - 1, first = 0, shown = p->n;
	if (p->n > slots) {
		if (p->sel < slots - 1)
			shown = slots - 1;
		else if (p->sel >= p->n - (slots - 1))
			first = p->n - (slots - 1), shown = slots - 1;
		else
			first = p->sel - (slots - 2) + 1, shown = slots - 2;
	}
	int ly = y + 1;
	canvas_fill(s, x, ly, listw - 1, slots, ' ', ROLE_NORMAL);   /* nothing left of a longer row */
	if (first > 0)
		canvas_printf(s, x, ly++, ROLE_DIM, "  ↑ %d more", first);
	for (int i = first; i < first + shown; i++) {
		char row[80];
		snprintf(row, sizeof row, "%s %s", i == p->sel ? "▸" : " ", p->entries[i].id);
		text_in(s, x, ly++, listw - 1, i == p->sel ? ROLE_ACCENT : ROLE_NORMAL, row);
	}
	if (first + shown < p->n)
		canvas_printf(s, x, ly, ROLE_DIM, "  +%d more ↓", p->n - (first + shown));
	int px = x + listw + 1, pw = w - listw - 1;
	if (p->n == 0)
		return;
	/* a rule between the names and the chosen one's facts, so a fact is
	 * not read as another model's (mistral-small-3.1 beside "KV ...") */
	canvas_vline(s, x + listw - 1, y + 1, h - 1, GLYPH_VLINE, ROLE_DIM);
	if (p->preview_err[0]) {
		canvas_text(s, px, y + 1, ROLE_FAIL, "does not load:");
		wrap_words(s, px, y + 2, pw, h - 2, ROLE_FAIL, p->preview_err);
		return;
	}
	const struct model *m = &p->preview;
	char line[200];
	canvas_wrap(s, px, y + 1, pw, 2, ROLE_LABEL, m->name);
	snprintf(line, sizeof line, "%s, %lld layers", model_kind_name(m->kind), (long long)m->layers);
	canvas_wrap(s, px, y + 3, pw, 1, ROLE_NORMAL, line);
	snprintf(line, sizeof line, "%lld heads, %lld KV heads × %lld", (long long)m->heads, (long long)m->kv_heads,
		 (long long)m->head_dim);
	canvas_wrap(s, px, y + 4, pw, 1, ROLE_NORMAL, line);
	if (m->kind == ATTN_MLA) {
		snprintf(line, sizeof line, "latent %lld + RoPE key %lld", (long long)m->kv_lora_rank,
			 (long long)m->qk_rope_head_dim);
		canvas_wrap(s, px, y + 5, pw, 1, ROLE_NORMAL, line);
	}
	if (m->sliding_window) {
		/* In words: "pattern 0" said nothing to a class. */
		int64_t local = model_local_layers(m);
		if (m->swa_ignored)
			snprintf(line, sizeof line, "window %lld, which llama.cpp ignores", (long long)m->sliding_window);
		else
			snprintf(line, sizeof line, "window %lld on %lld of %lld layers", (long long)m->sliding_window,
				 (long long)local, (long long)m->layers);
		canvas_wrap(s, px, y + 6, pw, 1, ROLE_NORMAL, line);
	}
	int64_t per = size_kv_bytes_token(m);   /* every layer that keeps a cache, per token */
	snprintf(line, sizeof line, "KV %lld bytes/token (%s)", (long long)per, model_cache_name(m->k_type));
	canvas_wrap(s, px, y + 8, pw, 1, ROLE_ACCENT, line);
	snprintf(line, sizeof line, "%.2f GiB at 128K without windows", per * 131072.0 / (1024.0 * 1024 * 1024));
	canvas_wrap(s, px, y + 9, pw, 1, ROLE_NORMAL, line);
	snprintf(line, sizeof line, "trained ctx %lld, RoPE base %g", (long long)m->ctx_train, m->rope_base);
	canvas_wrap(s, px, y + 10, pw, 1, ROLE_NORMAL, line);
	/* the weights its users download: the type, when the file states one */
	snprintf(line, sizeof line, "weights %.2f GiB%s%s, %s",
		 m->weights_bytes / (1024.0 * 1024 * 1024),
		 m->weights_type[0] ? " " : "", m->weights_type,
		 model_weights_word(m));
	canvas_wrap(s, px, y + 11, pw, 1, ROLE_NORMAL, line);
	/* the second model, beside the first on the scenes that compare two */
	if (p->second[0]) {
		snprintf(line, sizeof line, "2nd model: %s", p->second);
		canvas_wrap(s, px, y + 12, pw, 1, ROLE_LABEL, line);
	}
	int ny = y + 13;
	if (m->note[0])   /* what llama.cpp does differently from the file: the sizes above follow it */
		ny += canvas_wrap(s, px, ny, pw, h - 12, ROLE_HOT, m->note) + 1;
	if (ny < y + h)
		canvas_wrap(s, px, ny, pw, y + h - ny, ROLE_DIM, m->source);
}

/* A model scene's deployment (scene/deploy_params.h) in two columns, each
 * entry "name = value  flag": llama.cpp's flag says what it is.  An entry
 * wider than a column takes a row.  The rows it takes from y (drawn when
 * s is not NULL). */
static int deploy_rows(struct canvas *s, int x, int y, int iw,
		       const struct params *p)
{
	int col = (iw - 1) / 2, r = 1, right = 0;
	char e[200];
	if (s)
		canvas_text(s, x, y, ROLE_DIM,
			    "the deployment, as llama.cpp's flags:");
	for (int i = 0; i < DP_COUNT; i++) {
		snprintf(e, sizeof e, "%-8s = %-6s %s", p->specs[i].name,
			 p->val[i].text, deploy_params_flags[i]);
		int wide = (int)strlen(e) > col;
		if (!right || wide) /* a new row: this entry on its left */
			r++;
		int at = right && !wide ? x + col + 1 : x;
		if (s)
			canvas_wrap(s, at, y + r - 1, wide ? iw : col, 1,
				    p->val[i].is_default ? ROLE_NORMAL
							 : ROLE_ACCENT,
				    e);
		right = !right && !wide;
	}
	return r;
}

/* Each parameter: "name = value" (the value whole, wrapped), its help
 * wrapped under it; a model scene's deployment first, as deploy_rows
 * lays it out; the typed line last. */
static void edit_overlay(struct canvas *s, const struct frame_info *fi)
{
	const struct params *p = &fi->run->params;
	int w = s->w - 2 < 76 ? s->w - 2 : 76, iw = w - 4;
	int first = deploy_params_in(p->specs, p->n) ? DP_COUNT : 0;
	char row[300];
	int rows = first ? deploy_rows(NULL, 0, 0, iw, p) : 0;
	for (int i = first; i < p->n; i++) {
		snprintf(row, sizeof row, "%-10s = %s", p->specs[i].name, p->val[i].text);
		rows += canvas_wrap_lines(iw, row) + canvas_wrap_lines(iw - 13, p->specs[i].help);
	}
	const char *err = overlay_error(fi);
	int er = err ? wrap_words(NULL, 0, 0, iw, 0, ROLE_FAIL, err) : 0;
	struct rect in = overlay_box(s, w, (p->n ? rows : 1) + 4 + er, "parameters (type KEY=VALUE, Enter apply, Esc; R defaults)");
	if (er > in.h - 3)
		er = in.h - 3 > 0 ? in.h - 3 : 0;
	int y = in.y, bottom = in.y + in.h - 2 - er;
	if (er)   /* why the line was refused, whole, above it */
		wrap_words(s, in.x, bottom + 1, iw, er, ROLE_FAIL, err);
	if (p->n == 0)
		canvas_text(s, in.x, y, ROLE_DIM, "this scene has no parameters");
	if (first)
		y += deploy_rows(s, in.x, y, iw, p);
	for (int i = first; i < p->n; i++) {
		snprintf(row, sizeof row, "%-10s = %s", p->specs[i].name, p->val[i].text);
		int need = canvas_wrap_lines(iw, row) + canvas_wrap_lines(iw - 13, p->specs[i].help);
		if (y + need > bottom) {
			canvas_printf(s, in.x, bottom - 1 > y ? bottom - 1 : y, ROLE_DIM, "+%d more parameters (KEY=VALUE sets them too)",
				      p->n - i);
			break;
		}
		y += canvas_wrap(s, in.x, y, iw, bottom - y, p->val[i].is_default ? ROLE_NORMAL : ROLE_ACCENT, row);
		y += canvas_wrap(s, in.x + 13, y, iw - 13, bottom - y, ROLE_DIM, p->specs[i].help);
	}
	input_line(s, in.x, in.y + in.h - 1, iw, "> ", fi->edit_line ? fi->edit_line : "", fi->edit_cursor);
}

/* The frame's width at 80 columns: the longest id and title whole. */
#define SCENES_W (FRAME_MIN_W - 2)

static struct rect scenes_rect(const struct canvas *s, const struct frame_info *fi)
{
	return overlay_rect(s, SCENES_W, fi->reg->n + 2);
}

/* The scene list's window on the scenes when they do not all fit its
 * `slots` rows: it holds the highlighted one, with a row "↑ N more" above
 * and "+N more ↓" below when scenes are out of view (the picker's rule). */
struct scenes_win {
	int first, shown;   /* scenes first .. first + shown - 1 are drawn */
	int top_mark;       /* 1: the first row says "↑ N more" */
};

static struct scenes_win scenes_window(const struct frame_info *fi, int slots)
{
	int n = fi->reg->n, sel = fi->scene_sel;
	if (n <= slots)
		return (struct scenes_win){0, n, 0};
	if (sel < slots - 1)
		return (struct scenes_win){0, slots - 1, 0};
	if (sel >= n - (slots - 1))
		return (struct scenes_win){n - (slots - 1), slots - 1, 1};
	return (struct scenes_win){sel - (slots - 2) + 1, slots - 2, 1};
}

static void scenes_overlay(struct canvas *s, const struct frame_info *fi)
{
	struct rect r = scenes_rect(s, fi);
	struct rect in = overlay_box(s, r.w, r.h, "scenes (↑↓ Enter, a number, or click)");
	struct scenes_win win = scenes_window(fi, in.h);
	int y = in.y;
	if (win.top_mark)
		canvas_printf(s, in.x, y++, ROLE_DIM, "↑ %d more", win.first);
	for (int i = win.first; i < win.first + win.shown; i++) {
		char row[160];
		snprintf(row, sizeof row, "%s%2d  %-14s %s", i == fi->scene_sel ? "▸" : " ", fi->reg->defs[i].file.order,
			 fi->reg->defs[i].cls->id, fi->reg->defs[i].file.title);
		text_in(s, in.x - 1, y++, in.w + 1, i == fi->scene_sel ? ROLE_ACCENT : ROLE_NORMAL, row);
	}
	int below = fi->reg->n - win.first - win.shown;
	if (below > 0)
		canvas_printf(s, in.x, y, ROLE_DIM, "+%d more ↓", below);
}

/* One row of at most width columns cut from p (before end), broken at a
 * space when one is near; returns its byte length and where the next starts. */
static size_t wrap_row(const char *p, const char *end, int width, const char **next)
{
	const char *q = p, *space = NULL;
	for (int cols = 0; q < end && cols < width; cols++) {
		uint32_t cp;
		int n = utf8_decode(q, &cp);
		if (*q == ' ')
			space = q;
		q += n > 0 ? n : 1;
	}
	if (q >= end) {
		*next = end;
		return (size_t)(end - p);
	}
	if (*q == ' ') {
		*next = q + 1;
		return (size_t)(q - p);
	}
	if (space && space > p) {
		*next = space + 1;
		return (size_t)(space - p);
	}
	*next = q;
	return (size_t)(q - p);
}

/* Walk the text as wrapped rows: draw rows top .. top + h - 1 at (x, y) when
 * s is given; returns the number of rows.  A wrapped line continues two
 * columns right of its own indentation. */
static int explain_walk(const char *text, int width, struct canvas *s, int x, int y, int top, int h)
{
	int row = 0;
	for (const char *line = text; line && *line;) {
		const char *nl = strchr(line, '\n'), *end = nl ? nl : line + strlen(line);
		int lead = 0;
		while (line + lead < end && line[lead] == ' ' && lead < width / 2)
			lead++;
		const char *p = line;
		int first = 1;
		do {
			int indent = first ? 0 : lead + 2;
			const char *next;
			size_t len = wrap_row(p, end, width - indent, &next);
			if (s && row >= top && row < top + h) {
				char buf[1024];
				if (len >= sizeof buf)
					len = sizeof buf - 1;
				memcpy(buf, p, len);
				buf[len] = 0;
				int heading = first && (line[0] == '=' || (lead == 0 && strstr(buf, " = ")));
				enum role role = strstr(buf, "check:") ? (strstr(buf, "FAIL") ? ROLE_FAIL : ROLE_OK)
							 : heading ? ROLE_LABEL : ROLE_NORMAL;
				canvas_text(s, x + indent, y + row - top, role, buf);
			}
			row++;
			first = 0;
			p = next;
		} while (p < end);
		line = nl ? nl + 1 : NULL;
	}
	return row;
}

int frame_explain_rows(int w, const char *text)
{
	return explain_walk(text, w - 6, NULL, 0, 0, 0, 0);
}

int frame_explain_page(int h)
{
	return h - 4;
}

/* The w pane: the scene's --explain text, wrapped, scrolled to fi->explain_top. */
static void explain_overlay(struct canvas *s, const struct frame_info *fi)
{
	struct rect in = overlay_box(s, s->w - 2, s->h - 2, "explain (↑↓ PgUp PgDn scroll, w or Esc close)");
	int x = in.x, y = in.y, w = in.w, h = in.h;
	if (!fi->explain) {
		canvas_text(s, x, y, ROLE_DIM, "nothing to explain: the summary is not available");
		return;
	}
	/* never past the last page, whatever size the key that scrolled saw
	 * (a resize between the key and this redraw) */
	int rows = explain_walk(fi->explain, w, NULL, 0, 0, 0, 0);
	int top = fi->explain_top < rows - h ? fi->explain_top : rows - h;
	top = top > 0 ? top : 0;
	explain_walk(fi->explain, w, s, x, y, top, h);
	char where[64];
	int last = top + h < rows ? top + h : rows;
	snprintf(where, sizeof where, " rows %d-%d of %d ", rows ? top + 1 : 0,
		 last, rows);
	canvas_text(s, x + w - (int)strlen(where), y + h, ROLE_DIM, where);
}

/* The step's narration; in a lesson, the teacher's note first on the item's
 * first step, with the narration under it when both fit, else alone until →. */
static void narration_pane(struct canvas *s, const struct frame_info *fi, const struct view *view, int y)
{
	int w = s->w - 4;
	if (!fi->note || !*fi->note) {
		canvas_wrap(s, 2, y, w, FRAME_NARRATION_ROWS, ROLE_NORMAL, view->narration);
		return;
	}
	char buf[LESSON_NOTE + 16];
	snprintf(buf, sizeof buf, NOTE_PREFIX "%s", fi->note);
	int rows = canvas_wrap(s, 2, y, w, FRAME_NARRATION_ROWS, ROLE_ACCENT, buf);
	if (!fi->note_alone)
		canvas_wrap(s, 2, y + rows, w, FRAME_NARRATION_ROWS - rows, ROLE_NORMAL, view->narration);
	else if (rows < FRAME_NARRATION_ROWS)
		canvas_text(s, 2, y + FRAME_NARRATION_ROWS - 1, ROLE_DIM, "→ shows this step's narration");
}

/* The plan (L): one row per item, the one on screen marked; Enter jumps. */
static void lesson_overlay(struct canvas *s, const struct frame_info *fi)
{
	const struct lesson *l = fi->lesson;
	if (!l)
		return;
	char title[200];
	snprintf(title, sizeof title, "%s (↑↓ Enter go, Esc)", l->title);
	struct rect r = overlay_rect(s, 76, l->n + 2);
	struct rect in = overlay_box(s, r.w, r.h, title);
	int first = fi->lesson_sel - in.h + 1 > 0 ? fi->lesson_sel - in.h + 1 : 0;
	for (int i = first; i < l->n && i - first < in.h; i++) {
		const struct lesson_item *it = &l->items[i];
		char row[600];
		snprintf(row, sizeof row, "%s%2d %s %-14s %3d–%-3d %s", i == fi->lesson_sel ? "▸" : " ", i + 1,
			 i == fi->lesson_item ? "•" : " ", it->def->cls->id, it->first, it->last, it->note);
		text_in(s, in.x - 1, in.y + i - first, in.w + 1, i == fi->lesson_sel ? ROLE_ACCENT : ROLE_NORMAL, row);
	}
}

int frame_scene_at(const struct canvas *s, const struct frame_info *fi, int x, int y)
{
	struct rect r = scenes_rect(s, fi);
	if (x <= r.x || x >= r.x + r.w - 1 || y <= r.y || y >= r.y + r.h - 1)
		return -1;
	struct scenes_win win = scenes_window(fi, r.h - 2);
	int row = y - r.y - 1 - win.top_mark;
	return row >= 0 && row < win.shown ? win.first + row : -1;
}

void frame_compose(struct canvas *s, const struct frame_info *fi, const struct view *view)
{
	canvas_clear(s);
	if (s->w < FRAME_MIN_W || s->h < FRAME_MIN_H) {
		too_small(s);
		return;
	}
	int pw, ph, sw, sh,
	    sum_rows = frame_summary_rows(s->w, fi->folded, fi->message);
	frame_pane_sizes(s->w, s->h, sum_rows, &pw, &ph, &sw, &sh);
	int sep = 2 + pw + 1;           /* column of the bar between picture and state */
	int nar_y = 1 + ph + 1, sum_y = nar_y + FRAME_NARRATION_ROWS + 1;

	title_bar(s, fi);
	for (int y = 1; y < s->h - 1; y++) {
		canvas_put(s, 0, y, GLYPH_VLINE, ROLE_DIM);
		canvas_put(s, s->w - 1, y, GLYPH_VLINE, ROLE_DIM);
	}
	canvas_vline(s, sep, 1, ph, GLYPH_VLINE, ROLE_DIM);
	for (int y2 = nar_y - 1; y2 <= sum_y - 1; y2 += sum_y - nar_y) {
		canvas_hline(s, 1, y2, s->w - 2, GLYPH_HLINE, ROLE_DIM);
		canvas_put(s, 0, y2, GLYPH_TEE_RIGHT, ROLE_DIM);
		canvas_put(s, s->w - 1, y2, GLYPH_TEE_LEFT, ROLE_DIM);
	}
	canvas_put(s, sep, nar_y - 1, GLYPH_TEE_UP, ROLE_DIM);

	blit(s, view->pic, 2, 1);
	blit(s, view->side, sep + 2, 1);
	model_note(s, fi->run, view->side, sep + 2, 1);
	narration_pane(s, fi, view, nar_y);
	summary_pane(s, fi, sum_y, sum_rows);
	key_bar(s, fi);
	if (message_in_pane(s->w, fi->message)) {
		/* A message too long for the key bar takes the summary's rows, whole, until the next key. */
		canvas_fill(s, 1, sum_y, s->w - 2, FRAME_SUMMARY_ROWS, ' ', ROLE_NORMAL);
		canvas_wrap(s, 2, sum_y, s->w - 4, FRAME_SUMMARY_ROWS, fi->message_is_error ? ROLE_FAIL : ROLE_ACCENT,
			    fi->message);
	}

	switch (fi->overlay) {
	case OVERLAY_HELP: help_overlay(s, fi); break;
	case OVERLAY_PICKER: picker_overlay(s, fi); break;
	case OVERLAY_EDIT: edit_overlay(s, fi); break;
	case OVERLAY_SCENES: scenes_overlay(s, fi); break;
	case OVERLAY_EXPLAIN: explain_overlay(s, fi); break;
	case OVERLAY_LESSON: lesson_overlay(s, fi); break;
	case OVERLAY_NONE: break;
	}
}
