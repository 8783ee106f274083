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
 * of its model_type (the table `hf_fams`, cited per row); what llama.cpp
 * then does with the fields (src/llama-model.cpp, convert_hf_to_gguf.py) is
 * followed and said in m->note where it differs from the file.
 */
#include "model/hfconfig.h"

#include "model/family.h"
#include "model/hfconv_run.h"

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

enum fam { F_PHI3, F_FALCON,
	   /* a family of src/families/ with a config.json mapping (its .hf) */
	   F_GENERIC,
	   /* the 2026 families (DESIGN section 5): read_layers */
	   F_QWEN3_NEXT, F_QWEN35, F_QWEN35_MOE,
	   F_JAMBA, F_GEMMA3N,
	   F_GEMMA4 };

/* The defaults of a family: the keyword defaults of the __init__ of the
 * transformers class named in `cls` (src/transformers/models/<type>/
 * configuration_<type>.py), which is what transformers uses for a field that
 * config.json leaves out. */
struct hf_fam {
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

static const struct hf_fam hf_fams[] = {
	{.id = F_PHI3, .type = "phi3", .arch = "phi3", .cls = "Phi3Config",
	 .vocab = 32064, .hidden = 3072, .inter = 8192, .layers = 32,
	 .heads = 32, .max_pos = 4096, .rope_theta = 10000},
	/* FalconConfig: intermediate is ffn_hidden_size, None = 4 x
	 * hidden_size.  Read here, not by conversion/falcon.py FalconModel's
	 * rules: its hparams are AutoConfig's (conversion/base.py
	 * load_hparams), whose FalconConfig makes a missing num_kv_heads
	 * num_attention_heads, so for Falcon-7B (multi_query, one KV head in
	 * its checkpoint) it writes head_count_kv 71, then its
	 * query_key_value reshape by 71 KV groups fails: today's converter
	 * makes no GGUF of it.  read_falcon follows the checkpoint, as
	 * transformers' FalconAttention does (multi_query: one KV head). */
	{.id = F_FALCON, .type = "falcon", .arch = "falcon",
	 .cls = "FalconConfig", .vocab = 65024, .hidden = 4544, .layers = 32,
	 .heads = 71, .max_pos = 2048, .rope_theta = 10000, .tie = 1},
	/* Mistral 3 (Mistral Small 3.1): LLM_ARCH_MISTRAL3
	 * (conversion/mistral3.py Ministral3Model); its text_config is a
	 * MistralConfig. */
	/* The 2026 families: hybrids, chunked attention, nextn blocks, the
	 * indexer. */
	{.id = F_QWEN3_NEXT, .type = "qwen3_next", .arch = "qwen3next",
	 .cls = "Qwen3NextConfig", .vocab = 151936, .hidden = 2048,
	 .inter = 5632, .layers = 48, .heads = 16, .kv_heads = 2,
	 .head_dim = 256, .max_pos = 32768, .rope_theta = 10000},
	/* Qwen3.5 (transformers models/qwen3_5, qwen3_5_moe): Qwen3-Next's
	 * hybrid layout; the language model in text_config, the root's
	 * model_type qwen3_5 / qwen3_5_moe naming the vision-language
	 * wrapper */
	{.id = F_QWEN35, .type = "qwen3_5_text", .arch = "qwen35",
	 .cls = "Qwen3_5TextConfig", .vocab = 151936, .hidden = 2048,
	 .inter = 8192, .layers = 48, .heads = 16, .kv_heads = 2,
	 .head_dim = 256, .max_pos = 32768, .rope_theta = 10000},
	{.id = F_QWEN35, .type = "qwen3_5", .arch = "qwen35",
	 .cls = "Qwen3_5TextConfig", .vocab = 151936, .hidden = 2048,
	 .inter = 8192, .layers = 48, .heads = 16, .kv_heads = 2,
	 .head_dim = 256, .max_pos = 32768, .rope_theta = 10000},
	{.id = F_QWEN35_MOE, .type = "qwen3_5_moe_text", .arch = "qwen35moe",
	 .cls = "Qwen3_5MoeTextConfig", .vocab = 248320, .hidden = 2048,
	 .inter = 8192, .layers = 40, .heads = 16, .kv_heads = 2,
	 .head_dim = 256, .max_pos = 32768, .rope_theta = 10000},
	/* JambaConfig (transformers models/jamba) */
	{.id = F_JAMBA, .type = "jamba", .arch = "jamba", .cls = "JambaConfig",
	 .vocab = 65536, .hidden = 4096, .inter = 14336, .layers = 32,
	 .heads = 32, .kv_heads = 8, .max_pos = 262144, .rope_theta = 10000},
	/* Gemma 3n: Gemma3nTextConfig (transformers models/gemma3n), its
	 * language model in text_config (model_type gemma3n_text) */
	{.id = F_GEMMA3N, .type = "gemma3n_text", .arch = "gemma3n",
	 .cls = "Gemma3nTextConfig", .vocab = 262400, .hidden = 2048,
	 .inter = 16384, .layers = 35, .heads = 8, .kv_heads = 2,
	 .head_dim = 256, .max_pos = 32768, .rope_theta = 1e6, .tie = 1,
	 .window = 512},
	{.id = F_GEMMA3N, .type = "gemma3n", .arch = "gemma3n",
	 .cls = "Gemma3nTextConfig", .vocab = 262400, .hidden = 2048,
	 .inter = 16384, .layers = 35, .heads = 8, .kv_heads = 2,
	 .head_dim = 256, .max_pos = 32768, .rope_theta = 1e6, .tie = 1,
	 .window = 512},
	/* Gemma 4 (transformers models/gemma4, text_config gemma4_text): the
	 * defaults here are the 31B's, not compared with Gemma4TextConfig; the
	 * fields that size its cache are required (read_gemma4) */
	{.id = F_GEMMA4, .type = "gemma4_text", .arch = "gemma4",
	 .cls = "Gemma4TextConfig", .vocab = 262144, .hidden = 5376,
	 .inter = 21504, .layers = 60, .heads = 32, .kv_heads = 16,
	 .head_dim = 256, .max_pos = 262144, .rope_theta = 1e6, .tie = 1,
	 .window = 1024},
	{.id = F_GEMMA4, .type = "gemma4", .arch = "gemma4",
	 .cls = "Gemma4TextConfig", .vocab = 262144, .hidden = 5376,
	 .inter = 21504, .layers = 60, .heads = 32, .kv_heads = 16,
	 .head_dim = 256, .max_pos = 262144, .rope_theta = 1e6, .tie = 1,
	 .window = 1024},
	{.id = F_QWEN35_MOE, .type = "qwen3_5_moe", .arch = "qwen35moe",
	 .cls = "Qwen3_5MoeTextConfig", .vocab = 248320, .hidden = 2048,
	 .inter = 8192, .layers = 40, .heads = 16, .kv_heads = 2,
	 .head_dim = 256, .max_pos = 32768, .rope_theta = 10000},
};

/*
 * The family of a config.json: convert_hf_to_gguf.py picks the converter by
 * architectures[0] (conversion/__init__.py's table of class names),
 * whatever its model_type says; model_type only where a file has no
 * architectures.
 */
static const struct {
	const char *cls,
	    *type; /* architectures[0], and the family (hf_fams[].type) */
} arch_classes[] = {
	{"Phi3ForCausalLM", "phi3"},
	{"FalconForCausalLM", "falcon"},        {"RWForCausalLM", "falcon"},
	/* convert_hf_to_gguf.py (conversion/__init__.py): Qwen3NextModel */
	{"Qwen3NextForCausalLM", "qwen3_next"},
	/* conversion/qwen.py Qwen3_5TextModel, Qwen3_5MoeTextModel (LLM_ARCH_QWEN35,
	 * QWEN35MOE): Qwen3NextModel's keys under another architecture name */
	{"Qwen3_5ForCausalLM", "qwen3_5_text"},  {"Qwen3_5ForConditionalGeneration", "qwen3_5_text"},
	{"Qwen3_5MoeForCausalLM", "qwen3_5_moe_text"}, {"Qwen3_5MoeForConditionalGeneration", "qwen3_5_moe_text"},
	/* conversion/jamba.py JambaModel */
	{"JambaForCausalLM", "jamba"},
	/* conversion/gemma.py Gemma3NModel (LLM_ARCH_GEMMA3N) */
	{"Gemma3nForConditionalGeneration", "gemma3n_text"}, {"Gemma3nForCausalLM", "gemma3n_text"},
	/* conversion/gemma.py Gemma4Model (LLM_ARCH_GEMMA4) */
	{"Gemma4ForConditionalGeneration", "gemma4_text"}, {"Gemma4ForCausalLM", "gemma4_text"},
};

/* Qwen3-Next and Qwen3.5: Gated DeltaNet layers between attention layers,
 * written by the converter's Qwen3NextModel and its subclasses (conversion/qwen.py). */
static int gdn_family(enum fam id)
{
	return id == F_QWEN3_NEXT || id == F_QWEN35 || id == F_QWEN35_MOE;
}

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
	struct hf_fam own;      /* F_GENERIC: built from the family's .hf */
	const struct family_hf *gen;   /* F_GENERIC: that .hf */
	/* a family read by its converter's rules (model/hfconv.h) */
	const struct family *conv;
};

/*
 * Line and column (1-based) of the key at a dotted path ("text_config.
 * rope_scaling.factor") in JSON text that jansson has accepted already, so
 * the scan needs no error handling: it tracks the key that opened each open
 * object and compares the path when it meets a key.  0 when not found.
 */
int hfconfig_locate(const char *t, size_t n, const char *path, int *line,
		    int *col)
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
	char what[512], file[300], shown[100];
	int line, col;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	err_clean(file, sizeof file, H->file);
	err_clean(shown, sizeof shown, path);
	if (hfconfig_locate(H->text, H->len, path, &line, &col))
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
	int64_t kv_full;        /* Gemma 4: the full layers' KV heads */
	/* [layers] 1: a block without MLP (Nemotron-H's Mamba2 and
	 * attention blocks: read_model_conv) */
	uint8_t no_mlp[MODEL_MAX_LAYERS];
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
/* Gemma 4's attention weights, layer by layer (transformers
 * Gemma4TextAttention, as llama.cpp's gemma4 load_arch_tensors creates
 * them): q, k, v, o and the q / k norms at the layer's head size (head_dim
 * sliding, global_head_dim full) and KV heads; no v_proj on a full layer
 * with attention_k_eq_v (V is K), no k_proj or v_proj on a layer that
 * shares another's cache. */
static double layer_attn(const struct model *m, const struct shape *s, int64_t il)
{
	int swa = m->layer_swa[il], shared = m->layer_type[il] == LT_SHARED;
	double h = (double)s->hidden, heads = (double)m->heads;
	double hd = (double)(swa ? m->head_dim_swa : m->head_dim);
	double kv = shared ? 0 : (double)(swa ? m->kv_heads : s->kv_full);
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
	/* experts are gated as the dense MLP is (Nemotron-H: up and down only) */
	double glu = s->gated ? 3 : 2;
	double expert = glu * h * (double)s->moe_inter, e = (double)m->experts;
	if (s->expert_bias)
		expert += 2 * (double)s->moe_inter + h;
	double moe_fixed = h * e + (s->router_bias ? e : 0) +
			   (double)s->shared * glu * h * (double)(s->shared_inter ? s->shared_inter : s->moe_inter);
	/* A Mamba2 / gated delta-net mixer instead of attention: in_proj hidden x
	 * (2 d_inner + 2 groups x d_state + heads), out_proj d_inner x hidden */
	double di = (double)m->ssm_d_inner, mixer = h * (2 * di + 2 * (double)(m->ssm_n_group * m->ssm_d_state) +
					   (double)m->ssm_dt_rank) + di * h;
	/* LFM2's short convolution: in_proj hidden x 3 hidden, out_proj, the kernel */
	if (m->shortconv_l_cache)
		mixer = 4 * h * h + (double)m->shortconv_l_cache * h;
	double t = 0, a = 0;
	for (int64_t il = 0; il < m->layers; il++) {
		int lt = m->layer_type[il];
		double at = s->per_layer_attn ? layer_attn(m, s, il) : attn;
		double base = (lt == LT_RECURRENT ? mixer : lt == LT_NONE && il < m->layers - m->nextn_layers ? 0 : at) +
			      (double)s->norms * norm;
		if (m->ssm_parallel)
			base += mixer;   /* Falcon-H1: a Mamba2 mixer beside every attention */
		int moe = m->experts > 0 && il >= s->first_dense && (il - s->first_dense) % s->moe_freq == 0;
		double mlp_t = s->no_mlp[il] ? 0 : moe ? moe_fixed + e * expert : dense;
		double mlp_a = s->no_mlp[il] ? 0 : moe ? moe_fixed + (double)m->experts_used * expert : dense;
		t += base + mlp_t;
		a += base + mlp_a;
	}
	double emb = (double)m->vocab * h * (s->tie ? 1 : 2) + norm;
	*total = t + emb;
	*active = a + emb;
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

static const char *family_list(char *buf, size_t len)
{
	size_t n = 0, all = 0;
	buf[0] = 0;
	for (size_t i = 0; i < sizeof hf_fams / sizeof hf_fams[0]; i++)
		list_add(buf, len, &n, &all, hf_fams[i].type);
	for (size_t i = 0; i < family_count; i++)
		if (families[i]->hf)
			list_add(buf, len, &n, &all,
				 families[i]->hf->model_type);
	if (n >= LIST_SHOWN && n < len)
		snprintf(buf + n, len - n,
			 ", ... (%zu in all, README lists them)", all);
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
			.id = F_GENERIC, .type = hf->model_type,
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

static const struct hf_fam *family_of(const char *type)
{
	for (size_t i = 0; i < sizeof hf_fams / sizeof hf_fams[0]; i++)
		if (!strcmp(hf_fams[i].type, type))
			return &hf_fams[i];
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
		for (size_t i = 0; i < sizeof arch_classes / sizeof arch_classes[0]; i++)
			if (!strcmp(arch_classes[i].cls, cls)) {
				H->fam = family_of(arch_classes[i].type);
				snprintf(H->m->arch, sizeof H->m->arch, "%s", H->fam->arch);
				model_set_origin(H->m, MF_ARCH, "config.json architectures[0] %s (llama.cpp LLM_ARCH %s)",
						 cls, H->fam->arch);
				return 0;
			}
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
		return fail(H, "architectures", "'%s' is not an architecture attnviz reads (families: %s)", shown,
			    family_list(list, sizeof list));
	}
	json_t *v = find(H, &H->top, "model_type");
	if (!v)
		return fail(H, "model_type", "missing (required: it names the family)");
	if (!json_is_string(v))
		return fail(H, H->where, "%s, want a string", hfc_json_kind(v));
	H->fam = family_of(json_string_value(v));
	if (!H->fam)
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
			    shown, family_list(list, sizeof list));
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
	if (H->gen ? read_sizes_hf(H, s) < 0
		   : field_count(H, sc, MF_LAYERS, 0, 0, 1, MODEL_MAX_LAYERS,
				 &m->layers) < 0 ||
			 count(H, sc, "hidden_size", MF_COUNT, 1, f->hidden, 1,
			       1000000, &s->hidden) < 0 ||
			 field_count(H, sc, MF_HEADS, 1, f->heads, 1, 65536,
				     &m->heads) < 0 ||
			 field_count(H, sc, MF_VOCAB, 1, f->vocab, 1, 100000000,
				     &m->vocab) < 0 ||
			 field_count(H, sc, MF_CTX_TRAIN, 1, f->max_pos, 1,
				     INT64_C(1) << 32, &m->ctx_train) < 0)
		return -1;
	if (f->id == F_FALCON)
		return 0;   /* read_falcon: its own KV-head rules and names */
	int64_t kv_def = f->kv_heads ? f->kv_heads : m->heads;
	const char *const own_kv[] = {H->gen ? H->gen->kv_key : NULL, NULL};
	int rc = H->gen && H->gen->kv_fixed ? 0 :
		 H->gen ? hparam(H, own_kv[0] ? own_kv : tm_kv, 1, kv_def, 1,
				 65536, &m->kv_heads) :
		 get_int(H, sc, model_fields[MF_KV_HEADS].hf, 1, kv_def, 1,
			 65536, &m->kv_heads);
	if (rc < 0)
		return -1;
	if (H->gen && H->gen->kv_fixed) {
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
	int drop_hd = H->gen && H->gen->no_head_dim;
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
		    H->gen ? H->gen->converter : "GraniteModel");
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

/* MoE: routed experts, those used per token, shared experts and which layers. */
/*
 * Gemma 4's MoE (26B-A4B: enable_moe_block).  The converter (conversion/
 * gemma.py Gemma4Model over TextModel.set_gguf_parameters) writes
 * expert_count from find_hparam(["num_local_experts", "num_experts",
 * "n_routed_experts"]), expert_used_count from ["num_experts_per_tok",
 * "num_experts_per_token", "top_k_experts"] and expert_feed_forward_length
 * from ["expert_intermediate_size", "moe_intermediate_size"]; llama.cpp's
 * gemma4 (src/models/gemma4.cpp load_arch_tensors) keeps every layer's
 * dense MLP of intermediate_size ("normal FFN as shared expert") and adds
 * the router ffn_gate_inp [n_embd, n_expert] with its scale, per-expert
 * down scales and n_expert experts of 3 x n_embd x n_ff_exp.  The KV cache
 * does not change.  Without enable_moe_block the file is dense whatever
 * else it says, as transformers' Gemma4TextConfig builds no experts then.
 */
static int hparam(struct hf *H, const char *const *keys, int optional, int64_t def, int64_t min, int64_t max,
		  int64_t *out);
static int read_gemma4_moe(struct hf *H, struct shape *s)
{
	struct model *m = H->m;
	const struct scope *sc = &H->top;
	int moe;
	if (get_bool(H, sc, "enable_moe_block", 0, &moe) < 0)
		return -1;
	if (!moe) {
		model_set_origin(m, MF_EXPERTS, "dense: config.json enable_moe_block false");
		return 0;
	}
	static const char *const ek[] = {"num_local_experts", "num_experts", "n_routed_experts", NULL};
	static const char *const uk[] = {"num_experts_per_tok", "num_experts_per_token", "top_k_experts", NULL};
	static const char *const fk[] = {"expert_intermediate_size", "moe_intermediate_size", NULL};
	if (hparam(H, ek, 0, 0, 1, 65536, &m->experts) < 0)
		return -1;
	model_set_origin(m, MF_EXPERTS, "config.json %s (the converter's expert_count)", H->where);
	if (hparam(H, uk, 0, 0, 1, m->experts, &m->experts_used) < 0)
		return -1;
	model_set_origin(m, MF_EXPERTS_USED, "config.json %s (the converter's expert_used_count)", H->where);
	if (hparam(H, fk, 0, 0, 1, 10000000, &s->moe_inter) < 0)
		return -1;
	s->moe_freq = 1;
	s->shared = 1;               /* the dense MLP beside the experts */
	s->shared_inter = s->inter;
	s->router_bias = 1;          /* per-expert scales: n_expert more */
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

static int read_moe(struct hf *H, struct shape *s)
{
	struct model *m = H->m;
	const struct scope *sc = &H->top;
	const char *ne = NULL, *nu = "num_experts_per_tok";
	int64_t def_e = 0, def_u = 0, def_inter = s->inter;
	switch (H->fam->id) {
	case F_QWEN3_NEXT: ne = "num_experts", def_e = 512, def_u = 10, def_inter = 512; break;
	/* Qwen3_5MoeTextConfig: 256 experts, 8 a token, 512 wide, one shared of 512 */
	case F_QWEN35_MOE: ne = "num_experts", def_e = 256, def_u = 8, def_inter = 512; break;
	case F_GEMMA4: return read_gemma4_moe(H, s);
	case F_GENERIC: return read_moe_hf(H, s);
	/* JambaModel: find_hparam(["num_local_experts", "num_experts"]) */
	case F_JAMBA: ne = find(H, sc, "num_local_experts") ? "num_local_experts" : "num_experts", def_e = 16, def_u = 2;
		break;
	default:
		model_set_origin(m, MF_EXPERTS, "dense: transformers %s has no routed experts", H->fam->cls);
		return 0;
	}
	s->moe_freq = 1;
	if (count(H, sc, ne, MF_EXPERTS, 1, def_e, 0, 65536, &m->experts) < 0)
		return -1;
	if (m->experts == 0)
		return 0;
	if (count(H, sc, nu, MF_EXPERTS_USED, 1, def_u, 1, m->experts, &m->experts_used) < 0)
		return -1;
	if (m->experts_used == 0)
		return fail(H, H->where, "missing: %lld routed experts need a count per token", (long long)m->experts);
	if (H->fam->id == F_JAMBA)
		s->moe_inter = s->inter;   /* each expert is an MLP of intermediate_size */
	else if (get_int(H, sc, "moe_intermediate_size", 1, def_inter, 1, 10000000, &s->moe_inter) < 0)
		return -1;
	/* Jamba: experts on expert_layer_offset + k x expert_layer_period (JambaModel.modify_tensors) */
	if (H->fam->id == F_JAMBA &&
	    (get_int(H, sc, "expert_layer_offset", 1, 1, 0, MODEL_MAX_LAYERS, &s->first_dense) < 0 ||
	     get_int(H, sc, "expert_layer_period", 1, 2, 1, MODEL_MAX_LAYERS, &s->moe_freq) < 0))
		return -1;
	if (gdn_family(H->fam->id)) {
		/* one shared expert of its own width: Qwen3-Next
		 * shared_expert_intermediate_size */
		const char *sk = "shared_expert_intermediate_size";
		s->shared = 1;
		s->shared_inter = s->moe_inter;
		if (get_int(H, sc, sk, 1, 512, 0, 10000000,
			    &s->shared_inter) < 0)
			return -1;
		s->shared = s->shared_inter > 0;
	}
	if (gdn_family(H->fam->id)) {
		int64_t step;
		json_t *only = find(H, sc, "mlp_only_layers");
		if (only && !json_is_null(only) && (!json_is_array(only) || json_array_size(only)))
			return fail(H, H->where, "dense layers among MoE layers are not described");
		if (get_int(H, sc, "decoder_sparse_step", 1, 1, 1, 1, &step) < 0)
			return -1;
	}
	return 0;
}

/* The 2026 families, listed last in enum fam: their layer_types words and
 * layer kinds are read_layers'. */
static int family_2026(const struct hf_fam *f)
{
	return f->id >= F_QWEN3_NEXT;
}

/* Which layers are sliding-window layers, and whether llama.cpp honours it. */
static int read_window(struct hf *H)
{
	struct model *m = H->m;
	const struct scope *sc = &H->top;
	const struct hf_fam *f = H->fam;
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
	if (gdn_family(f->id)) {
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
	/* layer_types, when given, says it per layer and wins over the pattern
	 * (Gemma 3n: the converter writes it as sliding_window_pattern, which
	 * llama.cpp's load_swa_pattern prefers over its pattern of 5) */
	json_t *lt = family_2026(f) && f->id != F_GEMMA3N && f->id != F_GEMMA4 ? NULL : find(H, sc, "layer_types");
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
	/* Families whose llama.cpp architecture reads no window: a full cache on every layer. */
	const char *why = NULL;
	if (gdn_family(f->id))
		why = "its qwen architectures read no sliding_window";
	else if (f->id == F_PHI3)
		why = "\"Phi SWA is currently disabled\" (llama-model.cpp)";
	else if (f->id == F_FALCON ||
		 f->id == F_GENERIC ||
		 (family_2026(f) && f->id != F_GEMMA3N && f->id != F_GEMMA4))
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
	return 0;
}

/*
 * The rotated dimensions of a head (llama.cpp n_rot, GGUF rope.dimension_count)
 * as the converter writes them: phi3 int(partial_rotary_factor x hidden_size)
 * // heads (conversion/phi.py Phi3MiniModel.set_gguf_parameters), cohere2
 * int(rotary_pct x (hidden_size // heads)) (conversion/command_r.py); the
 * factor at the root or in rope_parameters (conversion/base.py).  Every other
 * family rotates the whole head.
 */
static int read_rotary_hf(struct hf *H, const struct shape *s);
static int read_rotary(struct hf *H, const struct shape *s)
{
	struct model *m = H->m;
	double f = 1;
	int rc = 0;
	m->rope_dims = m->kind == ATTN_MLA ? m->qk_rope_head_dim : m->head_dim;
	model_set_origin(m, MF_ROPE_DIMS, "the whole head (transformers %s rotates every dimension)", H->fam->cls);
	if (H->gen)
		return read_rotary_hf(H, s);
	/* Qwen3NextModel (conversion/qwen.py): int(head_dim x
	 * partial_rotary_factor), the factor 0.25 when the file has none */
	int per_head = gdn_family(H->fam->id);
	double def = gdn_family(H->fam->id) ? 0.25 : 1;
	if (H->fam->id != F_PHI3 && !per_head)
		return 0;
	const char *key = "partial_rotary_factor";
	json_t *rp = find(H, &H->top, "rope_parameters");
	struct scope sc = H->top;
	if (!find(H, &sc, key) && rp && json_is_object(rp) && json_object_get(rp, key)) {
		sc.obj[0] = rp;
		snprintf(sc.prefix[0], sizeof sc.prefix[0], "rope_parameters.");
		sc.n = 1;
	}
	if ((rc = get_real(H, &sc, key, 1, def, 1e-6, 1, &f)) < 0)
		return -1;
	if (rc == 0 && !per_head)
		return 0;
	char path[96];
	snprintf(path, sizeof path, "%s", H->where);
	if (H->fam->id == F_PHI3)
		m->rope_dims = (int64_t)(f * (double)s->hidden) / m->heads;
	else if (per_head)
		m->rope_dims = (int64_t)(f * (double)m->head_dim);
	else
		m->rope_dims = (int64_t)(f * (double)(s->hidden / m->heads));
	if (m->rope_dims < 2 || m->rope_dims % 2 || m->rope_dims > m->head_dim)
		return fail(H, path, "%g gives %lld rotated dimensions of a %lld-wide head: want an even number, 2 or more",
			    f, (long long)m->rope_dims, (long long)m->head_dim);
	model_set_origin(m, MF_ROPE_DIMS, "%s %s %g (llama.cpp's converter: %s)", rc ? "config.json" : "the converter's "
			 "default", path, f, H->fam->id == F_PHI3 ? "int(factor x hidden_size) // heads" :
			 per_head ?
			 "int(head_dim x factor)" : "int(rotary_pct x head size)");
	return 0;
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

static int read_gemma4_rope(struct hf *H);

/* rope_theta and rope_scaling (rope_type or the older type). */
static int read_rope(struct hf *H)
{
	struct model *m = H->m;
	const struct hf_fam *f = H->fam;
	int rc;
	if (f->id == F_GEMMA4)
		return 0;   /* read_gemma4_rope, once the full layers' head size is known */
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
	if (f->id == F_GEMMA3N) {
		/* llama.cpp gemma3n: rope_freq_base_train_swa = 10000 on
		 * the sliding layers */
		rc = get_real(H, &H->top, model_fields[MF_BASE_LOCAL].hf, 1, 10000, 1.0000001, 1e12, &m->rope_base_local);
		if (rc < 0)
			return -1;
		origin(H, MF_BASE_LOCAL, rc, H->where);
	}
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
	/* llama.cpp gemma3n: rope_freq_scale_train_swa = 1 */
	if (rc && f->id == F_GEMMA3N)
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
	json_t *ffl = f->id == F_GEMMA3N ? find(H, sc, "intermediate_size") : NULL;
	if (ffl && json_is_array(ffl)) {
		/* Gemma 3n: one width a layer (the converter writes feed_forward_length
		 * per layer); attnviz keeps one, so the list must say one */
		if ((int64_t)json_array_size(ffl) != H->m->layers)
			return fail(H, H->where, "%zu entries for %lld layers", json_array_size(ffl), (long long)H->m->layers);
		json_t *v0 = json_array_get(ffl, 0);
		for (size_t i = 0; i < json_array_size(ffl); i++) {
			json_t *v = json_array_get(ffl, i);
			if (!json_is_integer(v) || json_integer_value(v) < 1 || json_integer_value(v) > 10000000 ||
			    json_integer_value(v) != json_integer_value(v0))
				return fail(H, H->where, "entry %zu: want one width for every layer (a number from 1 to "
					    "10000000, as entry 0)", i);
		}
		s->inter = json_integer_value(v0);
	} else if (H->gen && H->gen->ff_embd) {
		/* the converter's 4 * n_embd: intermediate_size not read */
		s->inter = H->gen->ff_embd * s->hidden;
	} else if (f->id != F_FALCON &&
		   get_int(H, sc, "intermediate_size", f->inter > 0, f->inter,
			   1, 10000000, &s->inter) < 0) {
		return -1;
	}
	if (f->id != F_FALCON) {
		s->gated = 1;
		/* Gemma: pre and post norms */
		s->norms = (f->id == F_GEMMA3N || f->id == F_GEMMA4) ? 4 : 2;
		if (get_bool(H, sc, "attention_bias", bias, &bias) < 0)
			return -1;
		s->qkv_bias = s->o_bias = bias;
		s->qk_norm = f->id == F_GEMMA3N || f->id == F_GEMMA4;
	}
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

/*
 * A hybrid's recurrent state, each size from the config fields the converter
 * writes into the GGUF key (llama-model.cpp load_hparams reads ssm.*):
 * qwen3next (conversion/qwen.py Qwen3NextModel.set_gguf_parameters):
 *   conv_kernel = linear_conv_kernel_dim, state_size = linear_key_head_dim,
 *   group_count = linear_num_key_heads, time_step_rank =
 *   linear_num_value_heads, inner_size = linear_value_head_dim x
 *   linear_num_value_heads
 *   (AutoConfig fills the Qwen3NextConfig defaults, 4, 128, 16, 32, 128).
 */
static int read_state(struct hf *H)
{
	struct model *m = H->m;
	static const char *const q_conv[] = {"linear_conv_kernel_dim", NULL}, *const q_state[] = {"linear_key_head_dim", NULL},
			  *const q_group[] = {"linear_num_key_heads", NULL}, *const q_rank[] = {"linear_num_value_heads", NULL},
			  *const q_vdim[] = {"linear_value_head_dim", NULL};
	int rc;
	const struct {
		enum model_field f;
		const char *const *keys;
		int64_t def, *out;
	} rows[] = {
		{MF_SSM_D_CONV, q_conv, 4, &m->ssm_d_conv},
		{MF_SSM_D_STATE, q_state, 128, &m->ssm_d_state},
		{MF_SSM_N_GROUP, q_group, 16, &m->ssm_n_group},
		{MF_SSM_DT_RANK, q_rank, 32, &m->ssm_dt_rank},
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		if ((rc = hparam(H, rows[i].keys, 1, rows[i].def, 1,
				 MODEL_MAX_DIM, rows[i].out)) < 0)
			return -1;
		origin(H, rows[i].f, rc, H->where);
	}
	int64_t a, b;
	char pa[96];
	if ((rc = hparam(H, q_vdim, 1, 128, 1, MODEL_MAX_DIM, &a)) < 0)
		return -1;
	snprintf(pa, sizeof pa, "%s", rc ? H->where : "linear_value_head_dim (default)");
	b = m->ssm_dt_rank;
	m->ssm_d_inner = a * b;
	if (m->ssm_d_inner > (INT64_C(1) << 24))
		return fail(H, pa, "an inner size of %lld x %lld is out of range", (long long)a, (long long)b);
	model_set_origin(m, MF_SSM_D_INNER,
			 "config.json %s x linear_num_value_heads", pa);
	return 0;
}

/* One layer kind per entry of layer_types, from the family's words: 'r'
 * recurrent, 'a' attention; 0 a word llama.cpp's converter does not know
 * for it. */
static char layer_word(enum fam id, const char *w)
{
	static const struct {
		enum fam id;
		const char *word;
		char kind;
	} words[] = {
		{F_QWEN3_NEXT, "linear_attention", 'r'}, {F_QWEN3_NEXT, "full_attention", 'a'},
		{F_QWEN35, "linear_attention", 'r'},     {F_QWEN35, "full_attention", 'a'},
		{F_QWEN35_MOE, "linear_attention", 'r'}, {F_QWEN35_MOE, "full_attention", 'a'},
	};
	for (size_t i = 0; w && i < sizeof words / sizeof words[0]; i++)
		if (words[i].id == id && !strcmp(words[i].word, w))
			return words[i].kind;
	return 0;
}

/* A count that may be the string "auto" (JambaConfig mamba_dt_rank):
 * auto_val then, as transformers computes it. */
static int get_auto(struct hf *H, const char *key, int64_t auto_val, int64_t *out)
{
	json_t *v = find(H, &H->top, key);
	if (v && json_is_string(v) && !strcmp(json_string_value(v), "auto")) {
		*out = auto_val;
		return 1;
	}
	return get_int(H, &H->top, key, 1, auto_val, 1, MODEL_MAX_DIM, out);
}

/*
 * Jamba (conversion/jamba.py JambaModel.set_gguf_parameters): attention on
 * the blocks attn_layer_offset + k x attn_layer_period (both required;
 * head_count_kv 0 elsewhere, which llama.cpp's jamba reads as recurrent),
 * Mamba-1 elsewhere: conv_kernel mamba_d_conv (4), inner_size mamba_expand
 * (required) x hidden_size, state_size mamba_d_state (16), time_step_rank
 * mamba_dt_rank (ceil(hidden_size / 16)); no groups (llama.cpp reads no
 * ssm.group_count for jamba, so n_embd_r has no 2 x groups x state term).
 */
static int read_jamba(struct hf *H, const struct shape *s)
{
	struct model *m = H->m;
	const struct scope *sc = &H->top;
	int64_t off, per, expand;
	int rc;
	if (get_int(H, sc, "attn_layer_offset", 0, 0, 0, m->layers - 1, &off) < 0 ||
	    get_int(H, sc, "attn_layer_period", 0, 0, 1, MODEL_MAX_LAYERS, &per) < 0)
		return -1;
	for (int64_t il = 0; il < m->layers; il++)
		m->layer_type[il] = il >= off && (il - off) % per == 0 ? LT_FULL : LT_RECURRENT;
	model_set_origin(m, MF_LAYER_TYPES, "config.json attn_layer_offset %lld, attn_layer_period %lld (the others "
			 "Mamba-1)", (long long)off, (long long)per);
	if ((rc = get_int(H, sc, "mamba_d_conv", 1, 4, 2, MODEL_MAX_DIM, &m->ssm_d_conv)) < 0)
		return -1;
	origin(H, MF_SSM_D_CONV, rc, H->where);
	if ((rc = get_int(H, sc, "mamba_d_state", 1, 16, 1, MODEL_MAX_DIM, &m->ssm_d_state)) < 0)
		return -1;
	origin(H, MF_SSM_D_STATE, rc, H->where);
	if ((rc = get_auto(H, "mamba_dt_rank", (s->hidden + 15) / 16, &m->ssm_dt_rank)) < 0)
		return -1;
	origin(H, MF_SSM_DT_RANK, rc, H->where);
	if (get_int(H, sc, "mamba_expand", 0, 0, 1, 64, &expand) < 0)
		return -1;
	m->ssm_d_inner = expand * s->hidden;
	model_set_origin(m, MF_SSM_D_INNER, "config.json mamba_expand %lld x hidden_size", (long long)expand);
	m->ssm_n_group = 0;
	model_set_origin(m, MF_SSM_N_GROUP, "0: Mamba-1 has no groups (llama.cpp jamba reads no ssm.group_count)");
	return 0;
}

/*
 * Gemma 3n's shared KV layers: llama.cpp's gemma3n (src/models/gemma3n.cpp
 * load_arch_hparams) fixes n_layer_kv_from_start at 20 whatever the GGUF's
 * shared_kv_layers (num_kv_shared_layers) says; layers from 20 on reuse
 * layer 18's (sliding) or 19's (full) cache (llama-model.cpp create_memory's
 * reuse callback), so 19 must be full and 18 sliding.
 */
static int read_gemma3n(struct hf *H)
{
	struct model *m = H->m;
	int64_t shared, from = 20;
	int rc = get_int(H, &H->top, "num_kv_shared_layers", 1, 15, 0, m->layers, &shared);
	if (rc < 0)
		return -1;
	if (m->layers <= from || m->layer_swa[from - 1] || !m->layer_swa[from - 2])
		return fail(H, "num_hidden_layers", "%lld layers: llama.cpp's gemma3n shares layers 20 on with layer 18 "
			    "(sliding) and 19 (full), which this file does not have", (long long)m->layers);
	for (int64_t il = from; il < m->layers; il++)
		m->layer_type[il] = LT_SHARED;
	model_set_origin(m, MF_LAYER_TYPES, "config.json layer_types; layers 20 on shared (llama.cpp gemma3n "
			 "n_layer_kv_from_start = 20)");
	if (shared != m->layers - from) {
		snprintf(m->note, sizeof m->note, "config.json num_kv_shared_layers %lld is not read: llama.cpp's gemma3n "
			 "shares every layer from 20 on (%lld)", (long long)shared, (long long)(m->layers - from));
		model_set_origin(m, MF_NOTE, "config.json num_kv_shared_layers vs llama.cpp gemma3n");
	}
	return 0;
}

/*
 * Gemma 4's rope (conversion/gemma.py Gemma4Model): rope_parameters holds one
 * object a layer type; the full layers' rope_theta is rope.freq_base, the
 * sliding layers' rope.freq_base_swa (llama.cpp's default 10000 without
 * it).  The full layers rotate int(global_head_dim x partial_rotary_factor)
 * dimensions: the converter writes rope.dimension_count = global_head_dim
 * and a rope_freqs tensor of 1e30 on the rest ("proportional"), which
 * leaves those pairs unrotated.
 */
static int read_gemma4_rope(struct hf *H)
{
	struct model *m = H->m;
	json_t *rp = find(H, &H->top, "rope_parameters");
	char rpath[96];
	snprintf(rpath, sizeof rpath, "%s", H->where);
	json_t *full = rp && json_is_object(rp) ? json_object_get(rp, "full_attention") : NULL;
	json_t *swa = rp && json_is_object(rp) ? json_object_get(rp, "sliding_attention") : NULL;
	if (!full || !json_is_object(full))
		return fail(H, rp ? rpath : "rope_parameters", "%s", rp ? "want an object with full_attention: {...}"
			    : "missing (required: the full layers' rope_theta)");
	struct scope sc = {.obj = {full}, .n = 1};
	snprintf(sc.prefix[0], sizeof sc.prefix[0], "%.24s.full_attention.", rpath);
	int rc = get_real(H, &sc, "rope_theta", 0, 0, 1.0000001, 1e12, &m->rope_base);
	if (rc < 0)
		return -1;
	origin(H, MF_BASE, rc, H->where);
	double pf = 1;
	if (get_real(H, &sc, "partial_rotary_factor", 1, 1, 1e-6, 1, &pf) < 0)
		return -1;
	/* conversion/gemma.py Gemma4Model.set_gguf_parameters writes
	 * rope.dimension_count = global_head_dim (n_rot_full, "proportional"
	 * RoPE): llama.cpp (src/models/gemma4.cpp) rotates the whole full-layer
	 * head with theta_i = base^(-2i / head_dim), and generate_extra_tensors'
	 * rope_freqs (1 on int(head_dim x factor / 2) pairs, 1e30 on the rest)
	 * stop all but those pairs turning.  The factor is checked, not kept. */
	int64_t turning = (int64_t)(pf * (double)m->head_dim);
	if (turning < 2 || turning % 2)
		return fail(H, H->where, "%g gives %lld rotated dimensions of a %lld-wide head: want an even number, 2 or "
			    "more", pf, (long long)turning, (long long)m->head_dim);
	m->rope_dims = m->head_dim;
	model_set_origin(m, MF_ROPE_DIMS, "global_head_dim, as the converter writes rope.dimension_count: rope_freqs "
			 "1e30 freeze all but int(head_dim x %s %g) = %lld", H->where, pf, (long long)turning);
	m->rope_base_local = 10000;
	model_set_origin(m, MF_BASE_LOCAL, "llama.cpp's default rope_freq_base_train_swa (10000)");
	if (swa && json_is_object(swa)) {
		struct scope ss = {.obj = {swa}, .n = 1};
		snprintf(ss.prefix[0], sizeof ss.prefix[0], "%.24s.sliding_attention.", rpath);
		if ((rc = get_real(H, &ss, "rope_theta", 1, 10000, 1.0000001, 1e12, &m->rope_base_local)) < 0)
			return -1;
		origin(H, MF_BASE_LOCAL, rc, H->where);
	}
	no_scaling(m, "none: Gemma 4's proportional rope rotates part of the head, unscaled");
	return 0;
}

/*
 * A Gemma 4 full layer's KEY from per_layer_config (transformers 5 writes
 * it: {"5": {"head_dim": 512, "num_key_value_heads": 2}, ...}), as
 * conversion/gemma.py Gemma4Model.set_gguf_parameters reads it when
 * global_head_dim (num_global_key_value_heads) is absent: the first entry,
 * in the file's order, whose index is a full_attention layer and which has
 * KEY; the other entries are not read.  1 found, 0 none, -1 an error.
 */
static int per_layer_value(struct hf *H, const char *key, int64_t min, int64_t max, int64_t *out)
{
	json_t *pl = find(H, &H->top, "per_layer_config");
	char ppath[96], shown[24];
	snprintf(ppath, sizeof ppath, "%s", H->where);
	if (!pl || json_is_null(pl))
		return 0;
	if (!json_is_object(pl))
		return fail(H, ppath,
			    "%s, want an object of layer index: {head_dim, "
			    "num_key_value_heads}",
			    hfc_json_kind(pl));
	const char *k;
	json_t *v;
	json_object_foreach(pl, k, v) {
		char *end;
		long long il = strtoll(k, &end, 10);
		err_clean(shown, sizeof shown, k);
		if (!*k || *end || il < 0)
			return fail(H, ppath, "key '%s' is not a layer index", shown);
		if (!json_is_object(v))
			return fail(H, ppath, "entry '%s': %s, want an object",
				    shown, hfc_json_kind(v));
		if (il >= H->m->layers || H->m->layer_swa[il] || !json_object_get(v, key))
			continue;
		struct scope ls = {.obj = {v}, .n = 1};
		snprintf(ls.prefix[0], sizeof ls.prefix[0], "%.28s.%.12s.", ppath, k);
		return get_int(H, &ls, key, 0, 0, min, max, out) < 0 ? -1 : 1;
	}
	return 0;
}

/*
 * Gemma 4's layers (conversion/gemma.py Gemma4Model.set_gguf_parameters,
 * src/models/gemma4.cpp): head_dim is the sliding layers' K and V head
 * (key_length_swa, value_length_swa), global_head_dim the full layers'
 * (key_length, value_length); head_count_kv per layer, num_key_value_heads
 * on the sliding layers and num_global_key_value_heads on the full ones
 * (one count for all without it); layers from n_layer - num_kv_shared_layers
 * on reuse layer n - 2's (sliding) or n - 1's (full) cache.  Its MoE blocks:
 * read_gemma4_moe.  Without global_head_dim or num_global_key_value_heads,
 * per_layer_config gives them (per_layer_value).
 */
static int read_gemma4(struct hf *H, struct shape *s)
{
	struct model *m = H->m;
	const struct scope *sc = &H->top;
	int64_t hd, shared;
	int rc;
	m->head_dim_swa = m->head_dim_v_swa = m->head_dim;
	model_set_origin(m, MF_HEAD_DIM_SWA, "config.json head_dim (the converter's key_length_swa)");
	model_set_origin(m, MF_HEAD_DIM_V_SWA, "config.json head_dim (the converter's value_length_swa)");
	if (!find(H, sc, "layer_types"))
		return fail(H, "layer_types", "missing (required: the converter's sliding_window_pattern)");
	json_t *gh = find(H, sc, "global_head_dim");
	if (gh && !json_is_null(gh))
		rc = get_int(H, sc, "global_head_dim", 0, 0, 2, 65536, &hd);
	else if ((rc = per_layer_value(H, "head_dim", 2, 65536, &hd)) == 0)
		rc = get_int(H, sc, "global_head_dim", 0, 0, 2, 65536, &hd);   /* missing: say so */
	if (rc < 0)
		return -1;
	if (hd % 2)
		return fail(H, H->where, "%lld is odd: RoPE rotates pairs", (long long)hd);
	m->head_dim = m->head_dim_v = hd;
	model_set_origin(m, MF_HEAD_DIM, "config.json %s (the converter's key_length)", H->where);
	model_set_origin(m, MF_HEAD_DIM_V, "config.json %s (the converter's value_length)", H->where);
	json_t *g = find(H, sc, "num_global_key_value_heads");
	int64_t kvg = m->kv_heads;
	char kvfrom[96] = "num_key_value_heads too";
	if (g && !json_is_null(g) ? get_int(H, sc, "num_global_key_value_heads", 0, 0, 1, m->heads, &kvg) < 0
				  : (rc = per_layer_value(H, "num_key_value_heads", 1, m->heads, &kvg)) < 0)
		return -1;
	if ((g && !json_is_null(g)) || rc == 1)
		snprintf(kvfrom, sizeof kvfrom, "%s", H->where);
	if (m->heads % kvg)
		return fail(H, H->where, "%lld does not divide num_attention_heads (%lld)", (long long)kvg,
			    (long long)m->heads);
	if ((rc = get_int(H, sc, "num_kv_shared_layers", 0, 0, 0, m->layers - 2, &shared)) < 0)
		return -1;
	int64_t from = shared ? m->layers - shared : m->layers;
	if (shared && (m->layer_swa[from - 1] || !m->layer_swa[from - 2]))
		return fail(H, H->where, "%lld shared layers: layer %lld must be full and %lld sliding, or llama.cpp's "
			    "reuse of their caches aborts", (long long)shared, (long long)(from - 1), (long long)(from - 2));
	s->per_layer_attn = 1;
	s->kv_full = kvg;
	/* E2B/E4B's per-layer inputs (the converter's embedding_length_per_layer_input) */
	if (get_int(H, sc, "hidden_size_per_layer_input", 1, 0, 0, INT64_C(1) << 24, &m->embd_per_layer) < 0)
		return -1;
	if (m->embd_per_layer)
		model_set_origin(m, MF_EMBD_PER_LAYER, "config.json hidden_size_per_layer_input");
	if (get_bool(H, sc, "attention_k_eq_v", 0, &s->k_eq_v) < 0)
		return -1;
	for (int64_t il = 0; il < m->layers; il++) {
		m->layer_kv_heads[il] = (int32_t)(il >= from ? 0 : m->layer_swa[il] ? m->kv_heads : kvg);
		if (il >= from)
			m->layer_type[il] = LT_SHARED;
	}
	model_set_origin(m, MF_KV_HEADS, "%s (full), num_key_value_heads (sliding)", kvfrom);
	return read_gemma4_rope(H);
}

/*
 * The layers of the 2026 families, as llama.cpp's converter lays them out
 * and llama.cpp's create_memory (llama-model.cpp) caches them:
 *   nextn / MTP blocks appended after num_hidden_layers (block_count grows,
 *     nextn_predict_layers says how many; filtered out of the cache):
 *     qwen3next mtp_num_hidden_layers, else the checkpoint's mtp.*
 *     block (_QwenMtpMixin: Qwen3-Next's config has no count; its
 *     published checkpoints carry one);
 *   qwen3next: layer_types linear_attention are recurrent (written as
 *     attention.recurrent_layers), else (il + 1) % full_attention_interval != 0;
 */
static int read_layers(struct hf *H, struct shape *s)
{
	struct model *m = H->m;
	const struct scope *sc = &H->top;
	enum fam id = H->fam->id;
	int64_t n = m->layers, nextn = 0;
	int rc;
	if (gdn_family(id)) {
		if ((rc = get_int(H, sc, "mtp_num_hidden_layers", 1, 1, 0, MODEL_MAX_LAYERS - n, &nextn)) < 0)
			return -1;
		if (rc)
			origin(H, MF_NEXTN, rc, H->where);
		else
			model_set_origin(m, MF_NEXTN, "1: the published checkpoint's mtp.* block (config.json gives no "
					 "mtp_num_hidden_layers)");
	} else {
		model_set_origin(m, MF_NEXTN, "none: the converter appends no nextn block for %s", H->fam->type);
	}
	if (gdn_family(id)) {
		json_t *lt = find(H, sc, "layer_types");
		char lpath[96];
		snprintf(lpath, sizeof lpath, "%s", H->where);
		if (lt && !json_is_null(lt)) {
			if (!json_is_array(lt))
				return fail(H, lpath,
					    "%s, want a list of layer types",
					    hfc_json_kind(lt));
			if ((int64_t)json_array_size(lt) != n)
				return fail(H, lpath, "%zu entries for %lld "
					    "layers", json_array_size(lt),
					    (long long)n);
			for (int64_t il = 0; il < n; il++) {
				const char *w = json_string_value(
				    json_array_get(lt, (size_t)il));
				char k = layer_word(id, w);
				if (!k) {
					char shown[40];
					err_clean(shown, sizeof shown, w ? w : "(not a string)");
					return fail(H, lpath, "entry %lld '%s' "
						    "is no layer kind "
						    "llama.cpp's converter "
						    "knows for %s",
						    (long long)il, shown,
						    H->fam->type);
				}
				if (k == 'r')
					m->layer_type[il] = LT_RECURRENT;
			}
			model_set_origin(m, MF_LAYER_TYPES, "config.json %s", lpath);
		} else {
			int64_t interval;
			if ((rc = get_int(H, sc, "full_attention_interval", 1, 4, 1, MODEL_MAX_LAYERS, &interval)) < 0)
				return -1;
			for (int64_t il = 0; il < n; il++)
				if ((il + 1) % interval)
					m->layer_type[il] = LT_RECURRENT;
			model_set_origin(m, MF_LAYER_TYPES, "%s full_attention_interval %lld: recurrent unless (il + 1) %% "
					 "%lld == 0", rc ? "config.json" : "default", (long long)interval, (long long)interval);
		}
		if (model_layers_of(m, LT_RECURRENT) && read_state(H) < 0)
			return -1;
	}
	if (id == F_JAMBA && read_jamba(H, s) < 0)
		return -1;
	if ((id == F_GEMMA3N && read_gemma3n(H) < 0) || (id == F_GEMMA4 && read_gemma4(H, s) < 0))
		return -1;
	/* the nextn blocks, after the main ones (model_finish keeps them cacheless) */
	m->layers = n + nextn;
	m->nextn_layers = nextn;
	if (nextn)
		model_set_origin(m, MF_LAYERS, "config.json num_hidden_layers %lld + %lld nextn block%s (the converter's "
				 "block_count)", (long long)n, (long long)nextn, nextn > 1 ? "s" : "");
	return 0;
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
		.norms = 2, .tie = m->tied_embd, .kv_full = m->kv_heads,
	};
	/* a shared expert as wide as the converter writes it
	 * (expert_shared_feed_forward_length, n_ff_shexp: granite-hybrid.cpp
	 * and nemotron-h.cpp's ffn_up_shexp), else an expert's; one without
	 * a count where the graph builds it for n_ff_shexp > 0 */
	double shexp;
	if (rc == 0 && m->experts &&
	    hfc_written(c, "expert_shared_feed_forward_length", &shexp) &&
	    shexp > 0) {
		s.shared_inter = (int64_t)shexp;
		s.shared += !s.shared;
	}
	if (rc == 0)
		hfc_origins(c, m);
	hfc_free(c);
	/* the q, k, v biases (o_proj's where the family lists them) */
	if (rc < 0 ||
	    get_bool(H, &H->top, "attention_bias", 0, &s.qkv_bias) < 0)
		return -1;
	snprintf(arch, sizeof arch, "%s", m->arch);
	shape_of_family(m, &s);
	/* nemotron-h.cpp: a block whose feed_forward_length is 0 has no
	 * MLP; the GGUF reader's RR_KV_FF_ZERO rule leaves only the others
	 * LT_NONE (the nextn blocks, after them, have one) */
	const struct family_recurrent *rr = FAMILY_PART(m, recurrent);
	for (int64_t il = 0; rr && rr->rule == RR_KV_FF_ZERO &&
			     il < m->layers - m->nextn_layers; il++)
		s.no_mlp[il] = m->layer_type[il] != LT_NONE;
	s.router_bias |= m->router_bias;   /* exp_probs_b: n_expert values */
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
	if (H->fam->id == F_FALCON ? read_falcon(H, &s) < 0 : read_shape(H, &s) < 0)
		return -1;
	if (H->fam->id == F_FALCON && get_bool(H, &H->top, "tie_word_embeddings", 1, &s.tie) < 0)
		return -1;
	if (read_moe(H, &s) < 0 || read_window(H) < 0 || read_rotary(H, &s) < 0 || read_rope(H) < 0)
		return -1;
	if (family_2026(H->fam) && read_layers(H, &s) < 0)
		return -1;
	if (m->kind != ATTN_MLA) {
		m->kind = m->kv_heads == m->heads ? ATTN_MHA : m->kv_heads == 1 ? ATTN_MQA : ATTN_GQA;
		model_set_origin(m, MF_KIND, "from num_attention_heads / KV heads = %lld",
				 (long long)(m->heads / m->kv_heads));
	}
	for (int64_t il = 0; il < m->layers && H->fam->id != F_GEMMA4; il++)
		m->layer_kv_heads[il] = (int32_t)m->kv_heads;   /* Gemma 4's are per layer (read_gemma4) */
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
	/* Gemma 4 26B-A4B: the dense MLP of intermediate_size beside the experts (read_gemma4_moe) */
	if (H->fam->id == F_GEMMA4 && m->experts) {
		m->ff_dense = s.inter;
		model_set_origin(m, MF_FF_DENSE, "config.json intermediate_size (the dense MLP beside the experts)");
	}
	/* Granite, Jamba: an expert is an MLP of intermediate_size */
	int own = H->fam->id != F_JAMBA &&
		  !(H->gen && !H->gen->expert_ff_key);
	model_set_origin(m, MF_FF, m->experts && s.moe_inter && own ? "config.json moe_intermediate_size" :
				   m->experts ? "config.json intermediate_size (an expert's)" : "config.json intermediate_size");
	if (H->gen && H->gen->ff_embd)
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
	for (size_t i = 0; i < sizeof hf_fams / sizeof hf_fams[0]; i++)
		if (!strcmp(hf_fams[i].arch, arch))
			return 1;
	const struct family *f = arch_find(arch);
	return f && (f->hf || f->conv);
}
