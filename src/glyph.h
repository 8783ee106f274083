/*
 * glyph: every symbol the program draws, by name, with the ASCII stand-in
 * the UI uses when the locale is not UTF-8.  Drawing code says GLYPH_DOT,
 * not 0x00b7; the one table (glyph.c) pairs each with its fallback.  Box
 * drawing has its own fallback in the UI (the terminal's line-drawing set).
 */
#ifndef ATTNVIZ_GLYPH_H
#define ATTNVIZ_GLYPH_H

#include <stdint.h>

enum glyph {
	/* boxes */
	GLYPH_HLINE = 0x2500,
	GLYPH_VLINE = 0x2502,
	GLYPH_TOP_LEFT = 0x250c,
	GLYPH_TOP_RIGHT = 0x2510,
	GLYPH_BOTTOM_LEFT = 0x2514,
	GLYPH_BOTTOM_RIGHT = 0x2518,
	GLYPH_TEE_RIGHT = 0x251c,     /* ├ */
	GLYPH_TEE_LEFT = 0x2524,      /* ┤ */
	GLYPH_TEE_DOWN = 0x252c,      /* ┬ */
	GLYPH_TEE_UP = 0x2534,        /* ┴ */
	GLYPH_CROSS = 0x253c,
	/* bars and shades */
	GLYPH_LOWER_EIGHTH =
	    0x2581, /* ▁ .. ▇ are GLYPH_LOWER_EIGHTH + 0 .. 6 */
	GLYPH_FULL = 0x2588,
	GLYPH_UPPER_EIGHTH = 0x2594,  /* ▔ the thinnest strip at a cell's top */
	GLYPH_LEFT_SEVEN_EIGHTHS = 0x2589,   /* ▉ .. ▏ are 7/8 .. 1/8 */
	GLYPH_LIGHT = 0x2591,         /* ░ */
	GLYPH_MEDIUM = 0x2592,        /* ▒ */
	GLYPH_DARK = 0x2593,          /* ▓ */
	/* marks */
	GLYPH_DOT = 0x00b7,           /* · an empty or dropped place */
	GLYPH_BULLET = 0x2022,        /* • */
	GLYPH_DISC = 0x25cf,          /* ● */
	GLYPH_CIRCLE = 0x25cb,        /* ○ */
	GLYPH_DIAMOND = 0x25c6,       /* ◆ */
	GLYPH_STAR = 0x2605,          /* ★ never seen */
	GLYPH_ELLIPSIS = 0x2026,      /* … something left out */
	GLYPH_POINTER = 0x25b8,       /* ▸ the selected row */
	GLYPH_PLAY = 0x25b6,          /* ▶ */
	GLYPH_LEFT_POINTER = 0x25c0,  /* ◀ */
	GLYPH_CHECK = 0x2713,         /* ✓ */
	GLYPH_CROSS_MARK = 0x2717,    /* ✗ */
	/* arrows by compass direction, east first, counter-clockwise (an arrow's tip) */
	GLYPH_ARROW_E = 0x2192,       /* → */
	GLYPH_ARROW_NE = 0x2197,      /* ↗ */
	GLYPH_ARROW_N = 0x2191,       /* ↑ */
	GLYPH_ARROW_NW = 0x2196,      /* ↖ */
	GLYPH_ARROW_W = 0x2190,       /* ← */
	GLYPH_ARROW_SW = 0x2199,      /* ↙ */
	GLYPH_ARROW_S = 0x2193,       /* ↓ */
	GLYPH_ARROW_SE = 0x2198,      /* ↘ */
};

/* The ASCII stand-in of a code point: itself below 0x80, a table entry, or '?'. */
char glyph_ascii(uint32_t cp);

#endif
