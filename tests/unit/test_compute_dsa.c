/*
 * Sparse attention's compute buffer (src/graph/compute_dsa_replay.c in
 * the MoE replay) against the real engine: node-llama-cpp 3.22.1's
 * llama.cpp on tests/engine.sh's DeepSeek-V3.2 and GLM-5 GGUFs (the shapes
 * of assets/models), read from llama_get_memory_breakdown.
 */
#include <stdlib.h>

#include "size/size.h"
#include "t.h"

static int load(struct model *m, const char *name)
{
	char err[256];
	int rc = model_find_load(m, name, err, sizeof err);
	T_OK(rc == 0, "dsa: assets/models/%s.ini loads (%s)", name, rc == 0 ? "ok" : err);
	return rc;
}

/* within pct % of a figure of the real engine */
static int within(int64_t got, int64_t engine, double pct)
{
	double e = (double)(got - engine) / (double)engine * 100;
	return e <= pct && e >= -pct;
}

void test_compute_dsa(void)
{
	struct model *m = calloc(1, sizeof *m);
	struct buffer_sizes b;
	struct kv_alloc a;
	if (!m)
		return;
	if (load(m, "deepseek-v3.2") == 0) {
		T_EQ_INT(m->indexer_top_k, 2048, "dsa: deepseek-v3.2's index_topk");
		struct deploy d = deploy_default(32768);
		d.n_seq = 1, d.n_ubatch = 512;
		T_OK(size_alloc(m, &d, &a) == 0,
		     "dsa: deepseek-v3.2 -c 32768 sizes");
		size_buffers(m, &d, &b);
		/* the attention output above Qcur: 836,843,520 B in the engine */
		T_OK(within(b.compute_bytes, 836843520, 2), "dsa: deepseek-v3.2 -c 32768 -ub 512 -fa on within 2 %% (%lld B)",
		     (long long)b.compute_bytes);
		d.flash_attn = 0;
		size_buffers(m, &d, &b);
		T_OK(within(b.compute_bytes, 9357572096LL, 1), "dsa: deepseek-v3.2 -c 32768 -fa off within 1 %% (%lld B)",
		     (long long)b.compute_bytes);
		/* the first MoE layers' tail decides at -c 1000: the sparse
		 * graph replayed (src/graph/compute_dsa_replay.c) gives the
		 * engine's bytes */
		d = deploy_default(1000);
		d.n_seq = 4, d.n_ubatch = 512;
		size_buffers(m, &d, &b);
		T_EQ_INT(b.compute_bytes, 460404736, "dsa: deepseek-v3.2 -c 1000 -np 4 -fa on: the engine's 439.08 MiB");
		T_EQ_INT(b.compute_mark, SIZE_MODELLED, "dsa: deepseek-v3.2's compute buffer is replayed, modelled");
		/* an INI without the indexer's heads: the sparse graph replayed
		 * with the attention's heads in their place
		 * (compute_dsa_replay.c), an estimate */
		m->indexer_heads = 0;
		size_buffers(m, &d, &b);
		T_OK(within(b.compute_bytes, 460404736, 7), "dsa: deepseek-v3.2 -c 1000 -np 4 -fa on within 7 %% (%lld B)",
		     (long long)b.compute_bytes);
		T_EQ_INT(b.compute_mark, SIZE_ESTIMATED, "dsa: deepseek-v3.2 without indexer_heads is estimated");
	}
	if (load(m, "glm-5") == 0) {
		struct deploy d = deploy_default(32768);
		d.n_seq = 1, d.n_ubatch = 512;
		size_buffers(m, &d, &b);
		T_OK(within(b.compute_bytes, 687945728, 1.5), "dsa: glm-5 -c 32768 -ub 512 -fa on within 1.5 %% (%lld B)",
		     (long long)b.compute_bytes);
		d = deploy_default(1000);
		d.n_seq = 1, d.n_ubatch = 512;
		size_buffers(m, &d, &b);
		/* layer 3's MoE FFN above 74 leaves (404,830,208 B): 4.7 % under */
		T_OK(within(b.compute_bytes, 404830208, 5),
		     "dsa: glm-5 -c 1000 -ub 512 -fa on within 5 %% (%lld B)",
		     (long long)b.compute_bytes);
	}
	free(m);
}
