/*
 * closed_form: the second way the model-driven scenes check their sizes.
 * These closed forms are written apart from src/model/size.c and call none
 * of it (nor model_cache_bytes): a per-layer allocation walk there, a product
 * of counts here.  They hold for uniform models (every cached layer with the
 * same KV heads, layers local by the swa_pattern rule); cf_uniform says
 * whether a model is one.
 */
#ifndef ATTNVIZ_SCENES_CLOSED_FORM_H
#define ATTNVIZ_SCENES_CLOSED_FORM_H

#include <stdint.h>

#include "model/model.h"

/* Bytes of a row of n cache elements: ggml's block sizes (ggml-common.h)
 * written out again: f32 4, f16/bf16 2; q8_0 34, q4_0 18, q4_1 20, q5_0 22,
 * q5_1 24, iq4_nl 18 bytes per block of 32. */
int64_t cf_row_bytes(enum cache_type t, int64_t n);
/* K + V bytes per token of one layer of a uniform model. */
int64_t cf_cell_bytes(const struct model *m);
/* 1: every layer has kv_heads KV heads and is local exactly when
 * il % swa_pattern < swa_pattern - 1 (or all local when the pattern is 0). */
int cf_uniform(const struct model *m);
/* Global layers of a uniform model: none local without an honoured window;
 * with pattern n the globals are il = n-1, 2n-1, ...: floor(L / n). */
int64_t cf_global_layers(const struct model *m);
/* Cells per stream: n = ceil(ctx/256)·256, split streams ceil((n/n_seq)/256)·256,
 * sliding ceil(min(stream, w·(unified ? n_seq : 1) + ub)/256)·256. */
int64_t cf_stream_cells(int64_t ctx, int64_t n_seq, int unified);
int64_t cf_swa_cells(int64_t ctx, int64_t n_seq, int unified, int64_t w, int64_t ub, int swa_full);
/* Where a model value came from: the reader's word, else its INI key
 * ("[model] kv_heads").  field: MF_KV_HEADS, ... (model/fields.h). */
const char *cf_origin(const struct model *m, enum model_field field, char *buf, int len);

#endif
