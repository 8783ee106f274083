/*
 * The Mamba-2 hybrids' compute buffer (src/graph/compute_mamba2.c, the
 * reserve graph replayed through ggml-alloc's rules) against the real
 * engine: node-llama-cpp 3.22.1's llama.cpp, llama_get_memory_breakdown
 * on tests/engine.sh's granite-hybrid-small, nemotron-h-small and
 * falcon-h1-7b GGUFs (the last the shape of assets/models/falcon-h1-7b.ini).
 * Each figure is the engine's, to the byte.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graph/compute_mamba2.h"
#include "size/size.h"
#include "t.h"

/* tests/engine.sh's granitehybrid / nemotronh shapes: E 1024, 8 heads of
 * 128 (2 KV heads on the attention layers), vocab 32000, d_inner 2048,
 * d_state 128, 32 SSM heads, d_conv 4; `types` one letter a layer: M
 * Mamba-2, A attention, F Nemotron's MLP block. */
static int shape(struct model *m, const char *arch, const char *types, int64_t ff, int64_t groups)
{
	char err[256];
	memset(m, 0, sizeof *m);
	snprintf(m->arch, sizeof m->arch, "%s", arch);
	m->layers = (int64_t)strlen(types), m->heads = 8, m->kv_heads = 2, m->head_dim = m->head_dim_v = 128;
	m->vocab = 32000, m->embd = 1024, m->ff = ff, m->ctx_train = 131072, m->rope_dims = 128;
	m->kind = ATTN_GQA, m->k_type = m->v_type = CACHE_F16, m->params = 1e8;
	m->ssm_d_conv = 4, m->ssm_d_inner = 2048, m->ssm_d_state = 128, m->ssm_n_group = groups, m->ssm_dt_rank = 32;
	for (int64_t il = 0; il < m->layers; il++) {
		m->layer_type[il] = types[il] == 'M' ? LT_RECURRENT : types[il] == 'A' ? LT_FULL : LT_NONE;
		m->layer_kv_heads[il] = types[il] == 'A' ? 2 : 0;
	}
	int rc = model_finish(m, arch, err, sizeof err);
	T_OK(rc == 0, "mamba2: the %s shape is a model (%s)", arch, rc == 0 ? "ok" : err);
	return rc;
}

/* The buffer at -c ctx -np ns (split or unified) -ub ub, flash attention
 * fa, the K and V cache types k, v. */
static int64_t bytes(struct model *m, int64_t ctx, int64_t ns, int unified, int64_t ub, int fa, enum cache_type k,
		     enum cache_type v, enum size_mark *mark)
{
	struct deploy d = deploy_default(ctx);
	struct buffer_sizes b;
	d.n_seq = ns, d.unified = unified, d.n_ubatch = ub, d.flash_attn = fa;
	m->k_type = k, m->v_type = v;
	if (size_buffers(m, &d, &b) < 0)
		return -1;
	*mark = b.compute_mark;
	return b.compute_bytes;
}

void test_compute_mamba2(void)
{
	struct model *m = calloc(1, sizeof *m);
	enum size_mark mk = SIZE_ESTIMATED;
	char err[256];
	if (!m)
		return;
	if (shape(m, "granitehybrid", "MMMAMMMA", 2048, 1) == 0) {
		T_OK(compute_mamba2_replayed(m), "mamba2: granitehybrid is replayed");
		/* the logits above the last FFN's output decide */
		T_EQ_INT(bytes(m, 1000, 4, 0, 512, 0, CACHE_F16, CACHE_F16, &mk), 77604896,
			 "mamba2: granite -c 1000 -np 4 -ub 512 -fa off: 74.01 MiB");
		T_EQ_INT(mk, SIZE_MODELLED, "mamba2: granite's compute buffer is modelled");
		T_EQ_INT(bytes(m, 1000, 4, 0, 512, 1, CACHE_F16, CACHE_F16, &mk), 76298272,
			 "mamba2: granite -c 1000 -np 4 -ub 512 -fa on: 72.76 MiB");
		T_EQ_INT(bytes(m, 1000, 1, 0, 512, 1, CACHE_F16, CACHE_F16, &mk), 77084704,
			 "mamba2: granite -c 1000 -ub 512 -fa on: 73.51 MiB (above -fa off's 68.50)");
		T_EQ_INT(bytes(m, 32768, 1, 0, 2048, 0, CACHE_F16, CACHE_F16, &mk), 2462097440LL,
			 "mamba2: granite -c 32768 -ub 2048 -fa off: 2348.04 MiB (K·Q)");
		/* a block-quantized K without flash attention: its rotation */
		T_EQ_INT(bytes(m, 4096, 1, 0, 512, 0, CACHE_Q8_0, CACHE_F16, &mk), 89204768,
			 "mamba2: granite -c 4096 -ctk q8_0 -fa off: 85.07 MiB");
		T_EQ_INT(bytes(m, 4096, 1, 0, 512, 1, CACHE_F16, CACHE_Q8_0, &mk), 76052512,
			 "mamba2: granite -c 4096 -ctv q8_0 -fa on: 72.53 MiB");
		T_EQ_INT(mk, SIZE_MODELLED, "mamba2: granite with a rotated V and flash attention is modelled");
		/* as conversion/granite.py writes Granite-4.0-H: no RoPE and a 2^20
		 * context (the engine with rope.scaling.finetuned false) */
		m->ctx_train = INT64_C(1) << 20;
		T_EQ_INT(bytes(m, 1000, 4, 0, 512, 0, CACHE_F16, CACHE_F16, &mk), 73408544,
			 "mamba2: granite without RoPE -c 1000 -np 4 -ub 512 -fa off: 70.01 MiB");
		T_EQ_INT(bytes(m, 32768, 3, 1, 512, 1, CACHE_F16, CACHE_F16, &mk), 69736480,
			 "mamba2: granite without RoPE -c 32768 -np 3 -kvu -fa on: 66.51 MiB");
		m->ctx_train = 131072;
		/* the MoE variant's expert FFNs are not in this graph */
		m->experts = 32, m->experts_used = 8;
		T_OK(!compute_mamba2_replayed(m), "mamba2: granitehybrid with experts is not this replay");
	}
	if (shape(m, "nemotron_h", "MFAFMF", 4096, 8) == 0) {
		T_EQ_INT(bytes(m, 32768, 3, 1, 512, 1, CACHE_F16, CACHE_F16, &mk), 73916672,
			 "mamba2: nemotron-h -c 32768 -np 3 -kvu -ub 512 -fa on: 70.49 MiB");
		T_EQ_INT(mk, SIZE_MODELLED, "mamba2: nemotron-h's compute buffer is modelled");
		T_EQ_INT(bytes(m, 1000, 1, 0, 512, 0, CACHE_F16, CACHE_F16, &mk), 72884256,
			 "mamba2: nemotron-h -c 1000 -ub 512 -fa off: 69.51 MiB");
		T_EQ_INT(bytes(m, 32768, 3, 1, 2048, 0, CACHE_F16, CACHE_F16, &mk), 2454898784LL,
			 "mamba2: nemotron-h -c 32768 -np 3 -kvu -ub 2048 -fa off: 2341.17 MiB");
		T_EQ_INT(bytes(m, 4096, 1, 0, 512, 0, CACHE_Q8_0, CACHE_F16, &mk), 87105568,
			 "mamba2: nemotron-h -c 4096 -ctk q8_0 -fa off: 83.07 MiB");
	}
	if (model_find_load(m, "falcon-h1-7b", err, sizeof err) == 0) {
		T_OK(compute_mamba2_replayed(m), "mamba2: falcon-h1-7b is replayed");
		T_EQ_INT(bytes(m, 32768, 3, 1, 2048, 0, CACHE_F16, CACHE_F16, &mk), 3596314752LL,
			 "mamba2: falcon-h1 -c 32768 -np 3 -kvu -ub 2048 -fa off: 3429.71 MiB");
		T_EQ_INT(bytes(m, 1000, 4, 0, 512, 0, CACHE_F16, CACHE_F16, &mk), 286797856,
			 "mamba2: falcon-h1 -c 1000 -np 4 -ub 512 -fa off: 273.51 MiB");
		T_EQ_INT(bytes(m, 4096, 1, 0, 512, 1, CACHE_Q8_0, CACHE_Q8_0, &mk), 278925312,
			 "mamba2: falcon-h1 -c 4096 q8_0 -fa on: 266.00 MiB");
		T_EQ_INT(bytes(m, 4096, 1, 0, 512, 1, CACHE_Q8_0, CACHE_F16, &mk), 289488928,
			 "mamba2: falcon-h1 -c 4096 -ctk q8_0 -fa on: 276.08 MiB");
		T_EQ_INT(bytes(m, 16384, 1, 0, 512, 1, CACHE_Q4_0, CACHE_Q4_0, &mk), 285216768,
			 "mamba2: falcon-h1 -c 16384 q4_0 -fa on: 272.00 MiB");
		T_EQ_INT(mk, SIZE_MODELLED, "mamba2: falcon-h1 with a rotated cache is modelled");
		/* without n_ff there is no FFN to write: buffers.c's estimate */
		m->ff = 0;
		T_OK(!compute_mamba2_replayed(m), "mamba2: falcon-h1 without ff is not replayed");
	} else
		T_OK(0, "mamba2: assets/models/falcon-h1-7b.ini loads (%s)", err);
	free(m);
}
