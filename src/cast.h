/*
 * cast: composed screens written as an asciicast v2 recording, the format
 * that asciinema's player (browser) and `asciinema play` (terminal) replay.
 *
 * The file is one JSON header line, {"version": 2, "width": W, "height": H,
 * ...}, then one line per event, [TIME, "o", TEXT], where TEXT is what a
 * terminal receives: cursor moves, SGR attributes and UTF-8 glyphs.  The
 * styles follow the UI's theme table (src/theme.c, roles): colours, or
 * the monochrome attributes under NO_COLOR; glyphs follow its ASCII
 * fallback when the locale is not UTF-8.  No curses here: the encoder
 * works from the canvas, so --cast runs without a terminal and --record
 * writes the very frame the UI blits.
 *
 * A frame rewrites every row that changed since the last one (all rows on
 * the first frame and after a resize, which is also an [TIME, "r", "WxH"]
 * event), so each event's text holds whole rows and can be searched.  Each
 * event starts and ends with plain attributes.  Every line is written whole
 * and flushed, so the file is complete whenever the program stops.
 */
#ifndef ATTNVIZ_CAST_H
#define ATTNVIZ_CAST_H

#include <stdio.h>

#include "canvas.h"

/* cast_frame's time when the caller has no clock of its own: the real time
 * since cast_new (interactive recordings). */
#define CAST_NOW (-1L)

struct cast_opts {
	int utf8;             /* glyphs as UTF-8; else the ASCII fallback */
	int depth;            /* enum theme_depth: 256 or 8 colours, or the monochrome attributes */
	int theme;            /* enum theme_id */
	const char *title;    /* header title (data: escaped, never a format); NULL for none */
	long long timestamp;  /* header's Unix time of the recording; 0 leaves it out */
};

struct cast;

/* A recording onto out (not closed by cast_free); NULL when out of memory.
 * The header is written with the first frame, whose size it carries. */
struct cast *cast_new(FILE *out, const struct cast_opts *o);
/* Append the screen as shown at ms milliseconds (CAST_NOW: the real time
 * since cast_new).  Times never go backwards: an earlier time is taken as
 * the last one.  0, or -1 when the output cannot be written. */
int cast_frame(struct cast *c, const struct canvas *screen, long ms);
/* The last event at ms (the recording's length): the cursor shown again on
 * the line below the frame and the output flushed.  Nothing when no frame was written.  0 or -1. */
int cast_finish(struct cast *c, long ms);
void cast_free(struct cast *c);
/* An asciicast v2 marker, [TIME, "m", LABEL] (label is data: escaped), at ms
 * (CAST_NOW: the time of the last frame); a player can jump and pause on it.  Written
 * after the header, so call it after the first frame.  0 or -1. */
int cast_marker(struct cast *c, long ms, const char *label);
/* One screen as a terminal draws it, without cursor moves: each row its
 * cells with SGR attributes, ending in plain attributes and a newline.
 * 0, or -1 when out of memory or out fails. */
int cast_write_ansi(FILE *out, const struct canvas *screen, const struct cast_opts *o);
/* Later frames in another theme (enum theme_id); the next one is drawn whole. */
void cast_set_theme(struct cast *c, int theme);

#endif
