/*
 * compute_dense_replay: the CPU compute buffer of the dense llama-like
 * reserve graphs, replayed tensor by tensor through ggml-alloc's rules
 * (src/graph/alloc_sim.c) with the attention and FFN pieces every replayed
 * graph shares (src/graph/replay_graph.c).  Formulas for the graph's peaks
 * (the logits, K.Q, layer 0's FFN), which attnviz had before, could not
 * follow ggml_dyn_tallocr_alloc's best fit moving the final residual
 * between the holes the freed inputs leave: with a rotated (Hadamard)
 * cache and flash attention, the rotations' own tensors move it (Mistral
 * Small 3.1, Q narrower than n_embd: 3.5 %; OLMo 2: 3.8 %), and Phi-3's
 * graph moves it (2.9 % with separate Q, K, V projections, 8.0 % with the
 * fused one its GGUFs have).  Each family's
 * layer is its builder's (the table below), the
 * node order ggml's depth-first build order, read off ggml-alloc's trace
 * (tools/alloc-trace.sh on tests/engine.sh's GGUFs).
 */
#include "graph/compute_dense_replay.h"

#include <string.h>

#include "graph/alloc_sim.h"
#include "model/family.h"
#include "graph/replay_graph.h"

#define N(bytes, ...) REPLAY_NODE(s, (bytes), __VA_ARGS__)

/* A graph no family file describes: Llama's (llm_build_llama), a plain
 * estimate. */
static const struct family_dense_graph plain_graph = {.modelled = 0};

static int replayable(const struct model *m);

/* The family's graph where the model has its shape, else Llama's. */
static const struct family_dense_graph *graph_of(const struct model *m)
{
	const struct family_dense_graph *g = FAMILY_PART(m, dense_graph);
	return g && replayable(m) ? g : &plain_graph;
}

/* The replay's shape: no experts, no MLA, one head size (the graph
 * above), no recurrent layer. */
static int replayable(const struct model *m)
{
	return m->embd > 0 && m->ff > 0 && m->experts == 0 &&
	       m->kind != ATTN_MLA && m->head_dim == m->head_dim_v &&
	       m->layers > 0 && m->layers <= MODEL_MAX_LAYERS &&
	       !model_layers_of(m, LT_RECURRENT);
}

int compute_dense_replay_modelled(const struct model *m,
				  const struct kv_alloc *a)
{
	const struct family_dense_graph *g = FAMILY_PART(m, dense_graph);
	/* Phi-3's graph is replayed with its fused attn_qkv */
	return g && g->modelled && (!a->windowed || g->windowed) &&
	       !((g->flags & DR_PHI3) && m->qkv_split) && replayable(m);
}

/* The catch-all of compute_replay.c's table: any model no row before
 * it replays, every layer Llama's (llm_build_llama) with the model's
 * widths, whatever its layers really are (a recurrent block, experts, the
 * MLA latent are replayed as attention and a dense FFN of n_ff); without
 * n_embd Q's width stands in for it, without n_ff no FFN (the file gave
 * neither: buffers.c names them).  A plain estimate. */
int compute_dense_replay_plain(const struct model *m)
{
	return m->layers > 0 && m->layers <= MODEL_MAX_LAYERS;
}

/* n_embd, or Q's width where the file does not give it */
static int64_t embd_of(const struct model *m)
{
	return m->embd > 0 ? m->embd : m->heads * m->head_dim;
}

/* build_qkv's fused path (phi3.cpp; convert_hf_to_gguf.py writes Phi-3's
 * qkv_proj as one attn_qkv): wqkv, Q's RoPE on its view (a new tensor, the
 * scale in place), V a view of wqkv (its rotation: llama_mul_mat_hadamard,
 * llama-impl.h, makes it contiguous first), K's RoPE; then build_attn's
 * set_rows and attention as replay_attn writes them.  Read off ggml-alloc's
 * trace of Phi-4-mini with attn_qkv. */
static int phi3_attn(struct alloc_sim *s, const struct model *m, int fa,
		     const struct replay_attn_in *ra, int64_t cells, int64_t nt,
		     int norm, int pos)
{
	int64_t Q = m->heads * m->head_dim, K = m->kv_heads * m->head_dim,
		V = m->kv_heads * m->head_dim_v;
	int64_t O = m->heads * m->head_dim_v;
	int qkv = N(4 * (Q + K + V) * nt, norm);
	int q = N(4 * Q * nt, qkv, pos);
	if (ra->nk)
		q = N(4 * Q * nt, q, ra->krot[0]);
	int v = qkv;
	if (ra->nv) {
		int vc = N(4 * V * nt, qkv); /* ggml_cont_2d of the view */
		v = N(4 * V * nt, vc, ra->vrot[0]);
	}
	int k = N(4 * K * nt, qkv, pos);
	if (ra->nk)
		k = N(4 * K * nt, k, ra->krot[0]);
	N(ALLOC_SIM_NOALLOC, k, ra->kidx[0]);
	N(ALLOC_SIM_NOALLOC, v, ra->vidx[0]);
	int att;
	if (fa) {
		att = N(4 * O * nt, q, ra->mask[0]);
	} else {
		int kq = N(4 * cells * nt * m->heads, q);
		int sm = N(ALLOC_SIM_INPLACE, kq, ra->mask[0]);
		int kqv = N(4 * O * nt, sm);
		att = N(4 * O * nt, kqv);
	}
	if (ra->nv)
		att = N(4 * O * nt, att, ra->vrot[0]);
	return att;
}

/* Cohere2's graph (DR_COHERE2), read off ggml-alloc's trace of
 * tests/engine.sh's Command R7B: inputs in the order layer 0 first reads
 * its cache's (the sliding one), then the other cache's. */
static int build_cohere2(struct alloc_sim *s, const struct replay_in *in)
{
	const struct model *m = in->m;
	const struct deploy *d = in->d;
	const struct kv_alloc *a = in->a;
	int64_t nt = in->nt, no = in->no;
	int64_t E = m->embd;
	int fa = d->flash_attn;
	struct replay_attn_in ra;
	replay_attn_in_init(&ra, m);
	int tok = alloc_sim_input(s, 4 * nt);
	alloc_sim_input(s, 4 * E * nt);
	int first =
	    m->layer_swa[0] ? 1 : 0; /* 0: the full cache, 1: the sliding one */
	int pos = replay_pos_input(s, ra.nk, &ra.krot[first],
				   4 * nt); /* layer 0's K rotation first */
	for (int k = 0; k < 2; k++) {
		int c = (first + k) % 2;
		replay_cache_inputs(s, m, fa, nt,
				    c == 0 ? a->full_cells : a->swa_cells, 0,
				    &ra, c);
	}
	int out_ids = alloc_sim_input(s, 4 * no);
	int cur = N(4 * E * nt, tok);
	for (int64_t il = 0; il < m->layers; il++) {
		int c = m->layer_swa[il] ? 1 : 0, last = il == m->layers - 1;
		int64_t n = last ? no : nt;
		int norm =
		    N(4 * E * nt, cur); /* attn_norm: NORM, the MUL in place */
		int att = replay_attn(
		    s, m, fa, &ra, c, c == 0 ? a->full_cells : a->swa_cells, nt,
		    norm, pos, RA_NO_UNROT | (c == 0 ? RA_NO_ROPE : 0));
		/* the last layer keeps the outputs' rows of the FFN's input,
		 * the residual and the attention output, each where it is first
		 * read */
		int fin = last ? N(4 * E * no, norm, out_ids) : norm;
		int down = replay_ffn(s, m->ff, E, n, fin);
		int res = last ? N(4 * E * no, cur, out_ids) : cur;
		int x = N(ALLOC_SIM_INPLACE, down, res);
		if (ra.nv)
			att = N(4 * m->heads * m->head_dim_v * nt, att,
				ra.vrot[c]); /* V's un-rotation */
		int wo = N(4 * E * nt, att);
		if (last)
			wo = N(4 * E * no, wo, out_ids);
		cur = N(ALLOC_SIM_INPLACE, x, wo);
	}
	int fn = N(4 * E * no,
		   cur); /* the output NORM, a new tensor; its MUL in place */
	return N(4 * m->vocab * no, fn) < 0 ? -1
					    : 0; /* the logit scale in place */
}

/* The graph of one ubatch of nt tokens (no outputs) against every cell. */
static int build(struct alloc_sim *s, const struct replay_in *in)
{
	const struct model *m = in->m;
	const struct deploy *d = in->d;
	const struct kv_alloc *a = in->a;
	int64_t nt = in->nt, no = in->no;
	unsigned flags = ((const struct family_dense_graph *)in->row)->flags;
	int64_t E = embd_of(m), F = m->ff, cells = a->full_cells;
	int fa = d->flash_attn;
	struct replay_attn_in ra;
	replay_attn_in_init(&ra, m);
	/* the inputs, in the order the graph first reads them: inp_tokens
	 * (build_inp_embd; inp_embd beside it, read by no node), inp_pos, the
	 * cache's rotations, k_idxs, v_idxs and KQ mask, out_ids */
	int tok = alloc_sim_input(s, 4 * nt);
	alloc_sim_input(s, 4 * E * nt);
	int pos = alloc_sim_input(s, 4 * nt);
	/* a sliding cache beside the full one: the caches in the order
	 * layer 0 reads them, as Cohere2's */
	int win = a->windowed, first = replay_layer_sliding(m, a, 0);
	for (int k = 0; k < 1 + win; k++) {
		int c = (first + k) % 2;
		if (c == 0 && win && a->global_layers == 0)
			continue; /* no layer reads the full cache */
		replay_cache_inputs(s, m, fa, nt,
				    c ? a->swa_cells : a->full_cells, 0, &ra,
				    c);
	}
	int out_ids = alloc_sim_input(s, 4 * no);
	int cur =
	    N(4 * E * nt, tok); /* embd: ggml_get_rows(tok_embd, inp_tokens) */
	for (int64_t il = 0; il < m->layers; il++) {
		/* attn_norm: RMS_NORM, the MUL in place (OLMo 2: none) */
		int norm = flags & DR_OLMO2 ? cur : N(4 * E * nt, cur);
		int c = replay_layer_sliding(m, a, il);
		int att =
		    flags & DR_PHI3 && !m->qkv_split
			? phi3_attn(s, m, fa, &ra, cells, nt, norm, pos)
			: replay_attn(s, m, fa, &ra, c,
				      c ? a->swa_cells : cells, nt, norm, pos,
				      flags & DR_OLMO2 ? RA_V_FIRST : 0);
		int wo = N(4 * E * nt, att); /* wo (+ wo_b in place) */
		int64_t n = nt;		     /* the FFN's tokens */
		int res = cur;
		if (il == m->layers - 1) {
			/* the last layer keeps the outputs' rows only: get_rows
			 * of the attention output and of the residual */
			wo = N(4 * E * no, wo, out_ids);
			res = N(4 * E * no, cur, out_ids);
			n = no;
		}
		int ffn_inp = N(ALLOC_SIM_INPLACE, wo,
				res); /* attention output + residual */
		if (F <= 0) { /* no n_ff given: no FFN (a plain estimate) */
			cur = ffn_inp;
			continue;
		}
		/* ffn_norm (OLMo 2: none) */
		int pn = flags & DR_OLMO2 ? ffn_inp : N(4 * E * n, ffn_inp);
		int down;
		if (flags & DR_PHI3) {
			/* build_ffn LLM_FFN_SWIGLU, LLM_FFN_SEQ: ffn_up [2
			 * n_ff], its swiglu halves, ffn_down */
			int up = N(4 * 2 * F * n, pn);
			int sw = N(4 * F * n, up);
			down = N(4 * E * n, sw);
		} else {
			down = replay_ffn(s, F, E, n, pn);
		}
		/* l_out = the FFN's output + ffn_inp, in place on its first
		 * source */
		cur = flags & DR_PHI3 ? N(ALLOC_SIM_INPLACE, ffn_inp, down)
				      : N(ALLOC_SIM_INPLACE, down, ffn_inp);
	}
	/* the output norm in place, then result_output */
	return N(4 * m->vocab * no, cur) < 0 ? -1 : 0;
}

/* Every tensor build() writes is at most 8 B x nt x one of these widths:
 * checked once here, so that no size there wraps on a hostile model. */
static int too_wide(const struct model *m, const struct kv_alloc *a, int64_t nt)
{
	int64_t w[5], widest = m->vocab, r, qkv_heads;
	int64_t cells =
	    a->full_cells > a->swa_cells ? a->full_cells : a->swa_cells;
	if (__builtin_mul_overflow(cells, m->heads, &w[0]) ||
	    __builtin_mul_overflow(m->heads, m->head_dim, &w[1]) ||
	    __builtin_mul_overflow(m->heads > m->kv_heads ? m->heads
							  : m->kv_heads,
				   m->head_dim_v, &w[4]) ||
	    __builtin_mul_overflow(m->ff, 2, &w[2]) ||
	    __builtin_mul_overflow(m->kv_heads, 2, &qkv_heads) ||
	    __builtin_add_overflow(qkv_heads, m->heads, &qkv_heads) ||
	    __builtin_mul_overflow(qkv_heads, m->head_dim,
				   &w[3])) /* Phi-3's wqkv */
		return 1;
	for (int i = 0; i < 5; i++)
		widest = w[i] > widest ? w[i] : widest;
	widest = embd_of(m) > widest ? embd_of(m) : widest;
	return __builtin_mul_overflow(widest, nt, &r) ||
	       __builtin_mul_overflow(r, 8, &r) || r > ALLOC_SIM_MAX_BYTES;
}

int compute_dense_replay_bytes(const struct model *m, const struct deploy *d,
			       int64_t ub, const struct kv_alloc *a,
			       int64_t *out)
{
	const struct family_dense_graph *g = graph_of(m);
	if (!compute_dense_replay_plain(m))
		return -1;
	struct replay_in in = replay_in_of(m, d, a, ub, g);
	if (too_wide(m, a, in.nt))
		return -1;
	/* at most 22 nodes a layer (Cohere2 with both rotations), the inputs,
	 * the last layer's get_rows and the logits: 32 a layer is room enough
	 */
	return replay_run((int)(32 * m->layers + 64),
			  g->flags & DR_COHERE2 ? build_cohere2 : build, &in,
			  out);
}
