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
#include "model/size.h"

/* 1 when m is Gemma 4 with every width the replay needs (and the 26B-A4B's
 * dense MLP width beside its experts'). */
int compute_gemma4_replayed(const struct model *m);
/* 1 when the replay is held to 2 % by tests/engine.sh for m's cache types
 * and flash attention (rot_fa: a quantized cache with flash attention). */
int compute_gemma4_modelled(const struct model *m, int rot_fa);
/* The buffer for ubatch ub against the cache a: 0, or -1 on overflow. */
int compute_gemma4_bytes(const struct model *m, const struct deploy *d, int64_t ub, const struct kv_alloc *a,
			 int64_t *out);

#endif
