/*
 * buffers.c against llama.cpp's rules worked by hand (llama-context.cpp:
 * the n_batch and n_ubatch caps, output_reserve, llama_init_from_model's
 * refusals) and the figures the issue measured with the real engine.
 */
#include <string.h>

#include "model/size.h"
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
	/* The same shape named Phi-3, whose graph still comes out ~3 % off: estimated. */
	struct model o = m;
	snprintf(o.arch, sizeof o.arch, "phi3");
	T_OK(model_finish(&o, "phi3", err, sizeof err) == 0, "engine: the shape as phi3 is a model");
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
	/* A rotated cache with flash attention (src/model/compute_rot.c): with
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
	T_EQ_INT(b.compute_mark, SIZE_ESTIMATED, "engine: a rotated cache with Q narrower than n_embd is estimated");
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
 * where their graphs differ from llm_build_llama's (src/model/compute_dense.c). */
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
	T_EQ_INT(b.compute_mark, SIZE_ESTIMATED, "dense: OLMo 2 with a rotated cache and flash attention is estimated");
	mk_dense(&m, "phi3", 3072, 24, 8, 8192, 200064);
	d = deploy_default(32768);
	size_buffers(&m, &d, &b);
	/* the residual above every graph input (the 32768-cell F16 mask too) */
	T_EQ_INT(b.compute_bytes, 455882752, "dense: Phi-4-mini -c 32768 -ub 512 -fa on: 434.76 MiB (logits above the mask)");
	T_EQ_INT(b.compute_mark, SIZE_ESTIMATED, "dense: Phi-3's compute buffer stays estimated");
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
	T_EQ_INT(b.compute_mark, SIZE_ESTIMATED, "gemma4: a rotated cache with flash attention is estimated");
}

void test_buffers(void)
{
	t_gemma4();
	t_engine();
	t_dense();
	t_caps();
	t_refuse();
	t_vpad();
}
