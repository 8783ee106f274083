#include "frame.h"

#include "keytable.h"

#include <stdio.h>
#include <string.h>

#include "model/size.h"

static int side_width(int w)
{
	int sw = w / 3;
	return sw < 24 ? 24 : sw > 40 ? 40 : sw;
}

void frame_pane_sizes(int w, int h, int *pic_w, int *pic_h, int *side_w, int *side_h)
{
	int sw = side_width(w);
	int ph = h - 4 - FRAME_NARRATION_ROWS - FRAME_SUMMARY_ROWS;
	*pic_w = w - sw - 4;
	*pic_h = ph < 1 ? 1 : ph;
	*side_w = sw - 1;
	*side_h = *pic_h;
	if (*pic_w < 1)
		*pic_w = 1;
}

static void blit(struct canvas *dst, const struct canvas *src, int x0, int y0)
{
	for (int y = 0; y < src->h; y++)
		for (int x = 0; x < src->w; x++) {
			const struct cell *c = canvas_at(src, x, y);
			canvas_put(dst, x0 + x, y0 + y, c->ch, (enum role)c->role);
		}
}

static void too_small(struct canvas *s)
{
	char msg[80];
	snprintf(msg, sizeof msg, "terminal too small (need %d×%d)", FRAME_MIN_W, FRAME_MIN_H);
	int len = (int)strlen(msg) - 1;   /* '×' is two bytes, one column */
	int x = (s->w - len) / 2, y = s->h / 2;
	if (x < 0)
		x = 0;
	canvas_text(s, x, y, ROLE_HOT, msg);
	if (y + 1 < s->h)
		canvas_text(s, (s->w - 10) / 2 > 0 ? (s->w - 10) / 2 : 0, y + 1, ROLE_DIM, "q to quit");
}

/* The top edge: scene number and title, model, step. */
static void title_bar(struct canvas *s, const struct frame_info *fi)
{
	const struct run *r = fi->run;
	char left[300], right[80];
	snprintf(left, sizeof left, " attnviz ── %d/%d  %s ", registry_index(fi->reg, r->def) + 1, fi->reg->n,
		 r->def->file.title);
	snprintf(right, sizeof right, " step %d/%d%s ", r->step, r->nsteps, fi->autoplay ? " ▶" : "");
	canvas_hline(s, 1, 0, s->w - 2, 0x2500, ROLE_DIM);
	canvas_put(s, 0, 0, 0x250c, ROLE_DIM);
	canvas_put(s, s->w - 1, 0, 0x2510, ROLE_DIM);
	int rw = (int)strlen(right) - (fi->autoplay ? 2 : 0);
	int used = canvas_text(s, 1, 0, ROLE_LABEL, left);
	if (r->have_model) {
		char mid[200];
		snprintf(mid, sizeof mid, "── %s%s ", r->model.id, r->model_is_default ? "" : " (loaded)");
		if (1 + used + 30 < s->w - rw)
			used += canvas_text(s, 1 + used, 0, ROLE_NORMAL, mid);
	}
	canvas_text(s, s->w - 1 - rw, 0, ROLE_LABEL, right);
	/* A long title is cut where the right part begins. */
	if (1 + used > s->w - 1 - rw)
		canvas_put(s, s->w - 2 - rw, 0, 0x2026, ROLE_DIM);
}

static void summary_pane(struct canvas *s, const struct frame_info *fi, int y0)
{
	const struct summary *sum = fi->sum;
	int checked = 0, failed = 0;
	if (!sum) {
		canvas_text(s, 2, y0, ROLE_DIM, "summary: not available");
		return;
	}
	summary_counts(sum, &checked, &failed);
	if (failed)
		canvas_printf(s, 2, y0, ROLE_FAIL, "summary  ✗ %d of %d checks FAIL", failed, checked);
	else
		canvas_printf(s, 2, y0, ROLE_OK, "summary  ✓ all %d checks pass", checked);
	canvas_text(s, 36, y0, ROLE_DIM, "(--summary prints every key)");
	/* Failures first, then checked items, in columns. */
	int colw = 36, cols = (s->w - 4) / colw, slot = 0;
	if (cols < 1)
		cols = 1;
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < sum->n; i++) {
			const struct sum_item *it = &sum->items[i];
			if (it->status == SUM_NONE || (pass == 0) != (it->status == SUM_FAIL))
				continue;
			int row = slot / cols, col = slot % cols;
			if (row >= FRAME_SUMMARY_ROWS - 1)
				return;
			char v[40], line[120];
			summary_format_value(it, 0, v, sizeof v);
			/* The mark, then the second way: L lesson, F formula, R reference. */
			static const char how_mark[] = {' ', 'L', 'F', 'R', '?'};
			snprintf(line, sizeof line, "%s%c %s = %s", it->status == SUM_OK ? "✓" : "✗", how_mark[it->how], it->key, v);
			int x = 2 + col * colw;
			char clipped[120];
			/* keep each entry inside its column */
			int cw = 0;
			size_t o = 0;
			for (const char *p = line; *p && cw < colw - 1 && o + 5 < sizeof clipped;) {
				uint32_t cp;
				int n = utf8_decode(p, &cp);
				memcpy(clipped + o, p, (size_t)n);
				o += (size_t)n;
				p += n;
				cw++;
			}
			clipped[o] = 0;
			canvas_text(s, x, y0 + 1 + row, it->status == SUM_OK ? ROLE_OK : ROLE_FAIL, clipped);
			slot++;
		}
}

static void key_bar(struct canvas *s, const struct frame_info *fi)
{
	int y = s->h - 1;
	canvas_hline(s, 1, y, s->w - 2, 0x2500, ROLE_DIM);
	canvas_put(s, 0, y, 0x2514, ROLE_DIM);
	canvas_put(s, s->w - 1, y, 0x2518, ROLE_DIM);
	if (fi->message && *fi->message) {
		char msg[400];
		snprintf(msg, sizeof msg, " %s ", fi->message);
		canvas_text(s, 1, y, fi->message_is_error ? ROLE_FAIL : ROLE_ACCENT, msg);
		canvas_put(s, s->w - 1, y, 0x2518, ROLE_DIM);
		return;
	}
	char keys[200];
	if (fi->busy)
		snprintf(keys, sizeof keys, " measuring…  x cancel  tab scene  e params  ? help  q quit ");
	else if (s->w >= 84)
		snprintf(keys, sizeof keys, " →/space step  ← back  tab scene  a %s  m model  e params  ? help  q quit ",
			 fi->autoplay ? "pause" : "play");
	else   /* a narrow screen keeps the keys a newcomer needs first */
		snprintf(keys, sizeof keys, " → step  ← back  tab scene  a %s  m model  ? help  q quit ",
			 fi->autoplay ? "pause" : "play");
	canvas_text(s, 1, y, ROLE_LABEL, keys);
	canvas_put(s, s->w - 1, y, 0x2518, ROLE_DIM);
}

/* A centred box for an overlay; returns its inner origin and size. */
static void overlay_box(struct canvas *s, int w, int h, const char *title, int *ix, int *iy, int *iw, int *ih)
{
	if (w > s->w - 2)
		w = s->w - 2;
	if (h > s->h - 2)
		h = s->h - 2;
	int x = (s->w - w) / 2, y = (s->h - h) / 2;
	canvas_fill(s, x, y, w, h, ' ', ROLE_NORMAL);
	canvas_box(s, x, y, w, h, ROLE_ACCENT, title);
	*ix = x + 2;
	*iy = y + 1;
	*iw = w - 4;
	*ih = h - 2;
}

static void help_overlay(struct canvas *s)
{
	static const char *const legend[] = {
		"",
		"The summary pane checks each key number two ways;",
		"✓ agrees, ✗ fails; the letter names the second way:",
		"L the lesson's figure, F a closed formula written apart,",
		"R the same quantity by another algorithm.",
	};
	int x, y, w, h, n = key_help_count + (int)(sizeof legend / sizeof legend[0]);
	overlay_box(s, 62, n + 3, "keys (any key closes)", &x, &y, &w, &h);
	for (int i = 0; i < key_help_count && i < h; i++) {
		canvas_text(s, x, y + 1 + i, ROLE_ACCENT, key_help[i].keys);
		canvas_text(s, x + 16, y + 1 + i, ROLE_NORMAL, key_help[i].what);
	}
	for (int i = key_help_count; i < n && i < h; i++)
		canvas_text(s, x, y + 1 + i, ROLE_NORMAL, legend[i - key_help_count]);
}

static void picker_overlay(struct canvas *s, const struct picker *p)
{
	int x, y, w, h;
	overlay_box(s, 76, 20, "model (↑↓ choose, Enter load, d lesson's, Esc cancel)", &x, &y, &w, &h);
	int listw = 26;
	if (p->n == 0)
		canvas_text(s, x, y + 1, ROLE_DIM, "no model files found");
	int first = p->sel - (h - 2) + 1;
	if (first < 0)
		first = 0;
	for (int i = first; i < p->n && i - first < h - 1; i++) {
		char row[64];
		snprintf(row, sizeof row, "%s %-22.22s", i == p->sel ? "▸" : " ", p->entries[i].id);
		canvas_text(s, x, y + 1 + i - first, i == p->sel ? ROLE_ACCENT : ROLE_NORMAL, row);
	}
	int px = x + listw + 1, pw = w - listw - 1;
	if (p->n == 0)
		return;
	if (p->preview_err[0]) {
		canvas_text(s, px, y + 1, ROLE_FAIL, "does not load:");
		canvas_wrap(s, px, y + 2, pw, h - 2, ROLE_FAIL, p->preview_err);
		return;
	}
	const struct model *m = &p->preview;
	char a[64], b[64];
	canvas_wrap(s, px, y + 1, pw, 2, ROLE_LABEL, m->name);
	canvas_printf(s, px, y + 3, ROLE_NORMAL, "%s, %lld layers", model_kind_name(m->kind), (long long)m->layers);
	canvas_printf(s, px, y + 4, ROLE_NORMAL, "%lld heads, %lld KV heads × %lld", (long long)m->heads,
		      (long long)m->kv_heads, (long long)m->head_dim);
	if (m->kind == ATTN_MLA)
		canvas_printf(s, px, y + 5, ROLE_NORMAL, "latent %lld + RoPE key %lld", (long long)m->kv_lora_rank,
			      (long long)m->qk_rope_head_dim);
	if (m->sliding_window)
		canvas_printf(s, px, y + 6, ROLE_NORMAL, "window %lld, pattern %lld", (long long)m->sliding_window,
			      (long long)m->swa_pattern);
	int64_t per = size_kv_bytes_token(m);   /* every layer that keeps a cache, per token */
	snprintf(a, sizeof a, "%lld", (long long)per);
	snprintf(b, sizeof b, "%.2f", per * 131072.0 / (1024.0 * 1024 * 1024));
	canvas_printf(s, px, y + 8, ROLE_ACCENT, "KV %s bytes/token (%s)", a, model_cache_name(m->k_type));
	canvas_printf(s, px, y + 9, ROLE_NORMAL, "%s GiB at 128K, all layers global", b);
	canvas_printf(s, px, y + 10, ROLE_NORMAL, "trained ctx %lld, RoPE base %g", (long long)m->ctx_train,
		      m->rope_base);
	canvas_wrap(s, px, y + 12, pw, h - 12, ROLE_DIM, m->source);
}

static void edit_overlay(struct canvas *s, const struct frame_info *fi)
{
	const struct params *p = &fi->run->params;
	int x, y, w, h;
	overlay_box(s, 76, p->n + 7, "parameters (type KEY=VALUE, Enter apply, Esc cancel)", &x, &y, &w, &h);
	for (int i = 0; i < p->n && i < h - 3; i++) {
		char row[300];
		snprintf(row, sizeof row, "%-10s = %s", p->specs[i].name, p->val[i].text);
		canvas_text(s, x, y + i, p->val[i].is_default ? ROLE_NORMAL : ROLE_ACCENT, row);
		canvas_text(s, x + 40, y + i, ROLE_DIM, p->specs[i].help);
	}
	if (p->n == 0)
		canvas_text(s, x, y, ROLE_DIM, "this scene has no parameters");
	char line[300];
	snprintf(line, sizeof line, "> %s_", fi->edit_line ? fi->edit_line : "");
	canvas_text(s, x, y + h - 1, ROLE_ACCENT, line);
}

static void scenes_overlay(struct canvas *s, const struct frame_info *fi)
{
	int x, y, w, h;
	overlay_box(s, 64, fi->reg->n + 2, "scenes (↑↓ Enter, or click)", &x, &y, &w, &h);
	for (int i = 0; i < fi->reg->n && i < h; i++) {
		char row[160];
		snprintf(row, sizeof row, "%s%2d  %-14s %s", i == fi->scene_sel ? "▸" : " ", fi->reg->defs[i].file.order,
			 fi->reg->defs[i].cls->id, fi->reg->defs[i].file.title);
		canvas_text(s, x - 1, y + i, i == fi->scene_sel ? ROLE_ACCENT : ROLE_NORMAL, row);
	}
}

/* One row of at most width columns cut from p (before end), broken at a
 * space when one is near; returns its byte length and where the next starts. */
static size_t wrap_row(const char *p, const char *end, int width, const char **next)
{
	const char *q = p, *space = NULL;
	for (int cols = 0; q < end && cols < width; cols++) {
		uint32_t cp;
		int n = utf8_decode(q, &cp);
		if (*q == ' ')
			space = q;
		q += n > 0 ? n : 1;
	}
	if (q >= end) {
		*next = end;
		return (size_t)(end - p);
	}
	if (*q == ' ') {
		*next = q + 1;
		return (size_t)(q - p);
	}
	if (space && space > p) {
		*next = space + 1;
		return (size_t)(space - p);
	}
	*next = q;
	return (size_t)(q - p);
}

/* Walk the text as wrapped rows: draw rows top .. top + h - 1 at (x, y) when
 * s is given; returns the number of rows.  A wrapped line continues two
 * columns right of its own indentation. */
static int explain_walk(const char *text, int width, struct canvas *s, int x, int y, int top, int h)
{
	int row = 0;
	for (const char *line = text; line && *line;) {
		const char *nl = strchr(line, '\n'), *end = nl ? nl : line + strlen(line);
		int lead = 0;
		while (line + lead < end && line[lead] == ' ' && lead < width / 2)
			lead++;
		const char *p = line;
		int first = 1;
		do {
			int indent = first ? 0 : lead + 2;
			const char *next;
			size_t len = wrap_row(p, end, width - indent, &next);
			if (s && row >= top && row < top + h) {
				char buf[1024];
				if (len >= sizeof buf)
					len = sizeof buf - 1;
				memcpy(buf, p, len);
				buf[len] = 0;
				int heading = first && (line[0] == '=' || (lead == 0 && strstr(buf, " = ")));
				enum role role = strstr(buf, "check:") ? (strstr(buf, "FAIL") ? ROLE_FAIL : ROLE_OK)
							 : heading ? ROLE_LABEL : ROLE_NORMAL;
				canvas_text(s, x + indent, y + row - top, role, buf);
			}
			row++;
			first = 0;
			p = next;
		} while (p < end);
		line = nl ? nl + 1 : NULL;
	}
	return row;
}

int frame_explain_rows(int w, const char *text)
{
	return explain_walk(text, w - 6, NULL, 0, 0, 0, 0);
}

int frame_explain_page(int h)
{
	return h - 4;
}

/* The w pane: the scene's --explain text, wrapped, scrolled to fi->explain_top. */
static void explain_overlay(struct canvas *s, const struct frame_info *fi)
{
	int x, y, w, h;
	overlay_box(s, s->w - 2, s->h - 2, "explain (↑↓ PgUp PgDn scroll, w or Esc close)", &x, &y, &w, &h);
	if (!fi->explain) {
		canvas_text(s, x, y, ROLE_DIM, "nothing to explain: the summary is not available");
		return;
	}
	int rows = explain_walk(fi->explain, w, s, x, y, fi->explain_top, h);
	char where[64];
	int last = fi->explain_top + h < rows ? fi->explain_top + h : rows;
	snprintf(where, sizeof where, " rows %d-%d of %d ", rows ? fi->explain_top + 1 : 0, last, rows);
	canvas_text(s, x + w - (int)strlen(where), y + h, ROLE_DIM, where);
}

int frame_scene_at(const struct canvas *s, const struct frame_info *fi, int x, int y)
{
	int w = 64 > s->w - 2 ? s->w - 2 : 64, h = fi->reg->n + 2 > s->h - 2 ? s->h - 2 : fi->reg->n + 2;
	int bx = (s->w - w) / 2, by = (s->h - h) / 2;
	if (x <= bx || x >= bx + w - 1 || y <= by || y >= by + h - 1)
		return -1;
	int i = y - by - 1;
	return i < fi->reg->n ? i : -1;
}

void frame_compose(struct canvas *s, const struct frame_info *fi, const struct view *view)
{
	canvas_clear(s);
	if (s->w < FRAME_MIN_W || s->h < FRAME_MIN_H) {
		too_small(s);
		return;
	}
	int pw, ph, sw, sh;
	frame_pane_sizes(s->w, s->h, &pw, &ph, &sw, &sh);
	int sep = 1 + pw + 1;           /* column of the bar between picture and state */
	int nar_y = 1 + ph + 1, sum_y = nar_y + FRAME_NARRATION_ROWS + 1;

	title_bar(s, fi);
	for (int y = 1; y < s->h - 1; y++) {
		canvas_put(s, 0, y, 0x2502, ROLE_DIM);
		canvas_put(s, s->w - 1, y, 0x2502, ROLE_DIM);
	}
	canvas_vline(s, sep, 1, ph, 0x2502, ROLE_DIM);
	for (int y2 = nar_y - 1; y2 <= sum_y - 1; y2 += sum_y - nar_y) {
		canvas_hline(s, 1, y2, s->w - 2, 0x2500, ROLE_DIM);
		canvas_put(s, 0, y2, 0x251c, ROLE_DIM);
		canvas_put(s, s->w - 1, y2, 0x2524, ROLE_DIM);
	}
	canvas_put(s, sep, nar_y - 1, 0x2534, ROLE_DIM);

	blit(s, view->pic, 2, 1);
	blit(s, view->side, sep + 2, 1);
	canvas_wrap(s, 2, nar_y, s->w - 4, FRAME_NARRATION_ROWS, ROLE_NORMAL, view->narration);
	summary_pane(s, fi, sum_y);
	key_bar(s, fi);

	switch (fi->overlay) {
	case OVERLAY_HELP: help_overlay(s); break;
	case OVERLAY_PICKER: picker_overlay(s, fi->picker); break;
	case OVERLAY_EDIT: edit_overlay(s, fi); break;
	case OVERLAY_SCENES: scenes_overlay(s, fi); break;
	case OVERLAY_EXPLAIN: explain_overlay(s, fi); break;
	case OVERLAY_NONE: break;
	}
}
