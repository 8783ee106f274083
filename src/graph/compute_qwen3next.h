/*
 * compute_qwen3next: the CPU compute buffer of the gated-delta-net hybrids
 * (Qwen3-Next, Qwen3.5 dense), their reserve graph replayed tensor by
 * tensor through ggml-alloc's rules (compute_qwen3next.c); called by
 * buffers.c.
 */
#ifndef ATTNVIZ_COMPUTE_QWEN3NEXT_H
#define ATTNVIZ_COMPUTE_QWEN3NEXT_H

#include <stdint.h>

#include "model/model.h"
#include "model/deploy.h"

/* 1 when m's graph is replayed here (its family and the widths it needs known).
 */
int compute_qwen3next_graph(const struct model *m);
/* 1 when the replay was held within 2 % of the real engine over
 * tests/engine.sh's whole buffers matrix (SIZE_MODELLED). */
int compute_qwen3next_modelled(const struct model *m);
/* The buffer for ubatch ub against the cache a: 0, or -1 on overflow. */
int compute_qwen3next_bytes(const struct model *m, const struct deploy *d,
			    int64_t ub, const struct kv_alloc *a, int64_t *out);

#endif
