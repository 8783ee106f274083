/*
 * Steps that each carry a point: walk every step of every scene at 80x24
 * (the lesson's parameters) and measure the longest run of steps whose
 * narration repeats the previous step's with only its numbers changed
 * (digits, and the . , separators between them, read as one number).  A
 * run of such steps belongs inside one step, as animation: every scene is
 * held to at most 3 (DESIGN.md section 3).
 *
 * Also the animation between steps (scene.h's tween): in-between frames
 * lie between two steps' pictures, the end state is the step itself.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "frame.h"
#include "scene/driver.h"
#include "shot.h"
#include "t.h"

/* the longest move a RoPE scene may draw at once: fewer positions than
 * its frames would have (18) */
#define ROPE_SHORT_MOVE 17

#define STEPS_MAX_ALIKE 3

/* narration with each number replaced by '#': "Token 12 enters" and
 * "Token 13 enters" read alike, "1,234.5" is one number */
static void normalise(const char *in, char *out, size_t len)
{
	size_t n = 0;
	for (const char *p = in; *p && n + 1 < len; p++) {
		int sep = (*p == '.' || *p == ',') && p > in && p[-1] >= '0' &&
			  p[-1] <= '9' && p[1] >= '0' && p[1] <= '9';
		if ((*p >= '0' && *p <= '9') || sep) {
			if (n == 0 || out[n - 1] != '#')
				out[n++] = '#';
			continue;
		}
		out[n++] = *p;
	}
	out[n] = 0;
}

struct look {
	struct canvas *pic, *side;
};

/* The longest run of steps that repeat the step before (0: none), and the
 * step that ends it in *at; in *alt the longest run that repeats the step
 * two before (steps taking turns, A-B-A-B: a run of 2 is A-B-A-B), ending
 * at *alt_at. */
static int alike_run(const struct registry *reg, const struct scene_def *def,
		     struct look *lk, int *at, int *alt, int *alt_at)
{
	struct run r;
	char err[700], prev[VIEW_NARRATION], now[VIEW_NARRATION];
	char prev2[VIEW_NARRATION] = "";
	struct view v = {.pic = lk->pic, .side = lk->side};
	int run = 0, best = 0, run2 = 0;
	(void)reg;
	*at = *alt = *alt_at = 0;
	if (run_open(&r, def, NULL, err, sizeof err) < 0) {
		T_OK(0, "steps: %s opens (%s)", def->cls->id, err);
		return -1;
	}
	prev[0] = 0;
	for (int k = 0; k <= r.nsteps; k++) {
		run_goto(&r, k);
		run_render(&r, &v);
		normalise(v.narration, now, sizeof now);
		run = k > 0 && !strcmp(now, prev) ? run + 1 : 0;
		if (run > best) {
			best = run;
			*at = k;
		}
		run2 = k > 1 && strcmp(now, prev) && !strcmp(now, prev2)
			       ? run2 + 1
			       : 0;
		if (run2 > *alt) {
			*alt = run2;
			*alt_at = k;
		}
		memcpy(prev2, prev, sizeof prev2);
		memcpy(prev, now, sizeof prev);
	}
	run_close(&r);
	return best;
}

static void look_alike(const struct registry *reg)
{
	int pw, ph, sw, sh;
	frame_pane_sizes(80, 24, frame_summary_rows(80, 0, NULL), &pw, &ph, &sw,
			 &sh);
	struct look lk = {.pic = canvas_new(pw, ph),
			  .side = canvas_new(sw, sh)};
	char a[64], b[64];
	normalise("Token 12 enters at 1,024.5 s", a, sizeof a);
	normalise("Token 7 enters at 3 s", b, sizeof b);
	T_EQ_STR(a, b,
		 "steps: narrations differing only in numbers normalise alike");
	normalise("Token 7 leaves at 3 s", b, sizeof b);
	T_OK(strcmp(a, b) != 0, "steps: a changed word keeps them apart");
	for (int i = 0; i < reg->n; i++) {
		const struct scene_def *def = &reg->defs[i];
		int at, alt, alt_at;
		if (scene_measures(def))
			continue;
		int n = alike_run(reg, def, &lk, &at, &alt, &alt_at);
		if (n < 0)
			continue;
		T_OK(n <= STEPS_MAX_ALIKE,
		     "steps: %s: at most %d steps in a row repeat the "
		     "previous narration with other numbers (%d, ending at "
		     "step %d)",
		     def->cls->id, STEPS_MAX_ALIKE, n, at);
		/* two kinds of step taking turns read alike just as well */
		T_OK(alt <= STEPS_MAX_ALIKE,
		     "steps: %s: at most %d steps in a row repeat the "
		     "narration two before with other numbers, A-B-A-B (%d, "
		     "ending at step %d)",
		     def->cls->id, STEPS_MAX_ALIKE, alt, alt_at);
	}
	canvas_free(lk.pic);
	canvas_free(lk.side);
}

/* The position a RoPE picture's label shows ("position N"), -1 when none. */
static double label_pos(const struct canvas *pic)
{
	char row[1024];
	for (int y = 0; y < pic->h; y++) {
		row_of(pic, y, row, sizeof row);
		const char *p = strstr(row, "position ");
		if (p)
			return atof(p + 9);
	}
	return -1;
}

/* Every step of a RoPE scene: the end states' positions into stops[], and
 * the frames between them checked: each one's position between the two
 * steps' and rising (strictly where the move is longer than its frames),
 * the narration the step's own, nothing cut off; and the end state drawn
 * after them equal to a fresh one. */
static int walk_moves(const struct registry *reg, const char *id, double *stops,
		      int max)
{
	int pw, ph, sw, sh, n = 0, frames = 0, bad = 0;
	char err[700], why[300] = "", end_nar[VIEW_NARRATION];
	struct run r;
	frame_pane_sizes(80, 24, frame_summary_rows(80, 0, NULL), &pw, &ph, &sw,
			 &sh);
	struct view v = {.pic = canvas_new(pw, ph), .side = canvas_new(sw, sh)};
	struct canvas *keep = canvas_new(pw, ph);
	if (run_open(&r, registry_find(reg, id), NULL, err, sizeof err) < 0) {
		T_OK(0, "steps: %s opens (%s)", id, err);
		canvas_free(v.pic);
		canvas_free(v.side);
		canvas_free(keep);
		return 0;
	}
	T_EQ_INT(run_tween_frames(&r), 0, "steps: %s: no frames into step 0",
		 id);
	for (int k = 0; k <= r.nsteps && n < max; k++) {
		run_goto(&r, k);
		run_render(&r, &v);
		stops[n++] = label_pos(v.pic);
		memcpy(end_nar, v.narration, sizeof end_nar);
		memcpy(keep->cells, v.pic->cells,
		       sizeof *keep->cells * (size_t)pw * (size_t)ph);
		int tw = run_tween_frames(&r);
		/* a move of a position or two is drawn at once (nothing to
		 * sweep through); a longer one has frames, no more of them
		 * than the positions it crosses */
		double span = fabs(stops[n - 1] - (n > 1 ? stops[n - 2] : 0));
		if (k > 0 && (tw > 0 ? span < tw : span > ROPE_SHORT_MOVE) &&
		    !bad++)
			snprintf(why, sizeof why,
				 "step %d: %d frames for a move from %g to %g",
				 k, tw, stops[n - 2], stops[n - 1]);
		double last = stops[n > 1 ? n - 2 : 0];
		for (int i = 1; i <= tw; i++) {
			run_render_tween(&r, &v, i);
			double at = label_pos(v.pic);
			frames++;
			if ((at < last || at > stops[n - 1] ||
			     (i > 1 && at <= last &&
			      stops[n - 1] - stops[n - 2] > tw) ||
			     strcmp(v.narration, end_nar) || v.pic->overflow ||
			     v.side->overflow) &&
			    !bad++)
				snprintf(why, sizeof why,
					 "step %d frame %d: position %g after "
					 "%g, to %g%s%s",
					 k, i, at, last, stops[n - 1],
					 strcmp(v.narration, end_nar)
						 ? ", another narration"
						 : "",
					 v.pic->overflow || v.side->overflow
						 ? ", text cut off"
						 : "");
			last = at;
		}
		run_render(&r, &v);
		if (memcmp(keep->cells, v.pic->cells,
			   sizeof *keep->cells * (size_t)pw * (size_t)ph) &&
		    !bad++)
			snprintf(why, sizeof why,
				 "step %d: the end state differs after its "
				 "frames",
				 k);
	}
	T_OK(frames > 0 && !bad,
	     "steps: %s: %d frames between %d steps, each between its two "
	     "steps' positions, rising, with the step's narration, whole%s%s",
	     id, frames, r.nsteps, bad ? ": " : "", why);
	run_close(&r);
	canvas_free(v.pic);
	canvas_free(v.side);
	canvas_free(keep);
	return n;
}

static int has_stop(const double *stops, int n, double pos)
{
	for (int i = 0; i < n; i++)
		if (stops[i] == pos)
			return 1;
	return 0;
}

/* The steps stop where the lesson looks, the hands sweeping between. */
static void rope_moves(const struct registry *reg)
{
	double st[16];
	int n;
	/* Ex. 12: trained 0..4095, 18 pairs leave their arcs at 4096, 16383 */
	n = walk_moves(reg, "rope", st, 16);
	T_OK(has_stop(st, n, 4095) && has_stop(st, n, 4096) &&
		     has_stop(st, n, 16383),
	     "steps: rope stops at 4095 (end of training), 4096 (pairs leave "
	     "the trained range) and 16383");
	/* pair 46 finishes its first turn at wavelength 4711.7 (the lesson's
	 * table) */
	T_OK(has_stop(st, n, 4712), "steps: rope stops where pair 46 "
				    "(wavelength 4711.7) first turns: 4712");
	/* Ex. 13: s = 4, position 1 rotated as 0.25 (the cost), 16383 as
	 * 4095.75 */
	n = walk_moves(reg, "rope-pi", st, 16);
	T_OK(has_stop(st, n, 1) && has_stop(st, n, 4095) &&
		     has_stop(st, n, 16383),
	     "steps: rope-pi stops at 1 (neighbours 0.25 rad apart), 4095 and "
	     "16383");
	/* Ex. 14: pair i's new hand leaves the trained span train * theta_i
	 * at train * theta / theta', from the lesson's table: pair 46
	 * 4096 * 1.3335e-3 / 4.8462e-4 = 11270.9, pair 56 4096 * 3.1623e-4 /
	 * 9.2222e-5 = 14045.4: the next positions, 11271 and 14046 */
	n = walk_moves(reg, "rope-ntk", st, 16);
	T_OK(has_stop(st, n, ceil(4096 * 1.3335e-3 / 4.8462e-4)) &&
		     has_stop(st, n, ceil(4096 * 3.1623e-4 / 9.2222e-5)) &&
		     has_stop(st, n, 16383),
	     "steps: rope-ntk stops where pairs 46 and 56 leave their trained "
	     "arcs (11271, "
	     "14046) and at 16383");
	n = walk_moves(reg, "rope-yarn", st, 16);
	T_OK(n >= 2 && st[n - 1] == 16383 && st[n - 2] == 16383,
	     "steps: rope-yarn ends at 16383 twice: the target, then the "
	     "temperature, with no move between");
}

/* The number after `key` in the first row of c that holds it, -1 when
 * none does. */
static int number_after(const struct canvas *c, const char *key)
{
	char row[1024];
	for (int y = 0; y < c->h; y++) {
		row_of(c, y, row, sizeof row);
		const char *p = strstr(row, key);
		if (p)
			return atoi(p + strlen(key));
	}
	return -1;
}

static int has_text(const struct canvas *c, const char *text)
{
	char row[1024];
	for (int y = 0; y < c->h; y++) {
		row_of(c, y, row, sizeof row);
		if (strstr(row, text))
			return 1;
	}
	return 0;
}

/* What a streaming scene's view shows: the newest token or key streamed
 * in (-1: none), read from the picture or the pane as the class sees it. */
typedef int (*stream_pos_fn)(const struct view *v);

static int swa_pos(const struct view *v)
{
	return number_after(v->side, "◀ pos ");
}

static int sinks_pos(const struct view *v)
{
	return number_after(v->side, "bars: cache at token ");
}

static int fd_pos(const struct view *v)
{
	return number_after(v->pic, "streaming: each chunk's first key + ");
}

/* One stop of a streaming walk: the position its end state shows, and
 * whether its picture or pane holds `mark`. */
struct stream_stop {
	int pos, marked;
};

/* Every step of a streaming scene: each end state's position into
 * stops[]; frames only where the walk moves more than one position, each
 * frame one of the positions between, rising, all of them shown, the
 * step's narration, nothing cut off; the end state after them equal to a
 * fresh one.  *first_mark: where `mark` first shows (a step, or -1 - the
 * step whose frames show it first). */
static int walk_stream(const struct registry *reg, const char *id,
		       stream_pos_fn at, const char *mark,
		       struct stream_stop *stops, int max, int *first_mark)
{
	int pw, ph, sw, sh, n = 0, frames = 0, bad = 0;
	char err[700], why[300] = "", end_nar[VIEW_NARRATION];
	struct run r;
	*first_mark = 0;
	frame_pane_sizes(80, 24, frame_summary_rows(80, 0, NULL), &pw, &ph, &sw,
			 &sh);
	struct view v = {.pic = canvas_new(pw, ph), .side = canvas_new(sw, sh)};
	struct canvas *keep = canvas_new(pw, ph);
	if (run_open(&r, registry_find(reg, id), NULL, err, sizeof err) < 0) {
		T_OK(0, "steps: %s opens (%s)", id, err);
		goto out;
	}
	for (int k = 0; k <= r.nsteps && n < max; k++) {
		run_goto(&r, k);
		run_render(&r, &v);
		int to = at(&v), from = n > 0 ? stops[n - 1].pos : -1;
		stops[n].pos = to;
		stops[n].marked =
		    mark && (has_text(v.pic, mark) || has_text(v.side, mark));
		n++;
		memcpy(end_nar, v.narration, sizeof end_nar);
		memcpy(keep->cells, v.pic->cells,
		       sizeof *keep->cells * (size_t)pw * (size_t)ph);
		int tw = run_tween_frames(&r);
		if ((tw > 0) != (to - from > 1 && k > 0) && !bad++)
			snprintf(why, sizeof why,
				 "step %d: %d frames for a move from %d to %d",
				 k, tw, from, to);
		int last = from, shown = 0;
		for (int i = 1; i <= tw; i++) {
			run_render_tween(&r, &v, i);
			int p = at(&v);
			frames++;
			if (!*first_mark && mark &&
			    (has_text(v.pic, mark) || has_text(v.side, mark)))
				*first_mark = -1 - k;
			shown += p > last;
			if ((p < last || p <= from || p >= to ||
			     strcmp(v.narration, end_nar) || v.pic->overflow ||
			     v.side->overflow) &&
			    !bad++)
				snprintf(why, sizeof why,
					 "step %d frame %d: position %d after "
					 "%d, to %d%s%s",
					 k, i, p, last, to,
					 strcmp(v.narration, end_nar)
						 ? ", another narration"
						 : "",
					 v.pic->overflow || v.side->overflow
						 ? ", text cut off"
						 : "");
			last = p;
		}
		if (tw > 0 && shown != to - from - 1 && !bad++)
			snprintf(why, sizeof why,
				 "step %d: %d of the %d positions between %d "
				 "and %d shown",
				 k, shown, to - from - 1, from, to);
		if (!*first_mark && stops[n - 1].marked)
			*first_mark = k;
		run_render(&r, &v);
		if (memcmp(keep->cells, v.pic->cells,
			   sizeof *keep->cells * (size_t)pw * (size_t)ph) &&
		    !bad++)
			snprintf(why, sizeof why,
				 "step %d: the end state differs after its "
				 "frames",
				 k);
	}
	T_OK(frames > 0 && !bad,
	     "steps: %s: %d frames between %d steps stream each position "
	     "between two steps in turn, with the step's narration, whole%s%s",
	     id, frames, r.nsteps, bad ? ": " : "", why);
	run_close(&r);
out:
	canvas_free(v.pic);
	canvas_free(v.side);
	canvas_free(keep);
	return n;
}

/* The positions of the stops that show one (-1s left out), as "3 4 9". */
static void stop_list(const struct stream_stop *st, int n, char *buf,
		      size_t len)
{
	size_t used = 0;
	buf[0] = 0;
	for (int i = 0; i < n && used < len; i++)
		if (st[i].pos >= 0)
			used += (size_t)snprintf(buf + used, len - used, "%s%d",
						 used ? " " : "", st[i].pos);
}

/* The step whose end state shows position pos, -1 when none. */
static int stop_at(const struct stream_stop *st, int n, int pos)
{
	for (int i = 0; i < n; i++)
		if (st[i].pos == pos)
			return i;
	return -1;
}

/* The streaming scenes stop where the lesson looks, the tokens, the
 * window and the splits streaming between. */
static void stream_moves(const struct registry *reg)
{
	struct stream_stop st[32];
	char list[200];
	int n, first;
	/* Ex. 9, W = 4, n = 10: position 0 into an empty ring; position 3
	 * fills it ([0, 1, 2, 3], the causal rows q0-q3); position 4 is the
	 * first eviction ("position 4 goes to slot 0 and replaces position
	 * 0"); position 7 has rewritten every slot ([4, 5, 6, 7]); 9 is the
	 * last query (sees 6 to 9). */
	n = walk_stream(reg, "swa", swa_pos, "✗ evicts pos 0", st, 32, &first);
	stop_list(st, n, list, sizeof list);
	T_EQ_STR(list, "0 3 4 7 9",
		 "steps: swa stops at positions 0 (empty ring), 3 (full), 4 "
		 "(first eviction), 7 (every slot rewritten), 9 (last query)");
	int k4 = stop_at(st, n, 4);
	T_OK(k4 > 0 && first == k4,
	     "steps: swa: position 4's eviction of position 0 is first shown "
	     "at a step, not between (step %d, first shown %d)",
	     k4, first);
	/* Ex. 11: the lesson's lines after tokens 11, 15 and 19, the sinks
	 * 0-3 in first, and token 12's eviction of position 4 (the first
	 * eviction: the oldest non-sink) */
	n = walk_stream(reg, "sinks", sinks_pos, "pos     0  1  2  3  5  6", st,
			32, &first);
	stop_list(st, n, list, sizeof list);
	T_EQ_STR(list, "3 11 12 15 19",
		 "steps: sinks streams to tokens 3 (the sinks), 11 (full), 12 "
		 "(first eviction), 15 and 19 (the lesson's lines)");
	int k12 = stop_at(st, n, 12);
	T_OK(k12 > 0 && first == k12,
	     "steps: sinks: token 12 evicting position 4 (sinks 0-3 kept) is "
	     "a step of its own (step %d, first shown %d)",
	     k12, first);
	/* flash-decoding, n = 24 in 4 chunks of 6: the first key of every
	 * range; the first key that raises a worker's max (the rescale); the
	 * last offset, 5 (every range read); the merges follow */
	n = walk_stream(reg, "flash-decoding", fd_pos, "max grew", st, 32,
			&first);
	stop_list(st, n, list, sizeof list);
	char want[64];
	snprintf(want, sizeof want, "0 %d 5", first > 0 ? st[first].pos : -1);
	T_EQ_STR(list, want,
		 "steps: flash-decoding streams to offset 0 (every range's "
		 "first key), the first rescale (\"max grew\", a step of its "
		 "own, not a frame between) and 5 (every range of 6 read)");
	T_EQ_INT(n - 1 - stop_at(st, n, 5), 3,
		 "steps: flash-decoding: then its 2 merge levels and the "
		 "output, a step each");
}

/* The event a tiled picture shows, as "Q1", "KV3" or "O2" (the arrow it
 * draws between the memories) or "S3" (a tile of key block 3 scored: no
 * arrow, the SRAM pane holds K[3]); "" when none. */
static void tiled_event(const struct canvas *pic, char *out, size_t len)
{
	char row[1024];
	out[0] = 0;
	for (int y = 0; y < pic->h; y++) {
		row_of(pic, y, row, sizeof row);
		const char *p = strstr(row, "─Q"), *o = strstr(row, "◀─O");
		if (!p)
			p = strstr(row, "─KV");
		if (o)
			p = o + strlen("◀");
		if (p) {
			p += strlen("─");
			snprintf(out, len, "%.*s", (int)strcspn(p, "─▶"), p);
			return;
		}
	}
	for (int y = 0; y < pic->h; y++) {
		row_of(pic, y, row, sizeof row);
		const char *p = strstr(row, "  K[");
		if (p && !*out)
			snprintf(out, len, "S%d", atoi(p + 4));
	}
}

/* Appends word to buf (len bytes), a blank before unless after `[`. */
static void add_word(char *buf, size_t len, const char *word)
{
	size_t used = strlen(buf);
	snprintf(buf + used, len - used, "%s%s",
		 used && buf[used - 1] != '[' ? " " : "", word);
}

/* tiled (lesson Ex. 4), n 64, B 16: query block 0 walked an event a step
 * (load Q[0]; K/V 0 to 3 each loaded and scored; write O[0]), then each
 * later query block one step, its events swept as frames in order (Q[i],
 * K/V 0 to 3 each loaded and scored) and the step its O block written;
 * the reads in the pane rise through the frames; the step's narration
 * throughout, nothing cut off, and the end state as a fresh one. */
static void tiled_sweep(const struct registry *reg)
{
	int pw, ph, sw, sh, frames = 0, bad = 0;
	char err[700], why[300] = "", nar[VIEW_NARRATION], ev[16], prev[16];
	char walk[400] = "", swept[600] = "";
	struct run r;
	frame_pane_sizes(80, 24, frame_summary_rows(80, 0, NULL), &pw, &ph, &sw,
			 &sh);
	struct view v = {.pic = canvas_new(pw, ph), .side = canvas_new(sw, sh)};
	struct canvas *keep = canvas_new(pw, ph);
	if (run_open(&r, registry_find(reg, "tiled"), NULL, err, sizeof err) <
	    0) {
		T_OK(0, "steps: tiled opens (%s)", err);
		goto out;
	}
	T_EQ_INT(r.nsteps, 14,
		 "steps: tiled has steps 0 to 14: the start, block 0's 10 "
		 "events, one for each of blocks 1-3, the totals");
	for (int k = 1; k <= r.nsteps; k++) {
		run_goto(&r, k);
		run_render(&r, &v);
		memcpy(nar, v.narration, sizeof nar);
		memcpy(keep->cells, v.pic->cells,
		       sizeof *keep->cells * (size_t)pw * (size_t)ph);
		int tw = run_tween_frames(&r);
		char end[16];
		tiled_event(v.pic, end, sizeof end);
		if (k <= 10)
			add_word(walk, sizeof walk, tw ? "frames" : end);
		else if (k < r.nsteps)
			add_word(swept, sizeof swept, "[");
		double reads = -1;
		prev[0] = 0;
		for (int i = 1; i <= tw; i++) {
			run_render_tween(&r, &v, i);
			tiled_event(v.pic, ev, sizeof ev);
			if (strcmp(ev, prev))   /* each event once, in turn */
				add_word(swept, sizeof swept, ev);
			memcpy(prev, ev, sizeof prev);
			frames++;
			double now = number_after(v.side, "reads ");
			if ((now < reads || strcmp(v.narration, nar) ||
			     v.pic->overflow || v.side->overflow) &&
			    !bad++)
				snprintf(why, sizeof why,
					 "step %d frame %d: reads %g after "
					 "%g%s%s",
					 k, i, now, reads,
					 strcmp(v.narration, nar)
						 ? ", another narration"
						 : "",
					 v.pic->overflow || v.side->overflow
						 ? ", text cut off"
						 : "");
			reads = now;
		}
		if (k > 10 && k < r.nsteps) {
			add_word(swept, sizeof swept, "|");
			add_word(swept, sizeof swept, end);
			add_word(swept, sizeof swept, "]");
		}
		run_render(&r, &v);
		if (memcmp(keep->cells, v.pic->cells,
			   sizeof *keep->cells * (size_t)pw * (size_t)ph) &&
		    !bad++)
			snprintf(why, sizeof why,
				 "step %d: the end state differs after its "
				 "frames",
				 k);
	}
	T_EQ_STR(walk, "Q0 KV0 S0 KV1 S1 KV2 S2 KV3 S3 O0",
		 "steps: tiled walks block 0 an event a step, no frames: "
		 "load Q0, K/V 0-3 each loaded then scored, write O0");
	T_EQ_STR(swept,
		 "[Q1 KV0 S0 KV1 S1 KV2 S2 KV3 S3 | O1 ] "
		 "[Q2 KV0 S0 KV1 S1 KV2 S2 KV3 S3 | O2 ] "
		 "[Q3 KV0 S0 KV1 S1 KV2 S2 KV3 S3 | O3 ]",
		 "steps: tiled sweeps each later block's events as frames, in "
		 "order, and its step writes the O block");
	T_OK(frames > 0 && !bad,
	     "steps: tiled: %d frames, the reads rising, the step's "
	     "narration, whole%s%s",
	     frames, bad ? ": " : "", why);
	run_close(&r);
out:
	canvas_free(v.pic);
	canvas_free(v.side);
	canvas_free(keep);
}

/* A scene without tween draws no frames between steps. */
static void no_moves(const struct registry *reg)
{
	struct run r;
	char err[700];
	int any = 0;
	if (run_open(&r, registry_find(reg, "online-softmax"), NULL, err,
		     sizeof err) < 0) {
		T_OK(0, "steps: online-softmax opens (%s)", err);
		return;
	}
	for (int k = 0; k <= r.nsteps; k++) {
		run_goto(&r, k);
		any += run_tween_frames(&r);
	}
	T_EQ_INT(any, 0,
		 "steps: online-softmax moves by no frames (a scene without "
		 "tween)");
	T_EQ_INT(run_tween_total(&r, 0, r.nsteps), 0,
		 "steps: and its recording counts none");
	run_close(&r);
}

/* Cells of the needle grid filled in a picture: " ok " and " miss ". */
static int needle_cells(const struct canvas *pic)
{
	char row[1024];
	int n = 0;
	for (int y = 0; y < pic->h; y++) {
		row_of(pic, y, row, sizeof row);
		for (const char *p = row; (p = strstr(p, " ok ")); p += 3)
			n++;
		for (const char *p = row; (p = strstr(p, " miss ")); p += 5)
			n++;
	}
	return n;
}

/* needle (lesson Ex. 17): a step a point of the lesson, the cells filling
 * one by one between the steps.  The lesson: up to 2000 words every cell
 * is found (the whole prompt within the 3000-word range); at 4000 the
 * needle at 25% is one word outside; at 16000 only the start (the first
 * 64 words) and the end.  No two steps read alike with the numbers taken
 * out; every cell of the 5 × 5 grid is drawn, the frames between steps
 * adding them one at a time. */
static void needle_steps(const struct registry *reg)
{
	int pw, ph, sw, sh, bad = 0, cells_prev = 0, frames = 0;
	int fits = -1, first_miss = -1, edges = -1;
	char err[700], why[300] = "", end[VIEW_NARRATION];
	static char seen[12][VIEW_NARRATION];
	struct run r;
	frame_pane_sizes(80, 24, frame_summary_rows(80, 0, NULL), &pw, &ph, &sw,
			 &sh);
	struct view v = {.pic = canvas_new(pw, ph), .side = canvas_new(sw, sh)};
	if (run_open(&r, registry_find(reg, "needle"), NULL, err,
		     sizeof err) < 0) {
		T_OK(0, "steps: needle opens (%s)", err);
		goto out;
	}
	T_OK(r.nsteps <= 11,
	     "steps: needle's 25 cells in at most 11 steps (%d)", r.nsteps);
	for (int k = 0; k <= r.nsteps && k < 12; k++) {
		run_goto(&r, k);
		int tw = run_tween_frames(&r);
		for (int i = 1; i <= tw; i++) {
			run_render_tween(&r, &v, i);
			int n = needle_cells(v.pic);
			frames++;
			if ((n < cells_prev || n > cells_prev + 1 ||
			     v.pic->overflow || v.side->overflow) &&
			    !bad++)
				snprintf(why, sizeof why,
					 "step %d frame %d: %d cells after %d",
					 k, i, n, cells_prev);
			cells_prev = n;
		}
		run_render(&r, &v);
		int n = needle_cells(v.pic);
		if (n < cells_prev || (n > cells_prev && tw == 0)) {
			if (!bad++)
				snprintf(why, sizeof why,
					 "step %d: %d cells after %d, %d "
					 "frames",
					 k, n, cells_prev, tw);
		}
		cells_prev = n;
		memcpy(end, v.narration, sizeof end);
		normalise(end, seen[k], sizeof seen[k]);
		for (int j = 0; j < k; j++)
			if (!strcmp(seen[j], seen[k]) && !bad++)
				snprintf(why, sizeof why,
					 "steps %d and %d read alike", j, k);
		if (strstr(end, "Up to 2000 words") && n == 10)
			fits = k;
		if (strstr(end, "25%") && strstr(end, "3001st word") &&
		    strstr(end, "one word past the 3000-word range"))
			first_miss = k;
		if (strstr(end, "At 16000 words only the start and the end") &&
		    strstr(end, "0% in the first 64 words"))
			edges = k;
	}
	T_OK(frames > 0 && !bad && cells_prev == 25,
	     "steps: needle: the 25 cells fill one at a time between steps, "
	     "no two steps alike%s%s",
	     bad ? ": " : "", why);
	T_OK(fits > 0 && first_miss > fits && edges > first_miss,
	     "steps: needle tells the lesson's points in order: up to 2000 "
	     "words all found (step %d), 25%% at 4000 one word outside "
	     "(step %d), only the edges at 16000 (step %d)",
	     fits, first_miss, edges);
	run_close(&r);
out:
	canvas_free(v.pic);
	canvas_free(v.side);
}

void test_steps(void)
{
	struct registry reg;
	char err[600];
	if (registry_load(&reg, err, sizeof err) < 0) {
		T_OK(0, "steps: registry loads (%s)", err);
		return;
	}
	look_alike(&reg);
	rope_moves(&reg);
	needle_steps(&reg);
	stream_moves(&reg);
	tiled_sweep(&reg);
	no_moves(&reg);
	registry_free(&reg);
}
