/*
 * compute_mamba2: the CPU compute buffer of the Mamba-2 hybrids, replayed
 * tensor by tensor through ggml-alloc's rules (src/model/alloc_sim.c).
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
 * handed to alloc_sim in the order those expands give; the graph inputs
 * go first in the order the nodes first read them (ggml-alloc.c
 * ggml_gallocr_alloc_graph_impl), inp_tokens and inp_embd leading.
 * Node sizes, in-place reuse and order were checked line by line against
 * ggml-alloc's trace (tools/alloc-trace.sh) on tests/engine.sh's
 * granite-hybrid-small, nemotron-h-small and falcon-h1-7b.
 */
#include <stdlib.h>
#include <string.h>

#include "model/alloc_sim.h"
#include "model/compute_dense.h"
#include "model/compute_mamba2.h"

/* ggml-cpu.c ggml_backend_cpu_buffer_type_get_alignment: TENSOR_ALIGNMENT */
#define CPU_ALIGN 32

/* The three builders' differences (src/models/granite-hybrid.cpp,
 * nemotron-h.cpp, falcon-h1.cpp). */
enum m2_flags {
	M2_ROPE = 1 << 0,       /* RoPE on Q and K (granite: has_rope(), see no_rope() below) */
	M2_PARALLEL = 1 << 1,   /* attention and Mamba-2 side by side in every layer (falcon-h1) */
	M2_FFN_GLU = 1 << 2,    /* every layer ends in a SwiGLU FFN after ffn_inp (granite, falcon) */
	M2_MLP_BLOCKS = 1 << 3, /* LT_NONE layers are a ReLU² MLP block (nemotron_h build_ffn_layer) */
	M2_NEXTN_OUT = 1 << 4,  /* the final norm is res->t_h_nextn, kept; out_ids' get_rows after it */
};
struct m2_family {
	const char *arch;   /* GGUF general.architecture */
	unsigned flags;
	int modelled;       /* held within 2 % over tests/engine.sh's buffers matrix */
};
static const struct m2_family families[] = {
	{"granitehybrid", M2_ROPE | M2_FFN_GLU, 1},
	{"nemotron_h", M2_MLP_BLOCKS | M2_NEXTN_OUT, 1},
	{"falcon-h1", M2_ROPE | M2_PARALLEL | M2_FFN_GLU, 1},
};

static const struct m2_family *family_of(const struct model *m)
{
	for (size_t i = 0; i < sizeof families / sizeof families[0]; i++)
		if (strcmp(m->arch, families[i].arch) == 0)
			return &families[i];
	return NULL;
}

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
	return strcmp(m->arch, "granitehybrid") == 0 && m->ctx_train == INT64_C(1) << 20;
}

int compute_mamba2_replayed(const struct model *m)
{
	/* the MoE variants (Granite-4.0-H small, nemotron_h_moe) have expert
	 * FFNs this file does not write */
	return family_of(m) && m->experts == 0 && m->embd > 0 && m->ff > 0 && m->layers > 0 && m->heads > 0 &&
	       m->ssm_d_inner > 0 && m->ssm_d_state > 0 && m->ssm_n_group > 0 && m->ssm_dt_rank > 0 &&
	       m->ssm_d_conv > 1;
}

int compute_mamba2_modelled(const struct model *m)
{
	return compute_mamba2_replayed(m) && family_of(m)->modelled;
}

/* The lazy graph: nodes written as the builders make them, placed in
 * alloc_sim in the order expand() reaches them. */
struct lz_node {
	int64_t bytes;           /* or ALLOC_SIM_INPLACE / ALLOC_SIM_NOALLOC */
	int input;               /* a graph input (placed before every node) */
	int src[ALLOC_SIM_SRC];  /* in ggml's source order; -1: none (a weight) */
	int inplace;             /* the source whose slot an in-place node takes */
	int out;                 /* a graph output: never freed */
	int done;                /* in the order already */
	int id;                  /* alloc_sim's id, once placed */
};
struct lz {
	struct lz_node *v;
	int *order;        /* the nodes in graph order */
	int *stack, *at;   /* expand's walk: a node and its next source */
	int n, n_order, cap, err;
};

static int lz_add(struct lz *g, int64_t bytes, int inplace, int s0, int s1, int s2)
{
	if (g->n >= g->cap) {
		g->err = 1;
		return -1;
	}
	struct lz_node *x = &g->v[g->n];
	*x = (struct lz_node){bytes, 0, {s0, s1, s2, -1}, inplace, 0, 0, -1};
	return g->n++;
}

/* A new tensor of bytes reading up to three sources. */
static int op(struct lz *g, int64_t bytes, int s0, int s1, int s2)
{
	return lz_add(g, bytes, -1, s0, s1, s2);
}

/* A node computed in place on source `on` (0 or 1). */
static int inplace(struct lz *g, int on, int s0, int s1)
{
	return lz_add(g, ALLOC_SIM_INPLACE, on, s0, s1, -1);
}

/* A graph input of bytes. */
static int input(struct lz *g, int64_t bytes)
{
	int x = lz_add(g, bytes, -1, -1, -1, -1);
	if (x >= 0)
		g->v[x].input = 1;
	return x;
}

/* ggml_build_forward_expand: the sources depth first, in order, then the
 * node (iterative on the stacks sized for every node: a long chain of
 * layers is deep). */
static void expand(struct lz *g, int root)
{
	int top = 0;
	if (root < 0 || g->v[root].done)
		return;
	g->stack[0] = root;
	g->at[0] = 0;
	while (top >= 0) {
		struct lz_node *x = &g->v[g->stack[top]];
		if (g->at[top] < ALLOC_SIM_SRC) {
			int s = x->src[g->at[top]++];
			if (s >= 0 && !g->v[s].done && !g->v[s].input) {
				top++;   /* below g->n: a node is on the stack once */
				g->stack[top] = s;
				g->at[top] = 0;
			}
			continue;
		}
		x->done = 1;
		g->order[g->n_order++] = g->stack[top--];
	}
}

/* Hands the graph to alloc_sim: the inputs in the order the nodes first
 * read them (inp_tokens and inp_embd first), then every node. */
static int64_t lz_run(struct lz *g, int tok, int embd)
{
	struct alloc_sim *s = alloc_sim_new(g->n + 1, CPU_ALIGN);
	int64_t r = -1;
	if (!s)
		return -1;
	g->v[tok].id = alloc_sim_input(s, g->v[tok].bytes);
	g->v[embd].id = alloc_sim_input(s, g->v[embd].bytes);
	for (int i = 0; i < g->n_order; i++)
		for (int k = 0; k < ALLOC_SIM_SRC; k++) {
			int x = g->v[g->order[i]].src[k];
			if (x >= 0 && g->v[x].input && g->v[x].id < 0)
				g->v[x].id = alloc_sim_input(s, g->v[x].bytes);
		}
	for (int i = 0; i < g->n_order; i++) {
		struct lz_node *x = &g->v[g->order[i]];
		int src[ALLOC_SIM_SRC], n = 0;
		if (x->inplace >= 0)   /* alloc_sim reuses its first source's slot */
			src[n++] = g->v[x->src[x->inplace]].id;
		for (int k = 0; k < ALLOC_SIM_SRC; k++)
			if (k != x->inplace && x->src[k] >= 0)
				src[n++] = g->v[x->src[k]].id;
		x->id = alloc_sim_node(s, x->bytes, n, src);
		if (x->id < 0)
			goto out;
		if (x->out)
			alloc_sim_output(s, x->id);
	}
	r = alloc_sim_run(s);
out:
	alloc_sim_free(s);
	return r;
}

/* The deployment's widths, in floats (4 bytes) or bytes where named. */
struct m2_dims {
	int64_t nt, no, ns, nst;   /* tokens, outputs, sequences (ubatch.n_seqs), tokens a sequence */
	int64_t E, Q, K, V, O, H, cells;
	int64_t DI, DS, NH, DC, XBC, DIN;   /* d_inner, d_state, SSM heads, d_conv, conv width, ssm_in width */
	int fa;
};

/* The graph inputs an attention or Mamba-2 layer reads. */
struct m2_inputs {
	int pos, kidx, vidx, mask, krot, vrot, scopy, out_ids;
};

/* src/models/mamba-base.cpp build_mamba2_layer on the normed input x:
 * its output (ssm_out), not yet in the graph. */
static int mamba2(struct lz *g, const struct m2_dims *w, const struct m2_inputs *in, int x)
{
	/* build_rs: the conv states' rows (get_rows on rs_s_copy, F32
	 * [(d_conv - 1) * conv width, n_seqs]), expanded; the extra rows are
	 * n_rs - n_seqs = 0 in the reserve (no tensor bytes) */
	int rows = op(g, 4 * (w->DC - 1) * w->XBC * w->ns, in->scopy, -1, -1);
	expand(g, rows);
	int zx = op(g, 4 * w->DIN * w->nt, x, -1, -1);   /* ssm_in: zxBCdt */
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
	int scan = op(g, 4 * (w->DI * w->nt + w->DS * w->DI * w->ns), xbc, dt, in->scopy);
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
static int attention(struct lz *g, const struct m2_dims *w, const struct m2_inputs *in, int x, int rope)
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
	/* expanded together: Q, V, K, then cpy_k / cpy_v (set_rows into the cache) */
	expand(g, q);
	expand(g, v);
	expand(g, k);
	expand(g, op(g, ALLOC_SIM_NOALLOC, k, in->kidx, -1));
	expand(g, op(g, ALLOC_SIM_NOALLOC, v, in->vidx, -1));
	int att;
	if (w->fa) {
		/* build_attn_mha: ggml_flash_attn_ext [head_dim_v, n_head, n_tokens] */
		att = op(g, 4 * w->O * w->nt, q, in->mask, -1);
	} else {
		/* kq F32 [n_kv, n_tokens, n_head], the soft_max in place (mask),
		 * kqv, its ggml_cont_2d */
		int kq = op(g, 4 * w->cells * w->nt * w->H, q, -1, -1);
		int sm = inplace(g, 0, kq, in->mask);
		att = op(g, 4 * w->O * w->nt, op(g, 4 * w->O * w->nt, sm, -1, -1), -1, -1);
	}
	expand(g, att);
	if (in->vrot >= 0)
		att = op(g, 4 * w->O * w->nt, att, in->vrot, -1);   /* V's un-rotation */
	return op(g, 4 * w->E * w->nt, att, -1, -1);   /* wo */
}

/* build_norm (LLM_NORM_RMS): a new RMS_NORM, its weight in place. */
static int norm(struct lz *g, int64_t bytes, int x)
{
	return inplace(g, 0, op(g, bytes, x, -1, -1), -1);
}

/* build_ffn (LLM_FFN_SILU, LLM_FFN_PAR): gate, up, their swiglu, down. */
static int ffn_glu(struct lz *g, const struct model *m, int64_t n, int64_t E, int x)
{
	int gt = op(g, 4 * m->ff * n, x, -1, -1), up = op(g, 4 * m->ff * n, x, -1, -1);
	return op(g, 4 * E * n, op(g, 4 * m->ff * n, gt, up, -1), -1, -1);
}

static int build(struct lz *g, const struct model *m, const struct m2_family *f, const struct m2_dims *w,
		 struct m2_inputs *in, int *tok, int *emb)
{
	int64_t E = w->E, nt = w->nt, no = w->no;
	int64_t nk = compute_rot_k_n(m), nv = compute_rot_v_n(m);   /* src/model/compute_rot.c */
	*tok = input(g, 4 * nt);
	*emb = input(g, 4 * E * nt);
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
	int cur = op(g, 4 * E * nt, *tok, -1, -1);   /* embd: get_rows(tok_embd, inp_tokens) */
	expand(g, cur);
	for (int64_t il = 0; il < m->layers; il++) {
		int last = il == m->layers - 1, inp_sa = cur;
		int x = norm(g, 4 * E * nt, cur);   /* attn_norm */
		int64_t n = nt;
		if (f->flags & M2_PARALLEL) {
			/* falcon-h1.cpp: attention, then Mamba-2 on a second norm of
			 * inpL; layer_out = attn_out + ssm_out, then + inpSA (each in place) */
			int ao = attention(g, w, in, x, 1);
			int so = mamba2(g, w, in, norm(g, 4 * E * nt, cur));
			int lo = inplace(g, 0, ao, so);
			inp_sa = inplace(g, 0, lo, inp_sa);
			if (last) {   /* only inpSA's rows are read on: cur's get_rows is dead */
				inp_sa = op(g, 4 * E * no, inp_sa, in->out_ids, -1);
				n = no;
			}
			x = norm(g, 4 * E * n, inp_sa);
			cur = inplace(g, 0, ffn_glu(g, m, n, E, x), inp_sa);
			continue;
		}
		if (m->layer_type[il] == LT_RECURRENT)
			x = mamba2(g, w, in, x);
		else if (m->layer_type[il] == LT_NONE && (f->flags & M2_MLP_BLOCKS)) {
			/* nemotron-h.cpp build_ffn_layer: up, relu and sqr in place, down */
			int up = op(g, 4 * m->ff * nt, x, -1, -1);
			x = op(g, 4 * E * nt, inplace(g, 0, inplace(g, 0, up, -1), -1), -1, -1);
		} else
			x = attention(g, w, in, x, rope);
		if (last && (f->flags & M2_FFN_GLU)) {
			/* granite-hybrid.cpp: the last layer keeps the outputs' rows */
			x = op(g, 4 * E * no, x, in->out_ids, -1);
			inp_sa = op(g, 4 * E * no, inp_sa, in->out_ids, -1);
			n = no;
		}
		int res = inplace(g, 0, x, inp_sa);   /* ffn_inp, or nemotron's block out */
		if (f->flags & M2_FFN_GLU)
			res = inplace(g, 0, ffn_glu(g, m, n, E, norm(g, 4 * E * n, res)), res);   /* l_out */
		cur = res;
	}
	/* the output norm in place (the residual has no other reader) */
	cur = inplace(g, 0, inplace(g, 0, cur, -1), -1);
	if (f->flags & M2_NEXTN_OUT) {
		if (cur >= 0)
			g->v[cur].out = 1;   /* nemotron-h.cpp: res->t_h_nextn */
		cur = op(g, 4 * E * no, cur, in->out_ids, -1);
	}
	int logits = op(g, 4 * m->vocab * no, cur, -1, -1);
	expand(g, logits);
	/* every node written is in the graph (an unread one would be a slip here) */
	int nodes = 0;
	for (int i = 0; i < g->n; i++)
		nodes += !g->v[i].input;
	return g->err || nodes != g->n_order ? -1 : 0;
}

int compute_mamba2_bytes(const struct model *m, const struct deploy *d, int64_t ub, const struct kv_alloc *a,
			 int64_t *out)
{
	if (!compute_mamba2_replayed(m))
		return -1;
	struct m2_dims w = {0};
	/* llama-context.cpp graph_reserve: n_tokens a multiple of n_seqs
	 * (n_seq_max), every token an output; ubatch_reserve(n_tokens / n_seqs, n_seqs) */
	w.ns = d->n_seq;
	w.nt = (ub + d->n_seq - 1) / d->n_seq * d->n_seq;
	w.nst = w.nt / w.ns;
	w.no = ub;
	/* every tensor is at most 8 B x nt x one of the widths below: each
	 * one's factors bounded first (a hostile model's), the widths then
	 * checked once, so that no size in build() wraps */
	const int64_t big = INT64_C(1) << 24;
	if (m->embd > big || m->heads > big || m->kv_heads > big || m->head_dim > big || m->head_dim_v > big ||
	    m->ssm_d_inner > big || m->ssm_d_state > big || m->ssm_n_group > big || m->ssm_dt_rank > big ||
	    m->ssm_d_conv > big || m->ff > INT64_C(1) << 40 || m->vocab > INT64_C(1) << 40 ||
	    a->full_cells > INT64_C(1) << 40 || a->full_cells < 0 || ub > INT64_C(1) << 40 || m->layers > MODEL_MAX_LAYERS)
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
	int64_t widest = m->vocab, r, ws[10] = {w.E, w.Q, w.K, w.V, w.O, w.DIN, m->ff};
	if (__builtin_mul_overflow(w.DS, w.DI, &ws[7]) || __builtin_mul_overflow(w.cells, w.H, &ws[8]) ||
	    __builtin_mul_overflow(w.DC + w.nst, w.XBC, &ws[9]))
		return -1;
	for (size_t i = 0; i < sizeof ws / sizeof ws[0]; i++)
		widest = ws[i] > widest ? ws[i] : widest;
	if (__builtin_mul_overflow(widest, w.nt, &r) || __builtin_mul_overflow(r, 8, &r) || r > ALLOC_SIM_MAX_BYTES / 4)
		return -1;
	struct lz g = {0};
	g.cap = (int)(56 * m->layers + 64);   /* a Falcon-H1 layer with rotations writes 48 */
	g.v = malloc(sizeof *g.v * (size_t)g.cap);
	g.order = malloc(sizeof *g.order * (size_t)g.cap);
	g.stack = malloc(sizeof *g.stack * (size_t)g.cap);
	g.at = malloc(sizeof *g.at * (size_t)g.cap);
	struct m2_inputs in;
	int tok, emb;
	int64_t res = -1;
	if (g.v && g.order && g.stack && g.at && build(&g, m, family_of(m), &w, &in, &tok, &emb) == 0)
		res = lz_run(&g, tok, emb);
	free(g.v);
	free(g.order);
	free(g.stack);
	free(g.at);
	if (res < 0)
		return -1;
	*out = res;
	return 0;
}
