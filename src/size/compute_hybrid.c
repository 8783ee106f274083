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
 * FFN, the Mamba-1 block) are buffers.c's, and within 0.001 % there
 * (tests/engine.sh).
 */
#include <string.h>

#include "size/compute_dense.h"
#include "model/family.h"
#include "size/compute_hybrid.h"

/*
 * The logits of a hybrid land above its last layer's [n_embd] rows, and
 * those rows fall in the hole the graph inputs leave when they are freed
 * after the last attention layer (the masks, k_idxs, v_idxs, inp_pos,
 * out_ids, rs_s_copy: hole bytes a token) or above it, by ggml-alloc's
 * best fit (ggml-alloc.c ggml_dyn_tallocr_alloc):
 *   hole < one row: above it, one [n_embd] row and the hole higher than
 *     buffers.c's logits (every family here);
 *   one row <= hole < two: `mid_hole` the hole higher;
 *   two rows or more: `big_rows` [n_embd] rows higher.
 * Read off the traces at -c 1000 and 32768, -np 1/3/4, -fa on/off.
 */
/* A family of the logits table: not Jamba's rows, and no experts (the
 * MoE variants' peaks are compute_moe's). */
static const struct family_hybrid_logits *family_of(const struct model *m)
{
	const struct family_hybrid_logits *f = FAMILY_PART(m, hybrid_logits);
	return f && !f->mamba1 && m->experts == 0 ? f : NULL;
}

/* ggml-alloc's alignment of a tensor's room on the CPU buffer
 * (ggml-backend.cpp ggml_backend_cpu_buffer_type_get_alignment:
 * TENSOR_ALIGNMENT). */
#define CPU_ALIGN 32

static int64_t align_up(int64_t n)
{
	return (n + CPU_ALIGN - 1) / CPU_ALIGN * CPU_ALIGN;
}

/* Jamba: Mamba-1 blocks between attention layers, the table's mamba1 flag. */
static int is_jamba(const struct model *m)
{
	const struct family_hybrid_logits *f = FAMILY_PART(m, hybrid_logits);
	return f && f->mamba1;
}

int compute_hybrid_family(const struct model *m, int *mid_hole, int *big_rows)
{
	const struct family_hybrid_logits *f = family_of(m);
	*mid_hole = f ? f->mid_hole : 0;
	*big_rows = f ? f->big_rows : 0;
	return f != NULL;
}

int64_t compute_hybrid_attn_width(const struct model *m, int64_t E)
{
	const struct family_hybrid_logits *f = family_of(m);
	if (f)
		return f->attn_rows ? f->attn_rows * E
				    : 3 * E + 3 * m->heads * m->head_dim;
	if (is_jamba(m))
		return (FAMILY_PART(m, hybrid_logits)->attn_rows +
			(model_rot_k_n(m) > 0)) *
		       E; /* + the rotated Q */
	return 5 *
	       E; /* buffers.c's: residual, norm, Q, attention input, output */
}

int64_t compute_hybrid_logits(const struct model *m, int64_t E, int64_t hole)
{
	const struct family_hybrid_logits *f = family_of(m);
	if (!f)
		return 0;
	if (hole < 4 * E)
		return 4 * E + hole;
	return hole < 8 * E ? f->mid_hole * hole : f->big_rows * 4 * E;
}

int compute_hybrid_attn(const struct model *m, const struct deploy *d,
			const struct hybrid_attn_in *in, int64_t *per_token,
			int64_t *fixed)
{
	const struct family_hybrid_logits *f = family_of(m);
	if (f && !in->fa) {
		/* the rows, the idxs (inp_tokens, k_idxs, v_idxs) and inp_pos,
		 * out_ids */
		int64_t rows = compute_hybrid_attn_width(m, in->E);
		*per_token = 4 * in->kv_max * m->heads + in->masks +
			     4 * (rows + in->idx + 2);
		*fixed = 0;
		return 1;
	}
	if (!is_jamba(m))
		return 0;
	if (in->fa) {
		*per_token = *fixed =
		    0; /* no K·Q tensor with flash attention */
		return 1;
	}
	int64_t nrot = model_rot_k_n(m);
	/* kq F32 [n_kv, n_tokens, n_head]; the masks; the [n_embd] rows
	 * (residual, norm's slot, Qcur (+ rotated Q) and inp_embd); inp_tokens,
	 * the idxs and out_ids (idx counts inp_tokens, k_idxs and v_idxs) */
	*per_token = 4 * in->kv_max * m->heads + in->masks +
		     4 * (compute_hybrid_attn_width(m, in->E) + in->idx + 1);
	/* rs_s_copy: one I32 a sequence (llama-graph.cpp build_rs_inp), and the
	 * rotation matrix */
	*fixed = align_up(4 * d->n_seq) + 4 * nrot * nrot;
	return 1;
}

int compute_hybrid_modelled(const struct model *m, int rot_fa)
{
	/* Jamba-v0.1 over tests/engine.sh's buffers matrix: worst 0.000 % (the
	 * last run); Qwen3.5 27B 1.91 %. */
	const struct family_hybrid_logits *f =
	    is_jamba(m) ? FAMILY_PART(m, hybrid_logits)
			: family_of(m); /* Jamba's row, whatever its experts */
	/* A quantized cache with flash attention moves Qwen3.5's logits (its
	 * V's un-rotation: 587.54 MiB against 525.00 at -c 84224 q4_0, the
	 * --fit check of tests/engine.sh), and Jamba's (251,752,480 B in the
	 * engine at -c 16384 q4_0, 13 % above the peaks here): estimated. */
	return f && f->modelled && !rot_fa && m->embd > 0 && m->ff > 0;
}
