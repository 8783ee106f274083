/*
 * buffers: what llama.cpp allocates beside the KV cache for a context (the
 * output buffer and the CPU compute buffer), and the contexts it refuses to
 * create.  The rules and their llama.cpp sources are named at each function.
 */
#include <stdio.h>

#include "model/size.h"
#include "util/fault.h"

/* llama-context.cpp llama_context::llama_context: with causal attention
 * n_batch = min(n_ctx, n_batch) (n_ctx as asked: the padding to 256 comes
 * after), then n_ubatch = min(n_batch, n_ubatch). */
static int64_t cap_batch(const struct deploy *d)
{
	int64_t b = d->n_batch > 0 ? d->n_batch : 2048;
	return b < d->n_ctx ? b : d->n_ctx;
}

int64_t size_ubatch(const struct deploy *d)
{
	int64_t b = cap_batch(d);
	return d->n_ubatch < b ? d->n_ubatch : b;
}

static int is_quantized(enum cache_type t)
{
	return t >= CACHE_Q8_0;
}

/* llama-hparams.cpp is_mla(): the GGUF gave key_length_mla and value_length_mla,
 * which is when llama.cpp caches the latent. */
static int is_mla(const struct model *m)
{
	return m->kind == ATTN_MLA && m->mla_latent_cache;
}

int size_refuse(const struct model *m, const struct deploy *d, char *why, size_t len)
{
	/* llama-context.cpp llama_init_from_model, in its order. */
	if (is_mla(m) && m->k_type != m->v_type) {
		snprintf(why, len, "llama_init_from_model: model does not support different K (%s) and V (%s) cache types",
			 model_cache_name(m->k_type), model_cache_name(m->v_type));
		return 1;
	}
	if (is_quantized(m->v_type) && !d->flash_attn) {
		snprintf(why, len, "llama_init_from_model: quantized V cache requires flash_attn to be enabled");
		return 1;
	}
	if (d->flash_attn) {
		char b[256];
		int which = model_cache_blocks_ok(m, b, sizeof b);
		if (which) {
			snprintf(why, len, "llama_init_from_model: %s", b);
			return 1;
		}
	}
	return 0;
}

static int mul3(int64_t a, int64_t b, int64_t c, int64_t *r)
{
	return __builtin_mul_overflow(a, b, r) || __builtin_mul_overflow(*r, c, r);
}

int size_buffers(const struct model *m, const struct deploy *d, struct buffer_sizes *b)
{
	struct kv_alloc a;
	if (d->n_ctx < 1 || d->n_ubatch < 1 || d->n_seq < 1)
		return -1;
	*b = (struct buffer_sizes){0};
	b->n_batch = cap_batch(d);
	b->n_ubatch = size_ubatch(d);
	/* llama-context.cpp output_reserve(n_seq_max): n_vocab F32 logits for
	 * max(n_outputs, n_seq_max) = n_seq_max outputs, no embeddings. */
	if (mul3(d->n_seq, m->vocab, 4, &b->output_bytes))
		return -1;
	b->output_mark = SIZE_EXACT;
	/* sched_reserve: n_tokens = min(n_ctx, n_ubatch) tokens, all of them
	 * outputs, against every cell of the cache (n_kv = the stream's cells). */
	int64_t n_kv, logits, scores = 0;
	if (size_alloc(m, d, &a) < 0)
		return -1;
	n_kv = a.full_cells;
	if (mul3(b->n_ubatch, m->vocab, 4, &logits))
		return -1;
	if (!d->flash_attn && mul3(b->n_ubatch, n_kv, m->heads * 4, &scores))
		return -1;
	/* First model: the largest of the two tensors that decide the size. */
	b->compute_bytes = FAULT_INT("size_buffers", scores > logits ? scores : logits);
	b->compute_mark = SIZE_MODELLED;
	return 0;
}
