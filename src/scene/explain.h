/*
 * explain: the text of --explain and of the TUI's w pane.  For a scene run
 * and its summary: a header (scene, lesson example, parameters, model, and
 * whether the lesson's figures apply), then for each summary key
 *   key = value
 *       the lines the scene attached (formula in words and symbols, the
 *       values substituted, where each input came from)
 *       check: how, expected, ok / FAIL  (or: none)
 */
#ifndef ATTNVIZ_SCENE_EXPLAIN_H
#define ATTNVIZ_SCENE_EXPLAIN_H

#include <stdio.h>

#include "scene/driver.h"
#include "scene/summary.h"

/* Write the explanation of run r, whose summary is s, to out. */
void explain_write(const struct run *r, const struct summary *s, FILE *out);
/* The same as one heap string (NULL when out of memory); the caller frees it. */
char *explain_text(const struct run *r, const struct summary *s);

#endif
