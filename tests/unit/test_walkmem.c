/*
 * The memory, fit and iswa scenes as the class sees them at 80x24 (the
 * walk3 review's findings F4, F6, F10, F11, F14): each check reads the
 * composed screen for what one fix promised.
 */
#include <stdio.h>
#include <string.h>

#include "glyph.h"
#include "shot.h"
#include "t.h"
#include "theme.h"

/* The row of c whose every cell is a glyph other than a blank, or -1. */
static int full_row(const struct canvas *c)
{
	for (int y = 0; y < c->h; y++) {
		int x = 0;
		while (x < c->w && canvas_at(c, x, y)->ch != ' ' && canvas_at(c, x, y)->ch >= 0x2500)
			x++;
		if (x == c->w)
			return y;
	}
	return -1;
}

/* F6: memory's stacked bar with model (NULL: the default), step 2: each
 * legend swatch (the glyph before a part's name) is found on the bar in
 * the same glyph and role, and no two swatches share a glyph (NO_COLOR) or
 * a colour. */
static void memory_bar(const struct registry *reg, const char *model, int want_parts)
{
	static const char *const names[] = {"weights", "KV cache", "recurrent state", "compute buffer", "output buffer"};
	struct shot sh;
	if (shoot(reg, "memory", model, NULL, 2, &sh) < 0) {
		T_OK(0, "memory -m %s: opens", model ? model : "(default)");
		return;
	}
	const char *mn = model ? model : "(default)";
	int bar = full_row(sh.pic), nparts = 0;
	T_OK(bar >= 0, "memory -m %s step 2: the stacked bar fills a row", mn);
	uint32_t glyph[5];
	enum role role[5];
	for (int i = 0; i < 5 && bar >= 0; i++) {
		char pat[40];
		snprintf(pat, sizeof pat, "%s ", names[i]);
		int y = row_with(sh.pic, pat);
		if (y < 0 || canvas_at(sh.pic, 0, y)->ch == ' ')
			continue;   /* a part of 0 B has no swatch, and no segment */
		glyph[nparts] = canvas_at(sh.pic, 0, y)->ch;
		role[nparts] = canvas_at(sh.pic, 0, y)->role;
		int on_bar = 0, wrong_role = 0;
		for (int x = 0; x < sh.pic->w; x++)
			if (canvas_at(sh.pic, x, bar)->ch == glyph[nparts]) {
				on_bar++;
				wrong_role += canvas_at(sh.pic, x, bar)->role != role[nparts];
			}
		T_OK(on_bar > 0 && wrong_role == 0, "memory -m %s: the %s swatch is on the bar (%d cells), in its role", mn,
		     names[i], on_bar);
		int same_glyph = 0, same_colour = 0;
		for (int j = 0; j < nparts; j++) {
			const struct theme_style *a = &theme_roles[THEME_CLASSIC][role[j]];
			const struct theme_style *b = &theme_roles[THEME_CLASSIC][role[nparts]];
			same_glyph += glyph[j] == glyph[nparts];
			same_colour += a->fg256 == b->fg256 || a->fg8 == b->fg8;
		}
		T_OK(same_glyph == 0 && same_colour == 0,
		     "memory -m %s: the %s swatch's glyph and colour are no other part's", mn, names[i]);
		nparts++;
	}
	T_EQ_INT(nparts, want_parts, "memory -m %s step 2: every part with bytes has a swatch", mn);
	shot_free(&sh);
}

void test_walkmem(void)
{
	struct registry reg;
	char err[600];
	if (registry_load(&reg, err, sizeof err) < 0) {
		T_OK(0, "walkmem: registry loads (%s)", err);
		return;
	}
	memory_bar(&reg, NULL, 4);               /* Gemma 3 27B: no recurrent state */
	memory_bar(&reg, "qwen3-next-80b", 5);   /* a hybrid: all five parts */
	registry_free(&reg);
}
