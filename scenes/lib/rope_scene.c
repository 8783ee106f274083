#include "scenes/lib/rope_scene.h"

#include <math.h>
#include <string.h>

#include "glyph.h"
#include "kern/rope.h"

/* One value's origin: the model's record or INI key when m is given, else parameter i. */
static void origin(char *out, const struct params *p, int i, const struct model *m, enum model_field field)
{
	const char *from = m ? model_field_origin(m, field) : NULL;
	if (m && from)
		snprintf(out, 120, "model %.40s: %.70s", m->id, from);
	else if (m)
		snprintf(out, 120, "model %.40s: [%s] %.40s", m->id, model_fields[field].section, model_fields[field].key);
	else
		snprintf(out, 120, "parameter %s%s", p->specs[i].name,
			 params_is_default(p, i) ? " (the lesson's value)" : " (set)");
}

/* The scene declares parameter i (an index from struct rope_scene_params) and left it at its default. */
static int own_default(const struct params *p, int i)
{
	return i >= 0 && params_is_default(p, i);
}

const char *rope_scene_rad(char *buf, size_t len, double rad)
{
	snprintf(buf, len, fabs(rad) >= 0.005 || rad == 0 ? "%.2f" : "%.2g",
		 rad);
	return buf;
}

void rope_scene_theta_product(double base, int d, int n, double *theta)
{
	/* theta_{i+1} = theta_i * base^(-2/d): one factor, no per-pair power. */
	double step = 1 / pow(base, 2.0 / d), t = 1;
	for (int i = 0; i < n; i++) {
		theta[i] = t;
		t *= step;
	}
}

double rope_scene_ln_series(double x)
{
	/* x = f * 2^e with f in [0.5, 1); ln f = 2 atanh(z), z = (f - 1)/(f + 1) in [-1/3, 0). */
	int e;
	double f = frexp(x, &e), z = (f - 1) / (f + 1), z2 = z * z, term = z, sum = 0;
	for (int k = 1; k < 200 && fabs(term) > 1e-18; k += 2) {
		sum += term / k;
		term *= z2;
	}
	return e * 0.69314718055994530942 + 2 * sum;
}

void rope_scene_in(struct summary *s, const struct rope_scene *r, unsigned which, int i)
{
	if (which & ROPE_IN_D)
		summary_input(s, "d", r->d, "%s", r->from_d);
	if (which & ROPE_IN_BASE)
		summary_input(s, "base", r->base, "%s", r->from_base);
	if (which & ROPE_IN_I)
		summary_input(s, "i", i, "the pair");
	if (which & ROPE_IN_TRAIN)
		summary_input(s, "train", r->train, "%s", r->from_train);
	if (which & ROPE_IN_TARGET)
		summary_input(s, "target", r->target, "%s", r->from_target);
	if (which & ROPE_IN_S)
		summary_input(s, "s", r->s, "%s", r->from_s);
	if (which & ROPE_IN_BETA_FAST)
		summary_input(s, "beta_fast", r->beta_fast, "%s", r->from_beta);
	if (which & ROPE_IN_BETA_SLOW)
		summary_input(s, "beta_slow", r->beta_slow, "%s", r->from_beta_slow);
	if (which & ROPE_IN_PI)
		summary_input(s, "pi", M_PI, "the constant");
}

int rope_scene_read(struct rope_scene *r, const struct scene_env *env, const struct rope_scene_params *own, char *err,
		    size_t errlen)
{
	const struct params *p = env->p;
	const struct model *m = env->model;
	int n;
	memset(r, 0, sizeof *r);
	r->d = (int)params_int(p, ROPE_PARAM_D);
	r->base = params_real(p, ROPE_PARAM_BASE);
	r->train = (double)params_int(p, ROPE_PARAM_TRAIN);
	r->target = (double)params_int(p, ROPE_PARAM_TARGET);
	r->s = own->s >= 0 ? params_real(p, own->s) : r->target / r->train;
	r->beta_fast = own->beta_fast >= 0 ? params_real(p, own->beta_fast) : MODEL_YARN_BETA_FAST;
	r->beta_slow = own->beta_slow >= 0 ? params_real(p, own->beta_slow) : MODEL_YARN_BETA_SLOW;
	snprintf(r->source, sizeof r->source, "parameters");
	origin(r->from_d, p, ROPE_PARAM_D, NULL, MF_COUNT);
	origin(r->from_base, p, ROPE_PARAM_BASE, NULL, MF_COUNT);
	origin(r->from_train, p, ROPE_PARAM_TRAIN, NULL, MF_COUNT);
	origin(r->from_target, p, ROPE_PARAM_TARGET, NULL, MF_COUNT);
	if (own->s >= 0)
		origin(r->from_s, p, own->s, NULL, MF_COUNT);
	else
		snprintf(r->from_s, sizeof r->from_s, "target / train");
	if (own->beta_fast >= 0)
		origin(r->from_beta, p, own->beta_fast, NULL, MF_COUNT);
	else
		snprintf(r->from_beta, sizeof r->from_beta, "llama.cpp's default");
	if (own->beta_slow >= 0)
		origin(r->from_beta_slow, p, own->beta_slow, NULL, MF_COUNT);
	else
		snprintf(r->from_beta_slow, sizeof r->from_beta_slow, "llama.cpp's default");
	if (m) {
		/* Where the model's values came from: the reader's record, else its INI key. */
		if (params_is_default(p, ROPE_PARAM_D))
			origin(r->from_d, p, ROPE_PARAM_D, m,
			       m->kind == ATTN_MLA ? MF_QK_ROPE_HEAD_DIM : m->rope_dims != m->head_dim ? MF_ROPE_DIMS : MF_HEAD_DIM);
		if (params_is_default(p, ROPE_PARAM_BASE))
			origin(r->from_base, p, ROPE_PARAM_BASE, m, MF_BASE);
		if (params_is_default(p, ROPE_PARAM_TRAIN))
			origin(r->from_train, p, ROPE_PARAM_TRAIN, m, MF_ORIG_CTX);
		if (m->scaling != ROPE_NONE && own_default(p, own->s))
			origin(r->from_s, p, own->s, m, MF_FACTOR);
		if (params_is_default(p, ROPE_PARAM_TARGET))
			snprintf(r->from_target, sizeof r->from_target, "%s",
				 m->scaling != ROPE_NONE ? "train x the model's rope factor" : "4 x train");
		if (own_default(p, own->beta_fast))
			origin(r->from_beta, p, own->beta_fast, m, MF_BETA_FAST);
		if (own_default(p, own->beta_slow))
			origin(r->from_beta_slow, p, own->beta_slow, m, MF_BETA_SLOW);
	}
	if (m) {
		/* The model's RoPE, for every value the user left at its default. */
		if (params_is_default(p, ROPE_PARAM_D))
			/* the rotated dims of a full layer, n_rot(il) (partial
			 * rotary: fewer than the head) */
			r->d = (int)model_kind_layer(m, 0).rope_dims;
		if (params_is_default(p, ROPE_PARAM_BASE))
			r->base = m->rope_base;
		if (params_is_default(p, ROPE_PARAM_TRAIN))
			r->train = (double)m->orig_ctx;
		if (m->scaling != ROPE_NONE && own_default(p, own->s))
			r->s = m->rope_factor;
		if (params_is_default(p, ROPE_PARAM_TARGET))
			r->target = m->scaling != ROPE_NONE ? r->train * m->rope_factor : 4 * r->train;
		if (own_default(p, own->beta_fast))
			r->beta_fast = m->beta_fast;
		if (own_default(p, own->beta_slow))
			r->beta_slow = m->beta_slow;
		snprintf(r->source, sizeof r->source, "%.100s", m->name);
	}
	if (r->d % 2) {
		snprintf(err, errlen, "d: %d is odd; RoPE rotates pairs", r->d);
		return -1;
	}
	if (r->target <= 1 || r->train <= 1) {
		snprintf(err, errlen, "train, target: need more than one position");
		return -1;
	}
	if (r->beta_slow > r->beta_fast) {   /* equal: a zero-width ramp, as Kimi-K2's 1 and 1 */
		snprintf(err, errlen, "beta_slow: must not be larger than beta_fast");
		return -1;
	}
	const double *pairs = params_list(p, ROPE_PARAM_PAIRS, &n);
	int is_default = params_is_default(p, ROPE_PARAM_PAIRS);
	/* The default pairs span the lesson's d = 128 (0 .. 63): for another
	 * head size (Gemma 4's 512) they are spread over its pairs alike, so
	 * that the fast, the slow and the ones between are still drawn. */
	double top = 0;
	for (int i = 0; i < n; i++)
		top = pairs[i] > top ? pairs[i] : top;
	double scale = is_default && top > 0 ? (r->d / 2 - 1) / top : 1;
	for (int i = 0; i < n && r->npairs < ROPE_MAX_PAIRS; i++) {
		if (pairs[i] >= r->d / 2 && !is_default) {
			snprintf(err, errlen, "pairs: %g is not a pair of d = %d (0 to %d)", pairs[i], r->d, r->d / 2 - 1);
			return -1;
		}
		int pair = (int)lround(pairs[i] * scale);
		if (is_default && r->npairs > 0 && r->pairs[r->npairs - 1] == pair)
			continue;   /* a small d: two defaults on one pair */
		r->pairs[r->npairs++] = pair;
	}
	if (r->npairs == 0)
		for (int i = 0; i < 8 && i < r->d / 2; i++)
			r->pairs[r->npairs++] = i * (r->d / 2 - 1) / 7;
	return 0;
}

void rope_scene_stop(struct rope_scene *r, double pos, enum rope_stop_kind kind,
		     int pair)
{
	int last = r->nstops - 1;
	int is_end = kind == STOP_TARGET || kind == STOP_MSCALE;
	/* room kept for the target and mscale */
	if (r->nstops >= ROPE_MAX_STOPS - (is_end ? 0 : 2))
		return;
	if (!is_end &&
	    (pos >= r->target - 1 || (last >= 0 && pos <= r->stops[last].pos)))
		return;
	int nth = 0;
	for (int i = 0; i < r->nstops; i++)
		nth += r->stops[i].kind == kind;
	r->stops[r->nstops++] = (struct rope_stop){
		.pos = pos, .kind = kind, .pair = pair, .nth = nth};
}

double rope_scene_view_pos(const struct rope_scene *r, const struct view *v)
{
	int k = v->step < r->nstops ? v->step : r->nstops - 1;
	double t = view_progress(v), to = r->stops[k].pos;
	if (k < 1 || t >= 1)
		return to;
	return r->stops[k - 1].pos + (to - r->stops[k - 1].pos) * t;
}

int rope_scene_turning_pair(const struct rope_scene *r, const double *theta,
			    double after, int last)
{
	int found = -1;
	for (int i = 0; i < r->npairs; i++) {
		double wl = 2 * M_PI / theta[r->pairs[i]];
		if (wl <= after || ceil(wl) >= r->target - 1)
			continue;
		if (found < 0 ||
		    (last ? wl > 2 * M_PI / theta[r->pairs[found]]
			  : wl < 2 * M_PI / theta[r->pairs[found]]))
			found = i;
	}
	return found;
}

/* A dial centred at (cx, cy) with radii rx (columns) and ry (rows); 1 when
 * it shows a ★ (the hand or the arc it crossed). */
static int dial(struct canvas *c, int cx, int cy, int rx, int ry, double trained_sweep, double angle_base,
		 double angle_now, int two_hands)
{
	/* The rim, with enough points to close at any radius: • where training
	 * swept the hand; past that arc, ★ where the hand has been since (angles
	 * training never saw), · where it has not been yet.  After a wrap the
	 * hand points into the • arc again: what is new is the ★ arc it crossed. */
	int points = (int)(2 * M_PI * (rx > ry ? rx : ry) * 1.5) + 24, stars = 0;
	for (int i = 0; i < points; i++) {
		double a = 2 * M_PI * i / points;
		int x = cx + (int)lround(rx * sin(a)), y = cy - (int)lround(ry * cos(a));
		int seen = trained_sweep >= 2 * M_PI || a <= trained_sweep;
		int crossed = !seen && angle_now >= a;
		/* a cell holding some of the crossed arc keeps its ★ (it may be
		 * only a sliver of it at a small radius) */
		if (!seen && !crossed && canvas_at(c, x, y) && canvas_at(c, x, y)->ch == GLYPH_STAR)
			continue;
		canvas_put(c, x, y, seen ? GLYPH_BULLET : crossed ? GLYPH_STAR : GLYPH_DOT,
			   seen ? ROLE_SRAM : crossed ? ROLE_HOT : ROLE_DIM);
		stars |= crossed;
	}
	double ab = fmod(angle_base, 2 * M_PI), an = fmod(angle_now, 2 * M_PI);
	/* The tip: ★ only while it points into the arc training never swept. */
	int new_now = rope_scene_angle_unseen(trained_sweep, an);
	if (two_hands) {
		int x = cx + (int)lround(0.8 * rx * sin(ab)), y = cy - (int)lround(0.8 * ry * cos(ab));
		canvas_line(c, cx, cy, x, y, GLYPH_DOT, ROLE_DIM);
		canvas_put(c, x, y, GLYPH_CIRCLE, ROLE_DIM);
	}
	int x = cx + (int)lround(0.8 * rx * sin(an)), y = cy - (int)lround(0.8 * ry * cos(an));
	canvas_line(c, cx, cy, x, y, GLYPH_DOT, new_now ? ROLE_HOT : ROLE_ACCENT);
	canvas_put(c, x, y, new_now ? GLYPH_STAR : GLYPH_DISC, new_now ? ROLE_HOT : ROLE_ACCENT);
	canvas_put(c, cx, cy, GLYPH_CROSS, ROLE_DIM);
	return stars || new_now;
}

int rope_scene_draw_clocks(struct canvas *c, int y0, const struct rope_scene *r, const double *theta_base,
		      const double *theta_now, double pos)
{
	int all[ROPE_MAX_PAIRS];
	for (int i = 0; i < r->npairs; i++)
		all[i] = i;
	return rope_scene_draw_dials(c, y0, r, all, r->npairs, NULL,
				     theta_base, theta_now, pos);
}

int rope_scene_draw_dials(struct canvas *c, int y0, const struct rope_scene *r,
			  const int *which, int n, const char *const *label,
			  const double *theta_base, const double *theta_now,
			  double pos)
{
	/* Cells at least 9 columns wide (a "pair NN" label) and 4 rows tall (a
	 * dial of 3 rows and its label); pairs past what fits are counted. */
	int area = c->h - y0;
	int per_row = n > 4 ? (n + 1) / 2 : n, max_per_row = c->w / 9 > 0 ? c->w / 9 : 1;
	if (per_row > max_per_row)
		per_row = max_per_row;
	if (per_row < 1)
		per_row = 1;
	int rows = (n + per_row - 1) / per_row, shown = n, starred = 0;
	if (rows * 4 > area) {
		rows = (area - 1) / 4;   /* one row left for the count */
		rows = rows < 1 ? 1 : rows;
		shown = rows * per_row;
		area -= 1;
		canvas_printf(c, 0, c->h - 1, ROLE_DIM, "+%d %s not drawn (--print lists every one)", n - shown,
			      n - shown == 1 ? "pair" : "pairs");
	}
	int cell_w = c->w / per_row, cell_h = area / rows;
	/* A dial of 2·ry + 1 rows and its label fit the cell. */
	int ry = (cell_h - 2) / 2, rx = ry * 2;
	if (rx > (cell_w - 2) / 2)
		rx = (cell_w - 2) / 2, ry = rx / 2;
	if (ry < 1)
		ry = 1;
	/* Two blank columns between dials, where that costs no height: a
	 * hand at 3 o'clock otherwise runs into the next dial's edge. */
	int rx_gap = (cell_w - 3) / 2;
	if (rx > rx_gap && rx_gap / 2 >= ry)
		rx = rx_gap;
	for (int i = 0; i < shown; i++) {
		int col = i % per_row, row = i / per_row;
		int cx = col * cell_w + cell_w / 2, cy = y0 + row * cell_h + ry;
		int pair = r->pairs[which[i]];
		double sweep = rope_scene_trained_span(r, theta_base[pair]);
		starred += dial(c, cx, cy, rx, ry, sweep, pos * theta_base[pair], pos * theta_now[pair],
				theta_now != theta_base);
		/* a label centred under its dial, "pair P" where it is wider
		 * than the cell */
		int lw = label && label[i] ? utf8_width(label[i]) : 0;
		if (lw && lw < cell_w)
			canvas_text(c, col * cell_w + (cell_w - lw) / 2,
				    cy + ry + 1, ROLE_LABEL, label[i]);
		else
			canvas_printf(c, cx - 3, cy + ry + 1, ROLE_LABEL,
				      "pair %d", pair);
	}
	return starred;
}

void rope_scene_train_target(struct canvas *s, int y, const struct rope_scene *r)
{
	if (!canvas_printf_whole(s, 0, y, ROLE_NORMAL, "train %.0f, target %.0f", r->train, r->target) &&
	    !canvas_printf_whole(s, 0, y, ROLE_NORMAL, "train %.0f, to %.0f", r->train, r->target))
		canvas_printf_whole(s, 0, y, ROLE_NORMAL, "to %.0f", r->target);
}

double rope_scene_trained_span(const struct rope_scene *r, double theta)
{
	return r->train * theta;
}

int rope_scene_angle_unseen(double span, double angle)
{
	return span < 2 * M_PI && angle >= span;
}

int rope_scene_nsteps(const void *st)
{
	const struct rope_scene *r = st;
	return r->nstops - 1;
}

int rope_scene_tween(const void *st, int k)
{
	const struct rope_scene *r = st;
	if (k < 1 || k >= r->nstops)
		return 0;
	/* a move of fewer positions than frames has nothing to sweep
	 * through (0 to 1: the label would stand still for the whole move);
	 * it is drawn at once */
	return fabs(r->stops[k].pos - r->stops[k - 1].pos) >= ROPE_TWEEN
		   ? ROPE_TWEEN
		   : 0;
}

void rope_scene_check_max_trained(struct summary *s, const struct rope_scene *r, const double *theta)
{
	for (int i = 0; i < r->d / 2; i++) {
		double v = (r->train - 1) * theta[i];
		summary_real(s, v, "max_trained.%d", i);
		summary_words(s, "the largest angle pair %d reached in training, rad: (train - 1) * theta_i", i);
		rope_scene_in(s, r, ROPE_IN_TRAIN | ROPE_IN_THETA, i);
		summary_formula(s, 1e-12 * (1 + v), "(train - 1) * " ROPE_F_THETA);
	}
}

void rope_scene_check_theta(struct summary *s, const struct rope_scene *r, const double *theta, const double *prod)
{
	for (int i = 0; i < r->d / 2; i++) {
		summary_check_real(s, HOW_REFERENCE, theta[i], prod[i], 1e-12 * prod[i], "theta.%d", i);
		summary_words(s, "pair %d's angle per position before scaling, rad: theta_i = base^(-2i/d)", i);
		rope_scene_in(s, r, ROPE_IN_THETA, i);
		summary_explain(s, "second way: a running product, theta_0 = 1 and theta_{i+1} = theta_i * base^(-2/d)");
	}
}

void rope_scene_check_wavelength(struct summary *s, const struct rope_scene *r)
{
	for (int i = 0; i < r->d / 2; i++) {
		double wl = rope_wavelength(r->base, i, r->d);
		summary_real(s, wl, "wavelength.%d", i);
		summary_words(s, "positions for one full turn of pair %d: 2 pi / theta_i", i);
		rope_scene_in(s, r, ROPE_IN_PI | ROPE_IN_THETA, i);
		summary_formula(s, 1e-12 * wl, "2 * pi / " ROPE_F_THETA);
	}
}
