/*
 * The table of replayed compute buffers (src/graph/compute_replay.c): the
 * graph each shipped model's buffer is replayed by (after the builders in
 * llama.cpp's src/models), and a real engine figure reached through a
 * row's own function (node-llama-cpp 3.22.1's llama_get_memory_breakdown
 * on tests/engine.sh's Command R7B GGUF, as
 * tests/unit/test_compute_dense_replay.c pins it through size_buffers).
 */
#include <stdlib.h>
#include <string.h>

#include "graph/compute_replay.h"
#include "size/size.h"
#include "t.h"

static const struct {
	const char *model;   /* assets/models/NAME.ini */
	const char *file;    /* the replay's source, NULL: buffers.c's peaks */
	int estimate;        /* replayed as another family's graph */
} cases[] = {
	/* llama.cpp llama_model_llama::graph */
	{.model = "llama3-8b", .file = "src/graph/compute_dense_replay.c"},
	/* cohere2.cpp: its sliding cache too */
	{.model = "command-r7b", .file = "src/graph/compute_dense_replay.c"},
	/* openai-moe.cpp */
	{.model = "gpt-oss-20b", .file = "src/graph/compute_moe.c"},
	/* deepseek2.cpp, the MLA latent */
	{.model = "deepseek-v2-lite", .file = "src/graph/compute_moe.c"},
	/* falcon-h1.cpp */
	{.model = "falcon-h1-7b", .file = "src/graph/compute_mamba2.c"},
	/* lfm2.cpp's short conv */
	{.model = "lfm2-1.2b", .file = "src/graph/compute_hybrid_replay.c"},
	/* jamba.cpp's Mamba-1 */
	{.model = "jamba-v0.1", .file = "src/graph/compute_hybrid_replay.c"},
	/* qwen3next.cpp's gated delta net */
	{.model = "qwen3-next-80b", .file = "src/graph/compute_qwen3next.c"},
	/* gemma3n-iswa.cpp */
	{.model = "gemma-3n-e4b", .file = "src/graph/compute_gemma3n.c"},
	/* gemma4.cpp */
	{.model = "gemma4-31b", .file = "src/graph/compute_gemma4.c"},
	/* q/k norms on the views: not described, llama's graph as an
	 * estimate */
	{.model = "qwen3-4b", .file = "src/graph/compute_dense_replay.c",
	 .estimate = 1},
	/* llama's graph on its two caches, held to the engine */
	{.model = "gemma3-27b", .file = "src/graph/compute_dense_replay.c"},
	/* the MoE graph of no family: Qwen3-MoE's as an estimate */
	{.model = "mixtral-8x7b", .file = "src/graph/compute_moe.c",
	 .estimate = 1},
};

void test_compute_replay(void)
{
	struct model *m = calloc(1, sizeof *m);
	struct kv_alloc *a = calloc(1, sizeof *a);
	char err[256];
	if (!m || !a)
		goto out;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct deploy d = deploy_default(4096);
		if (model_find_load(m, cases[i].model, err, sizeof err) != 0 || size_alloc(m, &d, a) < 0) {
			T_OK(0, "compute replay: %s loads and sizes (%s)", cases[i].model, err);
			continue;
		}
		const struct compute_replay *r = compute_replay_of(m, a);
		T_OK(r ? cases[i].file && strcmp(r->file, cases[i].file) == 0 : !cases[i].file,
		     "compute replay: %s is replayed by %s", cases[i].model, cases[i].file ? cases[i].file : "none");
		if (r)
			T_OK(compute_replay_modelled(r, m, 0) ==
				 !cases[i].estimate,
			     "compute replay: %s's replay is %s",
			     cases[i].model,
			     cases[i].estimate ? "an estimate" : "modelled");
	}
	/* Command R7B (its GGUF's widths), -c 4096 -fa on, a q8_0 cache: the
	 * engine's 541,067,264 B through the row's own function and mark */
	if (model_find_load(m, "command-r7b", err, sizeof err) == 0) {
		struct deploy d = deploy_default(4096);
		int64_t bytes = -1;
		m->embd = 4096, m->ff = 14336, m->k_type = m->v_type = CACHE_Q8_0;
		const struct compute_replay *r = size_alloc(m, &d, a) == 0 ? compute_replay_of(m, a) : NULL;
		T_OK(r && r->bytes(m, &d, size_ubatch(&d), a, &bytes) == 0, "compute replay: Command R7B q8_0 is replayed");
		T_EQ_INT(bytes, 541067264, "compute replay: Command R7B -c 4096 -fa on q8_0: the engine's buffer");
		T_OK(r && compute_replay_modelled(r, m, 1), "compute replay: its rotated cache is modelled");
	}
out:
	free(a);
	free(m);
}
