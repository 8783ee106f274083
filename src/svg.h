/*
 * svg: one composed screen as an SVG image, for slides and handouts
 * (--frame --format svg).  The cells are the canvas the terminal shows:
 * a black <rect> for the screen, one <text> per run of cells of one look in
 * a row (monospace, each run stretched to its columns with textLength, so
 * box lines meet whatever the font), a <rect> behind reversed text, in the
 * theme's 256 colours (src/theme.c) as xterm draws them.  Text is escaped
 * for XML: a title or a model name may hold < & " and is data, never markup.
 */
#ifndef ATTNVIZ_SVG_H
#define ATTNVIZ_SVG_H

#include <stdio.h>

#include "canvas.h"

/* Write s onto out in theme (enum theme_id); title (may be NULL) becomes
 * the image's <title>.  0, or -1 when out cannot be written. */
int svg_write(FILE *out, const struct canvas *s, int theme, const char *title);

/* The image's cell size in pixels: a run of n cells is n * SVG_CELL_W wide. */
#define SVG_CELL_W 9
#define SVG_CELL_H 18

#endif
