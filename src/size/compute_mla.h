#ifndef ATTNVIZ_MODEL_COMPUTE_MLA_H
#define ATTNVIZ_MODEL_COMPUTE_MLA_H
/* The MLA latent's attention peak of the compute buffer (compute_mla.c). */
#include <stdint.h>

#include "model/model.h"

struct deploy;
struct kv_alloc;
/* Bytes: the top of layer 0's K·Q without flash attention (v_cont and kq
 * above Qcur where they do not fit the hole below it), Qcur's top with
 * it, for nt tokens; -1 on overflow. */
int64_t compute_mla_attn(const struct model *m, const struct deploy *d,
			 int64_t nt, const struct kv_alloc *a);

#endif
