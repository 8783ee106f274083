/* split: a model over several devices, llama.cpp's default (see the header). */
#include "size/split.h"

#include <stdlib.h>
#include <string.h>

void split_layers(int64_t n_layer, const struct budget *b, int64_t *first,
		  int64_t *count, int *out_dev)
{
	/* llama_model_base::load_tensors: splits[i] = free memory of device i,
	 * then the running sum normalised, in float as there. */
	float splits[BUDGET_MAX_DEVICES], sum = 0.0f;
	for (int i = 0; i < b->n; i++) {
		sum += (float)b->bytes[i];
		splits[i] = sum;
	}
	for (int i = 0; i < b->n; i++) {
		splits[i] /= sum;
		first[i] = -1;
		count[i] = 0;
	}
	/* act_gpu_layers = n_layer + 1 (every layer offloaded, -ngl default);
	 * the device is the upper bound of il / act among the split points. */
	int64_t act = n_layer + 1;
	for (int64_t il = 0; il <= n_layer; il++) {
		float x = (float)il / (float)act;
		int j = 0;
		while (j < b->n && !(x < splits[j]))
			j++;
		if (j >= b->n)
			j = b->n - 1; /* float rounding at the last point: the
					 last device */
		if (il == n_layer) {
			*out_dev = j;
			break;
		}
		if (first[j] < 0)
			first[j] = il;
		count[j]++;
	}
	for (int i = 0; i < b->n; i++)
		if (first[i] < 0)
			first[i] = 0;
}

/*
 * Estimated: the token embeddings and the output head are n_vocab x n_embd
 * each at the model's mean bytes a parameter; the rest is spread evenly over
 * the layers.  A model without vocab or n_embd spreads it all.
 */
int split_weights_of(const struct model *m, struct split_weights *w)
{
	memset(w, 0, sizeof *w);
	w->mark = SIZE_ESTIMATED;
	int64_t W = m->weights_bytes, E = 0;
	if (m->vocab > 0 && m->embd > 0 && m->params > 0) {
		double e = (double)m->vocab * (double)m->embd * (double)W /
			   m->params;
		E = e < (double)W / 3 ? (int64_t)e : 0;
	}
	w->input = E;
	w->output = E;
	int64_t rest = W - 2 * E, per = m->layers > 0 ? rest / m->layers : 0;
	for (int64_t il = 0; il < m->layers; il++)
		w->layer[il] = per;
	if (m->layers > 0)
		w->layer[m->layers - 1] += rest - per * m->layers;
	return 0;
}

/* The plan at n_ctx for a model already in the row's cache types.  0, or -1. */
static int plan_at(const struct model *mt, const struct deploy *d0,
		   const struct budget *b, const struct split_weights *w,
		   int64_t n_ctx, struct split_plan *p)
{
	struct deploy d = *d0;
	struct kv_alloc *a = malloc(sizeof *a);
	struct buffer_sizes bs;
	int rc = -1, out_dev = 0;
	int64_t first[BUDGET_MAX_DEVICES], count[BUDGET_MAX_DEVICES];
	d.n_ctx = n_ctx;
	memset(p, 0, sizeof *p);
	p->n = b->n;
	p->n_ctx = n_ctx;
	if (!a || size_alloc(mt, &d, a) < 0 || size_buffers(mt, &d, &bs) < 0)
		goto out;
	split_layers(mt->layers, b, first, count, &out_dev);
	p->host_input = w->input;
	p->host_output = bs.output_bytes;
	for (int j = 0; j < b->n; j++) {
		struct split_device *v = &p->dev[j];
		v->budget = b->bytes[j];
		v->first = first[j];
		v->count = count[j];
		v->output = j == out_dev;
		v->bytes[FT_WEIGHTS] = v->output ? w->output : 0;
		for (int64_t il = first[j]; il < first[j] + count[j]; il++) {
			v->bytes[FT_WEIGHTS] += w->layer[il];
			v->bytes[FT_KV] += a->layer_bytes[il];
			if (model_layer(mt, il).state)
				v->bytes[FT_RECURRENT] += a->state_bytes_layer;
		}
		/* every device reserves a compute buffer; attnviz's one-device
		 * figure for each (the widest layer's scores, the logits) */
		v->bytes[FT_COMPUTE] = bs.compute_bytes;
		for (int t = 0; t < FT_COUNT; t++)
			v->total += v->bytes[t];
	}
	rc = 0;
out:
	free(a);
	return rc;
}

/* 1 when every device holds its part with the margin kept free; *worst the
 * device with the least room left. */
static int plan_fits(const struct split_plan *p, int64_t margin, int *worst)
{
	int ok = 1;
	int64_t least = INT64_MAX;
	for (int j = 0; j < p->n; j++) {
		int64_t room = p->dev[j].budget - margin - p->dev[j].total;
		ok &= room >= 0;
		if (room < least) {
			least = room;
			*worst = j;
		}
	}
	return ok;
}

int split_solve(const struct model *m, const struct fit_query *q,
		const struct budget *b, enum fit_cache c, struct split_row *row)
{
	struct fit_row *r = &row->fit;
	struct split_weights *w = malloc(sizeof *w);
	struct model *mt = malloc(sizeof *mt);
	int rc = -1;
	memset(row, 0, sizeof *row);
	fit_row_begin(r, q, m, c);
	if (!w || !mt || split_weights_of(m, w) < 0)
		goto out;
	*mt = *m;
	mt->k_type = r->k_type;
	mt->v_type = r->v_type;
	struct deploy d = q->d;
	d.n_ctx = FIT_MIN_CTX;
	if (size_refuse(mt, &d, r->why, sizeof r->why)) {
		r->refused = 1;
		rc = 0;
		goto out;
	}
	/* the range and step of fit_solve: n_ctx = k x 256 x streams */
	int64_t klo, khi;
	fit_row_range(r, q, m, &klo, &khi);
	if (plan_at(mt, &d, b, w, r->lo, &row->at) < 0)
		goto out;
	if (!plan_fits(&row->at, q->margin, &row->worst)) {
		rc = 0; /* max_ctx 0: even the floor does not fit */
		goto out;
	}
	while (klo < khi) {
		int64_t mid = klo + (khi - klo + 1) / 2;
		int worst;
		if (r->evals++,
		    plan_at(mt, &d, b, w, mid * r->step, &row->next) < 0)
			goto out;
		if (plan_fits(&row->next, q->margin, &worst))
			klo = mid;
		else
			khi = mid - 1;
	}
	r->max_ctx = klo * r->step;
	if (plan_at(mt, &d, b, w, r->max_ctx, &row->at) < 0)
		goto out;
	plan_fits(&row->at, q->margin, &row->worst);
	memset(&row->next, 0, sizeof row->next);
	if (r->max_ctx < r->cap &&
	    plan_at(mt, &d, b, w, r->max_ctx + r->step, &row->next) < 0)
		goto out;
	fit_row_flags(r, q);
	rc = 0;
out:
	if (rc < 0)
		snprintf(r->why, sizeof r->why,
			 "a size overflows 64-bit arithmetic");
	free(w);
	free(mt);
	return rc;
}
