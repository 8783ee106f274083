/*
 * buffers.c against llama.cpp's rules worked by hand (llama-context.cpp:
 * the n_batch and n_ubatch caps, output_reserve, llama_init_from_model's
 * refusals) and the figures the issue measured with the real engine.
 */
#include <stdlib.h>
#include <string.h>

#include "graph/alloc_sim.h"

#include "size/size.h"
#include "t.h"

/* The shapes of assets/models/tiny-qwen2vocab.ini's vocabulary on a small dense model. */
static void mk(struct model *m, int64_t vocab)
{
	memset(m, 0, sizeof *m);
	m->layers = 2, m->heads = 8, m->kv_heads = 2, m->head_dim = m->head_dim_v = 64, m->vocab = vocab;
	m->kind = ATTN_GQA;
	m->k_type = m->v_type = CACHE_F16;
	for (int64_t il = 0; il < m->layers; il++)
		m->layer_kv_heads[il] = 2;
}

static void t_caps(void)
{
	struct model m;
	struct buffer_sizes b;
	mk(&m, 151936);
	struct deploy d = deploy_default(1000);
	d.n_ubatch = 2048;
	T_OK(size_buffers(&m, &d, &b) == 0, "buffers: -c 1000 -ub 2048 sizes");
	/* n_batch = min(1000, 2048) = 1000, n_ubatch = min(1000, 2048) = 1000. */
	T_EQ_INT(b.n_batch, 1000, "buffers: n_batch capped at the context asked (1000)");
	T_EQ_INT(b.n_ubatch, 1000, "buffers: n_ubatch capped at n_batch (1000)");
	/* The logits of the reserved graph: 1000 x 151936 x 4 = 607,744,000 B (the measurement). */
	T_OK(b.compute_bytes >= 607744000LL, "buffers: the compute buffer holds the capped logits (607,744,000 B)");
	/* One sequence: 151936 x 4 = 607,744 B, exact. */
	T_EQ_INT(b.output_bytes, 607744, "buffers: output buffer n_seq x vocab x 4");
	T_EQ_INT(b.output_mark, SIZE_EXACT, "buffers: the output buffer is exact");
	d = deploy_default(4096);
	d.n_seq = 3;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.n_ubatch, 512, "buffers: -ub 512 under -c 4096 is kept");
	T_EQ_INT(b.output_bytes, 3 * 607744, "buffers: -np 3 outputs three rows of logits");
}

/* size_buffers keeps its answers: a model or deployment changed in place
 * (the same addresses) must be answered anew, as a fresh copy is. */
static void t_kept(void)
{
	struct model m, wide;
	struct buffer_sizes b0, b1, b2;
	mk(&m, 32000);
	m.embd = 512, m.ff = 1024;
	struct deploy d = deploy_default(4096);
	size_buffers(&m, &d, &b0);
	wide = m;
	wide.vocab = 64000;
	size_buffers(&wide, &d, &b1);
	m.vocab = 64000;
	size_buffers(&m, &d, &b2);
	T_OK(b0.compute_bytes != b1.compute_bytes,
	     "buffers: a vocabulary twice as large changes the compute buffer");
	T_EQ_INT(b2.compute_bytes, b1.compute_bytes,
		 "buffers: the model changed in place is answered as its copy");
	T_EQ_INT(b2.output_bytes, 64000 * 4,
		 "buffers: and its output buffer is the new vocabulary's");
	d.n_seq = 2;
	size_buffers(&m, &d, &b2);
	T_EQ_INT(b2.output_bytes, 2 * 64000 * 4,
		 "buffers: the deployment changed in place: two rows of "
		 "logits");
}

static void t_refuse(void)
{
	struct model m;
	char why[256];
	mk(&m, 32000);
	struct deploy d = deploy_default(4096);
	T_EQ_INT(size_refuse(&m, &d, why, sizeof why), 0, "refuse: f16 K and V accepted");
	m.k_type = m.v_type = CACHE_Q8_0;
	d.flash_attn = 0;
	T_EQ_INT(size_refuse(&m, &d, why, sizeof why), 1, "refuse: q8_0 V without flash attention refused");
	T_EQ_STR(why, "llama_init_from_model: quantized V cache requires flash_attn to be enabled",
		 "refuse: llama.cpp's reason for a quantized V without flash attention");
	m.v_type = CACHE_F16;
	T_EQ_INT(size_refuse(&m, &d, why, sizeof why), 0, "refuse: q8_0 K with an f16 V, no flash attention, accepted");
	/* DeepSeek-V2-Lite with the latent cache: K and V types must match. */
	m.kind = ATTN_MLA, m.mla_latent_cache = 1, m.kv_lora_rank = 512, m.qk_rope_head_dim = 64;
	d.flash_attn = 1;
	T_EQ_INT(size_refuse(&m, &d, why, sizeof why), 1, "refuse: MLA with q8_0 K and f16 V refused");
	T_EQ_STR(why, "llama_init_from_model: model does not support different K (q8_0) and V (f16) cache types",
		 "refuse: llama.cpp's reason for MLA with different K and V types");
}

/* Layers without KV heads (DeciLM's attention-free blocks): llama.cpp keeps
 * them in the cache and, without flash attention, pads every layer's V rows
 * to the widest (llama-kv-cache.cpp, [TAG_V_CACHE_VARIABLE]). */
static void t_vpad(void)
{
	struct model m;
	struct kv_alloc a;
	mk(&m, 32000);
	m.layers = 4;
	m.layer_kv_heads[0] = 4, m.layer_kv_heads[1] = 0, m.layer_kv_heads[2] = 1, m.layer_kv_heads[3] = 0;
	struct deploy d = deploy_default(1024);
	T_OK(size_alloc(&m, &d, &a) == 0, "vpad: sizes");
	T_EQ_INT(a.global_layers, 4, "vpad: llama.cpp's log counts the 2 layers without KV heads too (4)");
	T_EQ_INT(a.none_layers, 2, "vpad: of which 2 have no KV heads");
	/* flash attention: K and V rows of each layer's own width, 5 heads x 64 x 2 B x 2 x 1024 cells. */
	T_EQ_INT(a.total_bytes, 5LL * 64 * 2 * 2 * 1024, "vpad: -fa on: K and V of 4 + 1 heads (1.25 MiB)");
	d.flash_attn = 0;
	size_alloc(&m, &d, &a);
	/* K 5 heads as before; V 4 layers x 4 heads (the widest) x 64 x 2 B x 1024. */
	T_EQ_INT(a.v_bytes, 4LL * 4 * 64 * 2 * 1024, "vpad: -fa off: every layer's V padded to 4 heads (2 MiB)");
	T_EQ_INT(a.k_bytes, 5LL * 64 * 2 * 1024, "vpad: -fa off: K unpadded (0.625 MiB)");
}

/* Llama 3 8B's shape: the real engine's compute buffers (node-llama-cpp 3.22.1,
 * llama_get_memory_breakdown, measured by tests/engine.sh's probe). */
static void t_engine(void)
{
	struct model m;
	struct buffer_sizes b;
	char err[256];
	memset(&m, 0, sizeof m);
	m.layers = 32, m.heads = 32, m.kv_heads = 8, m.head_dim = m.head_dim_v = 128, m.vocab = 128256;
	m.embd = 4096, m.ff = 14336, m.kind = ATTN_GQA, m.k_type = m.v_type = CACHE_F16;
	m.params = 8.03e9, m.ctx_train = 8192;
	for (int64_t il = 0; il < m.layers; il++)
		m.layer_kv_heads[il] = 8;
	/* as every reader ends: model_finish keeps the architecture's bits (none named: plain attention) */
	T_OK(model_finish(&m, "llama3-8b", err, sizeof err) == 0, "engine: Llama 3 8B's shape is a model");
	struct deploy d = deploy_default(4096);
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 279447552, "engine: Llama 3 8B -c 4096 -ub 512 -fa on: 266.50 MiB (logits decide)");
	T_EQ_INT(b.compute_mark, SIZE_MODELLED, "engine: a dense model with embd and ff is modelled");
	/* The same shape named Qwen3, whose graph was not checked: estimated. */
	struct model o = m;
	snprintf(o.arch, sizeof o.arch, "qwen3");
	T_OK(model_finish(&o, "qwen3", err, sizeof err) == 0, "engine: the shape as qwen3 is a model");
	size_buffers(&o, &d, &b);
	T_EQ_INT(b.compute_mark, SIZE_ESTIMATED, "engine: an architecture whose graph was not checked is estimated");
	snprintf(o.arch, sizeof o.arch, "gemma2");
	T_OK(model_finish(&o, "gemma2", err, sizeof err) == 0, "engine: the shape as gemma2 is a model");
	size_buffers(&o, &d, &b);
	T_EQ_INT(b.compute_mark, SIZE_MODELLED, "engine: a checked architecture's graph is modelled (gemma2)");
	size_buffers(&m, &d, &b);
	d.flash_attn = 0;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 322971648, "engine: Llama 3 8B -c 4096 -ub 512 -fa off: 308.01 MiB (K·Q decides)");
	d = deploy_default(1000);
	d.n_ubatch = 2048;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 545796000, "engine: Llama 3 8B -c 1000 -ub 2048: capped to 1000 tokens, 520.51 MiB");
	d = deploy_default(32768);
	d.n_ubatch = 2048, d.flash_attn = 0;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 9042960384LL, "engine: Llama 3 8B -c 32768 -ub 2048 -fa off: 8624.04 MiB");
	T_EQ_INT(b.rot_bytes, 0, "engine: an f16 cache keeps no Hadamard matrices");
	m.k_type = m.v_type = CACHE_Q8_0;
	d.flash_attn = 1;
	size_buffers(&m, &d, &b);
	/* attn_rot_k = attn_rot_v = 1 (head 128): 64 x 64 and 128 x 128 F32 = 81,920 B. */
	T_EQ_INT(b.rot_bytes, (64 * 64 + 128 * 128) * 4, "engine: q8_0 K and V: the 64 and 128 Hadamard matrices, 80 KiB");
	m.experts = 8, m.experts_used = 2;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_mark, SIZE_ESTIMATED, "engine: a MoE model's compute buffer is estimated");
	/* Mistral 7B's shape (Llama 3 8B's with a 32000 vocabulary): layer 0's
	 * FFN decides, ffn_gate, ffn_up and ffn_swiglu above the inputs, embd,
	 * the norm's slot and Q (traced with tools/alloc-trace.sh). */
	m.k_type = m.v_type = CACHE_F16, m.experts = m.experts_used = 0, m.vocab = 32000;
	d = deploy_default(1000);
	d.n_seq = 4;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 121911296, "engine: Mistral 7B -c 1000 -np 4 -ub 512 -fa on: 116.26 MiB (layer 0's FFN)");
	d.n_ubatch = 2048;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 238108000, "engine: Mistral 7B -c 1000 -np 4 -ub 2048 -fa on: 227.08 MiB (1000 tokens)");
	/* A rotated cache with flash attention (the rotations replayed,
	 * src/graph/replay_graph.c): with
	 * V rotated layer 0's FFN has two [n_embd] rows below it, not three,
	 * and the 128 x 128 (K) and 64 x 64 (V) rotation inputs beside it. */
	d = deploy_default(8192);
	m.k_type = m.v_type = CACHE_Q8_0;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 121731072, "engine: Mistral 7B -c 8192 -ub 512 -fa on, q8_0 K and V: 116.09 MiB");
	T_EQ_INT(b.compute_mark, SIZE_MODELLED, "engine: Mistral 7B's rotated cache is modelled (Q as wide as n_embd)");
	m.k_type = CACHE_F16;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 121665536, "engine: Mistral 7B -c 8192 -ub 512 -fa on, q8_0 V: 116.03 MiB");
	m.k_type = CACHE_Q8_0, m.v_type = CACHE_F16;
	size_buffers(&m, &d, &b);
	/* K rotated alone: the layout of an f16 cache, three rows, and K's matrix */
	T_EQ_INT(b.compute_bytes, 130103296, "engine: Mistral 7B -c 8192 -ub 512 -fa on, q8_0 K: 124.07 MiB");
	d = deploy_default(4096);
	m.v_type = CACHE_Q8_0;
	size_buffers(&m, &d, &b);
	/* the freed inputs cannot hold a row: the last layer's FFN, one row higher */
	T_EQ_INT(b.compute_bytes, 125925376, "engine: Mistral 7B -c 4096 -ub 512 -fa on, q8_0 K and V: 120.09 MiB");
	m.embd = 5120;   /* Q (4096) narrower than n_embd, as Mistral Small 3.1's */
	size_buffers(&m, &d, &b);
	/* a file naming no architecture is llama's graph, replayed: the
	 * replay holds Mistral Small 3.1's rotated cache (tests/engine.sh),
	 * where the peaks did not */
	T_EQ_INT(b.compute_mark, SIZE_MODELLED,
		 "engine: a rotated cache with Q narrower than n_embd: llama's "
		 "graph replayed, modelled");
}

/* A dense model of arch's name and shape, as every reader ends it. */
static void mk_dense(struct model *m, const char *arch, int64_t embd, int64_t heads, int64_t kv_heads, int64_t ff,
		     int64_t vocab)
{
	char err[256];
	memset(m, 0, sizeof *m);
	m->layers = 32, m->heads = heads, m->kv_heads = kv_heads, m->head_dim = m->head_dim_v = 128;
	m->embd = embd, m->ff = ff, m->vocab = vocab, m->kind = ATTN_GQA, m->k_type = m->v_type = CACHE_F16;
	m->params = 7e9, m->ctx_train = 32768;
	for (int64_t il = 0; il < m->layers; il++)
		m->layer_kv_heads[il] = kv_heads;
	snprintf(m->arch, sizeof m->arch, "%s", arch);
	T_OK(model_finish(m, arch, err, sizeof err) == 0, "dense: the shape is a model");
}

/* OLMo 2 7B's and Phi-4-mini's shapes (tests/engine.sh's GGUFs): the real
 * engine's compute buffers (node-llama-cpp 3.22.1, llama_get_memory_breakdown)
 * where their graphs differ from llm_build_llama's
 * (src/graph/compute_dense_replay.c).
 */
static void t_dense(void)
{
	struct model m;
	struct buffer_sizes b;
	mk_dense(&m, "olmo2", 4096, 32, 32, 11008, 100352);
	struct deploy d = deploy_default(1000);
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 222300160, "dense: OLMo 2 7B -c 1000 -ub 512 -fa on: 212.00 MiB (logits)");
	T_EQ_INT(b.compute_mark, SIZE_MODELLED, "dense: OLMo 2's compute buffer is modelled");
	d.flash_attn = 0;
	size_buffers(&m, &d, &b);
	/* the residual one [4096] F32 row a token higher: 512 x 16384 B more */
	T_EQ_INT(b.compute_bytes, 230688768, "dense: OLMo 2 7B -c 1000 -ub 512 -fa off: 220.00 MiB (logits a row higher)");
	d = deploy_default(4096);
	d.flash_attn = 0, m.k_type = CACHE_Q8_0;
	size_buffers(&m, &d, &b);
	/* K.Q without the attention norm's row beside it */
	T_EQ_INT(b.compute_bytes, 318842880, "dense: OLMo 2 7B -c 4096 -ub 512 -fa off, q8_0 K: 304.07 MiB (K.Q)");
	T_EQ_INT(b.compute_mark, SIZE_MODELLED, "dense: OLMo 2 with a q8_0 K and no flash attention is modelled");
	d.flash_attn = 1, m.v_type = CACHE_Q8_0;
	size_buffers(&m, &d, &b);
	/* replayed (src/graph/compute_dense_replay.c): the logits above
	 * inp_embd and the residual */
	T_EQ_INT(b.compute_bytes, 222300160, "dense: OLMo 2 7B -c 4096 -ub 512 -fa on, q8_0 K and V: 212.00 MiB");
	T_EQ_INT(b.compute_mark, SIZE_MODELLED, "dense: OLMo 2 with a rotated cache and flash attention is modelled");
	mk_dense(&m, "phi3", 3072, 24, 8, 8192, 200064);
	d = deploy_default(32768);
	size_buffers(&m, &d, &b);
	/* Q, K and V in one attn_qkv (the replay,
	 * src/graph/compute_dense_replay.c): the residual in the freed inputs,
	 * the logits llama's */
	T_EQ_INT(b.compute_bytes, 422316032, "dense: Phi-4-mini -c 32768 -ub 512 -fa on: 402.75 MiB (llama's logits)");
	T_EQ_INT(b.compute_mark, SIZE_MODELLED, "dense: Phi-3's replayed compute buffer is modelled");
	d = deploy_default(1000);
	d.flash_attn = 0;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 422316032, "dense: Phi-4-mini -c 1000 -ub 512 -fa off: 402.75 MiB (llama's logits)");
}

/* Gemma 4 31B's shape (tests/engine.sh's GGUF, from its config.json): five
 * sliding layers (16 KV heads of 256) then one full (4 of 512), 60 layers. */
static void t_gemma4(void)
{
	struct model m;
	struct buffer_sizes b;
	char err[256];
	memset(&m, 0, sizeof m);
	snprintf(m.arch, sizeof m.arch, "gemma4");
	m.layers = 60, m.heads = 32, m.kv_heads = 16, m.head_dim = m.head_dim_v = 512;
	m.head_dim_swa = m.head_dim_v_swa = 256, m.sliding_window = 1024, m.swa_pattern = 6;
	m.embd = 5376, m.ff = 21504, m.vocab = 262144, m.kind = ATTN_GQA, m.k_type = m.v_type = CACHE_F16;
	m.params = 31e9, m.ctx_train = 262144;
	for (int64_t il = 0; il < m.layers; il++) {
		m.layer_swa[il] = il % 6 < 5;
		m.layer_kv_heads[il] = il % 6 < 5 ? 16 : 4;
	}
	T_OK(model_finish(&m, "gemma4", err, sizeof err) == 0, "gemma4: Gemma 4 31B's shape is a model (%s)", err);
	struct deploy d = deploy_default(1000);
	size_buffers(&m, &d, &b);
	/* the freed inputs hold no row: the residual above embd's slot, the
	 * flash attention output [32 x 512] and the attention output */
	T_EQ_INT(b.compute_bytes, 616585216, "gemma4: -c 1000 -ub 512 -fa on: 588.02 MiB (logits above the FA output)");
	T_EQ_INT(b.compute_mark, SIZE_MODELLED, "gemma4: Gemma 4 31B's compute buffer is modelled");
	d.flash_attn = 0;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 569903104, "gemma4: -c 1000 -ub 512 -fa off: 543.50 MiB (residual in the freed inputs)");
	d = deploy_default(32768);
	d.swa_full = 1;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 626022400, "gemma4: -c 32768 -ub 512 -fa on --swa-full: 597.02 MiB (residual above the masks)");
	d.swa_full = 0, d.flash_attn = 0, d.n_seq = 4;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 690501632, "gemma4: -c 32768 -np 4 -ub 512 -fa off: 658.51 MiB (K.Q beside two Q rows)");
	m.k_type = m.v_type = CACHE_Q8_0;
	d = deploy_default(4096);
	size_buffers(&m, &d, &b);
	/* the replay (src/graph/compute_gemma4.c) follows the rotations too */
	T_EQ_INT(b.compute_mark, SIZE_MODELLED, "gemma4: a rotated cache with flash attention is modelled (replayed)");
}

/* ggml-alloc's rules on a graph worked by hand (ggml-alloc.c
 * ggml_dyn_tallocr_alloc / _free_bytes, ggml_gallocr_alloc_graph_impl). */
static void t_alloc_sim(void)
{
	struct alloc_sim *s = alloc_sim_new(16, 32);
	T_OK(s != NULL, "alloc_sim: a graph");
	/* in [0, 32): 10 bytes round up to 32; a [32, 132 -> 160), then in is
	 * freed; b (20 -> 32) takes that hole [0, 32), not the open end; c
	 * [160, 288) reads a and b: a is freed after it, a hole [32, 160).
	 * d (64, reads b and c): best fit puts it at 32; b and c are then freed,
	 * [96, 288) merging with the open end. */
	int in = alloc_sim_input(s, 10);
	int a = alloc_sim_node(s, 100, 1, (int[]){in});
	int b = alloc_sim_node(s, 20, 1, (int[]){a});
	int c = alloc_sim_node(s, 100, 2, (int[]){a, b});
	int d = alloc_sim_node(s, 64, 2, (int[]){b, c});
	/* e in place on d (d's only consumer): no new room */
	int e = alloc_sim_node(s, ALLOC_SIM_INPLACE, 1, (int[]){d});
	/* f, 300 -> 320 bytes: no hole that large below the end, so the open end at 96 */
	alloc_sim_node(s, 300, 1, (int[]){e});
	T_EQ_INT(alloc_sim_run(s), 416, "alloc_sim: best fit in the holes, the open end otherwise (96 + 320)");
	alloc_sim_free(s);
	/* an in-place node on a tensor that has another consumer left: ggml
	 * would not reuse it, so the graph is refused */
	s = alloc_sim_new(8, 32);
	in = alloc_sim_input(s, 64);
	a = alloc_sim_node(s, 64, 1, (int[]){in});
	alloc_sim_node(s, ALLOC_SIM_INPLACE, 1, (int[]){a});
	alloc_sim_node(s, 64, 1, (int[]){a});
	T_EQ_INT(alloc_sim_run(s), -1, "alloc_sim: in place on a shared tensor is refused");
	alloc_sim_free(s);
}

/* gpt-oss-20b (assets/models/gpt-oss-20b.ini, the shape of tests/engine.sh's
 * GGUF): the real engine's compute buffers (llama_get_memory_breakdown),
 * which the replay of compute_moe.c gives to the byte. */
static void t_moe(void)
{
	struct model m;
	struct buffer_sizes b;
	char err[256], path[512];
	const char *dir = getenv("ATTNVIZ_MODELS");
	snprintf(path, sizeof path, "%s/gpt-oss-20b.ini", dir ? dir : "assets/models");
	T_OK(model_load(&m, path, err, sizeof err) == 0, "engine: gpt-oss-20b.ini loads");
	struct deploy d = deploy_default(32768);
	d.n_seq = 4, d.n_ubatch = 2048;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 1831952384LL, "engine: gpt-oss-20b -c 32768 -np 4 -ub 2048 -fa on: the logits above a hole");
	T_EQ_INT(b.compute_mark, SIZE_MODELLED, "engine: gpt-oss's replayed buffer is modelled");
	d = deploy_default(1000);
	d.n_seq = 3, d.flash_attn = 0;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 453604992, "engine: gpt-oss-20b -c 1000 -np 3 -ub 512 -fa off: 432.59 MiB");
	d = deploy_default(32768);
	d.unified = 1, d.swa_full = 1, d.flash_attn = 0;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 4467865600LL, "engine: gpt-oss-20b -c 32768 -kvu --swa-full -ub 512 -fa off: K·Q decides");
	/* a quantized cache: the rotation inputs (attn_inp_k_rot, _v_rot, each
	 * cache's) and the Hadamard nodes in the replay, to the byte */
	m.k_type = CACHE_Q8_0;
	d = deploy_default(32768);
	d.n_seq = 3, d.flash_attn = 0;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 1500206976LL, "engine: gpt-oss-20b -c 32768 -np 3 -ub 512 -fa off -ctk q8_0: K rotated");
	T_EQ_INT(b.compute_mark, SIZE_MODELLED, "engine: gpt-oss with a quantized cache is modelled");
	d = deploy_default(1000);
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 431413248, "engine: gpt-oss-20b -c 1000 -fa on -ctk q8_0: the two 64x64 K rotations");
	m.v_type = CACHE_Q8_0;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 431446016, "engine: gpt-oss-20b -c 1000 -fa on -ctk/-ctv q8_0: K's and V's rotations");
	d = deploy_default(32768);
	d.n_seq = 4, d.n_ubatch = 2048;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 1737646080LL, "engine: gpt-oss-20b -c 32768 -np 4 -ub 2048 -fa on q8_0: V's un-rotation, 90 MiB lower");
	m.v_type = CACHE_F16;
	/* Llama 4 Scout (assets/models/llama4-scout.ini): one routed expert
	 * and a shared one, NoPE full layers; the old closed form was 6.4 %
	 * low at -c 32768 -np 3 -ub 512 -fa on */
	snprintf(path, sizeof path, "%s/llama4-scout.ini", dir ? dir : "assets/models");
	T_OK(model_load(&m, path, err, sizeof err) == 0, "engine: llama4-scout.ini loads");
	d = deploy_default(32768);
	d.n_seq = 3;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 476007136, "engine: Llama 4 Scout -c 32768 -np 3 -ub 512 -fa on: 453.96 MiB");
	T_EQ_INT(b.compute_mark, SIZE_MODELLED, "engine: Llama 4's replayed buffer is modelled");
	d = deploy_default(1000);
	d.flash_attn = 0;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 468336640, "engine: Llama 4 Scout -c 1000 -ub 512 -fa off: 446.64 MiB");
	/* the logits above both masks: the closed form of the three peaks is 16 % low here */
	d = deploy_default(65536);
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 516655104, "engine: Llama 4 Scout -c 65536 -ub 512 -fa on: 492.72 MiB");
	m.k_type = m.v_type = CACHE_Q4_0;
	d = deploy_default(32768);
	d.n_seq = 3, d.n_ubatch = 2048;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 1865334816LL, "engine: Llama 4 Scout -c 32768 -np 3 -ub 2048 -fa on q4_0: rotated, replayed");
	T_EQ_INT(b.compute_mark, SIZE_MODELLED, "engine: Llama 4 with a rotated cache is modelled");
	m.k_type = m.v_type = CACHE_F16;
	/* Maverick's dense layers interleave (interleave_moe_layer_step 2): not
	 * the graph the replay writes, so not modelled */
	m.moe_layer_step = 2;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_mark, SIZE_ESTIMATED, "engine: Llama 4 with moe_layer_step 2 (Maverick) is estimated");
	m.moe_layer_step = 0;
	/* Qwen3-30B-A3B's shape (tests/engine.sh's qwen3moe GGUF): softmax
	 * gating, the weights normalised, q/k norms; 1.4 % low before */
	memset(&m, 0, sizeof m);
	snprintf(m.arch, sizeof m.arch, "qwen3moe");
	m.layers = 48, m.heads = 32, m.kv_heads = 4, m.head_dim = m.head_dim_v = 128, m.vocab = 151936;
	m.embd = 2048, m.ff = 768, m.experts = 128, m.experts_used = 8, m.kind = ATTN_GQA;
	m.k_type = m.v_type = CACHE_F16, m.params = 30.5e9, m.ctx_train = 40960;
	for (int64_t il = 0; il < m.layers; il++)
		m.layer_kv_heads[il] = 4;
	T_OK(model_finish(&m, "qwen3-30b-a3b", err, sizeof err) == 0, "engine: Qwen3-30B-A3B's shape is a model");
	d = deploy_default(32768);
	d.n_seq = 4, d.flash_attn = 0;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 585115648, "engine: Qwen3-30B-A3B -c 32768 -np 4 -ub 512 -fa off: 558.01 MiB");
	T_EQ_INT(b.compute_mark, SIZE_MODELLED, "engine: Qwen3-MoE's replayed buffer is modelled");
	d = deploy_default(1000);
	d.unified = 1, d.n_ubatch = 2048;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 624132000, "engine: Qwen3-30B-A3B -c 1000 -kvu -ub 2048 -fa on: 1000 tokens, 595.22 MiB");
	m.k_type = CACHE_Q8_0;
	d = deploy_default(32768);
	d.n_seq = 4, d.flash_attn = 0;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 576792576, "engine: Qwen3-30B-A3B -c 32768 -np 4 -ub 512 -fa off -ctk q8_0: 550.07 MiB");
	m.v_type = CACHE_Q8_0;
	d.flash_attn = 1, d.n_ubatch = 2048;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 1294999552LL, "engine: Qwen3-30B-A3B -c 32768 -np 4 -ub 2048 -fa on q8_0: rotated, replayed");
	/* GLM-4.5-Air's shape (tests/engine.sh's glm4moe GGUF): one dense
	 * lead layer of 10944, 8 of 128 experts of 1408 and one shared,
	 * sigmoid gating with exp_probs_b, the nextn layer out of the graph;
	 * 4.2 % off before the replay */
	memset(&m, 0, sizeof m);
	snprintf(m.arch, sizeof m.arch, "glm4moe");
	m.layers = 47, m.nextn_layers = 1, m.heads = 96, m.kv_heads = 8, m.head_dim = m.head_dim_v = 128;
	m.vocab = 151552, m.embd = 4096, m.ff = 1408, m.experts = 128, m.experts_used = 8, m.kind = ATTN_GQA;
	m.dense_lead = 1, m.ff_dense = 10944, m.shared_experts = 1;
	m.k_type = m.v_type = CACHE_F16, m.params = 106e9, m.ctx_train = 131072;
	for (int64_t il = 0; il < m.layers; il++)
		m.layer_kv_heads[il] = 8;
	T_OK(model_finish(&m, "glm-4.5-air", err, sizeof err) == 0, "engine: GLM-4.5-Air's shape is a model");
	d = deploy_default(1000);
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 344995840, "engine: GLM-4.5-Air -c 1000 -ub 512 -fa on: 329.01 MiB");
	T_EQ_INT(b.compute_mark, SIZE_MODELLED, "engine: GLM-4.5's replayed buffer is modelled");
	d = deploy_default(32768);
	d.n_seq = 4, d.n_ubatch = 2048, d.flash_attn = 0;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 6861922304, "engine: GLM-4.5-Air -c 32768 -np 4 -ub 2048 -fa off: 6544.03 MiB");
	/* without the shared experts' count the graph is not the one replayed */
	m.shared_experts = 0;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_mark, SIZE_ESTIMATED, "engine: GLM-4.5 without shared_experts is estimated");
	/* an indexer's top-k leaves and sparse mask are not in this graph */
	m.shared_experts = 1, m.indexer_head_dim = 128;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_mark, SIZE_ESTIMATED, "engine: GLM-4.5's graph with an indexer is not the one replayed");
	m.indexer_head_dim = 0;
}

/* Jamba-v0.1 (assets/models): the real engine's figures (tests/engine.sh's
 * GGUF, llama_get_memory_breakdown), where K·Q decides without RoPE's
 * tensors: four [n_embd] rows below it, five with a rotated (q8_0) K. */
static void t_jamba(void)
{
	struct model *m = calloc(1, sizeof *m);
	struct buffer_sizes b;
	char err[256];
	if (!m || model_find_load(m, "jamba-v0.1", err, sizeof err) < 0) {
		T_OK(0, "jamba: assets/models/jamba-v0.1.ini loads");
		free(m);
		return;
	}
	struct deploy d = deploy_default(32768);
	d.flash_attn = 0;
	size_buffers(m, &d, &b);
	T_EQ_INT(b.compute_bytes, 2252349472LL, "jamba: -c 32768 -ub 512 -fa off: 2148.01 MiB (K·Q decides)");
	T_EQ_INT(b.compute_mark, SIZE_MODELLED, "jamba: the hybrid's compute buffer is modelled");
	d.n_seq = 4;
	size_buffers(m, &d, &b);
	T_EQ_INT(b.compute_bytes, 591405088, "jamba: -c 32768 -np 4 -ub 512 -fa off: 564.01 MiB (8192 cells a stream)");
	d = deploy_default(4096);
	d.flash_attn = 0;
	m->k_type = CACHE_Q8_0;
	size_buffers(m, &d, &b);
	T_EQ_INT(b.compute_bytes, 323035168, "jamba: -c 4096 -ctk q8_0 -fa off: 308.07 MiB (the rotated Q and attn_inp_k_rot)");
	/* with flash attention a rotated cache moves the peak (the last
	 * experts' swiglu): 251,752,480 B in the engine at -c 16384 -ctk q4_0
	 * -ctv q4_0, replayed (src/graph/compute_hybrid_replay.c) */
	d = deploy_default(16384);
	m->k_type = m->v_type = CACHE_Q4_0;
	size_buffers(m, &d, &b);
	T_EQ_INT(b.compute_bytes, 251752480, "jamba: -c 16384 q4_0 -fa on: 240.09 MiB, replayed");
	T_EQ_INT(b.compute_mark, SIZE_MODELLED, "jamba: a rotated cache with flash attention is modelled (replayed)");
	m->v_type = CACHE_F16;
	m->k_type = CACHE_F16;
	d = deploy_default(1000);
	size_buffers(m, &d, &b);
	/* the logits decide: 202,457,120 B in the engine, 32 B (rs_s_copy's room) more than buffers.c's logits */
	T_OK(b.compute_bytes <= 202457120 && b.compute_bytes * 1.0001 >= 202457120, "jamba: -c 1000 -fa on within 0.01 %% (%lld B)",
	     (long long)b.compute_bytes);
	free(m);
}

/* within 0.01 % of a figure of the real engine */
static int near(int64_t got, int64_t engine)
{
	return got <= engine + engine / 10000 && got >= engine - engine / 10000;
}

/* Qwen3.5 27B (assets/models): the real engine's figures (tests/engine.sh's
 * GGUF), where the logits sit above the last layer's rows and the hole the
 * freed inputs leave (src/graph/compute_qwen3next.c), and K·Q beside the gated
 * Q.
 */
static void t_qwen35(void)
{
	struct model *m = calloc(1, sizeof *m);
	struct buffer_sizes b;
	char err[256];
	if (!m || model_find_load(m, "qwen3.5-27b", err, sizeof err) < 0) {
		T_OK(0, "qwen3.5: assets/models/qwen3.5-27b.ini loads");
		free(m);
		return;
	}
	struct deploy d = deploy_default(32768);
	size_buffers(m, &d, &b);
	T_EQ_INT(b.compute_bytes, 540018688, "qwen3.5: -c 32768 -fa on: 515.00 MiB (the hole holds both rows)");
	T_EQ_INT(b.compute_mark, SIZE_MODELLED, "qwen3.5: the hybrid's compute buffer is modelled");
	d.n_seq = 3;
	size_buffers(m, &d, &b);
	T_OK(near(b.compute_bytes, 540886688), "qwen3.5: -c 32768 -np 3 -fa on: 515.83 MiB, a hole of one row (%lld B)",
	     (long long)b.compute_bytes);
	d = deploy_default(1000);
	size_buffers(m, &d, &b);
	T_OK(near(b.compute_bytes, 541085728), "qwen3.5: -c 1000 -fa on: 516.02 MiB, the rows above a small hole (%lld B)",
	     (long long)b.compute_bytes);
	d = deploy_default(32768);
	d.flash_attn = 0;
	size_buffers(m, &d, &b);
	T_OK(near(b.compute_bytes, 1751138336), "qwen3.5: -c 32768 -fa off: 1670.01 MiB, K·Q beside the gated Q (%lld B)",
	     (long long)b.compute_bytes);
	/* a q4_0 cache with flash attention moves the logits (the V
	 * un-rotation): replayed (src/graph/compute_qwen3next.c), the engine's
	 * 587.54 MiB at -c 84224 to the byte */
	d = deploy_default(84224);
	m->k_type = m->v_type = CACHE_Q4_0;
	size_buffers(m, &d, &b);
	T_EQ_INT(b.compute_bytes, 616075296, "qwen3.5: -c 84224 -ctk q4_0 -ctv q4_0 -fa on: the engine's 587.54 MiB");
	T_EQ_INT(b.compute_mark, SIZE_MODELLED, "qwen3.5: a rotated q4_0 cache with flash attention is modelled");
	d = deploy_default(1000);
	d.n_seq = 3;
	m->k_type = m->v_type = CACHE_Q8_0;
	size_buffers(m, &d, &b);
	T_EQ_INT(b.compute_bytes, 540882080, "qwen3.5: -c 1000 -np 3 q8_0 -fa on: the engine's 515.83 MiB");
	d = deploy_default(32768);
	d.n_seq = 4;
	d.n_ubatch = 2048;
	d.flash_attn = 0;
	m->v_type = CACHE_F16;
	size_buffers(m, &d, &b);
	T_EQ_INT(b.compute_bytes, 2160074752LL, "qwen3.5: -c 32768 -np 4 -ub 2048 -ctk q8_0 -fa off: the engine's 2060.01 MiB");
	m->k_type = CACHE_F16;
	/* Falcon-H1's graph is replayed (src/graph/compute_mamba2.c,
	 * tests/unit/test_compute_mamba2.c) */
	if (model_find_load(m, "falcon-h1-7b", err, sizeof err) == 0) {
		d = deploy_default(1000);
		size_buffers(m, &d, &b);
		T_EQ_INT(b.compute_mark, SIZE_MODELLED, "falcon-h1: replayed, modelled");
	} else
		T_OK(0, "falcon-h1: assets/models/falcon-h1-7b.ini loads");
	free(m);
}

/* Qwen3-Next 80B-A3B (assets/models): its reserve graph replayed
 * (src/graph/compute_qwen3next.c), the real engine's figures for
 * tests/engine.sh's GGUF of its shape (node-llama-cpp 3.22.1,
 * llama_get_memory_breakdown), each to the byte. */
static void t_qwen3next(void)
{
	struct model *m = calloc(1, sizeof *m);
	struct buffer_sizes b;
	char err[256];
	if (!m || model_find_load(m, "qwen3-next-80b", err, sizeof err) < 0) {
		T_OK(0, "qwen3-next: assets/models/qwen3-next-80b.ini loads");
		free(m);
		return;
	}
	struct deploy d = deploy_default(1000);
	size_buffers(m, &d, &b);
	T_EQ_INT(b.compute_bytes, 329005088, "qwen3-next: -c 1000 -fa on: the engine's 313.76 MiB (the logits decide)");
	T_EQ_INT(b.compute_mark, SIZE_MODELLED, "qwen3-next: the replayed compute buffer is modelled");
	d.n_seq = 3;
	m->k_type = m->v_type = CACHE_Q8_0;
	size_buffers(m, &d, &b);
	T_EQ_INT(b.compute_bytes, 328793248, "qwen3-next: -c 1000 -np 3 q8_0 -fa on: the engine's 313.56 MiB");
	T_EQ_INT(b.compute_mark, SIZE_MODELLED, "qwen3-next: a rotated cache with flash attention is modelled");
	d = deploy_default(84224);
	m->k_type = m->v_type = CACHE_Q4_0;
	size_buffers(m, &d, &b);
	T_EQ_INT(b.compute_bytes, 399247360, "qwen3-next: -c 84224 q4_0 -fa on: the engine's 380.75 MiB");
	d = deploy_default(32768);
	d.n_seq = 4;
	d.n_ubatch = 2048;
	d.flash_attn = 0;
	m->k_type = CACHE_Q8_0;
	m->v_type = CACHE_F16;
	size_buffers(m, &d, &b);
	T_EQ_INT(b.compute_bytes, 1350869024, "qwen3-next: -c 32768 -np 4 -ub 2048 -ctk q8_0 -fa off: the engine's 1288.29 MiB");
	free(m);
}

/* DeepSeek-V2-Lite's and Kimi K2's shapes (tests/engine.sh's GGUFs) without
 * flash attention at -c 32768: K·Q decides, and the real engine's figures
 * (node-llama-cpp 3.22.1, llama_get_memory_breakdown) are layer 0's kq
 * above the inputs, embd, the hole Q's tensors leave, Qcur and (where it
 * does not fit that hole) v_cont (src/graph/compute_moe.c mla_attn). */
static void mla_shape(struct model *m, int64_t layers, int64_t embd, int64_t heads, int64_t experts, int64_t used,
		      int64_t ff, int64_t vocab, const char *name)
{
	char err[256];
	memset(m, 0, sizeof *m);
	snprintf(m->arch, sizeof m->arch, "deepseek2");
	m->layers = layers, m->heads = m->kv_heads = heads, m->head_dim = 192, m->head_dim_v = 128, m->vocab = vocab;
	m->embd = embd, m->ff = ff, m->experts = experts, m->experts_used = used, m->ctx_train = 131072;
	m->kind = ATTN_MLA, m->mla_latent_cache = 1, m->kv_lora_rank = 512, m->qk_rope_head_dim = 64;
	m->qk_nope_head_dim = 128, m->v_head_dim = 128, m->rope_dims = 64;
	m->k_type = m->v_type = CACHE_F16, m->params = 1e10;
	for (int64_t il = 0; il < m->layers; il++)
		m->layer_kv_heads[il] = heads;
	T_OK(model_finish(m, name, err, sizeof err) == 0, "engine: %s's shape is a model", name);
}

static void t_mla_engine(void)
{
	struct model m;
	struct buffer_sizes b;
	mla_shape(&m, 27, 2048, 16, 64, 6, 1408, 102400, "deepseek-v2-lite");
	struct deploy d = deploy_default(32768);
	d.flash_attn = 0;
	size_buffers(&m, &d, &b);
	/* v_cont (32 MiB) does not fit the 28 MiB hole: above Qcur, kq above it */
	T_EQ_INT(b.compute_bytes, 1231038464, "engine: V2-Lite -c 32768 -ub 512 -fa off: 1174.01 MiB (layer 0's kq)");
	d.n_seq = 4;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 375400448, "engine: V2-Lite -c 32768 -np 4 -ub 512 -fa off: 358.01 MiB (4 streams)");
	/* v_cont fits the hole at -ub 2048; the later layers' kq sits 17 MiB
	 * higher (the MoE residual below it): 0.37 % under the engine */
	d.n_seq = 1, d.n_ubatch = 2048;
	size_buffers(&m, &d, &b);
	T_NEAR((double)b.compute_bytes, 4807811072.0, 4807811072.0 * 0.004,
	       "engine: V2-Lite -c 32768 -ub 2048 -fa off: 4585.09 MiB within 0.4 %%");
	T_OK(b.compute_bytes == 4807811072LL - 17874944, "engine: V2-Lite -ub 2048: layer 0's kq top, 4568.04 MiB");
	/* the logits' offset moves with the last layer's expert tensors: estimated */
	T_EQ_INT(b.compute_mark, SIZE_ESTIMATED, "engine: the MLA latent's compute buffer is estimated");
	mla_shape(&m, 61, 7168, 64, 384, 8, 2048, 163840, "kimi-k2");
	d = deploy_default(32768);
	d.flash_attn = 0;
	size_buffers(&m, &d, &b);
	/* 6 MiB under the engine: q_lora (wq_a's 1536 floats a token, in the
	 * hole; not a field of struct model) and the later layers' shift */
	T_EQ_INT(b.compute_bytes, 4588578816LL - 6291456, "engine: Kimi K2 -c 32768 -ub 512 -fa off: 4370.00 MiB, 0.14 %% under");
	/* With the MoE graph's fields (the GGUFs' leading_dense_block_count 1,
	 * expert_shared_count, feed_forward_length) the graph is replayed
	 * (src/graph/compute_moe.c): the engine's figures to the byte */
	m.dense_lead = 1, m.ff_dense = 18432, m.shared_experts = 1;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 4588578816LL, "engine: Kimi K2 replayed, -c 32768 -ub 512 -fa off: 4376.01 MiB");
	T_EQ_INT(b.compute_mark, SIZE_MODELLED, "engine: DeepSeek2's replayed buffer is modelled");
	d = deploy_default(32768);
	d.n_seq = 4, d.n_ubatch = 2048;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 1610653696, "engine: Kimi K2 replayed, -c 32768 -np 4 -ub 2048 -fa on: 1536.04 MiB");
	mla_shape(&m, 27, 2048, 16, 64, 6, 1408, 102400, "deepseek-v2-lite");
	m.dense_lead = 1, m.ff_dense = 10944, m.shared_experts = 2;
	d = deploy_default(32768);
	d.flash_attn = 0, d.n_ubatch = 2048;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 4807811072LL, "engine: V2-Lite replayed, -c 32768 -ub 2048 -fa off: 4585.09 MiB");
	d = deploy_default(1000);
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 222300160, "engine: V2-Lite replayed, -c 1000 -ub 512 -fa on: 212.00 MiB");
	/* a GGUF without the latent cache (no *_mla keys) is not this graph */
	m.mla_latent_cache = 0;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_mark, SIZE_ESTIMATED, "engine: DeepSeek2 without the latent cache is estimated");
}

/* The sparse-attention graphs (DeepSeek-V3.2, GLM-5:
 * src/graph/compute_dsa_replay.c) and Llama 4 Maverick's interleaved dense
 * layers in the MoE replay, against the real engine's buffers
 * (tests/engine.sh's GGUFs of the same shapes; llama_get_memory_breakdown's
 * compute bytes). */
static void t_dsa(void)
{
	struct model m;
	struct buffer_sizes b;
	char err[256], path[512];
	const char *dir = getenv("ATTNVIZ_MODELS");
	snprintf(path, sizeof path, "%s/deepseek-v3.2.ini", dir ? dir : "assets/models");
	T_OK(model_load(&m, path, err, sizeof err) == 0, "engine: deepseek-v3.2.ini loads");
	struct deploy d = deploy_default(1000);
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 557922304, "engine: DeepSeek-V3.2 -c 1000 -ub 512 -fa on: layer 1's Qcur above the leaves");
	T_EQ_INT(b.compute_mark, SIZE_MODELLED, "engine: DeepSeek-V3.2's replayed buffer is modelled");
	d.flash_attn = 0;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 827406336, "engine: DeepSeek-V3.2 -c 1000 -ub 512 -fa off: 789.08 MiB (4.2 percent under before)");
	d = deploy_default(32768);
	d.n_seq = 4, d.n_ubatch = 2048, d.flash_attn = 0;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 11425406976LL, "engine: DeepSeek-V3.2 -c 32768 -np 4 -ub 2048 -fa off: 10896.12 MiB");
	d = deploy_default(32768);
	d.n_seq = 3, d.n_ubatch = 2048;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 2826366080LL, "engine: DeepSeek-V3.2 -c 32768 -np 3 -ub 2048 -fa on: 2695.43 MiB");
	m.k_type = m.v_type = CACHE_Q4_0;
	d = deploy_default(16384);
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 700528640, "engine: DeepSeek-V3.2 -c 16384 -fa on q4_0: 2.7 percent under before");
	T_EQ_INT(b.compute_mark, SIZE_MODELLED, "engine: DeepSeek-V3.2 with a quantized cache is modelled");
	/* without the query latent's width the sparse graph cannot be written */
	m.k_type = m.v_type = CACHE_F16, m.q_lora_rank = 0;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_mark, SIZE_ESTIMATED, "engine: DeepSeek-V3.2 without q_lora_rank is estimated");

	snprintf(path, sizeof path, "%s/glm-5.ini", dir ? dir : "assets/models");
	T_OK(model_load(&m, path, err, sizeof err) == 0, "engine: glm-5.ini loads");
	d = deploy_default(1000);
	d.flash_attn = 0;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 527513600, "engine: GLM-5 -c 1000 -ub 512 -fa off: 503.08 MiB");
	d = deploy_default(32768);
	d.n_seq = 4, d.n_ubatch = 2048, d.flash_attn = 0;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 6610345984LL, "engine: GLM-5 -c 32768 -np 4 -ub 2048 -fa off: 6304.12 MiB");
	m.k_type = m.v_type = CACHE_Q8_0;
	d = deploy_default(32768);
	d.n_ubatch = 2048;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 2751586304LL, "engine: GLM-5 -c 32768 -ub 2048 -fa on q8_0: 2624.12 MiB");
	T_EQ_INT(b.compute_mark, SIZE_MODELLED, "engine: GLM-5's replayed buffer is modelled");

	/* Maverick: Scout's shape (assets/models/llama4-scout.ini) with 128
	 * experts, every second layer MoE and the others dense MLPs of
	 * intermediate_size_mlp 16384 (tests/engine.sh's llama4-maverick GGUF) */
	snprintf(path, sizeof path, "%s/llama4-scout.ini", dir ? dir : "assets/models");
	T_OK(model_load(&m, path, err, sizeof err) == 0, "engine: llama4-scout.ini loads");
	m.experts = 128, m.moe_layer_step = 2, m.ff_dense = 16384;
	d = deploy_default(1000);
	d.flash_attn = 0;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 467011584, "engine: Llama 4 Maverick -c 1000 -ub 512 -fa off: 445.38 MiB");
	T_EQ_INT(b.compute_mark, SIZE_MODELLED, "engine: Maverick's replayed buffer is modelled");
	d = deploy_default(32768);
	d.n_seq = 3, d.n_ubatch = 2048;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 1868199648LL, "engine: Llama 4 Maverick -c 32768 -np 3 -ub 2048 -fa on: 1781.65 MiB");
	d = deploy_default(32768);
	d.n_seq = 4, d.n_ubatch = 2048, d.flash_attn = 0;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 3065053184LL, "engine: Llama 4 Maverick -c 32768 -np 4 -ub 2048 -fa off: 2923.06 MiB");
	m.k_type = m.v_type = CACHE_Q8_0;
	d = deploy_default(32768);
	d.n_ubatch = 2048;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 1868046336LL, "engine: Llama 4 Maverick -c 32768 -ub 2048 -fa on q8_0: rotated");
}

/* Gemma 3n E4B (assets/models/gemma-3n-e4b.ini, the shape of
 * tests/engine.sh's GGUF): the real engine's compute buffers
 * (llama_get_memory_breakdown), which the replay of compute_gemma3n.c
 * gives to the byte; the peak formula was 9.7 % low on the first. */
static void t_gemma3n(void)
{
	struct model m;
	struct buffer_sizes b;
	char err[256], path[512];
	const char *dir = getenv("ATTNVIZ_MODELS");
	snprintf(path, sizeof path, "%s/gemma-3n-e4b.ini", dir ? dir : "assets/models");
	T_OK(model_load(&m, path, err, sizeof err) == 0, "engine: gemma-3n-e4b.ini loads");
	struct deploy d = deploy_default(32768);
	d.n_seq = 3, d.unified = 1, d.swa_full = 1;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 604633184, "engine: Gemma 3n -c 32768 -np 3 -kvu --swa-full -ub 512 -fa on: logits above the masks");
	T_EQ_INT(b.compute_mark, SIZE_MODELLED, "engine: Gemma 3n's replayed buffer is modelled");
	d.flash_attn = 0;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 734402720, "engine: Gemma 3n -c 32768 -np 3 -kvu --swa-full -ub 512 -fa off");
	d = deploy_default(32768);
	d.flash_attn = 0;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 662192128, "engine: Gemma 3n -c 32768 -ub 512 -fa off: the last full layer's K·Q decides");
	d = deploy_default(32768);
	d.n_seq = 4, d.n_ubatch = 2048, d.flash_attn = 0;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 2183143424LL, "engine: Gemma 3n -c 32768 -np 4 -ub 2048 -fa off");
	d = deploy_default(1000);
	d.n_seq = 3, d.n_ubatch = 2048;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 1076309088, "engine: Gemma 3n -c 1000 -np 3 -ub 2048 -fa on: 1002 tokens, 1000 outputs");
	/* a quantized cache: each cache's K and V rotations (attn_inp_k_rot
	 * 256x256, attn_inp_v_rot 64x64) and the Hadamard nodes */
	d = deploy_default(4096);
	m.k_type = m.v_type = CACHE_Q8_0;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 551608320, "engine: Gemma 3n -c 4096 -fa on -ctk/-ctv q8_0: K's and V's rotations");
	T_EQ_INT(b.compute_mark, SIZE_MODELLED, "engine: Gemma 3n with a rotated cache is modelled");
	m.k_type = CACHE_F16;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 551084032, "engine: Gemma 3n -c 4096 -fa on -ctv q8_0: V's rotation only");
	m.k_type = CACHE_Q8_0, m.v_type = CACHE_F16;
	size_buffers(&m, &d, &b);
	T_EQ_INT(b.compute_bytes, 551575552, "engine: Gemma 3n -c 4096 -fa on -ctk q8_0: K's rotation only");
}

void test_buffers(void)
{
	t_gemma4();
	t_engine();
	t_moe();
	t_alloc_sim();
	t_jamba();
	t_qwen35();
	t_qwen3next();
	t_mla_engine();
	t_dsa();
	t_dense();
	t_caps();
	t_kept();
	t_refuse();
	t_vpad();
	t_gemma3n();
}
