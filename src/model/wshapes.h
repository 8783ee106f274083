/*
 * wshapes: the tensors a described model has, with their shapes, as
 * llama.cpp's loader creates them (src/models/ARCH.cpp, load_tensors) and
 * in the types convert_hf_to_gguf.py writes at --outtype bf16
 * (conversion/base.py prepare_tensors: 1-D tensors, norms and routers in
 * f32, the rest bf16).  With them an INI or config.json model is sized
 * under any llama-quantize type exactly (wquant.h), as its GGUF would be.
 */
#ifndef ATTNVIZ_WSHAPES_H
#define ATTNVIZ_WSHAPES_H

#include <stddef.h>

#include "model/model.h"
#include "model/wquant.h"

/* Most tensors a described model has (DeepSeek-V3 has about 1,800). */
#define WSHAPES_MAX 8192

/* The tensors of m into t[max]: their count; 0 when m's architecture has
 * no row here (its weights are then estimated), -1 when m's shape is not
 * one the row describes (why[len] says which value). */
int wshapes_of(const struct model *m, struct wq_tensor *t, size_t max,
	       char *why, size_t len);

#endif
