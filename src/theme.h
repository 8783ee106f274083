/*
 * theme: how each style role of the canvas looks, the one table for the
 * terminal (src/ui/term.c, through curses) and for recordings (src/cast.c,
 * as ANSI escapes).  A role has a colour for 256-colour terminals, one of
 * the eight ANSI colours for the others (these numbers are also curses'
 * COLOR_* values), and attributes with colours and without them (NO_COLOR
 * and monochrome terminals), so meaning never rests on colour alone.
 *
 * What the class sees must be visible (DESIGN section 3): no role is drawn
 * in reverse video on a block glyph (a reversed █ paints its filled part
 * in the background's colour, so a full bar shows as an empty strip), none
 * in the background's colour, and no text in dark blue on black.
 * theme_look applies that rule whatever the table says.
 */
#ifndef ATTNVIZ_THEME_H
#define ATTNVIZ_THEME_H

#include <stdint.h>

#include "canvas.h"

enum { THEME_BOLD = 1, THEME_DIM = 2, THEME_UNDERLINE = 4, THEME_REVERSE = 8 };
#define THEME_FG_DEFAULT (-1)

/* The themes: `--set theme=NAME` and the TUI's t key choose one. */
enum theme_id { THEME_CLASSIC, THEME_PROJECTOR, THEME_COUNT };

/* What the terminal can show. */
enum theme_depth { THEME_MONO, THEME_8, THEME_256 };

struct theme_style {
	short fg256;                    /* 0-255, or THEME_FG_DEFAULT */
	signed char fg8;                /* ANSI colour 0-7, or THEME_FG_DEFAULT */
	unsigned char color_attr;       /* THEME_* bits with colours */
	unsigned char mono_attr;        /* THEME_* bits without */
};

/* [theme][role] */
extern const struct theme_style theme_roles[THEME_COUNT][ROLE_COUNT];

/* How one cell looks: a foreground and a background colour
 * (THEME_FG_DEFAULT: the terminal's own; else 0-7 at THEME_8 and 0-255 at
 * THEME_256; none at THEME_MONO) and THEME_* bits.  The classic theme
 * keeps the terminal's background; the projector's is white, the same
 * behind every cell. */
struct theme_look {
	int fg, bg;
	unsigned attr;
};

/* The look of glyph ch in role at that depth, with the visibility rule
 * applied (no reverse video on a block glyph). */
struct theme_look theme_look(enum theme_id theme, enum theme_depth depth, int role, uint32_t ch);
/* Colour idx of xterm's 256-colour palette (its 16 system colours, the
 * 6x6x6 cube of levels 0, 95, 135, 175, 215, 255, then 24 greys from 8 by
 * 10: xterm's 256colres.pl) as red, green, blue; -1 outside 0-255. */
int theme_rgb(int idx, unsigned char rgb[3]);
/* The theme of a name ("classic", "projector"), or -1. */
int theme_by_name(const char *name);
const char *theme_name(enum theme_id theme);

#endif
