/*
 * shot: one scene's screen composed at 80x24, as the class sees it, and
 * the few readers the screen checks use (tests/unit/test_walkscenes.c
 * defines them; test_walkmem.c shares them).
 */
#ifndef ATTNVIZ_SHOT_H
#define ATTNVIZ_SHOT_H

#include <stddef.h>
#include <stdint.h>

#include "canvas.h"
#include "scene/driver.h"

struct shot {
	struct canvas *screen, *pic, *side;
	char narration[VIEW_NARRATION];
	int nsteps;
};

/* Scene id with `set` (blank-separated KEY=VALUE, or NULL) and model (or
 * NULL) at step k (from the end when negative), composed at 80x24 into sh.
 * 0, or -1 when it would not open (then sh holds nothing to free). */
int shoot(const struct registry *reg, const char *id, const char *model, const char *set, int k, struct shot *sh);
void shot_free(struct shot *sh);
/* Text of canvas row y (UTF-8) into buf. */
void row_of(const struct canvas *c, int y, char *buf, size_t len);
/* Rows of c holding what; the first such row, or -1. */
int rows_holding(const struct canvas *c, const char *what);
int row_with(const struct canvas *c, const char *what);
/* Cells of c holding code point ch. */
int cells_holding(const struct canvas *c, uint32_t ch);

#endif
