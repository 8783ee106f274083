/*
 * compute_mamba2: the CPU compute buffer of the Mamba-2 hybrids, replayed
 * tensor by tensor through ggml-alloc's rules (src/graph/alloc_sim.c).
 * Their logits land above the last layers' rows in holes that the freed
 * graph inputs and the recurrent blocks leave, which no peak formula
 * followed (Granite-4.0-H 10.1 %, Nemotron-H 5.7 %, Falcon-H1 3.8 % off
 * over tests/engine.sh's matrix with the formulas of buffers.c).
 *
 * Graph order.  ggml puts a node into the graph when a
 * ggml_build_forward_expand reaches it (ggml.c ggml_visit_parents: its
 * sources first, in order, depth first), and these builders expand in the
 * middle of a layer: llama-graph.cpp build_rs expands the state rows it
 * reads, build_attn expands Q, V, K, the cache writes and
 * build_attn_mha's output, and build_mamba2_layer
 * (src/models/mamba-base.cpp) the conv state's and the SSM state's
 * copies.  So the next Mamba-2 layer's conv rows come before this
 * layer's attention output projection or its y chain, and the rest of a
 * layer joins the graph only when a later expand needs it.  The graph is
 * therefore written here as a lazy DAG with the builders' expands, and
 * handed to alloc_sim in the order those expands give
 * (src/graph/replay_lazy.c); the graph inputs go first in the order the nodes
 * first read them (ggml-alloc.c ggml_gallocr_alloc_graph_impl), inp_tokens and
 * inp_embd leading. Node sizes, in-place reuse and order were checked line by
 * line against ggml-alloc's trace (tools/alloc-trace.sh) on tests/engine.sh's
 * granite-hybrid-small, nemotron-h-small and falcon-h1-7b.
 */
#include <string.h>

#include "graph/alloc_sim.h"
#include "graph/compute_mamba2.h"
#include "graph/replay_graph.h"
#include "graph/replay_lazy.h"

/* Granite-4.0-H's hybrids use no RoPE: conversion/granite.py
 * (GraniteHybridModel.set_gguf_parameters) writes rope.scaling.finetuned
 * false for a model with Mamba layers, and with it context_length 2^20;
 * granite-hybrid.cpp load_arch_hparams takes rope_finetuned (default true)
 * as has_rope, and without it the graph has no inp_pos and no RoPE nodes
 * (5.4 % less at -c 1000 -np 4 in the engine).  struct model keeps no
 * rope_finetuned, so the converter's 2^20 context (which every reader
 * keeps, config.json's too: hfconfig.c) says which; tests/engine.sh's
 * GGUF has neither key, so RoPE. */
static int no_rope(const struct model *m)
{
	return strcmp(m->arch, "granitehybrid") == 0 &&
	       m->ctx_train == INT64_C(1) << 20;
}

int compute_mamba2_replayed(const struct model *m)
{
	/* the MoE variants (Granite-4.0-H small, nemotron_h_moe) have expert
	 * FFNs this file does not write */
	return FAMILY_PART(m, mamba2_graph) && m->experts == 0 && m->embd > 0 &&
	       m->ff > 0 && m->layers > 0 && m->heads > 0 &&
	       m->ssm_d_inner > 0 && m->ssm_d_state > 0 && m->ssm_n_group > 0 &&
	       m->ssm_dt_rank > 0 && m->ssm_d_conv > 1;
}

/* A Mamba-2 model no family file describes (or without the widths its
 * family's graph needs), no experts: the pure Mamba-2 graph of mamba.cpp
 * (LLM_ARCH_MAMBA2: each layer's block and residual, the last layer's
 * rows), with Granite-4.0-H's RoPE attention layers and SwiGLU FFN where
 * the model has attention layers and n_ff, Nemotron-H's where it has
 * MLP-only layers.  A plain estimate. */
int compute_mamba2_plain(const struct model *m)
{
	/* experts: Nemotron-H's MoE on its MLP-only layers */
	int moe = m->experts > 0 && m->experts <= 1024 && m->experts_used > 0 &&
		  m->ff > 0 && model_layers_of(m, LT_NONE) > 0;
	return !compute_mamba2_replayed(m) && !FAMILY_PART(m, gdn_graph) &&
	       (m->experts == 0 || moe) && m->embd > 0 && m->layers > 0 &&
	       model_layers_of(m, LT_RECURRENT) > 0 && m->ssm_d_inner > 0 &&
	       m->ssm_d_state > 0 && m->ssm_n_group > 0 && m->ssm_dt_rank > 0 &&
	       m->ssm_d_conv > 1 &&
	       (m->heads > 0 || model_layers_of(m, LT_RECURRENT) == m->layers);
}

/* The graph replayed for m: its family's, or the plain one (m2_plain's
 * room). */
static const struct family_mamba2_graph *
graph_of(const struct model *m, struct family_mamba2_graph *plain)
{
	if (compute_mamba2_replayed(m))
		return FAMILY_PART(m, mamba2_graph);
	plain->modelled = 0;
	plain->flags = m->ff > 0 ? M2_FFN_GLU : M2_ROWS_LAST;
	if (model_layers_of(m, LT_RECURRENT) < m->layers)
		plain->flags |= M2_ROPE;
	/* MLP-only layers: Nemotron-H's graph (nemotron-h.cpp) */
	if (model_layers_of(m, LT_NONE) > 0)
		plain->flags = M2_MLP_BLOCKS | M2_NEXTN_OUT;
	return compute_mamba2_plain(m) ? plain : NULL;
}

int compute_mamba2_modelled(const struct model *m)
{
	return compute_mamba2_replayed(m) &&
	       FAMILY_PART(m, mamba2_graph)->modelled;
}

/* The lazy graph (src/graph/replay_lazy.h) in this file's words. */
/* A new tensor of bytes reading up to three sources. */
static int op(struct replay_lazy *g, int64_t bytes, int s0, int s1, int s2)
{
	return replay_lazy_add(g, bytes, -1, 3, (int[]){s0, s1, s2});
}

/* A node computed in place on source `on` (0 or 1). */
static int inplace(struct replay_lazy *g, int on, int s0, int s1)
{
	return replay_lazy_add(g, 0, on, 2, (int[]){s0, s1});
}

/* A graph input of bytes. */
static int input(struct replay_lazy *g, int64_t bytes)
{
	return replay_lazy_input(g, bytes);
}

/* ggml_build_forward_expand */
static void expand(struct replay_lazy *g, int root)
{
	replay_lazy_expand(g, root);
}

/* The deployment's widths, in floats (4 bytes) or bytes where named. */
struct m2_dims {
	int64_t nt, no, ns, nst; /* tokens, outputs, sequences (ubatch.n_seqs),
				    tokens a sequence */
	int64_t E, Q, K, V, O, H, cells;
	int64_t DI, DS, NH, DC, XBC, DIN; /* d_inner, d_state, SSM heads,
					     d_conv, conv width, ssm_in width */
	int fa;
	const struct family_mamba2_graph *f; /* the graph replayed */
};

/* The graph inputs an attention or Mamba-2 layer reads. */
struct m2_inputs {
	int pos, kidx, vidx, mask, krot, vrot, scopy, out_ids;
};

/* src/models/mamba-base.cpp build_mamba2_layer on the normed input x:
 * its output (ssm_out), not yet in the graph. */
static int mamba2(struct replay_lazy *g, const struct m2_dims *w,
		  const struct m2_inputs *in, int x)
{
	/* build_rs: the conv states' rows (get_rows on rs_s_copy, F32
	 * [(d_conv - 1) * conv width, n_seqs]), expanded; the extra rows are
	 * n_rs - n_seqs = 0 in the reserve (no tensor bytes) */
	int rows = op(g, 4 * (w->DC - 1) * w->XBC * w->ns, in->scopy, -1, -1);
	expand(g, rows);
	int zx = op(g, 4 * w->DIN * w->nt, x, -1, -1); /* ssm_in: zxBCdt */
	/* conv_x = concat(conv rows, xBC^T), the last d_conv - 1 columns
	 * copied into the conv state (n_rs_seq 0: one slot), expanded */
	int cx = op(g, 4 * (w->DC - 1 + w->nst) * w->XBC * w->ns, rows, zx, -1);
	expand(g, op(g, ALLOC_SIM_NOALLOC, cx, -1, -1));
	/* ggml_ssm_conv, the conv bias and silu in place */
	int conv = op(g, 4 * w->XBC * w->nt, cx, -1, -1);
	int xbc = inplace(g, 0, inplace(g, 0, conv, -1), -1);
	/* dt: ggml_cont of its view, + dt bias in place */
	int dt = inplace(g, 0, op(g, 4 * w->NH * w->nt, zx, -1, -1), -1);
	/* build_rs with get_ssm_rows: ggml_ssm_scan(states, x, dt, A, B, C,
	 * s_copy_main): y [d_inner, n_tokens] and the final states
	 * [d_state * d_inner, n_seqs] in one tensor, expanded; then the
	 * states copied into the cache, expanded */
	int scan = op(g, 4 * (w->DI * w->nt + w->DS * w->DI * w->ns), xbc, dt,
		      in->scopy);
	expand(g, scan);
	expand(g, op(g, ALLOC_SIM_NOALLOC, scan, -1, -1));
	/* y + x * D (the add takes the product's slot), swiglu_split(cont(z),
	 * y), the grouped RMS norm (its weight in place), ssm_out */
	int zc = op(g, 4 * w->DI * w->nt, zx, -1, -1);
	int xd = op(g, 4 * w->DI * w->nt, xbc, -1, -1);
	int y = inplace(g, 1, scan, xd);
	int sw = op(g, 4 * w->DI * w->nt, zc, y, -1);
	int nrm = inplace(g, 0, op(g, 4 * w->DI * w->nt, sw, -1, -1), -1);
	return op(g, 4 * w->E * w->nt, nrm, -1, -1);
}

/* llama-graph.cpp build_qkv, RoPE (the family's) and build_attn on the
 * normed input x: the output projection wo, not yet in the graph. */
static int attention(struct replay_lazy *g, const struct m2_dims *w,
		     const struct m2_inputs *in, int x, int rope)
{
	int q = op(g, 4 * w->Q * w->nt, x, -1, -1);
	int k = op(g, 4 * w->K * w->nt, x, -1, -1);
	int v = op(g, 4 * w->V * w->nt, x, -1, -1);
	if (rope) {
		q = op(g, 4 * w->Q * w->nt, q, in->pos, -1);
		k = op(g, 4 * w->K * w->nt, k, in->pos, -1);
	}
	/* build_attn: llama_mul_mat_hadamard of Q and K by attn_inp_k_rot, of
	 * V by attn_inp_v_rot (llama-kv-cache.cpp attn_rot_k / attn_rot_v) */
	if (in->krot >= 0) {
		q = op(g, 4 * w->Q * w->nt, q, in->krot, -1);
		k = op(g, 4 * w->K * w->nt, k, in->krot, -1);
	}
	if (in->vrot >= 0)
		v = op(g, 4 * w->V * w->nt, v, in->vrot, -1);
	/* expanded together: Q, V, K, then cpy_k / cpy_v (set_rows into the
	 * cache) */
	expand(g, q);
	expand(g, v);
	expand(g, k);
	expand(g, op(g, ALLOC_SIM_NOALLOC, k, in->kidx, -1));
	expand(g, op(g, ALLOC_SIM_NOALLOC, v, in->vidx, -1));
	int att;
	if (w->fa) {
		/* build_attn_mha: ggml_flash_attn_ext [head_dim_v, n_head,
		 * n_tokens] */
		att = op(g, 4 * w->O * w->nt, q, in->mask, -1);
	} else {
		/* kq F32 [n_kv, n_tokens, n_head], the soft_max in place
		 * (mask), kqv, its ggml_cont_2d */
		int kq = op(g, 4 * w->cells * w->nt * w->H, q, -1, -1);
		int sm = inplace(g, 0, kq, in->mask);
		att = op(g, 4 * w->O * w->nt,
			 op(g, 4 * w->O * w->nt, sm, -1, -1), -1, -1);
	}
	expand(g, att);
	if (in->vrot >= 0)
		att = op(g, 4 * w->O * w->nt, att, in->vrot,
			 -1);			     /* V's un-rotation */
	return op(g, 4 * w->E * w->nt, att, -1, -1); /* wo */
}

/* build_norm (LLM_NORM_RMS): a new RMS_NORM, its weight in place. */
static int norm(struct replay_lazy *g, int64_t bytes, int x)
{
	return inplace(g, 0, op(g, bytes, x, -1, -1), -1);
}

/* build_ffn (LLM_FFN_SILU, LLM_FFN_PAR): gate, up, their swiglu, down. */
static int ffn_glu(struct replay_lazy *g, const struct model *m, int64_t n,
		   int64_t E, int x)
{
	int gt = op(g, 4 * m->ff * n, x, -1, -1),
	    up = op(g, 4 * m->ff * n, x, -1, -1);
	return op(g, 4 * E * n, op(g, 4 * m->ff * n, gt, up, -1), -1, -1);
}

/* build_ffn (LLM_FFN_RELU_SQR, LLM_FFN_PAR) of width ff: up, relu and
 * sqr in place, down. */
static int mlp(struct replay_lazy *g, int64_t ff, int64_t E, int64_t n, int x)
{
	int up = op(g, 4 * ff * n, x, -1, -1);
	return op(g, 4 * E * n, inplace(g, 0, inplace(g, 0, up, -1), -1), -1,
		  -1);
}

/* The lazy graph's one piece: build_moe_ffn, written by emit_piece. */
enum { M2_PIECE_MOE = 1 };

/* The lazy graph and the model its piece reads. */
struct m2_lazy {
	struct replay_lazy lz; /* first: emit_piece gets it back */
	const struct model *m;
};

/* nemotron-h.cpp's MoE (LLAMA_EXPERT_GATING_FUNC_TYPE_SIGMOID with
 * exp_probs_b, experts of up and LLM_FFN_RELU_SQR, no gate) over `arg`
 * tokens of its source, written whole when expanded. */
static int emit_piece(struct replay_lazy *lz, const struct replay_lazy_node *t)
{
	const struct model *m = ((struct m2_lazy *)lz)->m;
	return replay_moe_ffn(lz->s, m, GATE_SIGMOID_BIASED, RM_UP_ONLY, t->arg,
			      lz->n[t->src[0]].sim);
}

static int build(struct replay_lazy *g, const struct model *m,
		 const struct family_mamba2_graph *f, const struct m2_dims *w,
		 struct m2_inputs *in)
{
	int64_t E = w->E, nt = w->nt, no = w->no;
	int64_t nk = model_rot_k_n(m),
		nv = model_rot_v_n(m); /* src/model/model.c */
	/* inp_tokens and inp_embd placed first (build_inp_embd's two paths),
	 * the other inputs with the node that first reads them */
	int tok = input(g, 4 * nt);
	expand(g, tok);
	expand(g, input(g, 4 * E * nt));
	int rope = (f->flags & M2_ROPE) && !no_rope(m);
	in->pos = rope ? input(g, 4 * nt) : -1;
	in->krot = nk ? input(g, 4 * nk * nk) : -1;
	in->vrot = nv ? input(g, 4 * nv * nv) : -1;
	/* llama_kv_cache::build_input_k_idxs / build_input_v_idxs (V
	 * transposed without flash attention: an index per element), the mask
	 * (F16 with flash attention), rs_s_copy (one I32 a state: n_rs =
	 * n_seqs in the reserve), out_ids */
	in->kidx = input(g, 8 * nt);
	in->vidx = input(g, w->fa ? 8 * nt : 8 * nt * w->V);
	in->mask = input(g, w->cells * nt * (w->fa ? 2 : 4));
	in->scopy = input(g, 4 * w->ns);
	in->out_ids = input(g, 4 * no);
	int cur = op(g, 4 * E * nt, tok, -1,
		     -1); /* embd: get_rows(tok_embd, inp_tokens) */
	expand(g, cur);
	for (int64_t il = 0; il < m->layers; il++) {
		int last = il == m->layers - 1, inp_sa = cur;
		int x = norm(g, 4 * E * nt, cur); /* attn_norm */
		int64_t n = nt;
		if (f->flags & M2_PARALLEL) {
			/* falcon-h1.cpp: attention, then Mamba-2 on a second
			 * norm of inpL; layer_out = attn_out + ssm_out, then +
			 * inpSA (each in place) */
			int ao = attention(g, w, in, x, 1);
			int so = mamba2(g, w, in, norm(g, 4 * E * nt, cur));
			int lo = inplace(g, 0, ao, so);
			inp_sa = inplace(g, 0, lo, inp_sa);
			if (last) { /* only inpSA's rows are read on: cur's
				       get_rows is dead */
				inp_sa =
				    op(g, 4 * E * no, inp_sa, in->out_ids, -1);
				n = no;
			}
			x = norm(g, 4 * E * n, inp_sa);
			cur = inplace(g, 0, ffn_glu(g, m, n, E, x), inp_sa);
			continue;
		}
		if (m->layer_type[il] == LT_RECURRENT)
			x = mamba2(g, w, in, x);
		else if (m->layer_type[il] == LT_NONE &&
			 (f->flags & M2_MLP_BLOCKS)) {
			/* nemotron-h.cpp build_ffn_layer: up, relu and sqr in
			 * place, down */
			int moe = -1;
			if (m->experts > 0) {
				/* with experts: build_moe_ffn (expanded, as
				 * llama-graph.cpp's expands its sum), then the
				 * shared expert's MLP on the same input */
				moe = replay_lazy_piece(g, M2_PIECE_MOE, nt, 1,
							(int[]){x});
				expand(g, moe);
			}
			struct model_layer L = model_layer(m, il);
			x = mlp(g, L.moe ? L.ff_shexp : L.ff, E, nt, x);
			if (moe >= 0)
				x = inplace(g, 0, moe, x);
		} else
			x = attention(g, w, in, x, rope);
		if (last && (f->flags & (M2_FFN_GLU | M2_ROWS_LAST))) {
			/* granite-hybrid.cpp, mamba.cpp: the last layer keeps
			 * the outputs' rows */
			x = op(g, 4 * E * no, x, in->out_ids, -1);
			inp_sa = op(g, 4 * E * no, inp_sa, in->out_ids, -1);
			n = no;
		}
		int res = inplace(
		    g, 0, x, inp_sa); /* ffn_inp, or nemotron's block out */
		if (f->flags & M2_FFN_GLU)
			res = inplace(
			    g, 0, ffn_glu(g, m, n, E, norm(g, 4 * E * n, res)),
			    res); /* l_out */
		cur = res;
	}
	/* the output norm in place (the residual has no other reader) */
	cur = inplace(g, 0, inplace(g, 0, cur, -1), -1);
	if (f->flags & M2_NEXTN_OUT) {
		replay_lazy_output(g, cur); /* nemotron-h.cpp: res->t_h_nextn */
		cur = op(g, 4 * E * no, cur, in->out_ids, -1);
	}
	int logits = op(g, 4 * m->vocab * no, cur, -1, -1);
	expand(g, logits);
	/* every node written is in the graph (an unread one would be a slip
	 * here) */
	return g->broken || replay_lazy_unexpanded(g) ? -1 : 0;
}

/* A Falcon-H1 layer with rotations writes 48 lazy nodes. */
static int lazy_room(const struct model *m)
{
	return (int)(56 * m->layers + 64);
}

/* The lazy graph's room, then build() into s (replay_run's builder). */
static int run(struct alloc_sim *s, const struct replay_in *ri)
{
	struct m2_lazy g = {.m = ri->m};
	struct m2_inputs in;
	int r = -1;
	if (replay_lazy_init(&g.lz, s, lazy_room(ri->m)) == 0) {
		g.lz.emit_piece = emit_piece;
		r = build(&g.lz, ri->m, ((const struct m2_dims *)ri->row)->f,
			  ri->row, &in);
	}
	replay_lazy_free(&g.lz);
	return r;
}

int compute_mamba2_bytes(const struct model *m, const struct deploy *d,
			 int64_t ub, const struct kv_alloc *a, int64_t *out)
{
	struct family_mamba2_graph plain;
	struct m2_dims w = {.f = graph_of(m, &plain)};
	if (!w.f)
		return -1;
	struct replay_in ri = replay_in_of(m, d, a, ub, &w);
	/* ubatch_reserve(n_tokens / n_seqs, n_seqs) (llama-context.cpp
	 * graph_reserve) */
	w.ns = d->n_seq;
	w.nt = ri.nt;
	w.nst = w.nt / w.ns;
	w.no = ri.no;
	/* every tensor is at most 8 B x nt x one of the widths below: each
	 * one's factors bounded first (a hostile model's), the widths then
	 * checked once, so that no size in build() wraps */
	const int64_t big = INT64_C(1) << 24;
	if (m->embd > big || m->heads > big || m->kv_heads > big ||
	    m->head_dim > big || m->head_dim_v > big || m->ssm_d_inner > big ||
	    m->ssm_d_state > big || m->ssm_n_group > big ||
	    m->ssm_dt_rank > big || m->ssm_d_conv > big ||
	    m->ff > INT64_C(1) << 40 || m->vocab > INT64_C(1) << 40 ||
	    a->full_cells > INT64_C(1) << 40 || a->full_cells < 0 ||
	    ub > INT64_C(1) << 40 || m->layers > MODEL_MAX_LAYERS)
		return -1;
	w.E = m->embd;
	w.H = m->heads;
	w.Q = m->heads * m->head_dim;
	w.K = m->kv_heads * m->head_dim;
	w.V = m->kv_heads * m->head_dim_v;
	w.O = m->heads * m->head_dim_v;
	w.cells = a->full_cells;
	w.DI = m->ssm_d_inner;
	w.DS = m->ssm_d_state;
	w.NH = m->ssm_dt_rank;
	w.DC = m->ssm_d_conv;
	w.XBC = w.DI + 2 * m->ssm_n_group * w.DS;
	w.DIN = 2 * w.DI + 2 * m->ssm_n_group * w.DS + w.NH;
	w.fa = d->flash_attn;
	int64_t widest = m->vocab, r,
		ws[14] = {w.E, w.Q, w.K, w.V, w.O, w.DIN, m->ff};
	ws[13] = m->experts;
	/* the experts' widths (replay_moe_ffn), the shared expert's (a
	 * width past 64 bits saturates: refused below) */
	ws[12] = model_layer_widest(m).ff_shexp;
	if (m->experts_used > 1024 ||
	    __builtin_mul_overflow(w.E, m->experts_used, &ws[10]) ||
	    __builtin_mul_overflow(m->ff, m->experts_used, &ws[11]) ||
	    __builtin_mul_overflow(w.DS, w.DI, &ws[7]) ||
	    __builtin_mul_overflow(w.cells, w.H, &ws[8]) ||
	    __builtin_mul_overflow(w.DC + w.nst, w.XBC, &ws[9]))
		return -1;
	for (size_t i = 0; i < sizeof ws / sizeof ws[0]; i++)
		widest = ws[i] > widest ? ws[i] : widest;
	if (__builtin_mul_overflow(widest, w.nt, &r) ||
	    __builtin_mul_overflow(r, 8, &r) || r > ALLOC_SIM_MAX_BYTES / 4)
		return -1;
	/* a lazy node emits at most one alloc_sim node, a MoE piece 40 and
	 * one an expert used (replay_moe_ffn) */
	return replay_run(
	    lazy_room(m) + 1 +
		(int)(m->experts ? (40 + m->experts_used) * m->layers : 0),
	    run, &ri, out);
}
