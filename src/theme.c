#include "theme.h"

#include "util/fault.h"

#include <string.h>

/*
 * 256 colours: bright entries of the xterm palette that read on a projector
 * (grey 250 for secondary text and the frame, sky blue 75 for slow memory,
 * never the dark blue 4).  8 colours: the ANSI colours, cyan where the 256
 * column has a blue.  Without colours: bold and underline tell the roles
 * apart; reverse video only on text (FAIL), never on a bar.
 * The projector theme is the same hues at full strength and bold throughout.
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
		[ROLE_DIM] = {252, 7, THEME_BOLD, 0},
		[ROLE_LABEL] = {51, 6, THEME_BOLD, THEME_BOLD},
		[ROLE_ACCENT] = {226, 3, THEME_BOLD | THEME_UNDERLINE, THEME_BOLD | THEME_UNDERLINE},
		[ROLE_HOT] = {196, 1, THEME_BOLD, THEME_BOLD},
		[ROLE_OK] = {46, 2, THEME_BOLD, THEME_BOLD},
		[ROLE_FAIL] = {196, 1, THEME_BOLD, THEME_REVERSE | THEME_BOLD},
		[ROLE_BAR] = {46, 2, THEME_BOLD, THEME_BOLD},
		[ROLE_BAR2] = {201, 5, THEME_BOLD, THEME_BOLD},
		[ROLE_HBM] = {45, 6, THEME_BOLD, THEME_BOLD},
		[ROLE_SRAM] = {226, 3, THEME_BOLD, THEME_BOLD},
		[ROLE_HEAT1] = {45, 6, THEME_BOLD, THEME_BOLD},
		[ROLE_HEAT2] = {46, 2, THEME_BOLD, THEME_BOLD},
		[ROLE_HEAT3] = {226, 3, THEME_BOLD, THEME_BOLD},
		[ROLE_HEAT4] = {196, 1, THEME_BOLD, THEME_BOLD},
	},
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
	struct theme_look l = {THEME_FG_DEFAULT, depth == THEME_MONO ? st->mono_attr : st->color_attr};
	if (depth == THEME_8)
		l.fg = st->fg8;
	else if (depth == THEME_256)
		l.fg = st->fg256;
#ifdef ATTNVIZ_FAULT
	/* The bug of issue 19, back on demand: tests/cells.sh must see it. */
	if (fault_on("theme_reverse") && role == ROLE_HOT)
		return (struct theme_look){l.fg, l.attr | THEME_REVERSE};
#endif
	if (is_block(ch))
		l.attr &= ~(unsigned)THEME_REVERSE;
	return l;
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
