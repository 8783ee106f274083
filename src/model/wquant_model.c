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

int wquant_model(struct model *m, const struct wq_ftype *f, char *err,
		 size_t errlen)
{
	if (m->format != MODEL_GGUF) {
		const struct ggml_type_info *g =
			ggml_type_get((uint32_t)f->default_type);
		double bpv = g ? (double)g->bytes / (double)g->blck : 2.0;
		m->weights_bytes = (int64_t)(m->params * bpv);
		m->weights_from = WEIGHTS_ESTIMATED;
		model_set_origin(m, MF_WEIGHTS_BYTES,
				 "estimated: weights=%s, params x %.4g bytes "
				 "(%s's bytes a value)",
				 f->name, bpv, g ? g->name : "?");
		return 0;
	}
	struct gguf_file *r = calloc(1, sizeof *r);
	int rc = -1;
	if (!r || !(r->keep = calloc(WQ_MAX_TENSORS, sizeof *r->keep))) {
		snprintf(err, errlen, "attnviz: %s: out of memory", m->path);
		goto out;
	}
	r->fd = -1;
	r->keepmax = WQ_MAX_TENSORS;
	if (gguf_open(r, m->path, err, errlen) < 0)
		goto out;
	struct wq_model w;
	hparams(m, &w);
	int64_t b = wq_size(r->keep, r->nkeep, &w, f, NULL, NULL);
	if (b < 0) {
		snprintf(err, errlen,
			 "attnviz: %s: weights=%s: a tensor's size overflows",
			 m->path, f->name);
		goto out;
	}
	m->weights_bytes = b;
	m->weights_from = WEIGHTS_COUNTED;
	model_set_origin(m, MF_WEIGHTS_BYTES,
			 "exact: weights=%s, each of the GGUF's %zu tensors in "
			 "llama-quantize's type",
			 f->name, r->nkeep);
	rc = 0;
out:
	if (r) {
		gguf_close(r);
		free(r->keep);
	}
	free(r);
	return rc;
}
