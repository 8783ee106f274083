/*
 * replay_graph: the pieces llama.cpp's reserve graphs share, written tensor
 * by tensor into an alloc_sim replay (src/graph/alloc_sim.h): the attention
 * caches' graph inputs, one layer's attention (llama-graph.cpp build_attn),
 * the dense FFN (build_ffn) and the MoE FFN (build_moe_ffn).  The families'
 * graphs (compute_moe.c and the others) call them in their builders' order.
 */
#ifndef ATTNVIZ_REPLAY_GRAPH_H
#define ATTNVIZ_REPLAY_GRAPH_H

#include <stdint.h>

#include "graph/alloc_sim.h"
#include "model/family.h"
#include "model/model.h"
#include "model/deploy.h"

/* ggml-cpu.c ggml_backend_cpu_buffer_type_get_alignment: TENSOR_ALIGNMENT */
#define REPLAY_CPU_ALIGN 32

/* A node of `bytes` reading the listed sources: REPLAY_NODE(s, 4 * E * nt, a,
 * b) */
#define REPLAY_NODE(s, bytes, ...)                                             \
	alloc_sim_node((s), (bytes),                                           \
		       (int)(sizeof((int[]){__VA_ARGS__}) / sizeof(int)),      \
		       (int[]){__VA_ARGS__})

/* What a family's builder reads: the model, the deployment, its cache
 * and the reserve's widths (replay_in_of), and the family's table row. */
struct replay_in {
	const struct model *m;
	const struct deploy *d;
	const struct kv_alloc *a;
	int64_t nt; /* tokens: the ubatch rounded up to a multiple of n_seq */
	int64_t no; /* outputs: the ubatch */
	const void *row; /* the family's row of its own table, or NULL */
};
/* The builder replay_run runs: writes the graph into s, 0; -1 when the
 * graph is full or cannot be built. */
typedef int replay_build_fn(struct alloc_sim *s, const struct replay_in *in);
/* The reserve of ubatch ub (size_ubatch) for m deployed as d with cache a. */
struct replay_in replay_in_of(const struct model *m, const struct deploy *d,
			      const struct kv_alloc *a, int64_t ub,
			      const void *row);
/* Builds one graph of at most max_nodes nodes with build and replays it
 * through alloc_sim: *out the buffer's bytes, 0; -1 when out of memory,
 * the build failed or the replay refused it. */
int replay_run(int max_nodes, replay_build_fn *build,
	       const struct replay_in *in, int64_t *out);

/* The graph inputs of the attention caches, by cache (0 the full one, 1 the
 * sliding one); -1 where a cache or a rotation has none. */
struct replay_attn_in {
	int kidx[2], vidx[2], mask[2], krot[2], vrot[2];
	int64_t nk, nv; /* the K and V rotations' sizes (model_rot_k_n / _v_n),
			   0 without */
};

/* Clears ra and takes m's rotation sizes. */
void replay_attn_in_init(struct replay_attn_in *ra, const struct model *m);
/* 1 when layer il reads the sliding cache (c 1): a sliding layer beside
 * a full cache, or any layer when the window takes every layer
 * (a->global_layers 0: the base cache keeps no layer, and the graph reads
 * none of its inputs). */
int replay_layer_sliding(const struct model *m, const struct kv_alloc *a,
			 int64_t il);
/* Cache c's inputs, in the order build_attn first reads them: the rotation
 * matrices, k_idxs, v_idxs (none when no_v: MLA's V is a view of K) and the
 * KQ mask over `cells`.  A K rotation placed already (ra->krot[c] set, by
 * replay_pos_input) is kept. */
void replay_cache_inputs(struct alloc_sim *s, const struct model *m, int fa,
			 int64_t nt, int64_t cells, int no_v,
			 struct replay_attn_in *ra, int c);
/* A K rotation matrix [nk, nk] F32 (attn_inp_k_rot) into *krot, unless nk
 * is 0 or *krot is placed already (>= 0). */
void replay_k_rot(struct alloc_sim *s, int64_t nk, int *krot);
/* inp_pos (`bytes`: 4 a token, 16 with M-RoPE) with the first layer's K
 * rotation (nk, *krot as replay_k_rot's) placed before it, where a graph
 * whose RoPE comes before Q's rotation meets them (Gemma 3n, Gemma 4,
 * Cohere2, Qwen3-Next, Qwen3.5): inp_pos's id. */
int replay_pos_input(struct alloc_sim *s, int64_t nk, int *krot, int64_t bytes);

enum {
	RA_QK_NORM = 1 << 0, /* q/k norms on the reshaped views (new tensors),
				RoPE in place on them */
	RA_V_FIRST =
	    1 << 1,	  /* V's projection ordered before K's in the graph */
	RA_NOPE = 1 << 2, /* no RoPE: Q times `rope` (Llama 4's inp_attn_scale),
			     K as projected */
	/* Qwen3-Next, Qwen3.5: Q and its gate in one projection (Qcur_full, 2
	 * n_head head_dim); the output times the gate's sigmoid (the result) */
	RA_GATED_Q = 1 << 3,
	RA_NO_ROPE = 1 << 4, /* no RoPE and no scale (Cohere2's full layers): Q
				and K as projected */
	/* V's un-rotation left to the caller (Cohere2: it sits on wo's chain,
	 * which the graph expands after the parallel FFN) */
	RA_NO_UNROT = 1 << 5,
	RA_V_NORM = 1 << 6, /* V's rms_norm, a new tensor on the reshaped view
			       (gemma3n.cpp) */
	RA_Q_ONLY = 1 << 7, /* a layer reusing an earlier layer's cache: Q only,
			       no K, V or set_rows (gemma3n.cpp) */
};
/* One layer's attention on cache c (`cells` cells) from its normed input
 * `norm`: the output before wo.  `rope` is the tensor RoPE reads (inp_pos),
 * or the scale with RA_NOPE. */
int replay_attn(struct alloc_sim *s, const struct model *m, int fa,
		const struct replay_attn_in *ra, int c, int64_t cells,
		int64_t nt, int norm, int rope, unsigned flags);

/* build_ffn's gate, up, swiglu and down of width ff over n tokens of the
 * normed input pn: down's id (the caller adds it in place). */
int replay_ffn(struct alloc_sim *s, int64_t ff, int64_t embd, int64_t n,
	       int pn);

/* build_moe_ffn's gating: enum replay_gating, model/family.h. */
enum {
	RM_WEIGHT_BEFORE = 1 << 0, /* weight_before_ffn (LLM_ARCH_LLAMA4):
				      repeat x weights, then the experts */
	RM_NORM_W =
	    1
	    << 1, /* norm_w: the weights divided by their (clamped) sum_rows */
	/* Gemma 4 (src/models/gemma4.cpp): the logits from the router's own RMS
	 * norm of pn, the experts' input another (pre_ffw_norm_2) made after
	 * the weights */
	RM_ROUTER_NORM = 1 << 2,
	RM_GATE_UP = 1 << 3, /* ffn_gate_up_exps: one merged matmul, the GLU on
				its two views */
	RM_UP_ONLY = 1 << 4, /* no gate (nemotron-h.cpp: LLM_FFN_RELU_SQR), the
				activation in place on up */
};
/* build_moe_ffn over n tokens of the normed input pn, m's experts of width
 * m->ff: the sum of the selected experts' outputs (before a shared expert). */
int replay_moe_ffn(struct alloc_sim *s, const struct model *m,
		   enum replay_gating gating, unsigned flags, int64_t n,
		   int pn);

#endif
