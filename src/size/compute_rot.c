/*
 * compute_rot: layer 0's FFN peak with a rotated (Hadamard) quantized cache
 * and flash attention, read off ggml-alloc's placements in the real engine
 * (tools/alloc-trace.sh: Mistral 7B q8_0 K and V, -c 4096 to 32768).
 */
#include "size/compute_dense.h"

int64_t compute_rot_inputs(const struct model *m, int rot_k, int rot_v,
			   int64_t caches)
{
	int64_t bytes = 0;
	if (rot_k)
		bytes += 4 * model_rot_k_n(m) * model_rot_k_n(m);
	if (rot_v)
		bytes += 4 * model_rot_v_n(m) * model_rot_v_n(m);
	return bytes * caches;
}

int64_t compute_rot_ffn(const struct model *m, int rot_k, int rot_v,
			int64_t caches, int64_t E, int64_t inputs,
			int64_t region, int64_t *per_ffn)
{
	int64_t row = 4 * E;
	if (m->ff <= 0)
		return 0;
	if (rot_v) {
		/* V rotated: layer 0's FFN sits above the inputs, embd's slot
		 * and the residual, two [n_embd] rows, not llm_build_llama's
		 * two and Q's (the traces show Q's RoPE slot reused by the
		 * attention output's un-rotation; a rotated K alone leaves the
		 * layout as it is).  When the block freed at the last layer's
		 * attention (region) cannot hold an [n_embd] row, the last
		 * layer's FFN is the higher: its residual lands above two holes
		 * of a row each. */
		*per_ffn =
		    inputs + row * (region < row ? 3 : 2) + 4 * 3 * m->ff;
	}
	return compute_rot_inputs(m, rot_k, rot_v, caches);
}

/* Checked against the real engine (q8_0 and q4_0, K, V or both, -c 4096 to
 * 32768): Llama 3 8B, Mistral 7B, Qwen2.5 7B, SmolLM3 and Command R7B,
 * within 1.6 %; a Q narrower than n_embd (Mistral Small 3.1) has the
 * logits one row higher at some contexts only (3.5 % at -c 16384 q4_0). */
int compute_rot_checked(const struct model *m)
{
	return m->embd > 0 && m->heads * m->head_dim_v >= m->embd &&
	       compute_dense_rot_traced(m);
}
