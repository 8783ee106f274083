/*
 * theme: how each style role of the canvas looks, the one table for the
 * terminal (src/ui/term.c, through curses) and for recordings (src/cast.c,
 * as ANSI escapes).  Colours are the ANSI numbers, which are also curses'
 * COLOR_* values; the monochrome column serves NO_COLOR and terminals
 * without colours, so meaning never rests on colour alone.
 */
#ifndef ATTNVIZ_THEME_H
#define ATTNVIZ_THEME_H

#include "canvas.h"

enum { THEME_BOLD = 1, THEME_DIM = 2, THEME_UNDERLINE = 4, THEME_REVERSE = 8 };
#define THEME_FG_DEFAULT (-1)

struct theme_style {
	signed char fg;                 /* ANSI colour 0-7, or THEME_FG_DEFAULT */
	unsigned char color_attr;       /* THEME_* bits with colours */
	unsigned char mono_attr;        /* THEME_* bits without */
};

extern const struct theme_style theme_roles[ROLE_COUNT];

#endif
