/*
 * focus: which of a scene's summary numbers the step on screen is about,
 * so the w pane opens at it rather than at the top of a long audit
 * (online-softmax's step 2 says s = 1.135335: the pane opens at s.1).
 *
 * A step tells its numbers in its narration and its state pane; the
 * summary holds the run's checked values.  The rule, in focus.c, matches
 * the two as printed numbers.  No curses: the UI hands in the text.
 */
#ifndef ATTNVIZ_SCENE_FOCUS_H
#define ATTNVIZ_SCENE_FOCUS_H

#include <stddef.h>

#include "scene/scene.h"
#include "scene/summary.h"

/* The index in s of the item the step shows or changes, or -1 when it
 * shows none.  now: the step's text (narration and state pane); before:
 * the text of the step before it, or NULL at the first step. */
int focus_item(const struct summary *s, const char *now, const char *before);

/* The text focus_item reads from a rendered view: the narration, then the
 * state pane's rows.  A heap string (NULL when out of memory). */
char *focus_view_text(const struct view *v);

/* The byte offset in text (explain_text's) of the line that heads item
 * key ("key = value" at a line's start), or -1 when there is none. */
long focus_explain_offset(const char *text, const char *key);

#endif
