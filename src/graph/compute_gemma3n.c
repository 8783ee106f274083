/*
 * compute_gemma3n: the CPU compute buffer of Gemma 3n's reserve graph
 * (llama.cpp src/models/gemma3n.cpp llama_model_gemma3n::graph), replayed
 * tensor by tensor through ggml-alloc's rules (src/graph/alloc_sim.c).
 * Its peak is the logits (262,400 rows a token) or, without flash
 * attention, the last full layer's K·Q; both land above whatever the AltUp
 * streams ([n_embd, n_tokens, n_altup] tensors), the per-layer inputs
 * ([n_embd_altup, n_tokens, n_layer], live from layer 0 to the last) and
 * the freed masks leave, which moves with the deployment (9.7 % off as a
 * peak formula).  Each node's order (ggml's depth-first build order), size
 * and in-place reuse were read off ggml-alloc's own trace
 * (tools/alloc-trace.sh on tests/engine.sh's Gemma 3n E4B GGUF).
 */
#include <string.h>

#include "graph/alloc_sim.h"
#include "model/arch.h"
#include "graph/compute_gemma3n.h"
#include "graph/replay_graph.h"
/* llama-hparams.h: n_altup 4, n_embd_altup 256, laurel_rank 64 (defaults
 * llama_model_gemma3n::load_arch_hparams never reads from the GGUF) and
 * models.h llama_model_gemma3n::graph: n_layer_sparsity 10 (the first ten
 * layers' gaussian_topk on the FFN gate) */
enum { ALTUP = 4, EMBD_ALTUP = 256, LAUREL_RANK = 64, SPARSE_LAYERS = 10 };

int compute_gemma3n_modelled(const struct model *m)
{
	return (m->arch_mech & AM_GRAPH_GEMMA3N) && m->embd > 0 && m->ff > 0 &&
	       m->heads > 0 && m->kind != ATTN_MLA;
}

#define N(bytes, ...) REPLAY_NODE(s, (bytes), __VA_ARGS__)
#define IP(...) N(ALLOC_SIM_INPLACE, __VA_ARGS__)

/* calc_magnitude's sqrt(sum_rows(sqr(x))) of x [E, nt], then
 * div(mul(y, it), calc_magnitude(y)) for y [E, nt, n_altup - 1]: the
 * stacking of the AltUp streams and their unembedding share it.  In place
 * where ggml-alloc reused the slot (the sqrt, the second sqr, the div). */
static int magnitude_scaled(struct alloc_sim *s, int64_t E, int64_t nt, int x,
			    int y)
{
	int sq = N(4 * E * nt, x);
	int target = N(4 * nt, sq);
	int mul = N(4 * E * nt * (ALTUP - 1), y, target);
	int mag = N(4 * nt * (ALTUP - 1),
		    y); /* sum_rows of the sqr done in y's slot */
	return IP(mul, mag);
}

/* The graph of one ubatch of nt tokens (no outputs) against every cell. */
static int build(struct alloc_sim *s, const struct replay_in *in)
{
	const struct model *m = in->m;
	const struct deploy *d = in->d;
	const struct kv_alloc *a = in->a;
	int64_t nt = in->nt, no = in->no;
	int64_t E = m->embd, F = m->ff, L = m->layers, P = EMBD_ALTUP,
		Sx = ALTUP;
	int fa = d->flash_attn, caches = a->windowed ? 2 : 1;
	struct replay_attn_in ra;
	replay_attn_in_init(&ra, m); /* attn_rot_k / attn_rot_v (model.c) */
	/* the inputs, in the order ggml-alloc placed them: inp_tokens,
	 * inp_embd, the per-layer embeddings' tokens (build_inp_per_layer),
	 * inp_pos, layer 0's cache's k_idxs, v_idxs and KQ mask
	 * (build_attn_inp_kv_iswa), the other cache's, out_ids.  A rotated
	 * cache's attn_inp_k_rot / attn_inp_v_rot [n, n] F32 (llama-graph.cpp
	 * build_attn) come before its idxs, layer 0's K rotation even before
	 * inp_pos: the Hadamard product of Q reads it as its first source,
	 * ahead of Q's RoPE (ggml visits sources in order). */
	int first = caches == 2 && m->layer_swa[0] ? 1 : 0;
	int tok = alloc_sim_input(s, 4 * nt);
	alloc_sim_input(s, 4 * E * nt);
	int ptok = alloc_sim_input(s, 4 * nt);
	int pos = replay_pos_input(s, ra.nk, &ra.krot[first], 4 * nt);
	for (int k = 0; k < caches; k++) {
		int c = (first + k) %
			caches; /* 0: the full cache, 1: the sliding one */
		replay_cache_inputs(s, m, fa, nt,
				    c == 0 ? a->full_cells : a->swa_cells, 0,
				    &ra, c);
	}
	int out_ids = alloc_sim_input(s, 4 * no);
	/* embd = get_rows(tok_embd); the per-layer embeddings' get_rows and
	 * their scale (a new tensor: it reads a reshaped view); inp_scaled in
	 * place on embd */
	int x = N(4 * E * nt, tok);
	int sel = N(4 * P * L * nt, ptok);
	int ipl_sel = N(4 * P * L * nt, sel);
	/* the n_altup - 1 added streams: repeat, altup_proj, scaled to x's
	 * magnitude; inp_stacked = concat(x, them) */
	int rep = N(4 * E * nt * (Sx - 1), x);
	int added = N(4 * E * nt * (Sx - 1), rep);
	int cur = N(4 * E * nt * Sx, x, magnitude_scaled(s, E, nt, x, added));
	int ipl = -1; /* inp_per_layer, projected when layer 0 first reads it */
	for (int64_t il = 0; il < L; il++) {
		int c = caches == 2 && m->layer_swa[il] ? 1 : 0;
		int64_t cells = c == 0 ? a->full_cells : a->swa_cells;
		/* altup_predict: cont(permute(cur)), the router (its RMS norm a
		 * new tensor on cur's view; mul, scale, tanh in place),
		 * all_coefs, their mul_mat, cont(permute()), + cur in place */
		int perm = N(4 * E * nt * Sx, cur);
		int router = N(4 * E * nt, cur);
		int coefs = N(4 * Sx * Sx * nt, N(4 * Sx * nt, router));
		int pm = N(4 * Sx * E * nt, perm, coefs);
		int pred = IP(N(4 * E * nt * Sx, pm), cur);
		int an =
		    N(4 * E * nt,
		      pred); /* attn_norm on the active prediction's view */
		/* build_qkv, the q/k norms new tensors on the reshaped views,
		 * RoPE in place, V's rms_norm a new tensor; a shared layer
		 * (from n_layer_kv_from_start on) only Q, reading layer 18's or
		 * 19's cache (replay_graph.c build_attn) */
		unsigned fl = RA_QK_NORM | RA_V_NORM |
			      (m->layer_type[il] == LT_SHARED ? RA_Q_ONLY : 0);
		int att = replay_attn(s, m, fa, &ra, c, cells, nt, an, pos, fl);
		/* wo; attn_post_norm in place; + the active prediction in place
		 */
		int gated = IP(N(4 * E * nt, att), pred);
		/* laurel: laurel_l, laurel_r, its norm in place, + attn_norm in
		 * place; attn_laurel = (gated + laurel_out) / sqrt(2) in place
		 */
		int lo = IP(N(4 * E * nt, N(4 * LAUREL_RANK * nt, an)), an);
		int al = IP(gated, lo);
		int fn = N(4 * E * nt, al); /* ffn_norm */
		int up = N(4 * F * nt, fn), gate = N(4 * F * nt, fn);
		if (il < SPARSE_LAYERS) {
			/* gaussian_topk: mean, std = sqrt(sum_rows(sqr(x -
			 * mean)) / ..), cutoff = mean + std * k in mean's slot,
			 * relu(x - cutoff) in x's */
			int mean = N(4 * nt, gate);
			int sd = N(4 * nt, N(4 * F * nt, gate, mean));
			gate = IP(gate, IP(mean, sd));
		}
		/* gelu in place; up * gate in up's slot; ffn_down; its post
		 * norm in place; + attn_laurel in place */
		int alg = IP(N(4 * E * nt, IP(up, gate)), al);
		/* altup_correct: innovation = activated - active prediction,
		 * repeated to n_altup; the router on activated (its norm in
		 * place now), the coefficients + 1 in place, transposed into a
		 * cont; innovation x coefs in place, + predictions in place */
		int inn = N(4 * E * nt * Sx, N(4 * E * nt, alg, pred));
		int cc = N(4 * Sx * nt, N(4 * Sx * nt, N(4 * Sx * nt, alg)));
		int corr = IP(IP(inn, cc), pred);
		/* first_prediction: x correct_scale (a new tensor on the view),
		 * per_layer_inp_gate, gelu in place, x this layer's inputs in
		 * place */
		int fp = N(4 * P * nt, N(4 * E * nt, corr));
		if (ipl < 0) {
			/* project_per_layer_inputs:
			 * per_layer_model_proj(inp_scaled), scale in place, the
			 * norm a new tensor on the reshaped view,
			 * + the selected embeddings in place, scale in place,
			 * then cont(permute()) [n_embd_altup, nt, n_layer] */
			int pj = N(4 * P * L * nt, x);
			int pa = IP(N(4 * P * L * nt, pj), ipl_sel);
			ipl = N(4 * P * L * nt, pa);
		}
		fp = IP(fp, ipl);
		int fo =
		    N(4 * E * nt, fp); /* per_layer_proj; its norm in place */
		/* corrected[1:] + first_prediction, concat with corrected[0]:
		 * l_out */
		int tmp = N(4 * E * nt * (Sx - 1), corr, fo);
		cur = N(4 * E * nt * Sx, corr, tmp);
	}
	/* the unembedding of the streams: altup_unembd_proj on cur[1:], scaled
	 * to cur[0]'s magnitude; cur[0] + each in turn (one new add, the rest
	 * in place), / n_altup in place */
	int um = magnitude_scaled(s, E, nt, cur, N(4 * E * nt * (Sx - 1), cur));
	int sum = N(4 * E * nt, cur, um);
	for (int64_t i = 1; i < Sx - 1; i++)
		sum = IP(sum, um);
	/* get_rows(inp_out_ids); the output norm in place (res->t_embd, a graph
	 * output); the lm_head; the soft-capping in place */
	int rows = N(4 * E * no, sum, out_ids);
	alloc_sim_output(s, rows);
	return N(4 * m->vocab * no, rows) < 0 ? -1 : 0;
}

/* Every tensor build() writes is at most 8 B x nt x one of these widths:
 * checked once here, so that no size there wraps on a hostile model. */
static int too_wide(const struct model *m, const struct kv_alloc *a, int64_t nt)
{
	int64_t cells =
	    a->full_cells > a->swa_cells ? a->full_cells : a->swa_cells;
	int64_t w[5], widest = m->vocab, r;
	if (__builtin_mul_overflow(m->embd, ALTUP * ALTUP, &w[0]) ||
	    __builtin_mul_overflow(m->layers, EMBD_ALTUP, &w[1]) ||
	    __builtin_mul_overflow(cells, m->heads, &w[2]) ||
	    __builtin_mul_overflow(m->heads, m->head_dim, &w[3]) ||
	    __builtin_mul_overflow(m->heads, m->head_dim_v, &w[4]))
		return 1;
	for (int i = 0; i < 5; i++)
		widest = w[i] > widest ? w[i] : widest;
	widest = m->ff > widest ? m->ff : widest;
	return __builtin_mul_overflow(widest, nt, &r) ||
	       __builtin_mul_overflow(r, 8, &r) || r > ALLOC_SIM_MAX_BYTES;
}

int compute_gemma3n_bytes(const struct model *m, const struct deploy *d,
			  int64_t ub, const struct kv_alloc *a, int64_t *out)
{
	struct replay_in in = replay_in_of(m, d, a, ub, NULL);
	if (too_wide(m, a, in.nt) || m->layers > MODEL_MAX_LAYERS)
		return -1;
	return replay_run((int)(80 * m->layers + 64), build, &in, out);
}
