/*
 * wshapes: a described model's tensors (see the header).  Each family says
 * which of the parts (model/family.h) its loader creates; the shapes follow
 * from the description.  A family without them has its weights estimated,
 * and says so.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "model/family.h"
#include "model/ggml_type.h"
#include "model/wshapes.h"

/* The tensors of the family's loader (src/families/), NULL when attnviz
 * does not list them. */
static const struct family_weights *family(const char *arch)
{
	const struct family *f = arch_find(arch);
	return f ? f->weights : NULL;
}

struct ws_list {
	struct wq_tensor *t;
	size_t n, max;
};

/* One tensor of type `type` and shape ne0 x ne1 x ne2 (a 0 ends it). */
__attribute__((format(printf, 6, 7))) static void
put(struct ws_list *l, uint32_t type, int64_t ne0, int64_t ne1, int64_t ne2,
    const char *fmt, ...)
{
	if (l->n++ >= l->max)
		return;
	struct wq_tensor *t = &l->t[l->n - 1];
	memset(t, 0, sizeof *t);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(t->name, sizeof t->name, fmt, ap);
	va_end(ap);
	t->type = type;
	t->ne[0] = ne0;
	t->ne[1] = ne1 ? ne1 : 1;
	t->ne[2] = ne1 && ne2 ? ne2 : 1;
	t->ne[3] = 1;
	t->nd = !ne1 ? 1 : !ne2 ? 2 : 3;
}

/* A weight matrix as the converter writes it. */
#define MAT GGML_ID_BF16
/* 1-D tensors, norms and routers (conversion/base.py prepare_tensors). */
#define VEC GGML_ID_F32

/* Multi-head latent attention: queries through a rank-q_lora_rank pair
 * (or one wq), K and V from a latent of kv_lora_rank with a shared RoPE
 * key, wkv_b split per head into k_b and v_b. */
static void latent(struct ws_list *l, const struct model *m, int il)
{
	int64_t e = m->embd, h = m->heads, ql = m->q_lora_rank;
	int64_t kr = m->kv_lora_rank, rope = m->qk_rope_head_dim;
	int64_t qk = m->qk_nope_head_dim + rope;
	put(l, VEC, e, 0, 0, "blk.%d.attn_norm.weight", il);
	if (ql) {
		put(l, VEC, ql, 0, 0, "blk.%d.attn_q_a_norm.weight", il);
		put(l, MAT, e, ql, 0, "blk.%d.attn_q_a.weight", il);
		put(l, MAT, ql, h * qk, 0, "blk.%d.attn_q_b.weight", il);
	} else {
		put(l, MAT, e, h * qk, 0, "blk.%d.attn_q.weight", il);
	}
	put(l, VEC, kr, 0, 0, "blk.%d.attn_kv_a_norm.weight", il);
	put(l, MAT, e, kr + rope, 0, "blk.%d.attn_kv_a_mqa.weight", il);
	put(l, MAT, m->qk_nope_head_dim, kr, h, "blk.%d.attn_k_b.weight", il);
	put(l, MAT, kr, m->v_head_dim, h, "blk.%d.attn_v_b.weight", il);
	put(l, MAT, h * m->v_head_dim, e, 0, "blk.%d.attn_output.weight", il);
}

static void attention(struct ws_list *l, const struct family_weights *f,
		      const struct model *m, int il)
{
	if (f->parts & WS_MLA) {
		latent(l, m, il);
		return;
	}
	int64_t e = m->embd, kv = m->layer_kv_heads[il];
	int64_t q = m->heads * m->head_dim, k = kv * m->head_dim,
		v = kv * m->head_dim_v;
	if (f->parts & WS_ATTN_NORM)
		put(l, VEC, e, 0, 0, "blk.%d.attn_norm.weight", il);
	if (f->parts & WS_QK_NORM) {
		put(l, VEC, m->head_dim, 0, 0, "blk.%d.attn_q_norm.weight", il);
		put(l, VEC, m->head_dim, 0, 0, "blk.%d.attn_k_norm.weight", il);
	}
	if (f->parts & WS_QK_NORM_ALL) {
		put(l, VEC, q, 0, 0, "blk.%d.attn_q_norm.weight", il);
		put(l, VEC, k, 0, 0, "blk.%d.attn_k_norm.weight", il);
	}
	if (f->parts & WS_QKV_FUSED) {
		put(l, MAT, e, q + k + v, 0, "blk.%d.attn_qkv.weight", il);
	} else {
		put(l, MAT, e, q, 0, "blk.%d.attn_q.weight", il);
		put(l, MAT, e, k, 0, "blk.%d.attn_k.weight", il);
		put(l, MAT, e, v, 0, "blk.%d.attn_v.weight", il);
	}
	if (f->parts & WS_QKV_BIAS) {
		put(l, VEC, q, 0, 0, "blk.%d.attn_q.bias", il);
		put(l, VEC, k, 0, 0, "blk.%d.attn_k.bias", il);
		put(l, VEC, v, 0, 0, "blk.%d.attn_v.bias", il);
	}
	put(l, MAT, q, e, 0, "blk.%d.attn_output.weight", il);
	if (f->parts & WS_OUT_BIAS)
		put(l, VEC, e, 0, 0, "blk.%d.attn_output.bias", il);
	if (f->parts & WS_SINKS)
		put(l, VEC, m->heads, 0, 0, "blk.%d.attn_sinks.weight", il);
	if (f->parts & WS_POST_ATTN)
		put(l, VEC, e, 0, 0, "blk.%d.post_attention_norm.weight", il);
}

static void ffn(struct ws_list *l, const struct family_weights *f,
		const struct model *m, int il)
{
	/* the layer's FFN (model_layer): DeepSeek's first layers dense */
	struct model_layer L = model_layer(m, il);
	int64_t e = m->embd, ff = L.moe ? L.ff_exp : L.ff;
	int64_t x = L.moe ? m->experts : 0;
	if (f->parts & WS_FFN_NORM)
		put(l, VEC, e, 0, 0, "blk.%d.ffn_norm.weight", il);
	if (f->parts & WS_POST_FFN)
		put(l, VEC, e, 0, 0, "blk.%d.post_ffw_norm.weight", il);
	if (x > 0) {
		put(l, VEC, e, x, 0, "blk.%d.ffn_gate_inp.weight", il);
		if (m->router_bias && (f->parts & WS_LEAD_SHARED))
			put(l, VEC, x, 0, 0, "blk.%d.exp_probs_b.bias", il);
		put(l, MAT, e, ff, x, "blk.%d.ffn_gate_exps.weight", il);
		put(l, MAT, ff, e, x, "blk.%d.ffn_down_exps.weight", il);
		put(l, MAT, e, ff, x, "blk.%d.ffn_up_exps.weight", il);
		if (f->parts & WS_EXPERT_BIAS) {
			put(l, VEC, x, 0, 0, "blk.%d.ffn_gate_inp.bias", il);
			put(l, VEC, ff, x, 0, "blk.%d.ffn_gate_exps.bias", il);
			put(l, VEC, e, x, 0, "blk.%d.ffn_down_exps.bias", il);
			put(l, VEC, ff, x, 0, "blk.%d.ffn_up_exps.bias", il);
		}
		/* n_ff_exp x n_expert_shared */
		int64_t sh = L.ff_shexp;
		if (sh > 0) {
			put(l, MAT, e, sh, 0, "blk.%d.ffn_gate_shexp.weight",
			    il);
			put(l, MAT, sh, e, 0, "blk.%d.ffn_down_shexp.weight",
			    il);
			put(l, MAT, e, sh, 0, "blk.%d.ffn_up_shexp.weight",
			    il);
		}
		return;
	}
	if (f->parts & WS_UP_GATE) {
		put(l, MAT, e, 2 * ff, 0, "blk.%d.ffn_up.weight", il);
	} else {
		put(l, MAT, e, ff, 0, "blk.%d.ffn_gate.weight", il);
		put(l, MAT, e, ff, 0, "blk.%d.ffn_up.weight", il);
	}
	put(l, MAT, ff, e, 0, "blk.%d.ffn_down.weight", il);
}

/* The value a row needs that the description lacks or shapes otherwise;
 * NULL when m is one the rows describe. */
static const char *unshaped(const struct family_weights *f, const struct model *m)
{
	int lead = (f->parts & WS_LEAD_SHARED) != 0;
	if (m->embd <= 0 || m->ff <= 0 || (m->dense_lead && m->ff_dense <= 0))
		return "no embd, ff or ff_dense given";
	if ((m->kind == ATTN_MLA) != !!(f->parts & WS_MLA))
		return m->kind == ATTN_MLA ? "MLA tensors not listed"
					   : "an MLA family without MLA";
	if (((m->dense_lead || m->shared_experts) && !lead) ||
	    m->nextn_layers || m->moe_layer_step > 1)
		return "dense, shared or nextn FFNs not listed";
	for (int64_t il = 0; il < m->layers; il++)
		if (m->layer_type[il] != LT_FULL &&
		    m->layer_type[il] != LT_SLIDING)
			return "layers without attention not listed";
	return NULL;
}

int wshapes_of(const struct model *m, struct wq_tensor *t, size_t max,
	       char *why, size_t len)
{
	const struct family_weights *f = family(m->arch);
	const char *no;
	if (!f) {
		snprintf(why, len, "no tensor list for %s",
			 m->arch[0] ? m->arch : "an unnamed arch");
		return 0;
	}
	if ((no = unshaped(f, m))) {
		snprintf(why, len, "%s", no);
		return -1;
	}
	struct ws_list l = {.t = t, .max = max};
	int64_t e = m->embd, half = m->rope_dims / 2;
	put(&l, MAT, e, m->vocab, 0, "token_embd.weight");
	if (f->head == WS_HEAD_ALWAYS ||
	    (f->head == WS_HEAD_UNLESS_TIED && !m->tied_embd))
		put(&l, MAT, e, m->vocab, 0, "output.weight");
	put(&l, VEC, e, 0, 0, "output_norm.weight");
	if ((f->parts & WS_ROPE_FREQS) && m->scaling == ROPE_LLAMA3)
		put(&l, VEC, half, 0, 0, "rope_freqs.weight");
	if ((f->parts & WS_ROPE_FACTORS) && m->scaling == ROPE_LONGROPE) {
		put(&l, VEC, half, 0, 0, "rope_factors_long.weight");
		put(&l, VEC, half, 0, 0, "rope_factors_short.weight");
	}
	for (int il = 0; il < (int)m->layers; il++) {
		attention(&l, f, m, il);
		ffn(&l, f, m, il);
	}
	if (l.n > max) {
		snprintf(why, len, "more than %zu tensors", max);
		return -1;
	}
	return (int)l.n;
}
