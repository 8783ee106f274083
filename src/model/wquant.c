/* wquant: llama-quantize's type of each tensor (see the header). */
#include "model/wquant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "model/ggml_type.h"

/* ggml type ids (ggml.h enum ggml_type) */
enum {
	T_F32 = 0,
	T_F16 = 1,
	T_Q4_0 = 2,
	T_Q4_1 = 3,
	T_Q5_0 = 6,
	T_Q5_1 = 7,
	T_Q8_0 = 8,
	T_Q2_K = 10,
	T_Q3_K = 11,
	T_Q4_K = 12,
	T_Q5_K = 13,
	T_Q6_K = 14,
	T_IQ2_XXS = 16,
	T_IQ2_XS = 17,
	T_IQ3_XXS = 18,
	T_IQ1_S = 19,
	T_IQ4_NL = 20,
	T_IQ3_S = 21,
	T_IQ2_S = 22,
	T_IQ4_XS = 23,
	T_IQ1_M = 29,
	T_BF16 = 30,
	T_TQ1_0 = 34,
	T_TQ2_0 = 35,
	T_MXFP4 = 39
};
/* llama_ftype (llama.h) */
enum {
	F_ALL_F32 = 0,
	F_F16 = 1,
	F_Q4_0 = 2,
	F_Q4_1 = 3,
	F_Q8_0 = 7,
	F_Q5_0 = 8,
	F_Q5_1 = 9,
	F_Q2_K = 10,
	F_Q3_K_S = 11,
	F_Q3_K_M = 12,
	F_Q3_K_L = 13,
	F_Q4_K_S = 14,
	F_Q4_K_M = 15,
	F_Q5_K_S = 16,
	F_Q5_K_M = 17,
	F_Q6_K = 18,
	F_IQ2_XXS = 19,
	F_IQ2_XS = 20,
	F_Q2_K_S = 21,
	F_IQ3_XS = 22,
	F_IQ3_XXS = 23,
	F_IQ1_S = 24,
	F_IQ4_NL = 25,
	F_IQ3_S = 26,
	F_IQ3_M = 27,
	F_IQ2_S = 28,
	F_IQ2_M = 29,
	F_IQ4_XS = 30,
	F_IQ1_M = 31,
	F_BF16 = 32,
	F_TQ1_0 = 36,
	F_TQ2_0 = 37,
	F_MXFP4_MOE = 38
};

/* llama-quantize's names and llama_ftype_get_default_type (wquant.h). */
#define WQ_ROW(n, f, t) {#n, f, t},
const struct wq_ftype wq_ftypes[] = {WQ_FTYPES(WQ_ROW)};
#undef WQ_ROW
const size_t wq_ftype_count = sizeof wq_ftypes / sizeof wq_ftypes[0];

const char *const wq_rule_words[WQ_RULES] = {
	[WQ_KEPT] = ("kept as stored (1-D, a norm, a router, a conv: "
		     "tensor_allows_quantization)"),
	[WQ_DEFAULT] = "the type's default",
	[WQ_OUTPUT] =
		"output head (and tied token embeddings): Q6_K, Q5_K or Q8_0",
	[WQ_EMBD] = "token embeddings rule",
	[WQ_ATTN_V] = "attn_v raised (use_more_bits, n_gqa)",
	[WQ_FFN_DOWN] = "ffn_down raised on some layers (use_more_bits)",
	[WQ_OTHER] =
		"a category's rule (attn_k/q/output, ffn_gate/up, experts)",
	[WQ_FALLBACK] = "row not a multiple of the block: tensor_type_fallback",
};

const struct wq_ftype *wq_ftype_find(const char *name)
{
	for (size_t i = 0; i < wq_ftype_count; i++)
		if (!strcasecmp(wq_ftypes[i].name, name))
			return &wq_ftypes[i];
	return NULL;
}

double wq_ftype_bpv(const struct wq_ftype *f, const char **type_name)
{
	const struct ggml_type_info *g =
		ggml_type_get((uint32_t)f->default_type);
	*type_name = g ? g->name : "?";
	return g ? (double)g->bytes / (double)g->blck : 2.0;
}

void wq_ftype_names(char *out, size_t len)
{
	size_t n = 0;
	out[0] = 0;
	for (size_t i = 0; i < wq_ftype_count && n < len; i++)
		n += (size_t)snprintf(out + n, len - n, "%s%s", i ? ", " : "",
				      wq_ftypes[i].name);
}

enum cat {
	C_OUTPUT,
	C_TOKEN_EMBD,
	C_QKV,
	C_KV_B,
	C_V,
	C_K,
	C_Q,
	C_AOUT,
	C_UP,
	C_GATE,
	C_DOWN,
	C_OTHER
};

/* tensor_get_category */
static enum cat category(const char *n)
{
	static const struct {
		const char *part;
		enum cat c;
	} parts[] = {{"attn_qkv.weight", C_QKV}, {"attn_kv_b.weight", C_KV_B},
		     {"attn_v.weight", C_V},     {"attn_k.weight", C_K},
		     {"attn_q.weight", C_Q},     {"attn_output.weight", C_AOUT},
		     {"ffn_up", C_UP},           {"ffn_gate", C_GATE},
		     {"ffn_down", C_DOWN}};
	if (!strcmp(n, "output.weight"))
		return C_OUTPUT;
	if (!strcmp(n, "token_embd.weight") ||
	    !strcmp(n, "per_layer_token_embd.weight"))
		return C_TOKEN_EMBD;
	for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
		if (strstr(n, parts[i].part))
			return parts[i].c;
	return C_OTHER;
}

static int is_attn_v(enum cat c)
{
	return c == C_V || c == C_QKV || c == C_KV_B;
}

/* tensor_allows_quantization (quantize_output_tensor true, not only_copy) */
static int allows(const struct wq_tensor *t)
{
	static const char *const never[] = {"_norm.weight",
					    "ffn_gate_inp.weight",
					    "ffn_gate_tid2eid.weight",
					    "altup",
					    "laurel",
					    "per_layer_model_proj",
					    "ssm_conv1d",
					    "shortconv.conv.weight",
					    "indexer.k_proj.weight",
					    "indexer.q_proj.weight",
					    "time_mix_first.weight",
					    "time_mix_w0.weight",
					    "time_mix_w1.weight",
					    "time_mix_w2.weight",
					    "time_mix_v0.weight",
					    "time_mix_v1.weight",
					    "time_mix_v2.weight",
					    "time_mix_a0.weight",
					    "time_mix_a1.weight",
					    "time_mix_a2.weight",
					    "time_mix_g1.weight",
					    "time_mix_g2.weight",
					    "time_mix_decay_w1.weight",
					    "time_mix_decay_w2.weight",
					    "time_mix_lerp_fused.weight",
					    "attn_rel_b.weight",
					    ".position_embd",
					    "sam.pos_embd",
					    "sam.neck.",
					    "sam.net_",
					    ".rel_pos",
					    ".patch_embd",
					    ".patch_merger",
					    "a.rvq.codebook",
					    "mm.a.code_embd"};
	int nd = t->nd; /* ggml_n_dims: trailing 1s do not count */
	while (nd > 1 && t->ne[nd - 1] == 1)
		nd--;
	size_t len = strlen(t->name);
	if (nd < 2 || len < 6 || strcmp(t->name + len - 6, "weight"))
		return 0;
	if (!strcmp(t->name, "position_embd.weight") ||
	    !strcmp(t->name, "token_types.weight"))
		return 0;
	for (size_t i = 0; i < sizeof never / sizeof never[0]; i++)
		if (strstr(t->name, never[i]))
			return 0;
	return 1;
}

static int64_t blck(uint32_t type)
{
	const struct ggml_type_info *g = ggml_type_get(type);
	return g ? g->blck : 1;
}

static int quantized(uint32_t type)
{
	return type != T_F32 && type != T_F16 && type != T_BF16;
}

struct state {
	const struct wq_model *m;
	int n_attention_wv, i_attention_wv, n_ffn, i_ffn_down, i_ffn_gate,
		i_ffn_up, tied;
};

static int use_more_bits(int i, int n)
{
	return i < n / 8 || i >= 7 * n / 8 || (i - n / 8) % 3 == 2;
}

/* layer_info: with experts the layer is the tensor's blk number, else the
 * counter */
static int layer_of(const struct state *s, int counter, const char *name)
{
	int il = counter;
	if ((s->m->n_expert > 1 ? s->m->n_expert : 1) > 1 &&
	    sscanf(name, "blk.%d.", &il) != 1)
		il = counter;
	return il;
}

static int is_ftype(int f, const int *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (list[i] == f)
			return 1;
	return 0;
}
#define ANY(f, ...)                                                            \
	is_ftype(f, (const int[]){__VA_ARGS__},                                \
		 sizeof(const int[]){__VA_ARGS__} / sizeof(int))

/* llama_tensor_get_type_impl */
static uint32_t impl(struct state *s, uint32_t nt, const struct wq_tensor *t,
		     int f, enum cat c, enum wq_rule *rule)
{
	const struct wq_model *m = s->m;
	int falcon = !strcmp(m->arch, "falcon");
	int64_t gqa = m->n_head_kv > 0 ? m->n_head / m->n_head_kv : 0;
	int n_layer = s->n_ffn;
	uint32_t in = nt;
	*rule = WQ_OTHER;
	if (c == C_OUTPUT || (s->tied && c == C_TOKEN_EMBD)) {
		*rule = WQ_OUTPUT;
		if (f == F_MXFP4_MOE)
			nt = T_Q8_0;
		else if (falcon || t->ne[0] % blck(nt))
			nt = T_Q8_0;
		else if (ANY(f, F_IQ2_XXS, F_IQ2_XS, F_IQ3_XXS, F_IQ1_S,
			     F_IQ2_S, F_IQ2_M, F_IQ1_M))
			nt = T_Q5_K;
		else if (nt != T_Q8_0)
			nt = T_Q6_K;
	} else if (f == F_MXFP4_MOE) {
		int bailing3 = !strcmp(m->arch, "bailingmoe3");
		nt = t->ne[2] > 1 && (!bailing3 || c == C_UP || c == C_GATE ||
				      c == C_DOWN)
			     ? T_MXFP4
			     : T_Q8_0;
	} else if (c == C_TOKEN_EMBD) {
		*rule = WQ_EMBD;
		if (ANY(f, F_IQ2_XXS, F_IQ2_XS, F_IQ1_S, F_IQ1_M))
			nt = T_Q2_K;
		else if (ANY(f, F_IQ2_S, F_IQ2_M, F_IQ3_XXS))
			nt = T_IQ3_S;
		else if (ANY(f, F_TQ1_0, F_TQ2_0))
			nt = T_Q4_K;
	} else if (ANY(f, F_IQ2_XXS, F_IQ2_XS, F_IQ1_S, F_IQ2_S, F_IQ2_M,
		       F_IQ1_M)) {
		if (is_attn_v(c)) {
			*rule = WQ_ATTN_V;
			nt = gqa >= 4 || m->n_expert >= 4 ? T_Q4_K
			     : ANY(f, F_IQ2_S, F_IQ2_M)   ? T_IQ3_S
							  : T_Q2_K;
			s->i_attention_wv++;
		} else if (m->n_expert == 8 && c == C_K) {
			nt = T_Q4_K;
		} else if (c == C_DOWN) {
			*rule = WQ_FFN_DOWN;
			if (s->i_ffn_down < s->n_ffn / 8)
				nt = ANY(f, F_IQ2_S, F_IQ2_M) ? T_IQ3_S
							      : T_Q2_K;
			s->i_ffn_down++;
		} else if (c == C_AOUT) {
			if (m->n_expert == 8)
				nt = T_Q5_K;
			else if (ANY(f, F_IQ1_S, F_IQ1_M))
				nt = T_IQ2_XXS;
			else if (ANY(f, F_IQ2_S, F_IQ2_M))
				nt = T_IQ3_S;
		}
	} else if (is_attn_v(c)) {
		*rule = WQ_ATTN_V;
		if (f == F_Q2_K)
			nt = gqa >= 4 ? T_Q4_K : T_Q3_K;
		else if (f == F_Q2_K_S && gqa >= 4)
			nt = T_Q4_K;
		else if (f == F_IQ3_XXS)
			nt = gqa >= 4 ? T_Q4_K : T_IQ3_S; /* no imatrix */
		else if (ANY(f, F_IQ3_XS, F_IQ3_S) && gqa >= 4)
			nt = T_Q4_K;
		else if (f == F_IQ3_M)
			nt = T_Q4_K;
		else if (f == F_Q3_K_M)
			nt = s->i_attention_wv < 2 ? T_Q5_K : T_Q4_K;
		else if (f == F_Q3_K_L)
			nt = T_Q5_K;
		else if (ANY(f, F_IQ4_NL, F_IQ4_XS) && gqa >= 4)
			nt = T_Q5_K;
		else if (ANY(f, F_Q4_K_M, F_Q5_K_M) &&
			 use_more_bits(s->i_attention_wv, s->n_attention_wv))
			nt = T_Q6_K;
		else if (f == F_Q4_K_S && s->i_attention_wv < 4)
			nt = T_Q5_K;
		if (m->is_70b && (nt == T_Q3_K || nt == T_Q4_K))
			nt = T_Q5_K;
		if (m->n_expert == 8)
			nt = T_Q8_0;
		s->i_attention_wv++;
	} else if (c == C_K) {
		if (m->n_expert == 8)
			nt = T_Q8_0;
		else if (f == F_IQ3_XS)
			nt = T_IQ3_XXS;
		else if (f == F_IQ3_XXS)
			nt = T_IQ2_S;
	} else if (c == C_Q) {
		if (f == F_IQ3_XS)
			nt = T_IQ3_XXS;
		else if (f == F_IQ3_XXS)
			nt = T_IQ2_S;
	} else if (c == C_DOWN) {
		int il = layer_of(s, s->i_ffn_down, t->name);
		*rule = WQ_FFN_DOWN;
		if (f == F_Q2_K)
			nt = T_Q3_K;
		else if (f == F_Q2_K_S) {
			if (il < n_layer / 8)
				nt = T_Q4_K;
		} else if (f == F_IQ3_XXS)
			nt = il < n_layer / 8 ? T_Q4_K
					      : T_Q3_K; /* no imatrix */
		else if (f == F_Q3_K_M)
			nt = il < n_layer / 16                       ? T_Q5_K
			     : !falcon || use_more_bits(il, n_layer) ? T_Q4_K
								     : T_Q3_K;
		else if (f == F_IQ3_M &&
			 (il < n_layer / 8 ||
			  (m->n_expert == 8 && use_more_bits(il, n_layer))))
			nt = T_Q4_K;
		else if (f == F_Q3_K_L)
			nt = falcon ? T_Q4_K : T_Q5_K;
		else if (f == F_Q4_K_M) {
			if (falcon)
				nt = il < n_layer / 16            ? T_Q6_K
				     : use_more_bits(il, n_layer) ? T_Q5_K
								  : T_Q4_K;
			else if (use_more_bits(il, n_layer))
				nt = T_Q6_K;
		} else if (il < n_layer / 8 && ANY(f, F_IQ4_NL, F_IQ4_XS))
			nt = T_Q5_K; /* no imatrix */
		else if (f == F_Q5_K_M && use_more_bits(il, n_layer))
			nt = T_Q6_K;
		else if (f == F_Q4_K_S && !falcon && il < n_layer / 8)
			nt = T_Q5_K;
		s->i_ffn_down++;
	} else if (c == C_AOUT) {
		if (!falcon) {
			if (m->n_expert == 8) {
				if (ANY(f, F_Q2_K, F_IQ3_XS, F_IQ3_XXS,
					F_Q3_K_S, F_Q3_K_M, F_IQ4_NL, F_Q4_K_S,
					F_Q4_K_M, F_IQ3_S, F_IQ3_M, F_IQ4_XS))
					nt = T_Q5_K;
			} else if (f == F_Q2_K)
				nt = T_Q3_K;
			else if (f == F_IQ3_XXS)
				nt = T_IQ3_S;
			else if (f == F_Q3_K_M)
				nt = T_Q4_K;
			else if (f == F_Q3_K_L)
				nt = T_Q5_K;
			else if (f == F_IQ3_M)
				nt = T_Q4_K;
		} else if (f == F_Q3_K_L)
			nt = T_Q4_K;
	} else if (c == C_QKV) {
		if (ANY(f, F_Q3_K_M, F_Q3_K_L, F_IQ3_M))
			nt = T_Q4_K;
		else if (f == F_Q4_K_M)
			nt = T_Q5_K;
		else if (f == F_Q5_K_M)
			nt = T_Q6_K;
	} else if (c == C_GATE || c == C_UP) {
		int *counter = c == C_GATE ? &s->i_ffn_gate : &s->i_ffn_up;
		int il = layer_of(s, *counter, t->name);
		if (f == F_IQ3_XS && il >= n_layer / 8 && il < 7 * n_layer / 8)
			nt = T_IQ3_XXS;
		(*counter)++;
	}
	if (nt == in && *rule == WQ_OTHER)
		*rule = WQ_DEFAULT;
	return nt;
}

/* tensor_type_fallback */
static uint32_t fallback(const struct wq_tensor *t, uint32_t target,
			 enum wq_rule *rule)
{
	if (t->ne[0] % blck(target) == 0)
		return target;
	uint32_t r = target;
	switch (target) {
	case T_IQ1_S:
	case T_IQ1_M:
	case T_IQ2_XXS:
	case T_IQ2_XS:
	case T_IQ2_S:
	case T_IQ3_XXS:
	case T_IQ3_S:
	case T_IQ4_XS:
		r = T_IQ4_NL;
		break;
	case T_Q2_K:
	case T_Q3_K:
	case T_TQ1_0:
	case T_TQ2_0:
		r = T_Q4_0;
		break;
	case T_Q4_K:
		r = T_Q5_0;
		break;
	case T_Q5_K:
		r = T_Q5_1;
		break;
	case T_Q6_K:
		r = T_Q8_0;
		break;
	default:
		break;
	}
	if (t->ne[0] % blck(r))
		r = T_F16;
	*rule = WQ_FALLBACK;
	return r;
}

int64_t wq_size(const struct wq_tensor *t, size_t n, const struct wq_model *m,
		const struct wq_ftype *f, uint32_t *types, enum wq_rule *rules)
{
	struct state s = {.m = m, .n_ffn = (int)m->n_layer, .tied = 1};
	int64_t total = 0;
	/* init_quantize_state_counters */
	for (size_t i = 0; i < n; i++) {
		s.n_attention_wv += is_attn_v(category(t[i].name));
		if (category(t[i].name) == C_OUTPUT)
			s.tied = 0;
	}
	for (size_t i = 0; i < n; i++) {
		uint32_t nt = t[i].type;
		enum wq_rule rule = WQ_KEPT;
		if (allows(&t[i])) {
			nt = (uint32_t)f->default_type;
			rule = WQ_DEFAULT;
			if (quantized(nt)) {
				nt = impl(&s, nt, &t[i], f->llama_ftype,
					  category(t[i].name), &rule);
				nt = fallback(&t[i], nt, &rule);
			}
		}
		int64_t b = ggml_type_tensor_bytes(nt, t[i].ne, t[i].nd);
		if (b < 0 || __builtin_add_overflow(total, b, &total))
			return -1;
		if (types)
			types[i] = nt;
		if (rules)
			rules[i] = rule;
	}
	return total;
}
