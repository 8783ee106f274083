#include "theme.h"

#include "util/fault.h"

#include <string.h>

/*
 * 256 colours: bright entries of the xterm palette that read on a projector
 * (grey 250 for secondary text and the frame, sky blue 75 for slow memory,
 * never the dark blue 4).  8 colours: the ANSI colours, cyan where the 256
 * column has a blue.  Without colours: bold and underline tell the roles
 * apart; reverse video only on text (FAIL), never on a bar.
 * The projector theme is dark text on white, bold throughout: a projector
 * in a lit room shows black as grey, and light glyphs on it (the heat
 * map's coolest level, ░ in blue) read as holes.  Its hues are the dark
 * entries of the palette (blue 25, green 28, orange 166, red 160), never
 * yellow, which white swallows; the coolest heat level a deep blue (19),
 * as its ░ shows a quarter of its cell.  No underline with colours: under
 * a run of spaces or a clock's hand it reads as stray marks.  With 8
 * colours (a plain xterm's TERM=xterm) it is not bold: xterm and the Linux
 * console show a bold colour as its bright half, black as grey and green as
 * lime on the light grey page; and where 256 colours have a dark green, 8
 * have black, as their green is as light as the page.
 */
const struct theme_style theme_roles[THEME_COUNT][ROLE_COUNT] = {
	[THEME_CLASSIC] = {
		[ROLE_NORMAL] = {THEME_FG_DEFAULT, THEME_FG_DEFAULT, 0, 0},
		[ROLE_DIM] = {250, 7, 0, 0},
		[ROLE_LABEL] = {87, 6, 0, THEME_BOLD},
		[ROLE_ACCENT] = {220, 3, THEME_BOLD, THEME_BOLD | THEME_UNDERLINE},
		[ROLE_HOT] = {203, 1, THEME_BOLD, THEME_BOLD},
		[ROLE_OK] = {83, 2, 0, 0},
		[ROLE_FAIL] = {203, 1, THEME_BOLD, THEME_REVERSE | THEME_BOLD},
		[ROLE_BAR] = {83, 2, 0, 0},
		[ROLE_BAR2] = {213, 5, 0, THEME_BOLD},
		[ROLE_HBM] = {75, 6, THEME_BOLD, 0},
		[ROLE_SRAM] = {220, 3, 0, THEME_BOLD},
		[ROLE_HEAT1] = {75, 6, 0, 0},
		[ROLE_HEAT2] = {83, 2, 0, 0},
		[ROLE_HEAT3] = {220, 3, 0, THEME_BOLD},
		[ROLE_HEAT4] = {203, 1, THEME_BOLD, THEME_BOLD},
	},
	[THEME_PROJECTOR] = {
		[ROLE_NORMAL] = {THEME_FG_DEFAULT, THEME_FG_DEFAULT, THEME_BOLD, THEME_BOLD},
		[ROLE_DIM] = {240, 0, 0, 0},
		[ROLE_LABEL] = {25, 4, THEME_BOLD, THEME_BOLD},
		[ROLE_ACCENT] = {166, 5, THEME_BOLD,
				 THEME_BOLD | THEME_UNDERLINE},
		[ROLE_HOT] = {160, 1, THEME_BOLD, THEME_BOLD},
		[ROLE_OK] = {28, 0, THEME_BOLD, THEME_BOLD},
		[ROLE_FAIL] = {160, 1, THEME_BOLD, THEME_REVERSE | THEME_BOLD},
		[ROLE_BAR] = {28, 0, THEME_BOLD, THEME_BOLD},
		[ROLE_BAR2] = {127, 5, THEME_BOLD, THEME_BOLD},
		[ROLE_HBM] = {25, 4, THEME_BOLD, THEME_BOLD},
		[ROLE_SRAM] = {166, 5, THEME_BOLD, THEME_BOLD},
		[ROLE_HEAT1] = {19, 4, THEME_BOLD, THEME_BOLD},
		[ROLE_HEAT2] = {28, 0, THEME_BOLD, THEME_BOLD},
		[ROLE_HEAT3] = {166, 5, THEME_BOLD, THEME_BOLD},
		[ROLE_HEAT4] = {160, 1, THEME_BOLD, THEME_BOLD},
	},
};

/* Each theme's page: the colours of ROLE_NORMAL's text and of every
 * cell's background (THEME_FG_DEFAULT: the terminal's); plain8: no bold
 * with 8 colours, where bold shows a colour's bright half. */
static const struct {
	short fg256, bg256;
	signed char fg8, bg8;
	unsigned char plain8;
} pages[THEME_COUNT] = {
	[THEME_CLASSIC] = {.fg256 = THEME_FG_DEFAULT, .bg256 = THEME_FG_DEFAULT,
			   .fg8 = THEME_FG_DEFAULT, .bg8 = THEME_FG_DEFAULT},
	[THEME_PROJECTOR] = {.fg256 = 16, .bg256 = 231, .fg8 = 0, .bg8 = 7,
			     .plain8 = 1},
};

static const char *const names[THEME_COUNT] = {[THEME_CLASSIC] = "classic", [THEME_PROJECTOR] = "projector"};

/* Block elements (U+2580..U+259F) and the black square: glyphs whose
 * filled part is the foreground colour. */
static int is_block(uint32_t ch)
{
	return (ch >= 0x2580 && ch <= 0x259f) || ch == 0x25a0;
}

struct theme_look theme_look(enum theme_id theme, enum theme_depth depth, int role, uint32_t ch)
{
	if ((unsigned)theme >= THEME_COUNT)
		theme = THEME_CLASSIC;
	if (role < 0 || role >= ROLE_COUNT)
		role = ROLE_NORMAL;
	const struct theme_style *st = &theme_roles[theme][role];
	unsigned attr = depth == THEME_MONO ? st->mono_attr : st->color_attr;
	struct theme_look l = {THEME_FG_DEFAULT, THEME_FG_DEFAULT, attr};
	if (depth == THEME_8) {
		l.fg = st->fg8 != THEME_FG_DEFAULT ? st->fg8
						    : pages[theme].fg8;
		l.bg = pages[theme].bg8;
		if (pages[theme].plain8)
			l.attr &= ~(unsigned)THEME_BOLD;
	} else if (depth == THEME_256) {
		l.fg = st->fg256 != THEME_FG_DEFAULT ? st->fg256
						      : pages[theme].fg256;
		l.bg = pages[theme].bg256;
	}
#ifdef ATTNVIZ_FAULT
	/* The bug of issue 19, back on demand: tests/cells.sh must see it. */
	if (fault_on("theme_reverse") && role == ROLE_HOT)
		return (struct theme_look){l.fg, l.bg, l.attr | THEME_REVERSE};
#endif
	if (is_block(ch))
		l.attr &= ~(unsigned)THEME_REVERSE;
	return l;
}

int theme_rgb(int idx, unsigned char rgb[3])
{
	static const unsigned char sys[16][3] = {
		{0, 0, 0},     {205, 0, 0},   {0, 205, 0},   {205, 205, 0},
		{0, 0, 238},   {205, 0, 205}, {0, 205, 205}, {229, 229, 229},
		{127, 127, 127}, {255, 0, 0}, {0, 255, 0},   {255, 255, 0},
		{92, 92, 255}, {255, 0, 255}, {0, 255, 255}, {255, 255, 255},
	};
	static const unsigned char level[6] = {0, 95, 135, 175, 215, 255};
	if (idx < 0 || idx > 255)
		return -1;
	if (idx < 16) {
		memcpy(rgb, sys[idx], 3);
	} else if (idx < 232) {
		int i = idx - 16;
		rgb[0] = level[i / 36];
		rgb[1] = level[i / 6 % 6];
		rgb[2] = level[i % 6];
	} else {
		unsigned char grey = (unsigned char)(8 + 10 * (idx - 232));
		rgb[0] = rgb[1] = rgb[2] = grey;
	}
	return 0;
}

int theme_by_name(const char *name)
{
	for (int i = 0; i < THEME_COUNT; i++)
		if (!strcmp(name, names[i]))
			return i;
	return -1;
}

const char *theme_name(enum theme_id theme)
{
	return (unsigned)theme < THEME_COUNT ? names[theme] : names[THEME_CLASSIC];
}
