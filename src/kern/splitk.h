/*
 * splitk: one query's attention split across workers by key ranges
 * (flash-decoding), in float64 for the flash-decoding scene.
 *
 * Each worker streams its keys with the online rule and keeps only
 * (m, s, acc[d]); after each key:
 *   m   == max of the scores seen,
 *   s   == sum over seen j of exp(score_j - m),
 *   acc == sum over seen j of exp(score_j - m) v_j.
 * Two states over disjoint key ranges merge into the state of their union:
 *   m = max(m1, m2),  s = s1 e^(m1-m) + s2 e^(m2-m),  acc = acc1 e^(m1-m) + acc2 e^(m2-m)
 * Both sides are moved to the common max, then added, so the merge is
 * exact (up to rounding) and associative: any tree of merges gives the
 * one-pass state, and acc / s the attention output.  The benchmark's
 * fastattn_decode applies the same rule in f32 across threads.
 */
#ifndef ATTNVIZ_SPLITK_H
#define ATTNVIZ_SPLITK_H

#define SPLITK_MAX_D 8

struct splitk_state {
	double m;                   /* running max; -INFINITY before any key */
	double s;                   /* running sum of exp(score - m) */
	double acc[SPLITK_MAX_D];   /* [d] running sum of exp(score - m) v */
	int d;
	int seen;                   /* keys consumed (merged states: both sides') */
};

/* 0, or -1 when d is out of 1..SPLITK_MAX_D. */
int splitk_init(struct splitk_state *st, int d);
/* Consume one key: its score and value v[d]. */
void splitk_step(struct splitk_state *st, double score, const double *v);
/* out = the state of a's keys and b's keys together (out may alias a or b). */
void splitk_merge(const struct splitk_state *a, const struct splitk_state *b, struct splitk_state *out);
/* out[d] = acc / s. */
void splitk_output(const struct splitk_state *st, double *out);

#endif
