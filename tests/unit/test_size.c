/*
 * size.c against figures worked out by hand from llama.cpp's rules
 * (llama-context.cpp, llama-kv-cache.cpp, llama-kv-cache-iswa.cpp, the SWA
 * mask of llama-hparams.cpp).  The arithmetic is in the comments; the
 * models are built here field by field, not read from files.
 */
#include <string.h>

#include "model/arch.h"
#include "size/size.h"
#include "t.h"

/* A uniform model: every layer kv heads; local when il % pattern < pattern - 1. */
static void mk(struct model *m, int64_t layers, int64_t heads, int64_t kv, int64_t hd, int64_t window, int64_t pattern)
{
	memset(m, 0, sizeof *m);
	m->layers = layers, m->heads = heads, m->kv_heads = kv, m->head_dim = hd, m->head_dim_v = hd;
	m->kind = kv == heads ? ATTN_MHA : ATTN_GQA;
	m->sliding_window = window, m->swa_pattern = pattern;
	m->k_type = m->v_type = CACHE_F16;
	for (int64_t il = 0; il < layers; il++) {
		m->layer_kv_heads[il] = (int32_t)kv;
		m->layer_swa[il] = window > 0 && (pattern <= 0 || il % pattern < pattern - 1);
	}
}

static void gemma3_27b(struct model *m)
{
	mk(m, 62, 32, 16, 128, 1024, 6);
	m->params = m->active_params = 27.4e9;
}

static void t_gemma3(void)
{
	struct model m;
	struct kv_alloc a;
	gemma3_27b(&m);
	struct deploy d = deploy_default(131072);
	T_OK(size_alloc(&m, &d, &a) == 0, "size: gemma3-27b allocates at -c 131072");
	/* Globals at il = 5, 11, ..., 59: 10 of them; 62 - 10 = 52 local. */
	T_EQ_INT(a.global_layers, 10, "size: gemma3-27b has 10 global layers");
	T_EQ_INT(a.local_layers, 52, "size: gemma3-27b has 52 local layers");
	/* pad256(min(131072, 1024 + 512)) = 1536. */
	T_EQ_INT(a.swa_cells, 1536, "size: gemma3-27b SWA cells = pad256(1024 + 512) = 1536");
	/* One cell of one layer: K 16 x 128 x 2 B + V the same = 8192 B. */
	T_EQ_INT(size_kv_bytes_token_layer(&m, 0), 8192, "size: gemma3-27b 8192 B per cell per layer");
	/* 10 x 131072 x 8192 = 10,737,418,240 (10 GiB). */
	T_EQ_INT(a.global_bytes, 10737418240LL, "size: gemma3-27b global cache 10 GiB");
	/* 52 x 1536 x 8192 = 654,311,424. */
	T_EQ_INT(a.local_bytes, 654311424LL, "size: gemma3-27b local cache 624 MiB");
	T_EQ_INT(a.total_bytes, 11391729664LL, "size: gemma3-27b total 10.61 GiB");
	/* 62 x 131072 x 8192 = 66,571,993,088 (62 GiB). */
	T_EQ_INT(a.full_bytes, 66571993088LL, "size: gemma3-27b with --swa-full 62 GiB");
	d.swa_full = 1;
	size_alloc(&m, &d, &a);
	T_EQ_INT(a.total_bytes, 66571993088LL, "size: --swa-full allocates what full_bytes said");

	/* -np 4, split: streams of pad256(131072 / 4) = 32768 cells; SWA per stream
	 * pad256(min(32768, 1024 + 512)) = 1536, 4 x 1536 = 6144 cells in all. */
	d = deploy_default(131072);
	d.n_seq = 4;
	size_alloc(&m, &d, &a);
	T_EQ_INT(a.streams, 4, "size: -np 4 split has 4 streams");
	T_EQ_INT(a.full_cells, 32768, "size: -np 4 split: 32768 cells a stream");
	T_EQ_INT(a.swa_cells * a.streams, 6144, "size: -np 4 split: 4 x 1536 = 6144 SWA cells");
	T_EQ_INT(a.global_bytes, 10737418240LL, "size: -np 4 split: global cache still 10 GiB");
	/* 52 x 6144 x 8192 = 2,617,245,696. */
	T_EQ_INT(a.local_bytes, 2617245696LL, "size: -np 4 split: local 52 x 6144 cells");
	/* -kvu: one stream of 131072; SWA pad256(min(131072, 1024 x 4 + 512)) = 4608. */
	d.unified = 1;
	size_alloc(&m, &d, &a);
	T_EQ_INT(a.streams, 1, "size: -np 4 -kvu has one stream");
	T_EQ_INT(a.swa_cells, 4608, "size: -np 4 -kvu: SWA pad256(4096 + 512) = 4608 cells");
	T_EQ_INT(a.local_bytes, 1962934272LL, "size: -np 4 -kvu: local 52 x 4608 x 8192");

	/* Prefill of 4096 tokens on a sliding layer (w 1024): 1024·1025/2 + 3072·1024 = 3,670,528 pairs;
	 * on a global layer 4096·4097/2 = 8,390,656. */
	T_EQ_INT(size_attn_pairs_prefill(&m, 0, 4096), 3670528, "size: sliding layer sees the last 1024 keys");
	T_EQ_INT(size_attn_pairs_prefill(&m, 5, 4096), 8390656, "size: global layer sees every earlier key");
	/* Decoding at position 131071: global 10 x 131072 cells, local 52 x 1024, 8192 B each:
	 * (1,310,720 + 53,248) x 8192 = 11,173,625,856. */
	T_EQ_INT(size_kv_read_decode(&m, 131071), 11173625856LL, "size: gemma3-27b decode reads 10.41 GiB");
}

static void t_llama3(void)
{
	struct model m;
	struct kv_alloc a;
	mk(&m, 32, 32, 8, 128, 0, 0);
	m.params = m.active_params = 8.03e9;
	/* 32 layers x (8 x 128 x 2 B K + the same V) = 131,072 B/token. */
	T_EQ_INT(size_kv_bytes_token(&m), 131072, "size: llama3-8b 131072 B/token");
	struct deploy d = deploy_default(8192);
	size_alloc(&m, &d, &a);
	T_EQ_INT(a.total_bytes, 1073741824LL, "size: llama3-8b at 8192 tokens = 1 GiB");
	T_EQ_INT(a.local_layers, 0, "size: llama3-8b has no local layer");
	/* -c 1000 is padded to 1024: 1024 x 131072 = 134,217,728. */
	d = deploy_default(1000);
	size_alloc(&m, &d, &a);
	T_EQ_INT(a.n_ctx, 1024, "size: -c 1000 pads to 1024 cells");
	T_EQ_INT(a.total_bytes, 134217728LL, "size: -c 1000 allocates 1024 cells");
	/* -c 1000 -np 3: 1024 / 3 = 341, padded 512 a stream, n_ctx 1536. */
	d.n_seq = 3;
	size_alloc(&m, &d, &a);
	T_EQ_INT(a.full_cells, 512, "size: -c 1000 -np 3: 512 cells a stream");
	T_EQ_INT(a.n_ctx, 1536, "size: -c 1000 -np 3: n_ctx becomes 1536");
	/* -ctk q8_0: K 1024 elements = 32 blocks x 34 B = 1088; V f16 2048; 32 x 3136 = 100,352. */
	m.k_type = CACHE_Q8_0;
	T_EQ_INT(size_kv_bytes_token(&m), 100352, "size: q8_0 K with f16 V: 100352 B/token");
	m.k_type = CACHE_F16;
	/* MHA comparison 32 x 32 x 128 x 2 x 2 = 524,288; MQA 16,384. */
	T_EQ_INT(size_kv_bytes_token_as(&m, 32), 524288, "size: llama3-8b as MHA 524288 B/token");
	T_EQ_INT(size_kv_bytes_token_as(&m, 1), 16384, "size: llama3-8b as MQA 16384 B/token");
	/* Weights 2 x 8.03e9 x 4096 = 6.578176e13. */
	T_NEAR(size_weight_flops(&m, 4096), 6.578176e13, 1, "size: llama3-8b weight FLOPs at 4096");
	/* Attention: a pair costs 2·32·128 (QKᵀ) + 2·32·128 (PV) = 16384 FLOPs;
	 * 4096·4097/2 = 8,390,656 pairs a layer; x 32 layers = 4,399,120,252,928. */
	T_NEAR(size_attn_flops_prefill(&m, 4096), 4399120252928.0, 1, "size: llama3-8b attention FLOPs at 4096");
	/* Decode at position 4095: 4096 keys x 16384 x 32 = 2,147,483,648. */
	T_NEAR(size_attn_flops_decode(&m, 4095), 2147483648.0, 0, "size: llama3-8b decode FLOPs at 4096");
}

static void t_deepseek(void)
{
	struct model m;
	mk(&m, 61, 128, 128, 192, 0, 0);
	m.kind = ATTN_MLA, m.mla_latent_cache = 1, m.head_dim_v = 128;
	m.kv_lora_rank = 512, m.qk_rope_head_dim = 64, m.qk_nope_head_dim = 128, m.v_head_dim = 128;
	m.k_type = m.v_type = CACHE_BF16;
	m.params = 671e9, m.active_params = 37e9;
	/* 61 x (512 + 64) x 2 B = 70,272 B/token, K only. */
	T_EQ_INT(size_kv_bytes_token(&m), 70272, "size: deepseek-v3 latent cache 70272 B/token");
	T_EQ_INT(model_v_elems_layer(&m, 0), 0,
		 "size: the latent cache keeps no V");
	/* llama_hparams with the *_mla keys: one KV head of 512 + 64, no V */
	struct model_layer L = model_layer(&m, 0);
	T_EQ_INT(L.kv_heads * 1000000 + L.k_head * 1000 + L.v_head, 1576000,
		 "size: model_layer: the latent is 1 head of 576, no V");
	/* As MHA: 61 x 128 heads x (192 K + 128 V) x 2 B = 4,997,120. */
	T_EQ_INT(size_kv_bytes_token_as(&m, 128), 4997120, "size: deepseek-v3 as MHA 4997120 B/token");
	/* As GQA-8: 61 x 8 x 320 x 2 = 312,320. */
	T_EQ_INT(size_kv_bytes_token_as(&m, 8), 312320, "size: deepseek-v3 as GQA-8 312320 B/token");
	/* Weights at 131072 tokens: 2 x 37e9 x 131072 = 9.699328e15. */
	T_NEAR(size_weight_flops(&m, 131072), 9.699328e15, 1e3, "size: deepseek-v3 weights use active parameters");
	/* Without the latent cache (an old GGUF): 61 x 128 x (192 + 128) x 2 = the MHA figure. */
	/* Attention as llama.cpp runs it with the latent cache (absorbed, MQA over
	 * the cached row): per key and head q·k over 512 + 64 and p·v over 512,
	 * 2 x 128 x (576 + 512) = 278,528 FLOPs; causal pairs at 4096 tokens
	 * 4096 x 4097 / 2 = 8,390,656; x 61 layers = 142,558,990,696,448. */
	T_NEAR(size_attn_flops_prefill(&m, 4096), 142558990696448.0, 1,
	       "size: deepseek-v3 attention FLOPs at 4096 over the latent (absorbed MLA)");
	m.mla_latent_cache = 0;
	T_EQ_INT(size_kv_bytes_token(&m), 4997120, "size: deepseek-v3 without *_mla keys caches full K and V");
	/* Without it, MHA: 2 x 128 x (192 + 128) = 81,920 x 8,390,656 x 61 = 41,929,114,910,720. */
	T_NEAR(size_attn_flops_prefill(&m, 4096), 41929114910720.0, 1,
	       "size: deepseek-v3 attention FLOPs at 4096 without the latent cache (MHA)");
}

static void t_gpt_oss(void)
{
	struct model m;
	struct kv_alloc a;
	/* gpt-oss-20b: 24 layers, 64 heads, 8 KV heads of 64, window 128, sliding on even layers. */
	mk(&m, 24, 64, 8, 64, 128, 2);
	struct deploy d = deploy_default(131072);
	size_alloc(&m, &d, &a);
	T_EQ_INT(a.local_layers, 12, "size: gpt-oss-20b 12 sliding layers");
	T_OK(size_layer_kind(&m, 0) == LAYER_LOCAL && size_layer_kind(&m, 1) == LAYER_GLOBAL, "size: gpt-oss-20b layer 0 slides, 1 is full");
	/* a sliding layer's own head sizes (Gemma 4's 256 beside 512) and its
	 * window; llama.cpp's n_swa only on the sliding layers */
	m.head_dim_swa = m.head_dim_v_swa = 32;
	struct model_layer l0 = model_layer(&m, 0), l1 = model_layer(&m, 1);
	T_EQ_INT(l0.k_head * 1000000 + l0.window * 1000 + l1.k_head, 32128064,
		 "size: model_layer: layer 0 heads 32, window 128; layer 1 64");
	T_EQ_INT(size_k_elems_layer(&m, 0) + 1000 * size_k_elems_layer(&m, 1),
		 512256, "size: K of layer 0 is 8 x 32, of layer 1 8 x 64");
	m.swa_ignored = 1;
	T_EQ_INT(model_layer(&m, 0).window, 0,
		 "size: model_layer: a window llama.cpp does not read is none");
	m.swa_ignored = 0;
	m.head_dim_swa = m.head_dim_v_swa = 0;
	/* pad256(min(131072, 128 + 512)) = 768. */
	T_EQ_INT(a.swa_cells, 768, "size: gpt-oss-20b SWA cells 768");
	/* Cell of a layer: 8 x 64 x 2 x 2 = 2048 B.  12 x 131072 x 2048 = 3,221,225,472;
	 * 12 x 768 x 2048 = 18,874,368. */
	T_EQ_INT(a.global_bytes, 3221225472LL, "size: gpt-oss-20b global 3 GiB");
	T_EQ_INT(a.local_bytes, 18874368LL, "size: gpt-oss-20b local 18 MiB");
	/* Decode at 131071: 12 x 131072 x 2048 + 12 x 128 x 2048 = 3,224,371,200. */
	T_EQ_INT(size_kv_read_decode(&m, 131071), 3224371200LL, "size: gpt-oss-20b decode reads the window");
}

static void t_odd_layers(void)
{
	struct model m;
	struct kv_alloc a;
	/* Mistral v0.1: window 4096 that llama.cpp ignores: 32 full layers. */
	mk(&m, 32, 32, 8, 128, 4096, 0);
	m.swa_ignored = 1;
	struct deploy d = deploy_default(32768);
	size_alloc(&m, &d, &a);
	T_EQ_INT(a.local_layers, 0, "size: an ignored window makes no local layer");
	T_EQ_INT(a.total_bytes, 32768LL * 131072, "size: an ignored window allocates the full cache (4 GiB)");
	/* Layers 1 and 3 keep no cache: half of 4 layers x 1024 x (8 x 128 x 2 x 2). */
	mk(&m, 4, 32, 8, 128, 0, 0);
	m.layer_kv_heads[1] = m.layer_kv_heads[3] = 0;
	d = deploy_default(1024);
	size_alloc(&m, &d, &a);
	T_EQ_INT(a.none_layers, 2, "size: two layers without KV heads");
	T_EQ_INT(a.total_bytes, 2 * 1024 * 4096, "size: layers without KV heads cache nothing");
	T_EQ_INT(size_attn_pairs_prefill(&m, 1, 100), 0, "size: no attention pairs on a layer without KV heads");
}

/* Chunked attention (Llama 4, LLAMA_SWA_TYPE_CHUNKED): query p sees the keys
 * of its own chunk, p mod n_swa + 1 of them.  The prefill pairs against a
 * walk over every query, and the cache sized as iSWA. */
static void t_chunked(void)
{
	struct model m;
	struct kv_alloc a;
	mk(&m, 8, 8, 2, 64, 16, 4);
	m.swa_chunked = 1;
	for (int64_t n = 1; n <= 70; n++) {
		int64_t walk = 0;
		for (int64_t p = 0; p < n; p++)
			walk += p % 16 + 1;
		if (size_attn_pairs_prefill(&m, 0, n) != walk) {
			T_EQ_INT(size_attn_pairs_prefill(&m, 0, n), walk, "size: chunked pairs at n = %lld", (long long)n);
			break;
		}
	}
	/* n = 40: chunks 16 + 16 + 8: 136 + 136 + 36 = 308 pairs; sliding would be 136 + 24 x 16 = 520. */
	T_EQ_INT(size_attn_pairs_prefill(&m, 0, 40), 308, "size: chunked pairs at 40 = 136 + 136 + 36");
	T_EQ_INT(size_attn_pairs_prefill(&m, 3, 40), 820, "size: a full layer at 40 sees 40 x 41 / 2 pairs");
	m.swa_chunked = 0;
	T_EQ_INT(size_attn_pairs_prefill(&m, 0, 40), 520, "size: the same window sliding: 136 + 24 x 16");
	m.swa_chunked = 1;
	/* The cache: chunked layers as iSWA, pad256(min(1024, 16 + 512)) = 768 cells. */
	struct deploy d = deploy_default(1024);
	T_OK(size_alloc(&m, &d, &a) == 0, "size: a chunked model allocates");
	T_EQ_INT(a.swa_cells, 768, "size: chunked cells pad256(16 + 512) = 768");
}

/* A hybrid: recurrent layers keep f32 x (n_embd_r + n_embd_s) a sequence
 * (llama-hparams.cpp, llama-memory-recurrent.cpp), no KV cells. */
static void t_recurrent(void)
{
	struct model m;
	struct kv_alloc a;
	mk(&m, 4, 16, 2, 256, 0, 0);
	m.layer_type[0] = m.layer_type[1] = m.layer_type[2] = LT_RECURRENT;
	m.layer_kv_heads[0] = m.layer_kv_heads[1] = m.layer_kv_heads[2] = 0;
	m.ssm_d_conv = 4, m.ssm_d_inner = 4096, m.ssm_d_state = 128, m.ssm_n_group = 16;
	/* n_embd_r = 3 x (4096 + 2 x 16 x 128) = 24576; n_embd_s = 128 x 4096 = 524288. */
	T_EQ_INT(model_embd_r(&m), 24576, "size: n_embd_r (d_conv - 1)(d_inner + 2 n_group d_state)");
	T_EQ_INT(model_embd_s(&m), 524288, "size: n_embd_s d_state x d_inner");
	struct deploy d = deploy_default(4096);
	d.n_seq = 2;
	T_OK(size_alloc(&m, &d, &a) == 0, "size: a hybrid allocates");
	T_EQ_INT(a.recurrent_layers, 3, "size: three recurrent layers");
	T_EQ_INT(a.recurrent_bytes, 3LL * 4 * (24576 + 524288) * 2, "size: 3 x 4 x 548864 x 2 sequences");
	int64_t at4k = a.recurrent_bytes;
	d.n_ctx = 131072;
	size_alloc(&m, &d, &a);
	T_EQ_INT(a.recurrent_bytes, at4k, "size: the recurrent state does not grow with the context");
	T_EQ_INT(a.global_layers, 1, "size: one attention layer keeps KV cells");
	/* LFM2's short conv: n_embd x (L_cache - 1), no n_embd_s. */
	m.ssm_d_conv = m.ssm_d_inner = m.ssm_d_state = m.ssm_n_group = 0;
	m.shortconv_l_cache = 3, m.embd = 1024;
	T_EQ_INT(model_embd_r(&m) + model_embd_s(&m), 2048, "size: short conv 1024 x (3 - 1)");
}

/* model_layer's per-layer answers, from llama-model.cpp load_hparams:
 * the FFN of each layer, the recurrent state, chunked windows, and the
 * head sizes a layer of each kind attends with. */
static void t_layer_answers(void)
{
	struct model m;
	/* DeepSeek-V3: 3 dense lead layers of n_ff 18432, then 256 experts
	 * of n_ff_exp 2048 and one shared expert of 2048 */
	mk(&m, 61, 128, 128, 192, 0, 0);
	m.experts = 256, m.experts_used = 8, m.ff = 2048, m.ff_dense = 18432;
	m.dense_lead = 3, m.shared_experts = 1;
	struct model_layer a = model_layer(&m, 2), b = model_layer(&m, 3);
	T_EQ_INT(a.moe * 100000 + a.ff, 18432,
		 "size: model_layer: lead layer 2 is a dense FFN of 18432");
	T_EQ_INT(b.moe * 100000000 + b.ff * 10000 + b.ff_exp / 1000 * 100 +
		     b.ff_shexp / 1000,
		 100000202, "size: model_layer: layer 3 routes to experts of "
			    "2048 with a shared one of 2048, no dense FFN");
	/* Llama 4 Maverick, interleave_moe_layer_step 2: (il + 1) % 2 == 0
	 * is MoE (layer 1), the others dense of n_ff 16384 */
	m.dense_lead = 0, m.shared_experts = 0, m.moe_layer_step = 2;
	m.ff = 8192, m.ff_dense = 16384;
	a = model_layer(&m, 0), b = model_layer(&m, 1);
	T_EQ_INT(a.moe * 1000000 + a.ff, 16384,
		 "size: model_layer: Maverick's layer 0 is dense, 16384 wide");
	T_EQ_INT(b.moe * 1000000 + b.ff + b.ff_shexp, 1000000,
		 "size: model_layer: Maverick's layer 1 routes, none beside");
	/* Gemma 4 26B-A4B: the dense MLP of n_ff beside the experts */
	m.moe_layer_step = 0, m.arch_mech = AM_FFN_BESIDE_EXPERTS;
	m.ff = 704, m.ff_dense = 2112;
	b = model_layer(&m, 5);
	T_EQ_INT(b.moe * 10000 + b.ff, 12112,
		 "size: model_layer: Gemma 4 routes with a 2112 MLP beside");
	/* Jamba: the layers without a router (the tensors' word) build a
	 * dense FFN of the experts' n_ff */
	m.dense_lead = 0, m.moe_layer_step = 0, m.arch_mech = 0;
	m.ff_dense = 0, m.ff = 704, m.layer_dense_ffn[4] = 1;
	b = model_layer(&m, 4);
	T_EQ_INT(b.moe * 10000 + b.ff + model_layer(&m, 5).moe * 100000,
		 100704, "size: model_layer: Jamba's layer 4 dense of 704, "
			 "5 routed");
	m.layer_dense_ffn[4] = 0;
	/* a dense model: every layer the one FFN */
	m.experts = m.experts_used = 0, m.ff_dense = 0, m.arch_mech = 0;
	b = model_layer(&m, 5);
	T_EQ_INT(b.moe * 10000 + b.ff, 704,
		 "size: model_layer: a dense model's layer 5 is n_ff 704");

	/* Falcon-H1: every attention layer keeps the state too; a recurrent
	 * layer keeps it alone; a shared layer neither */
	mk(&m, 4, 8, 2, 64, 0, 0);
	m.ssm_parallel = 1;
	m.layer_type[1] = LT_RECURRENT, m.layer_kv_heads[1] = 0;
	m.layer_type[2] = LT_SHARED, m.layer_kv_heads[2] = 0;
	T_EQ_INT(model_layer(&m, 0).state * 1000 +
		     model_layer(&m, 1).state * 100 +
		     model_layer(&m, 2).state * 10 + model_layer(&m, 3).state,
		 1101, "size: model_layer: state on layers 0, 1 and 3, not "
		       "on the shared layer 2");
	m.ssm_parallel = 0;
	T_EQ_INT(model_layer(&m, 0).state, 0,
		 "size: model_layer: an attention layer alone keeps no state");

	/* Llama 4's chunked window; a sliding layer's head sizes, which a
	 * layer without a cache of its own attends with too */
	mk(&m, 8, 8, 2, 64, 16, 4);
	m.swa_chunked = 1;
	T_OK(model_layer(&m, 0).type == LT_CHUNKED &&
		 model_layer(&m, 3).type != LT_CHUNKED,
	     "size: model_layer: layer 0 chunked, layer 3 full");
	m.swa_chunked = 0;
	m.head_dim_swa = 32, m.head_dim_v_swa = 16;
	m.layer_kv_heads[4] = 0, m.layer_type[4] = LT_SHARED;
	struct model_layer sw = model_kind_layer(&m, 1);
	struct model_layer fu = model_kind_layer(&m, 0);
	T_EQ_INT(sw.attn_k * 1000000 + sw.attn_v * 1000 + fu.attn_k, 32016064,
		 "size: model_kind_layer: sliding 32 and 16, full 64");
	m.rope_dims = 64, m.rope_dims_swa = 32;
	T_EQ_INT(model_layer(&m, 0).rope_dims * 1000 +
		     model_layer(&m, 3).rope_dims,
		 32064, "size: model_layer: n_rot(il), sliding 32, full 64");
	T_EQ_INT(model_layer(&m, 4).attn_k * 1000 + model_layer(&m, 4).k_head,
		 32000, "size: model_layer: layer 4 keeps no cache and "
			"attends with 32");

	/* Gemma 3n's tail of shared layers: no cache (model_finish clears
	 * their layer_swa), yet each attends over an earlier layer's, as
	 * sliding or full as the cached layers' pattern makes it (pattern
	 * 4: layer 6 sliding, 7 full), so its query-key pairs count */
	mk(&m, 8, 8, 2, 64, 16, 4);
	for (int il = 6; il < 8; il++)
		m.layer_type[il] = LT_SHARED, m.layer_kv_heads[il] = 0,
		m.layer_swa[il] = 0;
	T_EQ_INT(model_layer(&m, 6).window * 10 + model_layer(&m, 6).attends,
		 161, "size: model_layer: shared layer 6 attends, window 16");
	T_EQ_INT(model_layer(&m, 7).window * 10 + model_layer(&m, 7).attends,
		 1, "size: model_layer: shared layer 7 attends, full");
	/* 16 * 17 / 2 + 84 * 16 and 100 * 101 / 2 */
	T_EQ_INT(size_attn_pairs_prefill(&m, 6, 100) * 10000 +
		     size_attn_pairs_prefill(&m, 7, 100),
		 14805050, "size: the shared layers' pairs at 100 tokens");
	m.layer_type[5] = LT_RECURRENT, m.layer_kv_heads[5] = 0;
	T_EQ_INT(model_layer(&m, 5).attends, 0,
		 "size: model_layer: a recurrent layer does not attend");
}

void test_size(void)
{
	t_layer_answers();
	t_chunked();
	t_recurrent();
	t_gemma3();
	t_llama3();
	t_deepseek();
	t_gpt_oss();
	t_odd_layers();
}
