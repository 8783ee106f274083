/*
 * buffers: what llama.cpp allocates beside the KV cache for a context (the
 * output buffer and the CPU compute buffer), and the contexts it refuses to
 * create.  The rules and their llama.cpp sources are named at each function.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/arch.h"
#include "size/compute_hybrid.h"
#include "size/compute_mla.h"
#include "size/compute_dsa.h"
#include "size/compute_dense.h"
#include "graph/compute_replay.h"
#include "size/size.h"
#include "util/fault.h"

static int is_quantized(enum cache_type t) { return t >= CACHE_Q8_0; }

/* llama-hparams.cpp is_mla(): the GGUF gave key_length_mla and
 * value_length_mla, which is when llama.cpp caches the latent. */
static int is_mla(const struct model *m)
{
	return m->kind == ATTN_MLA && m->mla_latent_cache;
}

int size_refuse(const struct model *m, const struct deploy *d, char *why,
		size_t len)
{
	/* llama-context.cpp llama_init_from_model, in its order (is_mla() ||
	 * LLM_ARCH_DEEPSEEK4, whose caches keep K only). */
	if ((is_mla(m) || m->k_only) && m->k_type != m->v_type) {
		snprintf(why, len,
			 "llama_init_from_model: model does not support "
			 "different K (%s) and V (%s) cache types",
			 model_cache_name(m->k_type),
			 model_cache_name(m->v_type));
		return 1;
	}
	int fa = size_flash_attn(m, d);
	if (is_quantized(m->v_type) && !fa) {
		snprintf(why, len,
			 "llama_init_from_model: quantized V cache requires "
			 "flash_attn to be enabled%s",
			 size_flash_attn(m, &(struct deploy){.flash_attn = 1})
			     ? ""
			     : " (which it forces off for this model)");
		return 1;
	}
	if (fa) {
		char b[256];
		int which = model_cache_blocks_ok(m, b, sizeof b);
		if (which) {
			snprintf(why, len, "llama_init_from_model: %s", b);
			return 1;
		}
	}
	return 0;
}

/* llama-kv-cache.cpp llama_kv_cache::llama_kv_cache: attn_rot_v, V
 * block-quantized with a head size that is a multiple of 64 (never with
 * the MLA latent, which has no V). */
static int rot_v(const struct model *m)
{
	return model_rot_v_n(m) > 0; /* src/model/model.c */
}

/* attn_rot_k as the compute graph's rotation input has it
 * (src/size/compute_rot.c) */
static int rot_k(const struct model *m) { return model_rot_k_n(m) > 0; }

static int mul3(int64_t a, int64_t b, int64_t c, int64_t *r)
{
	return __builtin_mul_overflow(a, b, r) ||
	       __builtin_mul_overflow(*r, c, r);
}

/*
 * The compute buffer: ggml-alloc (ggml_gallocr) places every tensor of the
 * worst-case graph (llama-context.cpp sched_reserve: graph_reserve with
 * n_tokens = min(n_ctx, n_ubatch), every token an output, against every
 * cell of the cache) and frees it after its last use, reusing the memory
 * (and computing in place where an op allows it); the buffer is the highest
 * offset + size ggml_dyn_tallocr_alloc ever hands out (its max_size: live
 * bytes and the holes between them).  The peak falls in one of three places
 * of the graph, and the buffer is the largest of the three (4 bytes a float):
 *
 *   logits (llm_graph_context::build_inp_out_ids .. the lm_head): the F32
 *     logits [n_vocab, n_outputs] above the final norm's output (in place
 *     on the residual) and the one [n_embd] slot below it, and inp_tokens
 *     (n_tokens I32); the inputs below were freed after the last layer's
 *     attention and their room reused.  A MoE graph keeps one more [n_embd]
 *     row a token here as a first estimate;
 *   K·Q without flash attention (llm_graph_context::build_attn_mha): kq =
 *     ggml_mul_mat(k, q), F32 [n_kv, n_tokens, n_head] (the softmax runs
 *     in place), beside the masks, five [n_embd] rows a token (residual,
 *     norm, Q, attention input, output) and the inputs;
 *   layer 0's FFN (llm_build_llama: build_ffn after build_attn): ffn_gate,
 *     ffn_up and their product, three [n_ff] rows a token, placed above
 *     every graph input (inp_embd [n_embd] included), embd, the attention
 *     norm's slot and Q's [n_head * head_dim] (where Q's RoPE output was,
 *     the lowest free room large enough; read off ggml-alloc's placement).
 *
 * The graph inputs live until the last layer's attention: per cache a KQ
 * mask [n_kv, n_tokens] (F32, or F16 with flash attention,
 * llm_graph_input_attn_kv::set_input), k_idxs (n_tokens I64) and v_idxs
 * (n_tokens I64, or n_tokens x n_embd_v_gqa_max I64 when V is transposed:
 * no flash attention, llama_kv_cache::build_input_v_idxs), inp_embd
 * [n_embd, n_tokens] F32, inp_pos, inp_tokens and out_ids (n_tokens I32
 * each).  n_tokens is the ubatch rounded up to a multiple of n_seq
 * (llama-context.cpp graph_reserve), n_outputs the ubatch.  The terms were
 * read off ggml-alloc's placements in the real engine (node-llama-cpp
 * 3.22.1's llama.cpp, every allocation traced: tools/alloc-trace.sh) and
 * hold to the byte where one of the three decides it for dense models.
 * Where ggml_dyn_tallocr_alloc's best fit leaves holes that move with the
 * deployment (MoE: the logits land 3 to 7.8 [n_embd] rows a token above
 * the bottom on gpt-oss-20b, depending on which freed inputs the expert
 * tensors fit in; the MLA latent's logits, 3 to 10.5 [n_embd] rows a token
 * up on DeepSeek-V2-Lite; the recurrent blocks) it is estimated, but for
 * the MoE graphs src/graph/compute_moe.c replays through ggml-alloc's rules
 * (gpt-oss, Llama 4 Scout and Maverick, Qwen3-MoE, GLM-4.5, DeepSeek-V2/V3
 * with the latent, DeepSeek-V3.2 and GLM-5 with the sparse layers of
 * src/graph/compute_dsa_replay.c), the gated-delta-net hybrids
 * src/graph/compute_qwen3next.c replays (Qwen3-Next, Qwen3.5), Gemma 3n's
 * AltUp graph (src/graph/compute_gemma3n.c) and the Mamba-2 hybrids
 * (Granite-4.0-H, Nemotron-H, Falcon-H1: src/graph/compute_mamba2.c): each
 * exact over tests/engine.sh's whole buffers matrix, every cache type,
 * flash attention on and off.
 * The MLA latent's K·Q peak (layer 0's Qcur, v_cont, kq):
 * src/size/compute_mla.c. LFM2 (short conv) and Jamba (Mamba-1), whose layers'
 * tails are placed after the next layer's state get_rows, are replayed in
 * ggml's node order (src/graph/compute_hybrid_replay.c: exact over
 * tests/engine.sh's matrix, quantized and rotated caches included). The dense
 * Llama, Mistral 3, Qwen2, OLMo 2, Phi-3 and Cohere2 graphs (n_embd and n_ff
 * known; one cache but for Cohere2's) are replayed too
 * (src/graph/compute_dense_replay.c: exact over tests/engine.sh's matrix,
 * rotated caches with flash attention and Phi-3's fused attn_qkv included,
 * where the peaks below were 1.6 to 8.0 % off).  A family whose graph no
 * file describes is replayed as Llama's dense graph, or Qwen3-MoE's with
 * experts, with its own widths: a plain estimate, marked so (on llama.cpp's
 * own tiny model of every architecture at tests/engine.sh's four
 * deployments, 155 of 432 estimated buffers exact, 12 by the peaks).  The
 * peaks stay for the recurrent layers, the MoE graphs with a window, dense
 * lead layers or shared experts, and models without the widths.
 * Gemma 4 (31B, 26B-A4B, shared KV layers; not E2B/E4B's per-layer
 * inputs) is replayed likewise, src/graph/compute_gemma4.c: exact over
 * tests/engine.sh's whole matrix, f16 and rotated caches, where the peaks
 * above were 1.0 % (31B), 7.7 % (rotated, shared) and 10.2 % (26B-A4B) off.
 */
/* The families whose graphs the three peaks were checked on against the
 * real engine (tests/engine.sh: within 2 % over its whole matrix) carry
 * AM_GRAPH_CHECKED in src/families/; OLMo 2's, whose peaks move (no
 * norm before the attention), is checked in src/size/compute_dense.c.
 * Phi-3's comes out 2.9 % off (the residual's slot moves without flash
 * attention): estimated, but replayed where n_embd and n_ff are known
 * (src/graph/compute_dense_replay.c). */
static int graph_checked(const struct model *m)
{
	return (m->arch_mech & AM_GRAPH_CHECKED) != 0;
}

int64_t size_mamba1_inner(const struct model *m)
{
	return model_layers_of(m, LT_RECURRENT) > 0 && m->ssm_n_group == 0 &&
		       !m->shortconv_l_cache
		   ? m->ssm_d_inner
		   : 0;
}

int64_t size_kq_cells(const struct kv_alloc *a)
{
	return a->windowed && a->global_layers == 0 ? a->swa_cells
						    : a->full_cells;
}

static int compute_bytes(const struct model *m, const struct deploy *d,
			 int64_t ub, const struct kv_alloc *a, int64_t *out)
{
	int64_t E =
	    m->embd > 0
		? m->embd
		: m->heads * m->head_dim;   /* n_embd: Q's width when unknown */
	int64_t Q = m->heads * m->head_dim; /* Q's width */
	/* K·Q's n_kv: the full cache's cells, or the sliding cache's when no
	 * layer keeps a full cache (the LFM2.5-Audio tokenizer:
	 * src/models/lfm2.cpp builds a llama_memory_hybrid_iswa whose base
	 * cache has no layer) */
	int64_t kv_max = size_kq_cells(a);
	int64_t v_max = 0, masks = 0, idx = 1, caches = a->windowed ? 2 : 1;
	int mla = is_mla(m), fa = d->flash_attn, moe = m->experts > 0;
	/* llama-context.cpp graph_reserve: n_tokens rounded up to a multiple of
	 * n_seqs (the reserve's ubatch splits evenly), n_outputs not. */
	int64_t nt = (ub + d->n_seq - 1) / d->n_seq * d->n_seq;
	/* MoE, the hybrids, the dense graphs, Gemma 3n and 4: replayed
	 * (src/graph/compute_replay.c's table) */
	const struct compute_replay *replay = compute_replay_of(m, a);
	if (replay)
		return replay->bytes(m, d, ub, a, out);
	for (int64_t il = 0; il < m->layers; il++)
		if (model_v_elems_layer(m, il) > v_max)
			v_max = model_v_elems_layer(m, il);
	for (int c = 0; c < caches; c++) {
		int64_t cells = c == 0 ? a->full_cells : a->swa_cells;
		masks += cells * (fa ? 2 : 4); /* bytes a token */
		idx += 2 + (mla ? 0 : fa ? 2 : 2 * v_max);
	}
	/* the graph inputs, bytes a token: inp_tokens, inp_embd [n_embd],
	 * inp_pos, out_ids and per cache k_idxs, v_idxs and the KQ mask */
	int64_t inputs = 4 * (E + 3) + masks + 4 * (idx - 1);
	int64_t logits, attn = 0, ffn = 0, t;
	/* per token, in bytes; the products are bounded by the model's limits,
	 * the multiplication by ub is checked */
	int64_t per_logits = 4 * ((2 + moe) * E + 1);
	per_logits += compute_hybrid_logits(
	    m, E,
	    8 + masks + 4 * (idx - 1)); /* inp_pos, out_ids, idxs, masks */
	/* A rotated V (attn_rot_v) with flash attention: the last layer's
	 * un-rotation of the attention output [n_head * head_dim_v] goes where
	 * the freed idxs and mask were, if it fits there, and leaves below it a
	 * hole (the rotation inputs, inp_pos and its own room once freed) that
	 * takes an [n_embd] row when that output is as wide; the final residual
	 * then lands one [n_embd] row higher (traced with tools/alloc-trace.sh:
	 * Llama 3 8B q8_0 from -c 8192 on, not at 6144; Mistral Small 3.1, Q
	 * narrower than n_embd, never). */
	int64_t Qv = m->heads * m->head_dim_v;
	if (fa && rot_v(m) && a->full_cells * 2 + 16 >= 4 * Qv && Qv >= E)
		per_logits += 4 * E;
	int64_t per_attn =
	    fa ? 0 : 4 * kv_max * m->heads + masks + 4 * (5 * E + idx + 2);
	/* A quantized K without flash attention: measured E - E/128 floats a
	 * token fewer (q8_0, on Llama 3 8B and the DeciLM GGUF of
	 * tests/engine.sh). */
	if (!fa && is_quantized(m->k_type))
		per_attn -= 4 * (E - E / 128);
	int64_t attn_fixed =
	    0; /* a hybrid's own K·Q peak (src/size/compute_hybrid.c) */
	compute_hybrid_attn(m, d,
			    &(struct hybrid_attn_in){E, kv_max, masks, idx, fa},
			    &per_attn, &attn_fixed);
	/* OLMo 2's and Phi-3's layers (src/size/compute_dense.c) */
	compute_dense_peaks(m, fa, fa && (rot_k(m) || rot_v(m)), E, inputs,
			    inputs - 4 * (E + 1), &per_logits, &per_attn);
	/* layer 0's FFN (llm_build_llama: build_ffn after build_attn):
	 * ffn_gate, ffn_up and their product [n_ff] above the inputs, embd, the
	 * norm's slot, Q's and the residual [n_embd] */
	int64_t per_ffn = m->ff > 0 ? inputs + 4 * (2 * E + Q + 3 * m->ff) : 0;
	int64_t rot_in =
	    fa ? compute_rot_ffn(m, rot_k(m), rot_v(m), caches, E, inputs,
				 inputs - 4 * (E + 1), &per_ffn)
	       : 0; /* src/size/compute_rot.c */
	/* A Mamba-1 block (Jamba: src/models/jamba.cpp's mamba layer; Mamba2,
	 * delta-net and short-conv blocks stay below the other peaks): xz =
	 * ssm_in(x) [2 d_inner], the conv and scan inputs and outputs, beside
	 * the masks and the inputs: 12 d_inner + 2 d_state + 1 floats a token,
	 * read off Jamba-v0.1's graph in the real engine (tests/engine.sh). */
	int64_t per_recr = 0, recr = 0;
	if (size_mamba1_inner(m) > 0)
		per_recr = masks + 4 * (12 * m->ssm_d_inner +
					2 * m->ssm_d_state + 1 + idx + 2);
	if (__builtin_mul_overflow(per_logits, nt, &logits) ||
	    __builtin_mul_overflow(per_attn, nt, &attn) ||
	    __builtin_add_overflow(attn, attn_fixed, &attn) ||
	    __builtin_mul_overflow(per_ffn, nt, &ffn) ||
	    __builtin_mul_overflow(per_recr, nt, &recr) ||
	    __builtin_add_overflow(logits, 4 * m->vocab * ub, &logits) ||
	    (ffn > 0 && __builtin_add_overflow(ffn, rot_in, &ffn)))
		return -1;
	if (mla && (attn = compute_mla_attn(m, d, nt, a)) <
		       0) /* the latent's own attention peak */
		return -1;
	if (mla && fa && m->indexer_top_k > 0 &&
	    __builtin_add_overflow(attn, compute_dsa_attn_fa(m, nt, a), &attn))
		return -1; /* sparse attention's mask and output
			      (src/size/compute_dsa.c) */
	/* sparse attention's top-k leaves below layer 0's peaks, not the
	 * logits' (src/size/compute_dsa.c) */
	int64_t dsa = compute_dsa_leaves(m, nt, a, 0);
	if (dsa < 0 ||
	    (dsa > 0 && (__builtin_add_overflow(attn, dsa, &attn) ||
			 (ffn > 0 && __builtin_add_overflow(ffn, dsa, &ffn)))))
		return -1;
	t = logits > attn ? logits : attn;
	t = t > recr ? t : recr;
	*out = t > ffn ? t : ffn;
	return 0;
}

/* llama-kv-cache.cpp llama_kv_cache::llama_kv_cache: attn_rot_k when K is
 * block-quantized, every layer has the same K head size and it is a
 * multiple of 64; attn_rot_v likewise for V (never with the MLA latent,
 * which has no V).  Either way the matrices for n = 64, 128, ... up to
 * max(n_embd_head_k_all, n_embd_head_v_all) are made, each cache its own. */
static int64_t rot_bytes(const struct model *m, int64_t caches)
{
	/* one head size for every layer here (struct model has no per-layer
	 * head sizes) */
	int64_t hk =
	    is_mla(m) ? m->kv_lora_rank + m->qk_rope_head_dim : m->head_dim;
	int64_t hv = is_mla(m) ? 0 : m->head_dim_v;
	int rk = model_rot_k_n_at(m, hk) > 0;
	int rv = rot_v(m);
	if (!rk && !rv)
		return 0;
	int64_t top = hk > hv ? hk : hv, sum = 0;
	for (int64_t n = 64; n <= top; n *= 2)
		sum += n * n * 4;
	return sum * caches;
}

static int buffers_of(const struct model *m, const struct deploy *asked,
		      struct buffer_sizes *b)
{
	/* the graph llama.cpp reserves runs the flash attention it allows */
	struct deploy run = *asked, *d = &run;
	run.flash_attn = size_flash_attn(m, asked);
	struct kv_alloc a;
	*b = (struct buffer_sizes){0};
	b->n_batch = size_batch(d);
	b->n_ubatch = size_ubatch(d);
	/* llama-context.cpp output_reserve(n_seq_max): n_vocab F32 logits for
	 * max(n_outputs, n_seq_max) = n_seq_max outputs, no embeddings. */
	if (mul3(d->n_seq, m->vocab, 4, &b->output_bytes))
		return -1;
	b->output_mark = SIZE_EXACT;
	if (size_alloc(m, d, &a) < 0 ||
	    compute_bytes(m, d, b->n_ubatch, &a, &b->compute_bytes) < 0)
		return -1;
	b->rot_bytes = rot_bytes(m, a.windowed ? 2 : 1);
	/* Estimated, not modelled: a model without its embd and ff widths (an
	 * INI file without them: Q's width for n_embd, no FFN); MoE, the MLA
	 * latent and the hybrids' recurrent blocks, where ggml-alloc's holes
	 * move with the deployment (tests/engine.sh, worst: the replayed MoE
	 * graphs are modelled below; without their fields GLM-4.5-Air 4.2 %,
	 * DeepSeek-V2-Lite 12.4 %, Kimi K2 6.4 % (the MLA K·Q peak is
	 * compute_mla.c's, within 1.3 %; the logits' offset is not), Granite 4
	 * hybrid 10.1 %, Nemotron-H 5.7 %, Falcon-H1 3.8 %, LFM2 5.6 %,
	 * Qwen3-Next 9.4 % before their replays: the logits land above the last
	 * layer's rows, which the freed inputs' hole takes or not; LFM2 and
	 * Jamba replayed, src/graph/compute_hybrid_replay.c, Qwen3-Next and
	 * Qwen3.5, src/graph/compute_qwen3next.c, Granite-4.0-H, Nemotron-H and
	 * Falcon-H1, src/graph/compute_mamba2.c); and a quantized cache with
	 * flash attention where Q is narrower than n_embd (Mistral Small 3.1:
	 * the logits one row higher at some contexts, 3.5 %; replayed, exact,
	 * with n_embd and n_ff known: compute_dense_replay.c); with Q as wide,
	 * the rotation's peaks are modelled (the rot_v rule above,
	 * src/size/compute_rot.c). */
	/* DeepSeek-V3.2 and GLM-5 (sparse attention): replayed with the MoE
	 * graphs (src/graph/compute_dsa_replay.c, exact over tests/engine.sh's
	 * matrix, quantized caches too) when q_lora_rank and indexer_heads are
	 * known; without them src/size/compute_dsa.c's estimate, 7.0 % and
	 * 4.7 % (10.0 % with a rotated q4_0 cache), the first MoE layers' tail
	 * deciding at -c 1000. */
	int rot_fa = d->flash_attn &&
		     (is_quantized(m->k_type) || is_quantized(m->v_type));
	b->compute_mark = m->embd > 0 && m->ff > 0 && !m->experts &&
				  !is_mla(m) &&
				  (!rot_fa || compute_rot_checked(m)) &&
				  (graph_checked(m) || compute_dense_checked(m))
			      ? SIZE_MODELLED
			      : SIZE_ESTIMATED;
	if (compute_hybrid_modelled(m, rot_fa))
		b->compute_mark =
		    SIZE_MODELLED; /* a hybrid held to 2 %
				      (src/size/compute_hybrid.c) */
	/* a replayed graph: its row's mark (src/graph/compute_replay.c; the MoE
	 * graphs, Gemma 3n and 4 and the dense ones exact over engine.sh's
	 * matrix at f16, q8_0 and q4_0, rotations included) */
	const struct compute_replay *replay = compute_replay_of(m, &a);
	if (replay)
		b->compute_mark = compute_replay_modelled(replay, m, rot_fa)
				      ? SIZE_MODELLED
				      : SIZE_ESTIMATED;
	b->compute_graph = replay ? replay->what : NULL;
	b->compute_src = replay ? replay->file : "src/size/buffers.c";
	/* Say which widths were missing, so that --explain and the memory scene
	 * name them (an INI file without embd or ff: Q's width stands in for
	 * n_embd and layer 0's FFN peak is left out, above). */
	static const char *const missing[4] = {NULL, "embd", "ff", "embd, ff"};
	if (b->compute_mark == SIZE_ESTIMATED)
		b->compute_missing =
		    missing[(m->embd <= 0) | (m->ff <= 0) << 1];
	return 0;
}

/*
 * The answers kept: a replayed graph costs thousands of nodes, and the fit
 * search and the scenes ask the same model and deployment again (the fit
 * scene of Gemma 4 31B asks 567 times, 254 of them different, each cache
 * type its own model).  size_buffers depends on the model
 * and the deployment alone, so the whole of both is the key, compared
 * byte for byte (a copy of the model under another address is the same
 * model; one changed in place is another).
 */
#define BUFFERS_KEPT 128

struct buffers_kept {
	int used;
	struct model m;
	struct deploy d;
	struct buffer_sizes b;
};

static struct buffers_kept *buffers_kept;
static int buffers_next;

static void buffers_forget(void)
{
	free(buffers_kept);
	buffers_kept = NULL;
}

static int buffers_same(const struct buffers_kept *k, const struct model *m,
			const struct deploy *d)
{
	/* the deployment field by field: its padding is nobody's */
	const struct deploy *e = &k->d;
	return k->used && e->n_ctx == d->n_ctx && e->n_ubatch == d->n_ubatch &&
	       e->n_seq == d->n_seq && e->unified == d->unified &&
	       e->swa_full == d->swa_full && e->flash_attn == d->flash_attn &&
	       e->n_batch == d->n_batch && !memcmp(&k->m, m, sizeof *m);
}

int size_buffers(const struct model *m, const struct deploy *d,
		 struct buffer_sizes *b)
{
	if (d->n_ctx < 1 || d->n_ubatch < 1 || d->n_seq < 1)
		return -1;
	if (!buffers_kept &&
	    (buffers_kept = calloc(BUFFERS_KEPT, sizeof *buffers_kept)))
		atexit(buffers_forget);
	struct buffers_kept *k = NULL;
	for (int i = 0; buffers_kept && i < BUFFERS_KEPT && !k; i++)
		if (buffers_same(&buffers_kept[i], m, d))
			k = &buffers_kept[i];
	if (k) {
		*b = k->b;
	} else {
		if (buffers_of(m, d, b) < 0)
			return -1;
		if (buffers_kept) {
			k = &buffers_kept[buffers_next];
			buffers_next = (buffers_next + 1) % BUFFERS_KEPT;
			memcpy(&k->m, m, sizeof *m);
			k->d = *d;
			k->b = *b;
			k->used = 1;
		}
	}
	b->compute_bytes = FAULT_INT("size_buffers", b->compute_bytes);
	return 0;
}
