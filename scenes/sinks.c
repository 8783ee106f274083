/*
 * sinks (lesson Ex. 11): one query's attention over n positions, with a sink
 * at position 0 (high score, value 0), for three caches: all keys, the last
 * W, and the sinks plus the last W.  Then the streaming cache (sinks plus a
 * recent window) fills token by token.  A learned sink adds one logit to the
 * denominator with no value, folded in by the online-softmax kernel.
 * Steps: the three caches, then the last W with a learned sink logit (the
 * gpt-oss way: one logit per head joins the softmax, with no value), then
 * the streaming cache where the lesson looks: the sinks in, the cache
 * full, the first eviction, midway and the last token.  The tokens between
 * stream in as frames (tween), SK_FRAMES frames each.
 */
#include <math.h>
#include <string.h>

#include "glyph.h"
#include "kern/attn_row.h"
#include "kern/jrand.h"
#include "kern/ring.h"
#include "scene/scene.h"
#include "scenes/lib/common.h"

#define SK_MAX 512
/* Frames each streamed token shows between two stops: 0.4 s a token. */
#define SK_FRAMES 5

/* What a stop of the stream shows, in the order of the walk. */
enum sk_stop { SK_SINKS_IN, SK_FULL, SK_EVICT, SK_MID, SK_END, SK_NSTOPS };

enum { CACHE_FULL, CACHE_LAST, CACHE_SINKS, NCACHES };
static const char *const cache_key[NCACHES] = {"full", "last", "sinks"};

struct sk_result {
	int nkeys;
	int keep[SK_MAX];
	double weight[SK_MAX];   /* [n] by position, 0 when not kept */
	double recent, out;
	double ref_out;          /* the two-pass reference */
	double sink;             /* the learned sink logit's weight (0: none joined) */
};

struct sk_state {
	int n, sinks, recent, learned;
	long long seed;
	double sink_logit;
	double score[SK_MAX], value[SK_MAX];
	struct sk_result res[NCACHES];
	struct sk_result learned_res;     /* last W plus a learned sink logit */
	double learned_share;            /* the weight the learned sink takes */
	struct stream_cache stream;
	struct sk_result stream_res;      /* the query over what the stream holds now */
	int evicted[SK_MAX];
	int k;
	int arrived;                      /* tokens pushed into the stream */
	int nstops;                       /* the stream's steps */
	int stop_at[SK_NSTOPS];           /* tokens arrived at each of them */
	enum sk_stop stop[SK_NSTOPS];
};

enum { SK_SEED, SK_N, SK_SINKS, SK_RECENT, SK_SINK_SCORE, SK_LEARNED, SK_SINK_LOGIT, SK_NPARAMS };
static const struct param_spec sk_params[SK_NPARAMS + 1] = {
	[SK_SEED] = {.name = "seed", .kind = PARAM_INT, .min = -9e15, .max = 9e15, .help = "java.util.Random seed"},
	[SK_N] = {.name = "n", .kind = PARAM_INT, .min = 2, .max = SK_MAX, .help = "positions"},
	[SK_SINKS] = {.name = "sinks", .kind = PARAM_INT, .min = 0, .max = 64,
		.help = "sink positions kept at the start"},
	[SK_RECENT] = {.name = "recent", .kind = PARAM_INT, .min = 1, .max = 256, .help = "recent window W"},
	[SK_SINK_SCORE] = {.name = "sink_score", .kind = PARAM_REAL, .min = -100, .max = 100,
		.help = "score of position 0"},
	[SK_LEARNED] = {.name = "learned", .kind = PARAM_INT, .min = 0, .max = 1,
		.help = "1: a learned sink logit joins every softmax"},
	[SK_SINK_LOGIT] = {.name = "sink_logit", .kind = PARAM_REAL, .min = -100, .max = 100,
		.help = "the learned sink's logit"},
	[SK_NPARAMS] = {0},
};

/* Attend over the kept positions with the online row kernel (value dimension 1). */
static void attend(const struct sk_state *st, struct sk_result *r, int learned)
{
	struct attn_row row;
	double sc[SK_MAX + 1], val[SK_MAX + 1], out, ref;
	int m = 0;
	attn_row_init(&row, 1);
	if (learned) {
		/* A learned sink: a logit with a zero value, the same rescaling as any key. */
		attn_row_step(&row, st->sink_logit, (double[]){0});
		sc[m] = st->sink_logit, val[m++] = 0;
	}
	for (int i = 0; i < r->nkeys; i++) {
		int p = r->keep[i];
		attn_row_step(&row, st->score[p], &st->value[p]);
		sc[m] = st->score[p], val[m++] = st->value[p];
	}
	attn_row_output(&row, &out);
	attn_row_reference(sc, val, (size_t)m, 1, &ref);
	r->out = out;
	r->ref_out = ref;
	r->recent = 0;
	r->sink = learned ? exp(st->sink_logit - row.sm.m) / row.sm.s : 0;
	memset(r->weight, 0, sizeof r->weight);
	for (int i = 0; i < r->nkeys; i++) {
		int p = r->keep[i];
		r->weight[p] = exp(st->score[p] - row.sm.m) / row.sm.s;
		if (p >= st->n - st->recent)
			r->recent += r->weight[p];
	}
}

/* A stream stop once `at` tokens arrived, unless the walk is there or
 * past n already; the last stop is always n. */
static void sk_add_stop(struct sk_state *st, int at, enum sk_stop kind)
{
	if (at < 1 || at > st->n ||
	    (st->nstops > 0 && at <= st->stop_at[st->nstops - 1]))
		return;
	st->stop_at[st->nstops] = at;
	st->stop[st->nstops++] = kind;
}

static int sk_init(void *vs, const struct scene_env *env, char *err, size_t errlen)
{
	struct sk_state *st = vs;
	struct jrand r;
	st->seed = params_int(env->p, SK_SEED);
	st->n = (int)params_int(env->p, SK_N);
	st->sinks = (int)params_int(env->p, SK_SINKS);
	st->recent = (int)params_int(env->p, SK_RECENT);
	st->learned = (int)params_int(env->p, SK_LEARNED);
	st->sink_logit = params_real(env->p, SK_SINK_LOGIT);
	if (st->sinks + st->recent > st->n) {
		snprintf(err, errlen, "sinks, recent: %d + %d is more than n = %d", st->sinks, st->recent, st->n);
		return -1;
	}
	st->score[0] = params_real(env->p, SK_SINK_SCORE);   /* position 0 draws most of the attention */
	st->value[0] = 0;                                     /* and contributes almost nothing */
	jrand_init(&r, st->seed);
	for (int i = 1; i < st->n; i++) {
		st->score[i] = jrand_double(&r) * 2;
		st->value[i] = floor((jrand_double(&r) * 2 - 1) * 100 + 0.5) / 100.0;
	}
	struct sk_result *full = &st->res[CACHE_FULL], *last = &st->res[CACHE_LAST], *snk = &st->res[CACHE_SINKS];
	for (int p = 0; p < st->n; p++)
		full->keep[full->nkeys++] = p;
	for (int p = 0; p < st->sinks; p++)
		snk->keep[snk->nkeys++] = p;
	for (int p = st->n - st->recent; p < st->n; p++) {
		last->keep[last->nkeys++] = p;
		snk->keep[snk->nkeys++] = p;
	}
	for (int c = 0; c < NCACHES; c++)
		attend(st, &st->res[c], st->learned);
	/* The learned sink shown on its own step: the last W keys and the logit. */
	st->learned_res = *last;
	attend(st, &st->learned_res, 1);
	st->learned_share = 1;
	for (int p = 0; p < st->n; p++)
		st->learned_share -= st->learned_res.weight[p];
	ring_stream_init(&st->stream, st->sinks, st->recent);
	/* The stream's stops: as --print's lines (full, midway, the end),
	 * and the sinks in and the first eviction between. */
	int filled = st->sinks + st->recent;
	sk_add_stop(st, st->sinks, SK_SINKS_IN);
	sk_add_stop(st, filled, SK_FULL);
	sk_add_stop(st, filled + 1, SK_EVICT);
	sk_add_stop(st, (filled - 1 + st->n - 1) / 2 + 1, SK_MID);
	sk_add_stop(st, st->n, SK_END);
	return 0;
}

static int sk_nsteps(const void *vs)
{
	return NCACHES + 1 + ((const struct sk_state *)vs)->nstops;
}

#define SK_STREAM0 (NCACHES + 1)   /* steps before the first streamed token */

/* The query's weights over what the stream holds after its pushes. */
static void sk_stream_attend(const struct sk_state *st,
			     const struct stream_cache *sc, struct sk_result *r)
{
	r->nkeys = sc->n;
	for (int i = 0; i < sc->n; i++)
		r->keep[i] = sc->pos[i];
	attend(st, r, st->learned);
}

static void sk_step(void *vs)
{
	struct sk_state *st = vs;
	st->k++;
	if (st->k <= SK_STREAM0)
		return;
	int to = st->stop_at[st->k - SK_STREAM0 - 1];
	for (; st->arrived < to; st->arrived++) {
		ring_stream_push(&st->stream, st->arrived);
		st->evicted[st->arrived] = st->stream.last_evicted;
	}
	/* The bars follow the cache: the query's weights over the keys it
	 * holds after this token (after the last one: the sinks + last W). */
	sk_stream_attend(st, &st->stream, &st->stream_res);
}

/* Tokens arrived before step k (1 .. nsteps): 0 up to the first stop. */
static int sk_arrived_before(const struct sk_state *st, int k)
{
	return k - 1 > SK_STREAM0 ? st->stop_at[k - 2 - SK_STREAM0] : 0;
}

/* The tokens streaming in between step k - 1 and step k, SK_FRAMES
 * frames each. */
static int sk_tween(const void *vs, int k)
{
	const struct sk_state *st = vs;
	if (k <= SK_STREAM0 || k > SK_STREAM0 + st->nstops)
		return 0;
	return (st->stop_at[k - 1 - SK_STREAM0] - sk_arrived_before(st, k) -
		1) *
	       SK_FRAMES;
}

/* The stream as the picture shows it: the step's, or during the move
 * into it a token between (frame i: token before + (i - 1) / F). */
struct sk_stream_view {
	int arrived;
	struct stream_cache sc;
	struct sk_result res;
};

static void sk_stream_at(const struct sk_state *st, const struct view *v,
			 struct sk_stream_view *o)
{
	o->arrived = st->arrived;
	if (view_progress(v) < 1 && st->k > SK_STREAM0)
		o->arrived = sk_arrived_before(st, st->k) + 1 +
			     (v->frame - 1) / SK_FRAMES;
	if (o->arrived == st->arrived) {
		o->sc = st->stream;
		o->res = st->stream_res;
		return;
	}
	ring_stream_init(&o->sc, st->sinks, st->recent);
	for (int p = 0; p < o->arrived; p++)
		ring_stream_push(&o->sc, p);
	sk_stream_attend(st, &o->sc, &o->res);
}

/* Which positions the picture's columns show: one column per position when
 * they fit; otherwise the sinks (and a few middle ones), one column saying
 * how many are left out, then the newest positions, the recent window whole
 * (a column holding `per` positions when even the window does not fit). */
struct sk_cols {
	int n;                   /* columns used */
	int colw;                /* cells a column takes */
	int head;                /* columns before the gap (one position each) */
	int gap_from, gap_n;     /* positions left out, in the gap column (gap_n 0: no gap) */
	int tail_from, per;      /* the columns after the gap: per positions each from tail_from */
};

static void sk_layout(const struct sk_state *st, int w, struct sk_cols *k)
{
	memset(k, 0, sizeof *k);
	k->colw = 1;
	k->per = 1;
	if (st->n * 2 <= w || st->n <= w) {
		k->colw = st->n * 2 <= w ? 2 : 1;
		k->head = k->n = st->n;
		return;
	}
	int middle = st->n - st->sinks - st->recent;
	k->head = st->sinks + (middle > 0 ? (middle < 3 ? middle : 3) : 0);
	if (k->head > w / 4)
		k->head = w / 4;
	int cols = w - k->head - 1;
	if (cols < 1)                 /* a canvas too narrow for any bar: nothing to lay out */
		cols = 1;
	int want = st->n - k->head;   /* positions after the head */
	if (st->recent > cols) {      /* even the window is too wide: per positions a column */
		k->per = (st->recent + cols - 1) / cols;
		want = k->per * (cols < (st->n - k->head) / k->per ? cols : (st->n - k->head) / k->per);
	} else if (want > cols)
		want = cols;
	k->tail_from = st->n - want;
	k->gap_from = k->head;
	k->gap_n = k->tail_from - k->head;
	k->n = k->head + (k->gap_n > 0) + want / k->per;
}

/* Column i: the positions [*from, *from + *cnt); -1 for the gap column. */
static int sk_col(const struct sk_cols *k, int i, int *from, int *cnt)
{
	if (i < k->head) {
		*from = i, *cnt = 1;
		return 0;
	}
	if (k->gap_n > 0 && i == k->head) {
		*from = k->gap_from, *cnt = k->gap_n;
		return -1;
	}
	int t = i - k->head - (k->gap_n > 0);
	*from = k->tail_from + t * k->per, *cnt = k->per;
	return 0;
}

/* One cache's weights: a column per position (or per group of them, its
 * largest weight), `bars` rows high, its height the weight over the largest
 * weight of the cache (log would hide the sink's dominance); a dot where
 * the cache dropped the key; blank from position `arrived` on (tokens the
 * stream has not seen yet). */
/* A column `bars` rows tall from y0, filled to `eighths` eighths of a row
 * from the bottom. */
static void draw_bar(struct canvas *c, int x, int y0, int bars, int eighths, enum role role)
{
	for (int y = 0; y < bars; y++) {
		int e = eighths - y * 8;
		uint32_t g = e >= 8 ? GLYPH_FULL : e > 0 ? GLYPH_LOWER_EIGHTH - 1 + (uint32_t)e : ' ';
		canvas_put(c, x, y0 + bars - 1 - y, g, role);
	}
}

/* The kind of a column of positions from..last once `arrived` tokens came:
 * a sink (ROLE_HOT), in the recent window, the last W of those (ROLE_BAR),
 * or the middle (ROLE_BAR2); its letter s, r or m. */
static enum role sk_kind(const struct sk_state *st, int from, int last,
			 int arrived)
{
	return from < st->sinks ? ROLE_HOT
	       : last >= arrived - st->recent ? ROLE_BAR
					      : ROLE_BAR2;
}

static char sk_letter(enum role kind)
{
	return kind == ROLE_HOT ? 's' : kind == ROLE_BAR ? 'r' : 'm';
}

static void draw_weights(const struct sk_state *st, const struct sk_result *r, const struct sk_cols *k,
			 struct canvas *c, int y0, int bars, int arrived)
{
	double top = r->sink;
	for (int p = 0; p < st->n; p++)
		if (r->weight[p] > top)
			top = r->weight[p];
	/* A learned sink logit's weight, its own bar at the right (L): it takes
	 * weight as a sink token does, with no position. */
	if (r->sink > 0)
		draw_bar(c, c->w - 2, y0, bars, (int)lround(r->sink / top * bars * 8), ROLE_ACCENT);
	for (int i = 0; i < k->n; i++) {
		int from, cnt;
		if (sk_col(k, i, &from, &cnt) < 0) {
			canvas_put(c, i * k->colw, y0 + bars - 1, GLYPH_ELLIPSIS, ROLE_DIM);
			continue;
		}
		if (from >= arrived)
			continue;
		double w = 0;
		for (int p = from; p < from + cnt; p++)
			if (r->weight[p] > w)
				w = r->weight[p];
		int bar = top > 0 ? (int)lround(w / top * bars * 8) : 0;
		if (w > 0 && bar == 0)
			bar = 1;   /* a kept key always shows, however small its weight */
		enum role role = sk_kind(st, from, from + cnt - 1, arrived);
		draw_bar(c, i * k->colw, y0, bars, bar, role);
		if (w == 0)
			canvas_put(c, i * k->colw, y0 + bars - 1, GLYPH_DOT, ROLE_DIM);
	}
}

/* The columns the learned sink's bar keeps at the pane's right (L and a gap). */
#define SK_LEARNED_COLS 3

/* Under the bars: s, m or r by position once `arrived` tokens came (the
 * recent window is the last W of those; none under a token still to
 * come), then the positions: 0, the gap's "+N more", the first recent one
 * and the last. */
static void draw_axis(const struct sk_state *st, const struct sk_cols *k,
		      struct canvas *c, int y, int learned, int arrived)
{
	int rx = -1;
	if (learned)
		canvas_put(c, c->w - 2, y, 'L', ROLE_ACCENT);
	for (int i = 0; i < k->n; i++) {
		int from, cnt;
		if (sk_col(k, i, &from, &cnt) < 0)
			continue;
		/* the marker: the first recent position of the whole stream */
		if (from + cnt - 1 >= st->n - st->recent && rx < 0)
			rx = i * k->colw;
		/* A letter for each kind: in monochrome the sink's and the
		 * middle's bars are both bold. */
		if (from >= arrived)
			continue;
		enum role kind = sk_kind(st, from, from + cnt - 1, arrived);
		canvas_put(c, i * k->colw, y, sk_letter(kind), kind);
	}
	char buf[32];
	int x = canvas_printf(c, 0, y + 1, ROLE_DIM, "0");
	if (k->gap_n > 0) {
		snprintf(buf, sizeof buf, "…+%d more", k->gap_n);
		x = k->head * k->colw;
		x += canvas_text(c, x, y + 1, ROLE_DIM, buf);
	}
	int xe = (k->n - 1) * k->colw;
	snprintf(buf, sizeof buf, "%d", st->n - 1);
	int le = (int)strlen(buf);
	if (xe - le + 1 > x + 1)
		canvas_text(c, xe - le + 1, y + 1, ROLE_DIM, buf);
	snprintf(buf, sizeof buf, "↑%d", st->n - st->recent);
	if (rx > x && rx + utf8_width(buf) < xe - le)
		canvas_text(c, rx, y + 1, ROLE_BAR, buf);
}

/* The streaming cache, one cell per entry: the sinks, then as many of the
 * newest entries as fit (the one just added always in view), "+N" between. */
static void draw_stream(const struct sk_state *st,
			const struct sk_stream_view *sv, struct canvas *c,
			int y)
{
	const struct stream_cache *sc = &sv->sc;
	int cw = st->n > 100 ? 4 : st->n > 10 ? 3 : 2, x0 = 6, cap = (c->w - x0) / cw;
	canvas_text(c, 0, y, ROLE_LABEL, "streaming cache: pos, and its place (RoPE)");
	canvas_text(c, 0, y + 1, ROLE_DIM, "pos");
	canvas_text(c, 0, y + 2, ROLE_DIM, "place");
	int skip_from = sc->n, skip = 0;
	if (sc->n > cap) {   /* keep the sinks and the newest; one cell says how many are between */
		skip_from = st->sinks < cap - 2 ? st->sinks : 0;
		skip = sc->n - (cap - 1);
	}
	int x = x0;
	for (int i = 0; i < sc->n; i++) {
		if (i == skip_from && skip > 0) {
			char more[16];
			snprintf(more, sizeof more, "+%d", skip);
			canvas_text(c, x + cw - 1, y + 1, ROLE_DIM, "…");
			if ((int)strlen(more) <= cw)
				canvas_text(c, x + cw - (int)strlen(more), y + 2, ROLE_DIM, more);
			x += cw;
			i += skip - 1;
			continue;
		}
		int is_new = sc->pos[i] == sv->arrived - 1;
		/* The colours of the bars' kinds (s, m, r), the newest in the accent. */
		enum role role = sk_kind(st, i, sc->pos[i], sv->arrived);
		if (is_new && role != ROLE_HOT)
			role = ROLE_ACCENT;
		canvas_printf(c, x, y + 1, role, "%*d", cw, sc->pos[i]);
		canvas_printf(c, x, y + 2, ROLE_DIM, "%*d", cw, i);
		x += cw;
	}
}

/* "Token 12" or "Tokens 4 to 11": those arrived since the last stop. */
static void sk_since(const struct sk_state *st, char *buf, size_t len)
{
	int from = sk_arrived_before(st, st->k), to = st->arrived - 1;
	if (from >= to)
		snprintf(buf, len, "Token %d", to);
	else if (from + 1 == to)
		snprintf(buf, len, "Tokens %d and %d", from, to);
	else
		snprintf(buf, len, "Tokens %d to %d", from, to);
}

/* The cache's positions as "[0, 1, 2, 3, 8, 9]", or as runs "[0–63,
 * 165–235]" when more than 12. */
static void sk_cache_words(const struct sk_state *st, char *buf, size_t len)
{
	const struct stream_cache *sc = &st->stream;
	size_t n = (size_t)snprintf(buf, len, "[");
	for (int i = 0; i < sc->n && n < len; i++) {
		int j = i;
		if (sc->n > 12) /* the run of consecutive positions from i */
			while (j + 1 < sc->n &&
			       sc->pos[j + 1] == sc->pos[j] + 1)
				j++;
		n += (size_t)snprintf(buf + n, len - n, "%s%d", i ? ", " : "",
				      sc->pos[i]);
		if (j > i && n < len)
			n += (size_t)snprintf(buf + n, len - n, "–%d",
					      sc->pos[j]);
		i = j;
	}
	if (n < len)
		snprintf(buf + n, len - n, "]");
}

/* The stream step's point: what happens to the cache at this stop. */
static void sk_narrate_stream(const struct sk_state *st, struct view *v)
{
	char since[48], cache[80];
	int last = st->arrived - 1, gone = last - st->recent;
	/* one token or more: "Token 4 fills", "Tokens 4 to 11 fill" */
	const char *s1 =
	    st->arrived - sk_arrived_before(st, st->k) > 1 ? "" : "s";
	sk_since(st, since, sizeof since);
	sk_cache_words(st, cache, sizeof cache);
	switch (st->stop[st->k - SK_STREAM0 - 1]) {
	case SK_SINKS_IN:
		snprintf(v->narration, VIEW_NARRATION,
			 "%s enter%s the streaming cache at places 0 to %d: "
			 "the sinks, kept forever however long the stream "
			 "grows. The bars: the query's weights over the keys "
			 "cached so far.",
			 since, s1, last);
		break;
	case SK_FULL:
		snprintf(v->narration, VIEW_NARRATION,
			 "%s fill%s the recent window: the cache %s holds %d "
			 "entries, all it will ever hold. Nothing has left "
			 "yet.",
			 since, s1, cache, st->stream.n);
		break;
	case SK_EVICT:
		snprintf(v->narration, VIEW_NARRATION,
			 "Token %d arrives; the cache is full, so the oldest "
			 "non-sink entry, position %d, leaves (its bar turns "
			 "to ·). RoPE uses places in the cache (0..%d), "
			 "always inside the trained range.",
			 last, st->evicted[last], st->stream.n - 1);
		break;
	case SK_MID:
		snprintf(v->narration, VIEW_NARRATION,
			 "%s each evict%s the oldest non-sink: positions %d to "
			 "%d are gone, %s. After token %d the cache is %s.",
			 since, s1, st->sinks, gone,
			 st->sinks ? "the sinks stay"
				   : "no sink keeps the start",
			 last, cache);
		break;
	default:
		snprintf(v->narration, VIEW_NARRATION,
			 "After token %d positions %d to %d have left: the "
			 "cache is the %d sinks + last %d, and its bars give "
			 "the recent positions %.1f%% of the weight, as that "
			 "cache did above (output %+.4f).",
			 last, st->sinks, gone, st->sinks, st->recent,
			 100 * st->stream_res.recent, st->stream_res.out);
		break;
	}
}

static void sk_render(const void *vs, struct view *v)
{
	const struct sk_state *st = vs;
	struct canvas *c = v->pic;
	static const char *const names[NCACHES + 1] = {"full cache", "last W only", "sinks + last W",
						       "last W+learned"};
	const struct sk_result *res[NCACHES + 1] = {&st->res[0], &st->res[1], &st->res[2], &st->learned_res};
	int shown = st->k < NCACHES + 1 ? st->k : NCACHES + 1;
	/* A line per cache shown (its numbers), then the bars of this step's
	 * cache (the sinks + last W one while the stream fills), s/r and the
	 * positions under them, then three rows of stream. */
	int streaming = st->k > SK_STREAM0;
	struct sk_stream_view sv;
	if (streaming)
		sk_stream_at(st, v, &sv);
	int bars = c->h - (NCACHES + 1) - 2 - (streaming ? 3 : 0);
	if (bars < 1)
		bars = 1;
	for (int ci = 0; ci < shown; ci++) {
		const struct sk_result *r = res[ci];
		enum role role = ci == shown - 1 && !streaming ? ROLE_ACCENT : ROLE_LABEL;
		canvas_printf(c, 0, ci, role, "%-15s recent %.3f  out %+.4f", names[ci], r->recent, r->out);
	}
	/* While the stream fills, the bars are the cache as it stands. */
	const struct sk_result *bars_of = shown == 0  ? NULL
					  : streaming ? &sv.res
						      : res[shown - 1];
	int learned = bars_of && bars_of->sink > 0;
	struct sk_cols cols;
	int lw = c->w - (learned ? SK_LEARNED_COLS : 0);   /* at least a column, however small the pane */
	sk_layout(st, lw > 1 ? lw : 1, &cols);
	int y0 = NCACHES + 1;
	if (bars_of) {
		draw_weights(st, bars_of, &cols, c, y0, bars,
			     streaming ? sv.arrived : st->n);
		draw_axis(st, &cols, c, y0 + bars, learned,
			  streaming ? sv.arrived : st->n);
	} else {
		/* Step 0: the caches the steps compare, a ? for each of their
		 * numbers, and the positions with their kinds under the bars
		 * still to come. */
		for (int ci = 0; ci < NCACHES; ci++)
			canvas_printf(c, 0, ci, ROLE_DIM,
				      "%-15s recent ?      out ?", names[ci]);
		canvas_text(c, 0, y0 + bars / 2, ROLE_DIM,
			    "? how much weight each position gets");
		draw_axis(st, &cols, c, y0 + bars, 0, st->n);
	}
	if (streaming)
		draw_stream(st, &sv, c, y0 + bars + 2);
	struct canvas *s = v->side;
	canvas_printf(s, 0, 0, ROLE_NORMAL, "seed %lld, n %d", st->seed, st->n);
	canvas_printf(s, 0, 1, ROLE_NORMAL, "%d sinks + last %d", st->sinks, st->recent);
	canvas_printf(s, 0, 2, ROLE_NORMAL, "pos 0: score %.1f value 0", st->score[0]);
	if (learned) {   /* the logit where its bar is drawn, with this softmax's weight for it */
		canvas_printf(s, 0, 3, ROLE_ACCENT, "learned logit %.2f", st->sink_logit);
		canvas_printf(s, 0, 4, ROLE_ACCENT, "  its weight %.3f", bars_of->sink);
	}
	canvas_text(s, 0, 5, ROLE_HOT, "s █ sink positions");
	canvas_text(s, 0, 6, ROLE_BAR2, "m █ middle");
	canvas_text(s, 0, 7, ROLE_BAR, "r █ recent W");
	int dropped = 0;   /* named when some position is drawn as dropped */
	for (int y = 0; y < c->h && !dropped; y++)
		for (int x = 0; x < c->w && !dropped; x++)
			dropped = canvas_at(c, x, y)->ch == GLYPH_DOT;
	if (dropped)
		canvas_text(s, 0, 8, ROLE_DIM, "· dropped from the cache");
	if (streaming && sv.arrived < st->n)   /* tokens still to come */
		canvas_text(s, 0, 9, ROLE_DIM, "  blank: not arrived yet");
	else if (learned)
		canvas_text(s, 0, 9, ROLE_ACCENT, "L █ learned sink logit");
	if (streaming)
		canvas_printf(s, 0, 10, ROLE_DIM, "bars: cache at token %d",
			      sv.arrived - 1);
	else if (st->k > 0)
		canvas_printf(s, 0, 10, ROLE_DIM, "bars: %s", names[shown - 1]);
	if (st->k > 0) {
		canvas_text(s, 0, 11, ROLE_DIM, "height ∝ weight, top max");
		if (cols.per > 1)
			canvas_printf(s, 0, 12, ROLE_DIM, "right: %d pos/column, max", cols.per);
	}

	if (st->k == 0)
		snprintf(v->narration, VIEW_NARRATION,
			 "One query over %d positions. Position 0 is a sink: a high score (%.1f) and value 0, so it drains "
			 "weight without changing the output. The others' scores and values are the lesson's seeded numbers "
			 "(seed %lld).",
			 st->n, st->score[0], st->seed);
	else if (st->k == SK_STREAM0)
		snprintf(v->narration, VIEW_NARRATION,
			 "A learned sink (gpt-oss): no sink tokens kept, but a logit of %.2f joins every softmax with no value. "
			 "It takes %.1f%% of the weight, the last %d keys the rest; output %+.4f.",
			 st->sink_logit, 100 * st->learned_share, st->recent, st->learned_res.out);
	else if (st->k <= NCACHES) {
		const struct sk_result *r = &st->res[st->k - 1];
		char why[120] = "";
		if (st->k == 2 && r->sink > 0)   /* learned=1: the logit takes the sinks' share */
			snprintf(why, sizeof why, " Without sink tokens the learned logit still takes %.1f%%.", 100 * r->sink);
		else if (st->k == 2)
			snprintf(why, sizeof why, " Without the sink, softmax must give all the weight to recent tokens.");
		else if (st->k == 3)
			snprintf(why, sizeof why, " Keeping the sinks restores the normalisation.");
		snprintf(v->narration, VIEW_NARRATION, "%s (%d keys): positions %d-%d get %.1f%% of the weight; output %+.4f.%s",
			 names[st->k - 1], r->nkeys, st->n - st->recent, st->n - 1, 100 * r->recent, r->out, why);
	} else
		sk_narrate_stream(st, v);
}

/* The weight on the recent positions by the two-pass reference: the max of
 * the kept scores (and the learned logit) first, then the sum. */
static double recent_by_two_pass(const struct sk_state *st, const struct sk_result *r)
{
	double max = st->learned ? st->sink_logit : -INFINITY, sum = 0, recent = 0;
	for (int i = 0; i < r->nkeys; i++)
		max = fmax(max, st->score[r->keep[i]]);
	if (st->learned)
		sum += exp(st->sink_logit - max);
	for (int i = 0; i < r->nkeys; i++)
		sum += exp(st->score[r->keep[i]] - max);
	for (int i = 0; i < r->nkeys; i++)
		if (r->keep[i] >= st->n - st->recent)
			recent += exp(st->score[r->keep[i]] - max) / sum;
	return recent;
}

/* The parameters that shape the caches, as the inputs of an item. */
static void sk_in_sizes(struct summary *s, const struct sk_state *st)
{
	summary_input(s, "n", st->n, "parameter n, positions (the lesson's 20)");
	summary_input(s, "sinks", st->sinks, "parameter sinks (the lesson's 4)");
	summary_input(s, "W", st->recent, "parameter recent, the recent window (the lesson's 8)");
}

/* ... and those that draw the scores and values. */
static void sk_in_draw(struct summary *s, const struct sk_state *st)
{
	summary_input(s, "seed", (double)st->seed, "parameter seed of java.util.Random");
	summary_input(s, "sink_score", st->score[0], "parameter sink_score, the score of position 0");
	if (st->learned)
		summary_input(s, "sink_logit", st->sink_logit, "parameter sink_logit (learned = 1)");
}

static void sk_summary(const void *vs, struct summary *s)
{
	const struct sk_state *st = vs;
	static const char *const what[NCACHES] = {"all keys", "the last W keys only", "the sinks plus the last W"};
	for (int c = 0; c < NCACHES; c++) {
		const struct sk_result *r = &st->res[c];
		summary_int(s, r->nkeys, "keys.%s", cache_key[c]);
		summary_words(s, "keys the %s cache keeps: %s", cache_key[c], what[c]);
		sk_in_sizes(s, st);
		summary_check_real(s, HOW_REFERENCE, r->recent, recent_by_two_pass(st, r), 1e-12, "recent_weight.%s", cache_key[c]);
		summary_words(s, "the attention weight on the recent positions n - W .. n - 1 with the %s cache: the sum over "
			      "them of exp(score - m) / s with the streaming m and s", cache_key[c]);
		sk_in_sizes(s, st);
		sk_in_draw(s, st);
		if (st->learned)
			summary_explain(s, "the learned sink logit joins the denominator with no value");
		summary_explain(s, "scores: position 0 = sink_score, the others 2 * nextDouble() of java.util.Random(seed)");
		summary_explain(s, "second way: the two-pass softmax over the kept scores");
		summary_check_real(s, HOW_REFERENCE, r->out, r->ref_out, 1e-12, "output.%s", cache_key[c]);
		summary_words(s, "the attention output over the %s cache: acc / s from the online row kernel", cache_key[c]);
		sk_in_sizes(s, st);
		sk_in_draw(s, st);
		summary_explain(s, "values: position 0 = 0, the others round(100 * (2 * nextDouble() - 1)) / 100");
		summary_explain(s, "second way: full softmax first, then the weighted sum of values");
	}
	struct stream_cache sc;
	ring_stream_init(&sc, st->sinks, st->recent);
	for (int p = 0; p < st->n; p++) {
		ring_stream_push(&sc, p);
		summary_int(s, sc.last_evicted, "evicted.%d", p);
		summary_words(s, "the position token %d evicts from the streaming cache, -1 for none", p);
		summary_input(s, "p", p, "the token pushed, position %d of n", p);
		summary_input(s, "sinks", st->sinks, "parameter sinks (the lesson's 4)");
		summary_input(s, "W", st->recent, "parameter recent, the recent window (the lesson's 8)");
		summary_formula(s, 0, "-1 + min(1, max(0, p - (sinks + W) + 1)) * (p - W + 1)");
		summary_explain(s, "the cache holds sinks + W tokens; once full (p >= sinks + W: the min(1, max(0, ...)) "
			       "factor is 1, else 0) each token evicts the oldest non-sink, p - W");
	}
}

static void sk_print(const void *vs, FILE *out)
{
	const struct sk_state *st = vs;
	char names[NCACHES][40];
	snprintf(names[0], sizeof names[0], "full cache");
	snprintf(names[1], sizeof names[1], "last %d only", st->recent);
	snprintf(names[2], sizeof names[2], "%d sinks + last %d", st->sinks, st->recent);
	for (int c = 0; c < NCACHES; c++)
		fprintf(out, "%-18s keys %2d  weight on positions %d-%d %.3f  output %+.4f\n", names[c], st->res[c].nkeys,
			st->n - st->recent, st->n - 1, st->res[c].recent, st->res[c].out);
	struct stream_cache sc;
	ring_stream_init(&sc, st->sinks, st->recent);
	int full_at = st->sinks + st->recent - 1;
	for (int p = 0; p < st->n; p++) {
		ring_stream_push(&sc, p);
		/* The lesson shows the cache when it first fills, midway and at the end. */
		if (p != full_at && p != st->n - 1 && p != (full_at + st->n - 1) / 2)
			continue;
		fprintf(out, "after token %d: cache [", p);
		for (int i = 0; i < sc.n; i++)
			fprintf(out, "%s%d", i ? ", " : "", sc.pos[i]);
		fprintf(out, "], positions used for RoPE 0..%d\n", sc.n - 1);
	}
}

const struct scene_class scene_sinks = {
	.id = "sinks",
	.params = sk_params,
	.nparams = SK_NPARAMS,
	.state_size = sizeof(struct sk_state),
	.init = sk_init,
	.nsteps = sk_nsteps,
	.step = sk_step,
	.render = sk_render,
	.summary = sk_summary,
	.print = sk_print,
	.tween = sk_tween,
};
