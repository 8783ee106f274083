/*
 * compute_gemma4: the compute buffer of Gemma 4's reserve graph (the 31B,
 * the 26B-A4B MoE, the layers that reuse an earlier layer's cache),
 * replayed through ggml-alloc's rules (compute_gemma4.c); called by
 * buffers.c.
 */
#ifndef ATTNVIZ_COMPUTE_GEMMA4_H
#define ATTNVIZ_COMPUTE_GEMMA4_H

#include <stdint.h>

#include "model/arch.h"
#include "model/deploy.h"

/* 1 when m is Gemma 4 with every width the replay needs (and the 26B-A4B's
 * dense MLP width beside its experts'; not E2B/E4B's per-layer inputs):
 * then its buffer is replayed, and modelled (tests/engine.sh holds it
 * exact over its whole matrix, f16 and rotated caches). */
int compute_gemma4_replayed(const struct model *m);
/* The buffer for ubatch ub against the cache a: 0, or -1 on overflow. */
int compute_gemma4_bytes(const struct model *m, const struct deploy *d,
			 int64_t ub, const struct kv_alloc *a, int64_t *out);

#endif
