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

#include "model/compute_dense.h"

enum dense_graph { DG_OTHER, DG_OLMO2, DG_PHI3 };

/* checked: engine.sh's buffers group holds the family within 2 % */
static const struct {
	const char *arch;
	enum dense_graph g;
	int checked;
} graphs[] = {
	/* OLMo 2: worst 0.015 % over the matrix (f16, q8_0 K and V) */
	{"olmo2", DG_OLMO2, 1},
	/* Phi-3 / Phi-4-mini: without flash attention the residual's slot
	 * moves with the deployment (n_tokens rounded to n_seq makes the
	 * last layer's [n_embd, n_outputs] rows smaller than the slots they
	 * fit in): 2.9 % off at -c 1000 -np 3; estimated */
	{"phi3", DG_PHI3, 0},
};

static enum dense_graph graph_of(const struct model *m, int *checked)
{
	for (size_t i = 0; i < sizeof graphs / sizeof graphs[0]; i++)
		if (strcmp(m->arch, graphs[i].arch) == 0) {
			if (checked)
				*checked = graphs[i].checked;
			return graphs[i].g;
		}
	if (checked)
		*checked = 0;
	return DG_OTHER;
}

void compute_dense_peaks(const struct model *m, int fa, int64_t inputs, int64_t region, int64_t *per_logits,
			 int64_t *per_attn)
{
	int64_t E = m->embd, row = 4 * E;   /* one F32 [n_embd] row a token */
	if (E <= 0)
		return;
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
		 * graph input, and the logits above it. */
		if ((fa || region < row) && inputs + row > *per_logits)
			*per_logits = inputs + row;
		break;
	case DG_OTHER:
		break;
	}
}

int compute_dense_checked(const struct model *m)
{
	int checked;
	return graph_of(m, &checked) != DG_OTHER && checked;
}
