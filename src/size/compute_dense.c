/*
 * compute_dense: where a dense graph that is not llm_build_llama's puts its
 * compute-buffer peak.  The rules were read off ggml-alloc's placements in
 * the real engine (node-llama-cpp 3.22.1's llama.cpp, tools/alloc-trace.sh
 * on tests/engine.sh's GGUFs); ggml-alloc.c ggml_dyn_tallocr_alloc places
 * each tensor in the smallest free block it fits (best fit), which is why
 * the size of the block freed at the last layer's attention decides where
 * the final residual, and so the logits above it, land.
 */
#include <string.h>

#include "size/compute_dense.h"

/* checked: engine.sh's buffers group holds the family within 2 %.  With
 * n_embd and n_ff known, OLMo 2's and Phi-3's graphs are replayed instead
 * (src/graph/compute_dense_replay.c, exact); these peaks are for models
 * without them. */
/* The peaks' correction of m's family (src/families/), DG_OTHER when it
 * has none. */
static enum dense_graph graph_of(const struct model *m, int *checked)
{
	const struct family_dense_peaks *p = FAMILY_PART(m, dense_peaks);
	if (checked)
		*checked = p ? p->checked : 0;
	return p ? p->graph : DG_OTHER;
}

enum dense_graph compute_dense_graph(const struct model *m)
{
	return graph_of(m, NULL);
}

void compute_dense_peaks(const struct model *m, int fa, int rot, int64_t E,
			 int64_t inputs, int64_t region, int64_t *per_logits,
			 int64_t *per_attn)
{
	int64_t row = 4 * E; /* one F32 [n_embd] row a token */
	switch (graph_of(m, NULL)) {
	case DG_OLMO2:
		/* src/models/olmo2.cpp llm_build_olmo2: no norm before the
		 * attention (build_qkv reads inpL), so K.Q has one [n_embd] row
		 * fewer beside it than llm_build_llama's five.  At the logits:
		 * when the freed region holds two [n_embd] rows (no flash
		 * attention: v_idxs alone is n_embd_v_gqa I64 a token) the
		 * attention output and wo's take them, ffn_inp stays in the
		 * first while ffn_out (the final residual, post-norm and add in
		 * place) takes the second: one row higher than llama's. */
		*per_attn -= row;
		if (!fa && region >= 2 * row)
			*per_logits += row;
		break;
	case DG_PHI3:
		/* src/models/phi3.cpp llm_build_phi3: with flash attention, or
		 * when the freed region cannot hold one [n_embd] row, the last
		 * layer's get_rows of the attention output (in place: the
		 * residual) lands in the attention output's slot, above every
		 * graph input, and the logits above it.  With a rotated cache
		 * only when the region holds no row (tests/engine.sh: q8_0 at
		 * -c 32768 left it low, at -c 4096 high). */
		if (((fa && !rot) || region < row) &&
		    inputs + row > *per_logits)
			*per_logits = inputs + row;
		break;
	case DG_GEMMA4:
		/* src/models/gemma4.cpp llm_build_gemma4: no get_rows in the
		 * last layer (the full hidden state is kept for nextn), the
		 * final norm's rows are selected after it (result_norm), so the
		 * logits sit above inp_embd, result_norm and the final residual
		 * (ffn_out, post-norm and add in place), wherever best fit put
		 * that.  The last layer's attention output takes the bottom of
		 * the freed inputs (region) when it fits; ffn_gate [n_ff] goes
		 * in what is left if it fits there, ffn_up above the inputs.
		 * Freed, the smaller of the two blocks takes ffn_out: the
		 * region's rest when ffn_gate did not fit in it (the residual
		 * two rows up: 3 n_embd + 1 floats a token), else ffn_up's
		 * slot, embd's, above every input.  When not even the attention
		 * output fits in the region, the residual is above embd's slot,
		 * the flash attention output's [n_head * head_dim] and the
		 * attention output's row.  A rotated cache (estimated: the
		 * rotations' tensors move the rows) kept the residual in the
		 * region at -c 134144 q8_0 and -c 250112 q4_0
		 * (tests/engine.sh's
		 * --fit group), so its ffn_gate rule is not applied. */
		if (region < row)
			*per_logits =
			    inputs + 3 * row + 4 * m->heads * m->head_dim;
		else if (region - row >= 4 * m->ff && !rot)
			*per_logits = inputs + row;
		else
			*per_logits = 4 * (3 * E + 1);
		/* K.Q of a full layer (head_dim 512) without flash attention:
		 * beside it the residual, the attention norm's slot, Q's matmul
		 * slot and Q normed (q_norm, RoPE in place): two [n_embd] and
		 * two [n_head * head_dim] rows, not llm_build_llama's four
		 * [n_embd] rows. */
		if (!fa)
			*per_attn += 2 * (4 * m->heads * m->head_dim - row);
		break;
	case DG_OTHER:
		break;
	}
}

int compute_dense_checked(const struct model *m)
{
	int checked;
	enum dense_graph g = graph_of(m, &checked);
	/* Gemma 4's E2B and E4B (per-layer embeddings, layers sharing a
	 * cache) build a larger graph than the 31B's traced here */
	if (g == DG_GEMMA4 &&
	    (model_layers_of(m, LT_SHARED) > 0 || m->embd_per_layer))
		return 0;
	return g != DG_OTHER && checked;
}

int compute_dense_rot_traced(const struct model *m)
{
	return graph_of(m, NULL) == DG_OTHER;
}
