/*
 * compute_hybrid: the hybrid families' compute-buffer peaks (see
 * compute_hybrid.h).  Each rule was read off ggml-alloc's placements in the
 * real engine (node-llama-cpp 3.22.1's llama.cpp, tools/alloc-trace.sh) on
 * tests/engine.sh's GGUFs, and is named with the llama.cpp source that
 * makes the tensors.
 *
 * Jamba (src/models/jamba.cpp, llama_model_jamba::graph): its attention
 * layers apply no RoPE, so build_qkv's Kcur and Vcur are copied into the
 * cache and freed before kq = ggml_mul_mat(k, q) (llama-graph.cpp
 * build_attn_mha) is placed.  Live below kq then: the graph inputs
 * (inp_tokens, inp_embd [n_embd], rs_s_copy, k_idxs, v_idxs, the mask,
 * out_ids; no inp_pos), the residual [n_embd], the attention norm's freed
 * slot [n_embd] and Qcur [n_embd]: four [n_embd] rows a token where the
 * llama graph has five.  A block-quantized K (attn_rot_k, llama-graph.cpp
 * build_attn: q_cur = llama_mul_mat_hadamard(q_cur, self_k_rot)) adds the
 * rotated Q above Qcur's freed room, one more row, and the rotation
 * matrix attn_inp_k_rot [nrot, nrot] F32 (llama-kv-cache.cpp
 * build_input_k_rot: nrot the largest power of two from 64 up dividing the
 * K head size).  Every byte of Jamba-v0.1's graph at -c 32768 -fa off and
 * -c 4096 -ctk q8_0 -fa off agreed.  Its other peaks (logits, layer 0's
 * FFN, the Mamba-1 block) are buffers.c's, and held to 0.04 % there.
 */
#include "model/compute_hybrid.h"

/* ggml-alloc's alignment of a tensor's room on the CPU buffer
 * (ggml-backend.cpp ggml_backend_cpu_buffer_type_get_alignment: TENSOR_ALIGNMENT). */
#define CPU_ALIGN 32

static int64_t align_up(int64_t n)
{
	return (n + CPU_ALIGN - 1) / CPU_ALIGN * CPU_ALIGN;
}

/* Jamba: Mamba-1 blocks between attention layers (buffers.c's size_mamba1_inner). */
static int is_jamba(const struct model *m)
{
	return size_mamba1_inner(m) > 0;
}

/* llama-kv-cache.cpp build_input_k_rot: nrot doubles from 64 while it
 * divides the K head size; 0 when K is not rotated (attn_rot_k needs a
 * block-quantized K and a head size that is a multiple of 64). */
int64_t compute_hybrid_k_rot(const struct model *m)
{
	int64_t n = 64;
	if (m->k_type < CACHE_Q8_0 || m->head_dim <= 0 || m->head_dim % 64 != 0)
		return 0;
	while (m->head_dim % (2 * n) == 0)
		n *= 2;
	return n;
}

int compute_hybrid_attn(const struct model *m, const struct deploy *d, const struct hybrid_attn_in *in,
			int64_t *per_token, int64_t *fixed)
{
	if (!is_jamba(m))
		return 0;
	if (in->fa) {
		*per_token = *fixed = 0;   /* no K·Q tensor with flash attention */
		return 1;
	}
	int64_t nrot = compute_hybrid_k_rot(m);
	int64_t rows = nrot > 0 ? 5 : 4;   /* [n_embd] rows: residual, norm's slot, Qcur (+ rotated Q) and inp_embd */
	/* kq F32 [n_kv, n_tokens, n_head]; the masks; the rows; inp_tokens,
	 * the idxs and out_ids (idx counts inp_tokens, k_idxs and v_idxs) */
	*per_token = 4 * in->kv_max * m->heads + in->masks + 4 * (rows * in->E + in->idx + 1);
	/* rs_s_copy: one I32 a sequence (llama-graph.cpp build_rs_inp), and the rotation matrix */
	*fixed = align_up(4 * d->n_seq) + 4 * nrot * nrot;
	return 1;
}

int compute_hybrid_modelled(const struct model *m)
{
	/* Jamba-v0.1 over tests/engine.sh's buffers matrix: worst 0.04 %. */
	return is_jamba(m) && m->embd > 0 && m->ff > 0;
}
