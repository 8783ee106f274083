/*
 * compute_hybrid_replay: the reserve graphs of LFM2 (src/models/lfm2.cpp:
 * short-conv and attention layers, plain or with a sliding cache) and
 * Jamba (src/models/jamba.cpp: Mamba-1 and attention layers, MoE on the
 * odd layers) replayed through ggml-alloc's rules (src/graph/alloc_sim.c).
 *
 * Where their peak lands depends on the order ggml puts the nodes in, and
 * that order is not the source's: ggml_build_forward_expand (ggml.c
 * ggml_visit_parents) adds a tensor after every source not yet in the graph,
 * depth first, left to right, and the builders expand a few tensors early
 * (build_rs's get_rows of the states and its copies, the conv states'
 * ggml_cpy, build_attn's q, v, k and the KQ output, build_moe_ffn's
 * weights, experts and sum).  So each layer's tail (its output
 * projection, residual and FFN) is only added when the next layer's first
 * expand pulls it in, after that layer's state get_rows: the slots the
 * best fit hands out (and the logits' offset, LFM2's 5.6 % before) follow
 * from that.  This file builds the graph lazily as the builders do and
 * emits it in ggml's order (src/graph/replay_lazy.c); every node's size, order
 * and in-place reuse was checked against ggml-alloc's own trace
 * (tools/alloc-trace.sh) of tests/engine.sh's GGUFs (lfm2-1.2b,
 * lfm2.5-audio-tokenizer, jamba-v0.1). The recurrent blocks are this file's
 * (table-driven by family: short conv, Mamba-1); the attention, the FFN and the
 * MoE FFN are src/graph/replay_graph.c's pieces, each written whole when
 * expanded. Views, reshapes and the ops in place that read only weights (norm
 * weights, biases, SiLU) are not nodes here: they keep their source's slot.
 */
#include <string.h>

#include "graph/alloc_sim.h"
#include "graph/compute_hybrid_replay.h"
#include "graph/replay_graph.h"
#include "graph/replay_lazy.h"

int compute_hybrid_replayed(const struct model *m)
{
	const struct family_hybrid_graph *g = FAMILY_PART(m, hybrid_graph);
	/* llama-model.cpp load_hparams: n_expert_used <= n_expert <=
	 * LLAMA_MAX_EXPERTS (1024) */
	if (!g || m->embd <= 0 || m->ff <= 0 || m->heads <= 0 ||
	    m->head_dim <= 0 || model_layers_of(m, LT_RECURRENT) == 0 ||
	    m->experts_used < 0 || m->experts_used > m->experts ||
	    m->experts > 1024)
		return 0;
	if (g->recr == RECR_SHORTCONV)
		return m->shortconv_l_cache > 1 &&
		       m->experts == 0; /* LFM2-MoE's experts: not this graph */
	return m->ssm_d_inner > 0 && m->ssm_d_state > 0 && m->ssm_d_conv > 1 &&
	       m->ssm_dt_rank > 0 && m->ssm_n_group == 0 &&
	       (m->experts == 0 || m->experts_used > 0);
}

/* A Mamba-1 model no family file describes, no experts: mamba.cpp's
 * graph (LLM_ARCH_MAMBA: each layer's block and residual, no FFN), with
 * Jamba's attention layers and FFN where the model has them.  A plain
 * estimate. */
static const struct family_hybrid_graph plain_mamba1 = {.recr = RECR_MAMBA1};

int compute_hybrid_plain(const struct model *m)
{
	return !compute_hybrid_replayed(m) && m->experts == 0 && m->embd > 0 &&
	       m->layers > 0 && model_layers_of(m, LT_RECURRENT) > 0 &&
	       m->ssm_n_group == 0 && !m->shortconv_l_cache &&
	       m->ssm_d_inner > 0 && m->ssm_d_state > 0 && m->ssm_d_conv > 1 &&
	       m->ssm_dt_rank > 0 &&
	       (m->heads > 0 || model_layers_of(m, LT_RECURRENT) == m->layers);
}

/* The graph replayed for m: its family's, the plain one, or NULL. */
static const struct family_hybrid_graph *graph_of(const struct model *m)
{
	return compute_hybrid_replayed(m) ? FAMILY_PART(m, hybrid_graph)
	       : compute_hybrid_plain(m)  ? &plain_mamba1
					  : NULL;
}

int compute_hybrid_replay_modelled(const struct model *m, int rot_fa)
{
	const struct family_hybrid_graph *g = FAMILY_PART(m, hybrid_graph);
	return compute_hybrid_replayed(m) &&
	       (rot_fa ? g->modelled_rot_fa : g->modelled);
}

/* A node that stands for a shared piece of src/graph/replay_graph.c,
 * written into alloc_sim whole when expanded (its nodes are contiguous in
 * ggml's order too: the builders expand its end right away). */
enum lz_piece {
	PIECE_NONE,
	PIECE_ATTN, /* replay_attn on layer `arg`: src norm, inp_pos */
	PIECE_FFN,  /* replay_ffn over `arg` tokens: src the normed input */
	PIECE_MOE,  /* replay_moe_ffn over `arg` tokens, softmax gating */
};
/* The lazy graph (src/graph/replay_lazy.h) and what the pieces read. */
struct lz {
	struct replay_lazy
	    lz; /* first: emit_piece gets it back as a struct lz */
	const struct model *m;
	const struct kv_alloc *a;
	int fa, iswa;
	int64_t nt;
	unsigned attn_flags;
	struct replay_attn_in ra;
	int cache_placed[2];
};

/* A shared piece into alloc_sim.  A cache's inputs are placed when its
 * first attention layer reads them (after inp_pos, which Q's RoPE reads
 * first): ggml-alloc's order of first use. */
static int emit_piece(struct replay_lazy *lz, const struct replay_lazy_node *t)
{
	struct lz *g = (struct lz *)lz;
	int x = lz->n[t->src[0]].sim;
	const struct model *m = g->m;
	if (t->piece == PIECE_FFN)
		return replay_ffn(lz->s, m->ff, m->embd, t->arg, x);
	if (t->piece ==
	    PIECE_MOE) /* jamba.cpp: LLAMA_EXPERT_GATING_FUNC_TYPE_SOFTMAX, no
			  norm_w */
		return replay_moe_ffn(lz->s, m, GATE_SOFTMAX, 0, t->arg, x);
	int64_t il = t->arg;
	int c = g->iswa && m->layer_swa[il] ? 1 : 0;
	if (!g->cache_placed[c])
		replay_cache_inputs(lz->s, m, g->fa, g->nt,
				    c == 0 ? g->a->full_cells : g->a->swa_cells,
				    0, &g->ra, c);
	g->cache_placed[c] = 1;
	return replay_attn(lz->s, m, g->fa, &g->ra, c, g->a->layer_cells[il],
			   g->nt, x, t->nsrc > 1 ? lz->n[t->src[1]].sim : -1,
			   g->attn_flags);
}

#define NEW(bytes, ...) REPLAY_LAZY_NEW(&g->lz, (bytes), __VA_ARGS__)
#define INPL(which, ...) REPLAY_LAZY_INPL(&g->lz, (which), __VA_ARGS__)
#define STORE(...) REPLAY_LAZY_STORE(&g->lz, __VA_ARGS__)

/* What the layers share: the shapes and the graph inputs' lazy ids. */
struct shape {
	int64_t E, nt, no, ns; /* n_embd, n_tokens, n_outputs, n_seqs */
	int tok, s_copy, pos, out_ids;
};

/* llama-graph.cpp build_rs: the states' get_rows (expanded), then the copy
 * of the extra states (a zero-row get_rows here: the reserve's n_rs is
 * n_seqs), both reading rs_s_copy. */
static int build_rs(struct lz *g, const struct shape *sh, int64_t state_bytes)
{
	int rows = NEW(state_bytes, sh->s_copy);
	replay_lazy_expand(&g->lz, rows);
	replay_lazy_expand(&g->lz, STORE(NEW(0, sh->s_copy)));
	return rows;
}

/* lfm2.cpp build_shortconv_block on the normed input x: its output */
static int shortconv(struct lz *g, const struct model *m,
		     const struct shape *sh, int x)
{
	int64_t E = sh->E, nt = sh->nt, d_conv = m->shortconv_l_cache - 1;
	int bcx = NEW(4 * 3 * E * nt, x); /* in_proj [3 n_embd] */
	int bx = NEW(4 * E * nt, bcx);	  /* b * x (views of bcx) */
	int conv = build_rs(g, sh, 4 * model_embd_r(m) * sh->ns);
	int cat = NEW(4 * E * (nt + d_conv * sh->ns), conv,
		      bx);			/* the state prepended */
	replay_lazy_expand(&g->lz, STORE(cat)); /* the new conv state */
	int co = NEW(4 * E * nt, cat);		/* ggml_ssm_conv */
	int y = INPL(1, bcx, co);  /* c * conv_out, in conv_out's slot */
	return NEW(4 * E * nt, y); /* out_proj */
}

/* mamba-base.cpp build_mamba_layer on the normed input x: its output */
static int mamba1(struct lz *g, const struct model *m, const struct shape *sh,
		  int x)
{
	int64_t E = sh->E, nt = sh->nt, ns = sh->ns, DI = m->ssm_d_inner,
		DS = m->ssm_d_state;
	int64_t R = m->ssm_dt_rank, dc = m->ssm_d_conv - 1;
	int conv = build_rs(g, sh, 4 * model_embd_r(m) * ns);
	int xz = NEW(4 * 2 * DI * nt, x); /* ssm_in: x and z */
	int cat = NEW(4 * DI * (nt + dc * ns), conv,
		      xz); /* conv_x: the state, x transposed */
	replay_lazy_expand(&g->lz,
			   STORE(cat)); /* the last d_conv - 1 columns */
	int xc = NEW(4 * DI * nt, cat); /* ssm_conv (+ bias, SiLU in place) */
	int xdb = NEW(4 * (R + 2 * DS) * nt, xc); /* ssm_x: dt, B, C */
	int dt = NEW(4 * R * nt, xdb);		  /* dt's RMS norm */
	int b = NEW(4 * DS * nt, xdb), c = NEW(4 * DS * nt, xdb);
	int dt2 = NEW(4 * DI * nt, dt); /* ssm_dt (+ bias in place) */
	/* build_rs with get_ssm_rows: ggml_ssm_scan is the states' "rows":
	 * y [d_inner, n_tokens] and the last states [d_state, d_inner, n_seqs].
	 * It reads rs_s_copy too, left out (alloc_sim takes 4 sources): the
	 * extra states' get_rows just after reads it later */
	int scan = NEW(4 * (DI * nt + DS * DI * ns), xc, dt2, b, c);
	replay_lazy_expand(&g->lz, scan);
	replay_lazy_expand(&g->lz, STORE(NEW(0, sh->s_copy)));
	replay_lazy_expand(&g->lz, STORE(scan)); /* store the last states */
	int zc = NEW(4 * DI * nt, xz);		 /* ggml_cont(z) */
	int xd = INPL(0, xc);			 /* x * D */
	int y = INPL(1, scan, xd);		 /* y + x * D, in x's slot */
	int sw = NEW(4 * DI * nt, zc, y);	 /* swiglu_split(z, y) */
	return NEW(4 * E * nt, sw);		 /* ssm_out */
}

/* llama-graph.cpp build_attn (llm_graph_input_attn_kv: q, v, k expanded in
 * that order; _iswa for a sliding cache: q, k, v) after build_qkv,
 * lfm2.cpp's q/k norms and RoPE or Jamba's none: replay_attn up to the
 * attention output, which build_attn_mha expands; V's un-rotation and wo
 * stay in the layer's tail (the next layer's state get_rows come first) */
static int attention(struct lz *g, const struct shape *sh, int64_t il, int x)
{
	int att =
	    replay_lazy_piece(&g->lz, PIECE_ATTN, il, 2, (int[]){x, sh->pos});
	replay_lazy_expand(&g->lz, att);
	int64_t O = g->m->heads * g->m->head_dim_v, nt = sh->nt;
	if (g->ra.nv) /* V's un-rotation, reading the cache's attn_inp_v_rot */
		att = NEW(
		    4 * O * nt, att,
		    replay_lazy_extern(
			&g->lz,
			g->ra.vrot[g->iswa && g->m->layer_swa[il] ? 1 : 0]));
	return NEW(4 * sh->E * nt, att); /* wo */
}

static int build(struct lz *g, const struct replay_in *in)
{
	const struct model *m = in->m;
	const struct deploy *d = in->d;
	const struct family_hybrid_graph *hg = in->row;
	int64_t nt = in->nt, no = in->no;
	struct shape sh = {.E = m->embd, .nt = nt, .no = no, .ns = d->n_seq};
	int64_t E = m->embd;
	g->m = m, g->a = in->a, g->fa = d->flash_attn, g->nt = nt;
	/* lfm2.cpp graph<iswa>: a sliding window makes the hybrid iswa input */
	g->iswa = m->sliding_window > 0 && (hg->flags & HF_QK_NORM_ROPE);
	/* llm_graph_input_attn_kv expands V before K, the iswa input K first */
	g->attn_flags =
	    (hg->flags & HF_QK_NORM_ROPE ? RA_QK_NORM : RA_NO_ROPE) |
	    (g->iswa ? 0 : RA_V_FIRST) | RA_NO_UNROT;
	replay_attn_in_init(&g->ra, m);
	/* llama-graph.cpp build_inp_mem_hybrid_iswa builds no rotation
	 * inputs (build_inp_mem_hybrid does): with a window, a rotated
	 * cache's Q, K and V go in as they are */
	if (g->iswa)
		g->ra.nk = g->ra.nv = 0;
	/* the inputs, placed when first read: inp_tokens and inp_embd
	 * (build_inp_embd's two paths, ggml_build_forward_select) first; the
	 * caches' with their first attention layer (emit_piece) */
	sh.tok = replay_lazy_input(&g->lz, 4 * nt);
	replay_lazy_expand(&g->lz, sh.tok);
	replay_lazy_expand(&g->lz, replay_lazy_input(&g->lz, 4 * E * nt));
	sh.s_copy = replay_lazy_input(
	    &g->lz, 4 * d->n_seq); /* build_rs_inp: n_rs I32 */
	sh.pos = hg->flags & HF_QK_NORM_ROPE
		     ? replay_lazy_input(&g->lz, 4 * nt)
		     : -1; /* Jamba: no RoPE, no inp_pos */
	sh.out_ids = replay_lazy_input(&g->lz, 4 * no);
	int cur = NEW(4 * E * nt, sh.tok); /* get_rows(tok_embd, inp_tokens) */
	replay_lazy_expand(&g->lz, cur);
	for (int64_t il = 0; il < m->layers; il++) {
		int last = il == m->layers - 1;
		int norm = NEW(4 * E * nt, cur); /* attn_norm / operator_norm */
		int out;
		if (m->layer_type[il] == LT_RECURRENT)
			out = hg->recr == RECR_SHORTCONV
				  ? shortconv(g, m, &sh, norm)
				  : mamba1(g, m, &sh, norm);
		else
			out = attention(g, &sh, il, norm);
		int64_t n = nt;
		int ffn_inp;
		if (last) {
			/* the last layer keeps the outputs' rows: get_rows of
			 * the block's output and of its input, added in place
			 * on the latter */
			int rows = NEW(4 * E * no, out, sh.out_ids);
			ffn_inp =
			    INPL(0, NEW(4 * E * no, cur, sh.out_ids), rows);
			n = no;
		} else {
			ffn_inp = INPL(0, cur, out);
		}
		if (m->ff <= 0) { /* mamba.cpp: no FFN, l_out = ffn_inp */
			cur = ffn_inp;
			continue;
		}
		int fn = NEW(4 * E * n, ffn_inp); /* ffn_norm */
		int fo;
		if ((hg->flags & HF_MOE) && model_layer(m, il).moe) {
			/* build_moe_ffn expands its weights, experts and their
			 * sum */
			fo = replay_lazy_piece(&g->lz, PIECE_MOE, n, 1,
					       (int[]){fn});
			replay_lazy_expand(&g->lz, fo);
		} else {
			fo = replay_lazy_piece(
			    &g->lz, PIECE_FFN, n, 1,
			    (int[]){fn}); /* build_ffn expands nothing */
		}
		cur = INPL(0, ffn_inp, fo); /* l_out */
	}
	/* the output norm in place, then the logits */
	replay_lazy_expand(&g->lz, NEW(4 * m->vocab * no, INPL(0, cur)));
	return g->lz.broken ? -1 : 0;
}

/* The lazy graph's room, then build() into s (replay_run's builder). */
static int run(struct alloc_sim *s, const struct replay_in *in)
{
	struct lz g = {0};
	int r = -1;
	/* a layer makes at most 48 lazy nodes */
	if (replay_lazy_init(&g.lz, s, (int)(48 * in->m->layers + 64)) == 0) {
		g.lz.emit_piece = emit_piece;
		r = build(&g, in);
	}
	replay_lazy_free(&g.lz);
	return r;
}

/* Every tensor build() writes is at most 8 B x (nt + 8) x one of these
 * widths (n_seqs is at most nt; the states' d_conv - 1 rows a sequence
 * are in the conv widths): checked once, so that no size wraps on a
 * hostile model (alloc_sim refuses a sum past its limit). */
static int too_wide(const struct model *m, const struct kv_alloc *a, int64_t nt)
{
	int64_t cells =
	    a->full_cells > a->swa_cells ? a->full_cells : a->swa_cells;
	int64_t u = m->experts_used > 3 ? m->experts_used : 3,
		kvh = m->kv_heads > m->heads ? m->kv_heads : m->heads;
	int64_t pairs[][2] = {
	    {m->embd, u},
	    {m->ff, u},
	    {cells, m->heads},
	    {kvh, m->head_dim},
	    {kvh, m->head_dim_v},
	    {m->ssm_d_state + 2, m->ssm_d_inner},
	    {m->ssm_dt_rank + 2 * m->ssm_d_state, 1},
	    {m->ssm_d_conv + 1, m->ssm_d_inner},
	    {m->shortconv_l_cache + 3, m->embd},
	    {m->vocab, 1},
	    {m->experts, 1},
	};
	int64_t widest = 0, r;
	for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
		if (pairs[i][0] < 0 || pairs[i][1] < 0 ||
		    __builtin_mul_overflow(pairs[i][0], pairs[i][1], &r))
			return 1;
		widest = r > widest ? r : widest;
	}
	return __builtin_mul_overflow(widest, nt + 8, &r) ||
	       __builtin_mul_overflow(r, 8, &r) || r > ALLOC_SIM_MAX_BYTES / 8;
}

int compute_hybrid_replay_bytes(const struct model *m, const struct deploy *d,
				int64_t ub, const struct kv_alloc *a,
				int64_t *out)
{
	struct replay_in in = replay_in_of(m, d, a, ub, graph_of(m));
	if (!in.row || m->layers > MODEL_MAX_LAYERS || too_wide(m, a, in.nt))
		return -1;
	/* at most 48 alloc_sim nodes a layer and one more an expert used
	 * (replay_moe_ffn's sum) */
	return replay_run((int)((48 + m->experts_used) * m->layers + 64), run,
			  &in, out);
}
