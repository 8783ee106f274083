/*
 * compute_gemma4: the CPU compute buffer of Gemma 4's reserve graph,
 * replayed tensor by tensor through ggml-alloc's rules (src/graph/alloc_sim.c).
 * The graph is src/models/gemma4.cpp llama_model_gemma4::graph with
 * llama-graph.cpp build_attn (the iswa variant: Q, K and V expanded in that
 * order, each cache its own rotations), build_attn_mha (with and without
 * flash attention), build_ffn (GELU, parallel gate) and build_moe_ffn
 * (the router logits given, softmax gating, weights normalised, the fused
 * gate_up experts); each node's order (ggml's depth-first build order, with
 * the early ggml_build_forward_expand calls of build_attn, build_attn_mha
 * and build_moe_ffn), size and in-place reuse were checked against
 * ggml-alloc's own trace (tools/alloc-trace.sh on tests/engine.sh's
 * gemma4-31b, gemma4-26b-a4b and gemma4-shared).  What the peak formulas
 * (src/size/buffers.c's before the replays) could not follow: sliding and full
 * layers of their own head sizes (256 and 512) whose rows fit the freed holes
 * or not, the 26B-A4B's dense MLP beside its experts, and the layers without K
 * and V. The FFNs are replay_graph.c's; the attention and its inputs are
 * written here, not with replay_attn / replay_cache_inputs, whose widths are
 * the model's one head size and KV heads: Gemma 4's are the cache's (Q 32 x 256
 * or 32 x 512, each cache its own K rotation, v_idxs over the widest
 * layer's V), V has an RMS norm of its own, a shared layer has Q only, and
 * the first K rotation is placed before inp_pos.
 */
#include "model/arch.h"
#include "graph/compute_gemma4.h"
#include "graph/replay_graph.h"

#define N(bytes, ...) REPLAY_NODE(s, (bytes), __VA_ARGS__)

int compute_gemma4_replayed(const struct model *m)
{
	/* E2B/E4B's per-layer inputs (build_inp_per_layer,
	 * project_per_layer_inputs and each layer's gate, projection and norm)
	 * are not in the replay */
	return (m->arch_mech & AM_GRAPH_GEMMA4) && m->embd > 0 && m->ff > 0 &&
	       m->heads > 0 && !m->embd_per_layer &&
	       (m->experts == 0 ||
		(m->experts_used > 0 && m->experts <= 1024)) &&
	       model_layer(m, 0).ff > 0 && /* the dense MLP beside */
	       model_swa_pattern_of(m) >= 0;
}

/* The graph of one ubatch of nt tokens (no outputs) against every cell. */
static int build(struct alloc_sim *s, const struct replay_in *in)
{
	const struct model *m = in->m;
	const struct deploy *d = in->d;
	const struct kv_alloc *a = in->a;
	int64_t nt = in->nt, no = in->no;
	int64_t E = m->embd, H = m->heads, X = m->experts;
	int64_t FF = model_layer(m, 0).ff; /* the dense MLP's width */
	int64_t v_max = 0;
	/* the query's K head size on a full and on a sliding layer */
	int64_t hd_of[2] = {model_kind_layer(m, 0).attn_k,
			    model_kind_layer(m, 1).attn_k};
	int fa = d->flash_attn, caches = a->windowed ? 2 : 1;
	int kidx[2] = {-1, -1}, vidx[2] = {-1, -1}, mask[2] = {-1, -1},
	    krot[2] = {-1, -1}, vrot[2] = {-1, -1};
	/* llama_kv_cache::build_input_v_idxs: V transposed (no flash
	 * attention) takes an index per element of n_embd_v_gqa_max() */
	for (int64_t il = 0; il < m->layers; il++)
		if (model_v_elems_layer(m, il) > v_max)
			v_max = model_v_elems_layer(m, il);
	/* the inputs, in the order the graph first reads them: inp_tokens
	 * (build_inp_embd; inp_embd beside it), then each cache in the order
	 * its first layer reads it: the K rotation (the src0 of Q's Hadamard
	 * product, met before the RoPE's inp_pos: ggml_visit_parents lists the
	 * leaves depth first, and ggml_gallocr_alloc_graph_impl places them in
	 * that order), inp_pos once, the V rotation, k_idxs, v_idxs (the
	 * set_rows), the KQ mask (F16 with flash attention); out_ids last
	 * (after the final norm) */
	int tok = alloc_sim_input(s, 4 * nt);
	alloc_sim_input(s, 4 * E * nt);
	int pos = -1;
	int first = caches == 2 && model_layer(m, 0).swa ? 1 : 0;
	for (int k = 0; k < caches; k++) {
		int c = (first + k) %
			caches; /* 0: the full cache, 1: the sliding one */
		int64_t cells = c == 0 ? a->full_cells : a->swa_cells;
		int64_t hd = hd_of[c == 1];
		int64_t nk = model_rot_k_n_at(m, hd),
			nv = model_rot_v_n_at(m, hd);
		if (k == 0) /* the first cache's K rotation before inp_pos */
			pos = replay_pos_input(s, nk, &krot[c], 4 * nt);
		replay_k_rot(s, nk, &krot[c]); /* the other cache's */
		if (nv)
			vrot[c] = alloc_sim_input(s, 4 * nv * nv);
		kidx[c] = alloc_sim_input(s, 8 * nt);
		vidx[c] = alloc_sim_input(s, fa ? 8 * nt : 8 * nt * v_max);
		mask[c] = alloc_sim_input(s, cells * nt * (fa ? 2 : 4));
	}
	int out_ids = alloc_sim_input(s, 4 * no);
	/* embd: ggml_get_rows(tok_embd, inp_tokens), its sqrt(n_embd) scale in
	 * place */
	int cur = N(4 * E * nt, tok);
	for (int64_t il = 0; il < m->layers; il++) {
		int swa = model_layer(m, il).swa;
		int c = caches == 2 && swa ? 1 : 0;
		int64_t cells = c == 0 ? a->full_cells : a->swa_cells;
		int64_t hd = hd_of[swa], Q = H * hd;
		int64_t KV = (int64_t)m->layer_kv_heads[il] * hd;
		int has_kv = m->layer_type[il] != LT_SHARED && KV > 0;
		int kr = krot[c], vr = vrot[c];
		int norm = N(4 * E * nt,
			     cur); /* attn_norm: RMS_NORM, the MUL in place */
		/* Q = wq, q_norm on the reshaped view (a new tensor, the MUL in
		 * place), RoPE in place; build_attn: the Hadamard rotation by
		 * the cache's K matrix, a new tensor */
		int qm = N(4 * Q * nt, norm);
		int qn = N(4 * Q * nt, qm);
		int q = N(ALLOC_SIM_INPLACE, qn, pos);
		if (kr >= 0)
			q = N(4 * Q * nt, q, kr);
		if (has_kv) {
			/* K = wk, k_norm and RoPE as Q's; V = wv (the full
			 * layers of attention_k_eq_v read K's projection: no
			 * attn_v), an RMS norm without weight (a new tensor);
			 * each rotated; then llama_kv_cache::cpy_k / cpy_v,
			 * set_rows into the cache */
			int km = N(4 * KV * nt, norm);
			int kn = N(4 * KV * nt, km);
			int k = N(ALLOC_SIM_INPLACE, kn, pos);
			if (kr >= 0)
				k = N(4 * KV * nt, k, kr);
			int vm = N(4 * KV * nt, norm);
			int v = N(4 * KV * nt, vm);
			if (vr >= 0)
				v = N(4 * KV * nt, v, vr);
			N(ALLOC_SIM_NOALLOC, k, kidx[c]);
			N(ALLOC_SIM_NOALLOC, v, vidx[c]);
		}
		int att;
		if (fa) {
			/* build_attn_mha: ggml_flash_attn_ext [head_dim,
			 * n_head, nt] */
			att = N(4 * Q * nt, q, mask[c]);
		} else {
			/* kq F32 [n_kv, nt, n_head], the soft_max in place,
			 * kqv, its ggml_cont_2d */
			int kq = N(4 * cells * nt * H, q);
			int sm = N(ALLOC_SIM_INPLACE, kq, mask[c]);
			int kqv = N(4 * Q * nt, sm);
			att = N(4 * Q * nt, kqv);
		}
		if (vr >= 0)
			att = N(4 * Q * nt, att,
				vr); /* build_attn: V's un-rotation */
		/* wo; attn_post_norm's RMS_NORM and MUL in place on it (one
		 * consumer, no view), + inpL in place */
		int wo = N(4 * E * nt, att);
		int attn_out = N(ALLOC_SIM_INPLACE, wo, cur);
		int ffn;
		if (X > 0) {
			/* build_moe_ffn (the weights expanded first, then the
			 * experts), then the dense MLP beside it: ffn_norm,
			 * build_ffn (GELU, parallel gate), the post norms in
			 * place and the add */
			int moe = replay_moe_ffn(s, m, GATE_SOFTMAX,
						 RM_NORM_W | RM_ROUTER_NORM |
						     RM_GATE_UP,
						 nt, attn_out);
			int dd =
			    replay_ffn(s, FF, E, nt, N(4 * E * nt, attn_out));
			ffn = N(ALLOC_SIM_INPLACE, dd, moe);
		} else {
			/* ffn_norm, build_ffn */
			ffn = replay_ffn(s, FF, E, nt, N(4 * E * nt, attn_out));
		}
		/* ffn_post_norm in place, l_out = + attn_out in place */
		cur = N(ALLOC_SIM_INPLACE, ffn, attn_out);
	}
	/* the output norm (its MUL in place) is res->t_h_nextn: a graph output,
	 * kept; then ggml_get_rows by out_ids (result_norm) and the lm_head
	 * (the final softcapping's scale, tanh, scale in place) */
	alloc_sim_output(s, cur);
	int rows = N(4 * E * no, cur, out_ids);
	return N(4 * m->vocab * no, rows) < 0 ? -1 : 0;
}

/* Every tensor build() writes is at most 8 B x nt x one of these widths
 * (no is at most nt): checked once here, so that no size there wraps on a
 * hostile model (alloc_sim refuses a sum past its limit). */
static int too_wide(const struct model *m, const struct kv_alloc *a, int64_t nt)
{
	int64_t cells =
	    a->full_cells > a->swa_cells ? a->full_cells : a->swa_cells;
	struct model_layer W = model_layer_widest(m);
	/* v_idxs: n_embd_v_gqa_max */
	int64_t hd = W.attn_k > W.attn_v ? W.attn_k : W.attn_v, ff = W.ff;
	int64_t w[6], widest = m->vocab, r;
	w[5] = m->experts;
	if (__builtin_mul_overflow(m->embd, m->experts_used, &w[0]) ||
	    __builtin_mul_overflow(2 * m->ff, m->experts_used, &w[1]) ||
	    __builtin_mul_overflow(cells, m->heads, &w[2]) ||
	    __builtin_mul_overflow(m->heads, hd, &w[3]) ||
	    __builtin_mul_overflow(m->kv_heads, hd, &w[4]))
		return 1;
	widest = ff > widest ? ff : widest;
	widest = m->ff > widest ? m->ff : widest;
	for (int i = 0; i < 6; i++)
		widest = w[i] > widest ? w[i] : widest;
	return __builtin_mul_overflow(widest, nt, &r) ||
	       __builtin_mul_overflow(r, 8, &r) || r > ALLOC_SIM_MAX_BYTES;
}

int compute_gemma4_bytes(const struct model *m, const struct deploy *d,
			 int64_t ub, const struct kv_alloc *a, int64_t *out)
{
	struct replay_in in = replay_in_of(m, d, a, ub, NULL);
	if (!compute_gemma4_replayed(m) || too_wide(m, a, in.nt))
		return -1;
	return replay_run((int)((50 + m->experts_used) * m->layers + 32), build,
			  &in, out);
}
