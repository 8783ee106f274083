/*
 * compute_hybrid: the hybrid (recurrent + attention) families' peaks of the
 * CPU compute buffer, beside src/size/buffers.c's three.  Private to
 * src/model/ (buffers.c calls it); sizes in bytes.
 */
#ifndef ATTNVIZ_COMPUTE_HYBRID_H
#define ATTNVIZ_COMPUTE_HYBRID_H

#include <stdint.h>

#include "model/model.h"
#include "size/size.h"

/* The widths buffers.c's K·Q peak is made of, bytes a token except E. */
struct hybrid_attn_in {
	int64_t E;	/* n_embd */
	int64_t kv_max; /* cells K·Q spans */
	int64_t masks;	/* the KQ masks, bytes a token */
	int64_t idx;	/* inp_tokens + k_idxs + v_idxs, 4-byte units a token */
	int fa;
};

/* 1 for a family of compute_hybrid.c's logits table, with its two
 * coefficients (see there); 0 (and 0, 0) for other models. */
int compute_hybrid_family(const struct model *m, int *mid_hole, int *big_rows);

/* Floats a token of the rows live under K·Q besides the inputs (5 n_embd
 * for buffers.c's graphs; a hybrid's own). */
int64_t compute_hybrid_attn_width(const struct model *m, int64_t E);

/* Bytes a token the logits of a hybrid land above buffers.c's logits peak,
 * given n_embd and the hole the freed graph inputs leave (bytes a token);
 * 0 for other models. */
int64_t compute_hybrid_logits(const struct model *m, int64_t E, int64_t hole);

/* For a family whose K·Q peak this file models, sets *per_token (bytes a
 * token of the reserve graph) and *fixed (bytes independent of it) and
 * returns 1; returns 0 (nothing set) for every other model. */
int compute_hybrid_attn(const struct model *m, const struct deploy *d,
			const struct hybrid_attn_in *in, int64_t *per_token,
			int64_t *fixed);

/* 1 when the family's compute buffer was held within 2 % of the real
 * engine over tests/engine.sh's whole buffers matrix (SIZE_MODELLED);
 * rot_fa: a block-quantized K or V with flash attention. */
int compute_hybrid_modelled(const struct model *m, int rot_fa);

#endif
