/*
 * buffers: what llama.cpp allocates beside the KV cache for a context (the
 * output buffer and the CPU compute buffer), and the contexts it refuses to
 * create.  The rules and their llama.cpp sources are named at each function.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/arch.h"
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
 * bytes and the holes between them).  Where best fit puts a tensor depends
 * on the holes the freed ones leave (the logits land 3 to 7.8 [n_embd]
 * rows a token above the bottom on gpt-oss-20b, depending on which freed
 * inputs the expert tensors fit in), so no formula of the graph's peaks
 * followed every family to 2 %: each graph is replayed tensor by tensor
 * through ggml-alloc's rules (src/graph/alloc_sim.c), its nodes in ggml's
 * order, read off ggml-alloc's own trace in the real engine
 * (tools/alloc-trace.sh).  src/graph/compute_replay.c's table says which
 * graph replays a model: a family's own (the dense Llama-like graphs, the
 * MoE ones with the MLA latent and sparse attention, the Mamba-2,
 * short-conv, Mamba-1 and gated-delta-net hybrids, Gemma 3n and 4: exact
 * over tests/engine.sh's buffers matrix), or for a family no file
 * describes the nearest described graph with its widths (Mamba-1's,
 * Mamba-2's, Qwen3-MoE's, at last Llama's, which takes any model): a
 * plain estimate, marked so.  Returns the row that replayed it, NULL when
 * none could.
 */
static const struct compute_replay *compute_bytes(const struct model *m,
						  const struct deploy *d,
						  int64_t ub,
						  const struct kv_alloc *a,
						  int64_t *out)
{
	/* Llama's dense graph, the table's last row, takes every model of
	 * 1 to MODEL_MAX_LAYERS layers (model_finish's bounds) */
	const struct compute_replay *replay = compute_replay_of(m, a);
	return replay && replay->bytes(m, d, ub, a, out) == 0 ? replay : NULL;
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
	const struct compute_replay *replay;
	if (size_alloc(m, d, &a) < 0 ||
	    !(replay = compute_bytes(m, d, b->n_ubatch, &a, &b->compute_bytes)))
		return -1;
	b->rot_bytes = rot_bytes(m, a.windowed ? 2 : 1);
	/* The replayed graph's row says its mark (src/graph/compute_replay.c:
	 * the described graphs exact over tests/engine.sh's matrix at f16,
	 * q8_0 and q4_0, rotations included, a few apart with a quantized
	 * cache and flash attention, rot_fa; the plain rows estimated) */
	int rot_fa = d->flash_attn &&
		     (is_quantized(m->k_type) || is_quantized(m->v_type));
	b->compute_mark = compute_replay_modelled(replay, m, rot_fa)
			      ? SIZE_MODELLED
			      : SIZE_ESTIMATED;
	b->compute_graph = replay->what;
	b->compute_src = replay->file;
	/* Say which widths were missing, so that --explain and the memory scene
	 * name them (an INI file without embd or ff: Llama's graph replayed
	 * with Q's width for n_embd and no FFN, compute_dense_replay.c). */
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
