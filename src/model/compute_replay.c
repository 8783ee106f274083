/*
 * compute_replay: the table of the replayed compute buffers (see the header).
 */
#include "model/compute_replay.h"

#include "model/compute_dense_replay.h"
#include "model/compute_gemma3n.h"
#include "model/compute_gemma4.h"
#include "model/compute_hybrid_replay.h"
#include "model/compute_mamba2.h"
#include "model/compute_moe.h"
#include "model/compute_qwen3next.h"

/* The families' own tests, in the table's form (the cache matters to the
 * dense replay only: a sliding window is Cohere2's alone). */
static int moe_handles(const struct model *m, const struct kv_alloc *a)
{
	(void)a;
	return compute_moe_modelled(m);
}

static int mamba2_handles(const struct model *m, const struct kv_alloc *a)
{
	(void)a;
	return compute_mamba2_replayed(m);
}

static int mamba2_modelled(const struct model *m, int rot_fa)
{
	(void)rot_fa;
	return compute_mamba2_modelled(m);
}

static int hybrid_handles(const struct model *m, const struct kv_alloc *a)
{
	(void)a;
	return compute_hybrid_replayed(m);
}

static int gdn_handles(const struct model *m, const struct kv_alloc *a)
{
	(void)a;
	return compute_qwen3next_graph(m);
}

static int gdn_modelled(const struct model *m, int rot_fa)
{
	(void)rot_fa;
	return compute_qwen3next_modelled(m);
}

static int gemma3n_handles(const struct model *m, const struct kv_alloc *a)
{
	(void)a;
	return compute_gemma3n_modelled(m);
}

static int gemma4_handles(const struct model *m, const struct kv_alloc *a)
{
	(void)a;
	return compute_gemma4_replayed(m);
}

/* In the order they are asked: the first row that handles a model wins. */
static const struct compute_replay replays[] = {
	{moe_handles, compute_moe_bytes, NULL,
	 "MoE (gpt-oss, Llama 4, Qwen3-MoE, GLM-4.5, DeepSeek2, DeepSeek-V3.2 and GLM-5's sparse layers)",
	 "src/model/compute_moe.c"},
	{mamba2_handles, compute_mamba2_bytes, mamba2_modelled, "Mamba-2 hybrid (Granite-4.0-H, Nemotron-H, Falcon-H1)",
	 "src/model/compute_mamba2.c"},
	{hybrid_handles, compute_hybrid_replay_bytes, compute_hybrid_replay_modelled,
	 "short-conv and Mamba-1 hybrid (LFM2, Jamba): a layer's tail lands where the next layer's state get_rows pulls "
	 "it in",
	 "src/model/compute_hybrid_replay.c"},
	{gdn_handles, compute_qwen3next_bytes, gdn_modelled, "gated delta net hybrid (Qwen3-Next, Qwen3.5)",
	 "src/model/compute_qwen3next.c"},
	{compute_dense_replay_modelled, compute_dense_replay_bytes, NULL,
	 "dense graph (Llama, Mistral 3, Qwen2, OLMo 2, Phi-3, Cohere2): best fit moves the final residual (a rotated "
	 "cache with flash attention, up to 3.8 % off by the peaks)",
	 "src/model/compute_dense_replay.c"},
	{gemma3n_handles, compute_gemma3n_bytes, NULL, "Gemma 3n (AltUp streams, per-layer inputs, shared KV layers)",
	 "src/model/compute_gemma3n.c"},
	{gemma4_handles, compute_gemma4_bytes, NULL,
	 "Gemma 4 (sliding and full layers of their own head sizes, the 26B-A4B's experts beside its dense MLP, the "
	 "layers reusing a cache)",
	 "src/model/compute_gemma4.c"},
};

const struct compute_replay *compute_replay_of(const struct model *m, const struct kv_alloc *a)
{
	for (size_t i = 0; i < sizeof replays / sizeof replays[0]; i++)
		if (replays[i].handles(m, a))
			return &replays[i];
	return NULL;
}

int compute_replay_modelled(const struct compute_replay *r, const struct model *m, int rot_fa)
{
	return !r->modelled || r->modelled(m, rot_fa);
}
