#ifndef ATTNVIZ_MODEL_COMPUTE_DSA_H
#define ATTNVIZ_MODEL_COMPUTE_DSA_H
/* Sparse attention's own share of the compute buffer (compute_dsa.c). */
#include <stdint.h>

#include "model/model.h"

struct kv_alloc;
/* Bytes: the zeros leaves of the top-k masks still live while layer il
 * runs its attention or FFN (DeepSeek-V3.2, GLM-5), for nt tokens; 0
 * without an indexer top-k; -1 on overflow. */
int64_t compute_dsa_leaves(const struct model *m, int64_t nt,
			   const struct kv_alloc *a, int64_t il);
/* Bytes above the MLA latent's flash-attention peak (compute_mla.c) that
 * the top-k mask and the attention output add; 0 without an indexer. */
int64_t compute_dsa_attn_fa(const struct model *m, int64_t nt,
			    const struct kv_alloc *a);

#endif
