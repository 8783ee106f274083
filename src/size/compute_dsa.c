/*
 * compute_dsa: what sparse attention (DeepSeek-V3.2's and GLM-5's lightning
 * indexer) adds to the compute buffer's peaks: the estimate for a model
 * without q_lora_rank or indexer_heads (with them the graph is replayed:
 * compute_dsa_replay.c).
 *
 * llama-graph.cpp build_attn (the overload taking top_k) unmasks the
 * selected keys with ggml_set_rows(kq_mask_all, zeros, top_k) where zeros
 * = ggml_fill(ggml_new_tensor_4d(F32, 1, n_top_k, n_batch, n_stream), 0).
 * The new tensor has no op: a leaf of the graph, and ggml-alloc.c
 * ggml_gallocr_alloc_graph_impl allocates every leaf before the first
 * node.  So all main layers' zeros, n_top_k x n_tokens F32 each, sit
 * below layer 0's tensors; each is freed once its own layer's set_rows has
 * read it (the fill runs in place on it).  While layer il computes its
 * K·Q or its FFN the leaves of layers il+1 .. n_layer()-1 are live; the
 * logits come after every leaf is freed and take their room (traced with
 * tools/alloc-trace.sh on tests/engine.sh's GLM-5: 74 leaves of 2 MiB
 * live at layer 3's MoE FFN, ctx 1000, ubatch 512; result_output placed
 * inside the leaves' old room).  n_top_k = min(n_kv, indexer_top_k)
 * (src/models/deepseek32.cpp: the indexer score's ne[0] is the cache's
 * n_kv a stream); the nextn layers are not in the graph (n_layer() only).
 */
#include "size/compute_dsa.h"
#include "size/size.h"

int64_t compute_dsa_leaves(const struct model *m, int64_t nt,
			   const struct kv_alloc *a, int64_t il)
{
	int64_t k = m->indexer_top_k, one, all,
		live = m->layers - m->nextn_layers - 1 - il;
	if (k <= 0 || m->indexer_head_dim <= 0 || live <= 0)
		return 0;
	if (a->full_cells < k)
		k = a->full_cells;
	if (__builtin_mul_overflow(4 * k, nt, &one))
		return -1;
	one = (one + 31) / 32 * 32; /* ggml-alloc's alignment (CPU: 32) */
	if (__builtin_mul_overflow(one, live, &all))
		return -1;
	return all;
}

/* With flash attention the sparse layer's mask is kq_mask_top_k = the
 * unmasked rows plus the KQ mask, [n_kv, n_tokens] F16 (build_attn's
 * ggml_add).  ggml_flash_attn_ext's output [kv_lora_rank, H, n_tokens]
 * F32 goes into the hole below Qcur (compute_mla.c) as in deepseek2's
 * graph while the indexer's tensors leave it room; at long contexts they
 * do not and it lands above Qcur (traced: DeepSeek-V3.2 at ctx 32768,
 * ubatch 512, one stream: node_475 ADD 32 MiB, Qcur-5 144 MiB,
 * FLASH_ATTN_EXT 128 MiB on top).  What the indexer keeps in the hole is
 * taken as two F32 rows of n_kv a token (its score and the masked score):
 * a fit to tests/engine.sh's matrix, not a traced rule, hence estimated. */
int64_t compute_dsa_attn_fa(const struct model *m, int64_t nt,
			    const struct kv_alloc *a)
{
	int64_t E = m->embd > 0 ? m->embd : m->heads * m->head_dim,
		H = m->heads, R = m->kv_lora_rank;
	int64_t rope = m->qk_rope_head_dim, nope = m->qk_nope_head_dim,
		n_kv = a->full_cells, per, r;
	if (m->indexer_top_k <= 0 || m->indexer_head_dim <= 0)
		return 0;
	int64_t hole_tok =
	    4 * (E + H * (nope + rope) + H * R + H * rope) - 8 * n_kv;
	per = 2 * n_kv;
	if (hole_tok < 4 * H * R)
		per += 4 * H * R;
	return __builtin_mul_overflow(per, nt, &r) ? -1 : r;
}
