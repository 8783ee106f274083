/*
 * compress_check: the closed forms of DeepSeek V4's caches (struct
 * family_compress: llama_kv_cache_dsv4), written apart from
 * src/size/size.c as the other closed forms are: a raw sliding cache of K
 * only, a stream a sequence whatever -kvu; compressed K-only caches on the
 * layers of their ratio; the compressors' f32 states.
 */
#ifndef ATTNVIZ_SCENES_COMPRESS_CHECK_H
#define ATTNVIZ_SCENES_COMPRESS_CHECK_H

#include <stddef.h>

#include "size/size.h"
#include "scene/summary.h"

/* 1 when m's family has compressed caches (size_comp_at) */
int cc_of(const struct model *m);
/* The raw cache's cells a stream, formula text (window, ubatch, batch,
 * ctx, n_seq): iswa's size_swa with unified_raw false. */
const char *cc_f_raw_cells(char *buf, size_t len, const struct deploy *d);
/* The raw cache's closed form for the item added last, `more` appended
 * (" + compressed"); 0 when its layers are not all sliding alike (no
 * formula then). */
int cc_raw_check(struct summary *s, const struct model *m,
		 const struct deploy *d, const struct kv_alloc *a,
		 const char *more);
/* comp_bytes.NAME and comp_state_bytes.NAME, each with its closed form */
void cc_caches(struct summary *s, const struct model *m, const struct deploy *d,
	       const struct kv_alloc *a);
void cc_states(struct summary *s, const struct model *m, const struct deploy *d,
	       const struct kv_alloc *a);
/* recurrent_bytes' closed form when only the states make it */
void cc_states_check(struct summary *s, const struct model *m,
		     const struct deploy *d);

#endif
