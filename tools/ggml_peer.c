/*
 * ggml_peer.so: the real ggml's CPU flash attention (ggml_flash_attn_ext) as
 * --bench's peer, timed in the same run and on the same inputs as attnviz's
 * kernels.  Built by the Makefile only when tools/fetch-llama.sh has fetched
 * ggml (build/llama: node-llama-cpp's prebuilt libggml* and the headers of
 * the source they were built from); attnviz dlopen()s it at run time, so the
 * program builds, tests and runs without it.  No ggml code is copied here:
 * every step is a call into the fetched libraries.
 *
 * The tensors are views of attnviz's own buffers (a CPU buffer from a host
 * pointer, ggml_backend_dev_buffer_from_host_ptr), so ggml reads the very
 * bytes the kernels read: attnviz's q8_0 and q4_0 blocks are ggml's layout
 * (kern/quant.h), f16 is IEEE half.  Shapes follow ggml.h's comment above
 * ggml_flash_attn_ext: q [d, nq, heads], k and v [d, nkv, heads] (V not
 * transposed), mask f16 [nkv, nq], result [d, heads, nq] (permuted), which
 * attnviz_ggml_peer_output puts back into attnviz's [heads][nq][d].
 *
 * ABI (attnviz's src/kern/ggml_peer.c loads these by name; ATTNVIZ_GGML_PEER_ABI
 * says which version):
 *   open(err)            load ggml's CPU backend; NULL with a reason
 *   name(p)              the device ggml chose ("CPU: <cpu name>")
 *   prepare(p, a, err)   build the graph for one case; 0, or -1 with a reason
 *   run(p)               compute it once (the timed call); 0 or -1
 *   output(p, o)         the last result as [heads][nq][d]
 *   release(p), close(p)
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ggml.h"
#include "ggml-backend.h"

#include "kern/fastattn.h"

#ifndef PEER_LIBDIR
#error "PEER_LIBDIR names the directory of the fetched libggml* (the Makefile sets it)"
#endif

#define ATTNVIZ_GGML_PEER_ABI 1

struct peer {
	ggml_backend_dev_t dev;
	ggml_backend_t backend;
	ggml_backend_set_n_threads_t set_threads;
	/* One case: */
	struct ggml_context *ctx;
	struct ggml_cgraph *graph;
	ggml_backend_buffer_t buf[5];   /* q, k, v, mask, out: views of host memory */
	int nbuf;
	uint16_t *mask;                 /* [nq][nkv] f16, causal prefill only */
	float *out;                     /* [nq][heads][d] ggml's permuted result */
	int heads, nq, d;
};

int attnviz_ggml_peer_abi(void)
{
	return ATTNVIZ_GGML_PEER_ABI;
}

/* ggml logs to stderr by default; --bench's output is its own. */
static void quiet(enum ggml_log_level level, const char *text, void *user)
{
	(void)level, (void)text, (void)user;
}

void *attnviz_ggml_peer_open(char *err, size_t errlen)
{
	ggml_log_set(quiet, NULL);
	/* The CPU backends are separate libraries picked by the CPU's features
	 * (libggml-cpu-haswell.so, ...): ggml loads the best one itself. */
	ggml_backend_load_all_from_path(PEER_LIBDIR);
	ggml_backend_dev_t dev = ggml_backend_dev_by_type(GGML_BACKEND_DEVICE_TYPE_CPU);
	if (!dev) {
		snprintf(err, errlen, "ggml found no CPU backend in %s", PEER_LIBDIR);
		return NULL;
	}
	struct peer *p = calloc(1, sizeof *p);
	if (!p) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	p->dev = dev;
	p->backend = ggml_backend_dev_init(dev, NULL);
	ggml_backend_reg_t reg = ggml_backend_dev_backend_reg(dev);
	/* An object pointer to a function pointer: POSIX's dlsym rule, done
	 * through memcpy as ISO C has no such cast. */
	void *sym = ggml_backend_reg_get_proc_address(reg, "ggml_backend_set_n_threads");
	memcpy(&p->set_threads, &sym, sizeof sym);
	if (!p->backend || !p->set_threads) {
		snprintf(err, errlen, "ggml's CPU backend did not start");
		if (p->backend)
			ggml_backend_free(p->backend);
		free(p);
		return NULL;
	}
	return p;
}

const char *attnviz_ggml_peer_name(void *vp)
{
	struct peer *p = vp;
	return ggml_backend_dev_description(p->dev);
}

void attnviz_ggml_peer_release(void *vp)
{
	struct peer *p = vp;
	for (int i = 0; i < p->nbuf; i++)
		ggml_backend_buffer_free(p->buf[i]);
	p->nbuf = 0;
	if (p->ctx)
		ggml_free(p->ctx);
	p->ctx = NULL;
	p->graph = NULL;
	free(p->mask), free(p->out);
	p->mask = NULL, p->out = NULL;
}

/* Place tensor t at host memory ptr (bytes of it), as a buffer of the CPU device. */
static int place(struct peer *p, struct ggml_tensor *t, void *ptr)
{
	size_t bytes = ggml_nbytes(t);
	if ((uintptr_t)ptr % 32 != 0)
		return -1;   /* ggml's TENSOR_ALIGNMENT: it would abort */
	ggml_backend_buffer_t b = ggml_backend_dev_buffer_from_host_ptr(p->dev, ptr, bytes, bytes);
	if (!b)
		return -1;
	p->buf[p->nbuf++] = b;
	return ggml_backend_tensor_alloc(b, t, ptr) == GGML_STATUS_SUCCESS ? 0 : -1;
}

int attnviz_ggml_peer_prepare(void *vp, const struct fastattn_args *a, char *err, size_t errlen)
{
	struct peer *p = vp;
	static const enum ggml_type types[] = {
		[FASTATTN_F32] = GGML_TYPE_F32, [FASTATTN_F16] = GGML_TYPE_F16,
		[FASTATTN_Q8_0] = GGML_TYPE_Q8_0, [FASTATTN_Q4_0] = GGML_TYPE_Q4_0,
	};
	attnviz_ggml_peer_release(p);
	if (a->kv < FASTATTN_F32 || a->kv > FASTATTN_Q4_0) {
		snprintf(err, errlen, "no ggml type for kv %d", a->kv);
		return -1;
	}
	struct ggml_init_params ip = {.mem_size = 16 * ggml_tensor_overhead() + ggml_graph_overhead(), .no_alloc = true};
	p->ctx = ggml_init(ip);
	if (!p->ctx) {
		snprintf(err, errlen, "ggml_init failed");
		return -1;
	}
	enum ggml_type kt = types[a->kv];
	struct ggml_tensor *q = ggml_new_tensor_3d(p->ctx, GGML_TYPE_F32, a->d, a->nq, a->heads);
	struct ggml_tensor *k = ggml_new_tensor_3d(p->ctx, kt, a->d, a->nkv, a->heads);
	struct ggml_tensor *v = ggml_new_tensor_3d(p->ctx, kt, a->d, a->nkv, a->heads);
	struct ggml_tensor *m = NULL;
	/* Decode's one query sees every key: no mask, as llama.cpp's causal
	 * mask of the last row is all zeros. */
	int causal = a->causal && a->nq > 1;
	if (causal) {
		m = ggml_new_tensor_2d(p->ctx, GGML_TYPE_F16, a->nkv, a->nq);
		p->mask = aligned_alloc(64, ((size_t)a->nq * a->nkv * sizeof(uint16_t) + 63) / 64 * 64);
		if (!p->mask) {
			snprintf(err, errlen, "out of memory for the mask");
			attnviz_ggml_peer_release(p);
			return -1;
		}
		/* Query i sits at position nkv - nq + i and sees keys up to it. */
		uint16_t zero = ggml_fp32_to_fp16(0.0f), minf = ggml_fp32_to_fp16(-INFINITY);
		for (int i = 0; i < a->nq; i++)
			for (int j = 0; j < a->nkv; j++)
				p->mask[(size_t)i * a->nkv + j] = j <= a->nkv - a->nq + i ? zero : minf;
	}
	struct ggml_tensor *o = ggml_flash_attn_ext(p->ctx, q, k, v, m, 1.0f / sqrtf((float)a->d), 0.0f, 0.0f);
	p->out = aligned_alloc(64, ((size_t)a->nq * a->heads * a->d * sizeof(float) + 63) / 64 * 64);
	p->heads = a->heads, p->nq = a->nq, p->d = a->d;
	if (!p->out || place(p, q, (void *)a->q) < 0 || place(p, k, (void *)a->k) < 0 || place(p, v, (void *)a->v) < 0 ||
	    (m && place(p, m, p->mask) < 0) || place(p, o, p->out) < 0) {
		snprintf(err, errlen, "ggml refused the inputs as host buffers (32-byte aligned?)");
		attnviz_ggml_peer_release(p);
		return -1;
	}
	p->graph = ggml_new_graph(p->ctx);
	ggml_build_forward_expand(p->graph, o);
	p->set_threads(p->backend, a->threads);
	return 0;
}

int attnviz_ggml_peer_run(void *vp)
{
	struct peer *p = vp;
	return p->graph && ggml_backend_graph_compute(p->backend, p->graph) == GGML_STATUS_SUCCESS ? 0 : -1;
}

/* ggml's [nq][heads][d] back into [heads][nq][d]. */
void attnviz_ggml_peer_output(void *vp, float *o)
{
	struct peer *p = vp;
	for (int h = 0; h < p->heads; h++)
		for (int i = 0; i < p->nq; i++)
			memcpy(o + ((size_t)h * p->nq + i) * p->d, p->out + ((size_t)i * p->heads + h) * p->d,
			       sizeof(float) * (size_t)p->d);
}

void attnviz_ggml_peer_close(void *vp)
{
	struct peer *p = vp;
	if (!p)
		return;
	attnviz_ggml_peer_release(p);
	ggml_backend_free(p->backend);
	free(p);
}
