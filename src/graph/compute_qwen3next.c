/*
 * compute_qwen3next: the CPU compute buffer of the gated-delta-net hybrids,
 * Qwen3-Next (src/models/qwen3next.cpp llama_model_qwen3next::graph) and
 * Qwen3.5 dense (src/models/qwen35.cpp llama_model_qwen35::graph), replayed
 * tensor by tensor through ggml-alloc's rules (src/graph/alloc_sim.c).
 * Three of every four layers are a gated delta net (delta-net-base.cpp
 * build_conv_state, build_recurrent_attn with the fused
 * ggml_gated_delta_net the CPU backend runs), the fourth a gated attention
 * (src/graph/replay_graph.c, RA_GATED_Q); the FFN is Qwen3-Next's MoE with
 * a sigmoid-gated shared expert or Qwen3.5's dense one.  Where their peak
 * falls (the logits above the last layer's rows, or the delta net's conv
 * tensors, or K·Q) moves with the holes the freed inputs leave, which no
 * peak formula followed to the byte.  Each node's order, size and in-place
 * reuse was read off ggml-alloc's trace (tools/alloc-trace.sh on
 * tests/engine.sh's qwen3-next-80b and qwen3.5-27b GGUFs, f16 and q8_0
 * caches, flash attention on and off).
 */
#include <string.h>

#include "graph/compute_qwen3next.h"
#include "graph/replay_graph.h"

#define N(bytes, ...) REPLAY_NODE(s, (bytes), __VA_ARGS__)

int compute_qwen3next_graph(const struct model *m)
{
	const struct family_gdn_graph *g = FAMILY_PART(m, gdn_graph);
	return g && m->embd > 0 && m->ff > 0 && m->heads > 0 &&
	       m->head_dim > 0 && m->ssm_d_conv > 0 && m->ssm_d_inner > 0 &&
	       m->ssm_d_state > 0 && m->ssm_n_group > 0 && m->ssm_dt_rank > 0 &&
	       m->ssm_d_inner % m->ssm_dt_rank == 0 &&
	       (!(g->flags & GD_MOE) ||
		(m->experts > 0 && m->experts_used > 0 &&
		 m->experts <= 1024)) &&
	       (g->flags & GD_MOE || m->experts == 0);
}

int compute_qwen3next_modelled(const struct model *m)
{
	return compute_qwen3next_graph(m) &&
	       FAMILY_PART(m, gdn_graph)->modelled;
}

/* The widths of one gated delta net (qwen3next.cpp build_layer_attn_linear:
 * head_k_dim = ssm_d_state, num_k_heads = ssm_n_group, num_v_heads =
 * ssm_dt_rank, head_v_dim = d_inner / num_v_heads). */
struct gdn_dims {
	int64_t SK, HK, SV, HV,
	    C; /* C: the conv channels, d_inner + 2 n_group d_state */
};

/* One delta-net layer from its normed input `norm`: the output projection
 * (before the residual).  ns sequences of nt / ns tokens each (the reserve
 * ubatch splits evenly); rs the graph input rs_s_copy. */
static int gdn_layer(struct alloc_sim *s, const struct model *m, unsigned flags,
		     const struct gdn_dims *g, int64_t nt, int64_t ns, int norm,
		     int rs)
{
	int64_t E = m->embd, DI = m->ssm_d_inner, K1 = m->ssm_d_conv - 1;
	/* build_conv_state: build_rs's get_rows of the conv states [(K-1) C,
	 * ns] (its extra states' get_rows is 0 B and left out), the qkv
	 * projection, their concat along time; the last K-1 columns copied back
	 * into the cache (no allocation) */
	int cs = N(4 * K1 * g->C * ns, rs);
	int qkv = N(4 * g->C * nt, norm);
	int ci = N(4 * (K1 + nt / ns) * g->C * ns, cs, qkv);
	N(ALLOC_SIM_NOALLOC, ci);
	/* build_rs of the delta net's state [SV SV HV, ns] */
	int st = N(4 * g->SV * g->SV * g->HV * ns, rs);
	/* ggml_ssm_conv [C, nt], its silu in place; q and k (views of it) L2
	 * normed (build_gdn_l2_norm: rms_norm, the scale in place), repeated
	 * to the V heads where the builder does */
	int co = N(4 * g->C * nt, ci);
	int rep = (flags & GD_REPEAT) && g->HK != g->HV;
	int q = N(4 * g->SK * g->HK * nt, co);
	if (rep)
		q = N(4 * g->SK * g->HV * nt, q);
	int k = N(4 * g->SK * g->HK * nt, co);
	if (rep)
		k = N(4 * g->SK * g->HV * nt, k);
	/* the gate (alpha: bias, softplus, times A) and beta (sigmoid), [HV,
	 * nt] each */
	int gate, beta;
	if (flags & GD_BA_FUSED) {
		int ba = N(4 * 2 * g->HV * nt, norm);
		gate = N(4 * g->HV * nt, ba); /* a's cont; the rest in place */
		beta =
		    N(4 * g->HV * nt, ba); /* b's cont; the sigmoid in place */
	} else {
		/* qwen35.cpp: two projections; alpha's bias add and beta's
		 * sigmoid read reshaped views, so they are new tensors */
		int al = N(4 * g->HV * nt, norm);
		gate = N(4 * g->HV * nt, al);
		int bm = N(4 * g->HV * nt, norm);
		beta = N(4 * g->HV * nt, bm);
	}
	/* ggml_gated_delta_net: the output [SV HV, nt] and the new state
	 * [SV SV HV, ns] in one tensor; the state copied into the cache */
	int dn = N(4 * (g->SV * g->HV * nt + g->SV * g->SV * g->HV * ns), q, k,
		   co, gate, beta, st);
	N(ALLOC_SIM_NOALLOC, dn);
	/* build_norm_gated: the RMS norm of the output (its weight in place)
	 * times silu(z); z = wqkv_gate(norm) is built here, in the graph's
	 * depth-first order, and its silu is a new tensor (z is reshaped) */
	int on = N(4 * DI * nt, dn);
	int z = N(4 * DI * nt, norm);
	int zs = N(4 * DI * nt, z);
	int gated = N(ALLOC_SIM_INPLACE, on, zs);
	return N(4 * E * nt, gated); /* ssm_out */
}

/* The graph of one ubatch of nt tokens (no outputs) against every cell. */
static int build(struct alloc_sim *s, const struct replay_in *in)
{
	const struct model *m = in->m;
	const struct deploy *d = in->d;
	const struct kv_alloc *a = in->a;
	int64_t nt = in->nt, no = in->no;
	const struct family_gdn_graph *gr = in->row;
	int64_t E = m->embd, ns = d->n_seq, cells = a->full_cells;
	int fa = d->flash_attn;
	struct gdn_dims g = {m->ssm_d_state, m->ssm_n_group,
			     m->ssm_d_inner / m->ssm_dt_rank, m->ssm_dt_rank,
			     m->ssm_d_inner +
				 2 * m->ssm_n_group * m->ssm_d_state};
	struct replay_attn_in ra;
	replay_attn_in_init(&ra, m);
	/* the inputs in the order ggml's depth-first walk first meets them:
	 * inp_tokens, inp_embd, rs_s_copy (one I32 a sequence, llama-graph.cpp
	 * build_rs_inp), the K rotation (read by Q's hadamard ahead of RoPE's
	 * positions), inp_pos, the cache's other inputs, out_ids */
	int tok = alloc_sim_input(s, 4 * nt);
	alloc_sim_input(s, 4 * E * nt);
	int rs = alloc_sim_input(s, 4 * ns);
	int pos = replay_pos_input(s, ra.nk, &ra.krot[0],
				   4 * nt * ((gr->flags & GD_MROPE) ? 4 : 1));
	replay_cache_inputs(s, m, fa, nt, cells, 0, &ra, 0);
	int out_ids = alloc_sim_input(s, 4 * no);
	int cur =
	    N(4 * E * nt, tok); /* embd: ggml_get_rows(tok_embd, inp_tokens) */
	/* the nextn / MTP layers are not in the main graph (n_layer()) */
	int64_t n_layer = m->layers - m->nextn_layers;
	for (int64_t il = 0; il < n_layer; il++) {
		int norm = N(4 * E * nt,
			     cur); /* attn_norm: RMS_NORM, the MUL in place */
		int res;
		if (m->layer_type[il] == LT_RECURRENT) {
			int o =
			    gdn_layer(s, m, gr->flags, &g, nt, ns, norm, rs);
			/* the output is reshaped (a view), so the residual add
			 * goes in place on inpSA */
			res = N(ALLOC_SIM_INPLACE, cur, o);
		} else {
			int att =
			    replay_attn(s, m, fa, &ra, 0, cells, nt, norm, pos,
					RA_QK_NORM | RA_V_FIRST | RA_GATED_Q);
			int wo = N(4 * E * nt, att);
			res = N(ALLOC_SIM_INPLACE, wo, cur);
		}
		int pn = N(4 * E * nt, res); /* attn_post_norm */
		if (gr->flags & GD_MOE) {
			int out = replay_moe_ffn(s, m, GATE_SOFTMAX, RM_NORM_W,
						 nt, pn);
			/* the shared expert (n_ff_shexp: Qwen3-Next-80B-A3B's
			 * is the routed experts' width) times
			 * sigmoid(ffn_gate_inp_shexp(x)) [1, nt], both in
			 * place, added in place to the experts' sum */
			int sd = replay_ffn(s, m->ff, E, nt, pn);
			int sg = N(4 * nt, pn);
			int sh = N(ALLOC_SIM_INPLACE, sd, sg);
			cur = N(ALLOC_SIM_INPLACE, out, sh);
			cur =
			    N(ALLOC_SIM_INPLACE, cur, res); /* + ffn_residual */
		} else {
			int fd = replay_ffn(s, m->ff, E, nt, pn);
			cur = N(ALLOC_SIM_INPLACE, fd, res);
		}
	}
	/* the output norm in place: res->t_h_nextn, kept; then get_rows of the
	 * outputs (embeddings_nextn_masked off) and result_output */
	alloc_sim_output(s, cur);
	int rows = N(4 * E * no, cur, out_ids);
	return N(4 * m->vocab * no, rows) < 0 ? -1 : 0;
}

/* Every tensor build() writes is at most 8 B x nt x one of these widths:
 * checked once here, so that no size there wraps on a hostile model
 * (alloc_sim refuses a sum past its limit). */
static int too_wide(const struct model *m, const struct kv_alloc *a, int64_t nt)
{
	int64_t C = 0, w[10], widest = m->vocab, r;
	if (__builtin_mul_overflow(m->ssm_n_group, 2 * m->ssm_d_state, &C) ||
	    __builtin_add_overflow(C, m->ssm_d_inner, &C) ||
	    __builtin_mul_overflow(C, m->ssm_d_conv, &w[0]) ||
	    __builtin_mul_overflow(m->ssm_d_inner / m->ssm_dt_rank,
				   m->ssm_d_inner, &w[1]) ||
	    __builtin_mul_overflow(a->full_cells, m->heads, &w[2]) ||
	    __builtin_mul_overflow(2 * m->heads, m->head_dim, &w[3]) ||
	    __builtin_mul_overflow(m->embd, m->experts_used + 1, &w[4]) ||
	    __builtin_mul_overflow(m->ff, m->experts_used + 1, &w[5]) ||
	    __builtin_mul_overflow(m->kv_heads, m->head_dim, &w[6]) ||
	    __builtin_mul_overflow(m->ssm_d_state, m->ssm_dt_rank, &w[7]) ||
	    __builtin_mul_overflow(m->heads, m->head_dim_v, &w[8]) ||
	    __builtin_mul_overflow(m->kv_heads, m->head_dim_v, &w[9]))
		return 1;
	for (int i = 0; i < 10; i++)
		widest = w[i] > widest ? w[i] : widest;
	widest = m->experts > widest ? m->experts : widest;
	return __builtin_mul_overflow(widest, nt, &r) ||
	       __builtin_mul_overflow(r, 16, &r) || r > ALLOC_SIM_MAX_BYTES;
}

int compute_qwen3next_bytes(const struct model *m, const struct deploy *d,
			    int64_t ub, const struct kv_alloc *a, int64_t *out)
{
	struct replay_in in =
	    replay_in_of(m, d, a, ub, FAMILY_PART(m, gdn_graph));
	if (!in.row || !compute_qwen3next_graph(m) || too_wide(m, a, in.nt) ||
	    m->layers > MODEL_MAX_LAYERS)
		return -1;
	return replay_run((int)((80 + m->experts_used) * m->layers + 64), build,
			  &in, out);
}
