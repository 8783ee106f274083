/*
 * compute_dsa_replay: DeepSeek-V3.2's and GLM-5's sparse-attention layer
 * in the MoE replay.  The graph is src/models/deepseek32.cpp
 * llama_model_deepseek32::graph (glm-dsa.cpp's is the same with every
 * layer a full indexer) and llama-graph.cpp build_attn (the overload with
 * top_k); the node order, sizes and in-place reuse were read off
 * ggml-alloc's trace (tools/alloc-trace.sh on tests/engine.sh's
 * deepseek-v3.2 and glm-5 GGUFs).  The CPU backend runs the fused
 * lightning indexer (llama-context.cpp: cparams.fused_lid, kept after its
 * probe), so the indexer's mask is F16 and its score one node.
 */
#include "graph/compute_dsa_replay.h"
#include "graph/replay_graph.h"

#define N(bytes, ...) REPLAY_NODE(s, (bytes), __VA_ARGS__)

int compute_dsa_replayable(const struct model *m)
{
	return m->indexer_heads > 0 && compute_dsa_plain(m);
}

int compute_dsa_plain(const struct model *m)
{
	return m->indexer_head_dim > 0 && m->indexer_top_k > 0 &&
	       m->q_lora_rank > 0 && m->kind == ATTN_MLA &&
	       m->mla_latent_cache && m->kv_lora_rank > 0 &&
	       m->layers - m->nextn_layers <= MODEL_MAX_LAYERS;
}

/* n_top_k = min(n_kv, indexer_top_k): the indexer score's ne[0] is a
 * stream's cells (deepseek32.cpp) */
static int64_t top_k(const struct model *m, const struct kv_alloc *a)
{
	return a->full_cells < m->indexer_top_k ? a->full_cells
						: m->indexer_top_k;
}

int compute_dsa_inputs(struct alloc_sim *s, const struct model *m,
		       const struct deploy *d, const struct kv_alloc *a,
		       int64_t nt, int64_t n_layer, struct dsa_inputs *in)
{
	int64_t ID = m->indexer_head_dim, cells = a->full_cells,
		zeros = 4 * top_k(m, a) * nt;
	/* ggml_gallocr_alloc_graph_impl allocates the graph's leaves in the
	 * order the graph found them (traced): the indexer's Hadamard matrix
	 * (self_k_rot_lid [ID, ID] F32, with an f16 cache too), inp_pos, the
	 * two caches' k_idxs (n_tokens I64), layer 0's zeros leaf
	 * ([1, n_top_k, n_tokens] F32, build_attn), the indexer's mask (F16
	 * with the fused indexer) and the latent's (F16 with flash attention,
	 * F32 without), then every later layer's zeros leaf */
	in->krot = alloc_sim_input(s, 4 * ID * ID);
	in->pos = alloc_sim_input(s, 4 * nt);
	in->kidx = alloc_sim_input(s, 8 * nt);
	in->kidx_lid = alloc_sim_input(s, 8 * nt);
	in->zeros[0] = alloc_sim_input(s, zeros);
	in->mask_lid = alloc_sim_input(s, 2 * cells * nt);
	in->mask = alloc_sim_input(s, (d->flash_attn ? 2 : 4) * cells * nt);
	for (int64_t il = 1; il < n_layer; il++)
		in->zeros[il] = alloc_sim_input(s, zeros);
	return in->mask < 0 ? -1 : 0;
}

int compute_dsa_attn(struct alloc_sim *s, const struct model *m,
		     const struct deploy *d, const struct kv_alloc *a,
		     int64_t nt, const struct dsa_inputs *in, int64_t il,
		     int norm)
{
	int64_t H = m->heads, R = m->kv_lora_rank, rope = m->qk_rope_head_dim,
		nope = m->qk_nope_head_dim;
	int64_t Vh = m->v_head_dim, ID = m->indexer_head_dim,
		QL = m->q_lora_rank;
	/* the indexer's heads not given (an INI without them): the
	 * attention's stand in, a plain estimate (compute_dsa_plain) */
	int64_t IH = m->indexer_heads > 0 ? m->indexer_heads : H;
	int64_t cells = a->full_cells, k = top_k(m, a),
		mtype = d->flash_attn ? 2 : 4;
	/* the indexer's key: indexer_attn_k, its LayerNorm (a new tensor; the
	 * weight and bias in place), RoPE, the Hadamard rotation, set into
	 * the indexer's cache (expanded first: cpy_k) */
	int ik = N(4 * ID * nt, norm);
	ik = N(4 * ID * nt, ik);
	ik = N(4 * ID * nt, ik, in->pos);
	ik = N(4 * ID * nt, ik, in->krot);
	N(ALLOC_SIM_NOALLOC, ik, in->kidx_lid);
	/* qr = wq_a, its RMS norm and weight in place */
	int qr = N(4 * QL * nt, norm);
	/* build_attn expands q_cur, v_cur, k_cur in turn: q = wq_b(qr), q_nope
	 * absorbed through wk_b, q_pe's RoPE, their concat; the latent and
	 * k_pe (compute_moe.c's MLA chain) */
	int q = N(4 * H * (nope + rope) * nt, qr);
	int qna = N(4 * R * H * nt, q), qpe = N(4 * rope * H * nt, q, in->pos);
	int qcur = N(4 * (R + rope) * H * nt, qna, qpe);
	int kvp = N(4 * (R + rope) * nt, norm);
	int kvn = N(4 * R * nt, kvp), kpe = N(4 * rope * nt, kvp, in->pos);
	int kcur = N(4 * (R + rope) * nt, kvn, kpe);
	N(ALLOC_SIM_NOALLOC, kcur, in->kidx);
	int vc = -1, kq = -1;
	if (!d->flash_attn) {
		/* build_attn_mha: v_cont and kq need no mask, so they come
		 * before the indexer's nodes */
		vc =
		    N(model_cache_bytes(m->k_type, R) * cells * a->streams, -1);
		kq = N(4 * cells * nt * H, qcur);
	}
	int zeros = N(ALLOC_SIM_INPLACE,
		      in->zeros[il]); /* ggml_fill(zeros, 0) in place */
	/* the indexer's queries from qr: indexer_attn_q_b, RoPE, rotation;
	 * its weights (indexer_proj, the scale a new tensor) */
	int iq = N(4 * IH * ID * nt, qr);
	iq = N(4 * IH * ID * nt, iq, in->pos);
	iq = N(4 * IH * ID * nt, iq, in->krot);
	int iw = N(4 * IH * nt, norm);
	iw = N(4 * IH * nt, iw);
	/* ggml_lightning_indexer [n_kv, n_tokens] F32, ggml_top_k and its cont
	 * [n_top_k, n_tokens] I32 */
	int score = N(4 * cells * nt, iq, iw, in->mask_lid);
	int tk = N(4 * k * nt, score);
	tk = N(4 * k * nt, tk);
	/* build_attn: kq_mask_all = fill(kq_mask, -inf) (a new tensor), the
	 * set_rows of the zeros at the top-k (a view of it), added to kq_mask
	 */
	int all = N(mtype * cells * nt, in->mask);
	int sr = N(ALLOC_SIM_INPLACE, all, zeros, tk);
	int mk = N(mtype * cells * nt, sr, in->mask);
	int o;
	if (d->flash_attn) {
		o = N(4 * R * H * nt, qcur,
		      mk); /* ggml_flash_attn_ext on the latent */
	} else {
		int sm =
		    N(ALLOC_SIM_INPLACE, kq, mk); /* the soft_max in place */
		o = N(4 * R * H * nt, sm, vc);
	}
	/* wv_b (v_mla), then the permuted ggml_cont */
	int mla = N(4 * Vh * H * nt, o);
	return N(4 * Vh * H * nt, mla);
}
