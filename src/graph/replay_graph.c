/*
 * replay_graph: the shared pieces of the replayed reserve graphs.  Each
 * node's order (ggml's depth-first build order, not the source's), size
 * and in-place reuse was checked against ggml-alloc's own trace
 * (tools/alloc-trace.sh on tests/engine.sh's GGUFs).
 */
#include "graph/replay_graph.h"

#include <stdlib.h>
#include <string.h>

#define N(bytes, ...) REPLAY_NODE(s, (bytes), __VA_ARGS__)

struct replay_in replay_in_of(const struct model *m, const struct deploy *d,
			      const struct kv_alloc *a, int64_t ub,
			      const void *row)
{
	/* llama-context.cpp graph_reserve: n_tokens a multiple of n_seq, every
	 * token an output */
	int64_t nt = (ub + d->n_seq - 1) / d->n_seq * d->n_seq;
	return (struct replay_in){m, d, a, nt, ub, row};
}

/* One simulator for the process's replays, grown to the largest graph. */
static struct alloc_sim *kept;

static void kept_free(void)
{
	alloc_sim_free(kept);
	kept = NULL;
}

int replay_run(int max_nodes, replay_build_fn *build,
	       const struct replay_in *in, int64_t *out)
{
	if (!kept && (kept = alloc_sim_new(max_nodes, REPLAY_CPU_ALIGN)))
		atexit(kept_free);
	if (!kept || alloc_sim_reset(kept, max_nodes) < 0)
		return -1;
	int64_t r = build(kept, in) < 0 ? -1 : alloc_sim_run(kept);
	if (r < 0)
		return -1;
	*out = r;
	return 0;
}

void replay_attn_in_init(struct replay_attn_in *ra, const struct model *m)
{
	memset(ra, 0xff, sizeof *ra); /* every id -1 */
	ra->nk = model_rot_k_n(m);
	ra->nv = model_rot_v_n(m);
}

int replay_layer_sliding(const struct model *m, const struct kv_alloc *a,
			 int64_t il)
{
	/* a file without a pattern whose loader's default makes every layer
	 * sliding (tests/archs' NAME-nopattern files) */
	return a->windowed && (m->layer_swa[il] || a->global_layers == 0);
}

void replay_cache_inputs(struct alloc_sim *s, const struct model *m, int fa,
			 int64_t nt, int64_t cells, int no_v,
			 struct replay_attn_in *ra, int c)
{
	int64_t V = m->kv_heads * m->head_dim_v;
	/* each cache's attn_inp_k_rot / attn_inp_v_rot [n, n] F32
	 * (llama-graph.cpp build_attn: first read by the hadamard of Q, then
	 * of V, before the cache's idxs) */
	replay_k_rot(s, ra->nk,
		     &ra->krot[c]); /* unless replay_pos_input placed it */
	if (ra->nv)
		ra->vrot[c] = alloc_sim_input(s, 4 * ra->nv * ra->nv);
	/* llama_kv_cache::build_input_k_idxs / build_input_v_idxs (V
	 * transposed without flash attention: an index per element) and
	 * llm_graph_input_attn_kv: the mask F16 with flash attention */
	ra->kidx[c] = alloc_sim_input(s, 8 * nt);
	if (!no_v)
		ra->vidx[c] = alloc_sim_input(s, fa ? 8 * nt : 8 * nt * V);
	ra->mask[c] = alloc_sim_input(s, cells * nt * (fa ? 2 : 4));
}

void replay_k_rot(struct alloc_sim *s, int64_t nk, int *krot)
{
	if (nk && *krot < 0)
		*krot = alloc_sim_input(s, 4 * nk * nk);
}

int replay_pos_input(struct alloc_sim *s, int64_t nk, int *krot, int64_t bytes)
{
	/* build_attn's Q rotation, ggml_mul_mat(rot, q) (llama-impl.h
	 * llama_mul_mat_hadamard), lists the matrix as its src0, ahead of Q's
	 * chain down to RoPE's inp_pos; ggml_visit_parents walks sources in
	 * order, and ggml_gallocr_alloc_graph_impl places the leaves in the
	 * order that walk meets them */
	replay_k_rot(s, nk, krot);
	return alloc_sim_input(s, bytes);
}

int replay_attn(struct alloc_sim *s, const struct model *m, int fa,
		const struct replay_attn_in *ra, int c, int64_t cells,
		int64_t nt, int norm, int rope, unsigned flags)
{
	int64_t Q = m->heads * m->head_dim, O = m->heads * m->head_dim_v;
	int64_t K = m->kv_heads * m->head_dim, V = m->kv_heads * m->head_dim_v;
	int nope = (flags & RA_NOPE) != 0;
	/* build_qkv, then ggml_rope_ext (or Llama 4's NoPE scale) on a
	 * reshaped view: a new tensor; the q/k norms in place */
	int qm = N(4 * Q * nt * ((flags & RA_GATED_Q) ? 2 : 1), norm), q, k, km,
	    vm = -1;
	if (flags & RA_QK_NORM) {
		int qn = N(4 * Q * nt, qm);
		q = N(ALLOC_SIM_INPLACE, qn, rope);
	} else if (flags & RA_NO_ROPE)
		q = qm;
	else
		q = N(4 * Q * nt, qm, rope);
	/* build_attn: llama_mul_mat_hadamard (llama-impl.h) of Q, K and V by
	 * the cache's rotations, a new F32 tensor at the end of each chain
	 * (the graph expands Q's, V's and K's chains in turn) */
	if (ra->nk)
		q = N(4 * Q * nt, q, ra->krot[c]);
	if (flags & RA_Q_ONLY)
		goto attend; /* the cache another layer wrote (gemma3n.cpp:
				!hparams.has_kv(il)) */
	if (flags & RA_V_FIRST)
		vm = N(4 * V * nt, norm);
	if ((flags & RA_V_FIRST) && ra->nv)
		vm = N(4 * V * nt, vm, ra->vrot[c]);
	km = N(4 * K * nt, norm);
	if (flags & RA_QK_NORM) {
		int kn = N(4 * K * nt, km);
		k = N(ALLOC_SIM_INPLACE, kn, rope);
	} else
		k = nope || (flags & RA_NO_ROPE) ? km : N(4 * K * nt, km, rope);
	if (ra->nk)
		k = N(4 * K * nt, k, ra->krot[c]);
	if (!(flags & RA_V_FIRST))
		vm = N(4 * V * nt, norm);
	if (flags & RA_V_NORM)
		vm = N(4 * V * nt, vm);
	if (!(flags & RA_V_FIRST) && ra->nv)
		vm = N(4 * V * nt, vm, ra->vrot[c]);
	/* llama_kv_cache::cpy_k / cpy_v: ggml_set_rows into the cache */
	N(ALLOC_SIM_NOALLOC, k, ra->kidx[c]);
	N(ALLOC_SIM_NOALLOC, vm, ra->vidx[c]);
attend:;
	int att;
	if (fa) {
		/* build_attn_mha: ggml_flash_attn_ext [head_dim_v, n_head, nt]
		 */
		att = N(4 * O * nt, q, ra->mask[c]);
	} else {
		/* kq = ggml_mul_mat(k, q) F32 [n_kv, nt, n_head]; the soft_max
		 * (mask, sinks) in place; kqv; its ggml_cont */
		int kq = N(4 * cells * nt * m->heads, q);
		int sm = N(ALLOC_SIM_INPLACE, kq, ra->mask[c]);
		int kqv = N(4 * O * nt, sm);
		att = N(4 * O * nt, kqv);
	}
	if (ra->nv && !(flags & RA_NO_UNROT))
		att = N(4 * O * nt, att,
			ra->vrot[c]); /* build_attn: V's un-rotation */
	if (flags & RA_GATED_Q) {
		/* qwen3next.cpp / qwen35.cpp build_layer_attn: the gate's view
		 * of Qcur_full made contiguous after the attention (its sigmoid
		 * in place), times the output: in place on the gate where the
		 * output is a view (flash attention's, the un-rotation's
		 * reshaped), else on the output (kqv's ggml_cont) */
		int g = N(4 * Q * nt, qm);
		att = fa || ra->nv ? N(ALLOC_SIM_INPLACE, g, att)
				   : N(ALLOC_SIM_INPLACE, att, g);
	}
	return att;
}

int replay_ffn(struct alloc_sim *s, int64_t ff, int64_t embd, int64_t n, int pn)
{
	int fg = N(4 * ff * n, pn), fu = N(4 * ff * n, pn);
	int fs = N(4 * ff * n, fg, fu);
	return N(4 * embd * n, fs);
}

int replay_moe_ffn(struct alloc_sim *s, const struct model *m,
		   enum replay_gating gating, unsigned flags, int64_t n, int pn)
{
	int64_t E = m->embd, F = m->ff, X = m->experts, U = m->experts_used;
	/* the router logits (+ gpt-oss's bias in place), the probs, the
	 * argsort whose top-k view selects the experts, their weights
	 * (get_rows of the probs) */
	int rin = pn; /* the router's input */
	if (flags & RM_ROUTER_NORM)
		rin = N(4 * E * n, pn); /* its RMS norm (the scale and
					   ffn_gate_inp_s in place) */
	int lg = N(4 * X * n, rin), pr = lg, as, w;
	if (gating == GATE_SIGMOID_ON_LOGITS) {
		pr = N(4 * X * n, lg);
		as = N(4 * X * n, lg);
	} else if (gating == GATE_SIGMOID_BIASED) {
		pr = N(ALLOC_SIM_INPLACE, lg);
		int biased = N(4 * X * n, pr);
		as = N(4 * X * n, biased);
	} else {
		if (gating == GATE_SOFTMAX)
			pr = N(ALLOC_SIM_INPLACE, lg);
		as = N(4 * X * n, pr);
	}
	w = N(4 * U * n, pr, as);
	if (gating == GATE_SOFTMAX_WEIGHT)
		w = N(4 * U * n, w); /* soft_max of the selected weights */
	if (flags & RM_NORM_W) {
		/* sum_rows [1, n] (the clamp in place), then the div */
		int sum = N(4 * n, w);
		w = N(4 * U * n, w, sum);
	}
	int x = pn; /* the experts' input */
	if (flags & RM_ROUTER_NORM)
		x = N(4 * E * n, pn); /* pre_ffw_norm_2 (its MUL in place) */
	if (flags & RM_WEIGHT_BEFORE) {
		int rep =
		    N(4 * E * U * n, pn); /* ggml_repeat_4d of the input */
		x = N(ALLOC_SIM_INPLACE, rep, w);
	}
	/* gate and up (+ biases in place, each reading the selection), their
	 * GLU, down (+ bias in place) */
	int gate, up, sw;
	if (flags & RM_GATE_UP) {
		gate = N(4 * 2 * F * U * n, x, as);
		sw = N(4 * F * U * n, gate);
	} else if (flags & RM_UP_ONLY) {
		/* llama-graph.cpp build_moe_ffn, LLM_FFN_RELU_SQR without a
		 * gate: relu and sqr in place on up */
		up = N(4 * F * U * n, x, as);
		sw = N(ALLOC_SIM_INPLACE, N(ALLOC_SIM_INPLACE, up));
	} else {
		gate = N(4 * F * U * n, x, as);
		up = N(4 * F * U * n, x, as);
		sw = N(4 * F * U * n, gate, up);
	}
	int down = N(4 * E * U * n, sw, as);
	int ex = N(ALLOC_SIM_INPLACE, down, as);
	if (!(flags & RM_WEIGHT_BEFORE))
		ex = N(ALLOC_SIM_INPLACE, ex, w); /* experts x weights */
	/* the n_expert_used views summed: one new add, the rest in place; one
	 * expert: a ggml_cont */
	int out = N(4 * E * n, ex);
	for (int64_t e = 2; e < U; e++)
		out = N(ALLOC_SIM_INPLACE, out, ex);
	return out;
}
