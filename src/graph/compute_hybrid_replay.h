/*
 * compute_hybrid_replay: the CPU compute buffer of the short-conv (LFM2)
 * and Mamba-1 (Jamba) hybrids, their reserve graphs replayed tensor by
 * tensor through ggml-alloc's rules (src/graph/alloc_sim.c); called by
 * src/size/buffers.c.  Private to src/model/; sizes in bytes.
 */
#ifndef ATTNVIZ_COMPUTE_HYBRID_REPLAY_H
#define ATTNVIZ_COMPUTE_HYBRID_REPLAY_H

#include <stdint.h>

#include "model/model.h"
#include "model/deploy.h"

/* 1 when m's compute buffer is replayed here (a family of the table in
 * compute_hybrid_replay.c, with the widths its graph needs). */
int compute_hybrid_replayed(const struct model *m);
/* 1 when m is a Mamba-1 model (no experts) of no described graph:
 * replayed as mamba.cpp's graph with its attention layers and FFN, a plain
 * estimate. */
int compute_hybrid_plain(const struct model *m);
/* 1 when the replay is held to 2 % of the real engine for this cache
 * (rot_fa: a quantized cache with flash attention) over tests/engine.sh's
 * buffers matrix: the compute mark is then modelled. */
int compute_hybrid_replay_modelled(const struct model *m, int rot_fa);
/* The buffer for ubatch ub against the cache a: 0, or -1 on overflow or a
 * graph too large to replay. */
int compute_hybrid_replay_bytes(const struct model *m, const struct deploy *d,
				int64_t ub, const struct kv_alloc *a,
				int64_t *out);

#endif
