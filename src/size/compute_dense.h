/*
 * compute_dense: the compute-buffer peaks of dense graphs whose layer is
 * not llm_build_llama's (src/size/buffers.c compute_bytes models that one).
 */
#ifndef ATTNVIZ_MODEL_COMPUTE_DENSE_H
#define ATTNVIZ_MODEL_COMPUTE_DENSE_H

#include <stdint.h>

#include "model/family.h"
#include "model/model.h"

/* The graphs here: enum dense_graph, model/family.h. */
enum dense_graph compute_dense_graph(const struct model *m);
/* Per-token bytes of compute_bytes' peaks, corrected for m's graph: E =
 * n_embd as compute_bytes takes it, inputs = every graph input (inp_tokens,
 * inp_embd, inp_pos, out_ids, the idxs and masks), region = the part of it
 * freed at the last layer's attention (all but inp_tokens and inp_embd),
 * rot = flash attention with a rotated cache.  Unchanged for other graphs. */
void compute_dense_peaks(const struct model *m, int fa, int rot, int64_t E,
			 int64_t inputs, int64_t region, int64_t *per_logits,
			 int64_t *per_attn);
/* 1 when m's graph is one of these and tests/engine.sh holds the corrected
 * peaks within 2 % over its whole matrix; 0 for other graphs. */
int compute_dense_checked(const struct model *m);
/* 0 for the graphs above, whose peaks with a rotated cache and flash
 * attention were not traced (OLMo 2, Phi-3, Gemma 4). */
int compute_dense_rot_traced(const struct model *m);

/* The rotation inputs' bytes (attn_inp_k_rot, attn_inp_v_rot: n x n F32
 * each, per cache) of a rotated cache (attn_rot_k: K block-quantized,
 * attn_rot_v: V); 0 for neither. */
int64_t compute_rot_inputs(const struct model *m, int rot_k, int rot_v,
			   int64_t caches);
/* With flash attention: layer 0's FFN peak in bytes a token (per_ffn, from
 * E, inputs and region as above) when V is rotated; returns the rotation
 * inputs' bytes, which sit among the graph inputs below it (0 without ff). */
int64_t compute_rot_ffn(const struct model *m, int rot_k, int rot_v,
			int64_t caches, int64_t E, int64_t inputs,
			int64_t region, int64_t *per_ffn);
/* 1 when the rotated cache's peaks (the FFN above, the logits' rot_v rule in
 * buffers.c) were checked on m's widths: Q as wide as n_embd. */
int compute_rot_checked(const struct model *m);

#endif
