/*
 * mla-absorb (lesson Ex. 7): a token's hidden state is compressed to the
 * latent c = W_DKV h, the only thing MLA caches.  Each head scores a later
 * query two ways: decompress the key (q . (W_UK c)) or fold W_UK into the
 * query once ((W_UK^T q) . c).  Steps: c, then per head the two paths.
 */
#include <math.h>
#include <string.h>

#include "glyph.h"
#include "kern/mla.h"
#include "scene/scene.h"
#include "scenes/lib/common.h"

#define ML_MAX_DIM 16
#define ML_MAX_HEADS 8

struct ml_state {
	int dm, lat, hd, heads;
	long long seed;
	double down[ML_MAX_DIM * ML_MAX_DIM];                 /* [lat][dm] W_DKV */
	double up[ML_MAX_HEADS][ML_MAX_DIM * ML_MAX_DIM];     /* [heads][hd][lat] W_UK */
	double hidden[ML_MAX_DIM];                            /* [dm] */
	double q[ML_MAX_HEADS][ML_MAX_DIM];                   /* [heads][hd] */
	double c[ML_MAX_DIM];                                 /* [lat] */
	double k[ML_MAX_HEADS][ML_MAX_DIM], qa[ML_MAX_HEADS][ML_MAX_DIM];
	double direct[ML_MAX_HEADS], absorbed[ML_MAX_HEADS];
};

enum { ML_SEED, ML_D_MODEL, ML_LATENT, ML_HEAD_DIM, ML_HEADS, ML_NPARAMS };
static const struct param_spec ml_params[ML_NPARAMS + 1] = {
	[ML_SEED] = {.name = "seed", .kind = PARAM_INT, .min = -9e15, .max = 9e15, .help = "java.util.Random seed"},
	[ML_D_MODEL] = {.name = "d_model", .kind = PARAM_INT, .min = 1, .max = ML_MAX_DIM, .help = "hidden size"},
	[ML_LATENT] = {.name = "latent", .kind = PARAM_INT, .min = 1, .max = ML_MAX_DIM,
		.help = "latent size (kv_lora_rank)"},
	[ML_HEAD_DIM] = {.name = "head_dim", .kind = PARAM_INT, .min = 1, .max = ML_MAX_DIM,
		.help = "key dimension per head"},
	[ML_HEADS] = {.name = "heads", .kind = PARAM_INT, .min = 1, .max = ML_MAX_HEADS, .help = "heads"},
	[ML_NPARAMS] = {0},
};

static int ml_init(void *vs, const struct scene_env *env, char *err, size_t errlen)
{
	struct ml_state *st = vs;
	struct jrand r;
	(void)err, (void)errlen;
	st->seed = params_int(env->p, ML_SEED);
	st->dm = (int)params_int(env->p, ML_D_MODEL);
	st->lat = (int)params_int(env->p, ML_LATENT);
	st->hd = (int)params_int(env->p, ML_HEAD_DIM);
	st->heads = (int)params_int(env->p, ML_HEADS);
	/* Draw in the lesson's order: W_DKV, each W_UK, the hidden state, each query. */
	jrand_init(&r, st->seed);
	mla_rand(&r, st->down, (size_t)st->lat * st->dm);
	for (int h = 0; h < st->heads; h++)
		mla_rand(&r, st->up[h], (size_t)st->hd * st->lat);
	mla_rand(&r, st->hidden, (size_t)st->dm);
	for (int h = 0; h < st->heads; h++)
		mla_rand(&r, st->q[h], (size_t)st->hd);
	mla_mul(st->down, (size_t)st->lat, (size_t)st->dm, st->hidden, st->c);
	for (int h = 0; h < st->heads; h++) {
		mla_mul(st->up[h], (size_t)st->hd, (size_t)st->lat, st->c, st->k[h]);
		st->direct[h] = mla_dot(st->q[h], st->k[h], (size_t)st->hd);
		mla_mul_t(st->up[h], (size_t)st->hd, (size_t)st->lat, st->q[h], st->qa[h]);
		st->absorbed[h] = mla_dot(st->qa[h], st->c, (size_t)st->lat);
	}
	return 0;
}

static int ml_nsteps(const void *vs)
{
	return 1 + 2 * ((const struct ml_state *)vs)->heads;
}

static void vec_text(char *buf, size_t len, const double *v, int n, int decimals)
{
	size_t at = (size_t)snprintf(buf, len, "(");
	for (int i = 0; i < n && at < len; i++) {
		at += (size_t)snprintf(buf + at, len - at, "%.*f", decimals, v[i]);
		if (i + 1 < n && at < len)
			at += (size_t)snprintf(buf + at, len - at, ", ");
	}
	if (at < len)
		snprintf(buf + at, len - at, ")");
}

/* "label (a, b, …)" wrapped whole over the pane's width; returns the rows used. */
static int vec_rows(struct canvas *c, int x, int y, int rows, enum role role, const char *label, const double *v,
		    int n, int decimals)
{
	char a[400], line[480];
	vec_text(a, sizeof a, v, n, decimals);
	snprintf(line, sizeof line, "%s%s", label, a);
	return canvas_wrap(c, x, y, c->w - x, rows, role, line);
}

/* Rows vec_rows would take. */
static int vec_need(const struct canvas *c, int x, const char *label, const double *v, int n, int decimals)
{
	char a[400], line[480];
	vec_text(a, sizeof a, v, n, decimals);
	snprintf(line, sizeof line, "%s%s", label, a);
	return canvas_wrap_lines(c->w - x, line);
}

/* A row of numbers with `dec` decimals (1 to 3), each in 5, 6 or 8
 * columns, a blank after it ("-14.823"), as many as fit in w columns
 * from x; the rest counted ("+3").  Returns the columns written, the
 * blank after the last not counted. */
static int num_row(struct canvas *c, int x, int y, int w, enum role role,
		   const double *v, int n, int dec)
{
	int cw = dec + 4 + (dec > 2), fit = w / cw,
	    shown = n <= fit ? n : fit - 1;
	if (shown < 0)
		shown = 0;
	for (int j = 0; j < shown; j++)
		canvas_printf(c, x + j * cw, y, role, "%*.*f", cw - 1, dec,
			      v[j]);
	if (shown < n)
		return shown * cw + canvas_printf(c, x + shown * cw, y,
						  ROLE_DIM, "+%d", n - shown);
	return shown ? shown * cw - 1 : 0;
}

/*
 * The lesson's small example as a picture: the hidden state's numbers go
 * down through W_DKV into the latent c, the only thing cached, and back up
 * through each head's W_UK and W_UV to its key and value (heads * head_dim
 * * 2 numbers, what an MHA cache would hold).  Keys with the numbers the
 * scene computes; values as places only (the lesson draws no W_UV).
 */
static void ml_hourglass(const struct ml_state *st, struct canvas *c)
{
	int y = 0, w = c->w, shown_h = st->dm * 5 <= w ? st->dm : w / 5 - 1;
	int hw = shown_h * 5 + (shown_h < st->dm ? 4 : 0), mid = hw / 2;
	char buf[160];
	if (hw < 12)
		hw = 12, mid = 6;
	canvas_printf(c, 0, y++, ROLE_LABEL,
		      "h, the token's hidden state: %d number%s", st->dm,
		      st->dm == 1 ? "" : "s");
	num_row(c, 0, y++, w, ROLE_NORMAL, st->hidden, st->dm, 1);
	/* down: the funnel narrows to the latent */
	canvas_put(c, 2, y, GLYPH_ARROW_SE, ROLE_DIM);
	canvas_put(c, hw - 3, y, GLYPH_ARROW_SW, ROLE_DIM);
	snprintf(buf, sizeof buf, "W_DKV (%d × %d)", st->lat, st->dm);
	canvas_printf_whole(c, mid - utf8_width(buf) / 2, y++, ROLE_DIM, "%s",
			    buf);
	canvas_put(c, mid - hw / 4, y, GLYPH_ARROW_SE, ROLE_DIM);
	canvas_put(c, mid + hw / 4, y++, GLYPH_ARROW_SW, ROLE_DIM);
	/* the latent, the one thing cached */
	int cw = 5 + st->lat * 6 + 2;
	int cx = mid - cw / 2 < 0 ? 0 : mid - cw / 2;
	canvas_text(c, cx, y, ROLE_ACCENT, "c = (");
	int used =
	    num_row(c, cx + 5, y, w - cx - 7, ROLE_ACCENT, st->c, st->lat, 2);
	canvas_text(c, cx + 5 + used, y, ROLE_ACCENT, " )");
	snprintf(buf, sizeof buf, "cached: %d number%s", st->lat,
		 st->lat == 1 ? "" : "s");
	canvas_printf_whole(c, cx + 5 + used + 3, y, ROLE_ACCENT, "%s", buf);
	y++;
	/* up: each head's key and value rebuilt from c */
	canvas_put(c, mid - hw / 4, y, GLYPH_ARROW_SW, ROLE_DIM);
	canvas_put(c, mid + hw / 4, y++, GLYPH_ARROW_SE, ROLE_DIM);
	canvas_put(c, 2, y, GLYPH_ARROW_SW, ROLE_DIM);
	canvas_put(c, hw - 3, y, GLYPH_ARROW_SE, ROLE_DIM);
	canvas_printf_whole(c, mid - 13, y++, ROLE_DIM,
			    "W_UK, W_UV per head: back up");
	/* a row a head while they fit, the last rows kept for the count and the note */
	int rows = c->h - y - 2,
	    heads = st->heads <= rows ? st->heads : rows - 1;
	for (int h = 0; h < heads; h++, y++) {
		int x = canvas_printf(c, 0, y, ROLE_LABEL, "head %d  k", h) + 1;
		int kw = st->hd * 8 <= w - x - 6 ? st->hd * 8 : 0;
		if (kw)
			x += num_row(c, x - 1, y, kw, ROLE_BAR, st->k[h],
				     st->hd, 3);
		else
			x += canvas_printf(c, x, y, ROLE_BAR, "%d numbers",
					   st->hd) +
			     1;
		x += canvas_text(c, x, y, ROLE_LABEL, " v") + 1;
		if (st->hd * 2 <= w - x)
			for (int j = 0; j < st->hd; j++)
				canvas_put(c, x + 2 * j, y, GLYPH_DOT,
					   ROLE_DIM);
		else
			canvas_printf(c, x, y, ROLE_DIM, "%d numbers", st->hd);
	}
	if (heads < st->heads && heads >= 0)
		canvas_printf(c, 0, y++, ROLE_DIM, "+%d more heads",
			      st->heads - heads);
	snprintf(buf, sizeof buf,
		 "%d rebuilt, what MHA would cache; MLA caches %d",
		 st->heads * st->hd * 2, st->lat);
	if (!canvas_printf_whole(c, 0, y, ROLE_NORMAL, "%s", buf))
		canvas_printf_whole(c, 0, y, ROLE_NORMAL,
				    "%d rebuilt, %d cached",
				    st->heads * st->hd * 2, st->lat);
	y++;
	canvas_printf_whole(c, 0, y, ROLE_DIM,
			    "· a value's number: the lesson draws no W_UV");
}

/* Steps: 0 = W_DKV and h; 1 = the latent c; then for each head h,
 * 2 + 2h = the direct path, 3 + 2h = the absorbed path beside it. */
static void ml_render(const void *vs, struct view *v)
{
	const struct ml_state *st = vs;
	struct canvas *c = v->pic;
	int y = 0;
	int cur = v->step >= 2 ? (v->step - 2) / 2 : -1, absorbed_shown = v->step >= 3 && (v->step - 2) % 2 == 1;
	if (v->step == 1) {
		ml_hourglass(st, c);
	} else if (v->step < 2) {
		/* The matrix, as many whole columns and rows as fit. */
		/* The rows left after the label, a gap and the vectors below it. */
		/* h: its label, then its numbers under W_DKV's columns, each
		 * column the weights that multiply that number (a tuple wrapped
		 * mid-way once read "(1.5, ..., -0.3," over "1.6)") */
		int vec = 2;
		int fit_c = c->w / 5, fit_r = c->h - 2 - vec;
		int show_c = st->dm <= fit_c ? st->dm : fit_c - 1, show_r = st->lat <= fit_r ? st->lat : fit_r - 1;
		canvas_printf(c, 0, y++, ROLE_LABEL, "W_DKV (latent %d × d_model %d)", st->lat, st->dm);
		for (int i = 0; i < show_r; i++, y++) {
			for (int j = 0; j < show_c; j++)
				canvas_printf(c, j * 5, y, ROLE_NORMAL, "%4.1f", st->down[i * st->dm + j]);
			if (show_c < st->dm)
				canvas_printf(c, show_c * 5, y, ROLE_DIM, " +%d", st->dm - show_c);
		}
		if (show_r < st->lat)
			canvas_printf(c, 0, y++, ROLE_DIM, "+%d more rows", st->lat - show_r);
		y++;
		canvas_printf(c, 0, y++, ROLE_LABEL, "hidden h (d_model %d), a number a column", st->dm);
		for (int j = 0; j < show_c; j++)
			canvas_printf(c, j * 5, y, ROLE_NORMAL, "%4.1f", st->hidden[j]);
		if (show_c < st->dm)
			canvas_printf(c, show_c * 5, y, ROLE_DIM, " +%d", st->dm - show_c);
		y++;
	} else {
		canvas_printf(c, 0, y++, ROLE_DIM, "W_DKV: %d × %d, h: %d numbers (shown at step 0)", st->lat, st->dm, st->dm);
	}
	if (v->step >= 2)
		y += vec_rows(c, 0, y, c->h - y, ROLE_ACCENT, "cached latent c = W_DKV h = ", st->c, st->lat, 2);
	if (cur >= 0) {
		/* Earlier heads in one line each (the latest that fit), the current one in full. */
		int need = 1 + vec_need(c, 2, "k = W_UK c = ", st->k[cur], st->hd, 3) + 1 +
			   (absorbed_shown ? vec_need(c, 2, "W_UKᵀq = ", st->qa[cur], st->lat, 3) + 1 : 0);
		char label[40];
		snprintf(label, sizeof label, "head %d: q = ", cur);
		need += vec_need(c, 0, label, st->q[cur], st->hd, 1);
		int avail = c->h - y - 1;
		/* Too long to draw whole: the vectors are left out, the scores stay.
		 * W_UK, whose product with c is the key, where its rows fit too. */
		int wuk = 1 + st->hd, show_wuk = need + wuk <= avail && 2 + st->lat * 5 <= c->w;
		need += show_wuk ? wuk : 0;
		int detail = need <= avail, body = detail ? need : 2 + absorbed_shown;
		int earlier = avail - body, first = 0;
		if (earlier < cur)
			first = earlier >= 1 ? cur - (earlier - 1) : cur;
		y++;
		if (first > 0 && earlier >= 1)
			canvas_printf(c, 0, y++, ROLE_DIM, "+%d earlier heads agree too (--summary)", first);
		for (int h = first; h < cur; h++)
			canvas_printf(c, 0, y++, ROLE_NORMAL, "head %d: direct %.4f = absorbed %.4f", h, st->direct[h],
				      st->absorbed[h]);
		if (detail) {
			y += vec_rows(c, 0, y, c->h - y, ROLE_LABEL, label, st->q[cur], st->hd, 1);
			if (show_wuk) {
				canvas_printf(c, 2, y++, ROLE_DIM, "W_UK (head_dim %d × latent %d)", st->hd, st->lat);
				for (int i = 0; i < st->hd; i++, y++)
					for (int j = 0; j < st->lat; j++)
						canvas_printf(c, 2 + j * 5, y, ROLE_DIM, "%4.1f", st->up[cur][i * st->lat + j]);
			}
			y += vec_rows(c, 2, y, c->h - y, ROLE_BAR, "k = W_UK c = ", st->k[cur], st->hd, 3);
		} else {
			canvas_printf(c, 0, y++, ROLE_LABEL, "head %d (q and k: %d numbers each, not drawn)", cur, st->hd);
		}
		canvas_printf(c, 2, y++, ROLE_BAR, "direct    q·(W_UK c) = %.4f", st->direct[cur]);
		if (absorbed_shown) {
			if (detail)
				y += vec_rows(c, 2, y, c->h - y, ROLE_BAR2, "W_UKᵀq = ", st->qa[cur], st->lat, 3);
			canvas_printf(c, 2, y++, ROLE_BAR2, "absorbed  (W_UKᵀq)·c = %.4f", st->absorbed[cur]);
		}
	}
	struct canvas *s = v->side;
	canvas_text(s, 0, 0, ROLE_LABEL, "floats cached per token");
	canvas_printf(s, 0, 1, ROLE_NORMAL, "MHA K and V: %d", st->heads * st->hd * 2);
	canvas_printf(s, 0, 2, ROLE_ACCENT, "MLA latent:  %d", st->lat);
	canvas_printf(s, 0, 4, ROLE_DIM, "seed %lld", st->seed);
	canvas_printf(s, 0, 5, ROLE_DIM, "d_model %d", st->dm);
	canvas_printf(s, 0, 6, ROLE_DIM, "%d heads of dim %d", st->heads, st->hd);

	if (v->step == 0)
		snprintf(v->narration, VIEW_NARRATION,
			 "MLA caches one latent c per token instead of per-head keys and values. W_DKV maps the hidden state "
			 "(the lesson's seeded numbers, seed %lld, rounded to 0.1) down to %d numbers.", st->seed, st->lat);
	else if (v->step == 1)
		snprintf(v->narration, VIEW_NARRATION,
			 "c = W_DKV h: %d numbers instead of the %d an MHA "
			 "cache would hold for this token. Each head's "
			 "W_UK and W_UV rebuild its key and value from c when "
			 "needed.",
			 st->lat, st->heads * st->hd * 2);
	else if (!absorbed_shown)
		snprintf(v->narration, VIEW_NARRATION,
			 "Head %d of %d, the slow way: decompress the key W_UK c, then score it: q·(W_UK c) = %.4f.", cur,
			 st->heads, st->direct[cur]);
	else
		snprintf(v->narration, VIEW_NARRATION,
			 "Head %d of %d, absorbed: fold W_UK into the query once and score the cached latent directly: "
			 "(W_UKᵀ q)·c = %.4f, the same number. Keys are never rebuilt.", cur, st->heads, st->absorbed[cur]);
}

/* The sizes of the example, as the inputs of an item: parameters. */
static void ml_in_sizes(struct summary *s, const struct ml_state *st)
{
	summary_input(s, "seed", (double)st->seed, "parameter seed of java.util.Random (the lesson's 7)");
	summary_input(s, "d_model", st->dm, "parameter d_model");
	summary_input(s, "latent", st->lat, "parameter latent (kv_lora_rank)");
}

static void ml_summary(const void *vs, struct summary *s)
{
	const struct ml_state *st = vs;
	char f[1024], name[24];
	for (int i = 0; i < st->lat; i++) {
		/* Row i of W_DKV dotted with h, written out term by term, not the kernel's matrix product. */
		summary_real(s, st->c[i], "c.%d", i);
		summary_words(s, "component %d of the cached latent: c = W_DKV h, row %d of W_DKV (latent x d_model) times h", i,
			      i);
		ml_in_sizes(s, st);
		size_t at = 0;
		f[0] = 0;
		for (int j = 0; j < st->dm; j++) {
			snprintf(name, sizeof name, "w_%d", j);
			summary_input(s, name, st->down[i * st->dm + j], "W_DKV[%d][%d], drawn", i, j);
			at += (size_t)snprintf(f + at, sizeof f - at, "%sw_%d * h_%d", j ? " + " : "", j, j);
		}
		for (int j = 0; j < st->dm; j++) {
			snprintf(name, sizeof name, "h_%d", j);
			summary_input(s, name, st->hidden[j], "the hidden state h[%d], drawn", j);
		}
		summary_formula(s, 1e-12 * (1 + fabs(st->c[i])), f);
		summary_explain(s, "W_DKV and h are drawn as round(10 * nextGaussian()) / 10 from java.util.Random(seed)");
	}
	for (int h = 0; h < st->heads; h++) {
		summary_real(s, st->direct[h], "score_direct.%d", h);
		summary_words(s, "head %d's score with the key decompressed: q . (W_UK c)", h);
		ml_in_sizes(s, st);
		summary_input(s, "head_dim", st->hd, "parameter head_dim");
		summary_explain(s, "this is the second way for score_absorbed.%d", h);
		summary_check_real(s, HOW_REFERENCE, st->absorbed[h], st->direct[h], 1e-9 * (1 + fabs(st->direct[h])),
			       "score_absorbed.%d", h);
		summary_words(s, "head %d's score with W_UK folded into the query: (W_UK^T q) . c", h);
		ml_in_sizes(s, st);
		summary_input(s, "head_dim", st->hd, "parameter head_dim");
		summary_explain(s, "equal to q . (W_UK c) because q . (W c) = (W^T q) . c: MLA caches only c");
		summary_explain(s, "second way: the decompressed path, score_direct.%d", h);
	}
	summary_int(s, st->heads * st->hd * 2, "floats_mha");
	summary_words(s, "floats multi-head attention caches per token: heads * head_dim * 2 (K and V)");
	summary_input(s, "heads", st->heads, "parameter heads");
	summary_input(s, "head_dim", st->hd, "parameter head_dim");
	summary_int(s, st->lat, "floats_mla");
	summary_words(s, "floats MLA caches per token: the latent only");
	summary_input(s, "latent", st->lat, "parameter latent");
}

static void ml_print(const void *vs, FILE *out)
{
	const struct ml_state *st = vs;
	char a[200];
	vec_text(a, sizeof a, st->c, st->lat, 2);
	fprintf(out, "cached latent c = %s\n", a);
	for (int h = 0; h < st->heads; h++)
		fprintf(out, "head %d: q.(W_UK c) = %.4f   (W_UK^T q).c = %.4f\n", h, st->direct[h], st->absorbed[h]);
	fprintf(out, "floats cached per token: MHA K and V = %d, MLA latent = %d\n", st->heads * st->hd * 2, st->lat);
}

const struct scene_class scene_mla_absorb = {
	.id = "mla-absorb",
	.params = ml_params,
	.nparams = ML_NPARAMS,
	.state_size = sizeof(struct ml_state),
	.init = ml_init,
	.nsteps = ml_nsteps,
	.render = ml_render,
	.summary = ml_summary,
	.print = ml_print,
};
