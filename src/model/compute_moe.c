/*
 * compute_moe: the CPU compute buffer of gpt-oss's reserve graph, replayed
 * tensor by tensor through ggml-alloc's rules (src/model/alloc_sim.c).
 * Its peak is the logits, but where they land depends on the holes the
 * expert tensors leave among the freed graph inputs (3 to 7.8 [n_embd]
 * rows a token above the bottom over tests/engine.sh's matrix), which no
 * single formula followed to 2 %.  The graph is src/models/openai-moe.cpp
 * llama_model_openai_moe::graph with llama-graph.cpp build_attn (with and
 * without flash attention) and build_moe_ffn (SOFTMAX_WEIGHT gating,
 * LLM_FFN_SWIGLU_OAI_MOE), each node's order, size and in-place reuse
 * checked against ggml-alloc's own trace (tools/alloc-trace.sh).
 */
#include "model/alloc_sim.h"
#include "model/compute_moe.h"

/* ggml-cpu.c ggml_backend_cpu_buffer_type_get_alignment: TENSOR_ALIGNMENT */
#define CPU_ALIGN 32

int compute_moe_modelled(const struct model *m)
{
	return (m->arch_mech & AM_GRAPH_OAI_MOE) && m->experts > 0 && m->experts_used > 1 && m->embd > 0 && m->ff > 0;
}

#define N(bytes, ...) alloc_sim_node(s, (bytes), (int)(sizeof((int[]){__VA_ARGS__}) / sizeof(int)), (int[]){__VA_ARGS__})

/* The graph of one ubatch of nt tokens (no outputs) against every cell. */
static int build(struct alloc_sim *s, const struct model *m, const struct deploy *d, int64_t nt, int64_t no,
		 const struct kv_alloc *a)
{
	int64_t E = m->embd, F = m->ff, X = m->experts, U = m->experts_used;
	int64_t Q = m->heads * m->head_dim, O = m->heads * m->head_dim_v;
	int64_t K = m->kv_heads * m->head_dim, V = m->kv_heads * m->head_dim_v;
	int fa = d->flash_attn, caches = a->windowed ? 2 : 1;
	int kidx[2] = {-1, -1}, vidx[2] = {-1, -1}, mask[2] = {-1, -1};
	/* the inputs, in the order the graph first reads them: inp_tokens
	 * (build_inp_embd; inp_embd beside it, read by no node), inp_pos, layer
	 * 0's cache's k_idxs, v_idxs and KQ mask, the other cache's, out_ids */
	int tok = alloc_sim_input(s, 4 * nt);
	alloc_sim_input(s, 4 * E * nt);
	int pos = alloc_sim_input(s, 4 * nt);
	int first = caches == 2 && m->layer_swa[0] ? 1 : 0;
	for (int k = 0; k < caches; k++) {
		int c = (first + k) % caches;   /* 0: the full cache, 1: the sliding one */
		int64_t cells = c == 0 ? a->full_cells : a->swa_cells;
		/* llama_kv_cache::build_input_k_idxs / build_input_v_idxs (V
		 * transposed without flash attention: an index per element) and
		 * llm_graph_input_attn_kv: the mask F16 with flash attention */
		kidx[c] = alloc_sim_input(s, 8 * nt);
		vidx[c] = alloc_sim_input(s, fa ? 8 * nt : 8 * nt * V);
		mask[c] = alloc_sim_input(s, cells * nt * (fa ? 2 : 4));
	}
	int out_ids = alloc_sim_input(s, 4 * no);
	int cur = N(4 * E * nt, tok);   /* embd: ggml_get_rows(tok_embd, inp_tokens) */
	for (int64_t il = 0; il < m->layers; il++) {
		int c = caches == 2 && m->layer_swa[il] ? 1 : 0;
		int64_t cells = c == 0 ? a->full_cells : a->swa_cells;
		int norm = N(4 * E * nt, cur);   /* attn_norm: RMS_NORM, the MUL in place */
		/* build_qkv then ggml_rope_ext on a reshaped view: a new tensor */
		int qm = N(4 * Q * nt, norm), q = N(4 * Q * nt, qm, pos);
		int km = N(4 * K * nt, norm), k = N(4 * K * nt, km, pos);
		int vm = N(4 * V * nt, norm);
		/* llama_kv_cache::cpy_k / cpy_v: ggml_set_rows into the cache */
		N(ALLOC_SIM_NOALLOC, k, kidx[c]);
		N(ALLOC_SIM_NOALLOC, vm, vidx[c]);
		int att;
		if (fa) {
			/* build_attn_mha: ggml_flash_attn_ext [head_dim_v, n_head, nt] */
			att = N(4 * O * nt, q, mask[c]);
		} else {
			/* kq = ggml_mul_mat(k, q) F32 [n_kv, nt, n_head]; the soft_max
			 * (mask, sinks) in place; kqv; its ggml_cont */
			int kq = N(4 * cells * nt * m->heads, q);
			int sm = N(ALLOC_SIM_INPLACE, kq, mask[c]);
			int kqv = N(4 * O * nt, sm);
			att = N(4 * O * nt, kqv);
		}
		int wo = N(4 * E * nt, att);                    /* wo (+ wo_b in place) */
		int ffn_inp = N(ALLOC_SIM_INPLACE, wo, cur);   /* ffn_inp = attn_out + inpSA */
		int pn = N(4 * E * nt, ffn_inp);                /* attn_post_norm */
		/* build_moe_ffn: router logits (+ bias in place), the argsort whose
		 * top-k view selects the experts, their weights (get_rows, then
		 * soft_max: SOFTMAX_WEIGHT), gate and up (+ biases in place, each
		 * reading the selection), swiglu_oai, down (+ bias), weighted in
		 * place, and the n_expert_used views summed: one new add, the rest
		 * in place */
		int lg = N(4 * X * nt, pn);
		int as = N(4 * X * nt, lg);
		int w = N(4 * U * nt, lg, as);
		int ws = N(4 * U * nt, w);
		int gate = N(4 * F * U * nt, pn, as);
		int up = N(4 * F * U * nt, pn, as);
		int sw = N(4 * F * U * nt, gate, up);
		int down = N(4 * E * U * nt, sw, as);
		int db = N(ALLOC_SIM_INPLACE, down, as);
		int wt = N(ALLOC_SIM_INPLACE, db, ws);
		int sum = N(4 * E * nt, wt);
		for (int64_t e = 2; e < U; e++)
			sum = N(ALLOC_SIM_INPLACE, sum, wt);
		cur = N(ALLOC_SIM_INPLACE, sum, ffn_inp);   /* l_out = ffn_moe_out + ffn_inp */
	}
	/* res->t_h_nextn = the last l_out: a graph output, kept */
	alloc_sim_output(s, cur);
	int rows = N(4 * E * no, cur, out_ids);   /* ggml_get_rows(cur, inp_out_ids); the norm in place */
	return N(4 * m->vocab * no, rows) < 0 ? -1 : 0;   /* result_output */
}

int compute_moe_bytes(const struct model *m, const struct deploy *d, int64_t ub, const struct kv_alloc *a,
		      int64_t *out)
{
	/* llama-context.cpp graph_reserve: n_tokens a multiple of n_seq, every token an output */
	int64_t nt = (ub + d->n_seq - 1) / d->n_seq * d->n_seq;
	struct alloc_sim *s = alloc_sim_new((int)(40 * m->layers + 32), CPU_ALIGN);
	if (!s)
		return -1;
	int64_t r = build(s, m, d, nt, ub, a) < 0 ? -1 : alloc_sim_run(s);
	alloc_sim_free(s);
	if (r < 0)
		return -1;
	*out = r;
	return 0;
}
