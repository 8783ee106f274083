#include "theme.h"

/* ANSI: red 1, green 2, yellow 3, blue 4, magenta 5, cyan 6, on the default background. */
const struct theme_style theme_roles[ROLE_COUNT] = {
	[ROLE_NORMAL] = {THEME_FG_DEFAULT, 0, 0},
	[ROLE_DIM] = {4, 0, THEME_DIM},
	[ROLE_LABEL] = {6, 0, THEME_BOLD},
	[ROLE_ACCENT] = {3, THEME_BOLD, THEME_BOLD | THEME_UNDERLINE},
	[ROLE_HOT] = {1, THEME_BOLD | THEME_REVERSE, THEME_REVERSE},
	[ROLE_OK] = {2, 0, 0},
	[ROLE_FAIL] = {1, THEME_BOLD, THEME_REVERSE | THEME_BOLD},
	[ROLE_BAR] = {2, 0, 0},
	[ROLE_BAR2] = {5, 0, THEME_BOLD},
	[ROLE_HBM] = {4, THEME_BOLD, 0},
	[ROLE_SRAM] = {3, 0, THEME_BOLD},
	[ROLE_HEAT1] = {4, 0, THEME_DIM},
	[ROLE_HEAT2] = {6, 0, 0},
	[ROLE_HEAT3] = {3, 0, THEME_BOLD},
	[ROLE_HEAT4] = {1, THEME_BOLD, THEME_BOLD | THEME_REVERSE},
};
