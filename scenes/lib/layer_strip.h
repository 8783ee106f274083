/*
 * layer_strip: a model's layers as a strip of one glyph each, wrapped at
 * the pane's width, for the scenes that show which layers keep what
 * (memory: every kind of cache; iswa: local against global).
 */
#ifndef ATTNVIZ_SCENES_LAYER_STRIP_H
#define ATTNVIZ_SCENES_LAYER_STRIP_H

#include <stdint.h>

#include "canvas.h"

/* Layer il's glyph and role, as the calling scene marks its kinds. */
struct layer_mark {
	uint32_t glyph;
	enum role role;
};
typedef struct layer_mark (*layer_mark_fn)(const void *ctx, int64_t il);

/* Draws `layers` marks from row y, at most `rows` rows, with "+N more"
 * after the last drawn when they do not fit; returns the first row below. */
int layer_strip_draw(struct canvas *c, int y, int rows, int64_t layers, layer_mark_fn mark, const void *ctx);

#endif
