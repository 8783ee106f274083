/*
 * canvas: an off-screen grid of cells that scenes draw on.
 *
 * A cell is one code point and a style role.  Scenes say which role they
 * want, never a colour: the UI maps roles to colours (or to attributes on a
 * monochrome terminal) and code points to ASCII when the locale is not UTF-8.
 * Every glyph occupies one column.  Writes outside the grid are clipped, so
 * a scene can draw without checking the size first.  Control characters in
 * text are shown as '?', so text from files is always safe to draw.
 */
#ifndef ATTNVIZ_CANVAS_H
#define ATTNVIZ_CANVAS_H

#include <stdint.h>
#include <stdio.h>

enum role {
	ROLE_NORMAL,
	ROLE_DIM,      /* secondary text, empty cells of a grid */
	ROLE_LABEL,    /* axis and pane labels */
	ROLE_ACCENT,   /* the thing this step is about */
	ROLE_HOT,      /* a change that just fired: rescale, eviction */
	ROLE_OK,
	ROLE_FAIL,
	ROLE_BAR,      /* primary series */
	ROLE_BAR2,     /* second series, side by side with the first */
	ROLE_HBM,      /* slow memory */
	ROLE_SRAM,     /* fast memory */
	ROLE_HEAT1,    /* heat map, coolest to hottest */
	ROLE_HEAT2,
	ROLE_HEAT3,
	ROLE_HEAT4,
	ROLE_COUNT
};

struct cell {
	uint32_t ch;
	uint8_t role;
	uint8_t text;   /* written by canvas_text or canvas_wrap (for the overlap count) */
};

struct canvas {
	int w, h;
	struct cell *cells;   /* [h][w] */
	/* Text that did not fit since the last clear: characters of canvas_text
	 * clipped at an edge, lines canvas_wrap had no room for.  The projector
	 * test requires 0 on every pane of every frame. */
	int overflow;
	/* Text written over other text since the last clear (a garbled label). */
	int overlap;
};

/* NULL when out of memory, a size is negative, or past 4M cells (a 0x0 canvas is allowed). */
struct canvas *canvas_new(int w, int h);
void canvas_free(struct canvas *c);
/* Fill with blanks of ROLE_NORMAL. */
void canvas_clear(struct canvas *c);
void canvas_put(struct canvas *c, int x, int y, uint32_t ch, enum role role);
const struct cell *canvas_at(const struct canvas *c, int x, int y);
/* Draw UTF-8 text from (x, y), clipped at the right edge; returns the columns used. */
int canvas_text(struct canvas *c, int x, int y, enum role role, const char *utf8);
/* printf into the canvas.  fmt must be a literal of the program, never data. */
int canvas_printf(struct canvas *c, int x, int y, enum role role, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* printf into the canvas only when all of the text fits inside it: a number
 * is whole or absent (the projector rule).  Returns the columns used, or 0. */
int canvas_printf_whole(struct canvas *c, int x, int y, enum role role, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
void canvas_hline(struct canvas *c, int x, int y, int len, uint32_t ch, enum role role);
void canvas_vline(struct canvas *c, int x, int y, int len, uint32_t ch, enum role role);
/* A single-line box with an optional title in the top edge. */
void canvas_box(struct canvas *c, int x, int y, int w, int h, enum role role, const char *title);
/* Fill a rectangle with one glyph. */
void canvas_fill(struct canvas *c, int x, int y, int w, int h, uint32_t ch, enum role role);
/* A horizontal bar of `frac` (0..1) of `len` columns in eighth-block steps. */
void canvas_bar(struct canvas *c, int x, int y, int len, double frac, enum role role);

/* A straight line of one glyph between two cells (inclusive). */
void canvas_line(struct canvas *c, int x0, int y0, int x1, int y1, uint32_t ch, enum role role);

/* Word-wrap UTF-8 text into the w x h box; returns the lines used. */
int canvas_wrap(struct canvas *c, int x, int y, int w, int h, enum role role, const char *utf8);
/* The lines canvas_wrap would need for the whole text at width w. */
int canvas_wrap_lines(int w, const char *utf8);

/* Plain UTF-8 text, one line per row, trailing blanks removed. */
void canvas_dump(const struct canvas *c, FILE *out);

/* Decode one UTF-8 sequence; returns bytes used (>= 1) and sets *cp ('?' for invalid). */
int utf8_decode(const char *s, uint32_t *cp);
/* Columns of UTF-8 text (every code point is one column here). */
int utf8_width(const char *s);
/* Encode a code point; returns bytes written to out[4]. */
int utf8_encode(uint32_t cp, char *out);

#endif
