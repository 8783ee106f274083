/*
 * hfconfig: config.json -> struct model.
 *
 * The file is read whole (at most HF_MAX_BYTES) and parsed by jansson with
 * duplicate keys refused; jansson's line:column go into syntax errors, and
 * for a field with a bad value the key's own line:column is found again in
 * the text (json_locate), so every error points at the file.
 *
 * Values are looked up in text_config first, then at the root: a
 * multimodal config (Gemma 3) keeps its language model there.  The family
 * is its file in src/families/: one with a converter class (.conv) has the
 * keys that class writes read by the GGUF reader (read_model_conv); one
 * with a field mapping (.hf) is read here, a field the file leaves out
 * taking the default of its transformers configuration class.  What
 * llama.cpp then does with the fields is followed and said in m->note
 * where it differs from the file.
 */
#include "model/hfconfig.h"

#include "model/family.h"
#include "model/hfconv_run.h"
#include "model/json_locate.h"

#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util/err.h"
#include "util/num.h"

/* Published configs are a few kB (Phi-3's with its longrope lists ~10 kB). */
#define HF_MAX_BYTES (16 << 20)
/* Largest parameter count believed (the INI loader's bound). */
#define HF_MAX_PARAMS 1e15

/* The defaults of a family: the keyword defaults of the __init__ of the
 * transformers class named in `cls` (src/transformers/models/<type>/
 * configuration_<type>.py), which is what transformers uses for a field that
 * config.json leaves out. */
struct hf_fam {
	const char *type;      /* config.json model_type */
	const char *arch;      /* llama.cpp's LLM_ARCH name (general.architecture) */
	const char *cls;
	int64_t vocab, hidden, inter, layers, heads;
	int64_t kv_heads;      /* 0: None, i.e. num_attention_heads */
	int64_t head_dim;      /* 0: None, i.e. hidden_size / num_attention_heads */
	int64_t max_pos;
	double rope_theta;
	int tie;               /* tie_word_embeddings */
	int64_t window;        /* sliding_window; 0: None */
};

/* Where to look for a field: text_config (when the file has one) before the root. */
struct scope {
	json_t *obj[2];
	char prefix[2][48];
	int n;
};

struct hf {
	const char *file;      /* the config.json path, for errors */
	const char *text;      /* [len] its bytes, to find a key's line:column again */
	size_t len;
	struct scope top;
	const struct hf_fam *fam;
	char where[96];        /* dotted path of the field looked up last */
	char *err;
	size_t errlen;
	struct model *m;
	struct hf_fam own;      /* built from the family's .hf */
	const struct family_hf *gen;   /* that .hf (NULL with .conv) */
	/* a family read by its converter's rules (model/hfconv.h) */
	const struct family *conv;
};

/* "FILE:LINE:COL: field PATH: what" (or "FILE: field PATH: what" when the key
 * is not in the file, e.g. a missing one). */
static int fail(struct hf *H, const char *path, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(struct hf *H, const char *path, const char *fmt, ...)
{
	char what[512], file[300], shown[100];
	int line, col;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	err_clean(file, sizeof file, H->file);
	err_clean(shown, sizeof shown, path);
	if (json_locate(H->text, H->len, path, &line, &col))
		snprintf(H->err, H->errlen, "%s:%d:%d: field %s: %s", file, line, col, shown, what);
	else
		snprintf(H->err, H->errlen, "%s: field %s: %s", file, shown, what);
	err_clean(H->err, H->errlen, H->err);
	return -1;
}

/* The member `key` of the scope (text_config first); sets H->where. */
static json_t *find(struct hf *H, const struct scope *sc, const char *key)
{
	for (int i = 0; i < sc->n; i++) {
		json_t *v = json_object_get(sc->obj[i], key);
		if (v) {
			snprintf(H->where, sizeof H->where, "%s%s", sc->prefix[i], key);
			return v;
		}
	}
	snprintf(H->where, sizeof H->where, "%s%s", sc->n ? sc->prefix[0] : "", key);
	return NULL;
}

/* A number field: 1 read from the file, 0 absent or null (def taken when
 * has_def, else "missing"), -1 error. */
static int get_real(struct hf *H, const struct scope *sc, const char *key, int has_def, double def, double min,
		    double max, double *out)
{
	json_t *v = find(H, sc, key);
	if (!v || json_is_null(v)) {
		if (!has_def)
			return fail(H, H->where, v ? "null, but it is required" : "missing (required)");
		*out = def;
		return 0;
	}
	if (!json_is_number(v)) {
		if (json_is_string(v)) {
			char shown[40];
			err_clean(shown, sizeof shown, json_string_value(v));
			return fail(H, H->where, "a string (\"%s\"), want a number", shown);
		}
		return fail(H, H->where, "%s, want a number", hfc_json_kind(v));
	}
	double x = json_number_value(v);
	if (!isfinite(x) || x < min || x > max) {
		char a[32], b[32], c[32];
		return fail(H, H->where, "%s is out of range (%s to %s)",
			    num_show(a, sizeof a, x),
			    num_show(b, sizeof b, min),
			    num_show(c, sizeof c, max));
	}
	*out = x;
	return 1;
}

/* A count: a whole number (an integral real such as 4096.0 is accepted). */
static int get_int(struct hf *H, const struct scope *sc, const char *key, int has_def, int64_t def, int64_t min,
		   int64_t max, int64_t *out)
{
	json_t *v = find(H, sc, key);
	if (v && json_is_integer(v)) {
		json_int_t x = json_integer_value(v);
		if (x < min || x > max)
			return fail(H, H->where, "%lld is out of range (%lld to %lld)", (long long)x, (long long)min,
				    (long long)max);
		*out = x;
		return 1;
	}
	double d;
	/* the count's own range (a real past it says so, not -1e300 to 1e300)
	 */
	int rc = get_real(H, sc, key, has_def, (double)def, (double)min,
			  (double)max, &d);
	if (rc <= 0) {
		*out = def;
		return rc;
	}
	char a[32];
	if (d != floor(d))
		return fail(H, H->where, "%s is not a whole number",
			    num_show(a, sizeof a, d));
	if (d < (double)min || d > (double)max)
		return fail(H, H->where, "%s is out of range (%lld to %lld)",
			    num_show(a, sizeof a, d), (long long)min,
			    (long long)max);
	*out = (int64_t)d;
	return 1;
}

static int get_bool(struct hf *H, const struct scope *sc, const char *key, int def, int *out)
{
	json_t *v = find(H, sc, key);
	if (!v || json_is_null(v)) {
		*out = def;
		return 0;
	}
	if (!json_is_boolean(v))
		return fail(H, H->where, "%s, want true or false",
			    hfc_json_kind(v));
	*out = json_is_true(v);
	return 1;
}

/* Remember where a value came from: the file's field, or the family default. */
static void origin(struct hf *H, enum model_field field, int rc, const char *path)
{
	if (rc == 1)
		model_set_origin(H->m, field, "config.json %s", path);
	else
		model_set_origin(H->m, field, "default of family %s (transformers %s)", H->fam->type, H->fam->cls);
}

/* Read a count into *out and record its origin (MF_COUNT: none) in one step. */
static int count(struct hf *H, const struct scope *sc, const char *key, enum model_field field, int has_def,
		 int64_t def, int64_t min, int64_t max, int64_t *out)
{
	int rc = get_int(H, sc, key, has_def, def, min, max, out);
	if (rc >= 0 && field != MF_COUNT)
		origin(H, field, rc, H->where);
	return rc;
}

/* count() of field f's own config.json field (model_fields). */
static int field_count(struct hf *H, const struct scope *sc, enum model_field f, int has_def, int64_t def,
		       int64_t min, int64_t max, int64_t *out)
{
	return count(H, sc, model_fields[f].hf, f, has_def, def, min, max, out);
}

/* Everything the parameter estimate needs beyond struct model. */
struct shape {
	int64_t hidden, inter, moe_inter, shared, first_dense, moe_freq, q_lora;
	int64_t shared_inter;   /* a shared expert's width; 0: moe_inter */
	int qkv_bias, o_bias, qk_norm, norms, router_bias, expert_bias, tie, falcon_ln, gated;
	int per_layer_attn;     /* Gemma 4: each layer's attention by its kind (layer_attn) */
	int k_eq_v;             /* Gemma 4 attention_k_eq_v: no v_proj on the full layers */
	/* [layers] 1: a block without MLP (Nemotron-H's Mamba2 and
	 * attention blocks: read_model_conv) */
	uint8_t no_mlp[MODEL_MAX_LAYERS];
	/* weights beside the layers' attention, FFN and norms that every
	 * token uses (Gemma 3n's and Gemma 4 E2B/E4B's per-layer inputs,
	 * Gemma 3n's AltUp and LAuReL: gemma_shape) */
	double extra;
	int delta_net;   /* Qwen3-Next's layers (family_conv delta_net) */
};

/*
 * Parameters from the architecture, counted weight by weight as the
 * transformers modules hold them (RMSNorm: one vector; LayerNorm: two):
 *   total  = vocab x hidden (embedding) + [lm_head: vocab x hidden unless tied]
 *          + final norm + sum over layers (attention + norms + MLP or MoE)
 *   attention = hidden x heads x hd (q) + 2 x hidden x kv x hd (k, v)
 *             + heads x hd_v x hidden (o) [+ biases, q/k norms, sinks]
 *     MLA: hidden x q_lora + q_lora + q_lora x heads x (nope + rope)
 *          + hidden x (kv_lora + rope) + kv_lora + kv_lora x heads x (nope + v)
 *          + heads x v x hidden (MiniCPM3's too, with a full cache)
 *   MLP = 3 x hidden x inter (gate, up, down); Falcon 2 x hidden x 4 hidden
 *   MoE = router hidden x E + E x 3 x hidden x moe_inter + shared experts
 * Active parameters count experts_used of the E routed experts.
 */
/* Gemma 4's attention weights, layer by layer (transformers
 * Gemma4TextAttention, as llama.cpp's gemma4 load_arch_tensors creates
 * them): q, k, v, o and the q / k norms at the layer's head size (head_dim
 * sliding, global_head_dim full) and KV heads (its head_count_kv); no
 * v_proj on a full layer with attention_k_eq_v (V is K), no k_proj or
 * v_proj on a layer that shares another's cache. */
static double layer_attn(const struct model *m, const struct shape *s, int64_t il)
{
	int swa = m->layer_swa[il], shared = m->layer_type[il] == LT_SHARED;
	double h = (double)s->hidden, heads = (double)m->heads;
	double hd = (double)(swa ? m->head_dim_swa : m->head_dim);
	double kv = shared ? 0 : (double)m->layer_kv_heads[il];
	double v = swa || !s->k_eq_v ? kv * hd : 0;
	return h * heads * hd + h * kv * hd + h * v + heads * hd * h + (shared ? 1 : 2) * hd;
}

static void estimate(const struct model *m, const struct shape *s, double *total, double *active)
{
	double h = (double)s->hidden, hd = (double)m->head_dim, hdv = (double)m->head_dim_v;
	double heads = (double)m->heads, kv = (double)m->kv_heads, attn;
	if (m->kind == ATTN_MLA) {
		double qd = (double)(m->qk_nope_head_dim + m->qk_rope_head_dim), ql = (double)s->q_lora;
		double kvr = (double)m->kv_lora_rank, rope = (double)m->qk_rope_head_dim;
		attn = (s->q_lora ? h * ql + ql + ql * heads * qd : h * heads * qd) + h * (kvr + rope) + kvr +
		       kvr * heads * (double)(m->qk_nope_head_dim + m->v_head_dim) + heads * (double)m->v_head_dim * h;
	} else if (m->kv_lora_rank > 0) {
		/* MiniCPM3 (AM_LORA_FULL_KV, minicpm3.cpp load_arch_tensors):
		 * the same projections, wkv_b whole, a full K and V cached */
		double ql = (double)s->q_lora, kvr = (double)m->kv_lora_rank;
		double rope = (double)m->rope_dims;
		attn = (s->q_lora ? h * ql + ql + ql * heads * hd
				  : h * heads * hd) +
		       h * (kvr + rope) + kvr +
		       kvr * heads * (hd - rope + hdv) + heads * hdv * h;
	} else {
		attn = h * heads * hd + h * kv * hd + h * kv * hdv + heads * hdv * h;
		if (s->qkv_bias)
			attn += heads * hd + kv * hd + kv * hdv;
		if (s->o_bias)
			attn += h;
		if (s->qk_norm)
			attn += 2 * hd;
		if (m->sinks_learned)
			attn += heads;
		if (s->delta_net)   /* wq holds the output gate too */
			attn += h * heads * hd;
	}
	double norm = s->falcon_ln ? 2 * h : h;   /* LayerNorm has a bias too */
	double dense = s->gated ? 3 * h * (double)s->inter : 2 * h * (double)s->inter;
	/* experts are gated as the dense MLP is (Nemotron-H: up and down only) */
	double glu = s->gated ? 3 : 2;
	double expert = glu * h * (double)s->moe_inter, e = (double)m->experts;
	if (s->expert_bias)
		expert += 2 * (double)s->moe_inter + h;
	double moe_fixed = h * e + (s->router_bias ? e : 0) +
			   (double)s->shared * glu * h * (double)(s->shared_inter ? s->shared_inter : s->moe_inter);
	if (s->delta_net && s->shared)
		moe_fixed += h;   /* ffn_gate_inp_shexp: the shared gate */
	/* A Mamba2 / gated delta-net mixer instead of attention: in_proj hidden x
	 * (2 d_inner + 2 groups x d_state + heads), out_proj d_inner x hidden */
	double di = (double)m->ssm_d_inner, mixer = h * (2 * di + 2 * (double)(m->ssm_n_group * m->ssm_d_state) +
					   (double)m->ssm_dt_rank) + di * h;
	/* LFM2's short convolution: in_proj hidden x 3 hidden, out_proj, the kernel */
	if (m->shortconv_l_cache)
		mixer = 4 * h * h + (double)m->shortconv_l_cache * h;
	const struct family_recurrent *rr = FAMILY_PART(m, recurrent);
	if (rr && rr->state == RS_MAMBA2 && !m->shortconv_l_cache) {
		/* Mamba-2's own small tensors (mamba2.cpp load_arch_tensors,
		 * the hybrids' alike): conv1d {d_conv, d_inner + 2 n_group
		 * d_state} and its bias, dt_bias, A and D a head, the norm */
		double xbc = di + 2 * (double)(m->ssm_n_group * m->ssm_d_state);
		mixer += xbc * ((double)m->ssm_d_conv + 1) +
			 3 * (double)m->ssm_dt_rank + di;
	}
	if (rr && rr->state == RS_MAMBA1) {
		/* Mamba-1 (mamba.cpp, jamba.cpp load_arch_tensors): ssm_in
		 * {n_embd, 2 d_inner}, conv1d and its bias, ssm_x {d_inner,
		 * dt_rank + 2 d_state}, ssm_dt and its bias, A {d_state,
		 * d_inner}, D, ssm_out; Jamba's (a hybrid's) dt, B and C
		 * norms */
		double ds = (double)m->ssm_d_state, dr = (double)m->ssm_dt_rank;
		const struct family_hybrid_graph *hg =
		    FAMILY_PART(m, hybrid_graph);
		mixer = h * 2 * di + di * ((double)m->ssm_d_conv + 1) +
			di * (dr + 2 * ds) + dr * di + di + ds * di + di +
			di * h + (hg ? dr + 2 * ds : 0);
	}
	if (s->delta_net) {
		/* the Gated DeltaNet (ssm.* as Qwen3NextModel writes them:
		 * key_dim = group_count x state_size, value_dim = inner_size,
		 * v_heads = time_step_rank): qkv, z, alpha and beta, ssm_out,
		 * conv1d over q, k and v, A and dt a head, norm a V head */
		double kd = (double)(m->ssm_n_group * m->ssm_d_state);
		double nv = (double)m->ssm_dt_rank;
		mixer = h * (2 * kd + 2 * di + 2 * nv) + di * h +
			(2 * kd + di) * (double)m->ssm_d_conv + 2 * nv +
			(nv > 0 ? di / nv : 0);
	}
	double t = 0, a = 0;
	for (int64_t il = 0; il < m->layers; il++) {
		int lt = m->layer_type[il];
		double at = s->per_layer_attn ? layer_attn(m, s, il) : attn;
		double base = (lt == LT_RECURRENT ? mixer : lt == LT_NONE && il < m->layers - m->nextn_layers ? 0 : at) +
			      (double)s->norms * norm;
		if (m->ssm_parallel)
			base += mixer;   /* Falcon-H1: a Mamba2 mixer beside every attention */
		/* layer_dense_ffn: no router there, as the tensors say */
		int moe = m->experts > 0 && il >= s->first_dense &&
			  (il - s->first_dense) % s->moe_freq == 0 &&
			  !m->layer_dense_ffn[il];
		/* n_ff(il) where the layers' widths differ (layer_ff) */
		int64_t ffl = m->experts ? s->inter : model_layer(m, il).ff;
		double own = ffl == s->inter || !s->inter
				     ? dense
				     : dense / (double)s->inter * (double)ffl;
		double used = (double)m->experts_used;
		double mlp_t = moe ? moe_fixed + e * expert : own;
		double mlp_a = moe ? moe_fixed + used * expert : own;
		if (s->no_mlp[il])
			mlp_t = mlp_a = 0;
		t += base + mlp_t;
		a += base + mlp_a;
	}
	double emb = (double)m->vocab * h * (s->tie ? 1 : 2) + norm;
	/* a nextn block's eh_proj {2 n_embd, n_embd}, enorm and hnorm
	 * (qwen35.cpp load_arch_tensors) */
	if (s->delta_net)
		emb += (double)m->nextn_layers * (2 * h * h + 2 * h);
	*total = t + emb + s->extra;
	*active = a + emb + s->extra;
}

/* "llama, mistral, ...": the families' model_type words, for errors; past
 * LIST_SHOWN characters the list stops at a whole word and says how many
 * there are (an error stays one line; attnviz --archs lists them all). */
#define LIST_SHOWN 300
static void list_add(char *buf, size_t len, size_t *n, size_t *all,
		     const char *word)
{
	(*all)++;
	if (*n >= LIST_SHOWN || *n + strlen(word) + 2 >= len)
		return;
	*n += (size_t)snprintf(buf + *n, len - *n, "%s%s", *n ? ", " : "",
			       word);
}

/* The words a config.json can name a family by: the model_type of each
 * .hf mapping, or (classes) every architectures[0] class a .hf or .conv
 * takes. */
static const char *family_list(char *buf, size_t len, int classes)
{
	size_t n = 0, all = 0;
	buf[0] = 0;
	for (size_t i = 0; i < family_count; i++) {
		const struct family_hf *hf = families[i]->hf;
		const struct family_conv *cv = families[i]->conv;
		if (hf && !classes)
			list_add(buf, len, &n, &all, hf->model_type);
		for (size_t j = 0; classes && hf && hf->classes[j]; j++)
			list_add(buf, len, &n, &all, hf->classes[j]);
		for (size_t j = 0; classes && cv && cv->classes[j]; j++)
			list_add(buf, len, &n, &all, cv->classes[j]);
	}
	if (n >= LIST_SHOWN && n < len)
		snprintf(buf + n, len - n, ", ... (%zu in all)", all);
	return buf;
}

/* Bytes a parameter of torch_dtype (2 when absent: bf16, the usual). */
static double dtype_bytes(struct hf *H, const char **name)
{
	static const struct {
		const char *name;
		double bytes;
	} dtypes[] = {{"float32", 4}, {"bfloat16", 2}, {"float16", 2}};
	json_t *v = json_object_get(H->top.obj[H->top.n - 1], "torch_dtype");
	*name = "bfloat16 (torch_dtype absent)";
	for (size_t i = 0; v && json_is_string(v) && i < sizeof dtypes / sizeof dtypes[0]; i++)
		if (!strcmp(json_string_value(v), dtypes[i].name)) {
			*name = dtypes[i].name;
			return dtypes[i].bytes;
		}
	return 2;
}

/*
 * The weight bytes, estimated (the checkpoint's tensor list is not read):
 * every parameter in torch_dtype, or with a quantization_config the
 * quantized layers at its width and the embeddings in torch_dtype:
 *   fp8 (DeepSeek-V3): 1 byte a weight plus an f32 scale per 128 x 128 block;
 *   mxfp4 (gpt-oss): the routed experts in MXFP4 blocks of 32 values in 17
 *     bytes (ggml-common.h block_mxfp4), everything else in bf16;
 *   bits = N (GPTQ, AWQ): N / 8 bytes a weight.
 */
static void estimate_weights(struct hf *H, const struct shape *s, double total, double active)
{
	struct model *m = H->m;
	const char *dname, *method = NULL;
	double b = dtype_bytes(H, &dname), emb = (double)m->vocab * (double)s->hidden * (s->tie ? 1 : 2);
	json_t *q = json_object_get(H->top.obj[H->top.n - 1], "quantization_config");
	json_t *qm = q ? json_object_get(q, "quant_method") : NULL, *bits = q ? json_object_get(q, "bits") : NULL;
	if (qm && json_is_string(qm))
		method = json_string_value(qm);
	double w = total * b;
	if (method && !strcmp(method, "fp8")) {
		w = (total - emb) * (1 + 4.0 / (128 * 128)) + emb * b;
		model_set_origin(m, MF_WEIGHTS_BYTES, "estimated: quantization_config fp8 (1 byte a weight), embeddings %s", dname);
	} else if (method && !strcmp(method, "mxfp4") && m->experts > m->experts_used) {
		double routed = (total - active) * (double)m->experts / (double)(m->experts - m->experts_used);
		w = routed * 17.0 / 32 + (total - routed) * 2;
		model_set_origin(m, MF_WEIGHTS_BYTES, "estimated: quantization_config mxfp4 (routed experts 17 bytes a 32), rest bf16");
	} else if (bits && json_is_integer(bits) && json_integer_value(bits) >= 1 && json_integer_value(bits) <= 16) {
		w = (total - emb) * (double)json_integer_value(bits) / 8 + emb * b;
		model_set_origin(m, MF_WEIGHTS_BYTES, "estimated: quantization_config bits %d, embeddings %s",
				 (int)json_integer_value(bits), dname);
	} else {
		model_set_origin(m, MF_WEIGHTS_BYTES, "estimated: params x %g bytes (torch_dtype %s)", b, dname);
	}
	m->weights_bytes = (int64_t)w;
	m->weights_from = WEIGHTS_ESTIMATED;
}

/*
 * A family of src/families/ whose .hf the converter's class for name
 * (architectures[0]; by_type: the model_type) maps, as H->own; NULL when
 * none has it.
 */
static const struct hf_fam *generic_of(struct hf *H, const char *name,
				       int by_type)
{
	for (size_t i = 0; i < family_count; i++) {
		const struct family_hf *hf = families[i]->hf;
		int hit = hf && by_type && !strcmp(hf->model_type, name);
		for (size_t j = 0; hf && !by_type && hf->classes[j]; j++)
			hit |= !strcmp(hf->classes[j], name);
		if (!hit)
			continue;
		H->own = (struct hf_fam){
			.type = hf->model_type,
			.arch = families[i]->arch, .cls = hf->config,
			.vocab = hf->vocab, .hidden = hf->hidden,
			.inter = hf->inter, .heads = hf->heads,
			.kv_heads = hf->kv_heads, .head_dim = hf->head_dim,
			.max_pos = hf->max_pos, .rope_theta = hf->rope_theta,
			.tie = hf->tie, .window = 0,
		};
		H->gen = hf;
		return &H->own;
	}
	return NULL;
}

/* The family whose .conv takes class cls only for some configs: for
 * this config's model_type (text_config's over the root's, as TextModel
 * merges them: Mistral3ForConditionalGeneration is Mistral 4 for a
 * mistral4 text model, else Mistral 3's reading), or when the config
 * holds its when_key (NemotronHForCausalLM is nemotron_h_moe with
 * num_experts_per_tok, else nemotron_h). */
static const struct family *conv_by_type(struct hf *H, const char *cls)
{
	json_t *t = find(H, &H->top, "model_type");
	const char *type = t ? json_string_value(t) : NULL;
	for (size_t i = 0; i < family_count; i++) {
		const struct family_conv *cv = families[i]->conv;
		if (!cv || (!cv->model_type && !cv->when_key) ||
		    (cv->model_type &&
		     (!type || strcmp(cv->model_type, type))) ||
		    (cv->when_key && !find(H, &H->top, cv->when_key)))
			continue;
		for (size_t j = 0; cv->classes[j]; j++)
			if (!strcmp(cv->classes[j], cls))
				return families[i];
	}
	return NULL;
}

static int conv_found(struct hf *H, const char *cls)
{
	snprintf(H->m->arch, sizeof H->m->arch, "%s", H->conv->arch);
	model_set_origin(H->m, MF_ARCH, "config.json architectures[0] %s (%s: "
			 "llama.cpp LLM_ARCH %s)", cls,
			 H->conv->conv->converter, H->conv->arch);
	return 0;
}

/* architectures[0], as the converter dispatches; else model_type: text_config's
 * (gemma3_text) before the root's (gemma3). */
static int read_family(struct hf *H)
{
	json_t *a = json_object_get(H->top.obj[H->top.n - 1], "architectures");
	if (a && !json_is_null(a)) {
		json_t *c = json_is_array(a) ? json_array_get(a, 0) : NULL;
		if (!c || !json_is_string(c))
			return fail(H, "architectures",
				    "%s, want a list of class names",
				    hfc_json_kind(a));
		const char *cls = json_string_value(c);
		if ((H->conv = conv_by_type(H, cls)) != NULL)
			return conv_found(H, cls);
		if ((H->fam = generic_of(H, cls, 0)) != NULL) {
			snprintf(H->m->arch, sizeof H->m->arch, "%s",
				 H->fam->arch);
			model_set_origin(H->m, MF_ARCH, "config.json "
					 "architectures[0] %s (%s: llama.cpp "
					 "LLM_ARCH %s)", cls,
					 H->gen->converter, H->fam->arch);
			return 0;
		}
		/* a conv taken only for its model_type or when_key was
		 * asked above */
		for (size_t i = 0; i < family_count && !H->conv; i++)
			for (size_t j = 0; families[i]->conv &&
					   !families[i]->conv->model_type &&
					   !families[i]->conv->when_key &&
					   families[i]->conv->classes[j]; j++)
				if (!strcmp(families[i]->conv->classes[j], cls))
					H->conv = families[i];
		if (H->conv)
			return conv_found(H, cls);
		char shown[64], list[1400];
		err_clean(shown, sizeof shown, cls);
		return fail(H, "architectures", "'%s' is not an architecture "
			    "attnviz reads (classes: %s)", shown,
			    family_list(list, sizeof list, 1));
	}
	json_t *v = find(H, &H->top, "model_type");
	if (!v)
		return fail(H, "model_type", "missing (required: it names the family)");
	if (!json_is_string(v))
		return fail(H, H->where, "%s, want a string", hfc_json_kind(v));
	H->fam = generic_of(H, json_string_value(v), 1);
	if (!H->fam) {
		char shown[40];
		err_clean(shown, sizeof shown, json_string_value(v));
		char list[1400];
		/* the families read through their converter's class need
		 * it named: convert_hf_to_gguf.py get_model_architecture
		 * fails without architectures ("Failed to detect model
		 * architecture") */
		return fail(H, H->where,
			    "'%s' is not a family attnviz reads (%s) without "
			    "architectures, which names the converter's class",
			    shown, family_list(list, sizeof list, 0));
	}
	snprintf(H->m->arch, sizeof H->m->arch, "%s", H->fam->arch);
	model_set_origin(H->m, MF_ARCH, "config.json %s %s (llama.cpp LLM_ARCH %s)", H->where, H->fam->type,
			 H->fam->arch);
	return 0;
}

static int hparam(struct hf *H, const char *const *keys, int has_def,
		  int64_t def, int64_t min, int64_t max, int64_t *out);

/* TextModel.set_gguf_parameters' names for the counts (conversion/base.py
 * find_hparam: the first of a list the file has). */
static const char *const tm_layers[] = {"n_layers", "num_hidden_layers",
					"n_layer", "num_layers", NULL};
static const char *const tm_embd[] = {"hidden_size", "n_embd", "dim", NULL};
static const char *const tm_heads[] = {"num_attention_heads", "n_head",
				       "n_heads", NULL};
static const char *const tm_kv[] = {"num_key_value_heads", "n_kv_heads",
				    NULL};
static const char *const tm_ctx[] = {"max_position_embeddings", "n_ctx",
	"n_positions", "max_length", "max_sequence_length",
	"model_max_length", NULL};

/* A family of src/families/: the counts under the converter's names, a
 * default of 0 meaning the field is required. */
static int read_sizes_hf(struct hf *H, struct shape *s)
{
	const struct hf_fam *f = H->fam;
	struct model *m = H->m;
	const char *const first[] = {H->gen->ctx_key, NULL};
	const char *const *ck = H->gen->ctx_key &&
		find(H, &H->top, H->gen->ctx_key) ? first : tm_ctx;
	int rc;
	if ((rc = hparam(H, tm_layers, 0, 0, 1, MODEL_MAX_LAYERS,
			 &m->layers)) < 0)
		return -1;
	origin(H, MF_LAYERS, rc, H->where);
	if (hparam(H, tm_embd, f->hidden > 0, f->hidden, 1, 1000000,
		   &s->hidden) < 0)
		return -1;
	if ((rc = hparam(H, tm_heads, f->heads > 0, f->heads, 1, 65536,
			 &m->heads)) < 0)
		return -1;
	origin(H, MF_HEADS, rc, H->where);
	if (field_count(H, &H->top, MF_VOCAB, f->vocab > 0, f->vocab, 1,
			100000000, &m->vocab) < 0)
		return -1;
	if ((rc = hparam(H, ck, f->max_pos > 0, f->max_pos, 1,
			 INT64_C(1) << 32, &m->ctx_train)) < 0)
		return -1;
	origin(H, MF_CTX_TRAIN, rc, H->where);
	return 0;
}

/* Counts every family has: layers, heads, KV heads, head sizes, vocab, context. */
static int read_counts(struct hf *H, struct shape *s)
{
	struct model *m = H->m;
	const struct hf_fam *f = H->fam;
	const struct scope *sc = &H->top;
	if (read_sizes_hf(H, s) < 0)
		return -1;
	int64_t kv_def = f->kv_heads ? f->kv_heads : m->heads;
	const char *const own_kv[] = {H->gen->kv_key, NULL};
	int rc = H->gen->kv_fixed ? 0
				  : hparam(H, own_kv[0] ? own_kv : tm_kv, 1,
					   kv_def, 1, 65536, &m->kv_heads);
	if (rc < 0)
		return -1;
	if (H->gen->kv_fixed) {
		m->kv_heads = H->gen->kv_fixed > 0 ? H->gen->kv_fixed :
			      m->heads;
		model_set_origin(m, MF_KV_HEADS, "%lld, whatever the file "
				 "says (%s)", (long long)m->kv_heads,
				 H->gen->converter);
	} else if (rc == 0 && !f->kv_heads)
		model_set_origin(m, MF_KV_HEADS, "num_attention_heads (transformers %s: num_key_value_heads None)",
				 f->cls);
	else
		origin(H, MF_KV_HEADS, rc, H->where);
	if (m->heads % m->kv_heads)
		return fail(H, H->where, "%lld does not divide num_attention_heads (%lld)", (long long)m->kv_heads,
			    (long long)m->heads);
	int64_t hd_def = f->head_dim ? f->head_dim : s->hidden / m->heads;
	/* The converter's GraniteModel, GraniteMoeModel drop head_dim
	 * (conversion/granite.py): llama.cpp's head is n_embd / n_head. */
	const char *hdk = model_fields[MF_HEAD_DIM].hf;
	int drop_hd = H->gen->no_head_dim;
	if (s->hidden % m->heads &&
	    (drop_hd || (!f->head_dim && !find(H, sc, "head_dim"))))
		return fail(H, "num_attention_heads", "%lld does not divide hidden_size (%lld) and no head_dim is given",
			    (long long)m->heads, (long long)s->hidden);
	if (drop_hd) {
		m->head_dim = s->hidden / m->heads;
		model_set_origin(
		    m, MF_HEAD_DIM,
		    "hidden_size / num_attention_heads (the converter's %s "
		    "ignores head_dim)",
		    H->gen->converter);
	} else if ((rc = get_int(H, sc, hdk, 1, hd_def, 1, 65536,
				 &m->head_dim)) < 0) {
		return -1;
	} else if (rc == 0 && !f->head_dim) {
		model_set_origin(m, MF_HEAD_DIM, "hidden_size / num_attention_heads (transformers %s)", f->cls);
	} else {
		origin(H, MF_HEAD_DIM, rc, H->where);
	}
	if (m->head_dim % 2)
		return fail(H, H->where, "%lld is odd: RoPE rotates pairs", (long long)m->head_dim);
	m->head_dim_v = m->head_dim;
	model_set_origin(m, MF_HEAD_DIM_V, "head_dim (K and V heads are the same size)");
	return 0;
}

/*
 * A family of src/families/: expert_count and expert_used_count from the
 * family's keys, else TextModel.set_gguf_parameters' find_hparam lists; an
 * expert as wide as its expert_ff_key (expert_feed_forward_length), else
 * intermediate_size.  Without a count, and no default, the model is dense.
 */
static int read_moe_hf(struct hf *H, struct shape *s)
{
	static const char *const ek[] = {"num_local_experts", "num_experts",
					 "n_routed_experts", NULL};
	static const char *const uk[] = {"num_experts_per_tok",
					 "num_experts_per_token",
					 "top_k_experts", NULL};
	const struct family_hf *hf = H->gen;
	const char *const own_e[] = {hf->experts_key, NULL};
	const char *const own_u[] = {hf->used_key, NULL};
	struct model *m = H->m;
	/* a family's own key is required unless it has a default */
	int rc = hparam(H, hf->experts_key ? own_e : ek,
			!hf->experts_key || hf->experts, hf->experts, 0,
			65536, &m->experts);
	if (rc < 0)
		return -1;
	if (m->experts == 0) {
		model_set_origin(m, MF_EXPERTS, "dense: config.json has no "
				 "expert count (%s)", hf->converter);
		return 0;
	}
	origin(H, MF_EXPERTS, rc, H->where);
	if ((rc = hparam(H, hf->used_key ? own_u : uk, hf->experts_used > 0,
			 hf->experts_used, 1, m->experts,
			 &m->experts_used)) < 0)
		return -1;
	origin(H, MF_EXPERTS_USED, rc, H->where);
	s->moe_inter = s->inter;
	if (hf->expert_ff_key &&
	    get_int(H, &H->top, hf->expert_ff_key, 1, s->inter, 1, 10000000,
		    &s->moe_inter) < 0)
		return -1;
	return 0;
}

/* Which layers are sliding-window layers, and whether llama.cpp honours it. */
static int read_window(struct hf *H)
{
	struct model *m = H->m;
	const struct scope *sc = &H->top;
	const struct hf_fam *f = H->fam;
	int64_t win = 0, pattern = 0;
	int rc;
	json_t *w = find(H, sc, "sliding_window");
	char wpath[96];
	snprintf(wpath, sizeof wpath, "%s", H->where);
	if (w && json_is_null(w)) {
		win = 0;   /* None: no window (Mistral v0.2 and later) */
		model_set_origin(m, MF_SLIDING_WINDOW, "config.json %s null", wpath);
	} else {
		rc = get_int(H, sc, "sliding_window", 1, f->window, 0, INT64_C(1) << 32, &win);
		if (rc < 0)
			return -1;
		origin(H, MF_SLIDING_WINDOW, rc, wpath);
	}
	/* layer_types, when given, says it per layer and wins over the
	 * pattern */
	json_t *lt = find(H, sc, "layer_types");
	int n_sliding = 0;
	if (lt && !json_is_null(lt)) {
		if (!json_is_array(lt))
			return fail(H, H->where,
				    "%s, want a list of layer types",
				    hfc_json_kind(lt));
		if ((int64_t)json_array_size(lt) != m->layers)
			return fail(H, H->where, "%zu entries for %lld layers", json_array_size(lt), (long long)m->layers);
		for (int64_t il = 0; il < m->layers; il++) {
			const char *t = json_string_value(json_array_get(lt, (size_t)il));
			if (t && !strcmp(t, "sliding_attention"))
				m->layer_swa[il] = 1;
			else if (!t || strcmp(t, "full_attention"))
				return fail(H, H->where, "entry %lld is not \"sliding_attention\" or \"full_attention\"",
					    (long long)il);
			n_sliding += m->layer_swa[il];
		}
		if (n_sliding && !win)
			return fail(H, H->where, "sliding layers without a sliding_window");
		model_set_origin(m, MF_LAYER_TYPES, "config.json %s", H->where);
		model_set_origin(m, MF_SWA_PATTERN, "from config.json %s", H->where);
	} else if (win) {
		for (int64_t il = 0; il < m->layers; il++)
			m->layer_swa[il] = (uint8_t)(pattern ? il % pattern < pattern - 1 : 1);
	}
	/* swa_pattern: the n whose rule gives these layers, else 0 */
	m->swa_pattern = 0;
	for (int64_t n = 2; win && n <= m->layers && !m->swa_pattern; n++) {
		int same = 1;
		for (int64_t il = 0; il < m->layers && same; il++)
			same = m->layer_swa[il] == (il % n < n - 1);
		if (same)
			m->swa_pattern = n;
	}
	m->sliding_window = win;
	/* The families of a .hf mapping read no window: a full cache on
	 * every layer. */
	if (win) {
		model_set_origin(m, MF_WINDOW_USED, "0: llama.cpp this "
				 "architecture has no sliding window");
		m->swa_ignored = 1;
		m->swa_pattern = 0;
		memset(m->layer_swa, 0, sizeof m->layer_swa);
		snprintf(m->note, sizeof m->note,
			 "config.json sliding_window %lld is ignored: "
			 "llama.cpp this architecture has no sliding window, "
			 "so every layer keeps a full cache", (long long)win);
		model_set_origin(m, MF_NOTE, "config.json sliding_window vs llama.cpp %s", f->arch);
	}
	model_set_origin(m, MF_SINKS, "none: transformers %s has no attention sinks", f->cls);
	return 0;
}

/*
 * The rotated dimensions of a head (llama.cpp n_rot, GGUF rope.dimension_count)
 * as the converter writes them: the whole head, or the part its .hf mapping
 * says (read_rotary_hf).
 */
static int read_rotary_hf(struct hf *H, const struct shape *s);
static int read_rotary(struct hf *H, const struct shape *s)
{
	struct model *m = H->m;
	m->rope_dims = m->kind == ATTN_MLA ? m->qk_rope_head_dim : m->head_dim;
	model_set_origin(m, MF_ROPE_DIMS, "the whole head (transformers %s rotates every dimension)", H->fam->cls);
	return read_rotary_hf(H, s);
}

/*
 * A family of src/families/: rope.dimension_count as its converter writes
 * it (enum family_hf_rot), the factor under the names TextModel.__init__
 * mirrors into rope_parameters (partial_rotary_factor, rope_pct,
 * rope_percent; else rope_parameters' own).
 */
static int read_rotary_hf(struct hf *H, const struct shape *s)
{
	static const char *const pk[] = {"partial_rotary_factor", "rope_pct",
					 "rope_percent", NULL};
	const struct family_hf *hf = H->gen;
	struct model *m = H->m;
	struct scope sc = H->top;
	double f = hf->rot_factor;
	int64_t dims;
	int rc = 0;
	if (hf->rot == HF_ROT_HEAD)
		return 0;
	if (hf->rot == HF_ROT_KEY) {
		if ((rc = get_int(H, &H->top, "rotary_dim", 0, 0, 2,
				  m->head_dim, &dims)) < 0)
			return -1;
	} else {
		const char *k = hf->rot_key && find(H, &sc, hf->rot_key) ?
			hf->rot_key : NULL;
		for (size_t i = 0; pk[i] && !k; i++)
			k = find(H, &sc, pk[i]) ? pk[i] : NULL;
		json_t *rp = find(H, &H->top, "rope_parameters");
		if (!k && rp && json_is_object(rp) &&
		    json_object_get(rp, pk[0])) {
			sc.obj[0] = rp;
			snprintf(sc.prefix[0], sizeof sc.prefix[0],
				 "rope_parameters.");
			sc.n = 1;
		}
		if ((rc = get_real(H, &sc, k ? k : hf->rot_key ? hf->rot_key :
				   pk[0], hf->rot_factor > 0,
				   hf->rot_factor, 1e-6, 1, &f)) < 0)
			return -1;
		double head = hf->rot == HF_ROT_HEAD_FACTOR ?
			(double)m->head_dim : (double)(s->hidden / m->heads);
		dims = (int64_t)(f * head);
	}
	if (dims < 2 || dims % 2 || dims > m->head_dim)
		return fail(H, H->where, "gives %lld rotated dimensions of a "
			    "%lld-wide head: want an even number, 2 or more",
			    (long long)dims, (long long)m->head_dim);
	m->rope_dims = dims;
	model_set_origin(m, MF_ROPE_DIMS, "%s %s (%s: %s)",
			 rc ? "config.json" : "the converter's default",
			 H->where, hf->converter,
			 hf->rot == HF_ROT_KEY ? "rotary_dim" :
			 hf->rot == HF_ROT_HEAD_FACTOR ?
			 "int(head_dim x factor)" :
			 "int(factor x (hidden_size // heads))");
	return 0;
}

/* No rope scaling: llama.cpp's defaults, with why as the scaling's origin. */
static void no_scaling(struct model *m, const char *why)
{
	m->scaling = ROPE_NONE;
	m->rope_factor = 1;
	m->orig_ctx = m->ctx_train;
	m->beta_fast = MODEL_YARN_BETA_FAST;
	m->beta_slow = MODEL_YARN_BETA_SLOW;
	model_set_origin(m, MF_SCALING, "%s", why);
	model_set_origin(m, MF_FACTOR, "1: no scaling");
	model_set_origin(m, MF_ORIG_CTX, "max_position_embeddings: no scaling");
	model_set_origin(m, MF_BETA_FAST, "llama.cpp default (%g)", MODEL_YARN_BETA_FAST);
	model_set_origin(m, MF_BETA_SLOW, "llama.cpp default (%g)", MODEL_YARN_BETA_SLOW);
}

/* rope_theta and rope_scaling (rope_type or the older type). */
static int read_rope(struct hf *H)
{
	struct model *m = H->m;
	const struct hf_fam *f = H->fam;
	int rc;
	json_t *rs = find(H, &H->top, "rope_scaling");
	char rpath[96];
	snprintf(rpath, sizeof rpath, "%s", H->where);
	if (!rs || json_is_null(rs)) {
		/* transformers 5 names the object rope_parameters, rope_theta inside it */
		json_t *rp = find(H, &H->top, "rope_parameters");
		if (rp && json_is_object(rp)) {
			rs = rp;
			snprintf(rpath, sizeof rpath, "%s", H->where);
		}
	}
	struct scope rsc = {.n = 0};
	if (rs && json_is_object(rs)) {
		rsc.obj[0] = rs;
		snprintf(rsc.prefix[0], sizeof rsc.prefix[0], "%.46s.", rpath);
		rsc.n = 1;
	} else if (rs && !json_is_null(rs)) {
		return fail(H, rpath, "%s, want an object or null",
			    hfc_json_kind(rs));
	}
	/* rope_theta: the root (or text_config), else inside rope_parameters */
	struct scope tsc = H->top;
	if (!find(H, &tsc, "rope_theta") && rsc.n && json_object_get(rs, "rope_theta"))
		tsc = rsc;
	rc = get_real(H, &tsc, model_fields[MF_BASE].hf, f->rope_theta > 0,
		      f->rope_theta, 1.0000001, 1e12, &m->rope_base);
	if (rc < 0)
		return -1;
	origin(H, MF_BASE, rc, H->where);
	m->rope_base_local = m->rope_base;
	model_set_origin(m, MF_BASE_LOCAL, "base, every layer alike (%s)", model_field_origin(m, MF_BASE));
	no_scaling(m, "none: no rope_scaling");
	if (!rsc.n)
		return 0;
	json_t *t = json_object_get(rs, "rope_type");
	if (!t)
		t = json_object_get(rs, "type");
	if (!t)
		return fail(H, rpath, "no rope_type (or type) in it");
	snprintf(H->where, sizeof H->where, "%s%s", rsc.prefix[0], json_object_get(rs, "rope_type") ? "rope_type" : "type");
	if (!json_is_string(t))
		return fail(H, H->where, "%s, want a string", hfc_json_kind(t));
	const char *ty = json_string_value(t);
	static const struct { const char *name; enum rope_scaling s; } types[] = {
		{"default", ROPE_NONE}, {"linear", ROPE_LINEAR}, {"dynamic", ROPE_NTK}, {"yarn", ROPE_YARN},
		{"llama3", ROPE_LLAMA3}, {"longrope", ROPE_LONGROPE}, {"su", ROPE_LONGROPE},
	};
	size_t i;
	for (i = 0; i < sizeof types / sizeof types[0]; i++)
		if (!strcmp(ty, types[i].name))
			break;
	if (i == sizeof types / sizeof types[0]) {
		char shown[40];
		err_clean(shown, sizeof shown, ty);
		return fail(H, H->where, "unknown rope type '%s' (default, linear, dynamic, yarn, llama3, longrope)", shown);
	}
	m->scaling = types[i].s;
	model_set_origin(m, MF_SCALING, "config.json %s \"%s\"", H->where, ty);
	if (m->scaling == ROPE_NONE)
		return 0;
	/* original context: in rope_scaling, or at the root (Phi-3); llama.cpp's
	 * n_ctx_orig_yarn defaults to n_ctx_train */
	struct scope osc = rsc;
	if (!json_object_get(rs, "original_max_position_embeddings"))
		osc = H->top;
	rc = get_int(H, &osc, "original_max_position_embeddings", 1, m->ctx_train, 1, INT64_C(1) << 32, &m->orig_ctx);
	if (rc < 0)
		return -1;
	if (rc)
		origin(H, MF_ORIG_CTX, rc, H->where);
	else
		model_set_origin(m, MF_ORIG_CTX, "max_position_embeddings (llama.cpp n_ctx_orig_yarn = n_ctx_train)");
	/* longrope gives no factor: transformers takes max_position / original */
	int need = m->scaling != ROPE_LONGROPE;
	double def = (double)m->ctx_train / (double)m->orig_ctx;
	rc = get_real(H, &rsc, "factor", !need, def < 1 ? 1 : def, 1, 1e6, &m->rope_factor);
	if (rc < 0)
		return -1;
	if (rc)
		origin(H, MF_FACTOR, rc, H->where);
	else
		model_set_origin(m, MF_FACTOR, "max_position_embeddings / original_max_position_embeddings");
	if (m->scaling == ROPE_YARN) {
		if ((rc = get_real(H, &rsc, "beta_fast", 1, MODEL_YARN_BETA_FAST, 0.001, 1e6, &m->beta_fast)) < 0)
			return -1;
		origin(H, MF_BETA_FAST, rc, H->where);
		if ((rc = get_real(H, &rsc, "beta_slow", 1, MODEL_YARN_BETA_SLOW, 0.001, 1e6, &m->beta_slow)) < 0)
			return -1;
		origin(H, MF_BETA_SLOW, rc, H->where);
		/* equal ends (Kimi-K2: 1 and 1) are a zero-width ramp, finite in ggml's rope_yarn_ramp */
		if (m->beta_slow > m->beta_fast)
			return fail(H, H->where, "must not be larger than beta_fast");
		if ((rc = get_real(H, &rsc, "mscale", 1, 0, 0, 1e6, &m->yarn_mscale)) < 0)
			return -1;
		if (rc)
			origin(H, MF_MSCALE, rc, H->where);
		if ((rc = get_real(H, &rsc, "mscale_all_dim", 1, 0, 0, 1e6, &m->yarn_mscale_all_dim)) < 0)
			return -1;
		if (rc)
			origin(H, MF_MSCALE_ALL_DIM, rc, H->where);
	}
	if (m->scaling == ROPE_LLAMA3) {
		if ((rc = get_real(H, &rsc, "low_freq_factor", 0, 0, 1e-6, 1e6, &m->low_freq_factor)) < 0)
			return -1;
		origin(H, MF_LOW_FREQ_FACTOR, rc, H->where);
		if ((rc = get_real(H, &rsc, "high_freq_factor", 0, 0, 1e-6, 1e6, &m->high_freq_factor)) < 0)
			return -1;
		origin(H, MF_HIGH_FREQ_FACTOR, rc, H->where);
		/* equal factors (Llama 4: 1 and 1) leave no band between the two
		 * wavelengths to smooth over: the converter's rope_freqs loop never
		 * reaches its division there */
		if (m->high_freq_factor < m->low_freq_factor)
			return fail(H, H->where, "must not be smaller than low_freq_factor");
	}
	if (m->scaling == ROPE_LONGROPE) {
		/* one rescale factor per rotated pair, short and long */
		static const char *const lists[] = {"short_factor", "long_factor"};
		for (int k = 0; k < 2; k++) {
			json_t *l = find(H, &rsc, lists[k]);
			if (!l)
				return fail(H, H->where, "missing (required by longrope)");
			/* one factor per rotated pair: rope_dims / 2 (Phi-4-mini: 96 / 2 = 48 of its 128-wide head) */
			if (!json_is_array(l) || (int64_t)json_array_size(l) != m->rope_dims / 2)
				return fail(H, H->where, "want a list of rotated dims / 2 = %lld numbers", (long long)(m->rope_dims / 2));
			for (size_t j = 0; j < json_array_size(l); j++) {
				json_t *x = json_array_get(l, j);
				if (!json_is_number(x) || !(json_number_value(x) > 0))
					return fail(H, H->where, "entry %zu is not a positive number", j);
			}
		}
	}
	return 0;
}

/* Attention extras that change only the parameter count, and the vocabulary tie. */
static int read_shape(struct hf *H, struct shape *s)
{
	const struct hf_fam *f = H->fam;
	const struct scope *sc = &H->top;
	int bias = 0, rc;
	if (H->gen->ff_embd) {
		/* the converter's 4 * n_embd: intermediate_size not read */
		s->inter = H->gen->ff_embd * s->hidden;
	} else if (get_int(H, sc, "intermediate_size", f->inter > 0, f->inter,
			   1, 10000000, &s->inter) < 0) {
		return -1;
	}
	s->gated = 1;
	s->norms = 2;
	if (get_bool(H, sc, "attention_bias", bias, &bias) < 0)
		return -1;
	s->qkv_bias = s->o_bias = bias;
	s->qk_norm = 0;
	rc = get_bool(H, sc, "tie_word_embeddings", f->tie, &s->tie);
	if (rc < 0)
		return -1;
	return 0;
}

/* A count under the first of keys the file holds, as the converter's
 * find_hparam takes the first key of its list present in the config;
 * keys[0] names a missing one.  As get_int. */
static int hparam(struct hf *H, const char *const *keys, int has_def, int64_t def, int64_t min, int64_t max,
		  int64_t *out)
{
	const char *k = NULL;
	for (size_t i = 0; keys[i] && !k; i++)
		if (find(H, &H->top, keys[i]))
			k = keys[i];
	if (!k && !has_def) {
		char also[200] = "";
		for (size_t i = 1, n = 0; keys[i] && n < sizeof also; i++)
			n += (size_t)snprintf(also + n, sizeof also - n, "%s%s", i > 1 ? ", " : "", keys[i]);
		return fail(H, keys[0], "missing (required%s%s)", also[0] ? "; or any of " : "", also);
	}
	return get_int(H, &H->top, k ? k : keys[0], has_def, def, min, max, out);
}

/* What a family's tensor list says of the weights a config.json's
 * converter keys leave out (model/family.h family_weights): the norms a
 * layer holds (Gemma's post norms), q and k norms, the biases, the
 * router's; and a shared expert its graph builds.  (The sinks, the
 * tie and the router's score bias are hfc_convert's.) */
static void shape_of_family(const struct model *m, struct shape *s)
{
	/* a graph that builds a shared expert has one at least (Llama 4's
	 * of n_ff_exp, which no GGUF key counts) */
	const struct family_moe_graph *g = FAMILY_PART(m, moe_graph);
	if (g && (g->flags & MG_SHARED) && m->experts && !s->shared)
		s->shared = 1;
	const struct family_weights *fw = FAMILY_PART(m, weights);
	if (!fw)
		return;
	unsigned p = fw->parts;
	s->qk_norm = (p & WS_QK_NORM) != 0;
	s->qkv_bias |= (p & WS_QKV_BIAS) != 0;
	s->o_bias = (p & WS_OUT_BIAS) != 0;
	/* the router's bias beside the experts' */
	s->router_bias = s->expert_bias = (p & WS_EXPERT_BIAS) != 0;
	if (p & (WS_ATTN_NORM | WS_FFN_NORM))
		s->norms = !!(p & WS_ATTN_NORM) + !!(p & WS_FFN_NORM) +
			   !!(p & WS_POST_ATTN) + !!(p & WS_POST_FFN);
}

/*
 * What Gemma 3n's and Gemma 4's loaders (src/models/gemma3n.cpp,
 * gemma4.cpp load_arch_tensors) create beyond the keys, for the estimate:
 * attn_norm, attn_post_norm, ffn_norm, ffn_post_norm and the q/k norms a
 * layer.  Gemma 4's (AM_SWA_HEADS) each layer's attention at its kind's
 * head size and KV heads, none of K or V where it shares another's cache,
 * no v_proj on a full layer with attention_k_eq_v (layer_attn); its
 * dense MLP beside the experts (AM_FFN_BESIDE_EXPERTS: the "shared
 * expert" of n_ff) and their per-expert down scales (n_expert values).
 */
static int gemma_shape(struct hf *H, const struct model *m, struct shape *s)
{
	const struct family *fam = model_family(m);
	unsigned mech = fam ? fam->mech : 0;
	if (!(mech & (AM_GRAPH_GEMMA3N | AM_GRAPH_GEMMA4)))
		return 0;
	s->norms = 4;
	s->qk_norm = 1;
	/* the per-layer inputs (gemma3n.cpp, gemma4.cpp load_arch_tensors):
	 * per_layer_token_embd {P x layers, n_vocab}, per_layer_model_proj
	 * {n_embd, P x layers}, per_layer_proj_norm {P}, and a layer's
	 * inp_gate {n_embd, P}, proj {P, n_embd}, post_norm {n_embd}; P is
	 * Gemma 3n's n_embd_altup, 256 (llama-hparams.h: not read from the
	 * file), Gemma 4's embedding_length_per_layer_input */
	double e = (double)m->embd, l = (double)m->layers;
	double p = mech & AM_GRAPH_GEMMA3N ? 256 : (double)m->embd_per_layer;
	if (p > 0)
		s->extra = p * l * (double)m->vocab + e * p * l + p +
			   l * (2 * e * p + e);
	if (mech & AM_GRAPH_GEMMA3N) {
		/* AltUp over n_altup 4 and LAuReL of rank 64 (llama-hparams.h
		 * defaults): altup_proj and altup_unembd_proj {n_embd, n_embd,
		 * 3}; a layer's correct_coef {4, 4}, correct_scale {n_embd},
		 * predict_coef {4, 16}, router {n_embd, 4}, router_norm,
		 * laurel_l {n_embd, 64}, laurel_r {64, n_embd}, its norm */
		s->extra += 2 * e * e * 3 +
			    l * (16 + e + 64 + 4 * e + e + 2 * 64 * e + e);
	}
	if (!(mech & AM_SWA_HEADS))
		return 0;
	s->per_layer_attn = 1;
	if (m->experts && m->ff_dense) {
		s->shared = 1;
		s->shared_inter = m->ff_dense;
		s->router_bias = 1;
	}
	return get_bool(H, &H->top, "attention_k_eq_v", 0, &s->k_eq_v);
}

/*
 * A family read by its converter's rules: the keys the converter would
 * write, read by the GGUF reader (model/hfconv.h); then the parameters,
 * which no config.json gives, estimated from what those keys describe.
 */
static int read_model_conv(struct hf *H)
{
	struct model *m = H->m;
	json_t *tc = H->top.n == 2 ? H->top.obj[0] : NULL;
	struct hfc *c = hfc_new(H->conv, H->file, H->text, H->len,
				H->top.obj[H->top.n - 1], tc, H->err,
				H->errlen);
	if (!c) {
		err_set(H->err, H->errlen, H->file, 0, NULL, NULL,
			"out of memory");
		return -1;
	}
	char arch[sizeof m->arch], arch_origin[sizeof m->origin[0]];
	snprintf(arch_origin, sizeof arch_origin, "%s", m->origin[MF_ARCH]);
	int rc = hfc_convert(c, m);
	/* The GGUF reader leaves kv_heads to model_finish, the largest of
	 * the layers' (model.c); the estimate below counts K and V by it. */
	for (int64_t il = 0; rc == 0 && il < m->layers; il++)
		if (m->layer_kv_heads[il] > m->kv_heads)
			m->kv_heads = m->layer_kv_heads[il];
	struct shape s = {
		.hidden = m->embd, .moe_inter = m->ff,
		.inter = m->experts && m->ff_dense ? m->ff_dense : m->ff,
		.shared = m->shared_experts, .first_dense = m->dense_lead,
		/* Llama 4's interleave: the estimate counts every step-th
		 * layer MoE, as many as llama4.cpp's (il + 1) % step */
		.moe_freq = m->moe_layer_step > 1 ? m->moe_layer_step : 1,
		.q_lora = m->q_lora_rank,
		.gated = !H->conv->conv->ungated,
		.delta_net = H->conv->conv->delta_net,
		.qk_norm = H->conv->conv->delta_net,
		.norms = 2, .tie = m->tied_embd,
	};
	/* a shared expert as wide as the converter writes it
	 * (expert_shared_feed_forward_length, n_ff_shexp: granite-hybrid.cpp
	 * and nemotron-h.cpp's ffn_up_shexp), else an expert's; one without
	 * a count where the graph builds it for n_ff_shexp > 0, or where the
	 * loader always makes one (.shared_expert: qwen3next.cpp,
	 * qwen35moe.cpp) */
	double shexp = 0;
	int said = rc == 0 &&
		   hfc_written(c, "expert_shared_feed_forward_length",
			       &shexp) &&
		   shexp > 0;
	if (rc == 0 && m->experts && (said || H->conv->conv->shared_expert)) {
		/* the width written is the shared experts' together, one
		 * block (ernie4-5.cpp, exaone-moe.cpp, cohere2moe.cpp,
		 * bailingmoe3.cpp), but bailingmoe2.cpp's loader multiplies
		 * it by their count (.shexp_by_count) */
		if (said)
			s.shared_inter = (int64_t)shexp;
		if (!s.shared || (said && !H->conv->conv->shexp_by_count))
			s.shared = 1;
	}
	if (rc == 0)
		hfc_origins(c, m);
	hfc_free(c);
	/* the q, k, v biases (o_proj's where the family lists them) */
	if (rc < 0 ||
	    get_bool(H, &H->top, "attention_bias", 0, &s.qkv_bias) < 0)
		return -1;
	snprintf(arch, sizeof arch, "%s", m->arch);
	/* the norms the tensors hold (Falcon's LayerNorms) */
	if (m->norms_said)
		s.norms = m->norms_said;
	s.falcon_ln = m->norm_bias;
	shape_of_family(m, &s);
	/* nemotron-h.cpp: a block whose feed_forward_length is 0 has no
	 * MLP; the GGUF reader's RR_KV_FF_ZERO rule leaves only the others
	 * LT_NONE (the nextn blocks, after them, have one) */
	const struct family_recurrent *rr = FAMILY_PART(m, recurrent);
	for (int64_t il = 0; rr && rr->rule == RR_KV_FF_ZERO &&
			     il < m->layers - m->nextn_layers; il++)
		s.no_mlp[il] = m->layer_type[il] != LT_NONE;
	if (rr && rr->rule == RR_KV_FF_ZERO)
		s.norms = 1;   /* one attn_norm a block, whatever it holds */
	s.router_bias |= m->router_bias;   /* exp_probs_b: n_expert values */
	if (gemma_shape(H, m, &s) < 0)
		return -1;
	model_set_origin(m, MF_ARCH, "%s", arch_origin);
	double total, active;
	estimate(m, &s, &total, &active);
	if (!(total >= 1 && total <= HF_MAX_PARAMS))
		return fail(H, "num_hidden_layers", "the estimated parameter "
			    "count %.3g is absurd (at most %.0e)", total,
			    HF_MAX_PARAMS);
	m->params = total;
	m->active_params = active;
	m->params_estimated = 1;
	estimate_weights(H, &s, total, active);
	model_set_origin(m, MF_PARAMS, "estimated from the layers the "
			 "converter's keys describe");
	model_set_origin(m, MF_ACTIVE_PARAMS, m->experts ?
			 "estimated: shared weights + the used experts" :
			 "params (a dense model uses every weight)");
	return 0;
}

/* The whole description from the parsed file. */
static int read_model(struct hf *H)
{
	struct model *m = H->m;
	struct shape s;
	memset(&s, 0, sizeof s);
	s.moe_freq = 1;
	if (read_family(H) < 0)
		return -1;
	if (H->conv)
		return read_model_conv(H);
	if (read_counts(H, &s) < 0)
		return -1;
	if (read_shape(H, &s) < 0)
		return -1;
	if (read_moe_hf(H, &s) < 0 || read_window(H) < 0 ||
	    read_rotary(H, &s) < 0 || read_rope(H) < 0)
		return -1;
	if (m->kind != ATTN_MLA) {
		m->kind = m->kv_heads == m->heads ? ATTN_MHA : m->kv_heads == 1 ? ATTN_MQA : ATTN_GQA;
		model_set_origin(m, MF_KIND, "from num_attention_heads / KV heads = %lld",
				 (long long)(m->heads / m->kv_heads));
	}
	for (int64_t il = 0; il < m->layers; il++)
		m->layer_kv_heads[il] = (int32_t)m->kv_heads;
	m->k_type = m->v_type = CACHE_F16;
	model_set_origin(m, MF_K_TYPE, "f16: llama.cpp's default -ctk");
	model_set_origin(m, MF_V_TYPE, "f16: llama.cpp's default -ctv");

	double total, active;
	estimate(m, &s, &total, &active);
	if (!(total >= 1 && total <= HF_MAX_PARAMS))
		return fail(H, "num_hidden_layers", "the estimated parameter count %.3g is absurd (at most %.0e)", total,
			    HF_MAX_PARAMS);
	m->params = total;
	m->active_params = active;
	m->params_estimated = 1;
	estimate_weights(H, &s, total, active);
	/* The compute buffer's widths (src/size/buffers.c): an expert's for MoE. */
	m->embd = s.hidden;
	m->ff = m->experts && s.moe_inter ? s.moe_inter : s.inter;
	model_set_origin(m, MF_EMBD, "config.json hidden_size");
	m->router_bias = m->experts > 0 && s.router_bias;
	model_set_origin(m, MF_ROUTER_BIAS,
			 "config.json topk_method (noaux_tc: a score bias a "
			 "routed expert)");
	m->tied_embd = s.tie;
	model_set_origin(m, MF_TIED_EMBD,
			 "config.json tie_word_embeddings (default %d in %s)",
			 H->fam->tie, H->fam->cls);
	int own = H->gen->expert_ff_key != NULL;
	model_set_origin(m, MF_FF, m->experts && s.moe_inter && own ? "config.json moe_intermediate_size" :
				   m->experts ? "config.json intermediate_size (an expert's)" : "config.json intermediate_size");
	if (H->gen->ff_embd)
		model_set_origin(m, MF_FF, "hidden_size x %lld (%s)",
				 (long long)H->gen->ff_embd, H->gen->converter);
	model_set_origin(m, MF_PARAMS, "estimated: vocab x hidden (embedding%s) + %lld x (attention + %s + norms)",
			 s.tie ? ", tied" : " + lm_head", (long long)m->layers, m->experts ? "MoE or MLP" : "MLP");
	if (m->experts)
		model_set_origin(m, MF_ACTIVE_PARAMS, "estimated: shared weights + %lld of %lld routed experts",
				 (long long)m->experts_used, (long long)m->experts);
	else
		model_set_origin(m, MF_ACTIVE_PARAMS, "params (a dense model uses every weight)");
	return 0;
}

/* The config.json path for path (a file, or a directory holding one), or an error. */
static int resolve(const char *path, char *file, size_t len, char *err, size_t errlen)
{
	struct stat st;
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	if (strlen(path) + sizeof "/config.json" > len) {
		err_set(err, errlen, path, 0, NULL, NULL, "path too long");
		return -1;
	}
	if (stat(path, &st) < 0) {
		err_set(err, errlen, path, 0, NULL, NULL, "cannot open (no such file or directory)");
		return -1;
	}
	if (S_ISDIR(st.st_mode) && !strcmp(base, "config.json")) {
		err_set(err, errlen, path, 0, NULL, NULL, "is a directory, not a config.json file");
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		size_t l = strlen(path);
		snprintf(file, len, "%s%sconfig.json", path, l && path[l - 1] == '/' ? "" : "/");
		if (stat(file, &st) < 0) {
			err_set(err, errlen, path, 0, NULL, NULL, "no config.json in this directory");
			return -1;
		}
		if (S_ISDIR(st.st_mode)) {
			err_set(err, errlen, file, 0, NULL, NULL, "is a directory, not a config.json file");
			return -1;
		}
	} else {
		snprintf(file, len, "%s", path);
	}
	if (!S_ISREG(st.st_mode)) {
		err_set(err, errlen, file, 0, NULL, NULL, "not a regular file");
		return -1;
	}
	if (st.st_size > HF_MAX_BYTES) {
		err_set(err, errlen, file, 0, NULL, NULL, "%lld bytes: too large for a config.json (at most %d)",
			(long long)st.st_size, HF_MAX_BYTES);
		return -1;
	}
	return 0;
}

/* The model id: the name of the directory that holds the config.json. */
/* A config.json kept under another name (NAME.json, read as one by load.c). */
static int renamed_json(const char *file)
{
	const char *slash = strrchr(file, '/');
	const char *own = slash ? slash + 1 : file;
	size_t n = strlen(own);
	return n > 5 && strcmp(own, "config.json") != 0 && !strcmp(own + n - 5, ".json");
}

static void dir_name(const char *file, char *id, size_t len)
{
	char dir[sizeof ((struct model *)0)->path], real[PATH_MAX + 1];
	snprintf(dir, sizeof dir, "%s", file);
	char *slash = strrchr(dir, '/');
	const char *own = slash ? slash + 1 : dir;
	size_t n = strlen(own);
	if (n > 5 && strcmp(own, "config.json") != 0 && !strcmp(own + n - 5, ".json")) {
		/* a config.json kept under another name: NAME.json is NAME */
		char stem[sizeof dir];
		snprintf(stem, sizeof stem, "%.*s", (int)(n - 5), own);
		err_clean(id, len, stem);
		return;
	}
	if (slash)
		*(slash == dir ? slash + 1 : slash) = 0;
	else
		snprintf(dir, sizeof dir, ".");
	const char *name = dir;
	if (realpath(dir, real))
		name = real;
	const char *base = strrchr(name, '/');
	base = base && base[1] ? base + 1 : name;
	err_clean(id, len, base);
}

static char *read_all(const char *file, size_t *n, char *err, size_t errlen)
{
	FILE *f = fopen(file, "rb");
	if (!f) {
		err_set(err, errlen, file, 0, NULL, NULL, "cannot open");
		return NULL;
	}
	/* room for the size stat gave (resolve checked it), plus one byte to see growth */
	struct stat st;
	size_t cap = fstat(fileno(f), &st) == 0 && st.st_size >= 0 && st.st_size <= HF_MAX_BYTES ?
			     (size_t)st.st_size + 1 : HF_MAX_BYTES + 1;
	char *buf = malloc(cap + 1);
	if (!buf) {
		fclose(f);
		err_set(err, errlen, file, 0, NULL, NULL, "out of memory");
		return NULL;
	}
	*n = fread(buf, 1, cap, f);
	int bad = ferror(f);
	fclose(f);
	if (bad || *n >= cap) {
		free(buf);
		err_set(err, errlen, file, 0, NULL, NULL, bad ? "read error" : "changed while it was read");
		return NULL;
	}
	buf[*n] = 0;
	return buf;
}

/* A rule model_finish found broken names the field as an INI file would
 * ("[rope] dims: ..."): where a config.json key gave it, the error says
 * which ("(config.json head_dim -> rope.dimension_count)"). */
static void finish_origin(const struct model *m, char *err, size_t errlen)
{
	for (int f = 0; f < MF_COUNT; f++) {
		char at[96];
		const char *o = model_field_origin(m, (enum model_field)f);
		if (!model_fields[f].key || !o ||
		    strncmp(o, "config.json ", 12))
			continue;
		snprintf(at, sizeof at, "[%s] %s:", model_fields[f].section,
			 model_fields[f].key);
		size_t n = strlen(err);
		if (!strstr(err, at) || n + strlen(o) + 4 >= errlen)
			continue;
		snprintf(err + n, errlen - n, " (%s)", o);
		return;
	}
}

int model_load_hf(struct model *out, const char *path, char *err, size_t errlen)
{
	char file[sizeof out->path];
	size_t n;
	if (resolve(path, file, sizeof file, err, errlen) < 0)
		return -1;
	char *text = read_all(file, &n, err, errlen);
	if (!text)
		return -1;
	/* A UTF-8 byte order mark (editors on Windows write one) is no JSON
	 * (RFC 8259 lets a parser ignore it): read past it. */
	char *body = text;
	if (n >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3))
		body += 3, n -= 3;
	json_error_t je;
	json_t *root = json_loadb(body, n, JSON_REJECT_DUPLICATES, &je);
	if (!root) {
		char what[200], shown[300];
		err_clean(what, sizeof what, je.text);
		err_clean(shown, sizeof shown, file);
		if (strspn(body, " \t\r\n") == n)
			snprintf(err, errlen,
				 "%s:1: empty: a config.json holds one JSON "
				 "object",
				 shown);
		else if (je.line > 0 && je.column > 0)
			snprintf(err, errlen, "%s:%d:%d: %s", shown, je.line, je.column, what);
		else if (je.line > 0)
			snprintf(err, errlen, "%s:%d: %s", shown, je.line,
				 what);
		else
			snprintf(err, errlen, "%s: %s", shown, what);
		free(text);
		return -1;
	}
	struct model *m = malloc(sizeof *m);
	struct hf H = {.file = file,
		       .text = body,
		       .len = n,
		       .err = err,
		       .errlen = errlen,
		       .m = m};
	int rc = -1;
	if (!m) {
		err_set(err, errlen, file, 0, NULL, NULL, "out of memory");
		goto out;
	}
	memset(m, 0, sizeof *m);
	if (!json_is_object(root)) {
		snprintf(err, errlen,
			 "%.300s:1:1: the file is %s, want an object", file,
			 hfc_json_kind(root));
		err_clean(err, errlen, err);
		goto out;
	}
	json_t *tc = json_object_get(root, "text_config");
	if (tc && !json_is_null(tc) && !json_is_object(tc)) {
		fail(&H, "text_config", "%s, want an object",
		     hfc_json_kind(tc));
		goto out;
	}
	if (tc && json_is_object(tc)) {
		H.top.obj[H.top.n] = tc;
		snprintf(H.top.prefix[H.top.n++], sizeof H.top.prefix[0], "text_config.");
	}
	H.top.obj[H.top.n] = root;
	H.top.prefix[H.top.n++][0] = 0;
	m->format = MODEL_HF_CONFIG;
	snprintf(m->path, sizeof m->path, "%s", file);
	dir_name(file, m->id, sizeof m->id);
	if (read_model(&H) < 0)
		goto out;
	json_t *nm = json_object_get(root, "_name_or_path");
	int named = nm && json_is_string(nm) && json_string_value(nm)[0];
	err_clean(m->name, sizeof m->name, named ? json_string_value(nm) : m->id);
	/* without _name_or_path the name is NAME of NAME.json, or the directory's (dir_name) */
	model_set_origin(m, MF_NAME, named ? "config.json _name_or_path"
				       : renamed_json(file) ? "the file's name without .json" : "the directory's name");
	char dir[sizeof m->path];
	snprintf(dir, sizeof dir, "%s", file);
	char *slash = strrchr(dir, '/');
	if (slash)
		*slash = 0;
	const char *shown = slash && strcmp(dir, ".") ? dir : m->id;   /* "./config.json": the directory's name */
	snprintf(m->source, sizeof m->source, "config.json of %.160s; params estimated from the architecture", shown);
	model_set_origin(m, MF_SOURCE, "the config.json's path");
	err_clean(m->source, sizeof m->source, m->source);
	if (model_finish(m, file, err, errlen) < 0) {
		finish_origin(m, err, errlen);
		goto out;
	}
	*out = *m;
	rc = 0;
out:
	free(m);
	json_decref(root);
	free(text);
	return rc;
}

int hfconfig_reads_arch(const char *arch)
{
	const struct family *f = arch_find(arch);
	return f && (f->hf || f->conv);
}
