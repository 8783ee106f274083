/*
 * compute_replay: the one table of the compute buffers src/model/ replays
 * through ggml-alloc's rules (alloc_sim.c), a row a replay: how it knows
 * its models, its function, its mark and the words fa-engines' --explain
 * names it with.  buffers.c's compute_bytes and size_buffers and
 * scenes/fa-engines.c all ask compute_replay_of, so the three agree.
 */
#ifndef ATTNVIZ_COMPUTE_REPLAY_H
#define ATTNVIZ_COMPUTE_REPLAY_H

#include <stdint.h>

#include "model/deploy.h"

struct compute_replay {
	/* 1 when this replay computes m's buffer: by the model alone, or
	 * (handles_with) with the cache a too; one of the two is set */
	int (*handles)(const struct model *m);
	int (*handles_with)(const struct model *m, const struct kv_alloc *a);
	/* the buffer for ubatch ub (size_ubatch): 0, or -1 on overflow */
	int (*bytes)(const struct model *m, const struct deploy *d, int64_t ub,
		     const struct kv_alloc *a, int64_t *out);
	/* 1 when tests/engine.sh holds it within 2 % over its buffers matrix:
	 * by the model alone, or (modelled_rot) for a quantized cache with
	 * flash attention apart (rot_fa); neither set: always */
	int (*modelled)(const struct model *m);
	int (*modelled_rot)(const struct model *m, int rot_fa);
	const char *what; /* the graphs, for --explain */
	const char *file; /* the replay's source */
};

/* The replay that computes m's compute buffer with the cache a (the first
 * row that handles it; the last, Llama's plain graph, takes every model of
 * 1 to MODEL_MAX_LAYERS layers), or NULL for a model of none. */
const struct compute_replay *compute_replay_of(const struct model *m,
					       const struct kv_alloc *a);
/* A row's .modelled for a plain estimate: 0. */
int compute_replay_never(const struct model *m);
/* 1 when r's buffer for m is modelled (within 2 % of the real engine). */
int compute_replay_modelled(const struct compute_replay *r,
			    const struct model *m, int rot_fa);

#endif
