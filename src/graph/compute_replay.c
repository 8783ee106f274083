/*
 * compute_replay: the table of the replayed compute buffers (see the header).
 */
#include "graph/compute_replay.h"

#include "graph/compute_dense_replay.h"
#include "graph/compute_gemma3n.h"
#include "graph/compute_gemma4.h"
#include "graph/compute_hybrid_replay.h"
#include "graph/compute_mamba2.h"
#include "graph/compute_moe.h"
#include "graph/compute_qwen3next.h"

/* In the order they are asked: the first row that handles a model wins. */
static const struct compute_replay replays[] = {
    {.handles = compute_moe_modelled,
     .bytes = compute_moe_bytes,
     .what = "MoE (gpt-oss, Llama 4, Qwen3-MoE, GLM-4.5, DeepSeek2, "
	     "DeepSeek-V3.2 and GLM-5's sparse layers)",
     .file = "src/graph/compute_moe.c"},
    {.handles = compute_mamba2_replayed,
     .bytes = compute_mamba2_bytes,
     .modelled = compute_mamba2_modelled,
     .what = "Mamba-2 hybrid (Granite-4.0-H, Nemotron-H, Falcon-H1)",
     .file = "src/graph/compute_mamba2.c"},
    {.handles = compute_hybrid_replayed,
     .bytes = compute_hybrid_replay_bytes,
     .modelled_rot = compute_hybrid_replay_modelled,
     .what = "short-conv and Mamba-1 hybrid (LFM2, Jamba): a layer's tail "
	     "lands where the next layer's state "
	     "get_rows pulls it in",
     .file = "src/graph/compute_hybrid_replay.c"},
    {.handles = compute_qwen3next_graph,
     .bytes = compute_qwen3next_bytes,
     .modelled = compute_qwen3next_modelled,
     .what = "gated delta net hybrid (Qwen3-Next, Qwen3.5)",
     .file = "src/graph/compute_qwen3next.c"},
    /* the cache decides too: a sliding window is Cohere2's alone */
    {.handles_with = compute_dense_replay_modelled,
     .bytes = compute_dense_replay_bytes,
     .what = "dense graph (Llama, Mistral 3, Qwen2, OLMo 2, Phi-3, Cohere2, "
	     "and the families described as Llama's): best fit moves the "
	     "final residual with a rotated cache and flash attention",
     .file = "src/graph/compute_dense_replay.c"},
    {.handles = compute_gemma3n_modelled,
     .bytes = compute_gemma3n_bytes,
     .what = "Gemma 3n (AltUp streams, per-layer inputs, shared KV layers)",
     .file = "src/graph/compute_gemma3n.c"},
    {.handles = compute_gemma4_replayed,
     .bytes = compute_gemma4_bytes,
     .what = "Gemma 4 (sliding and full layers of their own head sizes, the "
	     "26B-A4B's experts beside its dense MLP, "
	     "the layers reusing a cache)",
     .file = "src/graph/compute_gemma4.c"},
    /* last: a graph no family describes, replayed as the nearest
     * described one (an estimate) */
    {.handles = compute_hybrid_plain,
     .bytes = compute_hybrid_replay_bytes,
     .modelled = compute_replay_never,
     .what = "Mamba-1's graph with this model's widths (its own graph is "
	     "not described: an estimate)",
     .file = "src/graph/compute_hybrid_replay.c"},
    {.handles = compute_mamba2_plain,
     .bytes = compute_mamba2_bytes,
     .modelled = compute_replay_never,
     .what = "Mamba-2's graph with this model's widths (its own graph is "
	     "not described: an estimate)",
     .file = "src/graph/compute_mamba2.c"},
    {.handles = compute_moe_plain,
     .bytes = compute_moe_bytes,
     .modelled = compute_replay_never,
     .what = "Qwen3-MoE's graph with this model's widths (its own graph "
	     "is not described: an estimate)",
     .file = "src/graph/compute_moe.c"},
    {.handles = compute_dense_replay_plain,
     .bytes = compute_dense_replay_bytes,
     .modelled = compute_replay_never,
     .what = "Llama's dense graph with this model's widths (its own graph "
	     "is not described: an estimate)",
     .file = "src/graph/compute_dense_replay.c"},
};

int compute_replay_never(const struct model *m)
{
	(void)m;
	return 0;
}

const struct compute_replay *compute_replay_of(const struct model *m,
					       const struct kv_alloc *a)
{
	for (size_t i = 0; i < sizeof replays / sizeof replays[0]; i++)
		if (replays[i].handles ? replays[i].handles(m)
				       : replays[i].handles_with(m, a))
			return &replays[i];
	return NULL;
}

int compute_replay_modelled(const struct compute_replay *r,
			    const struct model *m, int rot_fa)
{
	return r->modelled	 ? r->modelled(m)
	       : r->modelled_rot ? r->modelled_rot(m, rot_fa)
				 : 1;
}
