/*
 * hfconfig: config.json -> struct model.
 *
 * The file is read whole (at most HF_MAX_BYTES) and parsed by jansson with
 * duplicate keys refused; jansson's line:column go into syntax errors, and
 * for a field with a bad value the key's own line:column is found again in
 * the text (hf_locate), so every error points at the file.
 *
 * Values are looked up in text_config first, then at the root: a
 * multimodal config (Gemma 3) keeps its language model there.  A field the
 * file leaves out takes the default of the transformers configuration class
 * of its model_type (the table `families`, cited per row); what llama.cpp
 * then does with the fields (src/llama-model.cpp, convert_hf_to_gguf.py) is
 * followed and said in m->note where it differs from the file.
 */
#include "model/hfconfig.h"

#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util/err.h"

/* Published configs are a few kB (Phi-3's with its longrope lists ~10 kB). */
#define HF_MAX_BYTES (16 << 20)
/* Largest parameter count believed (the INI loader's bound). */
#define HF_MAX_PARAMS 1e15

enum fam { F_LLAMA, F_MISTRAL, F_MIXTRAL, F_QWEN2, F_QWEN3, F_QWEN3_MOE, F_GEMMA2, F_GEMMA3, F_DEEPSEEK2,
	   F_DEEPSEEK3, F_GPT_OSS, F_PHI3, F_FALCON };

/* The defaults of a family: the keyword defaults of the __init__ of the
 * transformers class named in `cls` (src/transformers/models/<type>/
 * configuration_<type>.py), which is what transformers uses for a field that
 * config.json leaves out. */
struct family {
	enum fam id;
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

static const struct family families[] = {
	/* Mistral and Mixtral: convert_hf_to_gguf.py registers MistralForCausalLM and
	 * MixtralForCausalLM with LlamaModel, so llama.cpp runs them as LLM_ARCH_LLAMA. */
	{F_LLAMA, "llama", "llama", "LlamaConfig", 32000, 4096, 11008, 32, 32, 0, 0, 2048, 10000, 0, 0},
	{F_MISTRAL, "mistral", "llama", "MistralConfig", 32000, 4096, 14336, 32, 32, 8, 0, 131072, 10000, 0, 4096},
	{F_MIXTRAL, "mixtral", "llama", "MixtralConfig", 32000, 4096, 14336, 32, 32, 8, 0, 131072, 1e6, 0, 0},
	{F_QWEN2, "qwen2", "qwen2", "Qwen2Config", 151936, 4096, 22016, 32, 32, 32, 0, 32768, 10000, 0, 4096},
	{F_QWEN3, "qwen3", "qwen3", "Qwen3Config", 151936, 4096, 22016, 32, 32, 32, 128, 32768, 10000, 0, 4096},
	{F_QWEN3_MOE, "qwen3_moe", "qwen3moe", "Qwen3MoeConfig", 151936, 2048, 6144, 24, 32, 4, 0, 32768, 10000, 0,
	 4096},
	{F_GEMMA2, "gemma2", "gemma2", "Gemma2Config", 256000, 2304, 9216, 26, 8, 4, 256, 8192, 10000, 1, 4096},
	{F_GEMMA3, "gemma3_text", "gemma3", "Gemma3TextConfig", 262208, 2304, 9216, 26, 8, 4, 256, 131072, 1e6, 1,
	 4096},
	/* The model_type of a Gemma 3 config with vision: its text_config is a gemma3_text. */
	{F_GEMMA3, "gemma3", "gemma3", "Gemma3TextConfig", 262208, 2304, 9216, 26, 8, 4, 256, 131072, 1e6, 1, 4096},
	/* LLM_ARCH_DEEPSEEK2 runs DeepSeek-V2 and V3 alike. */
	{F_DEEPSEEK2, "deepseek_v2", "deepseek2", "DeepseekV2Config", 102400, 4096, 11008, 30, 32, 32, 0, 2048, 10000,
	 0, 0},
	{F_DEEPSEEK3, "deepseek_v3", "deepseek2", "DeepseekV3Config", 129280, 7168, 18432, 61, 128, 128, 0, 4096,
	 10000, 0, 0},
	{F_GPT_OSS, "gpt_oss", "gpt-oss", "GptOssConfig", 201088, 2880, 2880, 36, 64, 8, 64, 131072, 150000, 0, 128},
	{F_PHI3, "phi3", "phi3", "Phi3Config", 32064, 3072, 8192, 32, 32, 0, 0, 4096, 10000, 0, 0},
	/* FalconConfig: intermediate is ffn_hidden_size, None = 4 x hidden_size. */
	{F_FALCON, "falcon", "falcon", "FalconConfig", 65024, 4544, 0, 32, 71, 0, 0, 2048, 10000, 1, 0},
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
	const struct family *fam;
	char where[96];        /* dotted path of the field looked up last */
	char *err;
	size_t errlen;
	struct model *m;
};

/*
 * Line and column (1-based) of the key at a dotted path ("text_config.
 * rope_scaling.factor") in JSON text that jansson has accepted already, so
 * the scan needs no error handling: it tracks the key that opened each open
 * object and compares the path when it meets a key.  0 when not found.
 */
static int hf_locate(const char *t, size_t n, const char *path, int *line, int *col)
{
	char names[8][48];      /* [depth] the key that opened each container */
	char pending[48] = "";
	int depth = 0, ln = 1, cl = 1;
	for (size_t i = 0; i < n; i++) {
		char c = t[i];
		if (c == '"') {
			int kl = ln, kc = cl;
			size_t s = ++i;
			cl++;
			while (i < n && t[i] != '"') {
				if (t[i] == '\\' && i + 1 < n) {
					i++;
					cl++;
				}
				if (((unsigned char)t[i] & 0xc0) != 0x80)
					cl++;
				i++;
			}
			size_t klen = i - s, j = i + 1;
			cl++;
			while (j < n && (t[j] == ' ' || t[j] == '\t' || t[j] == '\n' || t[j] == '\r'))
				j++;
			if (j >= n || t[j] != ':')
				continue;   /* a value, not a key */
			snprintf(pending, sizeof pending, "%.*s", (int)(klen < 47 ? klen : 47), t + s);
			/* compare names[1..depth-1] + key with path */
			const char *p = path;
			int match = depth >= 1 && depth <= 8;
			for (int d = 1; match && d < depth; d++) {
				size_t l = strlen(names[d]);
				if (strncmp(p, names[d], l) || p[l] != '.')
					match = 0;
				else
					p += l + 1;
			}
			if (match && strlen(p) == klen && !strncmp(p, t + s, klen)) {
				*line = kl;
				*col = kc;
				return 1;
			}
			continue;
		}
		if (c == '{' || c == '[') {
			if (depth < 8)
				snprintf(names[depth], sizeof names[depth], "%s", pending);
			depth++;
			pending[0] = 0;
		} else if (c == '}' || c == ']') {
			depth--;
		} else if (c == ',') {
			pending[0] = 0;
		}
		if (c == '\n') {
			ln++;
			cl = 1;
		} else if (((unsigned char)c & 0xc0) != 0x80) {
			cl++;
		}
	}
	return 0;
}

/* "FILE:LINE:COL: field PATH: what" (or "FILE: field PATH: what" when the key
 * is not in the file, e.g. a missing one). */
static int fail(struct hf *H, const char *path, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(struct hf *H, const char *path, const char *fmt, ...)
{
	char what[300], file[300], shown[100];
	int line, col;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	err_clean(file, sizeof file, H->file);
	err_clean(shown, sizeof shown, path);
	if (hf_locate(H->text, H->len, path, &line, &col))
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

static const char *json_kind(const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT: return "an object";
	case JSON_ARRAY: return "a list";
	case JSON_STRING: return "a string";
	case JSON_TRUE:
	case JSON_FALSE: return "a boolean";
	case JSON_NULL: return "null";
	default: return "a number";
	}
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
		return fail(H, H->where, "%s, want a number", json_kind(v));
	}
	double x = json_number_value(v);
	if (!isfinite(x) || x < min || x > max)
		return fail(H, H->where, "%g is out of range (%g to %g)", x, min, max);
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
	int rc = get_real(H, sc, key, has_def, (double)def, -1e300, 1e300, &d);
	if (rc <= 0) {
		*out = def;
		return rc;
	}
	if (d != floor(d))
		return fail(H, H->where, "%g is not a whole number", d);
	if (d < (double)min || d > (double)max)
		return fail(H, H->where, "%g is out of range (%lld to %lld)", d, (long long)min, (long long)max);
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
		return fail(H, H->where, "%s, want true or false", json_kind(v));
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
	int qkv_bias, o_bias, qk_norm, norms, router_bias, expert_bias, tie, falcon_ln, gated;
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
 *          + heads x v x hidden
 *   MLP = 3 x hidden x inter (gate, up, down); Falcon 2 x hidden x 4 hidden
 *   MoE = router hidden x E + E x 3 x hidden x moe_inter + shared experts
 * Active parameters count experts_used of the E routed experts.
 */
static void estimate(const struct model *m, const struct shape *s, double *total, double *active)
{
	double h = (double)s->hidden, hd = (double)m->head_dim, hdv = (double)m->head_dim_v;
	double heads = (double)m->heads, kv = (double)m->kv_heads, attn;
	if (m->kind == ATTN_MLA) {
		double qd = (double)(m->qk_nope_head_dim + m->qk_rope_head_dim), ql = (double)s->q_lora;
		double kvr = (double)m->kv_lora_rank, rope = (double)m->qk_rope_head_dim;
		attn = (s->q_lora ? h * ql + ql + ql * heads * qd : h * heads * qd) + h * (kvr + rope) + kvr +
		       kvr * heads * (double)(m->qk_nope_head_dim + m->v_head_dim) + heads * (double)m->v_head_dim * h;
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
	}
	double norm = s->falcon_ln ? 2 * h : h;   /* LayerNorm has a bias too */
	double dense = s->gated ? 3 * h * (double)s->inter : 2 * h * (double)s->inter;
	double expert = 3 * h * (double)s->moe_inter, e = (double)m->experts;
	if (s->expert_bias)
		expert += 2 * (double)s->moe_inter + h;
	double moe_fixed = h * e + (s->router_bias ? e : 0) + (double)s->shared * 3 * h * (double)s->moe_inter;
	double t = 0, a = 0;
	for (int64_t il = 0; il < m->layers; il++) {
		double base = attn + (double)s->norms * norm;
		int moe = m->experts > 0 && il >= s->first_dense && il % s->moe_freq == 0;
		t += base + (moe ? moe_fixed + e * expert : dense);
		a += base + (moe ? moe_fixed + (double)m->experts_used * expert : dense);
	}
	double emb = (double)m->vocab * h * (s->tie ? 1 : 2) + norm;
	*total = t + emb;
	*active = a + emb;
}

static const struct family *family_of(const char *type)
{
	for (size_t i = 0; i < sizeof families / sizeof families[0]; i++)
		if (!strcmp(families[i].type, type))
			return &families[i];
	return NULL;
}

/* model_type: text_config's (gemma3_text) before the root's (gemma3). */
static int read_family(struct hf *H)
{
	json_t *v = find(H, &H->top, "model_type");
	if (!v)
		return fail(H, "model_type", "missing (required: it names the family)");
	if (!json_is_string(v))
		return fail(H, H->where, "%s, want a string", json_kind(v));
	H->fam = family_of(json_string_value(v));
	if (!H->fam) {
		char shown[40];
		err_clean(shown, sizeof shown, json_string_value(v));
		return fail(H, H->where,
			    "'%s' is not a family attnviz reads (llama, mistral, mixtral, qwen2, qwen3, qwen3_moe, "
			    "gemma2, gemma3, deepseek_v2, deepseek_v3, gpt_oss, phi3, falcon)",
			    shown);
	}
	snprintf(H->m->arch, sizeof H->m->arch, "%s", H->fam->arch);
	model_set_origin(H->m, MF_ARCH, "config.json %s %s (llama.cpp LLM_ARCH %s)", H->where, H->fam->type,
			 H->fam->arch);
	return 0;
}

/* Counts every family has: layers, heads, KV heads, head sizes, vocab, context. */
static int read_counts(struct hf *H, struct shape *s)
{
	struct model *m = H->m;
	const struct family *f = H->fam;
	const struct scope *sc = &H->top;
	if (field_count(H, sc, MF_LAYERS, 0, 0, 1, MODEL_MAX_LAYERS, &m->layers) < 0 ||
	    count(H, sc, "hidden_size", MF_COUNT, 1, f->hidden, 1, 1000000, &s->hidden) < 0 ||
	    field_count(H, sc, MF_HEADS, 1, f->heads, 1, 65536, &m->heads) < 0 ||
	    field_count(H, sc, MF_VOCAB, 1, f->vocab, 1, 100000000, &m->vocab) < 0 ||
	    field_count(H, sc, MF_CTX_TRAIN, 1, f->max_pos, 1, INT64_C(1) << 32,
		  &m->ctx_train) < 0)
		return -1;
	if (f->id == F_FALCON)
		return 0;   /* read_falcon: its own KV-head rules and names */
	int64_t kv_def = f->kv_heads ? f->kv_heads : m->heads;
	int rc = get_int(H, sc, model_fields[MF_KV_HEADS].hf, 1, kv_def, 1, 65536, &m->kv_heads);
	if (rc < 0)
		return -1;
	if (rc == 0 && !f->kv_heads)
		model_set_origin(m, MF_KV_HEADS, "num_attention_heads (transformers %s: num_key_value_heads None)",
				 f->cls);
	else
		origin(H, MF_KV_HEADS, rc, H->where);
	if (m->heads % m->kv_heads)
		return fail(H, H->where, "%lld does not divide num_attention_heads (%lld)", (long long)m->kv_heads,
			    (long long)m->heads);
	int64_t hd_def = f->head_dim ? f->head_dim : s->hidden / m->heads;
	if (f->id == F_DEEPSEEK2 || f->id == F_DEEPSEEK3)
		return 0;   /* read_mla sets the head sizes */
	if (s->hidden % m->heads && !f->head_dim && !find(H, sc, "head_dim"))
		return fail(H, "num_attention_heads", "%lld does not divide hidden_size (%lld) and no head_dim is given",
			    (long long)m->heads, (long long)s->hidden);
	rc = get_int(H, sc, model_fields[MF_HEAD_DIM].hf, 1, hd_def, 1, 65536, &m->head_dim);
	if (rc < 0)
		return -1;
	if (rc == 0 && !f->head_dim)
		model_set_origin(m, MF_HEAD_DIM, "hidden_size / num_attention_heads (transformers %s)", f->cls);
	else
		origin(H, MF_HEAD_DIM, rc, H->where);
	if (m->head_dim % 2)
		return fail(H, H->where, "%lld is odd: RoPE rotates pairs", (long long)m->head_dim);
	m->head_dim_v = m->head_dim;
	model_set_origin(m, MF_HEAD_DIM_V, "head_dim (K and V heads are the same size)");
	return 0;
}

/* Falcon: multi_query (7B: one KV head) or new_decoder_architecture with
 * num_kv_heads (40B, 180B), as FalconAttention in transformers. */
static int read_falcon(struct hf *H, struct shape *s)
{
	struct model *m = H->m;
	const struct scope *sc = &H->top;
	int newarch, mq, parallel, alibi, bias, rc;
	int64_t nln;
	if (get_bool(H, sc, "alibi", 0, &alibi) < 0)
		return -1;
	if (alibi)
		return fail(H, H->where, "ALiBi Falcon models use no RoPE: not described");
	if (get_bool(H, sc, "new_decoder_architecture", 0, &newarch) < 0 ||
	    get_bool(H, sc, "multi_query", 1, &mq) < 0 || get_bool(H, sc, "parallel_attn", 1, &parallel) < 0 ||
	    get_bool(H, sc, "bias", 0, &bias) < 0)
		return -1;
	if (newarch) {
		rc = get_int(H, sc, "num_kv_heads", 1, m->heads, 1, 65536, &m->kv_heads);
		if (rc < 0)
			return -1;
		origin(H, MF_KV_HEADS, rc, H->where);
	} else {
		m->kv_heads = mq ? 1 : m->heads;
		model_set_origin(m, MF_KV_HEADS, "config.json multi_query %s (new_decoder_architecture false)",
				 mq ? "true: 1" : "false: num_attention_heads");
	}
	if (m->heads % m->kv_heads)
		return fail(H, H->where, "%lld does not divide num_attention_heads (%lld)", (long long)m->kv_heads,
			    (long long)m->heads);
	if (s->hidden % m->heads)
		return fail(H, "num_attention_heads", "%lld does not divide hidden_size (%lld)", (long long)m->heads,
			    (long long)s->hidden);
	m->head_dim = m->head_dim_v = s->hidden / m->heads;
	model_set_origin(m, MF_HEAD_DIM, "hidden_size / num_attention_heads (transformers FalconConfig)");
	model_set_origin(m, MF_HEAD_DIM_V, "head_dim (K and V heads are the same size)");
	if (m->head_dim % 2)
		return fail(H, "hidden_size", "head size %lld is odd: RoPE rotates pairs", (long long)m->head_dim);
	rc = get_int(H, sc, "num_ln_in_parallel_attn", 1, newarch ? 2 : 1, 1, 2, &nln);
	if (rc < 0 || get_int(H, sc, "ffn_hidden_size", 1, 4 * s->hidden, 1, 10000000, &s->inter) < 0)
		return -1;
	s->norms = parallel ? (int)nln : 2;
	s->falcon_ln = 1;
	s->gated = 0;
	s->qkv_bias = s->o_bias = bias;   /* bias also gives the MLP biases, left out: small */
	return 0;
}

/* MLA (DeepSeek-V2/V3): the latent sizes; llama.cpp's converter writes the
 * *_mla keys, so llama.cpp caches the latent (kv_lora_rank + qk_rope_head_dim). */
static int read_mla(struct hf *H, struct shape *s)
{
	struct model *m = H->m;
	const struct scope *sc = &H->top;
	int64_t v;
	if (field_count(H, sc, MF_KV_LORA_RANK, 1, 512, 1, 65536, &m->kv_lora_rank) < 0 ||
	    field_count(H, sc, MF_QK_ROPE_HEAD_DIM, 1, 64, 2, 65536, &m->qk_rope_head_dim) < 0 ||
	    field_count(H, sc, MF_QK_NOPE_HEAD_DIM, 1, 128, 0, 65536, &m->qk_nope_head_dim) < 0 ||
	    field_count(H, sc, MF_V_HEAD_DIM, 1, 128, 1, 65536, &m->v_head_dim) < 0)
		return -1;
	if (m->qk_rope_head_dim % 2)
		return fail(H, "qk_rope_head_dim", "%lld is odd: RoPE rotates pairs", (long long)m->qk_rope_head_dim);
	/* q_lora_rank null (DeepSeek-V2-Lite): queries are projected directly. */
	json_t *q = find(H, sc, "q_lora_rank");
	if (q && json_is_null(q))
		s->q_lora = 0;
	else if (get_int(H, sc, "q_lora_rank", 1, 1536, 1, 65536, &v) < 0)
		return -1;
	else
		s->q_lora = v;
	m->kind = ATTN_MLA;
	m->mla_latent_cache = 1;
	model_set_origin(m, MF_LATENT_CACHE, "1: llama.cpp's converter writes key_length_mla / value_length_mla");
	model_set_origin(m, MF_KIND, "mla: model_type %s (llama.cpp caches the latent)", H->fam->type);
	m->head_dim = m->qk_nope_head_dim + m->qk_rope_head_dim;
	m->head_dim_v = m->v_head_dim;
	model_set_origin(m, MF_HEAD_DIM, "qk_nope_head_dim + qk_rope_head_dim");
	model_set_origin(m, MF_HEAD_DIM_V, "v_head_dim");
	return 0;
}

/* MoE: routed experts, those used per token, shared experts and which layers. */
static int read_moe(struct hf *H, struct shape *s)
{
	struct model *m = H->m;
	const struct scope *sc = &H->top;
	const char *ne = NULL, *nu = "num_experts_per_tok";
	int64_t def_e = 0, def_u = 0, def_inter = s->inter, def_shared = 0, def_dense = 0;
	switch (H->fam->id) {
	case F_MIXTRAL: ne = "num_local_experts", def_e = 8, def_u = 2; break;
	case F_GPT_OSS: ne = "num_local_experts", def_e = 128, def_u = 4; break;
	case F_QWEN3_MOE: ne = "num_experts", def_e = 128, def_u = 8, def_inter = 768; break;
	case F_DEEPSEEK3: ne = "n_routed_experts", def_e = 256, def_u = 8, def_inter = 2048, def_shared = 1,
			  def_dense = 3; break;
	case F_DEEPSEEK2: ne = "n_routed_experts", def_e = 0, def_u = 0, def_inter = 1407; break;
	default:
		model_set_origin(m, MF_EXPERTS, "dense: transformers %s has no routed experts", H->fam->cls);
		return 0;
	}
	s->moe_freq = 1;
	if (count(H, sc, ne, MF_EXPERTS, 1, def_e, 0, 65536, &m->experts) < 0)
		return -1;
	if (m->experts == 0)
		return 0;
	/* gpt-oss's file names it experts_per_token too; num_experts_per_tok is the transformers field. */
	if (H->fam->id == F_GPT_OSS && !find(H, sc, nu) && find(H, sc, "experts_per_token"))
		nu = "experts_per_token";
	if (count(H, sc, nu, MF_EXPERTS_USED, 1, def_u, 1, m->experts, &m->experts_used) < 0)
		return -1;
	if (m->experts_used == 0)
		return fail(H, H->where, "missing: %lld routed experts need a count per token", (long long)m->experts);
	if (H->fam->id == F_MIXTRAL || H->fam->id == F_GPT_OSS)
		s->moe_inter = s->inter;   /* each expert is an MLP of intermediate_size */
	else if (get_int(H, sc, "moe_intermediate_size", 1, def_inter, 1, 10000000, &s->moe_inter) < 0)
		return -1;
	if (H->fam->id == F_DEEPSEEK2 || H->fam->id == F_DEEPSEEK3) {
		json_t *sh = find(H, sc, "n_shared_experts");
		if (!(sh && json_is_null(sh)) && get_int(H, sc, "n_shared_experts", 1, def_shared, 0, 65536, &s->shared) < 0)
			return -1;
		if (get_int(H, sc, "first_k_dense_replace", 1, def_dense, 0, MODEL_MAX_LAYERS, &s->first_dense) < 0 ||
		    get_int(H, sc, "moe_layer_freq", 1, 1, 1, MODEL_MAX_LAYERS, &s->moe_freq) < 0)
			return -1;
		/* noaux_tc routing (V3) keeps a per-expert score bias */
		json_t *tm = find(H, sc, "topk_method");
		s->router_bias = H->fam->id == F_DEEPSEEK3 || (tm && json_is_string(tm) &&
							       !strcmp(json_string_value(tm), "noaux_tc"));
	}
	if (H->fam->id == F_GPT_OSS)
		s->router_bias = s->expert_bias = 1;
	if (H->fam->id == F_QWEN3_MOE) {
		int64_t step;
		json_t *only = find(H, sc, "mlp_only_layers");
		if (only && !json_is_null(only) && (!json_is_array(only) || json_array_size(only)))
			return fail(H, H->where, "dense layers among MoE layers are not described");
		if (get_int(H, sc, "decoder_sparse_step", 1, 1, 1, 1, &step) < 0)
			return -1;
	}
	return 0;
}

/* Which layers are sliding-window layers, and whether llama.cpp honours it. */
static int read_window(struct hf *H)
{
	struct model *m = H->m;
	const struct scope *sc = &H->top;
	const struct family *f = H->fam;
	int64_t win = 0, pattern = 0;
	int use = 1, rc;
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
	if (f->id == F_QWEN2 || f->id == F_QWEN3 || f->id == F_QWEN3_MOE) {
		/* transformers applies sliding_window only with use_sliding_window */
		int64_t mwl;
		if (get_bool(H, sc, "use_sliding_window", 0, &use) < 0 ||
		    get_int(H, sc, "max_window_layers", 1, 28, 0, MODEL_MAX_LAYERS, &mwl) < 0)
			return -1;
		if (!use) {
			if (win)
				model_set_origin(m, MF_SLIDING_WINDOW, "0: config.json use_sliding_window false");
			win = 0;
		}
	}
	if (f->id == F_GEMMA2 || f->id == F_GPT_OSS) {
		pattern = 2;   /* llama.cpp: hparams.set_swa_pattern(2); transformers: (i + 1) % 2 */
		model_set_origin(m, MF_SWA_PATTERN, "2: every other layer (llama.cpp %s set_swa_pattern(2))", f->arch);
	}
	if (f->id == F_GEMMA3) {
		rc = get_int(H, sc, "sliding_window_pattern", 1, 6, 1, MODEL_MAX_LAYERS, &pattern);
		if (rc < 0)
			return -1;
		origin(H, MF_SWA_PATTERN, rc, H->where);
	}
	/* layer_types, when given, says it per layer and wins over the pattern. */
	json_t *lt = find(H, sc, "layer_types");
	int n_sliding = 0;
	if (lt && !json_is_null(lt)) {
		if (!json_is_array(lt))
			return fail(H, H->where, "%s, want a list of layer types", json_kind(lt));
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
	/* Families whose llama.cpp architecture reads no window: a full cache on every layer. */
	const char *why = NULL;
	if (f->id == F_MISTRAL || f->id == F_MIXTRAL)
		why = "LLM_ARCH_LLAMA reads no sliding_window";
	else if (f->id == F_QWEN2 || f->id == F_QWEN3 || f->id == F_QWEN3_MOE)
		why = "its qwen architectures read no sliding_window";
	else if (f->id == F_PHI3)
		why = "\"Phi SWA is currently disabled\" (llama-model.cpp)";
	else if (f->id == F_LLAMA || f->id == F_DEEPSEEK2 || f->id == F_DEEPSEEK3 || f->id == F_FALCON)
		why = "this architecture has no sliding window";
	if (win)
		model_set_origin(m, MF_WINDOW_USED, why ? "0: llama.cpp %s" : "1: llama.cpp %s reads the window",
				 why ? why : f->arch);
	if (win && why) {
		m->swa_ignored = 1;
		m->swa_pattern = 0;
		memset(m->layer_swa, 0, sizeof m->layer_swa);
		snprintf(m->note, sizeof m->note,
			 "config.json sliding_window %lld is ignored: llama.cpp %s, so every layer keeps a full cache",
			 (long long)win, why);
		model_set_origin(m, MF_NOTE, "config.json sliding_window vs llama.cpp %s", f->arch);
	}
	model_set_origin(m, MF_SINKS, "none: transformers %s has no attention sinks", f->cls);
	if (f->id == F_GPT_OSS) {
		m->sinks_learned = 1;
		model_set_origin(m, MF_SINKS, "learned: gpt_oss attention has per-head sinks (GptOssAttention.sinks)");
	}
	return 0;
}

/* rope_theta and rope_scaling (rope_type or the older type). */
static int read_rope(struct hf *H)
{
	struct model *m = H->m;
	const struct family *f = H->fam;
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
		return fail(H, rpath, "%s, want an object or null", json_kind(rs));
	}
	/* rope_theta: the root (or text_config), else inside rope_parameters */
	struct scope tsc = H->top;
	if (!find(H, &tsc, "rope_theta") && rsc.n && json_object_get(rs, "rope_theta"))
		tsc = rsc;
	rc = get_real(H, &tsc, model_fields[MF_BASE].hf, 1, f->rope_theta, 1.0000001, 1e12, &m->rope_base);
	if (rc < 0)
		return -1;
	origin(H, MF_BASE, rc, H->where);
	m->rope_base_local = m->rope_base;
	model_set_origin(m, MF_BASE_LOCAL, "base, every layer alike (%s)", model_field_origin(m, MF_BASE));
	if (f->id == F_GEMMA3) {
		/* llama.cpp gemma3: rope_freq_base_train_swa = 10000 on the sliding layers */
		rc = get_real(H, &H->top, model_fields[MF_BASE_LOCAL].hf, 1, 10000, 1.0000001, 1e12, &m->rope_base_local);
		if (rc < 0)
			return -1;
		origin(H, MF_BASE_LOCAL, rc, H->where);
	}
	m->scaling = ROPE_NONE;
	m->rope_factor = 1;
	m->orig_ctx = m->ctx_train;
	m->beta_fast = MODEL_YARN_BETA_FAST;
	m->beta_slow = MODEL_YARN_BETA_SLOW;
	model_set_origin(m, MF_SCALING, "none: no rope_scaling");
	model_set_origin(m, MF_FACTOR, "1: no scaling");
	model_set_origin(m, MF_ORIG_CTX, "max_position_embeddings: no scaling");
	model_set_origin(m, MF_BETA_FAST, "llama.cpp default (%g)", MODEL_YARN_BETA_FAST);
	model_set_origin(m, MF_BETA_SLOW, "llama.cpp default (%g)", MODEL_YARN_BETA_SLOW);
	if (!rsc.n)
		return 0;
	json_t *t = json_object_get(rs, "rope_type");
	if (!t)
		t = json_object_get(rs, "type");
	if (!t)
		return fail(H, rpath, "no rope_type (or type) in it");
	snprintf(H->where, sizeof H->where, "%s%s", rsc.prefix[0], json_object_get(rs, "rope_type") ? "rope_type" : "type");
	if (!json_is_string(t))
		return fail(H, H->where, "%s, want a string", json_kind(t));
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
	if (rc && f->id == F_GEMMA3)   /* llama.cpp gemma3: rope_freq_scale_train_swa = 1 */
		model_set_origin(m, MF_FACTOR, "config.json %s (global layers only)", H->where);
	else if (rc)
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
		if (m->beta_slow >= m->beta_fast)
			return fail(H, H->where, "must be smaller than beta_fast");
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
		if (m->high_freq_factor <= m->low_freq_factor)
			return fail(H, H->where, "must be larger than low_freq_factor");
	}
	if (m->scaling == ROPE_LONGROPE) {
		/* one rescale factor per rotated pair, short and long */
		static const char *const lists[] = {"short_factor", "long_factor"};
		for (int k = 0; k < 2; k++) {
			json_t *l = find(H, &rsc, lists[k]);
			if (!l)
				return fail(H, H->where, "missing (required by longrope)");
			if (!json_is_array(l) || (int64_t)json_array_size(l) != m->head_dim / 2)
				return fail(H, H->where, "want a list of head_dim / 2 = %lld numbers", (long long)(m->head_dim / 2));
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
	const struct family *f = H->fam;
	const struct scope *sc = &H->top;
	int bias = f->id == F_GPT_OSS, rc;
	if (f->id != F_FALCON) {
		if (get_int(H, sc, "intermediate_size", 1, f->inter, 1, 10000000, &s->inter) < 0)
			return -1;
		s->gated = 1;
		s->norms = (f->id == F_GEMMA2 || f->id == F_GEMMA3) ? 4 : 2;   /* Gemma: pre and post norms */
		if (get_bool(H, sc, "attention_bias", bias, &bias) < 0)
			return -1;
		s->qkv_bias = bias || f->id == F_QWEN2;   /* Qwen2Attention: q, k, v always biased */
		s->o_bias = bias && f->id != F_QWEN2;
		s->qk_norm = f->id == F_QWEN3 || f->id == F_QWEN3_MOE || f->id == F_GEMMA3;
	}
	rc = get_bool(H, sc, "tie_word_embeddings", f->tie, &s->tie);
	if (rc < 0)
		return -1;
	if (f->id == F_GEMMA2) {
		/* validated, not kept: they scale scores, not sizes */
		static const struct { const char *key; double def; } g2[] = {
			{"query_pre_attn_scalar", 256}, {"attn_logit_softcapping", 50}, {"final_logit_softcapping", 30}};
		for (size_t i = 0; i < sizeof g2 / sizeof g2[0]; i++) {
			double x;
			if (get_real(H, sc, g2[i].key, 1, g2[i].def, 0, 1e9, &x) < 0)
				return -1;
		}
	}
	return 0;
}

/* The whole description from the parsed file. */
static int read_model(struct hf *H)
{
	struct model *m = H->m;
	struct shape s;
	memset(&s, 0, sizeof s);
	s.moe_freq = 1;
	if (read_family(H) < 0 || read_counts(H, &s) < 0)
		return -1;
	if (H->fam->id == F_FALCON ? read_falcon(H, &s) < 0 : read_shape(H, &s) < 0)
		return -1;
	if (H->fam->id == F_FALCON && get_bool(H, &H->top, "tie_word_embeddings", 1, &s.tie) < 0)
		return -1;
	if ((H->fam->id == F_DEEPSEEK2 || H->fam->id == F_DEEPSEEK3) && read_mla(H, &s) < 0)
		return -1;
	if (read_moe(H, &s) < 0 || read_window(H) < 0 || read_rope(H) < 0)
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
	/* The compute buffer's widths (src/model/buffers.c): an expert's for MoE. */
	m->embd = s.hidden;
	m->ff = m->experts && s.moe_inter ? s.moe_inter : s.inter;
	model_set_origin(m, MF_EMBD, "config.json hidden_size");
	model_set_origin(m, MF_FF, m->experts && s.moe_inter ? "config.json moe_intermediate_size" : "config.json intermediate_size");
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
static void dir_name(const char *file, char *id, size_t len)
{
	char dir[sizeof ((struct model *)0)->path], real[PATH_MAX + 1];
	snprintf(dir, sizeof dir, "%s", file);
	char *slash = strrchr(dir, '/');
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

int model_load_hf(struct model *out, const char *path, char *err, size_t errlen)
{
	char file[sizeof out->path];
	size_t n;
	if (resolve(path, file, sizeof file, err, errlen) < 0)
		return -1;
	char *text = read_all(file, &n, err, errlen);
	if (!text)
		return -1;
	json_error_t je;
	json_t *root = json_loadb(text, n, JSON_REJECT_DUPLICATES, &je);
	if (!root) {
		char what[200], shown[300];
		err_clean(what, sizeof what, je.text);
		err_clean(shown, sizeof shown, file);
		if (je.line > 0)
			snprintf(err, errlen, "%s:%d:%d: %s", shown, je.line, je.column, what);
		else
			snprintf(err, errlen, "%s: %s", shown, what);
		free(text);
		return -1;
	}
	struct model *m = malloc(sizeof *m);
	struct hf H = {.file = file, .text = text, .len = n, .err = err, .errlen = errlen, .m = m};
	int rc = -1;
	if (!m) {
		err_set(err, errlen, file, 0, NULL, NULL, "out of memory");
		goto out;
	}
	memset(m, 0, sizeof *m);
	if (!json_is_object(root)) {
		snprintf(err, errlen, "%.300s:1:1: the file is %s, want an object", file, json_kind(root));
		err_clean(err, errlen, err);
		goto out;
	}
	json_t *tc = json_object_get(root, "text_config");
	if (tc && !json_is_null(tc) && !json_is_object(tc)) {
		fail(&H, "text_config", "%s, want an object", json_kind(tc));
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
	model_set_origin(m, MF_NAME, named ? "config.json _name_or_path" : "the directory's name");
	char dir[sizeof m->path];
	snprintf(dir, sizeof dir, "%s", file);
	char *slash = strrchr(dir, '/');
	if (slash)
		*slash = 0;
	const char *shown = slash && strcmp(dir, ".") ? dir : m->id;   /* "./config.json": the directory's name */
	snprintf(m->source, sizeof m->source, "config.json of %.160s; params estimated from the architecture", shown);
	model_set_origin(m, MF_SOURCE, "the config.json's path");
	err_clean(m->source, sizeof m->source, m->source);
	if (model_finish(m, file, err, errlen) < 0)
		goto out;
	*out = *m;
	rc = 0;
out:
	free(m);
	json_decref(root);
	free(text);
	return rc;
}
