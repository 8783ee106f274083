/*
 * compute_mamba2: the CPU compute buffer of the Mamba-2 hybrids (Granite-4.0-H,
 * Nemotron-H, Falcon-H1), their reserve graphs replayed tensor by tensor
 * through ggml-alloc's rules (compute_mamba2.c); called by buffers.c.
 */
#ifndef ATTNVIZ_COMPUTE_MAMBA2_H
#define ATTNVIZ_COMPUTE_MAMBA2_H

#include <stdint.h>

#include "model/model.h"
#include "model/deploy.h"

/* 1 when m's compute buffer is replayed here: a dense (no experts)
 * granitehybrid, nemotron_h or falcon-h1 with its Mamba-2 sizes, n_embd and
 * n_ff known. */
int compute_mamba2_replayed(const struct model *m);
/* 1 when m is a Mamba-2 model (no experts) of no described graph:
 * replayed as mamba.cpp's pure Mamba-2 graph with its attention layers and
 * FFN, a plain estimate. */
int compute_mamba2_plain(const struct model *m);
/* 1 when the replay was held within 2 % of the real engine over
 * tests/engine.sh's whole buffers matrix for m's family, the rotated
 * caches included (SIZE_MODELLED). */
int compute_mamba2_modelled(const struct model *m);
/* The buffer for ubatch ub against the cache a: 0, or -1 on overflow or
 * a model this file does not replay. */
int compute_mamba2_bytes(const struct model *m, const struct deploy *d,
			 int64_t ub, const struct kv_alloc *a, int64_t *out);

#endif
