/*
 * export: a loaded model written back as an INI model file (DESIGN section
 * 5), for --export-model.  Whatever the model was read from (INI, GGUF,
 * config.json), loading the output gives the same model: numbers are
 * written with as many digits as they need to read back exactly, per-layer
 * values as one number or a pattern when they are uniform, else as a list.
 * Each value carries a comment saying where it came from.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"
#include "util/err.h"

/* A number as it reads best and back exactly: whole numbers below 1e7 in
 * full, others in the shortest %g form that strtod turns back into v, with
 * the exponent written plainly (8.03e9). */
static void real_text(char *buf, size_t len, double v)
{
	if (v == floor(v) && fabs(v) < 1e7) {
		snprintf(buf, len, "%.0f", v);
		return;
	}
	for (int digits = 1; digits <= 17; digits++) {
		snprintf(buf, len, "%.*g", digits, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	char *e = strchr(buf, 'e');
	if (e) {   /* e+09 -> e9, e-05 -> e-5 */
		char *src = e + 1, *dst = e + 1;
		if (*src == '+')
			src++;
		else if (*src == '-')
			*dst++ = *src++;
		while (*src == '0' && src[1])
			src++;
		memmove(dst, src, strlen(src) + 1);
	}
}

/* One key = value line, with a comment giving the value's origin when a
 * reader recorded one. */
static void put_from(FILE *out, const char *key, const char *value, const char *from)
{
	int n = fprintf(out, "%-16s = %s", key, value);
	if (from && *from)
		fprintf(out, "%*s; %s", n < 38 ? 38 - n : 1, "", from);
	fputc('\n', out);
}

static void put(FILE *out, const struct model *m, enum model_field f, const char *value)
{
	put_from(out, model_fields[f].key, value, model_field_origin(m, f));
}

static void put_int(FILE *out, const struct model *m, enum model_field key, long long v)
{
	char num[32];
	snprintf(num, sizeof num, "%lld", v);
	put(out, m, key, num);
}

static void put_real(FILE *out, const struct model *m, enum model_field key, double v)
{
	char num[40];
	real_text(num, sizeof num, v);
	put(out, m, key, num);
}

static void put_word(FILE *out, const struct model *m, enum model_field key, const char *word)
{
	put(out, m, key, word);
}

/* Text as a value: quoted when it holds a comment character (iniparser
 * keeps ';' and '#' inside double quotes); a double quote becomes '. */
static void put_text(FILE *out, const struct model *m, enum model_field key, const char *text)
{
	char buf[300], quoted[304];
	size_t n = 0;
	int quote = 0;
	for (const char *p = text; *p && n + 1 < sizeof buf; p++) {
		char c = *p == '"' ? '\'' : *p;
		quote |= c == ';' || c == '#' || c == '\'';
		buf[n++] = c;
	}
	buf[n] = 0;
	quote |= n > 0 && (buf[0] == ' ' || buf[n - 1] == ' ');
	snprintf(quoted, sizeof quoted, quote ? "\"%s\"" : "%s", buf);
	put(out, m, key, quoted);
}

/* Layer il's entry of a per-layer list, as text in buf[len]. */
typedef void layer_item_fn(const struct model *m, int64_t il, char *buf, size_t len);

static void kv_heads_item(const struct model *m, int64_t il, char *buf, size_t len)
{
	snprintf(buf, len, "%d", (int)m->layer_kv_heads[il]);
}

static void heads_item(const struct model *m, int64_t il, char *buf, size_t len)
{
	snprintf(buf, len, "%lld", (long long)model_layer(m, il).heads);
}

static void layer_type_item(const struct model *m, int64_t il, char *buf, size_t len)
{
	snprintf(buf, len, "%s", model_layer_type_word((enum layer_type)m->layer_type[il]));
}

static void ff_item(const struct model *m, int64_t il, char *buf, size_t len)
{
	snprintf(buf, len, "%d", (int)m->layer_ff[il]);
}

static void ffn_item(const struct model *m, int64_t il, char *buf, size_t len)
{
	snprintf(buf, len, "%s", model_ffn_type_words[m->layer_dense_ffn[il] != 0]);
}

static void swa_item(const struct model *m, int64_t il, char *buf, size_t len)
{
	snprintf(buf, len, "%s", m->layer_swa[il] ? "sliding" : "full");
}

/* Field f as the per-layer list ITEM,ITEM,...: a run of N equal items is
 * written ITEM*N wherever that is the shorter text, so that a long model's
 * list stays within one INI line (INI_MAX_LINE).  0, or -1 out of memory. */
static int put_layers(FILE *out, const struct model *m, enum model_field f, layer_item_fn *item)
{
	enum { ITEM_MAX = 16 };   /* "-2147483648", "recurrent": the longest items */
	size_t len = (size_t)m->layers * (ITEM_MAX + 1) + 1, at = 0;
	char *list = malloc(len), cur[ITEM_MAX], next[ITEM_MAX], times[24];
	if (!list)
		return -1;
	for (int64_t il = 0, run; il < m->layers; il += run) {
		item(m, il, cur, sizeof cur);
		for (run = 1; il + run < m->layers; run++) {
			item(m, il + run, next, sizeof next);
			if (strcmp(next, cur))
				break;
		}
		int n = snprintf(times, sizeof times, "*%lld", (long long)run);
		if (run > 1 && (size_t)n >= (size_t)(run - 1) * (strlen(cur) + 1))
			run = 1;   /* "8,8" is no longer than "8*2": write the item alone */
		at += (size_t)snprintf(list + at, len - at, "%s%s%s", il ? "," : "", cur, run > 1 ? times : "");
	}
	put(out, m, f, list);
	free(list);
	return 0;
}

int model_export(const struct model *m, FILE *out)
{
	static const char *const formats[] = {"an INI file", "a GGUF file", "a config.json"};
	char path[sizeof m->path];
	err_clean(path, sizeof path, m->path);   /* a newline would end the comment */
	fprintf(out, "; %s, exported by attnviz --export-model from %s:\n; %s\n", m->id,
		formats[m->format <= MODEL_HF_CONFIG ? m->format : 0], path);
	fprintf(out, "; each comment says where the value came from.\n\n[model]\n");
	put_text(out, m, MF_NAME, m->name[0] ? m->name : m->id);   /* the loader needs a name */
	if (m->source[0])
		put_text(out, m, MF_SOURCE, m->source);
	if (m->arch[0])
		put_text(out, m, MF_ARCH, m->arch);
	if (m->note[0])
		put_text(out, m, MF_NOTE, m->note);
	put_real(out, m, MF_PARAMS, m->params);
	put_real(out, m, MF_ACTIVE_PARAMS, m->active_params);
	/* The loader's own estimate (params x 2) and an INI's [weights] type's
	 * bytes are left out: loading the export works them out again, and
	 * says so, as the original did. */
	int typed = m->format == MODEL_INI && m->weights_type[0] &&
		    m->weights_from != WEIGHTS_GIVEN;
	if (!typed && (m->weights_from != WEIGHTS_ESTIMATED ||
		       m->weights_bytes != (int64_t)(m->params * 2)))
		put_int(out, m, MF_WEIGHTS_BYTES, m->weights_bytes);
	put_int(out, m, MF_EXPERTS, m->experts);
	if (m->experts)
		put_int(out, m, MF_EXPERTS_USED, m->experts_used);
	put_int(out, m, MF_LAYERS, m->layers);
	int uniform = 1;
	for (int64_t il = 1; il < m->layers; il++)
		uniform &= model_layer(m, il).heads == model_layer(m, 0).heads;
	if (uniform)
		put_int(out, m, MF_HEADS, m->heads);
	else if (put_layers(out, m, MF_HEADS, heads_item) < 0)
		return -1;
	uniform = 1;
	for (int64_t il = 1; il < m->layers; il++)
		uniform &= m->layer_kv_heads[il] == m->layer_kv_heads[0];
	/* a recurrent model's layers keep none: the placeholder model_finish
	 * gives it (layer_types says every layer is recurrent) */
	if (uniform && !m->layer_kv_heads[0])
		put_int(out, m, MF_KV_HEADS, m->kv_heads);
	else if (uniform)
		put_int(out, m, MF_KV_HEADS, m->layer_kv_heads[0]);
	else if (put_layers(out, m, MF_KV_HEADS, kv_heads_item) < 0)
		return -1;
	put_int(out, m, MF_HEAD_DIM, m->head_dim);
	put_int(out, m, MF_HEAD_DIM_V, m->head_dim_v);
	put_int(out, m, MF_VOCAB, m->vocab);
	put_int(out, m, MF_CTX_TRAIN, m->ctx_train);
	put_int(out, m, MF_TIED_EMBD, m->tied_embd);
	if (m->router_bias)
		put_int(out, m, MF_ROUTER_BIAS, m->router_bias);
	if (m->nextn_layers)
		put_int(out, m, MF_NEXTN, m->nextn_layers);
	if (m->moe_layer_step)
		put_int(out, m, MF_MOE_STEP, m->moe_layer_step);
	if (m->dense_lead)
		put_int(out, m, MF_DENSE_LEAD, m->dense_lead);
	if (m->shared_experts)
		put_int(out, m, MF_SHARED_EXPERTS, m->shared_experts);
	int per_ff = 0;
	for (int64_t il = 0; il < m->layers; il++)
		per_ff |= m->layer_ff[il] != 0;
	if (per_ff && put_layers(out, m, MF_FF_LAYERS, ff_item) < 0)
		return -1;
	int dense_ffn = 0;
	for (int64_t il = 0; il < m->layers; il++)
		dense_ffn |= m->layer_dense_ffn[il];
	if (m->experts && dense_ffn &&
	    put_layers(out, m, MF_FFN_TYPES, ffn_item) < 0)
		return -1;
	if (m->embd)
		put_int(out, m, MF_EMBD, m->embd);
	if (m->ff)
		put_int(out, m, MF_FF, m->ff);
	if (m->ff_dense)
		put_int(out, m, MF_FF_DENSE, m->ff_dense);
	if (m->embd_per_layer)
		put_int(out, m, MF_EMBD_PER_LAYER, m->embd_per_layer);

	fprintf(out, "\n[attention]\n");
	put_word(out, m, MF_KIND, model_kind_word(m->kind));
	put_int(out, m, MF_SLIDING_WINDOW, m->sliding_window);
	/* Chunked, recurrent and shared layers only a per-layer list says. */
	int kinds = 0;
	for (int64_t il = 0; il < m->layers; il++)
		kinds |= m->layer_type[il] == LT_CHUNKED || m->layer_type[il] == LT_RECURRENT ||
			 m->layer_type[il] == LT_SHARED;
	if (kinds) {
		if (put_layers(out, m, MF_LAYER_TYPES, layer_type_item) < 0)
			return -1;
		if (m->sliding_window)
			put_int(out, m, MF_WINDOW_USED, !m->swa_ignored);
	} else if (m->sliding_window) {
		int64_t n = model_swa_pattern_of(m);
		if (n == m->swa_pattern) {
			put_int(out, m, MF_SWA_PATTERN, n);
		} else if (n >= 0) {   /* a reader's per-layer flags that a pattern gives exactly */
			char num[24];
			snprintf(num, sizeof num, "%lld", (long long)n);
			put_from(out, model_fields[MF_SWA_PATTERN].key, num, "the same layers as the per-layer flags read");
		} else if (put_layers(out, m, MF_LAYER_TYPES, swa_item) < 0) {
			return -1;
		}
		put_int(out, m, MF_WINDOW_USED, !m->swa_ignored);
	}
	put_word(out, m, MF_SINKS, m->sinks_learned ? "learned" : "none");
	if (m->head_dim_swa != m->head_dim)
		put_int(out, m, MF_HEAD_DIM_SWA, m->head_dim_swa);
	if (m->head_dim_v_swa != m->head_dim_v)
		put_int(out, m, MF_HEAD_DIM_V_SWA, m->head_dim_v_swa);

	if (m->kind == ATTN_MLA) {
		fprintf(out, "\n[mla]\n");
		put_int(out, m, MF_KV_LORA_RANK, m->kv_lora_rank);
		put_int(out, m, MF_QK_ROPE_HEAD_DIM, m->qk_rope_head_dim);
		put_int(out, m, MF_QK_NOPE_HEAD_DIM, m->qk_nope_head_dim);
		put_int(out, m, MF_V_HEAD_DIM, m->v_head_dim);
		put_int(out, m, MF_LATENT_CACHE, m->mla_latent_cache);
		if (m->indexer_head_dim)
			put_int(out, m, MF_INDEXER_HEAD_DIM, m->indexer_head_dim);
		if (m->indexer_top_k)
			put_int(out, m, MF_INDEXER_TOP_K, m->indexer_top_k);
		if (m->q_lora_rank)
			put_int(out, m, MF_Q_LORA_RANK, m->q_lora_rank);
		if (m->indexer_heads)
			put_int(out, m, MF_INDEXER_HEADS, m->indexer_heads);
	}
	if (model_layers_of(m, LT_RECURRENT) || m->ssm_parallel) {
		static const enum model_field state[] = {
		    MF_SSM_D_CONV,   MF_SSM_D_INNER, MF_SSM_D_STATE,
		    MF_SSM_N_GROUP,  MF_SSM_DT_RANK, MF_SHORTCONV_L_CACHE,
		    MF_KDA_HEAD_DIM, MF_PLE_STATE};
		fprintf(out, "\n[recurrent]\n");
		for (size_t i = 0; i < sizeof state / sizeof state[0]; i++) {
			int64_t v = *(const int64_t *)(const void *)((const char *)m + model_fields[state[i]].off);
			if (v)
				put_int(out, m, state[i], v);
		}
		if (m->ssm_parallel)
			put_int(out, m, MF_SSM_PARALLEL, 1);
	}

	fprintf(out, "\n[rope]\n");
	put_real(out, m, MF_BASE, m->rope_base);
	put_real(out, m, MF_BASE_LOCAL, m->rope_base_local);
	put_word(out, m, MF_SCALING, model_scaling_word(m->scaling));
	put_real(out, m, MF_FACTOR, m->rope_factor);
	put_int(out, m, MF_ORIG_CTX, m->orig_ctx);
	put_real(out, m, MF_BETA_FAST, m->beta_fast);
	put_real(out, m, MF_BETA_SLOW, m->beta_slow);
	if (m->yarn_mscale > 0)
		put_real(out, m, MF_MSCALE, m->yarn_mscale);
	if (m->yarn_mscale_all_dim > 0)
		put_real(out, m, MF_MSCALE_ALL_DIM, m->yarn_mscale_all_dim);
	if (m->low_freq_factor > 0)
		put_real(out, m, MF_LOW_FREQ_FACTOR, m->low_freq_factor);
	if (m->high_freq_factor > 0)
		put_real(out, m, MF_HIGH_FREQ_FACTOR, m->high_freq_factor);
	/* partial rotary only: a whole head is the default */
	int64_t whole = m->kind == ATTN_MLA ? m->qk_rope_head_dim : m->head_dim;
	if (m->rope_dims != whole)
		put_int(out, m, MF_ROPE_DIMS, m->rope_dims);
	/* where it differs from what an INI without it takes (model_finish:
	 * the sliding head whole when dims is the whole head, else dims) */
	int64_t whole_swa = m->kind == ATTN_MLA ? whole : m->head_dim_swa;
	if (m->rope_dims_swa != (m->rope_dims == whole ? whole_swa : m->rope_dims))
		put_int(out, m, MF_ROPE_DIMS_SWA, m->rope_dims_swa);

	fprintf(out, "\n[cache]\n");
	put_word(out, m, MF_K_TYPE, model_cache_name(m->k_type));
	put_word(out, m, MF_V_TYPE, model_cache_name(m->v_type));
	if (m->weights_type[0]) {
		fprintf(out, "\n[weights]\n");
		put_text(out, m, MF_WEIGHTS_TYPE, m->weights_type);
	}
	return ferror(out) ? -1 : 0;
}
