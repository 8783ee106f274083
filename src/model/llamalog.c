/*
 * llamalog: a llama.cpp log read line by line into its memory lines, the
 * deployment of each context and the model's print_info lines (the formats
 * are listed in llamalog.h).  Text from the log is only ever compared,
 * scanned with fixed formats and copied (cleaned) into bounded fields.
 */
#include "model/llamalog.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "model/gguf.h"
#include "model/gguf_file.h"
#include "util/err.h"

/* Copy at most LLOG_TEXT-1 bytes of a token (up to a space, ',' or ')'). */
static const char *token(const char *p, char *out, size_t len)
{
	size_t n = 0;
	while (*p == ' ')
		p++;
	while (*p && *p != ' ' && *p != ',' && *p != ')' && *p != '(') {
		if (n + 1 < len)
			out[n++] = *p;
		p++;
	}
	out[n] = 0;
	return p;
}

/* The text after "tag" when the line contains it, else NULL. */
static const char *after(const char *line, const char *tag)
{
	const char *p = strstr(line, tag);
	return p ? p + strlen(tag) : NULL;
}

/* A whole non-negative number at p (spaces skipped), or -1. */
static int64_t number(const char *p, const char **end)
{
	int64_t v = 0;
	while (*p == ' ')
		p++;
	if (*p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (v > (INT64_MAX - 9) / 10)
			return -1;
		v = v * 10 + (*p - '0');
	}
	if (end)
		*end = p;
	return v;
}

/* A count that is the whole of text (a token), or -1. */
static int64_t whole_number(const char *text)
{
	const char *end;
	int64_t v = number(text, &end);
	return v >= 0 && *end == 0 ? v : -1;
}

/* "512.00" as printed with %.2f: digits, a point, two digits. */
static int mib_text(const char *p, char *out)
{
	const char *s;
	while (*p == ' ')
		p++;
	s = p;
	while (*p >= '0' && *p <= '9')
		p++;
	if (p == s || *p != '.' || p[1] < '0' || p[1] > '9' || p[2] < '0' || p[2] > '9' || p - s > 20)
		return -1;
	memcpy(out, s, (size_t)(p + 3 - s));
	out[p + 3 - s] = 0;
	return 0;
}

/* A context whose numbers the log has not given yet (-1: not in the log). */
static struct llog_ctx new_ctx(const struct llog *g)
{
	return (struct llog_ctx){.line = g->lines, .model = g->models, .n_seq_max = -1, .n_ctx = -1, .n_ctx_seq = -1,
				 .n_batch = -1, .n_ubatch = -1, .flash_attn = -1, .kv_unified = -1};
}

static struct llog_ctx *cur_ctx(struct llog *g)
{
	if (g->nctx == 0) {   /* a log cut above the constructor's first line */
		g->nctx = 1;
		g->ctx[0] = new_ctx(g);
	}
	return &g->ctx[g->nctx - 1];
}

static struct llog_mem *new_mem(struct llog *g, enum llog_kind kind)
{
	if (g->nmem >= LLOG_MAX_MEM) {
		g->dropped++;
		return NULL;
	}
	struct llog_mem *m = &g->mem[g->nmem++];
	memset(m, 0, sizeof *m);
	m->line = g->lines;
	/* The weights are loaded before the context that uses them is made. */
	m->ctx = kind == LLOG_WEIGHTS ? g->nctx : g->nctx ? g->nctx - 1 : 0;
	m->kind = kind;
	m->cache = LLOG_PLAIN;
	/* The KV line after "creating non-SWA" / "creating SWA" belongs to that cache. */
	for (int i = g->nmem - 2; i >= 0 && g->mem[i].ctx == m->ctx; i--)
		if (g->mem[i].kind == LLOG_BASE_CELLS || g->mem[i].kind == LLOG_SWA_CELLS) {
			m->cache = g->mem[i].kind == LLOG_BASE_CELLS ? LLOG_BASE : LLOG_SWA;
			break;
		}
	return m;
}

/* A memory line (or a llama_context number) recognised by its tag whose
 * values cannot be read: kept, as unreadable, in the current context. */
static void unreadable(struct llog *g, const char *what)
{
	struct llog_mem *m = new_mem(g, LLOG_UNREADABLE);
	if (m)
		snprintf(m->why, sizeof m->why, "%.100s%s", what,
			 g->cut ? " (the line is longer than 1024 bytes)"
				: " (cut, run into another line, or out of "
				  "range)");
}

/* "... <DEV> <what> buffer size = <MiB> MiB": the device is the word before what. */
static void buffer_line(struct llog *g, const char *body, const char *what, enum llog_kind kind)
{
	const char *w = strstr(body, what), *p = after(body, "buffer size =");
	char mib[LLOG_TEXT];
	if (!w || !p)
		return;
	if (mib_text(p, mib) < 0) {
		unreadable(g, "a buffer size that is not MiB as llama.cpp "
			      "prints it");
		return;
	}
	struct llog_mem *m = new_mem(g, kind);
	if (!m)
		return;
	snprintf(m->mib, sizeof m->mib, "%s", mib);
	const char *e = w;
	while (e > body && e[-1] == ' ')
		e--;
	const char *s = e;
	while (s > body && s[-1] != ' ' && s[-1] != ':')
		s--;
	size_t n = (size_t)(e - s) < sizeof m->dev - 1 ? (size_t)(e - s) : sizeof m->dev - 1;
	char dev[LLOG_TEXT];
	memcpy(dev, s, n);
	dev[n] = 0;
	err_clean(m->dev, sizeof m->dev, n ? dev : "?");
}

/* llama_kv_cache: size = %7.2f MiB (%6u cells, %3d layers, %2u/%u seqs), K (%s): %7.2f MiB, V (%s): %7.2f MiB */
static int kv_size_line(struct llog *g, const char *p)
{
	struct llog_mem t = {0};
	const char *q;
	char word[LLOG_TEXT];
	if (mib_text(p, t.mib) < 0 || !(q = strchr(p, '(')))
		return -1;
	if ((t.cells = number(q + 1, &q)) < 0 || strncmp(q, " cells,", 7) || (t.layers = number(q + 7, &q)) < 0 ||
	    strncmp(q, " layers,", 8) || (t.seqs = number(q + 8, &q)) < 0)
		return -1;
	/* "%2u/%u seqs": sequences and streams; before streams (2025) "%2u seqs", one stream */
	int old = *q != '/';
	t.streams = 1;
	if (!old && (t.streams = number(q + 1, &q)) < 0)
		return -1;
	if (strncmp(q, " seqs), K (", 11))
		return -1;
	q = token(q + 11, t.k_type, sizeof t.k_type);
	if (strncmp(q, "): ", 3) || mib_text(q + 3, t.k_mib) < 0 || !(q = strstr(q, "MiB, V (")))
		return -1;
	q = token(q + 8, word, sizeof word);
	snprintf(t.v_type, sizeof t.v_type, "%s", word);
	if (strncmp(q, "): ", 3) || mib_text(q + 3, t.v_mib) < 0)
		return -1;
	struct llog_mem *m = new_mem(g, LLOG_KV_SIZE);
	if (!m)
		return 0;
	cur_ctx(g)->old_kv_line |= old;
	t.line = m->line;
	t.ctx = m->ctx;
	t.kind = m->kind;
	t.cache = m->cache;
	*m = t;
	return 0;
}

/* "llama_context: n_ctx = 4096" and the other constructor lines. */
static void ctx_line(struct llog *g, const char *p)
{
	static const struct {
		const char *key;
		size_t off;
	} nums[] = {
		{"n_seq_max", offsetof(struct llog_ctx, n_seq_max)}, {"n_ctx", offsetof(struct llog_ctx, n_ctx)},
		{"n_ctx_seq", offsetof(struct llog_ctx, n_ctx_seq)}, {"n_batch", offsetof(struct llog_ctx, n_batch)},
		{"n_ubatch", offsetof(struct llog_ctx, n_ubatch)},
	};
	char key[LLOG_TEXT], val[LLOG_TEXT];
	if (!strncmp(p, "constructing llama_context", 26)) {
		if (g->nctx >= LLOG_MAX_CTX) {
			g->dropped++;
			return;
		}
		g->nctx++;
		g->ctx[g->nctx - 1] = new_ctx(g);
		return;
	}
	p = token(p, key, sizeof key);
	while (*p == ' ')
		p++;
	int num = -1;
	for (size_t i = 0; i < sizeof nums / sizeof nums[0]; i++)
		num = !strcmp(key, nums[i].key) ? (int)i : num;
	if (!strcmp(key, "n_ctx_per_seq"))
		num = 2; /* the name of n_ctx_seq before 2025 */
	/* "n_ctx" and nothing after it: the line was cut ("n_ctx_seq (4096) <
	 * n_ctx_train" is another line, and read as none) */
	if (num >= 0 && (*p == 0 || (*p != '=' && g->cut))) {
		*(int64_t *)((char *)cur_ctx(g) + nums[num].off) = LLOG_BAD;
		if (!cur_ctx(g)->bad_line)
			cur_ctx(g)->bad_line = g->lines;
		unreadable(g, "a llama_context number that is not there");
		return;
	}
	if (*p != '=')
		return;
	token(p + 1, val, sizeof val);
	struct llog_ctx *c = cur_ctx(g);
	if (num >= 0) {
		int64_t v = whole_number(val);
		*(int64_t *)((char *)c + nums[num].off) = v < 0 ? LLOG_BAD : v;
		if (v < 0) { /* negative, past 2^63, or not a number */
			char what[80], shown[24];
			err_clean(shown, sizeof shown, val);
			snprintf(what, sizeof what, "%s: '%s' is not a count",
				 nums[num].key, shown);
			if (!c->bad_line)
				c->bad_line = g->lines;
			unreadable(g, what);
		} else if (num == 2) { /* n_ctx_seq: the cells of a stream */
			struct llog_mem *m = new_mem(g, LLOG_CTX_SEQ);
			if (m) {
				m->cells = v;
				snprintf(m->mib, sizeof m->mib, "%lld",
					 (long long)v);
			}
		}
	}
	if (!strcmp(key, "flash_attn"))   /* "enabled" / "disabled" / "auto"; "1" / "0" before 2025 */
		c->flash_attn = !strcmp(val, "enabled") || !strcmp(val, "1") ? 1
				: !strcmp(val, "disabled") || !strcmp(val, "0") ? 0
										  : -1;
	else if (!strcmp(key, "kv_unified"))
		c->kv_unified = !strcmp(val, "true") ? 1 : !strcmp(val, "false") ? 0 : -1;
}

static void info_line(struct llog *g, const char *p)
{
	const char *eq = strstr(p, " = ");
	if (!eq)
		return;
	size_t n = (size_t)(eq - p);
	while (n && p[n - 1] == ' ')
		n--;
	char key[LLOG_TEXT];
	if (n == 0 || n >= sizeof key)
		return;
	memcpy(key, p, n);
	key[n] = 0;
	if (!strcmp(key, "arch"))
		g->models++;
	if (g->models > 1 || g->ninfo >= LLOG_MAX_INFO)   /* only the first model's */
		return;
	struct llog_info *i = &g->info[g->ninfo++];
	err_clean(i->key, sizeof i->key, key);
	err_clean(i->val, sizeof i->val, eq + 3);
	size_t l = strlen(i->val);
	while (l && i->val[l - 1] == ' ')
		i->val[--l] = 0;
	i->line = g->lines;
}

/* One line, colour codes and CR already gone. */
static void one_line(struct llog *g, const char *l)
{
	const char *p;
	int tagged = 1;
	if ((p = after(l, "print_info: ")))
		info_line(g, p);
	else if ((p = after(l, "llama_kv_cache_iswa: ")) || (p = after(l, "llama_kv_cache_unified_iswa: "))) {
		int64_t n;
		const char *end;
		int base =
			!strncmp(p, "creating non-SWA KV cache, size = ", 34);
		if (base ||
		    !strncmp(p, "creating     SWA KV cache, size = ", 34)) {
			struct llog_mem *m = NULL;
			if ((n = number(p + 34, &end)) < 0 ||
			    strncmp(end, " cells", 6))
				unreadable(g, "an iSWA cache's cells that do "
					      "not read as a count");
			else if ((m = new_mem(g, base ? LLOG_BASE_CELLS
						      : LLOG_SWA_CELLS))) {
				m->cells = n;
				snprintf(m->mib, sizeof m->mib, "%lld", (long long)n);
			}
		} else if (strstr(p, "using full-size SWA cache")) {
			cur_ctx(g)->swa_full = 1;
		}
	} else if ((p = after(l, "llama_kv_cache: ")) || (p = after(l, "llama_kv_cache_unified: "))) {
		/* llama_kv_cache_unified: the same lines before llama.cpp renamed the class (2025) */
		if (!strncmp(p, "size = ", 7) && kv_size_line(g, p + 7) < 0)
			unreadable(g, "a KV cache size line that does not read "
				      "as llama.cpp prints it");
		else if (strstr(p, " KV buffer size ="))
			buffer_line(g, p, "KV buffer", LLOG_KV_BUFFER);
	} else if ((p = after(l, "llama_memory_recurrent: "))) {
		if (!strncmp(p, "size = ", 7) || strstr(p, " RS buffer size =")) {
			char mib[LLOG_TEXT];
			struct llog_mem *m;
			if (mib_text(!strncmp(p, "size = ", 7)
					     ? p + 7
					     : strstr(p, "size =") + 6,
				     mib) < 0)
				unreadable(g, "a recurrent state size that is "
					      "not MiB as llama.cpp prints it");
			else if ((m = new_mem(g, LLOG_RECURRENT)))
				snprintf(m->mib, sizeof m->mib, "%s", mib);
		}
	} else if ((p = after(l, "llama_context: "))) {
		if (strstr(p, " output buffer size ="))
			buffer_line(g, p, "output buffer", LLOG_OUTPUT);
		else if (strstr(p, " compute buffer size ="))
			buffer_line(g, p, "compute buffer", LLOG_COMPUTE);
		else
			ctx_line(g, p);
	} else if ((p = after(l, "sched_reserve: ")) || (p = after(l, "graph_reserve: "))) {
		if (strstr(p, " compute buffer size ="))
			buffer_line(g, p, "compute buffer", LLOG_COMPUTE);
	} else if ((p = after(l, "load_tensors: "))) {
		if (strstr(p, " model buffer size ="))
			buffer_line(g, p, "model buffer", LLOG_WEIGHTS);
	} else if ((p = after(l, "llama_init_from_model: ")) || (p = after(l, "llama_new_context_with_model: "))) {
		struct llog_ctx *c = cur_ctx(g);
		if (!c->refused[0] && strncmp(p, "n_ctx", 5)) {
			err_clean(c->refused, sizeof c->refused, p);
			c->refused_line = g->lines;
		}
	} else if ((p = after(l, "llama_model_loader: loaded meta data with "))) {
		const char *f = strstr(p, " from "), *v = f ? strstr(f, " (version ") : NULL;
		if (f && v && !g->gguf_path[0] && (size_t)(v - f - 6) < sizeof g->gguf_path) {
			memcpy(g->gguf_path, f + 6, (size_t)(v - f - 6));
			g->gguf_path[v - f - 6] = 0;
			g->gguf_line = g->lines;
		}
	} else if ((p = after(l, "Flash Attention "))) {
		/* resolve_fused_ops: Flash Attention enabled / not supported (flash_attn auto) */
		struct llog_ctx *c = cur_ctx(g);
		if (c->flash_attn < 0)
			c->flash_attn = !strncmp(p, "enabled", 7);
	} else {
		tagged = strstr(l, "llama_") != NULL;
	}
	g->tagged += tagged;
}

/* Drop ANSI escape sequences (ESC [ ... final byte, or ESC and one byte). */
static void strip(char *s)
{
	char *w = s;
	for (char *r = s; *r; r++) {
		if (*r == 0x1b) {
			if (r[1] == '[') {
				r += 2;
				while (*r && !(*r >= 0x40 && *r <= 0x7e))
					r++;
				if (!*r)
					break;
			} else if (r[1]) {
				r++;
			}
			continue;
		}
		if (*r == '\r' && (r[1] == 0 || r[1] == '\n'))
			continue;
		*w++ = *r;
	}
	*w = 0;
}

int llog_read(struct llog *g, FILE *f)
{
	char line[LLOG_LINE_MAX];
	size_t n = 0;
	long long bytes = 0;
	int c, any = 0;
	memset(g, 0, sizeof *g);
	while ((c = getc(f)) != EOF || n || any) {
		/* a NUL byte or a size no log has: binary (/dev/zero,
		 * /dev/urandom), stop */
		if (c == 0)
			g->nul = 1;
		if (++bytes > LLOG_MAX_BYTES)
			g->too_big = 1;
		if (g->nul || g->too_big)
			return -1;
		if (c != EOF && c != '\n') {
			if (n + 1 < sizeof line)
				line[n++] = (char)c;
			else
				g->cut = 1;
			any = 1;
			continue;
		}
		line[n] = 0;
		g->lines++;
		strip(line);
		int tagged = g->tagged;
		one_line(g, line);
		/* a long line of llama.cpp's (one of the prompt's is no matter)
		 */
		g->overlong += g->cut && g->tagged > tagged;
		n = 0;
		any = 0;
		g->cut = 0;
		if (c == EOF)
			break;
	}
	/* A log has the model's or a context's lines. */
	return g->ninfo > 0 || g->nctx > 0 || g->nmem > 0 ? 0 : -1;
}

const char *llog_info(const struct llog *g, const char *key, int *line)
{
	for (int i = 0; i < g->ninfo; i++)
		if (!strcmp(g->info[i].key, key)) {
			if (line)
				*line = g->info[i].line;
			return g->info[i].val;
		}
	return NULL;
}

int llog_cache_type(const char *name, enum cache_type *t)
{
	for (int c = CACHE_F32; c <= CACHE_IQ4_NL; c++)
		if (!strcmp(name, model_cache_name((enum cache_type)c))) {
			*t = (enum cache_type)c;
			return 0;
		}
	return -1;
}

/* ---- the model of the print_info lines ---- */

/*
 * print_info prints llama.cpp's hparams (llama-model.cpp print_info); each
 * was read from one GGUF key (llama-model.cpp load_hparams, llama-arch.cpp
 * LLM_KV_*).  Mapped back, the GGUF reader's rules apply to them unchanged
 * (family defaults such as the SWA pattern, MLA, shared-KV layers).
 */
static const struct {
	const char *info, *suffix;
	int real;
} keymap[] = {
	{"n_layer_all", "block_count", 0},      /* every block, nextn included (n_layer excludes them) */
	{"n_ctx_train", "context_length", 0},
	{"n_embd", "embedding_length", 0},
	{"n_ff", "feed_forward_length", 0},
	{"n_ff_exp", "expert_feed_forward_length", 0},
	{"n_head", "attention.head_count", 0},
	{"n_head_kv", "attention.head_count_kv", 0},
	{"n_embd_head_k", "attention.key_length", 0},
	{"n_embd_head_v", "attention.value_length", 0},
	{"n_rot", "rope.dimension_count", 0},
	/* printed when the model has a window (swa_type not NONE) */
	{"n_embd_head_k_swa", "attention.key_length_swa", 0},
	{"n_embd_head_v_swa", "attention.value_length_swa", 0},
	{"n_rot_swa", "rope.dimension_count_swa", 0},
	{"n_swa", "attention.sliding_window", 0},
	{"n_vocab", "vocab_size", 0},
	{"n_expert", "expert_count", 0},
	{"n_expert_used", "expert_used_count", 0},
	{"n_lora_kv", "attention.kv_lora_rank", 0},
	{"n_embd_head_k_mla", "attention.key_length_mla", 0},
	{"n_embd_head_v_mla", "attention.value_length_mla", 0},
	{"freq_base_train", "rope.freq_base", 1},
};

/* A number or a "[a, b, c]" list (print_f: one value when all layers agree). */
static int put_value(struct gguf_kv *k, const char *val, int real)
{
	if (val[0] == '[') {
		double *a = calloc(MODEL_MAX_LAYERS, sizeof *a);
		uint64_t n = 0;
		const char *p = val + 1;
		if (!a)
			return -1;
		for (;;) {
			int64_t v = number(p, &p);
			if (v < 0 || n >= MODEL_MAX_LAYERS) {
				free(a);
				return -1;
			}
			a[n++] = (double)v;
			while (*p == ' ')
				p++;
			if (*p == ']' && p[1] == 0)
				break;
			if (*p != ',') {
				free(a);
				return -1;
			}
			p++;
		}
		k->type = GT_ARR;
		k->atype = GT_U32;
		k->n = n;
		k->arr = a;
		return 0;
	}
	char *end;
	double d = strtod(val, &end);
	if (end == val || *end || !(d >= 0 && d < 1e18))
		return -1;
	k->d = d;
	if (!real && d == (double)(int64_t)d) {
		k->type = GT_U32;
		k->i = (int64_t)d;
	} else {
		k->type = GT_F32;
	}
	return 0;
}

static struct gguf_kv *add_key(struct gguf_file *r, const char *key, int line)
{
	struct gguf_kv *k = &r->kvs[r->nkv++];
	memset(k, 0, sizeof *k);
	k->key = malloc(strlen(key) + 1);
	if (k->key)
		strcpy(k->key, key);
	k->at = k->vat = (uint64_t)line;
	return k;
}

static int bad_line(char *err, size_t errlen, const char *where, int line, const char *key, const char *val)
{
	err_set(err, errlen, where, line, NULL, key, "'%.60s' is not a number or a list of numbers", val);
	return -1;
}

int llog_model(const struct llog *g, const char *where, struct model *m, char *err, size_t errlen)
{
	struct gguf_file *r = calloc(1, sizeof *r);
	int line = 0, rc = -1;
	const char *arch = llog_info(g, "arch", &line), *v;
	if (err && errlen)
		err[0] = 0;
	if (!r) {
		err_set(err, errlen, where, 0, NULL, NULL, "out of memory");
		return -1;
	}
	r->fd = -1;
	r->path = where;
	r->at_is_line = 1;
	r->kvs = calloc(sizeof keymap / sizeof keymap[0] + 4, sizeof *r->kvs);
	if (!r->kvs)
		goto out;
	if (!arch || !arch[0]) {
		err_set(err, errlen, where, 0, NULL, NULL, "no print_info: arch line: the model is not in the log (give -m MODEL)");
		goto out;
	}
	struct gguf_kv *k = add_key(r, "general.architecture", line);
	k->type = GT_STR;
	k->s = malloc(strlen(arch) + 1);
	if (!k->key || !k->s)
		goto out;
	strcpy(k->s, arch);
	if ((v = llog_info(g, "general.name", &line)) && strcmp(v, "n/a")) {
		k = add_key(r, "general.name", line);
		k->type = GT_STR;
		if ((k->s = malloc(strlen(v) + 1)))
			strcpy(k->s, v);
	}
	/* MLA: llama.cpp prints n_embd_head_k as n_embd_head_k_mla when the file has no *_mla keys
	 * (llama-hparams.h n_embd_head_k_mla(): is_mla() ? ... : n_embd_head_k), so they are keys only
	 * when they differ from the plain head sizes. */
	const char *hk = llog_info(g, "n_embd_head_k", NULL), *hv = llog_info(g, "n_embd_head_v", NULL);
	const char *mk = llog_info(g, "n_embd_head_k_mla", NULL), *mv = llog_info(g, "n_embd_head_v_mla", NULL);
	int is_mla = mk && mv && hk && hv && (strcmp(mk, hk) || strcmp(mv, hv));
	char key[160];
	for (size_t i = 0; i < sizeof keymap / sizeof keymap[0]; i++) {
		v = llog_info(g, keymap[i].info, &line);
		if (!v && !strcmp(keymap[i].info, "n_layer_all"))
			v = llog_info(g, "n_layer", &line);   /* older llama.cpp prints n_layer only */
		if (!v)
			continue;
		/* A zero n_swa, n_lora_kv or expert count is llama.cpp's "none": no key. */
		if (!strcmp(v, "0") && (!strcmp(keymap[i].info, "n_swa") || !strcmp(keymap[i].info, "n_lora_kv") ||
					!strncmp(keymap[i].info, "n_expert", 8) || !strcmp(keymap[i].info, "n_ff_exp")))
			continue;
		if (!is_mla && strstr(keymap[i].info, "_mla"))
			continue;
		snprintf(key, sizeof key, "%.31s.%s", arch, keymap[i].suffix);
		k = add_key(r, key, line);
		if (!k->key || put_value(k, v, keymap[i].real) < 0) {
			bad_line(err, errlen, where, line, keymap[i].info, v);
			goto out;
		}
	}
	/* "model params = 8.03 B": the tensor infos are not in a log; parameters matter to no size here. */
	r->tn.params = 1;
	if ((v = llog_info(g, "model params", NULL))) {
		char *end;
		double p = strtod(v, &end);
		double scale = !strcmp(end, " T")   ? 1e12
			       : !strcmp(end, " B") ? 1e9
			       : !strcmp(end, " M") ? 1e6
			       : !strcmp(end, " K") ? 1e3
						    : 0;
		if (p > 0 && scale > 0 && p * scale < 1e15)
			r->tn.params = (int64_t)(p * scale);
	}
	r->tn.end = (uint64_t)g->lines;
	rc = model_from_gguf_keys(m, r, err, errlen);
out:
	if (rc < 0 && err && !err[0])
		err_set(err, errlen, where, 0, NULL, NULL, "out of memory");
	gguf_close(r);
	free(r);
	return rc;
}
