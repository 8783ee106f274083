/*
 * compute_gemma3n: the CPU compute buffer of Gemma 3n's reserve graph
 * (llama.cpp src/models/gemma3n.cpp), replayed tensor by tensor through
 * ggml-alloc's rules (compute_gemma3n.c); called by buffers.c.
 */
#ifndef ATTNVIZ_COMPUTE_GEMMA3N_H
#define ATTNVIZ_COMPUTE_GEMMA3N_H

#include <stdint.h>

#include "model/deploy.h"

/* 1 when m is a gemma3n model with its embd and ff widths known: its
 * compute buffer is replayed and checked against the real engine. */
int compute_gemma3n_modelled(const struct model *m);
/* The buffer for ubatch ub against the cache a: 0, or -1 on overflow. */
int compute_gemma3n_bytes(const struct model *m, const struct deploy *d,
			  int64_t ub, const struct kv_alloc *a, int64_t *out);

#endif
