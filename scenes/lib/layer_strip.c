#include "scenes/lib/layer_strip.h"

int layer_strip_draw(struct canvas *c, int y, int rows, int64_t layers, layer_mark_fn mark, const void *ctx)
{
	int per_row = c->w > 0 ? c->w : 1;
	int64_t fit = (int64_t)per_row * rows;
	if (layers > fit)
		fit = fit > 10 ? fit - 10 : 0;   /* room for "+N more" */
	for (int64_t il = 0; il < layers && il < fit; il++) {
		struct layer_mark mk = mark(ctx, il);
		canvas_put(c, (int)(il % per_row), y + (int)(il / per_row), mk.glyph, mk.role);
	}
	if (layers > fit)
		canvas_printf_whole(c, (int)(fit % per_row) + 1, y + (int)(fit / per_row), ROLE_DIM, "+%lld more",
				    (long long)(layers - fit));
	int64_t shown = layers < fit ? layers : fit;
	return y + (int)((shown + per_row - 1) / per_row) + (layers > fit && fit % per_row == 0);
}
