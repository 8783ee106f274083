/*
 * flash-decoding (beyond the lesson): one query against n keys, the keys
 * split into chunks, one worker per chunk.  Each worker streams its chunk
 * with the online rule (lesson Ex. 3) and keeps only (m, s, acc); then the
 * states are merged pairwise,
 *   m = max(m1, m2),  s = s1 e^(m1-m) + s2 e^(m2-m),  acc likewise,
 * into the state one worker would have after all the keys: the online rule
 * is associative, which is why splitting decode across cores (or GPU
 * blocks) by key ranges is exact.  The output acc / s is checked against a
 * float64 two-pass reference.
 *
 * Steps: 0 = nothing read; then the streaming where something new happens:
 * every worker's first key, the first key that raises a worker's max (the
 * rescale), every range read (L = the longest chunk), the keys between
 * streaming in as frames (tween); then one step per level of the merge
 * tree; last = acc / s.
 * Data: q, then K, then V (d = 2, so acc is a 2-D vector as in Ex. 3) from
 * java.util.Random(seed).nextGaussian().
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "kern/attn_row.h"
#include "kern/jrand.h"
#include "kern/softmax.h"
#include "kern/splitk.h"
#include "scene/scene.h"
#include "util/npy.h"

#define FD_MAX_N 32
#define FD_MAX_C 6
#define FD_D 2
/* Frames each streamed offset shows between two stops: 0.4 s a key. */
#define FD_FRAMES 5

/* What a streaming stop shows. */
enum fd_stop { FD_FIRST, FD_RAISE, FD_ALL, FD_NSTOPS };

struct fd_state {
	int n, chunks, longest, levels;
	long long seed;
	double q[FD_D], key[FD_MAX_N][FD_D], val[FD_MAX_N][FD_D];
	double score[FD_MAX_N];                     /* q . k_j / sqrt(d) */
	int begin[FD_MAX_C], end[FD_MAX_C];         /* chunk c holds keys [begin, end) */
	int k;                                      /* steps taken */
	int read;                                   /* keys each worker has read */
	int nstream;                                /* streaming steps */
	int stop_at[FD_NSTOPS];                     /* keys read at each */
	enum fd_stop stop[FD_NSTOPS];
	struct splitk_state w[FD_MAX_C];            /* each worker's (m, s, acc); merged into the left one */
	int alive[FD_MAX_C], into[FD_MAX_C];        /* into: the worker a dead one was merged into */
	int raised[FD_MAX_C];                       /* the last key raised this worker's max */
	double out[FD_D];                           /* acc / s after the last merge */
	struct splitk_state one;                    /* one worker streaming every key */
	double ref[FD_D], ref_m, ref_s;             /* float64 two-pass reference */
};

enum { FD_N, FD_CHUNKS, FD_SEED, FD_NPARAMS };
static const struct param_spec fd_params[FD_NPARAMS + 1] = {
	[FD_N] = {.name = "n", .kind = PARAM_INT, .min = 1, .max = FD_MAX_N, .help = "keys in the cache"},
	[FD_CHUNKS] = {.name = "chunks", .kind = PARAM_INT, .min = 1, .max = FD_MAX_C,
		.help = "workers, each streaming one range of keys"},
	[FD_SEED] = {.name = "seed", .kind = PARAM_INT, .min = -9e15, .max = 9e15,
		.help = "java.util.Random seed of q, K, V"},
	[FD_NPARAMS] = {0},
};

/* A streaming stop once `at` keys are read; the later kind wins where two
 * fall on one offset (every range read outranks a rescale). */
static void fd_add_stop(struct fd_state *st, int at, enum fd_stop kind)
{
	if (st->nstream > 0 && at <= st->stop_at[st->nstream - 1]) {
		if (at == st->stop_at[st->nstream - 1])
			st->stop[st->nstream - 1] = kind;
		return;
	}
	st->stop_at[st->nstream] = at;
	st->stop[st->nstream++] = kind;
}

/* Every worker reads the key at offset `read` of its range, in parallel;
 * raised[] says whose max it raised. */
static void fd_read_next(struct fd_state *st)
{
	for (int c = 0; c < st->chunks; c++) {
		int j = st->begin[c] + st->read;
		st->raised[c] = 0;
		if (j < st->end[c]) {
			st->raised[c] =
			    st->w[c].seen > 0 && st->score[j] > st->w[c].m;
			splitk_step(&st->w[c], st->score[j], st->val[j]);
		}
	}
	st->read++;
}

/* The keys read when a key first raises some worker's max (0: never):
 * a key above the max of the keys before it in its range. */
static int fd_first_raise(const struct fd_state *st)
{
	for (int t = 2; t <= st->longest; t++)
		for (int c = 0; c < st->chunks; c++) {
			int j = st->begin[c] + t - 1;
			if (j >= st->end[c])
				continue;
			double m = st->score[st->begin[c]];
			for (int i = st->begin[c] + 1; i < j; i++)
				m = fmax(m, st->score[i]);
			if (st->score[j] > m)
				return t;
		}
	return 0;
}

static int fd_init(void *vs, const struct scene_env *env, char *err, size_t errlen)
{
	struct fd_state *st = vs;
	st->n = (int)params_int(env->p, FD_N);
	st->chunks = (int)params_int(env->p, FD_CHUNKS);
	st->seed = params_int(env->p, FD_SEED);
	if (st->chunks > st->n) {
		snprintf(err, errlen, "chunks: %d chunks for %d keys (each chunk needs a key)", st->chunks, st->n);
		return -1;
	}
	struct jrand r;
	jrand_init(&r, st->seed);
	for (int c = 0; c < FD_D; c++)
		st->q[c] = jrand_gaussian(&r);
	for (int j = 0; j < st->n; j++)
		for (int c = 0; c < FD_D; c++)
			st->key[j][c] = jrand_gaussian(&r);
	for (int j = 0; j < st->n; j++)
		for (int c = 0; c < FD_D; c++)
			st->val[j][c] = jrand_gaussian(&r);
	for (int j = 0; j < st->n; j++) {
		double t = 0;
		for (int c = 0; c < FD_D; c++)
			t += st->q[c] * st->key[j][c];
		st->score[j] = t / sqrt((double)FD_D);
	}
	/* Balanced ranges: chunk c gets keys [c n / chunks, (c + 1) n / chunks). */
	for (int c = 0; c < st->chunks; c++) {
		st->begin[c] = c * st->n / st->chunks;
		st->end[c] = (c + 1) * st->n / st->chunks;
		st->longest = st->end[c] - st->begin[c] > st->longest ? st->end[c] - st->begin[c] : st->longest;
		splitk_init(&st->w[c], FD_D);
		st->alive[c] = 1;
		st->into[c] = c;
	}
	while ((1 << st->levels) < st->chunks)
		st->levels++;
	fd_add_stop(st, 1, FD_FIRST);
	int raise = fd_first_raise(st);
	if (raise > 0)
		fd_add_stop(st, raise, FD_RAISE);
	fd_add_stop(st, st->longest, FD_ALL);
	/* The one-pass state, and the two-pass reference (softmax and attn_row's, written apart). */
	splitk_init(&st->one, FD_D);
	for (int j = 0; j < st->n; j++)
		splitk_step(&st->one, st->score[j], st->val[j]);
	softmax_two_pass(st->score, (size_t)st->n, &st->ref_m, &st->ref_s);
	attn_row_reference(st->score, &st->val[0][0], (size_t)st->n, FD_D, st->ref);
	return 0;
}

static int fd_nsteps(const void *vs)
{
	const struct fd_state *st = vs;
	return st->nstream + st->levels + 1;
}

static void fd_step(void *vs)
{
	struct fd_state *st = vs;
	st->k++;
	if (st->k <= st->nstream) {
		/* Every worker reads the next keys of its own range, in parallel. */
		while (st->read < st->stop_at[st->k - 1])
			fd_read_next(st);
	} else if (st->k <= st->nstream + st->levels) {
		/* Merge level l: worker i takes in worker i + 2^(l-1), for i a multiple of 2^l. */
		int l = st->k - st->nstream, stride = 1 << l;
		for (int i = 0; i + stride / 2 < st->chunks; i += stride) {
			int j = i + stride / 2;
			splitk_merge(&st->w[i], &st->w[j], &st->w[i]);
			st->alive[j] = 0;
			st->into[j] = i;
		}
		memset(st->raised, 0, sizeof st->raised);
	} else {
		splitk_output(&st->w[0], st->out);
	}
}


/* The last key the state of worker w covers once `levels` merge levels
 * are done: w has taken in the 2^levels - 1 workers after it. */
static int held_last(const struct fd_state *st, int w, int levels)
{
	int hi = w + (1 << levels) - 1;
	return st->end[hi < st->chunks ? hi : st->chunks - 1] - 1;
}

/* Keys read before streaming step k (1 .. nstream). */
static int fd_read_before(const struct fd_state *st, int k)
{
	return k >= 2 ? st->stop_at[k - 2] : 0;
}

/* The keys streaming in between step k - 1 and step k, FD_FRAMES frames
 * each; none into the merges. */
static int fd_tween(const void *vs, int k)
{
	const struct fd_state *st = vs;
	if (k < 1 || k > st->nstream)
		return 0;
	return (st->stop_at[k - 1] - fd_read_before(st, k) - 1) * FD_FRAMES;
}

/* The picture's state: the step's, or during the move into it the
 * workers after an offset between (frame i: before + 1 + (i - 1) / F),
 * streamed again from nothing read into *tmp. */
static const struct fd_state *
fd_shown(const struct fd_state *st, const struct view *v, struct fd_state *tmp)
{
	if (view_progress(v) >= 1 || st->k < 1 || st->k > st->nstream)
		return st;
	int read = fd_read_before(st, st->k) + 1 + (v->frame - 1) / FD_FRAMES;
	*tmp = *st;
	tmp->read = 0;
	for (int c = 0; c < st->chunks; c++)
		splitk_init(&tmp->w[c], FD_D);
	while (tmp->read < read)
		fd_read_next(tmp);
	return tmp;
}

static void fd_narrate(const struct fd_state *st, struct view *v);

static void fd_render(const void *vs, struct view *v)
{
	struct fd_state tmp;
	const struct fd_state *st = fd_shown(vs, v, &tmp);
	struct canvas *c = v->pic;
	int streaming = st->k <= st->nstream, merge_level = st->k - st->nstream;
	int done = st->k > st->nstream + st->levels;
	if (st->k == 0)
		canvas_printf_whole(c, 0, 0, ROLE_LABEL, "%d keys in %d chunks, one worker each", st->n, st->chunks);
	else if (streaming)
		canvas_printf_whole(c, 0, 0, ROLE_LABEL,
				    "streaming: each chunk's first key + %d",
				    st->read - 1);
	else if (!done)
		canvas_printf_whole(c, 0, 0, ROLE_LABEL, "merge level %d of %d", merge_level, st->levels);
	else
		canvas_printf_whole(c, 0, 0, ROLE_LABEL, "output = acc / s of the merged state");
	for (int w = 0; w < st->chunks; w++) {
		int y = 1 + 2 * w, len = st->end[w] - st->begin[w];
		const struct splitk_state *s = &st->w[w];
		enum role lab = st->alive[w] ? ROLE_NORMAL : ROLE_DIM;
		canvas_printf_whole(c, 0, y, lab, "w%d", w);
		/* The chunk's keys: read (■), being read (▸), waiting (·). */
		for (int i = 0; i < len; i++) {
			int read = i < st->read,
			    now = streaming && i == st->read - 1;
			canvas_put(c, 3 + i, y, now ? 0x25b8 : read ? 0x25a0 : 0x00b7,
				   now ? ROLE_ACCENT : read ? (st->alive[w] ? ROLE_BAR : ROLE_DIM) : ROLE_DIM);
		}
		int merged_now = !streaming && !done && st->alive[w] && w % (1 << merge_level) == 0 &&
				 w + (1 << (merge_level - 1)) < st->chunks;
		char mark[40] = "";
		/* The keys the state covers: its own chunk's while streaming;
		 * then those of the workers it took in (a merged one's, when it
		 * was merged: w2 at level 2 holds w3's too). */
		int levels = streaming ? 0 : merge_level > st->levels ? st->levels : merge_level;
		if (!st->alive[w])
			levels = __builtin_ctz((unsigned)w);   /* merged at level ctz(w) + 1 */
		else if (merged_now)
			levels = merge_level - 1;
		/* What happened to this state at this step, in words (not only in colour). */
		if (st->raised[w])
			snprintf(mark, sizeof mark, " max grew");
		else if (merged_now)
			snprintf(mark, sizeof mark, " + w%d = keys %d-%d", w + (1 << (merge_level - 1)), st->begin[w],
				 held_last(st, w, merge_level));
		canvas_printf_whole(c, 4 + len, y, ROLE_DIM, "keys %d-%d%s", st->begin[w], held_last(st, w, levels), mark);
		if (!st->alive[w]) {
			canvas_printf_whole(c, 3, y + 1, ROLE_DIM, "merged into w%d", st->into[w]);
			continue;
		}
		if (s->seen == 0) {
			canvas_printf_whole(c, 3, y + 1, ROLE_DIM, "m −∞  s 0  acc 0");
			continue;
		}
		enum role r = st->raised[w] ? ROLE_HOT : merged_now ? ROLE_ACCENT : ROLE_NORMAL;
		if (st->raised[w])   /* a mark beside the rescaled state: colour is not the only carrier */
			canvas_put(c, 1, y + 1, 0x2191, ROLE_HOT);
		canvas_printf_whole(c, 3, y + 1, r, "m %6.3f s %7.3f acc %7.3f %7.3f", s->m, s->s, s->acc[0], s->acc[1]);
	}
	int y = 1 + 2 * st->chunks;
	if (done)
		canvas_printf_whole(c, 0, y, ROLE_OK, "out %9.6f %9.6f", st->out[0], st->out[1]);

	struct canvas *sd = v->side;
	canvas_printf_whole(sd, 0, 0, ROLE_LABEL, "merge of two states");
	/* the rescale in words: each side shrunk to the larger max, then
	 * added (the formula, s = s1 e^(m1-m) + s2 e^(m2-m), is in w) */
	canvas_printf_whole(sd, 0, 1, ROLE_NORMAL, "m = the larger max");
	canvas_printf_whole(sd, 0, 2, ROLE_NORMAL, "s, acc: each side's");
	canvas_printf_whole(sd, 0, 3, ROLE_NORMAL, "times e^(its m − m),");
	canvas_printf_whole(sd, 0, 4, ROLE_NORMAL, "at most 1; then added");
	canvas_printf_whole(sd, 0, 6, ROLE_LABEL, "one pass, all keys");
	canvas_printf_whole(sd, 0, 7, ROLE_NORMAL, "m %.6f", st->one.m);
	canvas_printf_whole(sd, 0, 8, ROLE_NORMAL, "s %.6f", st->one.s);
	if (done) {
		canvas_printf_whole(sd, 0, 10, ROLE_LABEL, "two-pass reference");
		canvas_printf_whole(sd, 0, 11, ROLE_NORMAL, "ref %9.6f %9.6f", st->ref[0], st->ref[1]);
		canvas_printf_whole(sd, 0, 12, ROLE_NORMAL, "|out-ref| %.1e", fmax(fabs(st->out[0] - st->ref[0]), fabs(st->out[1] - st->ref[1])));
	}

	fd_narrate(vs, v);
}

/* The step's point, the same through its in-between frames. */
/* A streaming step's point. */
static void fd_narrate_stream(const struct fd_state *st, struct view *v)
{
	int grew = 0;
	for (int c = 0; c < st->chunks; c++)
		grew += st->raised[c];
	switch (st->stop[st->k - 1]) {
	case FD_FIRST:
		snprintf(v->narration, VIEW_NARRATION,
			 "Every worker reads the first key of its range at the "
			 "same time (w0 key %d, w%d key %d): each "
			 "state starts as m = that key's score, s = 1, acc = "
			 "its value.",
			 st->begin[0], st->chunks - 1,
			 st->begin[st->chunks - 1]);
		if (st->chunks == 1) /* one worker: no split to show */
			snprintf(v->narration, VIEW_NARRATION,
				 "One worker reads key 0: its state starts as "
				 "m = that key's score, s = 1, acc = its "
				 "value.");
		break;
	case FD_RAISE:
		snprintf(v->narration, VIEW_NARRATION,
			 "The key at offset %d raises the max of %d worker%s "
			 "(↑, \"max grew\"): %s its s and "
			 "acc by e^(old m − new m) before adding the key, the "
			 "online rule of one row.",
			 st->read - 1, grew, grew == 1 ? "" : "s",
			 grew == 1 ? "it multiplies" : "each multiplies");
		break;
	default:
		snprintf(v->narration, VIEW_NARRATION,
			 "Every range is read (%d key%s each at most, the last "
			 "at offset %d): each worker holds only the "
			 "m, s and acc of its own keys, and no worker ever saw "
			 "another's.",
			 st->longest, st->longest == 1 ? "" : "s",
			 st->read - 1);
		break;
	}
}

static void fd_narrate(const struct fd_state *st, struct view *v)
{
	int merge_level = st->k - st->nstream;
	if (st->k == 0)
		snprintf(v->narration, VIEW_NARRATION,
			 "Decode: one query against %d cached keys. Split the keys into %d ranges and give each to a worker: "
			 "each streams its own range with the online rule and keeps only m, s and acc.",
			 st->n, st->chunks);
	else if (st->k <= st->nstream)
		fd_narrate_stream(st, v);
	else if (merge_level < st->levels)
		snprintf(v->narration, VIEW_NARRATION,
			 "Merge level %d: pairs of states move to their common max m = max(m1, m2), each scaled by "
			 "e^(its m - m), and add. The result is the state of both ranges together.",
			 merge_level);
	else if (merge_level == st->levels)
		snprintf(v->narration, VIEW_NARRATION,
			 "The last merge (level %d) leaves one state for keys "
			 "0-%d: its m is the largest score any worker "
			 "saw, and no key was read twice.",
			 merge_level, st->n - 1);
	else
		snprintf(v->narration, VIEW_NARRATION,
			 "Merged: m = %.6f, s = %.6f, the state of one worker streaming all %d keys. "
			 "acc / s = (%.6f, %.6f); the two-pass reference gives (%.6f, %.6f).",
			 st->w[0].m, st->w[0].s, st->n, st->out[0], st->out[1], st->ref[0], st->ref[1]);
}

/* The parameters of the example, as the inputs of an item. */
static void fd_in_params(struct summary *s, const struct fd_state *st)
{
	summary_input(s, "seed", (double)st->seed, "parameter seed of java.util.Random: q, K, V");
	summary_input(s, "n", st->n, "parameter n, keys in the cache");
	summary_input(s, "chunks", st->chunks, "parameter chunks, workers");
}

static void fd_summary(const void *vs, struct summary *s)
{
	const struct fd_state *st = vs;
	for (int c = 0; c < FD_D; c++) {
		summary_check_real(s, HOW_REFERENCE, st->out[c], st->ref[c], 1e-12, "out.%d", c);
		summary_words(s, "component %d of the split-K output: acc / s of the last merged state", c);
		fd_in_params(s, st);
		summary_explain(s, "each of the chunks workers streams its range of the n keys into a state (m, s, acc);");
		summary_explain(s, "two states merge as m = max(m1, m2), s = s1·e^(m1−m) + s2·e^(m2−m), acc likewise");
		summary_explain(s, "q, K, V from java.util.Random(seed), scores q·k/√2");
		summary_explain(s, "second way: a float64 two-pass softmax over all n scores (their max, then the weighted sum)");
	}
	for (int c = 0; c < FD_D; c++) {
		summary_real(s, st->ref[c], "ref.%d", c);
		summary_words(s, "component %d of the reference: Σ_j e^(score_j − max) v_j / Σ_j e^(score_j − max), in two "
			      "passes over the n keys", c);
		fd_in_params(s, st);
		summary_explain(s, "the reference the merged and the one-pass outputs are checked against");
	}
	summary_check_real(s, HOW_REFERENCE, st->w[0].m, st->ref_m, 0, "merged_m");
	summary_words(s, "the merged max: m = max(m1, m2) at each merge up the tree, the largest score any worker saw");
	fd_in_params(s, st);
	summary_explain(s, "second way: the max over all n scores (the two-pass reference's pass 1)");
	summary_check_real(s, HOW_REFERENCE, st->w[0].s, st->ref_s, 1e-12, "merged_s");
	summary_words(s, "the merged sum: s = s1·e^(m1−m) + s2·e^(m2−m) at each merge, each side's sum moved to the common "
		      "max");
	fd_in_params(s, st);
	summary_explain(s, "second way: Σ_j e^(score_j − max) over all n scores (pass 2 of the reference)");
	for (int c = 0; c < FD_D; c++) {
		double o1[FD_D];
		splitk_output(&st->one, o1);
		summary_check_real(s, HOW_REFERENCE, o1[c], st->ref[c], 1e-12, "one_pass.%d", c);
		summary_words(s, "component %d of the output of one worker streaming all n keys, no split: acc / s", c);
		fd_in_params(s, st);
		summary_explain(s, "second way: the two-pass reference");
	}
	for (int w = 0; w < st->chunks; w++) {
		summary_int(s, st->end[w] - st->begin[w], "chunk_keys.%d", w);
		summary_words(s, "keys worker %d streams (keys %d..%d): the n keys split into chunks ranges as evenly as "
			      "possible", w, st->begin[w], st->end[w] - 1);
		summary_input(s, "n", st->n, "parameter n, keys in the cache");
		summary_input(s, "chunks", st->chunks, "parameter chunks, workers");
	}
}

/* Every chunk streamed, then the merge tree, from the inputs alone; each
 * state and merge is printed to out when it is not NULL.  w[0] ends as the
 * merged state. */
static void replay(const struct fd_state *st, struct splitk_state *w, FILE *out)
{
	for (int c = 0; c < st->chunks; c++) {
		splitk_init(&w[c], FD_D);
		for (int j = st->begin[c]; j < st->end[c]; j++)
			splitk_step(&w[c], st->score[j], st->val[j]);
		if (out)
			fprintf(out, "chunk %d keys %d-%d: m=%.6f s=%.6f acc=(%.6f, %.6f)\n", c, st->begin[c], st->end[c] - 1,
				w[c].m, w[c].s, w[c].acc[0], w[c].acc[1]);
	}
	for (int l = 1; l <= st->levels; l++)
		for (int i = 0; i + (1 << (l - 1)) < st->chunks; i += 1 << l) {
			int j = i + (1 << (l - 1));
			splitk_merge(&w[i], &w[j], &w[i]);
			if (out)
				fprintf(out, "merge level %d: w%d + w%d -> m=%.6f s=%.6f acc=(%.6f, %.6f)\n", l, i, j, w[i].m, w[i].s,
					w[i].acc[0], w[i].acc[1]);
		}
}

static void fd_print(const void *vs, FILE *out)
{
	const struct fd_state *st = vs;
	struct splitk_state w[FD_MAX_C];
	double o[FD_D];
	fprintf(out, "n = %d keys, %d chunks, seed %lld, d = %d\n", st->n, st->chunks, st->seed, FD_D);
	replay(st, w, out);
	splitk_output(&w[0], o);
	fprintf(out, "merged output     (%.6f, %.6f)\n", o[0], o[1]);
	fprintf(out, "two-pass reference (%.6f, %.6f)\n", st->ref[0], st->ref[1]);
}

/* q [1][2], k and v [n][2], the scores [n][1], the merged output and the
 * reference [1][2], as float32. */
static int fd_dump(const void *vs, const char *dir, char *err, size_t errlen)
{
	const struct fd_state *st = vs;
	float q[FD_D], k[FD_MAX_N * FD_D], v[FD_MAX_N * FD_D], sc[FD_MAX_N], out[FD_D], ref[FD_D];
	struct splitk_state w[FD_MAX_C];
	double o[FD_D];
	replay(st, w, NULL);
	splitk_output(&w[0], o);
	for (int c = 0; c < FD_D; c++)
		q[c] = (float)st->q[c], out[c] = (float)o[c], ref[c] = (float)st->ref[c];
	for (int j = 0; j < st->n; j++) {
		sc[j] = (float)st->score[j];
		for (int c = 0; c < FD_D; c++)
			k[j * FD_D + c] = (float)st->key[j][c], v[j * FD_D + c] = (float)st->val[j][c];
	}
	size_t n = (size_t)st->n;
	if (npy_write_f32(dir, "q", q, 1, FD_D, err, errlen) < 0 || npy_write_f32(dir, "k", k, n, FD_D, err, errlen) < 0 ||
	    npy_write_f32(dir, "v", v, n, FD_D, err, errlen) < 0 || npy_write_f32(dir, "scores", sc, n, 1, err, errlen) < 0 ||
	    npy_write_f32(dir, "out", out, 1, FD_D, err, errlen) < 0 || npy_write_f32(dir, "ref", ref, 1, FD_D, err, errlen) < 0)
		return -1;
	return 0;
}

const struct scene_class scene_flash_decoding = {
	.id = "flash-decoding",
	.params = fd_params,
	.nparams = FD_NPARAMS,
	.state_size = sizeof(struct fd_state),
	.init = fd_init,
	.nsteps = fd_nsteps,
	.step = fd_step,
	.render = fd_render,
	.summary = fd_summary,
	.print = fd_print,
	.dump = fd_dump,
	.tween = fd_tween,
};
