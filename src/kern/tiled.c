#include "kern/tiled.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/fault.h"

static float dot(const float *a, const float *b, int d)
{
	float s = 0;
	for (int i = 0; i < d; i++)
		s += a[i] * b[i];
	return s;
}

void tiled_naive_attention(const float *q, const float *k, const float *v, int n, int d, int causal,
		     float *s, float *o, struct traffic *t)
{
	float scale = (float)(1 / sqrt((double)d));
	/* S = Q K^T / sqrt(d): read Q and K, write S. */
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			s[(size_t)i * n + j] = causal && j > i ? -INFINITY : dot(q + (size_t)i * d, k + (size_t)j * d, d) * scale;
	t->reads += 2LL * n * d;
	t->writes += (int64_t)n * n;
	/* Softmax in place: read S, write P. */
	for (int i = 0; i < n; i++) {
		float *row = s + (size_t)i * n, mx = -INFINITY, sum = 0;
		for (int j = 0; j < n; j++)
			mx = fmaxf(mx, row[j]);
		for (int j = 0; j < n; j++) {
			row[j] = (float)exp((double)(row[j] - mx));
			sum += row[j];
		}
		for (int j = 0; j < n; j++)
			row[j] /= sum;
	}
	t->reads += (int64_t)n * n;
	t->writes += (int64_t)n * n;
	/* O = P V: read P and V, write O. */
	memset(o, 0, sizeof(float) * (size_t)n * d);
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			for (int c = 0; c < d; c++)
				o[(size_t)i * d + c] += s[(size_t)i * n + j] * v[(size_t)j * d + c];
	t->reads += (int64_t)n * n + (int64_t)n * d;
	t->writes += (int64_t)n * d;
}

int tiled_kv_blocks_for(int qb, int nblocks, int causal)
{
	return causal ? qb + 1 : nblocks;
}

int64_t tiled_event_count(int n, int tile, int causal)
{
	int64_t nb = (n + tile - 1) / tile, kv = causal ? nb * (nb + 1) / 2 : nb * nb;
	return 2 * nb + 2 * kv;
}

int tiled_init(struct tiled_run *r, const float *q, const float *k, const float *v, float *o,
	       int n, int d, int tile, int causal)
{
	memset(r, 0, sizeof *r);
	if (n < 1 || d < 1 || tile < 1 || tile > TILED_MAX_TILE)
		return -1;
	r->n = n, r->d = d, r->tile = tile, r->causal = causal;
	r->q = q, r->k = k, r->v = v, r->o = o;
	r->nblocks = (n + tile - 1) / tile;
	r->m = malloc(sizeof(float) * (size_t)tile);
	r->l = malloc(sizeof(float) * (size_t)tile);
	r->acc = malloc(sizeof(float) * (size_t)tile * d);
	r->s_tile = calloc((size_t)tile * tile, sizeof(float));
	if (!r->m || !r->l || !r->acc || !r->s_tile) {
		tiled_free(r);
		return -1;
	}
	r->last = TILED_START;
	return 0;
}

void tiled_free(struct tiled_run *r)
{
	free(r->m);
	free(r->l);
	free(r->acc);
	free(r->s_tile);
	r->m = r->l = r->acc = r->s_tile = NULL;
}

int tiled_block_rows(const struct tiled_run *r, int b)
{
	int rest = r->n - b * r->tile;
	return rest < r->tile ? rest : r->tile;
}

/* Scores of query block qb against key block kb, folded into m, l, acc. */
static void compute_tile(struct tiled_run *r)
{
	int i0 = r->qb * r->tile, j0 = r->kb * r->tile, d = r->d;
	int rows = tiled_block_rows(r, r->qb), cols = tiled_block_rows(r, r->kb);
	float scale = (float)(1 / sqrt((double)d));
	for (int i = 0; i < rows; i++)
		for (int j = 0; j < cols; j++) {
			float *st = &r->s_tile[i * r->tile + j];
			if (r->causal && j0 + j > i0 + i) {
				*st = -INFINITY;   /* masked: the key is after the query */
				continue;
			}
			float x = dot(r->q + (size_t)(i0 + i) * d, r->k + (size_t)(j0 + j) * d, d) * scale;
			*st = x;
			/* The online rule of lesson Ex. 3: after this, for row i,
			 * l == sum of exp(x - m) and acc == sum of exp(x - m) v over keys seen. */
			float m_new = fmaxf(r->m[i], x);
			float old = (float)exp((double)(r->m[i] - m_new)), w = (float)exp((double)(x - m_new));
			float *acc = r->acc + (size_t)i * d;
			const float *vr = r->v + (size_t)(j0 + j) * d;
			for (int c = 0; c < d; c++)
				acc[c] = acc[c] * old + w * vr[c];
			r->l[i] = r->l[i] * old + w;
			r->m[i] = m_new;
		}
}

enum tiled_event tiled_step(struct tiled_run *r)
{
	int d = r->d;
	switch (r->last) {
	case TILED_START:
	case TILED_WRITE_O:
		if (r->last == TILED_WRITE_O && ++r->qb >= r->nblocks)
			return r->last = TILED_DONE;
		/* A query block onto the workbench; its running state starts empty. */
		for (int i = 0; i < r->tile; i++)
			r->m[i] = -INFINITY, r->l[i] = 0;
		memset(r->acc, 0, sizeof(float) * (size_t)r->tile * d);
		r->kb = -1;
		r->t.reads += (int64_t)tiled_block_rows(r, r->qb) * d;
		return r->last = TILED_LOAD_Q;
	case TILED_LOAD_Q:
	case TILED_COMPUTE:
		if (r->last == TILED_COMPUTE && r->kb + 1 >= tiled_kv_blocks_for(r->qb, r->nblocks, r->causal)) {
			/* All key blocks have passed: the only write to slow memory. */
			int i0 = r->qb * r->tile, rows = tiled_block_rows(r, r->qb);
			for (int i = 0; i < rows; i++)
				for (int c = 0; c < d; c++)
					r->o[(size_t)(i0 + i) * d + c] = (float)FAULT_REAL("tiled", r->acc[(size_t)i * d + c] / r->l[i]);
			r->t.writes += (int64_t)rows * d;
			r->skipped_blocks += r->nblocks - tiled_kv_blocks_for(r->qb, r->nblocks, r->causal);
			return r->last = TILED_WRITE_O;
		}
		r->kb++;
		r->t.reads += FAULT_INT("tiled_traffic", 2LL * tiled_block_rows(r, r->kb) * d);
		return r->last = TILED_LOAD_KV;
	case TILED_LOAD_KV:
		compute_tile(r);
		r->computed_blocks++;
		return r->last = TILED_COMPUTE;
	case TILED_DONE:
		break;
	}
	return TILED_DONE;
}

struct traffic tiled_naive_traffic_formula(int64_t n, int64_t d)
{
	/* read Q, K; S; P and V  |  write S, P, O */
	struct traffic t = {2 * n * d + n * n + n * n + n * d, n * n + n * n + n * d};
	return t;
}

struct traffic tiled_traffic_formula(int64_t n, int64_t d, int64_t tile, int causal)
{
	int64_t nb = (n + tile - 1) / tile, kv_rows = 0;
	/* Each query block reads every key block it visits; only the last block may be short. */
	int64_t last = n - (nb - 1) * tile;
	if (!causal)
		kv_rows = nb * n;
	else
		for (int64_t b = 0; b < nb; b++)
			kv_rows += b * tile + (b == nb - 1 ? last : tile);
	struct traffic t = {n * d + 2 * kv_rows * d, n * d};
	return t;
}
