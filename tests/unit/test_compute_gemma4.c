/*
 * Gemma 4's replayed compute buffer (src/graph/compute_gemma4.c) against
 * the real engine: node-llama-cpp 3.22.1's llama.cpp on tests/engine.sh's
 * gemma4-31b, gemma4-26b-a4b and gemma4-shared GGUFs, the bytes
 * llama_get_memory_breakdown gave for each deployment (the replay matched
 * every one of the 102 each model's buffers matrix creates, to the byte).
 */
#include <string.h>

#include "graph/compute_gemma4.h"
#include "size/size.h"
#include "t.h"

/* The shapes of tests/engine.sh's gemma4 (31B: E 5376, 32 heads, FF
 * 21504; five sliding layers of 16 KV heads of 256, then one full of 4 of
 * 512; the last `shared` reuse earlier caches) and gemma4moe (26B-A4B: E
 * 2816, 16 heads, 8 and 2 KV heads, the dense MLP 2112 beside 128 experts
 * of 704, 8 a token). */
static int shape(struct model *m, int moe, int64_t layers, int64_t shared)
{
	char err[256];
	memset(m, 0, sizeof *m);
	snprintf(m->arch, sizeof m->arch, "gemma4");
	m->layers = layers, m->heads = moe ? 16 : 32, m->head_dim = m->head_dim_v = 512;
	m->head_dim_swa = m->head_dim_v_swa = 256, m->sliding_window = 1024, m->swa_pattern = 6;
	m->embd = moe ? 2816 : 5376, m->ff = moe ? 704 : 21504, m->vocab = 262144;
	m->kind = ATTN_GQA, m->k_type = m->v_type = CACHE_F16, m->params = 26e9, m->ctx_train = 262144;
	if (moe)
		m->experts = 128, m->experts_used = 8, m->ff_dense = 2112, m->active_params = 4e9;
	for (int64_t il = 0; il < layers; il++) {
		m->layer_swa[il] = il % 6 < 5;
		m->layer_kv_heads[il] = il % 6 < 5 ? (moe ? 8 : 16) : (moe ? 2 : 4);
		m->layer_type[il] = il >= layers - shared ? LT_SHARED : m->layer_swa[il] ? LT_SLIDING : LT_FULL;
	}
	int rc = model_finish(m, "gemma4", err, sizeof err);
	T_OK(rc == 0, "gemma4: the shape is a model (%s)", rc ? err : "ok");
	return rc;
}

/* The compute buffer for one deployment: ctx, n_seq, unified, swa_full,
 * ubatch, flash attention. */
static int64_t buf(const struct model *m, int64_t ctx, int64_t n_seq, int unified, int swa_full, int64_t ub, int fa,
		   int *mark)
{
	struct buffer_sizes b;
	struct deploy d = deploy_default(ctx);
	*mark = -1;
	d.n_seq = n_seq, d.unified = unified, d.swa_full = swa_full, d.n_ubatch = ub, d.flash_attn = fa;
	if (size_buffers(m, &d, &b) < 0)
		return -1;
	*mark = (int)b.compute_mark;
	return b.compute_bytes;
}

static void t_31b(void)
{
	struct model m;
	int mark;
	if (shape(&m, 0, 60, 0))
		return;
	T_OK(compute_gemma4_replayed(&m), "gemma4: the 31B is replayed");
	T_EQ_INT(buf(&m, 1000, 1, 0, 0, 512, 1, &mark), 616585216, "gemma4 31B -c 1000 -fa on: 588.02 MiB (engine)");
	T_EQ_INT(mark, SIZE_MODELLED, "gemma4 31B: modelled");
	T_EQ_INT(buf(&m, 1000, 1, 0, 0, 512, 0, &mark), 569903104, "gemma4 31B -c 1000 -fa off: 543.50 MiB (engine)");
	T_EQ_INT(buf(&m, 32768, 3, 1, 1, 512, 1, &mark), 626196672,
		 "gemma4 31B -c 32768 -np 3 -kvu --swa-full -fa on: 597.19 MiB (engine; the peak formula said 8.98 %% less)");
	T_EQ_INT(buf(&m, 32768, 4, 0, 1, 512, 0, &mark), 704133120,
		 "gemma4 31B -c 32768 -np 4 --swa-full -fa off: 671.52 MiB (engine)");
	/* the rotated caches: each its own K rotation (512 full, 256 sliding), V's 64 */
	m.k_type = m.v_type = CACHE_Q8_0;
	T_EQ_INT(buf(&m, 4096, 1, 0, 0, 512, 1, &mark), 621598720,
		 "gemma4 31B -c 4096 -fa on q8_0: 592.80 MiB (engine; the formula said 7.7 %% more)");
	T_EQ_INT(mark, SIZE_MODELLED, "gemma4 31B: a rotated cache with flash attention is modelled");
	T_EQ_INT(buf(&m, 32768, 1, 0, 0, 2048, 1, &mark), 2383798272LL, "gemma4 31B -c 32768 -ub 2048 -fa on q8_0 (engine)");
	m.k_type = m.v_type = CACHE_Q4_0;
	T_EQ_INT(buf(&m, 16384, 1, 0, 0, 512, 1, &mark), 578607104, "gemma4 31B -c 16384 -fa on q4_0 (engine)");
	m.k_type = CACHE_Q8_0, m.v_type = CACHE_F16;
	T_EQ_INT(buf(&m, 4096, 1, 0, 0, 512, 0, &mark), 569903104, "gemma4 31B -c 4096 -fa off -ctk q8_0 (engine)");
}

static void t_26b(void)
{
	struct model m;
	int mark;
	if (shape(&m, 1, 30, 0))
		return;
	T_OK(compute_gemma4_replayed(&m), "gemma4: the 26B-A4B is replayed");
	T_EQ_INT(buf(&m, 1000, 1, 0, 0, 512, 1, &mark), 566384640, "gemma4 26B-A4B -c 1000 -fa on: 540.15 MiB (engine)");
	T_EQ_INT(mark, SIZE_MODELLED, "gemma4 26B-A4B: modelled");
	T_EQ_INT(buf(&m, 1000, 1, 0, 0, 512, 0, &mark), 558499840, "gemma4 26B-A4B -c 1000 -fa off: 532.63 MiB (engine)");
	T_EQ_INT(buf(&m, 32768, 3, 1, 1, 512, 1, &mark), 558542112,
		 "gemma4 26B-A4B -c 32768 -np 3 -kvu --swa-full -fa on (engine; the estimate said 10.2 %% more)");
	T_EQ_INT(buf(&m, 32768, 4, 0, 1, 512, 0, &mark), 591138816, "gemma4 26B-A4B -c 32768 -np 4 --swa-full -fa off (engine)");
	m.k_type = m.v_type = CACHE_Q8_0;
	T_EQ_INT(buf(&m, 4096, 1, 0, 0, 512, 1, &mark), 565630976, "gemma4 26B-A4B -c 4096 -fa on q8_0 (engine)");
	T_EQ_INT(buf(&m, 32768, 1, 0, 0, 2048, 1, &mark), 2233999360LL, "gemma4 26B-A4B -c 32768 -ub 2048 -fa on q8_0 (engine)");
	/* a quantized K without flash attention: the K rotation placed before inp_pos */
	m.v_type = CACHE_F16;
	T_EQ_INT(buf(&m, 4096, 1, 0, 0, 512, 0, &mark), 568856576, "gemma4 26B-A4B -c 4096 -fa off -ctk q8_0 (engine)");
	/* without the dense MLP's width the graph is not known */
	m.ff_dense = 0;
	T_OK(!compute_gemma4_replayed(&m), "gemma4: the 26B-A4B without ff_dense is not replayed");
}

static void t_shared(void)
{
	struct model m;
	int mark;
	if (shape(&m, 0, 24, 6))
		return;
	T_OK(compute_gemma4_replayed(&m), "gemma4: shared KV layers are replayed");
	T_EQ_INT(buf(&m, 1000, 1, 0, 0, 512, 1, &mark), 616585216, "gemma4-shared -c 1000 -fa on (engine)");
	T_EQ_INT(mark, SIZE_MODELLED, "gemma4-shared: modelled");
	T_EQ_INT(buf(&m, 32768, 4, 0, 1, 512, 0, &mark), 704133120, "gemma4-shared -c 32768 -np 4 --swa-full -fa off (engine)");
	m.k_type = m.v_type = CACHE_Q8_0;
	/* the shared layers read Q only: 99.4 MiB below the 31B's figure */
	T_EQ_INT(buf(&m, 32768, 1, 0, 0, 2048, 1, &mark), 2279612416LL, "gemma4-shared -c 32768 -ub 2048 -fa on q8_0 (engine)");
	T_EQ_INT(buf(&m, 4096, 1, 0, 0, 512, 1, &mark), 621598720, "gemma4-shared -c 4096 -fa on q8_0 (engine)");
	/* E2B/E4B: per-layer inputs beside the shared layers, nodes the replay does not write */
	m.embd_per_layer = 256;
	T_OK(!compute_gemma4_replayed(&m), "gemma4: per-layer input embeddings (E2B/E4B) are not replayed");
	buf(&m, 4096, 1, 0, 0, 512, 1, &mark);
	T_EQ_INT(mark, SIZE_ESTIMATED, "gemma4: E2B/E4B's compute buffer is estimated");
}

void test_compute_gemma4(void)
{
	t_31b();
	t_26b();
	t_shared();
}
