/*
 * gguf: a model description from a GGUF header, by llama.cpp's rules: key
 * names from src/llama-arch.cpp (LLM_KV_*), defaults and per-family rules
 * from src/llama-model.cpp (load_hparams).  The container itself is read by
 * gguf_file.c.
 */
#include "model/gguf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/arch.h"
#include "model/family.h"
#include "model/gguf_file.h"
#include "util/err.h"
#include "util/num.h"

#define MAX_CTX (INT64_C(1) << 32)

/* "{arch}.suffix" */
static struct gguf_kv *find_arch(struct gguf_file *r, const struct model *m, const char *suffix, char *key, size_t len)
{
	snprintf(key, len, "%s.%s", m->arch, suffix);
	return gguf_find(r, key);
}

/* A whole number in [min, max] from an integer key. */
static int want_int(struct gguf_file *r, const struct gguf_kv *k, int64_t min, int64_t max, int64_t *out)
{
	if (!gguf_is_int(k->type))
		return gguf_fail(r, k->vat, k->key, "is %s, want an integer", gguf_type_names[k->type]);
	if (k->big || k->i < min || k->i > max)
		return gguf_fail(r, k->vat, k->key, "%s%lld is out of range (%lld to %lld)", k->big ? "above " : "",
			         (long long)k->i, (long long)min, (long long)max);
	*out = k->i;
	return 0;
}

static int want_real(struct gguf_file *r, const struct gguf_kv *k, double min, double max, double *out)
{
	if (k->type != GT_F32 && k->type != GT_F64 && !gguf_is_int(k->type))
		return gguf_fail(r, k->vat, k->key, "is %s, want a number", gguf_type_names[k->type]);
	if (!(k->d >= min && k->d <= max)) {
		char a[32], b[32], c[32];
		return gguf_fail(
			r, k->vat, k->key, "%s is out of range (%s to %s)",
			num_show(a, sizeof a, k->d), num_show(b, sizeof b, min),
			num_show(c, sizeof c, max));
	}
	*out = k->d;
	return 0;
}

/*
 * Keys whose llama_hparams field defaults to 0, meaning "none"
 * (llama-hparams.h; llama-model.cpp load_hparams), and which llama.cpp's
 * own saver writes for every architecture whatever it reads
 * (llama-model-saver.cpp add_kv_from_model: kv_lora_rank 0 in a Llama):
 * a 0 there is read as llama.cpp reads the field, as absent.
 */
static const char *const zero_is_none[] = {
	"attention.kv_lora_rank",
	"attention.q_lora_rank",
	"attention.key_length_mla",
	"attention.value_length_mla",
	"attention.indexer.key_length",
	"attention.indexer.head_count",
	"attention.indexer.top_k",
	"interleave_moe_layer_step",
};

static int zero_none(const struct gguf_kv *k, const char *suffix)
{
	if (!gguf_is_int(k->type) || k->big || k->i != 0)
		return 0;
	for (size_t i = 0; i < sizeof zero_is_none / sizeof zero_is_none[0];
	     i++)
		if (!strcmp(suffix, zero_is_none[i]))
			return 1;
	return 0;
}

/* An optional integer key "{arch}.suffix"; *out keeps its value when absent
 * (or 0 where that means none, zero_is_none).  Returns 1 when found; the
 * origin of field is recorded (MF_COUNT: none). */
static int arch_int(struct gguf_file *r, struct model *m, const char *suffix, enum model_field field, int64_t min,
		    int64_t max, int64_t *out)
{
	char key[160];
	struct gguf_kv *k = find_arch(r, m, suffix, key, sizeof key);
	if (!k || zero_none(k, suffix))
		return 0;
	if (want_int(r, k, min, max, out) < 0)
		return -1;
	if (field != MF_COUNT)
		model_set_origin(m, field, "GGUF %s", key);
	return 1;
}

static int arch_real(struct gguf_file *r, struct model *m, const char *suffix, enum model_field field, double min,
		     double max, double *out)
{
	char key[160];
	struct gguf_kv *k = find_arch(r, m, suffix, key, sizeof key);
	if (!k)
		return 0;
	if (want_real(r, k, min, max, out) < 0)
		return -1;
	if (field != MF_COUNT)
		model_set_origin(m, field, "GGUF %s", key);
	return 1;
}

/* The "{arch}." suffix of field f's GGUF key (model_fields). */
static const char *row_suffix(enum model_field f)
{
	return model_fields[f].gguf + strlen("{arch}.");
}

/* arch_int / arch_real of field f's own GGUF key, its origin recorded. */
static int field_int(struct gguf_file *r, struct model *m, enum model_field f, int64_t min, int64_t max, int64_t *out)
{
	return arch_int(r, m, row_suffix(f), f, min, max, out);
}

static int field_real(struct gguf_file *r, struct model *m, enum model_field f, double min, double max, double *out)
{
	return arch_real(r, m, row_suffix(f), f, min, max, out);
}

static int missing(struct gguf_file *r, const char *key, uint64_t end)
{
	return gguf_fail(r, end, key, "missing (required key; the header ends here)");
}

/* A required "{arch}.suffix" key is missing, or 0, which its reader
 * takes for none (zero_none). */
static int missing_arch(struct gguf_file *r, const struct model *m, const char *suffix, uint64_t end)
{
	char key[160];
	struct gguf_kv *k = find_arch(r, m, suffix, key, sizeof key);
	if (k)
		return gguf_fail(r, k->vat, key, "0 is none here, and the key "
				 "is required");
	snprintf(key, sizeof key, "%s.%s", m->arch, suffix);
	return missing(r, key, end);
}

/* The offset of "{arch}.suffix"'s value (the key exists), its name in key[160]. */
static uint64_t value_at(struct gguf_file *r, const struct model *m, const char *suffix, char *key)
{
	struct gguf_kv *k = find_arch(r, m, suffix, key, 160);
	return k ? k->vat : r->off;
}

/*
 * A per-layer value (llama.cpp get_key_or_arr): one number for every layer,
 * or an array of exactly `layers` numbers.  out[layers].  Returns 1 when
 * found, 0 when absent (out untouched), -1 on error.
 */
static int arch_layers(struct gguf_file *r, struct model *m, const char *suffix, int64_t min, int64_t max, int64_t *out)
{
	char key[160];
	struct gguf_kv *k = find_arch(r, m, suffix, key, sizeof key);
	if (!k)
		return 0;
	if (k->type != GT_ARR) {
		int64_t v;
		if (k->type == GT_BOOL)
			return gguf_fail(r, k->vat, k->key, "is bool, want an integer or a per-layer array");
		if (want_int(r, k, min, max, &v) < 0)
			return -1;
		for (int64_t il = 0; il < m->layers; il++)
			out[il] = v;
		return 1;
	}
	if (k->atype == GT_STR || k->atype == GT_F32 || k->atype == GT_F64)
		return gguf_fail(r, k->vat, k->key, "array of %s, want integers (one per layer)", gguf_type_names[k->atype]);
	if (k->n != (uint64_t)m->layers)
		return gguf_fail(r, k->vat, k->key, "per-layer array of %llu values, but block_count is %lld",
			         (unsigned long long)k->n, (long long)m->layers);
	for (int64_t il = 0; il < m->layers; il++) {
		if (k->arr[il] < (double)min || k->arr[il] > (double)max) {
			char a[32];
			return gguf_fail(
				r, k->vat, k->key,
				"layer %lld: %s is out of range (%lld to %lld)",
				(long long)il,
				num_show(a, sizeof a, k->arr[il]),
				(long long)min, (long long)max);
		}
		out[il] = (int64_t)k->arr[il];
	}
	return 1;
}

/* ---- architecture rules from llama.cpp ---- */

/*
 * Architectures for which llama.cpp builds a sliding-window (iSWA) cache
 * carry the rule in their family (struct family_swa: src/llama-model.cpp
 * load_hparams, set_swa_pattern(n), layer il local when il % n < n - 1,
 * with the family's defaults).  Other architectures read no window
 * (LLM_ARCH_LLAMA for Mistral v0.1, qwen2): llama.cpp keeps a full cache
 * on every layer whatever the file says.
 */
/* The window rule of the model's family (src/families/), NULL when it has
 * none. */
static const struct family_swa *swa_rule_of(const struct model *m)
{
	const struct family *f = arch_find(m->arch);
	return f ? f->swa : NULL;
}

static int read_swa(struct gguf_file *r, struct model *m, uint64_t end)
{
	const struct family_swa *rule = swa_rule_of(m);
	char key[160];
	int64_t window = rule ? rule->default_window : 0;
	int found = field_int(r, m, MF_SLIDING_WINDOW, 0, MAX_CTX, &window);
	if (found < 0)
		return -1;
	if (rule && rule->required) {
		/* llama.cpp's get_key and get_arr, required; the window type
		 * standard whatever the window, which attnviz sizes above 0 */
		struct gguf_kv *p = find_arch(
		    r, m, "attention.sliding_window_pattern", key, sizeof key);
		if (!found)
			return missing_arch(r, m, row_suffix(MF_SLIDING_WINDOW),
					    end);
		if (!p)
			return missing_arch(
			    r, m, "attention.sliding_window_pattern", end);
		if (p->type != GT_ARR)
			return gguf_fail(r, p->vat, p->key,
					 "is %s, want one bool per layer "
					 "(llama.cpp's %s reads an array)",
					 gguf_type_names[p->type], m->arch);
		if (window == 0)
			return gguf_fail(
			    r,
			    value_at(r, m, row_suffix(MF_SLIDING_WINDOW), key),
			    key,
			    "0 with llama.cpp's %s standard window "
			    "type: attnviz does not size a zero "
			    "window",
			    m->arch);
	}
	if (rule && rule->fixed_window && window > 0) {
		/* the file's window switches it on, llama.cpp's own size */
		window = rule->fixed_window;
		model_set_origin(m, MF_SLIDING_WINDOW,
				 "llama.cpp %s: n_swa fixed at %lld when GGUF "
				 "%s.attention.sliding_window is above 0",
				 m->arch, (long long)window, m->arch);
	}
	if (!found && window > 0)
		model_set_origin(m, MF_SLIDING_WINDOW, "llama.cpp default of %s (%lld)", m->arch, (long long)window);
	if (rule && rule->chunked && !(found && window == 0)) {
		window = rule->default_window;
		m->swa_chunked = 1;
		model_set_origin(m, MF_SLIDING_WINDOW, "llama.cpp %s: chunked attention, n_swa fixed at %lld", m->arch,
				 (long long)window);
	}
	/* a family whose window is one size's only (exaone4's 32B) */
	int64_t nextn = 0;
	if (rule && rule->only_layers &&
	    arch_int(r, m, "nextn_predict_layers", MF_COUNT, 0, m->layers - 1,
		     &nextn) < 0)
		return -1;
	int other_size = rule && rule->only_layers &&
			 m->layers - nextn != rule->only_layers;
	if (other_size && !found)
		window = 0;   /* not the family's default either */
	if (other_size && window > 0) {
		/* llama.cpp reads n_swa but keeps swa_type none: full layers */
		m->sliding_window = window;
		m->swa_ignored = 1;
		model_set_origin(m, MF_WINDOW_USED, "0: llama.cpp %s reads a "
				 "window for %lld layers only", m->arch,
				 (long long)rule->only_layers);
		model_set_origin(m, MF_SWA_PATTERN, "llama.cpp %s: no sliding "
				 "window at %lld layers", m->arch,
				 (long long)(m->layers - nextn));
		model_set_origin(m, MF_LAYER_TYPES, "%s",
				 model_field_origin(m, MF_SWA_PATTERN));
		return 0;
	}
	m->sliding_window = window;
	if (window == 0) {
		if (!found)
			model_set_origin(m, MF_SLIDING_WINDOW, "no %s.attention.sliding_window: none", m->arch);
		model_set_origin(m, MF_SWA_PATTERN, "no sliding window: every layer global");
		model_set_origin(m, MF_LAYER_TYPES, "no sliding window: every layer global");
		return 0;
	}
	if (!rule) {
		struct gguf_kv *p = find_arch(r, m, "attention.sliding_window_pattern", key, sizeof key);
		if (!p) {
			/* llama.cpp reads no window for this architecture. */
			m->swa_ignored = 1;
			model_set_origin(m, MF_WINDOW_USED, "0: llama.cpp %s reads no sliding window", m->arch);
			model_set_origin(m, MF_NOTE, "GGUF %s.attention.sliding_window vs llama.cpp %s", m->arch, m->arch);
			const struct family *fam = model_family(m);
			const char *why = fam && fam->window_dropped
						  ? fam->window_dropped
						  : "reads none";
			snprintf(m->note, sizeof m->note,
				 "the file gives sliding_window %lld, but "
				 "llama.cpp's %.32s %.120s: a full cache on "
				 "every layer",
				 (long long)window, m->arch, why);
			model_set_origin(m, MF_SWA_PATTERN, "llama.cpp %s reads no sliding window", m->arch);
			return 0;
		}
	}
	model_set_origin(m, MF_WINDOW_USED, "1: llama.cpp %s reads the window", m->arch);
	/* The pattern: the file's sliding_window_pattern (a number n, or one bool
	 * per layer, true = sliding, as llama.cpp's swa_layers), else the family's. */
	struct gguf_kv *p =
	    rule && rule->file_pattern_unread
		? NULL
		: find_arch(r, m, "attention.sliding_window_pattern", key,
			    sizeof key);
	if (p && p->type == GT_ARR) {
		if (p->atype != GT_BOOL && !gguf_is_int(p->atype))
			return gguf_fail(r, p->vat, p->key, "array of %s, want one bool per layer", gguf_type_names[p->atype]);
		/* llama_model_loader::get_arr into the std::array
		 * is_swa_impl: any length up to LLAMA_MAX_LAYERS, the layers
		 * past its end left full (K-EXAONE's layer_types leave out
		 * the nextn block) */
		if (p->n > 512)
			return gguf_fail(r, p->vat, p->key,
					 "array length %llu exceeds max 512",
					 (unsigned long long)p->n);
		for (int64_t il = 0; il < m->layers; il++)
			m->layer_swa[il] =
			    (uint64_t)il < p->n && p->arr[il] != 0;
		m->swa_pattern = 0;
		/* A regular pattern (n - 1 local, then one global) is said as n
		 * too; no layer sliding is 1 (set_swa_pattern(1)), not the 0
		 * that model_finish would take for "every layer local". */
		for (int64_t n = 1; n <= m->layers; n++) {
			int same = 1;
			for (int64_t il = 0; il < m->layers && same; il++)
				same = m->layer_swa[il] == (il % n < n - 1);
			if (same) {
				m->swa_pattern = n;
				break;
			}
		}
		model_set_origin(m, MF_LAYER_TYPES, "GGUF %s (one bool per layer)", key);
		model_set_origin(m, MF_SWA_PATTERN, "GGUF %s (one bool per layer)", key);
		return 0;
	}
	int64_t n = rule ? rule->pattern : 0;
	if (p) {
		if (want_int(r, p, 0, MODEL_MAX_LAYERS, &n) < 0)
			return -1;
		model_set_origin(m, MF_SWA_PATTERN, "GGUF %s", key);
	} else {
		model_set_origin(m, MF_SWA_PATTERN, "llama.cpp default of %s (set_swa_pattern(%lld))", m->arch,
				 (long long)n);
	}
	m->swa_pattern = n;
	int first = rule && rule->dense_first && n > 0;
	for (int64_t il = 0; il < m->layers; il++)
		m->layer_swa[il] =
		    n == 0 || (first ? il % n != 0 : il % n < n - 1);
	model_set_origin(m, MF_LAYER_TYPES, "%s", model_field_origin(m, MF_SWA_PATTERN));
	if (first) {
		/* set_swa_pattern(n, dense_first): the full layer first; not
		 * the pattern n of the other families, so said layer by layer
		 */
		m->swa_pattern = 0;
		model_set_origin(m, MF_LAYER_TYPES, "%s, the full layer first "
				 "(dense_first)",
				 model_field_origin(m, MF_SWA_PATTERN));
	}
	return 0;
}

static int read_kda_heads(struct gguf_file *r, struct model *m);
static int read_ple(struct gguf_file *r, struct model *m, uint64_t end);

/*
 * Hybrid architectures (llm_arch_is_hybrid): which layers are recurrent,
 * and the state's sizes, by the family's rule (struct family_recurrent:
 * src/models/<arch>.cpp load_arch_hparams, llama-model.cpp create_memory's
 * layer filters):
 *   RR_INTERVAL: attention.recurrent_layers (one bool per block), else
 *     il < n_layer() && (il + 1) % full_attention_interval != 0 (interval
 *     default 4); both caches keep il < n_layer() only.
 *   RR_KV_ZERO: recurrent iff head_count_kv(il) == 0
 *     (llama-memory-hybrid.cpp's default filters: is_recr(il) / !is_recr(il)).
 *   RR_KV_FF_ZERO: recurrent iff head_count_kv(il) == 0 and
 *     feed_forward_length(il) == 0; a layer with an FFN only keeps nothing.
 *   RR_EVERY: every layer is both (create_memory: filter_attn and
 *     filter_recr return true for every layer): attention beside Mamba2.
 * The state's keys (llama-hparams.cpp n_embd_r / n_embd_s):
 *   Mamba2 and gated delta net: ssm.conv_kernel, inner_size, state_size,
 *     time_step_rank and group_count, all required;
 *   Mamba-1 (jamba): the same without group_count (ssm_n_group stays 0);
 *   short convolution (lfm2, lfm2moe): shortconv.l_cache only, the rows
 *     n_embd * (l_cache - 1), no SSM state.
 */
static int read_recurrent(struct gguf_file *r, struct model *m, uint64_t end)
{
	char key[160];
	const struct family *fam = arch_find(m->arch);
	const struct family_recurrent *rr = fam ? fam->recurrent : NULL;
	if (!rr)
		return 0;
	static const struct {
		const char *suffix;
		enum model_field f;
		int64_t min, max;
		unsigned states;   /* 1 << enum family_recr_state: the states that read it (as a required key) */
	} ssm[] = {
#define SSM_ALL (1u << RS_MAMBA2 | 1u << RS_MAMBA1 | 1u << RS_MAMBA2_PLE)
	    {"ssm.conv_kernel", MF_SSM_D_CONV, 0, 65536,
	     SSM_ALL | 1u << RS_KDA},
	    {"ssm.inner_size", MF_SSM_D_INNER, 0, INT64_C(1) << 24, SSM_ALL},
	    {"ssm.state_size", MF_SSM_D_STATE, 0, 65536, SSM_ALL},
	    {"ssm.time_step_rank", MF_SSM_DT_RANK, 0, 65536, SSM_ALL},
	    {"ssm.group_count", MF_SSM_N_GROUP, 0, 65536,
	     1u << RS_MAMBA2 | 1u << RS_MAMBA2_PLE},
	    {"shortconv.l_cache", MF_SHORTCONV_L_CACHE, 2, 65536,
	     1u << RS_SHORTCONV},
	    /* kimi-linear.cpp, kimi-k3.cpp, bailingmoe3.cpp:
	       get_key(LLM_KV_KDA_HEAD_DIM) */
	    {"kda.head_dim", MF_KDA_HEAD_DIM, 1, 65536, 1u << RS_KDA},
#undef SSM_ALL
	};
	for (size_t i = 0; i < sizeof ssm / sizeof ssm[0]; i++) {
		if (!(ssm[i].states & 1u << rr->state))
			continue;   /* llama.cpp does not read it for this architecture: the state has none */
		int64_t *out = (int64_t *)(void *)((char *)m + model_fields[ssm[i].f].off);
		int f = arch_int(r, m, ssm[i].suffix, ssm[i].f, ssm[i].min, ssm[i].max, out);
		if (f <= 0)
			return f < 0 ? -1 : missing_arch(r, m, ssm[i].suffix, end);
	}
	if (rr->state == RS_KDA && read_kda_heads(r, m) < 0)
		return -1;
	if (rr->state == RS_LINEAR) {
		/* minimax-01.cpp: n_embd_head_la = n_embd_head_k_full, and
		 * n_embd_s() = n_embd_head_la^2 x n_head() (layer 0's heads);
		 * said as a d_state x d_inner state without conv rows */
		int64_t heads[MODEL_MAX_LAYERS];
		if (arch_layers(r, m, "attention.head_count", 0, 65536,
				heads) <= 0)
			return -1;   /* read before: present */
		m->ssm_d_conv = 0;
		m->ssm_d_state = m->head_dim;
		m->ssm_d_inner = m->head_dim * heads[0];
		model_set_origin(m, MF_SSM_D_STATE, "llama.cpp %s: the linear "
				 "attention's head (key_length)", m->arch);
		model_set_origin(m, MF_SSM_D_INNER, "llama.cpp %s: key_length "
				 "x layer 0's head_count (n_embd_s = head^2 x "
				 "heads)", m->arch);
	}
	if (rr->rule == RR_ALL) {
		/* create_memory: llama_memory_recurrent for every il <
		 * n_layer(), no filter; model_finish drops the KV heads */
		for (int64_t il = 0; il < m->layers - m->nextn_layers; il++)
			m->layer_type[il] = LT_RECURRENT;
		model_set_origin(m, MF_LAYER_TYPES,
				 "llama.cpp %s: a recurrent "
				 "model, every layer's state in "
				 "llama_memory_recurrent, no KV cache",
				 m->arch);
		return 0;
	}
	if (rr->rule == RR_EVERY) {
		/* the layers stay attention layers (model_finish keeps them so); each
		 * keeps a Mamba2 state beside its KV cells */
		m->ssm_parallel = 1;
		model_set_origin(m, MF_SSM_PARALLEL, "llama.cpp %s: create_memory keeps a recurrent state on every layer "
				 "beside its attention", m->arch);
		return 0;
	}
	int64_t n_layer = m->layers - m->nextn_layers, f;
	if (rr->rule == RR_INTERVAL) {
		struct gguf_kv *k = find_arch(r, m, "attention.recurrent_layers", key, sizeof key);
		if (k) {
			if (k->type != GT_ARR || !k->arr || (k->atype != GT_BOOL && !gguf_is_int(k->atype)))
				return gguf_fail(r, k->vat, k->key, "want one bool per layer");
			if (k->n != (uint64_t)m->layers)
				return gguf_fail(r, k->vat, k->key, "per-layer array of %llu values, but block_count is %lld",
					         (unsigned long long)k->n, (long long)m->layers);
			for (int64_t il = 0; il < n_layer; il++)
				if (k->arr[il] != 0)
					m->layer_type[il] = LT_RECURRENT;
			model_set_origin(m, MF_LAYER_TYPES, "GGUF %s (one bool per layer)", key);
		} else {
			int64_t interval = rr->interval ? rr->interval : 4;
			if ((f = arch_int(r, m, "full_attention_interval", MF_COUNT, 1, MODEL_MAX_LAYERS, &interval)) < 0)
				return -1;
			for (int64_t il = 0; il < n_layer; il++)
				if ((il + 1) % interval != 0)
					m->layer_type[il] = LT_RECURRENT;
			model_set_origin(m, MF_LAYER_TYPES, "%s %s.full_attention_interval %lld: layer il is recurrent when "
					 "(il + 1) %% %lld != 0", f ? "GGUF" : "llama.cpp default of", m->arch,
					 (long long)interval, (long long)interval);
		}
		return rr->state == RS_MAMBA2_PLE ? read_ple(r, m, end) : 0;
	}
	int64_t ff[MODEL_MAX_LAYERS] = {0};
	if (rr->rule == RR_KV_FF_ZERO && arch_layers(r, m, "feed_forward_length", 0, INT64_C(1) << 24, ff) < 0)
		return -1;
	for (int64_t il = 0; il < n_layer; il++)
		if (m->layer_kv_heads[il] == 0)
			m->layer_type[il] = ff[il] == 0 ? LT_RECURRENT : LT_NONE;
		else if (ff[il] > 0)
			/* create_memory's filter_attn: !is_recr(il) && n_ff(il)
			 * == 0, so a layer with heads and an FFN keeps no cells
			 */
			m->layer_type[il] = LT_NONE;
	model_set_origin(m, MF_LAYER_TYPES, "GGUF %s.attention.head_count_kv%s: a layer is recurrent when it is 0%s",
			 m->arch, rr->rule == RR_KV_FF_ZERO ? " and feed_forward_length" : "",
			 rr->rule == RR_KV_FF_ZERO ? " (both)" : "");
	return 0;
}

/* src/models/kimi-linear.cpp (kimi-k3.cpp, bailingmoe3.cpp alike): the KDA
 * state's heads are hparams.n_head(), layer 0's head_count
 * (llama-hparams.cpp n_embd_r / n_embd_s); model_embd_r sizes it with
 * m->heads, the most of any layer, so they must agree. */
static int read_kda_heads(struct gguf_file *r, struct model *m)
{
	char key[160];
	int64_t heads[MODEL_MAX_LAYERS];
	if (arch_layers(r, m, "attention.head_count", 0, 65536, heads) < 0)
		return -1;
	/* create_memory gives these hybrids llama_memory_hybrid's default
	 * filters (!is_recr(il)): nextn layers would stay in the attention
	 * cache, which attnviz does not size */
	if (m->nextn_layers > 0)
		return gguf_fail(r, value_at(r, m, "nextn_predict_layers", key),
				 key,
				 "nextn layers in %s's attention cache (the "
				 "hybrid's default filter keeps them): "
				 "attnviz does not size them",
				 m->arch);
	if (heads[0] != m->heads)
		return gguf_fail(r, value_at(r, m, "attention.head_count", key),
				 key,
				 "layer 0 has %lld heads, another %lld: the "
				 "KDA state's n_head() is "
				 "layer 0's, attnviz does not size it",
				 (long long)heads[0], (long long)m->heads);
	model_set_origin(
	    m, MF_KDA_HEAD_DIM,
	    "GGUF %s.kda.head_dim (the state: x head_count of layer 0)",
	    m->arch);
	return 0;
}

/* src/models/qwen4exp.cpp load_arch_hparams: ple.layers lists at most one
 * layer, a linear-attention one; its row of the recurrent cache holds
 * ple_conv_state() = (ple.conv_kernel - 1) x ple.ngram_size x
 * hyper_connection.count x n_embd f32 values a sequence
 * (llama-hparams.cpp; llama-memory-recurrent.cpp cache_ple_r_l). */
static int read_ple(struct gguf_file *r, struct model *m, uint64_t end)
{
	char key[160];
	struct gguf_kv *k = find_arch(r, m, "ple.layers", key, sizeof key);
	int64_t ngram = 0, ck = 0, hc = 0;
	int f;
	if (!k || (k->type == GT_ARR && k->n == 0))
		return 0;
	if (k->type != GT_ARR || !k->arr || k->n != 1)
		return gguf_fail(
		    r, k->vat, k->key,
		    "want one layer (llama.cpp supports one PLE layer)");
	int64_t il = (int64_t)k->arr[0];
	if (il < 0 || il >= m->layers || m->layer_type[il] != LT_RECURRENT)
		return gguf_fail(
		    r, k->vat, k->key,
		    "PLE layer %lld is not a linear attention layer",
		    (long long)il);
	if ((f = arch_int(r, m, "ple.ngram_size", MF_COUNT, 2, 64, &ngram)) <=
	    0)
		return f < 0 ? -1 : missing_arch(r, m, "ple.ngram_size", end);
	if ((f = arch_int(r, m, "ple.conv_kernel", MF_COUNT, 1, 65536, &ck)) <=
	    0)
		return f < 0 ? -1 : missing_arch(r, m, "ple.conv_kernel", end);
	if ((f = arch_int(r, m, "hyper_connection.count", MF_COUNT, 2, 65536,
			  &hc)) <= 0)
		return f < 0
			   ? -1
			   : missing_arch(r, m, "hyper_connection.count", end);
	m->ple_state = (ck - 1) * ngram * hc * m->embd;
	model_set_origin(m, MF_PLE_STATE,
			 "GGUF %s.ple.*: (conv_kernel %lld - 1) x ngram_size "
			 "%lld x hc %lld x "
			 "embd",
			 m->arch, (long long)ck, (long long)ngram,
			 (long long)hc);
	return 0;
}

/* A sparse-attention indexer in a cache of its own (struct family_indexer):
 * its key size and the layers create_memory's filter keeps. */
static int read_indexer_apart(struct gguf_file *r, struct model *m,
			      const struct family_indexer *fi, uint64_t end)
{
	char key[160];
	int f;
	int64_t top_k = 0;
	if ((f = field_int(r, m, MF_INDEXER_TOP_K, 1, MODEL_MAX_CTX, &top_k)) <
	    0)
		return -1;
	/* MiniMax-M3 and Hunyuan V4 pass no nextn filter to their main cache:
	 * nextn layers would stay in it, which attnviz does not size */
	if (fi->layers != FI_ATTENTION && !fi->nextn_out && m->nextn_layers > 0)
		return gguf_fail(r, value_at(r, m, "nextn_predict_layers", key),
				 key,
				 "nextn layers in %s's cache (create_memory "
				 "filters none out): attnviz does not "
				 "size them",
				 m->arch);
	if (!f && fi->top_k_zero_none) {
		/* llama-model.cpp create_memory: indexer_top_k == 0, a plain
		 * cache */
		model_set_origin(
		    m, MF_INDEXER_HEAD_DIM,
		    "no %s.attention.indexer.top_k: a full-attention "
		    "checkpoint, no indexer cache",
		    m->arch);
		return 0;
	}
	if (!f)
		return missing_arch(r, m, row_suffix(MF_INDEXER_TOP_K), end);
	m->indexer_top_k = top_k;
	if ((f = field_int(r, m, MF_INDEXER_HEAD_DIM, 1, 65536,
			   &m->indexer_head_dim)) <= 0)
		return f < 0 ? -1
			     : missing_arch(
				   r, m, row_suffix(MF_INDEXER_HEAD_DIM), end);
	if (field_int(r, m, MF_INDEXER_HEADS, 1, 65536, &m->indexer_heads) < 0)
		return -1;
	int64_t lead = 0;
	struct gguf_kv *k = NULL;
	if (fi->layers == FI_AFTER_DENSE_LEAD &&
	    arch_int(r, m, "leading_dense_block_count", MF_COUNT, 0, m->layers,
		     &lead) < 0)
		return -1;
	if (fi->layers == FI_TYPES) {
		k = find_arch(r, m, "attention.indexer.types", key, sizeof key);
		if (k && k->type == GT_ARR &&
		    (!k->arr || k->n != (uint64_t)m->layers))
			return gguf_fail(r, k->vat, k->key,
					 "want one bool per layer (%lld)",
					 (long long)m->layers);
		if (k && k->type != GT_ARR && k->type != GT_BOOL &&
		    !gguf_is_int(k->type))
			return gguf_fail(r, k->vat, k->key,
					 "is %s, want one bool per layer",
					 gguf_type_names[k->type]);
	}
	for (int64_t il = 0; il < m->layers; il++) {
		int on;
		if (fi->layers == FI_ATTENTION)
			on = il < m->layers - m->nextn_layers &&
			     m->layer_type[il] != LT_RECURRENT &&
			     m->layer_kv_heads[il] > 0;
		else if (fi->layers == FI_AFTER_DENSE_LEAD)
			on = il >= lead;
		else /* get_key_or_arr: one value for every layer, absent all 0
		      */
			on = k &&
			     (k->type == GT_ARR ? k->arr[il] != 0
						: k->big || k->d != 0) &&
			     (!fi->nextn_out ||
			      il < m->layers - m->nextn_layers);
		m->layer_indexer[il] = (uint8_t)on;
	}
	if (fi->layers == FI_TYPES && fi->first_required &&
	    !m->layer_indexer[0])
		/* src/models/hy-v4.cpp: "layer 0 must own an indexer" */
		return gguf_fail(
		    r,
		    k ? k->vat
		      : value_at(r, m, row_suffix(MF_INDEXER_TOP_K), key),
		    k ? k->key : key,
		    "layer 0 must own an indexer (llama.cpp refuses the file)");
	m->indexer_apart = fi->with_v ? INDEXER_APART_KV : INDEXER_APART_K;
	model_set_origin(
	    m, MF_INDEXER_HEAD_DIM,
	    "GGUF %s.attention.indexer.key_length (own cache, %s; %s)", m->arch,
	    fi->with_v ? "K and V" : "K",
	    fi->layers == FI_ATTENTION		? "attention layers"
	    : fi->layers == FI_AFTER_DENSE_LEAD ? "il >= dense lead"
						: "indexer.types");
	return 0;
}

/* src/models/nanbeige.cpp load_arch_hparams: num_loops (default 1) passes
 * over the block_count layers, their per-layer values copied, so
 * n_layer_all = block_count x num_loops layers keep a cache each; it
 * asserts that is at most LLAMA_MAX_LAYERS (512). */
static int read_loops(struct gguf_file *r, struct model *m)
{
	char key[160];
	int64_t loops = 1, phys = m->layers;
	if (arch_int(r, m, "num_loops", MF_COUNT, 1, 512, &loops) < 0)
		return -1;
	if (loops == 1)
		return 0;
	if (phys * loops > 512)
		return gguf_fail(r, value_at(r, m, "num_loops", key), key,
				 "%lld passes over %lld layers: above "
				 "llama.cpp's 512 layers", (long long)loops,
				 (long long)phys);
	for (int64_t il = phys; il < phys * loops; il++) {
		m->layer_kv_heads[il] = m->layer_kv_heads[il % phys];
		m->layer_heads[il] = m->layer_heads[il % phys];
		m->layer_swa[il] = m->layer_swa[il % phys];
		m->layer_type[il] = m->layer_type[il % phys];
	}
	m->layers = phys * loops;
	model_set_origin(m, MF_LAYERS, "GGUF %s.block_count x %s.num_loops "
			 "(%lld x %lld: llama.cpp %s runs the layers again, a "
			 "cache for each pass)", m->arch, m->arch,
			 (long long)phys, (long long)loops, m->arch);
	return 0;
}

/* A recurrent model (RR_ALL): no attention layer at all. */
static int all_recurrent(const struct family *f)
{
	return f->recurrent && f->recurrent->rule == RR_ALL;
}

/* DeepSeek V4's compressed caches (struct family_compress): the ratio of
 * each layer and the indexer's head, as src/models/deepseek4.cpp
 * load_arch_hparams reads them (get_arr of compress_ratios, at least
 * block_count long; the indexer's key_length and top_k required). */
static int read_compress(struct gguf_file *r, struct model *m,
			 const struct family_compress *fc, uint64_t end)
{
	char key[160];
	int f;
	if (m->sliding_window <= 0)
		return missing_arch(r, m, row_suffix(MF_SLIDING_WINDOW), end);
	/* llama_kv_cache_dsv4 sets n_layer_nextn = 0 in its caches' hparams
	 * (they keep the nextn layers) but its states walk n_layer(): the
	 * nextn layers are in some, not in others */
	if (m->nextn_layers > 0)
		return gguf_fail(r, value_at(r, m, "nextn_predict_layers", key),
				 key,
				 "nextn layers in %s's caches but not in its "
				 "compressor states: attnviz does not size "
				 "them",
				 m->arch);
	struct gguf_kv *k =
	    find_arch(r, m, "attention.compress_ratios", key, sizeof key);
	if (!k)
		return missing_arch(r, m, "attention.compress_ratios", end);
	if (k->type != GT_ARR || !gguf_is_int(k->atype) || !k->arr)
		return gguf_fail(r, k->vat, k->key,
				 "want an array of integers, one a layer");
	if (k->n < (uint64_t)m->layers)
		return gguf_fail(r, k->vat, k->key,
				 "%llu values, shorter than block_count %lld "
				 "(llama.cpp refuses the file)",
				 (unsigned long long)k->n,
				 (long long)m->layers);
	for (int64_t il = 0; il < m->layers; il++) {
		if (k->arr[il] < 0 || k->arr[il] > 65536)
			return gguf_fail(
			    r, k->vat, k->key,
			    "layer %lld: ratio out of range (0 to 65536)",
			    (long long)il);
		m->layer_comp_ratio[il] = (int32_t)k->arr[il];
	}
	if ((f = field_int(r, m, MF_INDEXER_HEAD_DIM, 1, 65536,
			   &m->indexer_head_dim)) <= 0)
		return f < 0 ? -1
			     : missing_arch(
				   r, m, row_suffix(MF_INDEXER_HEAD_DIM), end);
	if (field_int(r, m, MF_INDEXER_TOP_K, 1, MODEL_MAX_CTX,
		      &m->indexer_top_k) < 0 ||
	    field_int(r, m, MF_INDEXER_HEADS, 1, 65536, &m->indexer_heads) < 0)
		return -1;
	/* dsv4_make_k_only: is_mla() faked, no V in any of the caches */
	m->k_only = 1;
	m->streams_per_seq = fc->streams_per_seq;
	model_set_origin(
	    m, MF_INDEXER_HEAD_DIM,
	    "GGUF %s.attention.indexer.key_length (the lightning indexer's "
	    "compressed cache)",
	    m->arch);
	return 0;
}

/* MLA (DeepSeek-V2/V3 and kin): kv_lora_rank present.  llama.cpp caches the
 * latent only when the file has key_length_mla and value_length_mla
 * (hparams.is_mla()); older conversions run without MLA, caching full K and V. */
static int read_mla(struct gguf_file *r, struct model *m, int64_t n_rot, const int64_t *kvh)
{
	char key[160];
	int64_t k_mla = 0, v_mla = 0;
	int fk, fv;
	if ((fk = arch_int(r, m, "attention.key_length_mla", MF_COUNT, 1, 65536, &k_mla)) < 0 ||
	    (fv = arch_int(r, m, "attention.value_length_mla", MF_COUNT, 1, 65536, &v_mla)) < 0)
		return -1;
	m->kind = ATTN_MLA;
	m->qk_rope_head_dim = n_rot;
	model_set_origin(m, MF_KIND, "GGUF %s.attention.kv_lora_rank", m->arch);
	model_set_origin(m, MF_QK_ROPE_HEAD_DIM, "GGUF %s.rope.dimension_count", m->arch);
	if (fk && fv) {
		/* Newer files: key_length = kv_lora_rank + rope dims (the cached row),
		 * value_length = kv_lora_rank, head_count_kv = 1; the per-head sizes
		 * are the *_mla keys. */
		struct gguf_kv *kl = find_arch(r, m, "attention.key_length", key, sizeof key);
		if (kl && m->head_dim != m->kv_lora_rank + n_rot)
			return gguf_fail(r, kl->vat, kl->key, "%lld is not kv_lora_rank + rope.dimension_count (%lld + %lld)",
				         (long long)m->head_dim, (long long)m->kv_lora_rank, (long long)n_rot);
		if (k_mla <= n_rot)
			return gguf_fail(r, value_at(r, m, "attention.key_length_mla", key), key,
				         "%lld leaves no room beside %lld RoPE dimensions", (long long)k_mla,
				         (long long)n_rot);
		m->mla_latent_cache = 1;
		model_set_origin(m, MF_LATENT_CACHE, "1: GGUF %s.attention.key_length_mla and value_length_mla", m->arch);
		m->head_dim = k_mla;
		m->head_dim_v = v_mla;
		m->qk_nope_head_dim = k_mla - n_rot;
		m->v_head_dim = v_mla;
		model_set_origin(m, MF_HEAD_DIM, "GGUF %s.attention.key_length_mla", m->arch);
		model_set_origin(m, MF_HEAD_DIM_V, "GGUF %s.attention.value_length_mla", m->arch);
		model_set_origin(m, MF_V_HEAD_DIM, "GGUF %s.attention.value_length_mla", m->arch);
		model_set_origin(m, MF_QK_NOPE_HEAD_DIM, "GGUF %s.attention.key_length_mla - rope.dimension_count",
				 m->arch);
		/* Every query head reads the one latent: as an INI model, kv_heads = heads. */
		for (int64_t il = 0; il < m->layers; il++)
			m->layer_kv_heads[il] = kvh[il] ? (int32_t)m->heads : 0;
		model_set_origin(m, MF_KV_HEADS, "GGUF %s.attention.head_count (MLA: head_count_kv 1 is the latent)",
				 m->arch);
		return 0;
	}
	/* Older files: head_count_kv = heads, key_length = nope + rope, value_length = v. */
	if (m->head_dim <= n_rot)
		return gguf_fail(r, value_at(r, m, "attention.key_length", key), key,
				 "key length %lld leaves no room beside %lld RoPE dimensions", (long long)m->head_dim,
				 (long long)n_rot);
	m->mla_latent_cache = 0;
	model_set_origin(m, MF_LATENT_CACHE, "0: no GGUF %s.attention.key_length_mla (llama.cpp runs it without MLA)",
			 m->arch);
	model_set_origin(m, MF_NOTE, "no GGUF %s.attention.key_length_mla / value_length_mla", m->arch);
	m->qk_nope_head_dim = m->head_dim - n_rot;
	m->v_head_dim = m->head_dim_v;
	model_set_origin(m, MF_QK_NOPE_HEAD_DIM, "GGUF %s.attention.key_length - rope.dimension_count", m->arch);
	model_set_origin(m, MF_V_HEAD_DIM, "GGUF %s.attention.value_length", m->arch);
	snprintf(m->note, sizeof m->note,
		 "no key_length_mla/value_length_mla: llama.cpp runs this file without MLA, caching full K and V "
		 "per head; a re-converted file would cache the latent only");
	return 0;
}

/* src/models/glm-dsa.cpp load_arch_hparams: before GLM-5.2 (n_ctx_train <
 * 1048576) every layer has a full indexer, as DeepSeek-V3.2; from 5.2 on a
 * built-in per-layer table (GLM_5_2_DEFAULT_INDEXER_TYPES) or the file's
 * attention.indexer.types decide, and create_memory's filter_lid keeps the
 * indexer cache on those layers only: attnviz sizes the first case alone. */
static int read_glm_dsa(struct gguf_file *r, const struct model *m)
{
	char key[160];
	struct gguf_kv *k = find_arch(r, m, "attention.indexer.types", key, sizeof key);
	int all_full = m->ctx_train < 1048576;
	if (k) {
		all_full = k->type != GT_ARR ? k->type != GT_STR && !k->big && k->d != 0 : k->arr != NULL;
		for (uint64_t j = 0; k->type == GT_ARR && k->arr && j < k->n && j < (uint64_t)(m->layers - m->nextn_layers); j++)
			all_full &= k->arr[j] != 0;
	}
	if (!all_full)
		return gguf_fail(r, k ? k->vat : value_at(r, m, "context_length", key), k ? k->key : key,
			         "GLM-5.2's per-layer indexer types (some layers without an indexer cache): attnviz does "
			         "not size them");
	return 0;
}

static int read_rope(struct gguf_file *r, struct model *m)
{
	char key[160];
	int f;
	m->rope_base = 10000;   /* llama.cpp's default rope_freq_base_train */
	model_set_origin(m, MF_BASE, "llama.cpp default (10000)");
	if (field_real(r, m, MF_BASE, 1.0000001, 1e12, &m->rope_base) < 0)
		return -1;
	const struct family_swa *rule = swa_rule_of(m);
	m->rope_base_local = m->rope_base;
	model_set_origin(m, MF_BASE_LOCAL, "%s", model_field_origin(m, MF_BASE));
	if (rule && rule->base_local > 0 && m->sliding_window > 0) {
		m->rope_base_local = rule->base_local;
		model_set_origin(m, MF_BASE_LOCAL, "llama.cpp default of %s (rope_freq_base_train_swa %g)", m->arch,
				 rule->base_local);
	}
	if (field_real(r, m, MF_BASE_LOCAL, 1.0000001, 1e12, &m->rope_base_local) < 0)
		return -1;

	/* Scaling: llama.cpp's default type is "linear" with factor 0 (= none). */
	struct gguf_kv *t = find_arch(r, m, "rope.scaling.type", key, sizeof key);
	m->rope_factor = 1;
	model_set_origin(m, MF_FACTOR, "llama.cpp default (no rope.scaling.factor: 1)");
	if ((f = field_real(r, m, MF_FACTOR, 0, 1e6, &m->rope_factor)) < 0)
		return -1;
	if (!f && (f = arch_real(r, m, "rope.scale_linear", MF_FACTOR, 0, 1e6, &m->rope_factor)) < 0)
		return -1;
	if (m->rope_factor == 0)
		m->rope_factor = 1;
	if (t) {
		static const char *const names[] = {"none", "linear", "ntk", "yarn", "llama3", "longrope"};
		if (t->type != GT_STR || !t->s)
			return gguf_fail(r, t->vat, t->key, "is %s, want a string", gguf_type_names[t->type]);
		int found = -1;
		for (int e = 0; e < 6; e++)
			if (!strcmp(t->s, names[e]))
				found = e;
		if (found < 0) {
			char shown[40];
			err_clean(shown, sizeof shown, t->s);
			return gguf_fail(r, t->vat, t->key, "unknown scaling '%s' (none | linear | yarn | longrope)", shown);
		}
		m->scaling = (enum rope_scaling)found;
		model_set_origin(m, MF_SCALING, "GGUF %s", key);
	} else {
		m->scaling = m->rope_factor != 1 ? ROPE_LINEAR : ROPE_NONE;
		model_set_origin(m, MF_SCALING, "llama.cpp default (linear; none when the factor is 1)");
	}
	if (m->scaling == ROPE_NONE)
		m->rope_factor = 1;
	m->orig_ctx = m->ctx_train;
	model_set_origin(m, MF_ORIG_CTX, "GGUF %s.context_length", m->arch);
	if (field_int(r, m, MF_ORIG_CTX, 1, MAX_CTX, &m->orig_ctx) < 0)
		return -1;
	m->beta_fast = MODEL_YARN_BETA_FAST;   /* llama_hparams yarn_beta_fast / yarn_beta_slow */
	m->beta_slow = MODEL_YARN_BETA_SLOW;
	model_set_origin(m, MF_BETA_FAST, "llama.cpp default (%g)", MODEL_YARN_BETA_FAST);
	model_set_origin(m, MF_BETA_SLOW, "llama.cpp default (%g)", MODEL_YARN_BETA_SLOW);
	if (field_real(r, m, MF_BETA_FAST, 0.001, 1e6, &m->beta_fast) < 0 ||
	    field_real(r, m, MF_BETA_SLOW, 0.001, 1e6, &m->beta_slow) < 0)
		return -1;
	if (m->beta_slow > m->beta_fast) {   /* equal: a zero-width ramp (Kimi-K2's 1 and 1) */
		struct gguf_kv *k = find_arch(r, m, "rope.scaling.yarn_beta_slow", key, sizeof key);
		return gguf_fail(r, k ? k->vat : r->off, key, "must not be larger than yarn_beta_fast");
	}
	/* convert_hf_to_gguf writes 0.1 * mscale_all_dim as yarn_log_multiplier. */
	double logmul = 0;
	if ((f = field_real(r, m, MF_MSCALE_ALL_DIM, 0, 1e3, &logmul)) < 0)
		return -1;
	/* in f32, as the key holds it: 0.1f x 10 is 1 again */
	if (f)
		m->yarn_mscale_all_dim = (double)((float)logmul * 10.0f);
	return 0;
}

/*
 * A known architecture's file may carry a cache mechanism's key that
 * llama.cpp's loader for it never reads (arch_keys: a recurrent state, an
 * indexer cache, shared layers, ...; conversion/gemma.py writes
 * shared_kv_layers for every Gemma 3n, src/models/gemma3n.cpp fixes the
 * shared layers itself).  llama.cpp loads such a file as its architecture
 * says, and so does attnviz: the keys are ignored and named in the model's
 * note (buf[len], empty when none).  A value of 0 switches nothing on.
 * key_length_swa / value_length_swa are checked with the head sizes.
 */
static void ignored_mechanisms(struct gguf_file *r, const struct model *m,
			       const struct family *ai, char *buf,
			       size_t len)
{
	char key[160];
	size_t n = 0;
	buf[0] = 0;
	for (size_t i = 0; i < arch_key_count; i++) {
		const struct arch_key *ak = &arch_keys[i];
		struct gguf_kv *k = find_arch(r, m, ak->suffix, key, sizeof key);
		if (!k || (ai->mech & ak->mech) || ak->mech == AM_SWA_HEADS)
			continue;
		int on;
		if (k->type == GT_ARR) {
			on = !k->arr && k->n > 0;   /* too long to keep: not all zero as far as we know */
			for (uint64_t j = 0; k->arr && j < k->n; j++)
				on |= k->arr[j] != 0;
		} else if (k->type == GT_STR) {
			on = !k->s || k->s[0];
		} else {
			on = k->big || k->d != 0;
		}
		if (on && n < len)
			n += (size_t)snprintf(buf + n, len - n, "%s%.60s (%s)",
					      n ? ", " : "", key, ak->what);
	}
}

/* The ignored keys, after whatever else the note says. */
static void note_ignored(struct model *m, const char *keys)
{
	size_t n = strlen(m->note), room = sizeof m->note - n - 1;
	char t[320];
	if (!keys[0] || n + 40 >= sizeof m->note)
		return;
	snprintf(t, sizeof t,
		 "%s%s: not read by llama.cpp's %s loader, ignored",
		 n ? "; " : "", keys, m->arch);
	/* the note's room, at most */
	size_t k = strlen(t) < room ? strlen(t) : room;
	memcpy(m->note + n, t, k);
	m->note[n + k] = 0;
	/* the first key its origin, unless the note had one */
	if (!m->origin[MF_NOTE][0])
		model_set_origin(m, MF_NOTE, "GGUF %s", keys);
}

/* Read everything after the metadata and tensor infos are in. */
static int interpret(struct gguf_file *r, struct model *m, const struct gguf_tensors *tn)
{
	char key[160];
	uint64_t end = tn->end;
	struct gguf_kv *k;

	/* general.* */
	if (!(k = gguf_find(r, "general.architecture")))
		return missing(r, "general.architecture", end);
	if (k->type != GT_STR || !k->s)
		return gguf_fail(r, k->vat, k->key, "is %s, want a short string", gguf_type_names[k->type]);
	if (!k->s[0] || strlen(k->s) >= sizeof m->arch)
		return gguf_fail(r, k->vat, k->key, "'%.40s' is not an architecture name", k->s);
	err_clean(m->arch, sizeof m->arch, k->s);
	/* Never sized as plain attention when llama.cpp builds another memory for it. */
	const struct family *ai = arch_find(m->arch);
	if (!ai) {
		char why[400];
		arch_refusal(m->arch, why, sizeof why);
		return gguf_fail(r, k->vat, k->key, "%s", why);
	}
	model_set_origin(m, MF_ARCH, "GGUF general.architecture");
	char ignored[200];
	ignored_mechanisms(r, m, ai, ignored, sizeof ignored);
	if ((k = gguf_find(r, "general.name")) && k->type == GT_STR && k->s) {
		err_clean(m->name, sizeof m->name, k->s);
		model_set_origin(m, MF_NAME, "GGUF general.name");
	} else {
		snprintf(m->name, sizeof m->name, "%s", m->id);
		model_set_origin(m, MF_NAME, "file name");
	}

	/* Sizes every architecture has. */
	int f;
	if ((f = field_int(r, m, MF_LAYERS, 0, MODEL_MAX_LAYERS, &m->layers)) <= 0)
		return f < 0 ? -1 : missing_arch(r, m, row_suffix(MF_LAYERS), end);
	if (m->layers == 0)
		return gguf_fail(r, value_at(r, m, "block_count", key), key, "zero layers");
	if ((f = field_int(r, m, MF_CTX_TRAIN, 1, MAX_CTX, &m->ctx_train)) <= 0)
		return f < 0 ? -1 : missing_arch(r, m, row_suffix(MF_CTX_TRAIN), end);
	int64_t n_embd = 0;
	if ((f = arch_int(r, m, "embedding_length", MF_COUNT, 1, INT64_C(1) << 24, &n_embd)) <= 0)
		return f < 0 ? -1 : missing_arch(r, m, "embedding_length", end);
	m->embd = n_embd;
	model_set_origin(m, MF_EMBD, "GGUF %s.embedding_length", m->arch);
	/* MoE: an expert's width (expert_feed_forward_length), else the dense
	 * FFN's.  0 is llama.cpp's own default of n_ff_exp (llama-model.cpp
	 * load_hparams fills n_ff_exp_arr with 0), which its saver writes for
	 * every dense model: no experts' width, as when absent. */
	int64_t ff_exp = 0;
	if ((f = arch_int(r, m, "expert_feed_forward_length", MF_COUNT, 0,
			  INT64_C(1) << 24, &ff_exp)) < 0)
		return -1;
	if (f && ff_exp > 0) {
		m->ff = ff_exp;
		model_set_origin(m, MF_FF, "GGUF %s.expert_feed_forward_length",
				 m->arch);
	} else { /* one number, or one per layer (the widest is the one that
		    counts) */
		int64_t ffl[MODEL_MAX_LAYERS] = {0};
		if ((f = arch_layers(r, m, "feed_forward_length", 0, INT64_C(1) << 24, ffl)) < 0)
			return -1;
		for (int64_t il = 0; f && il < m->layers; il++) {
			if (ffl[il] > m->ff)
				m->ff = ffl[il];
			/* n_ff(il), kept where they differ (model_finish) */
			m->layer_ff[il] = (int32_t)ffl[il];
		}
		if (f) {
			model_set_origin(m, MF_FF, "GGUF %s.feed_forward_length", m->arch);
			model_set_origin(m, MF_FF_LAYERS, "GGUF %s.feed_forward_"
					 "length, one a layer", m->arch);
		}
	}

	int64_t heads[MODEL_MAX_LAYERS], kvh[MODEL_MAX_LAYERS];
	if ((f = arch_layers(r, m, "attention.head_count", 0, 65536, heads)) <= 0)
		return f < 0 ? -1 : missing_arch(r, m, "attention.head_count", end);
	m->heads = 0;
	for (int64_t il = 0; il < m->layers; il++)
		if (heads[il] > m->heads)
			m->heads = heads[il];
	model_set_origin(m, MF_HEADS, "GGUF %s.attention.head_count", m->arch);
	if (m->heads == 0 && all_recurrent(ai)) {
		/* conversion/mamba.py writes head_count 0 ("unused"); no layer
		 * attends, one head keeps the model whole */
		for (int64_t il = 0; il < m->layers; il++)
			heads[il] = 1;
		m->heads = 1;
		model_set_origin(m, MF_HEADS, "GGUF %s.attention.head_count 0: "
				 "no attention (llama.cpp %s: every layer "
				 "recurrent), 1 a placeholder", m->arch,
				 m->arch);
	}
	if (m->heads == 0)
		return gguf_fail(r, value_at(r, m, "attention.head_count", key), key, "no attention heads");
	/* n_head_kv defaults to n_head, layer by layer (llama-model.cpp). */
	memcpy(kvh, heads, sizeof kvh);
	model_set_origin(m, MF_KV_HEADS, "GGUF %s.attention.head_count (no head_count_kv: MHA)", m->arch);
	if ((f = arch_layers(r, m, "attention.head_count_kv", 0, 65536, kvh)) < 0)
		return -1;
	if (f)
		model_set_origin(m, MF_KV_HEADS, "GGUF %s.attention.head_count_kv", m->arch);
	if (all_recurrent(ai)) {
		/* whatever the file says, no layer attends: the query heads
		 * stand in, and model_finish drops them from the recurrent
		 * layers */
		memcpy(kvh, heads, sizeof kvh);
		model_set_origin(m, MF_KV_HEADS, "llama.cpp %s: no attention, "
				 "no KV cache", m->arch);
	}
	/* n_head(il) and n_head_kv(il) layer by layer (OpenELM's differ
	 * from layer to layer); each layer's own query heads are kept when
	 * they are not the same on every layer */
	int uniform = 1;
	for (int64_t il = 0; il < m->layers; il++) {
		if (kvh[il] > heads[il] || (kvh[il] > 0 && heads[il] % kvh[il]))
			return gguf_fail(
			    r, value_at(r, m, "attention.head_count_kv", key),
			    key,
			    "layer %lld: %lld KV heads do not divide %lld "
			    "query heads",
			    (long long)il, (long long)kvh[il],
			    (long long)heads[il]);
		uniform &= heads[il] == m->heads;
	}
	for (int64_t il = 0; il < m->layers && !uniform; il++)
		m->layer_heads[il] = (int32_t)heads[il];

	/* Head sizes: n_embd / n_head unless key_length / value_length say. */
	m->head_dim = m->head_dim_v = n_embd / m->heads;
	model_set_origin(m, MF_HEAD_DIM, "GGUF %s.embedding_length / head_count", m->arch);
	model_set_origin(m, MF_HEAD_DIM_V, "GGUF %s.embedding_length / head_count", m->arch);
	if (field_int(r, m, MF_HEAD_DIM, 1, 65536, &m->head_dim) < 0 ||
	    field_int(r, m, MF_HEAD_DIM_V, 1, 65536, &m->head_dim_v) < 0)
		return -1;
	if (m->head_dim == 0)
		return gguf_fail(r, value_at(r, m, "embedding_length", key), key,
			         "smaller than head_count: no head size");
	int64_t n_rot = m->head_dim;
	if ((f = arch_int(r, m, "rope.dimension_count", MF_COUNT, 1, 65536, &n_rot)) < 0)
		return -1;
	/* llama-model.cpp: n_rot = rope.dimension_count, default n_embd_head_k;
	 * fewer than the head with a partial rotary factor (Phi-4-mini 96 of 128) */
	m->rope_dims = n_rot;
	if (f)
		model_set_origin(m, MF_ROPE_DIMS, "GGUF %s.rope.dimension_count", m->arch);
	else
		model_set_origin(m, MF_ROPE_DIMS, "no %s.rope.dimension_count: the whole head", m->arch);
	/* llama-model.cpp load_hparams: n_embd_head_k_swa defaults to the full
	 * layers' size; a file that makes them differ needs per-layer head sizes. */
	int64_t k_swa = m->head_dim, v_swa = m->head_dim_v;
	if (arch_int(r, m, "attention.key_length_swa", MF_COUNT, 1, 65536, &k_swa) < 0 ||
	    arch_int(r, m, "attention.value_length_swa", MF_COUNT, 1, 65536, &v_swa) < 0)
		return -1;
	if (ai->mech & AM_SWA_HEADS) {
		/* llama-hparams.cpp n_embd_head_k(il) / n_embd_head_v(il): is_swa(il) ? *_swa : the full size */
		m->head_dim_swa = k_swa;
		m->head_dim_v_swa = v_swa;
		model_set_origin(m, MF_HEAD_DIM_SWA, "GGUF %s.attention.key_length_swa (default key_length)", m->arch);
		model_set_origin(m, MF_HEAD_DIM_V_SWA, "GGUF %s.attention.value_length_swa (default value_length)", m->arch);
	} else if (k_swa != m->head_dim || v_swa != m->head_dim_v) {
		const char *suffix = k_swa != m->head_dim ? "attention.key_length_swa" : "attention.value_length_swa";
		return gguf_fail(r, value_at(r, m, suffix, key), key,
			         "sliding layers with their own head size for %s: attnviz does not size it for this "
			         "architecture", m->arch);
	}
	/* load_hparams: n_rot_swa = rope.dimension_count_swa, default
	 * n_rot_full; a sliding layer's rope turns at most its head (the
	 * default is model_finish's to check, after n_rot) */
	int64_t n_rot_swa = n_rot;
	if ((f = arch_int(r, m, "rope.dimension_count_swa", MF_COUNT, 1,
			  65536, &n_rot_swa)) < 0)
		return -1;
	if (f && (n_rot_swa > k_swa || n_rot_swa % 2))
		return gguf_fail(r, value_at(r, m, "rope.dimension_count_swa",
					     key),
				 key, "%lld rotated dimensions on a sliding "
				 "layer: want an even number, at most its "
				 "head's %lld", (long long)n_rot_swa,
				 (long long)k_swa);
	m->rope_dims_swa = n_rot_swa;
	if (f)
		model_set_origin(m, MF_ROPE_DIMS_SWA,
				 "GGUF %s.rope.dimension_count_swa", m->arch);
	else
		model_set_origin(m, MF_ROPE_DIMS_SWA,
				 "no %s.rope.dimension_count_swa: "
				 "rope.dimension_count's", m->arch);

	/* Vocabulary: vocab_size, else the tokenizer's token count (as llama.cpp),
	 * else the embedding matrix's rows. */
	if ((f = field_int(r, m, MF_VOCAB, 1, 100000000, &m->vocab)) < 0)
		return -1;
	if (!f) {
		if ((k = gguf_find(r, "tokenizer.ggml.tokens")) && k->type == GT_ARR) {
			if (k->n < 1 || k->n > 100000000)
				return gguf_fail(r, k->vat, k->key, "%llu tokens (1 to 100000000)", (unsigned long long)k->n);
			m->vocab = (int64_t)k->n;
			model_set_origin(m, MF_VOCAB, "GGUF tokenizer.ggml.tokens (array length)");
		} else if (tn->embd_vocab > 0 && tn->embd_vocab <= 100000000) {
			m->vocab = tn->embd_vocab;
			model_set_origin(m, MF_VOCAB, "GGUF tensor token_embd.weight (rows)");
		} else {
			return missing(r, "tokenizer.ggml.tokens", end);
		}
	}

	/* Mixture of experts. */
	model_set_origin(m, MF_EXPERTS, "no %s.expert_count: dense", m->arch);
	model_set_origin(m, MF_EXPERTS_USED, "no %s.expert_used_count: dense", m->arch);
	if (field_int(r, m, MF_EXPERTS, 0, 1 << 20, &m->experts) < 0 ||
	    field_int(r, m, MF_EXPERTS_USED, 0, 1 << 20, &m->experts_used) < 0)
		return -1;
	if (m->experts_used > m->experts || (m->experts > 0 && m->experts_used == 0)) {
		k = find_arch(r, m, "expert_used_count", key, sizeof key);
		if (!k)
			k = find_arch(r, m, "expert_count", key, sizeof key);
		return gguf_fail(r, k->vat, key, "%lld experts used of %lld", (long long)m->experts_used,
			         (long long)m->experts);
	}

	/* Layers, kind. */
	for (int64_t il = 0; il < m->layers; il++)
		m->layer_kv_heads[il] = (int32_t)kvh[il];
	/* a family whose kv_lora_rank compresses the projections only caches
	 * full K and V: read as the plain attention its cache is */
	f = 0;
	if (!(ai->mech & AM_LORA_FULL_KV) &&
	    (f = field_int(r, m, MF_KV_LORA_RANK, 1, 65536, &m->kv_lora_rank)) <
		0)
		return -1;
	if (f) {
		if (read_mla(r, m, n_rot, kvh) < 0)
			return -1;
		/* wq_a / wq_b's rank (llama-model.cpp deepseek2: n_lora_q;
		 * 0 for V2-Lite, whose queries are one wq): the weights */
		if (field_int(r, m, MF_Q_LORA_RANK, 1, 65536, &m->q_lora_rank) <
		    0)
			return -1;
		if ((ai->mech & AM_INDEXER) && !ai->indexer) {
			/* src/models/deepseek32.cpp: indexer.key_length is required;
			 * llama-kv-cache-dsa.cpp caches one K head of that size a token
			 * a layer, no V (hparams.is_mla()). */
			if ((f = field_int(r, m, MF_INDEXER_HEAD_DIM, 1, 65536, &m->indexer_head_dim)) <= 0)
				return f < 0 ? -1 : missing_arch(r, m, row_suffix(MF_INDEXER_HEAD_DIM), end);
			/* indexer.top_k is required too (load_arch_hparams' get_key) */
			if ((f = field_int(r, m, MF_INDEXER_TOP_K, 1, MODEL_MAX_CTX, &m->indexer_top_k)) <= 0)
				return f < 0 ? -1 : missing_arch(r, m, row_suffix(MF_INDEXER_TOP_K), end);
			/* q_lora_rank and indexer.head_count (load_arch_hparams' get_key):
			 * widths in the graph only, so optional here (the compute buffer
			 * is then estimated) */
			if (field_int(r, m, MF_Q_LORA_RANK, 1, 65536, &m->q_lora_rank) < 0 ||
			    field_int(r, m, MF_INDEXER_HEADS, 1, 65536, &m->indexer_heads) < 0)
				return -1;
			if (!m->mla_latent_cache)
				return missing_arch(r, m, "attention.key_length_mla", end);
			if ((ai->mech & AM_INDEXER_TYPES) && read_glm_dsa(r, m) < 0)
				return -1;
		}
	} else {
		int64_t most = 0;
		for (int64_t il = 0; il < m->layers; il++)
			if (kvh[il] > most)
				most = kvh[il];
		m->kind = most == m->heads ? ATTN_MHA : most == 1 ? ATTN_MQA : ATTN_GQA;
		model_set_origin(m, MF_KIND, "GGUF %s.attention.head_count_kv vs head_count", m->arch);
		/* minicpm3.cpp load_arch_hparams: both ranks required, the
		 * projections' widths only (the weights estimate) */
		enum model_field rank = MF_KV_LORA_RANK;
		if ((ai->mech & AM_LORA_FULL_KV) &&
		    ((f = field_int(r, m, rank, 1, 65536,
				    &m->kv_lora_rank)) <= 0 ||
		     (f = field_int(r, m, rank = MF_Q_LORA_RANK, 1, 65536,
				    &m->q_lora_rank)) <= 0))
			return f < 0 ? -1
				     : missing_arch(r, m, row_suffix(rank), end);
		if (ai->mech & AM_LORA_FULL_KV)
			model_set_origin(
			    m, MF_KIND,
			    "GGUF %s.attention."
			    "head_count_kv vs head_count (llama.cpp "
			    "%s: kv_lora_rank in the projections "
			    "only, full K and V cached)",
			    m->arch, m->arch);
	}

	if (read_swa(r, m, end) < 0)
		return -1;
	/* llama-model.cpp create_memory: with n_layer_nextn > 0 the main
	 * context's cache filter keeps il < n_layer() only (the nextn / MTP layers
	 * are the last ones of block_count and get no cells). */
	int64_t nextn = 0;
	if ((f = arch_int(r, m, "nextn_predict_layers", MF_COUNT, 0, m->layers - 1, &nextn)) < 0)
		return -1;
	m->nextn_layers = nextn;   /* model_finish makes those layers LT_NONE */
	if (f)
		model_set_origin(m, MF_NEXTN, "GGUF %s.nextn_predict_layers (filtered out of the cache)", m->arch);
	else
		model_set_origin(m, MF_NEXTN, "no %s.nextn_predict_layers: none", m->arch);
	/* llama-model.cpp LLM_ARCH_LLAMA4: LLM_KV_INTERLEAVE_MOE_LAYER_STEP */
	if (field_int(r, m, MF_MOE_STEP, 1, MODEL_MAX_LAYERS, &m->moe_layer_step) < 0)
		return -1;
	/* LLM_KV_LEADING_DENSE_BLOCK_COUNT where the family's loader reads
	 * it (AM_DENSE_LEAD), LLM_KV_EXPERT_SHARED_COUNT */
	if (((ai->mech & AM_DENSE_LEAD) &&
	     field_int(r, m, MF_DENSE_LEAD, 0, m->layers, &m->dense_lead) < 0) ||
	    field_int(r, m, MF_SHARED_EXPERTS, 0, 65536, &m->shared_experts) < 0)
		return -1;
	if (!(ai->mech & AM_DENSE_LEAD))
		model_set_origin(m, MF_DENSE_LEAD, "none: llama.cpp's %s loader "
				 "reads no leading_dense_block_count", m->arch);
	if (!m->experts && (m->dense_lead || m->shared_experts)) {
		/* a dense model: every layer dense whatever the count says
		 * (src/models/lfm2.cpp sets n_layer_dense_lead = n_layer, and
		 * llama.cpp's saver writes it) */
		m->dense_lead = m->shared_experts = 0;
		model_set_origin(m, MF_DENSE_LEAD, "no %s.expert_count: every "
				 "layer dense", m->arch);
		model_set_origin(m, MF_SHARED_EXPERTS, "no %s.expert_count: "
				 "dense", m->arch);
	}
	/* with leading dense layers, n_ff is theirs beside the experts' n_ff_exp
	 * (LLM_ARCH_DEEPSEEK2 / GLM4_MOE read both) */
	/* and so with Llama 4's interleaved dense layers (src/models/llama4.cpp
	 * load_arch_tensors: ffn_gate {n_embd, n_ff} where not is_moe_layer) */
	if ((m->dense_lead || m->moe_layer_step > 1) &&
	    field_int(r, m, MF_FF_DENSE, 1, INT64_C(1) << 24, &m->ff_dense) < 0)
		return -1;
	/* gemma4's 26B-A4B keeps a dense MLP of n_ff in every layer beside its
	 * experts of n_ff_exp (src/models/gemma4.cpp load_arch_tensors: "normal
	 * FFN as shared expert"); its compute graph runs both */
	if (!m->dense_lead && m->experts && (ai->mech & AM_FFN_BESIDE_EXPERTS) &&
	    field_int(r, m, MF_FF_DENSE, 1, INT64_C(1) << 24, &m->ff_dense) < 0)
		return -1;
	/* and E2B/E4B's per-layer inputs (load_arch_hparams: n_embd_per_layer),
	 * nodes of their own in the compute graph */
	if ((ai->mech & AM_GRAPH_GEMMA4) &&
	    field_int(r, m, MF_EMBD_PER_LAYER, 0, INT64_C(1) << 24, &m->embd_per_layer) < 0)
		return -1;
	if (read_recurrent(r, m, end) < 0)
		return -1;
	if (ai->indexer && read_indexer_apart(r, m, ai->indexer, end) < 0)
		return -1;
	if (ai->compress && read_compress(r, m, ai->compress, end) < 0)
		return -1;
	const struct family_swa *rule = swa_rule_of(m);
	int64_t kv_from = rule ? rule->kv_from_start : 0;
	/* where the shared layers start: gemma3n's fixed (the family's rule),
	 * gemma4's n_layer_all - attention.shared_kv_layers (default 0:
	 * every layer its own; create_memory's reuse asserts at least 2) */
	int64_t shared = 0;
	const char *said_by = "attention.sliding_window_pattern";
	if (ai->mech & AM_SHARED_KV) {
		said_by = "attention.shared_kv_layers";
		if ((f = arch_int(r, m, said_by, MF_COUNT, 0, m->layers - 2,
				  &shared)) < 0)
			return -1;
		kv_from = shared ? m->layers - shared : 0;
	}
	/* the reuse callback points a shared layer at kv_from - 2 (sliding)
	 * or kv_from - 1 (full); llama-kv-cache.cpp aborts unless that layer
	 * is in the same (sliding or full) cache */
	if (kv_from > 1 && m->layers > kv_from &&
	    (m->layer_swa[kv_from - 1] || !m->layer_swa[kv_from - 2])) {
		char head[96] = "";
		if (shared)
			snprintf(head, sizeof head, "%lld shared layers: layer "
				 "%lld must be full and %lld sliding: ",
				 (long long)shared, (long long)(kv_from - 1),
				 (long long)(kv_from - 2));
		return gguf_fail(r, value_at(r, m, said_by, key), key,
				 "%sllama.cpp's %s shares layers %lld on with "
				 "layer %lld (sliding) and %lld (full), or its "
				 "reuse of their caches aborts", head, m->arch,
				 (long long)kv_from, (long long)(kv_from - 2),
				 (long long)(kv_from - 1));
	}
	if (kv_from > 0 && m->layers > kv_from) {
		/* gemma3n, gemma4: the last layers reuse the KV of earlier ones (hparams.has_kv). */
		int64_t il0 = kv_from;
		for (int64_t il = il0; il < m->layers; il++) {
			m->layer_kv_heads[il] = 0;
			m->layer_type[il] = LT_SHARED;
		}
		model_set_origin(m, MF_KV_HEADS, "GGUF %s.attention.head_count_kv; llama.cpp n_layer_kv_from_start %lld",
				 m->arch, (long long)kv_from);
	}
	if ((ai->mech & AM_LOOPS) && read_loops(r, m) < 0)
		return -1;
	if (r->no_tensors)
		goto keys_only;   /* the tensors' part is the caller's */
	model_set_origin(m, MF_SINKS, "no attn_sinks tensor: none");
	if (tn->sinks[0]) {
		m->sinks_learned = 1;
		model_set_origin(m, MF_SINKS, "GGUF tensor %.60s", tn->sinks);
	}
	/* which layers route to experts, where the loader asks the tensors */
	for (int64_t il = 0; (ai->mech & AM_ROUTER_LAYERS) && m->experts > 0 &&
			     il < m->layers && il < (int64_t)sizeof tn->router;
	     il++)
		m->layer_dense_ffn[il] = !tn->router[il];
	if (ai->mech & AM_ROUTER_LAYERS)
		model_set_origin(m, MF_FFN_TYPES, "GGUF tensors "
				 "blk.N.ffn_gate_inp (a layer routes where it "
				 "has one)");
	m->router_bias = tn->has_exp_probs_b;
	model_set_origin(m, MF_ROUTER_BIAS,
			 tn->has_exp_probs_b ? "GGUF tensors exp_probs_b"
					     : "no exp_probs_b tensor");
	/* build_qkv's unfused path: wq, wk, wv apart (the fused attn_qkv
	 * only where a converter writes it, Phi-3's) */
	m->qkv_split = !tn->has_attn_qkv;
	m->tied_embd = !tn->has_output;
	model_set_origin(m, MF_TIED_EMBD,
			 tn->has_output ? "GGUF tensor output.weight"
					: "no output.weight tensor");
keys_only:
	if (read_rope(r, m) < 0)
		return -1;
	if (r->no_tensors)
		goto cache_types;

	/* Parameters, exactly from the tensor infos. */
	if (tn->params <= 0)
		return gguf_fail(r, 8, NULL, "no tensor infos: the parameter count is unknown");
	m->params = (double)tn->params;
	model_set_origin(m, MF_PARAMS, "GGUF tensor infos (sum of every tensor's elements)");
	m->active_params = m->params;
	model_set_origin(m, MF_ACTIVE_PARAMS, "GGUF tensor infos (dense: every tensor)");
	if (m->experts > 0 && tn->expert_params > 0) {
		m->active_params = (double)(tn->params - tn->expert_params) +
				   (double)tn->expert_params * (double)m->experts_used / (double)m->experts;
		model_set_origin(m, MF_ACTIVE_PARAMS, "GGUF tensor infos: *_exps tensors x expert_used_count / expert_count");
	}
	m->params_estimated = 0;
	/* Weights, exactly: ggml_nbytes of every tensor info (gguf_file.c). */
	m->weights_bytes = tn->weights_bytes;
	m->weights_from = WEIGHTS_COUNTED;
	model_set_origin(m, MF_WEIGHTS_BYTES, "GGUF tensor infos (sum of ggml_nbytes, exact)");
cache_types:
	/* llama.cpp's default cache type (common.h: cache_type_k/v = F16). */
	m->k_type = m->v_type = CACHE_F16;
	model_set_origin(m, MF_K_TYPE, "llama.cpp default -ctk f16");
	model_set_origin(m, MF_V_TYPE, "llama.cpp default -ctv f16");
	note_ignored(m, ignored);
	return 0;
}

int gguf_interpret_keys(struct gguf_file *r, struct model *m)
{
	return interpret(r, m, &r->tn);
}

int model_from_gguf_keys(struct model *m, struct gguf_file *r, char *err, size_t errlen)
{
	struct model *tmp = calloc(1, sizeof *tmp);
	int rc = -1;
	if (!tmp) {
		err_set(err, errlen, r->path, 0, NULL, NULL, "out of memory");
		return -1;
	}
	r->err = err;
	r->errlen = errlen;
	snprintf(tmp->path, sizeof tmp->path, "%s", r->path);
	snprintf(tmp->id, sizeof tmp->id, "print_info");
	tmp->format = MODEL_GGUF;
	if (interpret(r, tmp, &r->tn) == 0) {
		snprintf(tmp->source, sizeof tmp->source, "llama.cpp's print_info lines in %.200s", r->path);
		model_set_origin(tmp, MF_SOURCE, "the log's print_info lines");
		if (model_finish(tmp, r->path, err, errlen) == 0) {
			*m = *tmp;
			rc = 0;
		}
	}
	free(tmp);
	return rc;
}

int model_load_gguf(struct model *m, const char *path, char *err, size_t errlen)
{
	struct model *tmp = calloc(1, sizeof *tmp);
	struct gguf_file *r = calloc(1, sizeof *r);
	int rc = -1;
	if (!tmp || !r) {
		err_set(err, errlen, path, 0, NULL, NULL, "out of memory");
		goto out;
	}
	r->fd = -1;
	if (gguf_open(r, path, err, errlen) < 0 || gguf_read_splits(r) < 0)
		goto out;
	snprintf(tmp->path, sizeof tmp->path, "%s", path);
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	err_clean(tmp->id, sizeof tmp->id, base);
	size_t idlen = strlen(tmp->id);
	if (idlen > 5 && !strcmp(tmp->id + idlen - 5, ".gguf"))
		tmp->id[idlen - 5] = 0;
	tmp->format = MODEL_GGUF;
	if (interpret(r, tmp, &r->tn) < 0)
		goto out;
	char shown_base[96];
	err_clean(shown_base, sizeof shown_base, base);
	struct gguf_kv *gn = gguf_find(r, "general.name");
	if (gn && gn->type == GT_STR && gn->s)
		snprintf(tmp->source, sizeof tmp->source, "GGUF header of %s (general.name %.100s)", shown_base,
			 tmp->name);
	else
		snprintf(tmp->source, sizeof tmp->source, "GGUF header of %s", shown_base);
	model_set_origin(tmp, MF_SOURCE, "the GGUF file's name");
	if (model_finish(tmp, path, err, errlen) < 0)
		goto out;
	*m = *tmp;
	rc = 0;
out:
	if (r)
		gguf_close(r);
	free(r);
	free(tmp);
	return rc;
}
