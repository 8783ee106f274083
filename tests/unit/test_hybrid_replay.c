/*
 * The short-conv and Mamba-1 hybrids' compute buffer, replayed through
 * ggml-alloc's rules (src/graph/compute_hybrid_replay.c), against the real
 * engine: node-llama-cpp 3.22.1's llama.cpp on tests/engine.sh's GGUFs
 * (the shapes of assets/models/lfm2-1.2b.ini, jamba-v0.1.ini and
 * tests/models/lfm2.5-audio-tokenizer.ini), each figure read from
 * llama_get_memory_breakdown.  Every one agrees to the byte.
 */
#include <stdlib.h>

#include "size/size.h"
#include "t.h"

/* One deployment: -c ctx -np n_seq [-kvu] [--swa-full] -ub ub [-fa] -ctk/-ctv. */
struct dep {
	int64_t ctx, n_seq;
	int unified, swa_full;
	int64_t ub;
	int fa;
	enum cache_type k, v;
	int64_t engine;     /* llama.cpp's compute buffer, bytes */
	const char *what;   /* why this one: what decides the peak */
};

static void check(const char *name, const char *path, const struct dep *deps, size_t n)
{
	struct model *m = calloc(1, sizeof *m);
	char err[256];
	int rc = !m ? -1 : path ? model_load(m, path, err, sizeof err) : model_find_load(m, name, err, sizeof err);
	T_OK(rc == 0, "hybrid replay: %s loads (%s)", name, rc == 0 ? "ok" : m ? err : "out of memory");
	if (rc != 0) {
		free(m);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		const struct dep *p = &deps[i];
		struct deploy d = deploy_default(p->ctx);
		struct buffer_sizes b;
		d.n_seq = p->n_seq, d.unified = p->unified, d.swa_full = p->swa_full;
		d.n_ubatch = p->ub, d.flash_attn = p->fa;
		m->k_type = p->k, m->v_type = p->v;
		T_OK(size_buffers(m, &d, &b) == 0, "hybrid replay: %s -c %lld sized", name, (long long)p->ctx);
		T_EQ_INT(b.compute_bytes, p->engine, "engine: %s -c %lld -np %lld%s%s -ub %lld -fa %s: %s", name,
			 (long long)p->ctx, (long long)p->n_seq, p->unified ? " -kvu" : "", p->swa_full ? " --swa-full" : "",
			 (long long)p->ub, p->fa ? "on" : "off", p->what);
		T_EQ_INT(b.compute_mark, SIZE_MODELLED, "hybrid replay: %s's buffer is modelled (-c %lld)", name,
			 (long long)p->ctx);
	}
	free(m);
}

/* LFM2 1.2B: the case 5.6 % off before (the last layer's get_rows in a
 * slot a node just freed, a tighter fit than the freed inputs' hole),
 * K·Q at -c 32768, the logits, and the quantized caches */
static const struct dep lfm2[] = {
	{1000, 3, 1, 0, 2048, 0, CACHE_F16, CACHE_F16, 294981280, "the logits two rows higher"},
	{1000, 1, 0, 0, 512, 1, CACHE_F16, CACHE_F16, 147863584, "the logits above l_out"},
	{32768, 1, 0, 0, 512, 0, CACHE_F16, CACHE_F16, 2237671456LL, "K·Q decides"},
	{32768, 4, 0, 0, 2048, 1, CACHE_F16, CACHE_F16, 570433536, "four sequences' states"},
	{4096, 1, 0, 0, 512, 1, CACHE_F16, CACHE_Q8_0, 151025696, "V rotated, its un-rotation"},
	{4096, 1, 0, 0, 512, 0, CACHE_Q8_0, CACHE_F16, 295725088, "K rotated without flash attention"},
};

/* The LFM2.5-Audio tokenizer: sliding layers only (llama_memory_hybrid_iswa,
 * q, k, v expanded in that order), 13.5 % off before */
static const struct dep audio[] = {
	{32768, 3, 1, 0, 2048, 0, CACHE_F16, CACHE_F16, 545269792, "K·Q over the sliding cells"},
	{32768, 3, 1, 1, 2048, 0, CACHE_F16, CACHE_F16, 4590850176LL, "--swa-full: K·Q over every cell"},
	{32768, 4, 0, 0, 2048, 1, CACHE_F16, CACHE_F16, 545267712, "the logits"},
	{1000, 1, 0, 1, 2048, 0, CACHE_F16, CACHE_F16, 270348224, "ubatch capped at the context"},
	{16384, 1, 0, 0, 512, 1, CACHE_Q4_0, CACHE_Q4_0, 138164256, "a rotated q4_0 cache"},
};

/* Jamba-v0.1: Mamba-1 layers, attention without RoPE, experts on the odd
 * layers; with a rotated cache and flash attention 13.3 % off before (the
 * last MoE layer's swiglu decides) */
static const struct dep jamba[] = {
	{16384, 1, 0, 0, 512, 1, CACHE_Q4_0, CACHE_Q4_0, 251752480, "the last experts' swiglu"},
	{4096, 1, 0, 0, 512, 1, CACHE_Q8_0, CACHE_Q8_0, 205684768, "q8_0 rotated with flash attention"},
	{32768, 3, 1, 0, 2048, 1, CACHE_F16, CACHE_F16, 940310816, "the experts at -ub 2048"},
	{1000, 4, 0, 0, 512, 0, CACHE_F16, CACHE_F16, 206123040, "four sequences"},
	{32768, 1, 0, 0, 512, 0, CACHE_F16, CACHE_F16, 2252349472LL, "K·Q decides"},
};

void test_hybrid_replay(void)
{
	check("lfm2-1.2b", NULL, lfm2, sizeof lfm2 / sizeof lfm2[0]);
	check("lfm2.5-audio-tokenizer", "tests/models/lfm2.5-audio-tokenizer.ini", audio, sizeof audio / sizeof audio[0]);
	check("jamba-v0.1", NULL, jamba, sizeof jamba / sizeof jamba[0]);
}
