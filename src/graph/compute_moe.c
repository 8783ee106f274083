/*
 * compute_moe: the CPU compute buffer of the MoE reserve graphs (gpt-oss,
 * Llama 4, Qwen3-MoE, GLM-4.5, DeepSeek-V2/V3 and Kimi K2), replayed tensor by
 * tensor through ggml-alloc's rules (src/graph/alloc_sim.c).  Their peak is
 * mostly the logits, but where they land depends on the holes the expert
 * tensors leave among the freed graph inputs (3 to 7.8 [n_embd] rows a token
 * above the bottom on gpt-oss-20b over tests/engine.sh's matrix), which no
 * single formula followed to 2 %.  The graphs are the families' builders (their
 * moe_graph) with llama-graph.cpp build_attn (with and without flash
 * attention), build_moe_ffn and build_ffn, each node's order (ggml's
 * depth-first build order, not the source's), size and in-place reuse
 * checked against ggml-alloc's own trace (tools/alloc-trace.sh).
 */
#include "graph/compute_moe.h"
#include "graph/compute_dsa_replay.h"

#include "graph/alloc_sim.h"
#include "model/family.h"
#include "graph/replay_graph.h"

/* What the layers' FFNs hold (model_layer): dense layers among the MoE
 * ones, each with its width given, and shared experts beside the routed
 * ones. */
struct ffn_kinds {
	int dense, dense_known, shared;
};

static struct ffn_kinds ffn_kinds_of(const struct model *m)
{
	struct ffn_kinds k = {.dense_known = 1};
	for (int64_t il = 0; il < m->layers - m->nextn_layers; il++) {
		struct model_layer L = model_layer(m, il);
		k.dense |= !L.moe;
		k.dense_known &= L.moe || L.ff > 0;
		k.shared |= L.moe && L.ff_shexp > 0;
	}
	return k;
}

int compute_moe_modelled(const struct model *m)
{
	/* a dense layer's width (Maverick's interleaved ones, DeepSeek's
	 * lead) must be given to be the described graph */
	const struct family_moe_graph *g = FAMILY_PART(m, moe_graph);
	if (!g || m->experts <= 0)
		return 0;
	struct ffn_kinds k = ffn_kinds_of(m);
	return m->experts_used > 0 && m->embd > 0 && m->ff > 0 &&
	       (!k.dense || k.dense_known) &&
	       (!(g->flags & MG_DENSE_LEAD) || k.shared) &&
	       (!(g->flags & MG_MLA) ||
		(m->kind == ATTN_MLA && m->mla_latent_cache &&
		 m->kv_lora_rank > 0)) &&
	       (g->flags & MG_DSA ? compute_dsa_replayable(m)
				  : !m->indexer_head_dim);
}

/* A graph no family file describes, or one whose widths its family's
 * graph needs are not given: Qwen3-MoE's (softmax gating, or the family's
 * own), with what the model's fields say its layers have, each as the
 * families that have it build it: dense lead layers and shared experts
 * (deepseek2.cpp, glm4-moe.cpp), the MLA latent (deepseek2.cpp) and the
 * lightning indexer (deepseek32.cpp).  A plain estimate. */
static struct family_moe_graph plain_graph_of(const struct model *m)
{
	const struct family_moe_graph *f = FAMILY_PART(m, moe_graph);
	struct family_moe_graph g = {.gating = f ? f->gating : GATE_SOFTMAX};
	g.flags = f ? f->flags & ~(unsigned)(MG_SHARED | MG_DENSE_LEAD |
					     MG_MLA | MG_DSA)
		    : 0;
	struct ffn_kinds k = ffn_kinds_of(m);
	if (k.dense)
		g.flags |= MG_DENSE_LEAD;
	if (k.shared)
		g.flags |= MG_SHARED;
	if (m->kind == ATTN_MLA && m->mla_latent_cache && m->kv_lora_rank > 0)
		g.flags |= MG_MLA;
	if ((g.flags & MG_MLA) && compute_dsa_plain(m))
		g.flags |= MG_DSA;
	return g;
}

int compute_moe_plain(const struct model *m)
{
	/* any sliding window: build() replays both caches, as gpt-oss's */
	return !compute_moe_modelled(m) && m->experts > 0 &&
	       m->experts <= 1024 && m->experts_used > 0 && m->embd > 0 &&
	       m->ff > 0 && m->layers <= MODEL_MAX_LAYERS;
}

/* The width of a dense layer's FFN (a lead layer, or one between MoE
 * layers): n_ff's own value where the file gives one, else the experts'
 * width, as a plain estimate. */
static int64_t dense_ff(const struct model_layer *L)
{
	return L->ff > 0 ? L->ff : L->ff_exp;
}

#define N(bytes, ...) REPLAY_NODE(s, (bytes), __VA_ARGS__)

/* deepseek2.cpp's MLA attention of one layer on the latent cache, read
 * off ggml-alloc's trace (tools/alloc-trace.sh on tests/engine.sh's
 * DeepSeek-V2-Lite and Kimi K2): its output before wo. */
static int mla_attn(struct alloc_sim *s, const struct model *m,
		    const struct deploy *d, const struct kv_alloc *a,
		    int64_t nt, int norm, int pos, int kidx, int mask,
		    int64_t cells)
{
	int64_t H = m->heads, R = m->kv_lora_rank, rope = m->qk_rope_head_dim,
		nope = m->qk_nope_head_dim;
	int64_t Vh = m->v_head_dim;
	/* q = wq (V2-Lite; q_lora_rank's wq_a / norm / wq_b are not in struct
	 * model), then q_nope absorbed through wk_b [R, H], q_pe's RoPE, their
	 * concat */
	int q = N(4 * H * (nope + rope) * nt, norm);
	int qna = N(4 * R * H * nt, q), qpe = N(4 * rope * H * nt, q, pos);
	int qcur = N(4 * (R + rope) * H * nt, qna, qpe);
	/* kv_cmpr_pe = wkv_a_mqa; the latent's RMS norm on its view (a new
	 * tensor, the MUL in place); k_pe's RoPE; Kcur their concat, set into
	 * the cache */
	int kvp = N(4 * (R + rope) * nt, norm);
	int kvn = N(4 * R * nt, kvp), kpe = N(4 * rope * nt, kvp, pos);
	int kcur = N(4 * (R + rope) * nt, kvn, kpe);
	N(ALLOC_SIM_NOALLOC, kcur, kidx);
	int o;
	if (d->flash_attn) {
		/* ggml_flash_attn_ext on the latent: [R, H, nt] */
		o = N(4 * R * H * nt, qcur, mask);
	} else {
		/* build_attn_mha: v_cont, the latent of every cell of every
		 * stream in the cache's type; kq F32 [n_kv, nt, H], the
		 * soft_max in place; kqv [R, nt, H] */
		int vc =
		    N(model_cache_bytes(m->k_type, R) * cells * a->streams, -1);
		int kq = N(4 * cells * nt * H, qcur);
		int sm = N(ALLOC_SIM_INPLACE, kq, mask);
		o = N(4 * R * H * nt, sm, vc);
	}
	/* wv_b [Vh, H] (v_mla), then the permuted ggml_cont */
	int mla = N(4 * Vh * H * nt, o);
	return N(4 * Vh * H * nt, mla);
}

/* The graph of one ubatch of nt tokens (no outputs) against every cell. */
static int build(struct alloc_sim *s, const struct replay_in *in)
{
	const struct model *m = in->m;
	const struct deploy *d = in->d;
	const struct kv_alloc *a = in->a;
	int64_t nt = in->nt, no = in->no;
	const struct family_moe_graph *g = in->row;
	int64_t E = m->embd;
	int fa = d->flash_attn, caches = a->windowed ? 2 : 1, scale = -1;
	struct replay_attn_in ra;
	replay_attn_in_init(&ra, m);
	/* the inputs, in the order the graph first reads them: inp_tokens
	 * (build_inp_embd; inp_embd beside it, read by no node), inp_pos, layer
	 * 0's cache's inputs, Llama 4's inp_attn_scale (first read by the first
	 * full layer, before its cache's), the other cache's, out_ids */
	int tok = alloc_sim_input(s, 4 * nt);
	alloc_sim_input(s, 4 * E * nt);
	struct dsa_inputs dsa;
	if ((g->flags & MG_DSA) &&
	    compute_dsa_inputs(s, m, d, a, nt, m->layers - m->nextn_layers,
			       &dsa) < 0)
		return -1;
	int pos = g->flags & MG_DSA ? dsa.pos : alloc_sim_input(s, 4 * nt);
	int first = replay_layer_sliding(m, a, 0);
	for (int k = 0; k < caches && !(g->flags & MG_DSA); k++) {
		int c = (first + k) %
			caches; /* 0: the full cache, 1: the sliding one */
		if (c == 0 && caches == 2 && a->global_layers == 0)
			continue; /* no layer reads the full cache */
		if (k == 1 && (g->flags & MG_NOPE_SCALE))
			scale = alloc_sim_input(s, 4 * nt);
		/* MLA: V is a view of K, no v_idxs */
		replay_cache_inputs(s, m, fa, nt,
				    c == 0 ? a->full_cells : a->swa_cells,
				    (g->flags & MG_MLA) != 0, &ra, c);
	}
	if (scale < 0 && (g->flags & MG_NOPE_SCALE))
		scale = alloc_sim_input(s, 4 * nt);
	int out_ids = alloc_sim_input(s, 4 * no);
	int cur =
	    N(4 * E * nt, tok); /* embd: ggml_get_rows(tok_embd, inp_tokens) */
	unsigned attn_flags = ((g->flags & MG_QK_NORM) ? RA_QK_NORM : 0) |
			      ((g->flags & MG_V_FIRST) ? RA_V_FIRST : 0);
	unsigned moe_flags =
	    ((g->flags & MG_WEIGHT_BEFORE) ? RM_WEIGHT_BEFORE : 0) |
	    ((g->flags & MG_NORM_W) ? RM_NORM_W : 0);
	/* the nextn / MTP layers are not in the main graph (glm4-moe.cpp:
	 * n_layer()) */
	int64_t n_layer = m->layers - m->nextn_layers;
	for (int64_t il = 0; il < n_layer; il++) {
		int c = replay_layer_sliding(m, a, il);
		int64_t cells = c == 0 ? a->full_cells : a->swa_cells;
		int norm = N(4 * E * nt,
			     cur); /* attn_norm: RMS_NORM, the MUL in place */
		int att;
		if (g->flags & MG_DSA)
			att = compute_dsa_attn(s, m, d, a, nt, &dsa, il, norm);
		else if (g->flags & MG_MLA)
			att = mla_attn(s, m, d, a, nt, norm, pos, ra.kidx[c],
				       ra.mask[c], cells);
		else if ((g->flags & MG_NOPE_SCALE) && !m->layer_swa[il])
			/* llama4.cpp: n_no_rope_layer_step 4, the full layers
			 * of its 3-chunked-1-full pattern */
			att = replay_attn(s, m, fa, &ra, c, cells, nt, norm,
					  scale, attn_flags | RA_NOPE);
		else
			att = replay_attn(s, m, fa, &ra, c, cells, nt, norm,
					  pos, attn_flags);
		int wo = N(4 * E * nt, att); /* wo (+ wo_b in place) */
		int64_t n = nt;		     /* the FFN's tokens */
		int ffn_inp;
		if ((g->flags & MG_ROWS_LAST) && il == n_layer - 1) {
			/* the last layer keeps the outputs' rows only: get_rows
			 * of the attention output and of inpSA, added in place
			 */
			int r1 = N(4 * E * no, wo, out_ids),
			    r2 = N(4 * E * no, cur, out_ids);
			ffn_inp = N(ALLOC_SIM_INPLACE, r1, r2);
			n = no;
		} else {
			ffn_inp = N(ALLOC_SIM_INPLACE, wo,
				    cur); /* ffn_inp = attn_out + inpSA */
		}
		int pn = N(4 * E * n,
			   ffn_inp); /* the FFN's norm (its MUL in place) */
		/* a dense layer: DeepSeek's lead, or between Llama 4's
		 * interleaved MoE layers (Maverick) */
		struct model_layer L = model_layer(m, il);
		if (!L.moe) {
			/* build_ffn; l_out in place */
			cur = N(ALLOC_SIM_INPLACE,
				replay_ffn(s, dense_ff(&L), E, n, pn), ffn_inp);
			continue;
		}
		int out = replay_moe_ffn(s, m, g->gating, moe_flags, n, pn);
		if (g->flags & MG_SHARED) {
			/* build_ffn of the shared expert (DeepSeek, GLM:
			 * shared_experts of ff as one FFN; one of ff when the
			 * file gives no count) */
			int64_t SF = L.ff_shexp > 0 ? L.ff_shexp : L.ff_exp;
			out = N(ALLOC_SIM_INPLACE, out,
				replay_ffn(s, SF, E, n, pn));
		}
		cur = N(ALLOC_SIM_INPLACE, out,
			ffn_inp); /* l_out = the FFN's output + ffn_inp */
	}
	int rows = cur;
	if (g->flags & MG_NEXTN_OUT) {
		/* res->t_h_nextn = the last l_out: a graph output, kept */
		alloc_sim_output(s, cur);
		rows = N(4 * E * no, cur,
			 out_ids); /* ggml_get_rows(cur, inp_out_ids) */
	}
	/* the output norm in place, then result_output */
	return N(4 * m->vocab * no, rows) < 0 ? -1 : 0;
}

/* Every tensor build() writes is at most 8 B x nt x one of these widths
 * (n and no are at most nt): checked once here, so that no size there wraps
 * on a hostile model (alloc_sim refuses a sum past its limit). */
static int too_wide(const struct model *m, const struct kv_alloc *a, int64_t nt)
{
	int64_t cells =
	    a->full_cells > a->swa_cells ? a->full_cells : a->swa_cells;
	/* the sparse layer's query latent and indexer queries
	 * (compute_dsa_replay.c) among them */
	int64_t w[12],
	    widest = m->vocab > m->q_lora_rank ? m->vocab : m->q_lora_rank, r,
	    latent;
	w[5] = m->experts;
	struct model_layer W = model_layer_widest(m);
	w[6] = W.ff;	   /* the dense layers' FFN */
	w[7] = W.ff_shexp; /* the shared experts' */
	/* MLA: the absorbed Q [kv_lora_rank + rope, heads], the latent of
	 * every cell (not a width a token: checked whole) */
	if (__builtin_mul_overflow(m->embd, m->experts_used, &w[0]) ||
	    __builtin_mul_overflow(m->ff, m->experts_used, &w[1]) ||
	    __builtin_mul_overflow(cells, m->heads, &w[2]) ||
	    __builtin_mul_overflow(m->heads, m->head_dim, &w[3]) ||
	    __builtin_mul_overflow(m->heads, m->head_dim_v, &w[4]) ||
	    __builtin_add_overflow(m->kv_lora_rank, m->qk_rope_head_dim, &r) ||
	    __builtin_mul_overflow(r, m->heads, &w[8]) ||
	    __builtin_add_overflow(m->qk_nope_head_dim, m->qk_rope_head_dim,
				   &r) ||
	    __builtin_mul_overflow(r, m->heads, &w[9]) ||
	    __builtin_mul_overflow(m->v_head_dim, m->heads, &w[10]) ||
	    __builtin_mul_overflow(
		model_cache_bytes(m->k_type, m->kv_lora_rank), cells,
		&latent) ||
	    __builtin_mul_overflow(latent, a->streams, &latent) ||
	    latent > ALLOC_SIM_MAX_BYTES ||
	    __builtin_mul_overflow(m->indexer_heads > 0 ? m->indexer_heads
							: m->heads,
				   m->indexer_head_dim, &w[11]))
		return 1;
	for (int i = 0; i < 12; i++)
		widest = w[i] > widest ? w[i] : widest;
	return __builtin_mul_overflow(widest, nt, &r) ||
	       __builtin_mul_overflow(r, 8, &r) || r > ALLOC_SIM_MAX_BYTES;
}

int compute_moe_bytes(const struct model *m, const struct deploy *d, int64_t ub,
		      const struct kv_alloc *a, int64_t *out)
{
	struct family_moe_graph plain = plain_graph_of(m);
	const struct family_moe_graph *g =
	    compute_moe_modelled(m) ? FAMILY_PART(m, moe_graph) : &plain;
	struct replay_in in = replay_in_of(m, d, a, ub, g);
	/* llama-model.cpp load_hparams asserts n_expert <= LLAMA_MAX_EXPERTS
	 * (1024, llama-hparams.h): beyond it there is no graph to replay, and
	 * a hostile count would ask for (40 + used) x layers nodes (4 GB) */
	if (!in.row || too_wide(m, a, in.nt) || m->experts > 1024)
		return -1;
	/* the sparse layer's indexer and mask: 40 nodes more
	 * (compute_dsa_replay.c) */
	int64_t per = 40 + m->experts_used + (m->indexer_head_dim ? 40 : 0);
	return replay_run((int)(per * m->layers + 32), build, &in, out);
}
