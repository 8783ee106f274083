/*
 * compute_mla: the attention peak of the compute buffer for a model that
 * caches the MLA latent (DeepSeek-V2/V3, Kimi K2: llama.cpp's deepseek2
 * graph with the absorbed wkv_b), one of the peaks buffers.c's
 * compute_bytes() takes the largest of.
 *
 * The graph (src/models/deepseek2.cpp, llama-graph.cpp build_attn and
 * build_attn_mha) computes layer 0's attention from these tensors, F32, in
 * this order, each n_tokens rows (n_head = H, latent R = kv_lora_rank,
 * rope = qk_rope_head_dim, nope = qk_nope_head_dim):
 *
 *   attn_norm   [n_embd]                the norm (in place)
 *   q           [H (nope + rope)]       wq (or wq_b · q_norm · wq_a)
 *   q_nope_absorbed [H R]               wk_b · q_nope
 *   q_pe        [H rope]                RoPE of q's rope part
 *   Qcur        [H (R + rope)]          concat(q_nope_absorbed, q_pe)
 *
 * q, q_nope_absorbed and q_pe are live together, so Qcur cannot reuse
 * their room and lands above them; once they are freed they leave a hole
 * of n_embd + H (nope + rope) + H R + H rope floats a token between embd
 * and Qcur (read off ggml-alloc's placements in the real engine,
 * tools/alloc-trace.sh, DeepSeek-V2-Lite and Kimi K2).  Without flash
 * attention build_attn_mha then makes v contiguous, v_cont = the latent's
 * first R elements of every cell of every stream in the cache's type,
 * then kq = ggml_mul_mat(k, q), F32 [n_kv, n_tokens, H] (the softmax runs
 * in place).  ggml_dyn_tallocr_alloc's best fit puts v_cont in the hole
 * when it fits there, else on top; kq likewise in what is left of the
 * hole, else on top: the buffer is then the top of kq.  With flash
 * attention there is no kq; the attention output [H R] goes into the
 * hole, and Qcur's top is the peak of the attention.
 *
 * The layers after a MoE FFN put their residual higher (where the expert
 * tensors left it) and their Qcur and kq with it: measured 0.2-0.4 % of
 * kq above layer 0's (V2-Lite, Kimi K2).  q_lora_rank (Kimi K2's wq_a
 * output, also in the hole) is not a field of struct model: 1536 floats a
 * token, under 0.3 % of Kimi K2's buffer.  Both are left out.
 *
 * The graph inputs below embd (buffers.c's comment): inp_tokens,
 * inp_embd [n_embd], inp_pos, k_idxs (I64), the KQ mask [n_kv] (F32, F16
 * with flash attention) and out_ids; no v_idxs (V is a view of K).
 */
#include "size/compute_mla.h"
#include "size/size.h"

int64_t compute_mla_attn(const struct model *m, const struct deploy *d,
			 int64_t nt, const struct kv_alloc *a)
{
	int64_t E = m->embd > 0 ? m->embd : m->heads * m->head_dim,
		H = m->heads, R = m->kv_lora_rank, rope = m->qk_rope_head_dim;
	int64_t nope = m->qk_nope_head_dim, n_kv = a->full_cells;
	int fa = d->flash_attn;
	/* bytes a token: inputs (inp_tokens, inp_embd, inp_pos, k_idxs, mask,
	 * out_ids) and embd */
	int64_t inputs = 4 * (E + 1 + 1 + 1) + 8 + n_kv * (fa ? 2 : 4) + 4 * E;
	int64_t hole_tok = 4 * (E + H * (nope + rope) + H * R + H * rope);
	int64_t qcur_tok = 4 * H * (R + rope);
	int64_t base, hole, top, vcont, kq;
	if (__builtin_mul_overflow(inputs + hole_tok + qcur_tok, nt, &top) ||
	    __builtin_mul_overflow(hole_tok, nt, &hole))
		return -1;
	base = top;
	if (fa)
		return base;
	/* v_cont: R elements a cell, every cell of every stream, the cache's
	 * type */
	int64_t cells = n_kv * a->streams;
	if (__builtin_mul_overflow(model_cache_bytes(m->k_type, R), cells,
				   &vcont) ||
	    __builtin_mul_overflow(4 * H * n_kv, nt, &kq))
		return -1;
	if (vcont <= hole)
		hole -= vcont;
	else
		top += vcont;
	if (kq > hole && __builtin_add_overflow(top, kq, &top))
		return -1;
	return top;
}
