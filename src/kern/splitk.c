#include "kern/splitk.h"
#include "util/fault.h"

#include <math.h>
#include <string.h>

int splitk_init(struct splitk_state *st, int d)
{
	if (d < 1 || d > SPLITK_MAX_D)
		return -1;
	memset(st, 0, sizeof *st);
	st->m = -INFINITY;
	st->d = d;
	return 0;
}

void splitk_step(struct splitk_state *st, double score, const double *v)
{
	double m = score > st->m ? score : st->m;
	/* Move what was summed to the new max (factor 1 when it did not grow). */
	double scale = st->m == -INFINITY ? 0 : exp(st->m - m), w = exp(score - m);
	st->s = st->s * scale + w;
	for (int c = 0; c < st->d; c++)
		st->acc[c] = st->acc[c] * scale + w * v[c];
	st->m = m;
	st->seen++;
}

void splitk_merge(const struct splitk_state *a, const struct splitk_state *b, struct splitk_state *out)
{
	struct splitk_state r = *a;
	double m = a->m > b->m ? a->m : b->m;
	/* An empty side (m = -inf) weighs 0, not exp(-inf - -inf). */
	double fa = a->m == -INFINITY ? 0 : exp(a->m - m), fb = b->m == -INFINITY ? 0 : exp(b->m - m);
	r.m = m;
	r.s = FAULT_REAL("splitk", a->s * fa + b->s * fb);
	for (int c = 0; c < a->d; c++)
		r.acc[c] = a->acc[c] * fa + b->acc[c] * fb;
	r.seen = a->seen + b->seen;
	*out = r;
}

void splitk_output(const struct splitk_state *st, double *out)
{
	for (int c = 0; c < st->d; c++)
		out[c] = st->acc[c] / st->s;
}
