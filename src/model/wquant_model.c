/*
 * A loaded model's weights as llama-quantize would write them (wquant.h):
 * a GGUF's own tensor infos, each tensor sized exactly; any other model
 * estimated from its parameter count at the type's default bytes a value.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/ggml_type.h"
#include "model/gguf_file.h"
#include "model/model.h"
#include "model/wquant_model.h"
#include "model/wshapes.h"

/* Most tensor infos sized (DeepSeek-V3 has about 1,800). */
#define WQ_MAX_TENSORS 65536

static void hparams(const struct model *m, struct wq_model *w)
{
	memset(w, 0, sizeof *w);
	snprintf(w->arch, sizeof w->arch, "%s", m->arch);
	w->n_layer = m->layers;
	w->n_expert = m->experts;
	w->n_head = m->heads;
	/* n_gqa() reads layer 0's KV heads as the file gives them: a hybrid's
	 * recurrent first layer keeps the file's count (attnviz zeroes it) */
	w->n_head_kv = m->layers > 0 && m->layer_type[0] != LT_RECURRENT
			       ? m->layer_kv_heads[0]
			       : m->kv_heads;
	/* llm_type 70B (src/models/llama.cpp, qwen2.cpp, deci.cpp, olmo.cpp: 80
	 * layers; jais2.cpp: 68) */
	w->is_70b = (m->layers == 80 &&
		     ((!strcmp(m->arch, "llama") && m->heads != m->kv_heads) ||
		      !strcmp(m->arch, "qwen2") || !strcmp(m->arch, "deci") ||
		      !strcmp(m->arch, "olmo"))) ||
		    (m->layers == 68 && !strcmp(m->arch, "jais2"));
}

/* m's tensors into *t (on the heap, the caller frees it): a GGUF's own
 * infos, else the shapes its description implies (wshapes.h).  Their
 * count; 0 when they are not known (why[whylen] says why); -1 with err. */
static int tensors(const struct model *m, struct wq_tensor **t, char *why,
		   size_t whylen, char *err, size_t errlen)
{
	*t = NULL;
	if (m->format != MODEL_GGUF) {
		if (!(*t = calloc(WSHAPES_MAX, sizeof **t))) {
			snprintf(err, errlen, "attnviz: %s: out of memory",
				 m->path);
			return -1;
		}
		int n = wshapes_of(m, *t, WSHAPES_MAX, why, whylen);
		return n > 0 ? n : 0;
	}
	struct gguf_file *r = calloc(1, sizeof *r);
	int n = -1;
	if (!r || !(r->keep = calloc(WQ_MAX_TENSORS, sizeof *r->keep))) {
		snprintf(err, errlen, "attnviz: %s: out of memory", m->path);
		goto out;
	}
	r->fd = -1;
	r->keepmax = WQ_MAX_TENSORS;
	if (gguf_open(r, m->path, err, errlen) == 0 &&
	    gguf_read_splits(r) == 0) {
		n = (int)r->nkeep;
		*t = r->keep;
		r->keep = NULL;
	}
out:
	if (r) {
		gguf_close(r);
		free(r->keep);
	}
	free(r);
	return n;
}

int wquant_model(struct model *m, const struct wq_ftype *f, char *err,
		 size_t errlen)
{
	struct wq_tensor *t;
	char why[80] = "";
	int n = tensors(m, &t, why, sizeof why, err, errlen);
	if (n < 0)
		return -1;
	struct wq_model w;
	hparams(m, &w);
	int64_t b = n > 0 ? wq_size(t, (size_t)n, &w, f, NULL, NULL) : 0;
	free(t);
	if (b < 0) {
		snprintf(err, errlen,
			 "attnviz: %s: weights=%s: a tensor's size overflows",
			 m->path, f->name);
		return -1;
	}
	snprintf(m->weights_type, sizeof m->weights_type, "%s", f->name);
	if (n > 0) {
		m->weights_bytes = b;
		m->weights_from = WEIGHTS_COUNTED;
		if (m->format == MODEL_GGUF)
			model_set_origin(m, MF_WEIGHTS_BYTES,
					 "%s: each of the GGUF's %d tensors in "
					 "llama-quantize's type",
					 f->name, n);
		else
			model_set_origin(m, MF_WEIGHTS_BYTES,
					 "%s: each of a %s model's %d tensors "
					 "in llama-quantize's type",
					 f->name, m->arch, n);
		return 0;
	}
	const char *tname;
	double bpv = wq_ftype_bpv(f, &tname);
	m->weights_bytes = (int64_t)(m->params * bpv);
	m->weights_from = WEIGHTS_ESTIMATED;
	model_set_origin(m, MF_WEIGHTS_BYTES, "%s: params x %.4g B (%s); %s",
			 f->name, bpv, tname, why);
	return 0;
}

int wquant_model_groups(const struct model *m, struct wq_group *g, int max,
			char *err, size_t errlen)
{
	const struct wq_ftype *f = wq_ftype_find(m->weights_type);
	struct wq_tensor *t;
	char why[80];
	if (!f || m->weights_from != WEIGHTS_COUNTED)
		return 0;
	int n = tensors(m, &t, why, sizeof why, err, errlen), ng = 0;
	uint32_t *types = n > 0 ? calloc((size_t)n, sizeof *types) : NULL;
	enum wq_rule *rules = n > 0 ? calloc((size_t)n, sizeof *rules) : NULL;
	struct wq_model w;
	hparams(m, &w);
	if (n > 0 && (!types || !rules)) {
		snprintf(err, errlen, "attnviz: %s: out of memory", m->path);
		ng = -1;
	} else if (n > 0 && wq_size(t, (size_t)n, &w, f, types, rules) < 0) {
		ng = 0;
	} else {
		for (int i = 0; i < n; i++) {
			int k = 0;
			while (k < ng && (g[k].rule != rules[i] ||
					  g[k].type != types[i]))
				k++;
			if (k == ng && ng == max)
				continue;   /* more groups than asked for */
			if (k == ng)
				g[ng++] = (struct wq_group){.rule = rules[i],
							    .type = types[i]};
			g[k].count++;
			g[k].bytes += ggml_type_tensor_bytes(
				types[i], t[i].ne, t[i].nd);
		}
	}
	free(types);
	free(rules);
	free(t);
	return n < 0 ? -1 : ng;
}

int wquant_model_word(struct model *m, int w, char *err, size_t errlen)
{
	if (w <= 0 || (size_t)w > wq_ftype_count)
		return 0;
	return wquant_model(m, &wq_ftypes[w - 1], err, errlen);
}
