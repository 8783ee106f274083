/*
 * Scene pictures at 80x24 with the parameters a class tries: each check
 * reads the composed screen (as test_golden does) for what one fix promised.
 * ATTNVIZ_WALKSCENES_DUMP=1 prints every screen a check looks at.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frame.h"
#include "glyph.h"
#include "model/model.h"
#include "scene/driver.h"
#include "shot.h"
#include "t.h"

/* Scene id with `set` (blank-separated KEY=VALUE, or NULL) and model (or
 * NULL) at step k, composed at 80x24.  0, or -1 when it would not open. */
int shoot(const struct registry *reg, const char *id, const char *model, const char *set, int k,
		 struct shot *sh)
{
	struct run r;
	struct summary sum;
	struct model m;
	char err[600];
	const struct scene_def *def = registry_find(reg, id);
	memset(sh, 0, sizeof *sh);
	if (!def)
		return -1;
	if (model && model_find_load(&m, model, err, sizeof err) < 0)
		return -1;
	if (run_open(&r, def, model ? &m : NULL, err, sizeof err) < 0)
		return -1;
	if (set && run_set_line(&r, set, err, sizeof err) < 0) {
		run_close(&r);
		return -1;
	}
	summary_init(&sum);
	run_summary(&r, &sum, err, sizeof err);
	int pw, ph, sw, shh;
	frame_pane_sizes(80, 24, FRAME_SUMMARY_ROWS, &pw, &ph, &sw, &shh);
	sh->screen = canvas_new(80, 24);
	sh->pic = canvas_new(pw, ph);
	sh->side = canvas_new(sw, shh);
	struct view v = {.pic = sh->pic, .side = sh->side};
	run_goto(&r, k < 0 ? r.nsteps + 1 + k : k);
	sh->nsteps = r.nsteps;
	run_render(&r, &v);
	memcpy(sh->narration, v.narration, sizeof sh->narration);
	struct frame_info fi = {.reg = reg, .run = &r, .sum = &sum};
	frame_compose(sh->screen, &fi, &v);
	if (getenv("ATTNVIZ_WALKSCENES_DUMP")) {
		printf("=== shot %s %s %s step %d\n", id, model ? model : "", set ? set : "", k);
		canvas_dump(sh->screen, stdout);
	}
	summary_free(&sum);
	run_close(&r);
	return 0;
}

void shot_free(struct shot *sh)
{
	canvas_free(sh->screen);
	canvas_free(sh->pic);
	canvas_free(sh->side);
}

/* Text of canvas row y (UTF-8). */
void row_of(const struct canvas *c, int y, char *buf, size_t len)
{
	size_t o = 0;
	for (int x = 0; x < c->w && o + 5 < len; x++)
		o += (size_t)utf8_encode(canvas_at(c, x, y)->ch, buf + o);
	buf[o] = 0;
}

/* Rows of c holding what. */
int rows_holding(const struct canvas *c, const char *what)
{
	char line[1024];
	int n = 0;
	for (int y = 0; y < c->h; y++) {
		row_of(c, y, line, sizeof line);
		n += strstr(line, what) != NULL;
	}
	return n;
}

/* Cells of row y of c holding code point ch. */
static int row_cells(const struct canvas *c, int y, uint32_t ch)
{
	int n = 0;
	for (int x = 0; x < c->w; x++)
		n += canvas_at(c, x, y)->ch == ch;
	return n;
}

/* The first row of c holding what, or -1. */
int row_with(const struct canvas *c, const char *what)
{
	char line[1024];
	for (int y = 0; y < c->h; y++) {
		row_of(c, y, line, sizeof line);
		if (strstr(line, what))
			return y;
	}
	return -1;
}

/* Whether c holds code point ch in role anywhere. */
static int find_cell_role(const struct canvas *c, uint32_t ch, int role)
{
	for (int y = 0; y < c->h; y++)
		for (int x = 0; x < c->w; x++)
			if (canvas_at(c, x, y)->ch == ch &&
			    canvas_at(c, x, y)->role == role)
				return 1;
	return 0;
}

/* The column where `at`, a place in the row text `line`, is drawn: one a code point. */
static int col_of(const char *line, const char *at)
{
	int x = 0;
	for (const char *p = line; p < at; p++)
		x += ((unsigned char)*p & 0xc0) != 0x80;
	return x;
}

/* Cells of c holding code point ch. */
int cells_holding(const struct canvas *c, uint32_t ch)
{
	int n = 0;
	for (int y = 0; y < c->h; y++)
		for (int x = 0; x < c->w; x++)
			n += canvas_at(c, x, y)->ch == ch;
	return n;
}

/* The number written from column x of row y of c, or -1 when none is. */
static int number_at(const struct canvas *c, int x, int y)
{
	char line[1024];
	row_of(c, y, line, sizeof line);
	int col = 0;
	const char *p = line;
	while (*p && col < x) {
		uint32_t cp;
		p += utf8_decode(p, &cp);
		col++;
	}
	int v;
	return sscanf(p, "%d", &v) == 1 ? v : -1;
}

/* The "+N more WHERE" count of c, or 0 when none is shown. */
static int more_count(const struct canvas *c, const char *where)
{
	char line[1024], pat[64];
	snprintf(pat, sizeof pat, " more %s", where);
	for (int y = 0; y < c->h; y++) {
		row_of(c, y, line, sizeof line);
		char *m = strstr(line, pat);
		if (m) {
			while (m > line && m[-1] != '+')
				m--;
			return atoi(m);
		}
	}
	return 0;
}

/* tiled with 16 blocks at step k: every block row drawn carries its number,
 * the numbers run on, and with the "+N more" counts they add up to 16. */
static void tiled_hbm_labels(const struct registry *reg, int k)
{
	struct shot sh;
	if (shoot(reg, "tiled", NULL, "n=256 tile=16", k, &sh) < 0) {
		T_OK(0, "tiled n=256 tile=16 opens");
		return;
	}
	int drawn = 0, prev = -1, runs_on = 1;
	for (int y = 2; y < sh.pic->h; y++) {
		if (canvas_at(sh.pic, 0, y)->ch != GLYPH_FULL)
			continue;
		int b = number_at(sh.pic, 12, y);   /* after four blocks of 2 columns, a space each */
		runs_on &= b >= 0 && (prev < 0 || b == prev + 1);
		prev = b, drawn++;
	}
	int above = more_count(sh.pic, "above"), below = more_count(sh.pic, "below");
	T_OK(runs_on && drawn > 0, "tiled 16 blocks step %d: each of the %d block rows drawn is numbered in order", k, drawn);
	T_EQ_INT(above + drawn + below, 16, "tiled 16 blocks step %d: %d above + %d drawn + %d below are the 16 blocks",
		 k, above, drawn, below);
	T_EQ_INT(prev, 15 - below, "tiled 16 blocks step %d: the last row drawn is block %d", k, 15 - below);
	T_EQ_INT(sh.pic->overflow + sh.side->overflow, 0, "tiled 16 blocks step %d: nothing cut", k);
	shot_free(&sh);
}

/* The cell of c holding code point ch first (row by row), or 0 when none does. */
static int find_cell(const struct canvas *c, uint32_t ch, int *x, int *y)
{
	for (*y = 0; *y < c->h; (*y)++)
		for (*x = 0; *x < c->w; (*x)++)
			if (canvas_at(c, *x, *y)->ch == ch)
				return 1;
	return 0;
}

/* sinks: each bar's column carries the letter of its kind (s sink, m
 * middle, r recent) in the bar's own role, for monochrome where the sink's
 * and the middle's bars are both bold; the legend names the three. */
static void sinks_letters(const struct registry *reg, const char *set, int sinks, int middle_min)
{
	struct shot sh;
	if (shoot(reg, "sinks", NULL, set, 3, &sh) < 0) {
		T_OK(0, "sinks %s opens", set ? set : "");
		return;
	}
	int axis = -1;   /* the row under the bars: position 0's letter under its bar */
	for (int y = 1; y < sh.pic->h && axis < 0; y++)
		axis = canvas_at(sh.pic, 0, y)->ch == 's' && canvas_at(sh.pic, 0, y - 1)->ch == GLYPH_FULL ? y : -1;
	int s = 0, m = 0, r = 0, agree = axis > 0;
	for (int x = 0; axis > 0 && x < sh.pic->w; x++) {
		uint32_t ch = canvas_at(sh.pic, x, axis)->ch;
		if (ch != 's' && ch != 'm' && ch != 'r')
			continue;
		s += ch == 's', m += ch == 'm', r += ch == 'r';
		/* the bottom bar row above the letter: its role is the letter's kind */
		const struct cell *bar = canvas_at(sh.pic, x, axis - 1);
		int want = ch == 's' ? ROLE_HOT : ch == 'm' ? ROLE_BAR2 : ROLE_BAR;
		agree &= bar->ch == GLYPH_DOT || bar->role == want;
	}
	T_EQ_INT(s, sinks, "sinks %s: one s a sink position", set ? set : "");
	T_OK(m >= middle_min, "sinks %s: the middle's columns are marked m (%d)", set ? set : "", m);
	T_OK(agree && r > 0, "sinks %s: each letter sits under a bar of its kind", set ? set : "");
	T_EQ_INT(rows_holding(sh.side, "s █ sink positions") + rows_holding(sh.side, "m █ middle") +
			 rows_holding(sh.side, "r █ recent W"),
		 3, "sinks: the legend names the letters s, m and r");
	shot_free(&sh);
}

/* One picture of sinks' stream (the newest token tok) checked: bars stand
 * at the positions on the pos row, a dot per evicted one, blanks after
 * tok. */
static void sinks_stream_check(const struct canvas *pic, int tok, int *agree,
			       int *dots_ok, int *blank_ok, int *letters_ok)
{
	/* the axis: the row whose first cell is position 0's s (its letters
	 * stop at the newest token) */
	int axis = -1, posrow = row_with(pic, "pos ");
	for (int y = 1; y < pic->h && axis < 0; y++)
	{
		uint32_t above = canvas_at(pic, 0, y - 1)->ch;
		if (canvas_at(pic, 0, y)->ch == 's' &&
		    above >= GLYPH_LOWER_EIGHTH && above <= GLYPH_FULL)
			axis = y;
	}
	if (axis < 1 || posrow < 0) {
		*agree = 0;
		return;
	}
	int listed[20] = {0}, dots = 0;
	char line[1024];
	row_of(pic, posrow, line, sizeof line);
	for (char *p = line + 3; *p;) {   /* the numbers after "pos" */
		char *end;
		long v = strtol(p, &end, 10);
		if (end == p) {
			p++;
			continue;
		}
		if (v >= 0 && v < 20)
			listed[v] = 1;
		p = end;
	}
	for (int pos = 0; pos < 20; pos++) {
		uint32_t ch = canvas_at(pic, pos * 2, axis - 1)->ch;
		int bar = ch >= GLYPH_LOWER_EIGHTH && ch <= GLYPH_FULL;
		*agree &= bar == listed[pos];
		dots += ch == GLYPH_DOT;
		*blank_ok &= pos <= tok || ch == ' ';
		/* the letter: s, then m, then r for the last 8 of the tokens
		 * arrived (tok + 1 of them); none under one still to come */
		char want = pos > tok ? ' ' : pos < 4 ? 's'
			    : pos > tok - 8 ? 'r' : 'm';
		uint32_t got = canvas_at(pic, pos * 2, axis)->ch;
		*letters_ok &= got == (uint32_t)want;
	}
	/* 12 places: from token 12 on, each token evicts one middle position */
	*dots_ok &= dots == (tok >= 12 ? tok - 11 : 0);
}

/* sinks (n 20, 4 sinks, W 8), while the stream fills: the bars are the
 * cache of that token, at the steps and in the frames between them, where
 * the tokens stream in.  Read two ways from the screen: the positions with
 * a bar are the numbers on the stream's pos row; a dot marks each position
 * evicted so far, and the positions after the newest token are blank. */
static void sinks_stream_follows(const struct registry *reg)
{
	int agree = 1, dots_ok = 1, blank_ok = 1, letters_ok = 1;
	int seen[20] = {0}, nseen = 0;
	int pw, ph, sw, sh;
	char err[600], nb[64];
	struct run r;
	if (run_open(&r, registry_find(reg, "sinks"), NULL, err, sizeof err) <
	    0) {
		T_OK(0, "sinks opens (%s)", err);
		return;
	}
	frame_pane_sizes(80, 24, FRAME_SUMMARY_ROWS, &pw, &ph, &sw, &sh);
	struct view v = {.pic = canvas_new(pw, ph), .side = canvas_new(sw, sh)};
	for (int k = 0; k <= r.nsteps; k++) {
		run_goto(&r, k);
		int tw = run_tween_frames(&r);
		for (int i = tw; i >= 0; i--) {   /* the frames, then the step */
			run_render_tween(&r, &v, i > 0 ? tw + 1 - i : 0);
			int y = row_with(v.side, "bars: cache at token ");
			if (y < 0)
				continue;
			row_of(v.side, y, nb, sizeof nb);
			int tok = atoi(strstr(nb, "token ") + 6);
			if (tok >= 0 && tok < 20 && !seen[tok]++)
				nseen++;
			sinks_stream_check(v.pic, tok, &agree, &dots_ok,
					   &blank_ok, &letters_ok);
		}
	}
	run_close(&r);
	canvas_free(v.pic);
	canvas_free(v.side);
	T_OK(agree && nseen == 20,
	     "sinks stream: at each of the 20 tokens (%d shown, at steps or "
	     "between), bars stand at exactly the positions cached",
	     nseen);
	T_OK(dots_ok, "sinks stream: one dot per position evicted so far (none before token 12)");
	T_OK(blank_ok, "sinks stream: positions not yet arrived are blank");
	T_OK(letters_ok, "sinks stream: s, m and r as the tokens arrived so "
			 "far: the last 8 of them recent");
}

/* online-softmax with negative scores: every bar runs from 0 (the column
 * of dots), left for a negative score, so its length is proportional to
 * |x|: -2 as long as +2, twice -1, and the minimum has a bar. */
static void online_softmax_from_zero(const struct registry *reg)
{
	struct shot sh;
	if (shoot(reg, "online-softmax", NULL, "x=-2,-1,1,2", 4, &sh) < 0) {
		T_OK(0, "online-softmax x=-2,-1,1,2 opens");
		return;
	}
	int len[4] = {0}, zero[4], same_zero = 1;
	for (int i = 0; i < 4; i++) {
		char tag[16];
		snprintf(tag, sizeof tag, "x[%d]", i);
		int y = row_with(sh.pic, tag), x0 = -1;
		for (int x = 15; y >= 0 && x < sh.pic->w && x0 < 0; x++)
			x0 = canvas_at(sh.pic, x, y)->ch == GLYPH_DOT ? x : -1;
		zero[i] = x0;
		same_zero &= x0 > 0 && x0 == zero[0];
		/* cells of bar (or m's mark on it) next to the axis, the side of x's sign */
		for (int x = x0 + (i < 2 ? -1 : 1); x0 > 0 && x > 0 && x < sh.pic->w; x += i < 2 ? -1 : 1) {
			uint32_t ch = canvas_at(sh.pic, x, y)->ch;
			if (ch != GLYPH_FULL && ch != GLYPH_VLINE && !(ch > GLYPH_FULL && ch < GLYPH_LIGHT))
				break;
			len[i]++;
		}
	}
	T_OK(same_zero, "online-softmax negatives: one column of dots is 0 on every row");
	T_OK(len[0] > 0 && abs(len[0] - len[3]) <= 1, "online-softmax negatives: -2 (%d cells) as long as +2 (%d)",
	     len[0], len[3]);
	T_OK(len[1] > 0 && abs(len[1] - len[2]) <= 1, "online-softmax negatives: -1 (%d cells) as long as +1 (%d)",
	     len[1], len[2]);
	T_OK(abs(len[0] - 2 * len[1]) <= 1, "online-softmax negatives: -2 (%d cells) twice -1 (%d)", len[0], len[1]);
	shot_free(&sh);
}

/* Cells holding ch in the dial above the label "pair N" (x0, y0): the rows
 * above it up to a blank one or the row of the labels above. */
static int dial_cells(const struct canvas *c, int x0, int y0, uint32_t ch)
{
	int n = 0;
	for (int y = y0 - 1; y >= 0 && y >= y0 - 9; y--) {
		int blank = 1;
		char line[1024];
		row_of(c, y, line, sizeof line);
		if (strstr(line, "pair "))
			break;
		for (int x = x0 - 2; x < x0 + 9 && x < c->w; x++) {
			const struct cell *cl = canvas_at(c, x, y);
			blank &= !cl || cl->ch == ' ';
			n += cl && cl->ch == ch;
		}
		if (blank)
			break;
	}
	return n;
}

/* rope clocks: a dial shows ★ exactly when the side table's angle has one
 * (the hand went past the trained angle), and after a wrap the tip that
 * points back into the • arc is a plain ●: the ★ is then the arc it
 * crossed, never a spot shaded trained. */
static void rope_star_on_dial(const struct registry *reg, const char *id, int k, int wrapped_pair)
{
	struct shot sh;
	if (shoot(reg, id, NULL, NULL, k, &sh) < 0) {
		T_OK(0, "%s opens", id);
		return;
	}
	int agree = 1, dials = 0, wrapped_ok = 0;
	char line[1024];
	for (int y = 0; y < sh.pic->h; y++) {
		row_of(sh.pic, y, line, sizeof line);
		for (char *p = strstr(line, "pair "); p; p = strstr(p + 5, "pair ")) {
			int pair = atoi(p + 5), col = 0;
			for (const char *q = line; q < p;) {
				uint32_t cp;
				q += utf8_decode(q, &cp);
				col++;
			}
			int stars = dial_cells(sh.pic, col, y, GLYPH_STAR);
			/* the side table: "pair wavelength angle", a ★ after the angle */
			int starred = -1;
			for (int ty = 0; ty < sh.side->h; ty++) {
				char row[256];
				int tp;
				row_of(sh.side, ty, row, sizeof row);
				if (sscanf(row, "%d", &tp) == 1 && tp == pair)
					starred = strstr(row, "★") != NULL;
			}
			if (starred < 0)
				continue;
			dials++;
			agree &= (stars > 0) == starred;
			if (pair == wrapped_pair)
				wrapped_ok = stars >= 2 && dial_cells(sh.pic, col, y, GLYPH_DISC) == 1;
		}
	}
	T_OK(agree && dials >= 6, "%s step %d: each of %d dials shows ★ exactly when its angle has one", id, k, dials);
	T_OK(wrapped_ok, "%s step %d: pair %d, wrapped into its trained arc: a ● tip, ★ on the arc it crossed", id, k,
	     wrapped_pair);
	shot_free(&sh);
}

/* online-row: the plane at the same scale on both sides of each axis, ticks
 * with their values, and the arrow the legend names drawn. */
static void online_row_plot(const struct registry *reg)
{
	struct shot sh;
	int ox, oy;
	/* Four values one unit from the origin, one each way. */
	if (shoot(reg, "online-row", NULL, "scores=1,2,3,4 values=0:1,0:-1,1:0,-1:0", 0, &sh) == 0) {
		if (find_cell(sh.pic, GLYPH_CROSS, &ox, &oy)) {
			int up = 0, down = 0, left = 0, right = 0;
			for (int k = 1; k < sh.pic->h; k++) {
				up = !up && oy - k >= 0 && canvas_at(sh.pic, ox, oy - k)->ch == GLYPH_DISC ? k : up;
				down = !down && oy + k < sh.pic->h && canvas_at(sh.pic, ox, oy + k)->ch == GLYPH_DISC ? k : down;
				left = !left && ox - k >= 0 && canvas_at(sh.pic, ox - k, oy)->ch == GLYPH_DISC ? k : left;
				right = !right && ox + k < sh.pic->w && canvas_at(sh.pic, ox + k, oy)->ch == GLYPH_DISC ? k : right;
			}
			T_OK(up > 0 && up == down, "online-row: (0, 1) is %d rows above the axis, (0, -1) %d below", up, down);
			T_OK(left > 0 && left == right, "online-row: (-1, 0) is %d columns left, (1, 0) %d right", left, right);
			T_OK(2 * right >= 3 * up && 2 * right <= 5 * up,
			     "online-row: a unit is 1.5 to 2.5 times as many columns (%d) as rows (%d): near square", right, up);
			char line[1024];
			row_of(sh.pic, oy + 1, line, sizeof line);
			T_OK(strstr(line, "-0.5") && strstr(line, "0.5  1"), "online-row: the x axis's ticks carry values (%s)", line);
			T_EQ_INT(rows_holding(sh.pic, "-0.5 ┤"), 1, "online-row: the y axis's ticks carry values");
			T_EQ_INT(rows_holding(sh.side, "a tick every 0.5"), 1, "online-row: the legend names the tick step");
		} else
			T_OK(0, "online-row: the origin is drawn as a cross");
		shot_free(&sh);
	}
	/* The lesson's Example 3: after key 2 acc = (0.5032, 1.3679) points up and right. */
	static const uint32_t tips[] = {GLYPH_ARROW_E, GLYPH_ARROW_NE, GLYPH_ARROW_N, GLYPH_ARROW_NW,
					GLYPH_ARROW_W, GLYPH_ARROW_SW, GLYPH_ARROW_S, GLYPH_ARROW_SE};
	for (int k = 1; k <= 7; k++)
		if (shoot(reg, "online-row", NULL, NULL, k, &sh) == 0) {
			int legend = row_with(sh.side, k == 7 ? "the output acc/s" : "acc, an arrow from 0");
			uint32_t tip = legend >= 0 ? canvas_at(sh.side, 0, legend)->ch : 0;
			int is_arrow = 0;
			for (int i = 0; i < 8; i++)
				is_arrow |= tip == tips[i];
			T_OK(is_arrow && cells_holding(sh.pic, tip) == 1,
			     "online-row step %d: the legend's arrow tip U+%04X is drawn once in the plane", k, (unsigned)tip);
			if (k == 3)
				T_EQ_INT(tip, GLYPH_ARROW_N, "online-row step 3: acc (0.5032, 1.3679) points north (70 degrees)");
			T_EQ_INT(sh.pic->overflow + sh.side->overflow, 0, "online-row step %d: nothing cut", k);
			shot_free(&sh);
		}
}

/* Issue 19's leftovers: what a picture labels, what its legend says, what
 * the narration claims against the run's own counters. */
/* Text once cut at 80x24 (the second walk): fa-engines' reasons on their
 * one row, whole; online-softmax's rescale with both maxes whole. */
static void walk2_whole(const struct registry *reg)
{
	static const struct {
		const char *id, *model, *set;
		int step;
		const char *whole;
	} cs[] = {
	    {"fa-engines", "deepseek-v3", NULL, 5,
	     "FLASHMLA        MLA: taken if those above fail"},
	    {"fa-engines", "gpt-oss-20b", "cc=8.0", 5,
	     "FLASH_ATTN      learned sinks need cc 9.0"},
	    /* past the trained context, as the memory scene and llama.cpp say */
	    {"iswa", "llama3-8b", NULL, 4, "! > n_ctx_train 8192"},
	    {"online-softmax", NULL, "x=-2,10,3.5,-7,123.25", 5,
	     "× exp(10 − 123.25)"},
	};
	for (unsigned i = 0; i < sizeof cs / sizeof cs[0]; i++) {
		struct shot sh;
		if (shoot(reg, cs[i].id, cs[i].model, cs[i].set, cs[i].step, &sh) < 0) {
			T_OK(0, "%s step %d renders", cs[i].id, cs[i].step);
			continue;
		}
		T_EQ_INT(rows_holding(sh.screen, cs[i].whole) > 0, 1, "%s %s %s step %d: \"%s\" whole", cs[i].id,
			 cs[i].model ? cs[i].model : "", cs[i].set ? cs[i].set : "", cs[i].step, cs[i].whole);
		shot_free(&sh);
	}
}

/* Every scene's summary pane at 80x24, first and last step: two blanks
 * part the last entry from "+N more", as they part entries (swa's read
 * "evicted.3 = -1 +22 more"). */
static void summary_more_apart(const struct registry *reg)
{
	int seen = 0, bad = 0;
	char why[200] = "";
	for (int i = 0; i < reg->n; i++)
		for (int k = 0; k >= -1; k--) {
			struct shot sh;
			if (shoot(reg, reg->defs[i].cls->id, NULL, NULL, k, &sh) < 0)
				continue;
			char row[400];
			for (int y = 0; y < sh.screen->h; y++) {
				row_of(sh.screen, y, row, sizeof row);
				char *m = strstr(row, " more");
				char *p = m;
				while (p && p > row && p[-1] >= '0' && p[-1] <= '9')
					p--;
				if (!m || p == m || p - row < 3 || p[-1] != '+' || !strstr(row, " = "))
					continue;
				seen++;
				if ((p[-2] != ' ' || p[-3] != ' ') && !bad++)
					snprintf(why, sizeof why, "%s: %.150s", reg->defs[i].cls->id, row);
			}
			shot_free(&sh);
		}
	T_OK(seen > 10 && !bad, "summary panes: %d \"+N more\" two blanks from the last entry (%d not%s%s)", seen, bad,
	     bad ? ": " : "", why);
}

/* sinks step 4: the learned sink logit's weight (43.7 %, more than any
 * key's) is drawn, a bar over L taller than every recent key's (a walk
 * found the picture the same as step 2's, the sink nowhere). */
static void sinks_learned_bar(const struct registry *reg)
{
	struct shot sh;
	if (shoot(reg, "sinks", NULL, NULL, 4, &sh) < 0) {
		T_OK(0, "sinks step 4 renders");
		return;
	}
	int ax = -1, ay = -1, tallest_key = 0, sink = 0;
	for (int y = 0; y < sh.pic->h && ax < 0; y++)
		for (int x = 0; x < sh.pic->w; x++)
			if (canvas_at(sh.pic, x, y)->ch == 'L' && canvas_at(sh.pic, 0, y)->ch == 's')
				ax = x, ay = y;
	for (int x = 0; ax >= 0 && x < sh.pic->w; x++) {
		int cells = 0;
		for (int y = ay - 1; y >= 0 && canvas_at(sh.pic, x, y)->ch >= GLYPH_LOWER_EIGHTH &&
				     canvas_at(sh.pic, x, y)->ch <= GLYPH_FULL;
		     y--)
			cells++;
		if (x == ax)
			sink = cells;
		else if (canvas_at(sh.pic, x, ay)->ch == 'r' && cells > tallest_key)
			tallest_key = cells;
	}
	T_OK(ax >= 0 && sink > tallest_key && tallest_key > 0 && strstr(sh.narration, "43.7%"),
	     "sinks step 4: the learned sink's bar (%d rows) over L, taller than any recent key's (%d)", sink, tallest_key);
	shot_free(&sh);
}

/* memory steps 1 and 3: the narration speaks of windows only for a model
 * that has windowed layers (qwen2.5-7b has none, gemma4-31b 50) ... */
static void memory_windows_told(const struct registry *reg)
{
	static const struct {
		const char *model;
		int windows;
	} ms[] = {{"qwen2.5-7b", 0}, {"gemma4-31b", 1}};
	/* and where a size at ctx is not bytes × ctx for a model with sliding
	 * layers (gqa step 2, mla-bytes step 3: GQA-8 had fewer bytes a token
	 * and more GiB than Gemma 4 itself, unexplained) */
	static const struct {
		const char *id;
		int step;
	} at[] = {{"memory", 1}, {"memory", 3}, {"gqa", 2}, {"mla-bytes", 3}};
	for (int i = 0; i < 2; i++)
		for (unsigned j = 0; j < sizeof at / sizeof at[0]; j++) {
			struct shot sh;
			if (shoot(reg, at[j].id, ms[i].model, NULL, at[j].step, &sh) < 0) {
				T_OK(0, "%s -m %s step %d renders", at[j].id, ms[i].model, at[j].step);
				continue;
			}
			int told = strstr(sh.narration, "window") != NULL;
			T_EQ_INT(told, ms[i].windows, "%s -m %s step %d: windows in the narration as in the model", at[j].id,
				 ms[i].model, at[j].step);
			shot_free(&sh);
		}
}

/* kv-quant steps 4 and 5: each cache type's name ends in the column its
 * errors end in, on every row below it (a walk found f16's name over the
 * gap after its column). */
static void kv_quant_headings(const struct registry *reg)
{
	for (int k = 4; k <= 5; k++) {
		struct shot sh;
		if (shoot(reg, "kv-quant", NULL, NULL, k, &sh) < 0) {
			T_OK(0, "kv-quant step %d renders", k);
			continue;
		}
		int head = row_with(sh.pic, "q8_0"), checked = 0, bad = 0;
		static const char *const names[] = {"f16", "q8_0", "q4_0"};
		char row[400];
		if (head >= 0)
			row_of(sh.pic, head, row, sizeof row);
		for (int t = 0; t < 3 && head >= 0; t++) {
			const char *at = strstr(row, names[t]);
			if (!at) {
				bad++;
				continue;
			}
			int end = (int)(at - row) + (int)strlen(names[t]) - 1;   /* ASCII up to here */
			for (int y = head + 1; y < sh.pic->h; y++) {
				uint32_t ch = canvas_at(sh.pic, end, y)->ch, next = canvas_at(sh.pic, end + 1, y)->ch;
				if (canvas_at(sh.pic, end - 2, y)->ch != '-')   /* not a row of errors like 2e-04 */
					continue;
				checked++;
				bad += !(ch >= '0' && ch <= '9') || next != ' ';
			}
		}
		T_OK(head >= 0 && checked >= 27 && !bad, "kv-quant step %d: each type's name ends where its %d errors end (%d not)",
		     k, checked, bad);
		shot_free(&sh);
	}
}

/* flash-decoding: at every merge, "wI keys A-B + wJ = keys A-C" joins
 * ranges that meet: wJ's row says keys B+1-C (with 3, 4 and 5 workers; at
 * level 2, w0 held keys 0-11, not its own chunk's 0-5). */
static void flash_decoding_ranges(const struct registry *reg)
{
	int merges = 0, bad = 0;
	char why[300] = "";
	for (int chunks = 3; chunks <= 5; chunks++) {
		char set[32];
		snprintf(set, sizeof set, "chunks=%d", chunks);
		for (int k = 0;; k++) {
			struct shot sh;
			if (shoot(reg, "flash-decoding", NULL, set, k, &sh) < 0)
				break;
			for (int y = 0; y < sh.pic->h; y++) {
				char row[400], other[400];
				int i, j, a, b, a2, c, b2, c2;
				row_of(sh.pic, y, row, sizeof row);
				const char *keys = strstr(row, "keys ");
				if (sscanf(row, "w%d", &i) != 1 || !keys ||
				    sscanf(keys, "keys %d-%d + w%d = keys %d-%d", &a, &b, &j, &a2, &c) != 5)
					continue;
				merges++;
				int found = 0;
				for (int z = 0; z < sh.pic->h && !found; z++) {
					row_of(sh.pic, z, other, sizeof other);
					int jj;
					const char *ok = strstr(other, "keys ");
					found = sscanf(other, "w%d", &jj) == 1 && jj == j && ok && sscanf(ok, "keys %d-%d", &b2, &c2) == 2;
				}
				if ((!found || a2 != a || b2 != b + 1 || c2 != c) && !bad++)
					snprintf(why, sizeof why, "%d workers, step %d: %.200s", chunks, k, row);
			}
			int last = k >= sh.nsteps;
			shot_free(&sh);
			if (last)
				break;
		}
	}
	T_OK(merges >= 6 && !bad, "flash-decoding: %d merges join ranges that meet (%d not%s%s)", merges, bad,
	     bad ? ": " : "", why);
}

static void walk_render(const struct registry *reg)
{
	struct shot sh;
	online_row_plot(reg);
	sinks_letters(reg, NULL, 4, 8);   /* n 20: 4 sinks, 8 middle, 8 recent */
	sinks_letters(reg, "n=512 sinks=4 recent=100", 4, 10);
	sinks_stream_follows(reg);
	online_softmax_from_zero(reg);
	rope_star_on_dial(
		reg, "rope", 4,
		46); /* 4712: 6.2836 rad, just past a wrap, trained to 5.46 */
	rope_star_on_dial(reg, "rope", -1,
			  46); /* 16383: 21.85 rad, 3.0 after three wraps */
	rope_star_on_dial(reg, "rope-ntk", -1,
			  46); /* 16383: 7.94 rad, 1.66 after a wrap */
	/* The summary pane's marks ✓L/F/R, explained on the pane itself, whole,
	 * in every scene. */
	for (int i = 0; i < reg->n; i++)
		if (shoot(reg, reg->defs[i].cls->id, NULL, NULL, 0, &sh) == 0) {
			int y = row_with(sh.screen, "L lesson, F formula, R reference");
			T_OK(y == row_with(sh.screen, "summary "), "%s: the summary line explains L, F and R",
			     reg->defs[i].cls->id);
			shot_free(&sh);
		}
	/* The lesson's own figures where the walk found others (issue 19). */
	if (shoot(reg, "iswa", NULL, NULL, 5, &sh) == 0) {
		T_OK(rows_holding(sh.screen, "0.94 MiB") >= 1 && rows_holding(sh.screen, "960.00 KiB") == 0,
		     "iswa step 5: the tiny local cache as the lesson prints it, 0.94 MiB");
		shot_free(&sh);
	}
	if (shoot(reg, "cost", NULL, NULL, 3, &sh) == 0) {
		T_OK(strstr(sh.narration, "of the total, 6608.7;") && strstr(sh.narration, "the rounded parts add to 6608.6"),
		     "cost step 3: the total as computed, and why the lesson prints 6,608.6");
		shot_free(&sh);
	}
	if (shoot(reg, "flash-decoding", NULL, NULL, 2, &sh) == 0) {
		T_OK(strstr(sh.narration, "The key at offset 1 raises") !=
			     NULL &&
			 row_with(sh.pic, "first key + 1") == 0 &&
			 row_with(sh.pic, "w0 ■▸···· keys 0-5") == 1,
		     "flash-decoding step 2: the key the narration names by "
		     "its offset is the one being read (▸) "
		     "in the range labelled keys 0-5");
		shot_free(&sh);
	}
	/* mla-bytes with another MLA model: the title names no model (issue 19's walk). */
	if (shoot(reg, "mla-bytes", "deepseek-v2-lite", NULL, 1, &sh) == 0) {
		T_EQ_INT(rows_holding(sh.screen, "DeepSeek-V3"), 0, "mla-bytes -m deepseek-v2-lite: no DeepSeek-V3 on screen");
		T_EQ_INT(rows_holding(sh.side, "DeepSeek-V2-Lite"), 1, "mla-bytes -m deepseek-v2-lite: the model named");
		shot_free(&sh);
	}
	/* score-matrix: the grid's legend, each glyph in the grid's role. */
	static const struct {
		int step;
		const char *line;
		uint32_t glyph;
	} sm[] = {{3, "▓ n = 32768", GLYPH_DARK},
		  {2, "▒ 4096: 1/4", GLYPH_MEDIUM},
		  {5, "▔ -ub 512 rows × 131072", GLYPH_UPPER_EIGHTH},
		  {6, "▔ decode: 1 row × 131072", GLYPH_UPPER_EIGHTH}};
	for (int i = 0; i < 4; i++)
		if (shoot(reg, "score-matrix", NULL, NULL, sm[i].step, &sh) == 0) {
			int y = row_with(sh.side, sm[i].line);
			T_OK(y >= 0 && cells_holding(sh.pic, sm[i].glyph) > 0,
			     "score-matrix step %d: the legend's \"%s\" and its glyph in the grid", sm[i].step, sm[i].line);
			int gx, gy;
			if (y >= 0 && find_cell(sh.pic, sm[i].glyph, &gx, &gy)) {
				T_EQ_INT(canvas_at(sh.side, 0, y)->role, canvas_at(sh.pic, gx, gy)->role,
					 "score-matrix step %d: \"%s\" in the grid's colour", sm[i].step, sm[i].line);
			}
			T_OK(rows_holding(sh.side, "grid side: ") == 1 &&
				 sh.side->overflow == 0,
			     "score-matrix step %d: the legend is whole",
			     sm[i].step);
			shot_free(&sh);
		}
	/* score-matrix, the lesson's Example 1: its units (1024, 16384 and
	 * 262144 GiB, never TiB), a grid on rows of its own (no table row
	 * beside it: a matrix, not a bar a row), the first 4x growth drawn
	 * (8192's square twice 4096's side), the -ub slice across every key. */
	if (shoot(reg, "score-matrix", NULL, NULL, 4, &sh) == 0) {
		T_OK(rows_holding(sh.pic, " 1024 GiB") == 1 &&
			 rows_holding(sh.pic, " 16384 GiB") == 1 &&
			 rows_holding(sh.pic, " 262144 GiB") == 1 &&
			 rows_holding(sh.pic, " 2048 GiB") == 1 &&
			 rows_holding(sh.screen, "TiB") == 0,
		     "score-matrix step 4 shows 1024, 16384 and 262144 GiB as "
		     "the lesson prints them, no TiB");
		int shared = 0, grid_rows = 0;
		for (int y = 0; y < sh.pic->h; y++) {
			int grid =
			    canvas_at(sh.pic, 0, y)->ch == GLYPH_DARK ||
			    canvas_at(sh.pic, 0, y)->ch == GLYPH_MEDIUM ||
			    canvas_at(sh.pic, 0, y)->ch == GLYPH_LIGHT;
			char line[1024];
			row_of(sh.pic, y, line, sizeof line);
			grid_rows += grid;
			shared += grid && strstr(line, "GiB") != NULL;
		}
		T_OK(grid_rows >= 5 && shared == 0,
		     "score-matrix: the grid's %d rows share none with the "
		     "table (%d do)",
		     grid_rows, shared);
		shot_free(&sh);
	}
	if (shoot(reg, "score-matrix", NULL, NULL, 2, &sh) == 0) {
		int gw = 0, qw = 0, qh = 0;
		int gy = -1;
		for (int y = 0; y < sh.pic->h && gy < 0; y++)
			if (canvas_at(sh.pic, 0, y)->ch == GLYPH_MEDIUM)
				gy = y;
		for (int x = 0; gy >= 0 && x < sh.pic->w; x++) {
			uint32_t ch = canvas_at(sh.pic, x, gy)->ch;
			gw += ch == GLYPH_MEDIUM || ch == GLYPH_DARK;
			qw += ch == GLYPH_MEDIUM;
		}
		for (int y = gy; gy >= 0 && y < sh.pic->h; y++)
			qh += canvas_at(sh.pic, 0, y)->ch == GLYPH_MEDIUM;
		T_OK(gy >= 0 && qw * 2 == gw && qh >= 1 && qh < sh.pic->h,
		     "score-matrix step 2: 4096's square drawn inside 8192's, "
		     "half its side (%d of %d columns)",
		     qw, gw);
		T_OK(strstr(sh.narration, "1024\u00a0GiB for all 32 layers") !=
			 NULL,
		     "score-matrix step 2: the narration says 1024 GiB (%s)",
		     sh.narration);
		T_EQ_INT(rows_holding(sh.side, "< 1 cell more"), 0,
			 "score-matrix step 2: the growth is never hidden");
		shot_free(&sh);
	}
	if (shoot(reg, "score-matrix", NULL, NULL, 5, &sh) == 0) {
		int y = row_with(sh.pic, "-ub slice: 512 rows"), strip = 0,
		    wide = 0;
		for (int x = 0; y >= 0 && x < sh.pic->w; x++)
			strip +=
			    canvas_at(sh.pic, x, y)->ch == GLYPH_UPPER_EIGHTH;
		for (int x = 0; y >= 0 && x < sh.pic->w; x++)
			wide += canvas_at(sh.pic, x, sh.pic->h - 1)->ch ==
				GLYPH_DARK;
		T_OK(y >= 0 && strip > 0 && strip == wide &&
			 cells_holding(sh.pic, 0x2580) == 0 &&
			 rows_holding(sh.pic, "× all 131072 keys") == 1 &&
			 rows_holding(sh.pic, "= 1/256 of the matrix") == 1,
		     "score-matrix step 5: the slice a thin strip across every "
		     "key (%d of %d columns), 1/256 of S",
		     strip, wide);
		shot_free(&sh);
	}
	/* score-matrix: the side pane's slice and decode row are answers,
	 * shown from the step whose narration introduces them (5 and 6). */
	for (int k = 0; k <= 6; k++)
		if (shoot(reg, "score-matrix", NULL, NULL, k, &sh) == 0) {
			T_OK(rows_holding(sh.side, "-ub 512 slice: 8 GiB") ==
				     (k >= 5) &&
				 rows_holding(sh.side, "decode row: 16 MiB") ==
				     (k >= 6),
			     "score-matrix step %d: the side pane's slice from "
			     "step 5, its decode row from step 6",
			     k);
			shot_free(&sh);
		}
	/* mla-absorb step 1, the lesson's Example 7 as a picture: h's 8
	 * numbers, arrows down into the 2-number latent c = (4.62, 3.03), arrows
	 * back up to each head's key (its numbers: dotted with head 0's query
	 * from step 2 they give the lesson's -7.2519) and value, 12 in all. */
	struct shot q;
	if (shoot(reg, "mla-absorb", NULL, NULL, 1, &sh) == 0 &&
	    shoot(reg, "mla-absorb", NULL, NULL, 2, &q) == 0) {
		int yh = row_with(sh.pic,
				  " 1.5  1.6  0.0  0.8 -0.1  0.3 -0.3  1.6"),
		    yc = row_with(sh.pic, "c = ( 4.62  3.03 )");
		int yk = row_with(sh.pic, "head 0  k"), down = 0, up = 0,
		    dots = 0;
		for (int y = yh + 1; yh >= 0 && y < yc; y++)
			down += row_cells(sh.pic, y, GLYPH_ARROW_SE) > 0 &&
				row_cells(sh.pic, y, GLYPH_ARROW_SW) > 0;
		for (int y = yc + 1; yc >= 0 && y < yk; y++)
			up += row_cells(sh.pic, y, GLYPH_ARROW_SE) > 0 &&
			      row_cells(sh.pic, y, GLYPH_ARROW_SW) > 0;
		for (int y = yk; yk >= 0 && y < yk + 2; y++)
			dots += row_cells(sh.pic, y, GLYPH_DOT);
		T_OK(yh >= 0 && yc > yh && down >= 1 &&
			 rows_holding(sh.pic, "cached: 2 numbers") == 1,
		     "mla-absorb draws a 2-number latent, (4.62, 3.03), below "
		     "h's 8 numbers with arrows down (%d rows)",
		     down);
		char line[1024], qline[1024];
		double k[3] = {0}, qv[3] = {0};
		row_of(sh.pic, yk < 0 ? 0 : yk, line, sizeof line);
		int yq = row_with(q.pic, "head 0: q = (");
		row_of(q.pic, yq < 0 ? 0 : yq, qline, sizeof qline);
		const char *kp = strstr(line, "k "),
			   *qp = strstr(qline, "q = (");
		int nk =
		    kp ? sscanf(kp + 2, "%lf %lf %lf", &k[0], &k[1], &k[2]) : 0;
		int nq =
		    qp ? sscanf(qp + 5, "%lf, %lf, %lf", &qv[0], &qv[1], &qv[2])
		       : 0;
		double dot = k[0] * qv[0] + k[1] * qv[1] + k[2] * qv[2];
		T_OK(
		    yk > yc && up >= 1 && nk == 3 && nq == 3 &&
			dot > -7.2519 - 0.01 && dot < -7.2519 + 0.01 &&
			rows_holding(sh.pic, "head 1  k") == 1 && dots == 6 &&
			rows_holding(
			    sh.pic,
			    "12 rebuilt, what MHA would cache; MLA caches 2") ==
			    1,
		    "mla-absorb: arrows back up to 2 heads' keys (q·k = %.4f, "
		    "the lesson's -7.2519) and values, 12 numbers",
		    dot);
		T_EQ_INT(sh.pic->overflow + sh.side->overflow + sh.pic->overlap,
			 0, "mla-absorb step 1: nothing cut or drawn over");
		shot_free(&sh);
		shot_free(&q);
	}
	/* What the third walk found said wrong: the counts and the sentences
	 * now follow the model and the step. */
	if (shoot(reg, "gqa", "qwen3-next-80b", NULL, 2, &sh) == 0) {
		T_OK(strstr(sh.narration, "over the 12 layers with a cache") != NULL && rows_holding(sh.side, "12 of 49 layers cached") == 1,
		     "gqa qwen3-next step 2: bytes over its 12 attention layers, not 49 (%s)", sh.narration);
		shot_free(&sh);
	}
	if (shoot(reg, "mla-bytes", "gemma4-31b", NULL, 4, &sh) == 0) {
		T_OK(strstr(sh.narration, "Llama 3 8B") && !strstr(sh.narration, "sliding"),
		     "mla-bytes gemma4 step 4: the reference model's row has no sliding layers to speak of (%s)", sh.narration);
		shot_free(&sh);
	}
	if (shoot(reg, "memory", "qwen3-next-80b", NULL, 3, &sh) == 0) {
		T_OK(strstr(sh.narration, "36 of 48 layers are recurrent") && strstr(sh.narration, "if all 48 attended"),
		     "memory qwen3-next step 3: one count of layers, the MTP block apart (%s)", sh.narration);
		shot_free(&sh);
	}
	if (shoot(reg, "memory", NULL, NULL, 3, &sh) == 0) {
		T_OK(!strstr(sh.narration, "recurrent"), "memory gemma3 step 3: no recurrent layers spoken of (%s)", sh.narration);
		shot_free(&sh);
	}
	if (shoot(reg, "sinks", NULL, "learned=1", 2, &sh) == 0) {
		T_OK(strstr(sh.narration, "the learned logit still takes 43.7%") && !strstr(sh.narration, "all the weight"),
		     "sinks learned=1 step 2: the logit's share, not \"all the weight\" (%s)", sh.narration);
		shot_free(&sh);
	}
	for (int k = 1; k <= 2; k++)
		if (shoot(reg, "sinks", NULL, NULL, k, &sh) == 0) {
			T_EQ_INT(rows_holding(sh.side, "· dropped from the cache"), cells_holding(sh.pic, GLYPH_DOT) > 0,
				 "sinks step %d: \"· dropped\" in the legend exactly when a position is drawn dropped", k);
			T_EQ_INT(rows_holding(sh.side, "learned logit"), 0, "sinks step %d: no learned logit without its bar", k);
			shot_free(&sh);
		}
	/* online-row: the legend names ○ when the plane shows it, says where it
	 * is when the tip covers it (s = 1), and no arrow before the first key */
	for (int k = 0; k <= 7; k++)
		if (shoot(reg, "online-row", NULL, NULL, k, &sh) == 0) {
			int circle = cells_holding(sh.pic, GLYPH_CIRCLE) > 0, so_far = rows_holding(sh.side, "○ acc/s so far"),
			    at_tip = rows_holding(sh.side, "○ acc/s: at the tip"), arrow = rows_holding(sh.side, "acc, an arrow");
			T_OK(so_far == (circle && k < 7) && (k == 0 ? arrow + at_tip == 0 : arrow == (k < 7)) &&
				     (at_tip == 0 || !circle),
			     "online-row step %d: ○ named %d (drawn %d, at the tip %d), the arrow %d", k, so_far, circle, at_tip,
			     arrow);
			shot_free(&sh);
		}
	/* score-matrix: each swatch of the legend is a glyph and colour the
	 * grid shows, and each the grid shows has its swatch (step 3 once
	 * showed blue and green over a blue grid). */
	for (int k = 1; k <= 6; k++)
		if (shoot(reg, "score-matrix", NULL, NULL, k, &sh) == 0) {
			int y0 = row_with(sh.side, "grid side: "), swatches = 0,
			    unseen = 0, unnamed = 0;
			for (int y = y0 + 1; y0 >= 0 && y < sh.side->h; y++) {
				const struct cell *sw =
				    canvas_at(sh.side, 0, y);
				if (sw->ch != GLYPH_DARK &&
				    sw->ch != GLYPH_MEDIUM &&
				    sw->ch != GLYPH_LIGHT)
					continue;
				swatches++;
				unseen +=
				    !find_cell_role(sh.pic, sw->ch, sw->role);
			}
			for (int gy = 0; gy < sh.pic->h; gy++)
				for (int gx = 0; gx < sh.pic->w; gx++) {
					const struct cell *g =
					    canvas_at(sh.pic, gx, gy);
					if (g->ch == GLYPH_DARK ||
					    g->ch == GLYPH_MEDIUM ||
					    g->ch == GLYPH_LIGHT)
						unnamed += !find_cell_role(
						    sh.side, g->ch, g->role);
				}
			T_OK(swatches > 0 && unseen == 0 && unnamed == 0,
			     "score-matrix step %d: %d swatches, %d not in the "
			     "grid, %d grid cells without one",
			     k, swatches, unseen, unnamed);
			shot_free(&sh);
		}
	/* tiled, 16 blocks: at the start (Q0), in the middle (K/V 2 for Q0:
	 * load Q0, then K/V 0, its tile, K/V 1, its tile, K/V 2), at the end
	 * (O15: steps 1-34 walk block 0, 35-49 are blocks 1-15). */
	tiled_hbm_labels(reg, 1);
	tiled_hbm_labels(reg, 6);
	tiled_hbm_labels(reg, 49);
	if (shoot(reg, "tiled", NULL, "n=256 tile=16", 6, &sh) == 0) {
		int y = row_with(sh.pic, "─KV2▶");
		T_EQ_INT(y >= 0 ? number_at(sh.pic, 12, y) : -1, 2, "tiled 16 blocks: the K/V arrow sits on block 2's row");
		shot_free(&sh);
	}
	/* tiled, 256 blocks: a 3-digit block number and the arrow naming it,
	 * both whole (K/V 141 for Q0 is step 2 + 2 · 141). */
	if (shoot(reg, "tiled", NULL, "n=1024 tile=4", 284, &sh) == 0) {
		int y = row_with(sh.pic, "─KV141▶");
		char line[1024];
		if (y >= 0)
			row_of(sh.pic, y, line, sizeof line);
		T_OK(y >= 0 && strstr(line, " 141 ─KV141▶") != NULL, "tiled 256 blocks: block 141's row shows 141 and the arrow whole");
		T_EQ_INT(sh.pic->overflow + sh.side->overflow + sh.pic->overlap, 0,
			 "tiled 256 blocks: nothing cut or drawn over");
		T_EQ_INT(rows_holding(sh.side, "naive S,P: 1048576"), 1, "tiled n=1024: the S, P size whole");
		shot_free(&sh);
	}
	/* tiled, closing step: the run's counters decide "fewer" or "more".
	 * n 64, d 8: naive 4nd + 4n² = 18432; tiled 2nd + 2d·n·ceil(n/B). */
	if (shoot(reg, "tiled", NULL, "tile=1", -1, &sh) == 0) {
		T_OK(strstr(sh.narration, "tiled moved 66560 floats, 3.61× MORE than naive's 18432") != NULL,
		     "tiled tile=1: the closing step says this run moved more than naive (%s)", sh.narration);
		T_EQ_INT(rows_holding(sh.pic, "3.61× MORE"), 1, "tiled tile=1: the picture says so too");
		T_EQ_INT(sh.screen->overflow, 0, "tiled tile=1: the closing narration is whole");
		shot_free(&sh);
	}
	if (shoot(reg, "tiled", NULL, NULL, -1, &sh) == 0) {
		T_OK(strstr(sh.narration, "tiled moved 5120 floats, 3.60× fewer than naive's 18432") != NULL,
		     "tiled B=16: the closing step says this run moved fewer (%s)", sh.narration);
		T_EQ_INT(sh.screen->overflow, 0, "tiled B=16: the closing narration is whole");
		shot_free(&sh);
	}
	/* tiled: the heat map's legend, with the tile's scale. */
	if (shoot(reg, "tiled", NULL, "causal=1", 3, &sh) == 0) {
		T_EQ_INT(rows_holding(sh.side, "░▒▓█ score: low → high"), 1, "tiled: the heat map has a legend");
		T_EQ_INT(rows_holding(sh.side, "from "), 1, "tiled: the legend gives the tile's range");
		T_EQ_INT(rows_holding(sh.side, "blank: masked"), 1, "tiled causal: the legend says what a blank cell is");
		T_EQ_INT(sh.side->overflow, 0, "tiled: the legend is whole");
		shot_free(&sh);
	}
}

void test_walkscenes(void)
{
	struct registry reg;
	char err[600];
	if (registry_load(&reg, err, sizeof err) < 0) {
		T_OK(0, "walkscenes: registry loads (%s)", err);
		return;
	}
	/* ATTNVIZ_WALKSCENES_SHOW="ID|MODEL|SET|STEP": print that screen too (a look while fixing). */
	const char *show = getenv("ATTNVIZ_WALKSCENES_SHOW");
	if (show) {
		char buf[512], *f[4] = {0};
		snprintf(buf, sizeof buf, "%s", show);
		char *p = buf;
		for (int i = 0; i < 4 && p; i++) {
			f[i] = p;
			p = strchr(p, '|');
			if (p)
				*p++ = 0;
		}
		struct shot sh;
		setenv("ATTNVIZ_WALKSCENES_DUMP", "1", 1);
		if (f[3] && shoot(&reg, f[0], *f[1] ? f[1] : NULL, *f[2] ? f[2] : NULL, atoi(f[3]), &sh) == 0) {
			printf("# %s\n", sh.narration);
			shot_free(&sh);
		}
	}
	struct shot sh;
	/* 1. sinks: tall bars, every position drawn or counted, the recent window whole. */
	if (shoot(&reg, "sinks", NULL, "n=64 recent=16", 3, &sh) == 0) {
		T_EQ_INT(row_cells(sh.pic, row_with(sh.pic, "ssss"), 'r'), 16, "sinks n=64 recent=16: all 16 recent positions marked r");
		/* one column a position, one for the gap's "…": 64 - (w - 1) left out */
		char more[32];
		snprintf(more, sizeof more, "+%d more", 64 - (sh.pic->w - 1));
		T_EQ_INT(rows_holding(sh.pic, more), 1, "sinks n=64: the %s positions left out are counted", more + 1);
		T_EQ_INT(rows_holding(sh.pic, "63"), 1, "sinks n=64: the last position, 63, is labelled");
		int tall = 0;
		for (int y = 0; y < sh.pic->h; y++)
			tall += canvas_at(sh.pic, 0, y)->ch == GLYPH_FULL;
		T_OK(tall >= 5, "sinks: position 0's bar is several rows high (%d)", tall);
		T_EQ_INT(sh.pic->overflow + sh.side->overflow, 0, "sinks n=64: nothing cut");
		shot_free(&sh);
	}
	if (shoot(&reg, "sinks", NULL, "n=512 sinks=4 recent=100", 2, &sh) == 0) {
		int r = row_cells(sh.pic, row_with(sh.pic, "ssss"), 'r');
		T_OK(r >= 34 && rows_holding(sh.side, "3 pos/column") == 1,
		     "sinks n=512 recent=100: the window drawn whole, 3 positions a column (%d columns)", r);
		shot_free(&sh);
	}
	/* 2. cost: rows scrolled off the top are counted. */
	if (shoot(&reg, "cost", "deepseek-v3", "ctx=1024,4096,16384,65536,262144,1048576", -1, &sh) == 0) {
		T_EQ_INT(rows_holding(sh.pic, "+2 more above"), 1, "cost 6 ctx: 1024 and 4096 scrolled off are counted");
		T_EQ_INT(rows_holding(sh.pic, "1048576"), 1, "cost 6 ctx: the step's row, 1048576, shown");
		shot_free(&sh);
	}
	/* 3. rope-yarn: the table scrolls to the step's pair, the narration names it, ramp 0 is a baseline. */
	if (shoot(&reg, "rope-yarn", NULL, NULL, 3, &sh) == 0) {
		T_EQ_INT(rows_holding(sh.side, "▸ 46"), 1,
			 "rope-yarn at the target: pair 46 on screen, marked");
		T_EQ_INT(rows_holding(sh.side, "more pairs above"), 1, "rope-yarn: the rows above are counted");
		/* the lesson: pair 46 divided by the full s reaches 5.46 at
		 * 16383, no longer extrapolating */
		T_OK(strstr(sh.narration, "pair 46's ● hand is at 5.46 rad") &&
			     strstr(sh.narration, "none extrapolates"),
		     "rope-yarn: the narration names the pair, its angle and "
		     "that none extrapolates");
		char line[1024];
		int base = row_with(sh.pic, "↑20") -
			   1; /* the bars' lowest row, over the ticks */
		row_of(sh.pic, base < 0 ? 0 : base, line, sizeof line);
		T_OK(strstr(line, "▁▁▁") != NULL, "rope-yarn: ramp 0 draws a baseline, not a full block");
		shot_free(&sh);
	}
	/* rope-yarn: the chart's ticks at the lesson's zone ends, pairs 20
	 * and 46 (ramp 1 and ramp 0), its zones named in words in their bars'
	 * colours, and the temperature in words. */
	if (shoot(&reg, "rope-yarn", NULL, NULL, 0, &sh) == 0) {
		int ty = row_with(sh.pic, "↑20"), x20 = -1, x46 = -1;
		char line[1024];
		if (ty > 0) {
			for (int x = 0; x < sh.pic->w; x++)
				if (canvas_at(sh.pic, x, ty)->ch ==
				    GLYPH_ARROW_N)
					*(x20 < 0 ? &x20 : &x46) = x;
			row_of(sh.pic, ty, line, sizeof line);
		}
		T_OK(ty > 0 && x20 >= 0 && x46 > x20 && strstr(line, "↑46") &&
			 canvas_at(sh.pic, x20, 1)->ch == GLYPH_FULL &&
			 canvas_at(sh.pic, x46, ty - 1)->ch ==
			     GLYPH_LOWER_EIGHTH,
		     "rope-yarn's chart has ticks labelled 20 and 46 under a "
		     "full bar and the floor");
		static const char *const zone[] = {"unchanged", "linear mix",
						   "÷ s, as PI"};
		int named = 0;
		for (int i = 0; i < 3 && ty > 0; i++) {
			int y = row_with(sh.pic, zone[i]);
			row_of(sh.pic, y < 0 ? 0 : y, line, sizeof line);
			const char *at = strstr(line, zone[i]);
			int x = at ? col_of(line, at) : -1;
			named += y == ty + 1 && x >= 0 &&
				 canvas_at(sh.pic, x, y)->role ==
				     canvas_at(sh.pic, x, ty - 1)->role &&
				 (i == 0   ? x < x20
				  : i == 1 ? x > x20 && x < x46
					   : x >= x46);
		}
		T_EQ_INT(named, 3,
			 "rope-yarn: the chart's three zones named under them, "
			 "each in its bars' colour");
		T_OK(rows_holding(sh.side, "mscale 1.1386") == 1 &&
			 rows_holding(sh.side, "scores × 1.2965") == 1 &&
			 rows_holding(sh.side, "(²") == 0 &&
			 sh.side->overflow == 0,
		     "rope-yarn: the temperature in words, mscale 1.1386 and "
		     "scores × 1.2965");
		shot_free(&sh);
	}
	/* rope-yarn at 80x24: three dials a class can read, one a zone (the
	 * pairs the narration names, 7 rows tall, labelled in words), the
	 * ramp's axis said (1 = kept, 0 = interpolated), the parameters in
	 * words, not "s 4, β 32/1" and "θ used/θ". */
	for (int k = 0; k < 5; k++)
		if (shoot(&reg, "rope-yarn", NULL, NULL, k, &sh) == 0) {
			int yl = row_with(sh.pic, "pair 0: kept"), yc = -1;
			for (int y = 0; y < sh.pic->h && yc < 0; y++)
				if (row_cells(sh.pic, y, GLYPH_CROSS) > 0)
					yc = y;
			T_OK(cells_holding(sh.pic, GLYPH_CROSS) == 3 &&
				 yl >= 0 &&
				 yl == row_with(sh.pic, "pair 30: mixed") &&
				 yl == row_with(sh.pic, "pair 46: ÷ 4") &&
				 yc >= 0 && yl - yc - 1 >= 3,
			     "rope-yarn step %d: three dials, pairs 0, 30 and "
			     "46 named by zone, radius %d rows (3 or more)",
			     k, yc >= 0 ? yl - yc - 1 : -1);
			int ya = row_with(sh.pic, "ramp: 1 = pair kept, "
						  "0 = interpolated"),
			    floor = row_with(sh.pic, "↑20") - 1;
			T_OK(ya == 0 && floor > 1 &&
				 cells_holding(sh.pic, GLYPH_TEE_LEFT) == 2 &&
				 canvas_at(sh.pic, 3, 1)->ch == '1' &&
				 canvas_at(sh.pic, 5, 1)->ch ==
				     GLYPH_TEE_LEFT &&
				 canvas_at(sh.pic, 3, floor)->ch == '0' &&
				 canvas_at(sh.pic, 5, floor)->ch ==
				     GLYPH_TEE_LEFT,
			     "rope-yarn step %d: the ramp's axis, 1 at the "
			     "top, 0 at the floor, said in words",
			     k);
			T_OK(rows_holding(sh.side, "scale 4") == 1 &&
				 rows_holding(sh.side, "ramp from β_fast 32") ==
				     1 &&
				 rows_holding(sh.side, "to β_slow 1 turn") ==
				     1 &&
				 rows_holding(sh.side, "θ used / θ") == 1 &&
				 rows_holding(sh.side, "β 32/1") == 0 &&
				 sh.side->overflow == 0,
			     "rope-yarn step %d: scale and ramp in words",
			     k);
			shot_free(&sh);
		}
	struct shot s2;
	if (shoot(&reg, "rope-yarn", NULL, NULL, 0, &sh) == 0 &&
	    shoot(&reg, "rope-yarn", NULL, NULL, 3, &s2) == 0) {
		T_OK(strcmp(sh.narration, s2.narration) != 0,
		     "rope-yarn: steps 0 and 3 narrate different things");
		shot_free(&sh);
		shot_free(&s2);
	}
	/* 4. tiled: no "drawn as 0×0" before any tile is drawn. */
	for (int k = 0; k < 2; k++)
		if (shoot(&reg, "tiled", NULL, NULL, k, &sh) == 0) {
			T_EQ_INT(rows_holding(sh.side, "as 0×0"), 0, "tiled step %d: no score tile drawn as 0×0", k);
			shot_free(&sh);
		}
	/* 5. memory with every shipped model, fa on and off: every step whole at
	 * 80x24 (nothing cut, the narration's last word on screen), the strip's
	 * legend naming each kind, a hybrid's recurrent layers counted. */
	static struct model_entry ents[MODEL_LIST_MAX];
	int nm = model_list(ents, MODEL_LIST_MAX), nshot = 0, whole = 0;
	for (int i = 0; i < nm; i++)
		for (int fa = 0; fa < 2; fa++)
			for (int k = 0; k < 4; k++) {
				if (shoot(&reg, "memory", ents[i].id, fa ? "fa=1" : "fa=0", k, &sh) < 0)
					continue;
				nshot++;
				const char *last = strrchr(sh.narration, ' ');
				int ok = sh.pic->overflow + sh.side->overflow == 0 && last && rows_holding(sh.screen, last + 1);
				whole += ok;
				if (!ok)
					T_OK(0, "memory -m %s fa=%d step %d: whole at 80x24 (pic %d, side %d cut; \"%s\")", ents[i].id,
					     fa, k, sh.pic->overflow, sh.side->overflow, last ? last + 1 : "");
				shot_free(&sh);
			}
	T_OK(nshot >= 4 * 2 * 20 && whole == nshot, "memory: walked %d screens over the shipped models (%d whole)", nshot, whole);
	if (shoot(&reg, "memory", "qwen3-next-80b", NULL, 1, &sh) == 0) {
		T_EQ_INT(rows_holding(sh.pic, "R recurrent"), 1, "memory -m qwen3-next-80b: the legend names R recurrent");
		T_EQ_INT(rows_holding(sh.pic, "R 36 recurrent"), 1, "memory -m qwen3-next-80b: 36 recurrent layers");
		T_EQ_INT(rows_holding(sh.pic, "F 12 full layers"), 1, "memory -m qwen3-next-80b: 12 attention layers");
		T_EQ_INT(rows_holding(sh.pic, "nextn (MTP) layer"), 1, "memory -m qwen3-next-80b: its MTP layer filtered");
		shot_free(&sh);
	}
	if (shoot(&reg, "memory", "llama4-scout", NULL, 0, &sh) == 0) {
		T_EQ_INT(rows_holding(sh.pic, "CCCF"), 1, "memory -m llama4-scout: chunked layers marked C, every 4th F");
		shot_free(&sh);
	}
	walk_render(&reg);
	flash_decoding_ranges(&reg);
	kv_quant_headings(&reg);
	memory_windows_told(&reg);
	sinks_learned_bar(&reg);
	summary_more_apart(&reg);
	walk2_whole(&reg);
	(void)rows_holding;
	(void)cells_holding;
	registry_free(&reg);
}
