/*
 * compute_hybrid_replay: the reserve graphs of LFM2 (src/models/lfm2.cpp:
 * short-conv and attention layers, plain or with a sliding cache) and
 * Jamba (src/models/jamba.cpp: Mamba-1 and attention layers, MoE on the
 * odd layers) replayed through ggml-alloc's rules (src/model/alloc_sim.c).
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
 * emits it in ggml's order; every node's size, order and in-place reuse was
 * checked against ggml-alloc's own trace (tools/alloc-trace.sh) of
 * tests/engine.sh's GGUFs (lfm2-1.2b, lfm2.5-audio-tokenizer, jamba-v0.1).
 * The recurrent blocks are this file's (table-driven by family: short
 * conv, Mamba-1); the attention, the FFN and the MoE FFN are
 * src/model/replay_graph.c's pieces, each written whole when expanded.
 * Views, reshapes and the ops in place that read only weights (norm
 * weights, biases, SiLU) are not nodes here: they keep their source's slot.
 */
#include <stdlib.h>
#include <string.h>

#include "model/alloc_sim.h"
#include "model/compute_dense.h"
#include "model/compute_hybrid_replay.h"
#include "model/replay_graph.h"

/* A layer's recurrent block, by family. */
enum recr_block {
	RECR_SHORTCONV,   /* lfm2.cpp build_shortconv_block */
	RECR_MAMBA1,      /* mamba-base.cpp llm_build_mamba_base::build_mamba_layer */
};
enum {
	HF_QK_NORM_ROPE = 1 << 0,   /* attention: q/k RMS norms (new tensors), RoPE in place (lfm2.cpp) */
	HF_MOE_ODD = 1 << 1,        /* with experts, the odd layers are MoE (Jamba-v0.1's
				       expert_layer_offset 1, period 2: convert_hf_to_gguf.py
				       writes ffn_gate_inp on those only); softmax gating */
};
struct hybrid_graph {
	const char *arch;        /* GGUF general.architecture */
	enum recr_block recr;
	unsigned flags;
	/* held to 2 % of the real engine over tests/engine.sh's buffers
	 * matrix: f16 caches (and a quantized one without flash attention),
	 * and a quantized cache with flash attention */
	int modelled, modelled_rot_fa;
};
static const struct hybrid_graph graphs[] = {
	{"lfm2", RECR_SHORTCONV, HF_QK_NORM_ROPE, 1, 1},
	{"jamba", RECR_MAMBA1, HF_MOE_ODD, 1, 1},
};

static const struct hybrid_graph *graph_of(const struct model *m)
{
	for (size_t i = 0; i < sizeof graphs / sizeof graphs[0]; i++)
		if (strcmp(m->arch, graphs[i].arch) == 0)
			return &graphs[i];
	return NULL;
}

int compute_hybrid_replayed(const struct model *m)
{
	const struct hybrid_graph *g = graph_of(m);
	/* llama-model.cpp load_hparams: n_expert_used <= n_expert <= LLAMA_MAX_EXPERTS (1024) */
	if (!g || m->embd <= 0 || m->ff <= 0 || m->heads <= 0 || m->head_dim <= 0 || model_layers_of(m, LT_RECURRENT) == 0 ||
	    m->experts_used < 0 || m->experts_used > m->experts || m->experts > 1024)
		return 0;
	if (g->recr == RECR_SHORTCONV)
		return m->shortconv_l_cache > 1 && m->experts == 0;   /* LFM2-MoE's experts: not this graph */
	return m->ssm_d_inner > 0 && m->ssm_d_state > 0 && m->ssm_d_conv > 1 && m->ssm_dt_rank > 0 && m->ssm_n_group == 0 &&
	       (m->experts == 0 || m->experts_used > 0);
}

int compute_hybrid_replay_modelled(const struct model *m, int rot_fa)
{
	const struct hybrid_graph *g = graph_of(m);
	return compute_hybrid_replayed(m) && (rot_fa ? g->modelled_rot_fa : g->modelled);
}

/*
 * The lazy graph: a node is made where the builder makes its tensor and
 * handed to alloc_sim when expanded, after its sources (ggml_visit_parents:
 * depth first, sources left to right).  A graph input goes to alloc_sim
 * when a node first reads it, which is ggml_gallocr_alloc_graph_impl's
 * order of placing the inputs (every node's inputs, nodes in order).
 */
#define LZ_SRC ALLOC_SIM_SRC
/* A node that stands for a shared piece of src/model/replay_graph.c,
 * written into alloc_sim whole when expanded (its nodes are contiguous in
 * ggml's order too: the builders expand its end right away). */
enum lz_piece {
	PIECE_NONE,
	PIECE_ATTN,   /* replay_attn on layer `arg`: src norm, inp_pos */
	PIECE_FFN,    /* replay_ffn over `arg` tokens: src the normed input */
	PIECE_MOE,    /* replay_moe_ffn over `arg` tokens, softmax gating */
};
struct lz_node {
	int64_t bytes;     /* or ALLOC_SIM_NOALLOC; a node in place has `inplace` set */
	int src[LZ_SRC];   /* lazy ids, in the op's source order */
	int nsrc;
	int inplace;       /* the source whose slot it takes (ggml_gallocr_allocate_node), -1 none */
	int input;
	enum lz_piece piece;
	int64_t arg;
	int sim;           /* its alloc_sim id once emitted (a piece's last node), -1 before */
};
struct lz {
	struct lz_node *n;
	int count, max, broken;
	int *stack;        /* the depth-first walk: [max] lazy ids */
	struct alloc_sim *s;
	/* what the pieces read */
	const struct model *m;
	const struct kv_alloc *a;
	int fa, iswa;
	int64_t nt;
	unsigned attn_flags;
	struct replay_attn_in ra;
	int cache_placed[2];
};

static int lz_add(struct lz *g, int64_t bytes, int input, int inplace, int nsrc, const int *src)
{
	if (g->count >= g->max || nsrc > LZ_SRC) {
		g->broken = 1;
		return -1;
	}
	struct lz_node *t = &g->n[g->count];
	*t = (struct lz_node){.bytes = bytes, .inplace = -1, .input = input, .sim = -1};
	for (int i = 0; i < nsrc; i++) {
		if (src[i] < 0)
			continue;
		if (i == inplace)
			t->inplace = t->nsrc;
		t->src[t->nsrc++] = src[i];
	}
	if (inplace >= 0 && t->inplace < 0)
		g->broken = 1;
	return g->count++;
}

/* A shared piece into alloc_sim.  A cache's inputs are placed when its
 * first attention layer reads them (after inp_pos, which Q's RoPE reads
 * first): ggml-alloc's order of first use. */
static void lz_emit_piece(struct lz *g, struct lz_node *t)
{
	int x = g->n[t->src[0]].sim;
	const struct model *m = g->m;
	if (t->piece == PIECE_FFN) {
		t->sim = replay_ffn(g->s, m->ff, m->embd, t->arg, x);
	} else if (t->piece == PIECE_MOE) {
		/* jamba.cpp: LLAMA_EXPERT_GATING_FUNC_TYPE_SOFTMAX, no norm_w */
		t->sim = replay_moe_ffn(g->s, m, GATE_SOFTMAX, 0, t->arg, x);
	} else {
		int64_t il = t->arg;
		int c = g->iswa && m->layer_swa[il] ? 1 : 0;
		if (!g->cache_placed[c])
			replay_cache_inputs(g->s, m, g->fa, g->nt, c == 0 ? g->a->full_cells : g->a->swa_cells, 0, &g->ra, c);
		g->cache_placed[c] = 1;
		t->sim = replay_attn(g->s, m, g->fa, &g->ra, c, g->a->layer_cells[il], g->nt, x,
				     t->nsrc > 1 ? g->n[t->src[1]].sim : -1, g->attn_flags);
	}
	if (t->sim < 0)
		g->broken = 1;
}

/* Hands node id to alloc_sim: its in-place source first (alloc_sim takes
 * the first source's slot), the rest in order. */
static void lz_emit(struct lz *g, int id)
{
	struct lz_node *t = &g->n[id];
	if (t->input) {
		t->sim = alloc_sim_input(g->s, t->bytes);
		return;
	}
	if (t->piece != PIECE_NONE) {
		lz_emit_piece(g, t);
		return;
	}
	int src[LZ_SRC], k = 0;
	if (t->inplace >= 0)
		src[k++] = g->n[t->src[t->inplace]].sim;
	for (int i = 0; i < t->nsrc; i++)
		if (i != t->inplace)
			src[k++] = g->n[t->src[i]].sim;
	t->sim = alloc_sim_node(g->s, t->inplace >= 0 ? ALLOC_SIM_INPLACE : t->bytes, k, src);
	if (t->sim < 0)
		g->broken = 1;
}

/* ggml_build_forward_expand: id and every source not yet emitted, depth
 * first (an explicit stack: a hostile model's chains stay off the C stack). */
static void lz_expand(struct lz *g, int id)
{
	int sp = 0;
	if (id < 0 || g->broken) {
		g->broken = 1;
		return;
	}
	if (g->n[id].sim >= 0)
		return;
	g->stack[sp++] = id;
	while (sp > 0) {
		struct lz_node *t = &g->n[g->stack[sp - 1]];
		int next = -1;
		for (int i = 0; i < t->nsrc && next < 0; i++)
			if (g->n[t->src[i]].sim < 0)
				next = t->src[i];
		if (next < 0) {
			lz_emit(g, g->stack[--sp]);
			continue;
		}
		if (sp >= g->max) {
			g->broken = 1;
			return;
		}
		g->stack[sp++] = next;
	}
}

#define NCOUNT(...) ((int)(sizeof((int[]){__VA_ARGS__}) / sizeof(int)))
/* a new tensor of `bytes` reading the sources */
#define NEW(bytes, ...) lz_add(g, (bytes), 0, -1, NCOUNT(__VA_ARGS__), (int[]){__VA_ARGS__})
/* an op computed in place on its source number `which` */
#define INPL(which, ...) lz_add(g, 0, 0, (which), NCOUNT(__VA_ARGS__), (int[]){__VA_ARGS__})
/* a copy into a cache (set_rows, ggml_cpy into a state view): outside the buffer */
#define STORE(...) lz_add(g, ALLOC_SIM_NOALLOC, 0, -1, NCOUNT(__VA_ARGS__), (int[]){__VA_ARGS__})

static int lz_input(struct lz *g, int64_t bytes)
{
	return lz_add(g, bytes, 1, -1, 0, NULL);
}

/* a tensor already in alloc_sim (a shared piece's input): its sim id */
static int lz_extern(struct lz *g, int sim)
{
	int id = lz_add(g, 0, 0, -1, 0, NULL);
	if (id >= 0)
		g->n[id].sim = sim;
	if (sim < 0)
		g->broken = 1;
	return id;
}

/* a shared piece reading the sources */
static int lz_piece(struct lz *g, enum lz_piece piece, int64_t arg, int nsrc, const int *src)
{
	int id = lz_add(g, 0, 0, -1, nsrc, src);
	if (id >= 0)
		g->n[id].piece = piece, g->n[id].arg = arg;
	return id;
}

/* What the layers share: the shapes and the graph inputs' lazy ids. */
struct shape {
	int64_t E, nt, no, ns;   /* n_embd, n_tokens, n_outputs, n_seqs */
	int tok, s_copy, pos, out_ids;
};

/* llama-graph.cpp build_rs: the states' get_rows (expanded), then the copy
 * of the extra states (a zero-row get_rows here: the reserve's n_rs is
 * n_seqs), both reading rs_s_copy. */
static int build_rs(struct lz *g, const struct shape *sh, int64_t state_bytes)
{
	int rows = NEW(state_bytes, sh->s_copy);
	lz_expand(g, rows);
	lz_expand(g, STORE(NEW(0, sh->s_copy)));
	return rows;
}

/* lfm2.cpp build_shortconv_block on the normed input x: its output */
static int shortconv(struct lz *g, const struct model *m, const struct shape *sh, int x)
{
	int64_t E = sh->E, nt = sh->nt, d_conv = m->shortconv_l_cache - 1;
	int bcx = NEW(4 * 3 * E * nt, x);                     /* in_proj [3 n_embd] */
	int bx = NEW(4 * E * nt, bcx);                        /* b * x (views of bcx) */
	int conv = build_rs(g, sh, 4 * model_embd_r(m) * sh->ns);
	int cat = NEW(4 * E * (nt + d_conv * sh->ns), conv, bx);   /* the state prepended */
	lz_expand(g, STORE(cat));                             /* the new conv state */
	int co = NEW(4 * E * nt, cat);                        /* ggml_ssm_conv */
	int y = INPL(1, bcx, co);                             /* c * conv_out, in conv_out's slot */
	return NEW(4 * E * nt, y);                            /* out_proj */
}

/* mamba-base.cpp build_mamba_layer on the normed input x: its output */
static int mamba1(struct lz *g, const struct model *m, const struct shape *sh, int x)
{
	int64_t E = sh->E, nt = sh->nt, ns = sh->ns, DI = m->ssm_d_inner, DS = m->ssm_d_state;
	int64_t R = m->ssm_dt_rank, dc = m->ssm_d_conv - 1;
	int conv = build_rs(g, sh, 4 * model_embd_r(m) * ns);
	int xz = NEW(4 * 2 * DI * nt, x);                     /* ssm_in: x and z */
	int cat = NEW(4 * DI * (nt + dc * ns), conv, xz);     /* conv_x: the state, x transposed */
	lz_expand(g, STORE(cat));                             /* the last d_conv - 1 columns */
	int xc = NEW(4 * DI * nt, cat);                       /* ssm_conv (+ bias, SiLU in place) */
	int xdb = NEW(4 * (R + 2 * DS) * nt, xc);             /* ssm_x: dt, B, C */
	int dt = NEW(4 * R * nt, xdb);                        /* dt's RMS norm */
	int b = NEW(4 * DS * nt, xdb), c = NEW(4 * DS * nt, xdb);
	int dt2 = NEW(4 * DI * nt, dt);                       /* ssm_dt (+ bias in place) */
	/* build_rs with get_ssm_rows: ggml_ssm_scan is the states' "rows":
	 * y [d_inner, n_tokens] and the last states [d_state, d_inner, n_seqs].
	 * It reads rs_s_copy too, left out (alloc_sim takes 4 sources): the
	 * extra states' get_rows just after reads it later */
	int scan = NEW(4 * (DI * nt + DS * DI * ns), xc, dt2, b, c);
	lz_expand(g, scan);
	lz_expand(g, STORE(NEW(0, sh->s_copy)));
	lz_expand(g, STORE(scan));                            /* store the last states */
	int zc = NEW(4 * DI * nt, xz);                        /* ggml_cont(z) */
	int xd = INPL(0, xc);                                 /* x * D */
	int y = INPL(1, scan, xd);                            /* y + x * D, in x's slot */
	int sw = NEW(4 * DI * nt, zc, y);                     /* swiglu_split(z, y) */
	return NEW(4 * E * nt, sw);                           /* ssm_out */
}

/* llama-graph.cpp build_attn (llm_graph_input_attn_kv: q, v, k expanded in
 * that order; _iswa for a sliding cache: q, k, v) after build_qkv,
 * lfm2.cpp's q/k norms and RoPE or Jamba's none: replay_attn up to the
 * attention output, which build_attn_mha expands; V's un-rotation and wo
 * stay in the layer's tail (the next layer's state get_rows come first) */
static int attention(struct lz *g, const struct shape *sh, int64_t il, int x)
{
	int att = lz_piece(g, PIECE_ATTN, il, 2, (int[]){x, sh->pos});
	lz_expand(g, att);
	int64_t O = g->m->heads * g->m->head_dim_v, nt = sh->nt;
	if (g->ra.nv)   /* V's un-rotation, reading the cache's attn_inp_v_rot */
		att = NEW(4 * O * nt, att, lz_extern(g, g->ra.vrot[g->iswa && g->m->layer_swa[il] ? 1 : 0]));
	return NEW(4 * sh->E * nt, att);   /* wo */
}

static int build(struct lz *g, const struct replay_in *in)
{
	const struct model *m = in->m;
	const struct deploy *d = in->d;
	const struct hybrid_graph *hg = in->row;
	int64_t nt = in->nt, no = in->no;
	struct shape sh = {.E = m->embd, .nt = nt, .no = no, .ns = d->n_seq};
	int64_t E = m->embd;
	g->m = m, g->a = in->a, g->fa = d->flash_attn, g->nt = nt;
	/* lfm2.cpp graph<iswa>: a sliding window makes the hybrid iswa input */
	g->iswa = m->sliding_window > 0 && (hg->flags & HF_QK_NORM_ROPE);
	/* llm_graph_input_attn_kv expands V before K, the iswa input K first */
	g->attn_flags = (hg->flags & HF_QK_NORM_ROPE ? RA_QK_NORM : RA_NO_ROPE) | (g->iswa ? 0 : RA_V_FIRST) | RA_NO_UNROT;
	replay_attn_in_init(&g->ra, m);
	/* the inputs, placed when first read: inp_tokens and inp_embd
	 * (build_inp_embd's two paths, ggml_build_forward_select) first; the
	 * caches' with their first attention layer (lz_emit_piece) */
	sh.tok = lz_input(g, 4 * nt);
	lz_expand(g, sh.tok);
	lz_expand(g, lz_input(g, 4 * E * nt));
	sh.s_copy = lz_input(g, 4 * d->n_seq);   /* build_rs_inp: n_rs I32 */
	sh.pos = hg->flags & HF_QK_NORM_ROPE ? lz_input(g, 4 * nt) : -1;   /* Jamba: no RoPE, no inp_pos */
	sh.out_ids = lz_input(g, 4 * no);
	int cur = NEW(4 * E * nt, sh.tok);   /* get_rows(tok_embd, inp_tokens) */
	lz_expand(g, cur);
	for (int64_t il = 0; il < m->layers; il++) {
		int last = il == m->layers - 1;
		int norm = NEW(4 * E * nt, cur);   /* attn_norm / operator_norm */
		int out;
		if (m->layer_type[il] == LT_RECURRENT)
			out = hg->recr == RECR_SHORTCONV ? shortconv(g, m, &sh, norm) : mamba1(g, m, &sh, norm);
		else
			out = attention(g, &sh, il, norm);
		int64_t n = nt;
		int ffn_inp;
		if (last) {
			/* the last layer keeps the outputs' rows: get_rows of the
			 * block's output and of its input, added in place on the latter */
			int rows = NEW(4 * E * no, out, sh.out_ids);
			ffn_inp = INPL(0, NEW(4 * E * no, cur, sh.out_ids), rows);
			n = no;
		} else {
			ffn_inp = INPL(0, cur, out);
		}
		int fn = NEW(4 * E * n, ffn_inp);   /* ffn_norm */
		int fo;
		if ((hg->flags & HF_MOE_ODD) && m->experts > 0 && il % 2 == 1) {
			/* build_moe_ffn expands its weights, experts and their sum */
			fo = lz_piece(g, PIECE_MOE, n, 1, (int[]){fn});
			lz_expand(g, fo);
		} else {
			fo = lz_piece(g, PIECE_FFN, n, 1, (int[]){fn});   /* build_ffn expands nothing */
		}
		cur = INPL(0, ffn_inp, fo);         /* l_out */
	}
	/* the output norm in place, then the logits */
	lz_expand(g, NEW(4 * m->vocab * no, INPL(0, cur)));
	return g->broken ? -1 : 0;
}

/* The lazy graph's room, then build() into s (replay_run's builder). */
static int run(struct alloc_sim *s, const struct replay_in *in)
{
	/* a layer makes at most 48 lazy nodes */
	int max = (int)(48 * in->m->layers + 64), r = -1;
	struct lz g = {.max = max, .s = s};
	g.n = calloc((size_t)max, sizeof *g.n);
	g.stack = calloc((size_t)max, sizeof *g.stack);
	if (g.n && g.stack)
		r = build(&g, in);
	free(g.stack);
	free(g.n);
	return r;
}

/* Every tensor build() writes is at most 8 B x (nt + 8) x one of these
 * widths (n_seqs is at most nt; the states' d_conv - 1 rows a sequence
 * are in the conv widths): checked once, so that no size wraps on a
 * hostile model (alloc_sim refuses a sum past its limit). */
static int too_wide(const struct model *m, const struct kv_alloc *a, int64_t nt)
{
	int64_t cells = a->full_cells > a->swa_cells ? a->full_cells : a->swa_cells;
	int64_t u = m->experts_used > 3 ? m->experts_used : 3, kvh = m->kv_heads > m->heads ? m->kv_heads : m->heads;
	int64_t pairs[][2] = {
		{m->embd, u}, {m->ff, u}, {cells, m->heads}, {kvh, m->head_dim}, {kvh, m->head_dim_v},
		{m->ssm_d_state + 2, m->ssm_d_inner}, {m->ssm_dt_rank + 2 * m->ssm_d_state, 1},
		{m->ssm_d_conv + 1, m->ssm_d_inner}, {m->shortconv_l_cache + 3, m->embd}, {m->vocab, 1}, {m->experts, 1},
	};
	int64_t widest = 0, r;
	for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
		if (pairs[i][0] < 0 || pairs[i][1] < 0 || __builtin_mul_overflow(pairs[i][0], pairs[i][1], &r))
			return 1;
		widest = r > widest ? r : widest;
	}
	return __builtin_mul_overflow(widest, nt + 8, &r) || __builtin_mul_overflow(r, 8, &r) ||
	       r > ALLOC_SIM_MAX_BYTES / 8;
}

int compute_hybrid_replay_bytes(const struct model *m, const struct deploy *d, int64_t ub, const struct kv_alloc *a,
				int64_t *out)
{
	struct replay_in in = replay_in_of(m, d, a, ub, graph_of(m));
	if (!in.row || !compute_hybrid_replayed(m) || m->layers > MODEL_MAX_LAYERS || too_wide(m, a, in.nt))
		return -1;
	/* at most 48 alloc_sim nodes a layer and one more an expert used
	 * (replay_moe_ffn's sum) */
	return replay_run((int)((48 + m->experts_used) * m->layers + 64), run, &in, out);
}
