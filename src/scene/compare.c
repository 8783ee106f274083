#include "scene/compare.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* key is named by the list entry p of n bytes: exactly, or under a name that ends in '.' */
static int names(const char *p, size_t n, const char *key)
{
	return n && ((p[n - 1] == '.' && !strncmp(key, p, n)) || (strlen(key) == n && !strncmp(key, p, n)));
}

static void value_text(const struct summary_item *it, char *buf, size_t len, double *v, int *known)
{
	*known = it && !it->unknown;
	*v = *known ? it->val : 0;
	if (*known)
		summary_format_value(it, 0, buf, len);
	else
		snprintf(buf, len, "-");
}

void compare_build(struct compare *c, const char *keys, const struct summary *a, const struct summary *b,
		   const char *name_a, const char *name_b)
{
	memset(c, 0, sizeof *c);
	snprintf(c->name_a, sizeof c->name_a, "%s", name_a);
	snprintf(c->name_b, sizeof c->name_b, "%s", name_b);
	/* in the list's order, and under one entry in the summary's */
	for (const char *p = keys; *p;) {
		while (*p == ' ' || *p == ',')
			p++;
		size_t n = strcspn(p, ", ");
		for (int i = 0; i < a->n; i++) {
			const struct summary_item *ia = &a->items[i];
			if (!names(p, n, ia->key))
				continue;
			if (c->n == COMPARE_MAX) {
				c->more++;
				continue;
			}
			const struct summary_item *ib = summary_find((struct summary *)b, ia->key);
			struct compare_row *r = &c->rows[c->n++];
			snprintf(r->key, sizeof r->key, "%s", ia->key);
			snprintf(r->words, sizeof r->words, "%s", ia->words ? ia->words : "");
			value_text(ia, r->a, sizeof r->a, &r->va, &r->known_a);
			value_text(ib, r->b, sizeof r->b, &r->vb, &r->known_b);
			r->ints = ia->is_int && ib && ib->is_int;
		}
		p += n;
	}
}

/* "2.29×" and what one has more than the other, in the values' own format. */
static void narrate(const struct compare *c, const struct compare_row *r, char *out, size_t len, int width)
{
	char tail[360];   /* two names of at most 127 bytes, two values of 31 and the words */
	const char *big = r->va >= r->vb ? c->name_a : c->name_b, *small = r->va >= r->vb ? c->name_b : c->name_a;
	double hi = fmax(r->va, r->vb), lo = fmin(r->va, r->vb);
	if (!r->known_a || !r->known_b)
		snprintf(tail, sizeof tail, "%.127s cannot be sized yet, so there is nothing to compare.",
			 !r->known_a ? c->name_a : c->name_b);
	else if (r->va == r->vb)
		snprintf(tail, sizeof tail, "both %s: equal.", r->a);
	else if (lo <= 0)
		snprintf(tail, sizeof tail, "only %.127s has any: %.127s has none.", big, small);
	else if (r->ints)   /* exact below 2^53, as every size here is */
		snprintf(tail, sizeof tail, "%.127s is %.3g times %.127s (%.0f more).", big, hi / lo, small, hi - lo);
	else
		snprintf(tail, sizeof tail, "%.127s is %.3g times %.127s (%.6g more).", big, hi / lo, small, hi - lo);
	snprintf(out, len, "%s (%s): %s %s, %s %s; %s", r->key, r->words, c->name_a, r->a, c->name_b, r->b, tail);
	if (!r->words[0] || canvas_wrap_lines(width, out) > 3)
		snprintf(out, len, "%s: %s %s, %s %s; %s", r->key, c->name_a, r->a, c->name_b, r->b, tail);
}

/* A model's legend line: its number and name whole, or its number alone. */
static void legend(struct canvas *p, int y, enum role role, int k, const char *name)
{
	if (!canvas_printf_whole(p, 0, y, role, "%d %s", k, name))
		canvas_printf_whole(p, 0, y, role, "%d model %d (its name is too long for this pane)", k, k);
}

void compare_render(const struct compare *c, struct view *v, int step)
{
	struct canvas *p = v->pic;
	if (c->n == 0) {
		canvas_text(p, 0, 0, ROLE_LABEL, "no key of this scene to compare");
		return;
	}
	int sel = step % c->n;
	legend(p, 0, ROLE_BAR, 1, c->name_a);
	legend(p, 1, ROLE_BAR2, 2, c->name_b);
	int nvis = (p->h - 3) / 2;
	if (nvis < 1) {
		canvas_text(p, 0, 2, ROLE_HOT, "too small to compare: see --summary");
		return;
	}
	int top = sel >= nvis ? sel - nvis + 1 : 0;
	int kw = 0, vw = 0;
	for (int i = 0; i < c->n; i++) {
		int k = (int)strlen(c->rows[i].key), a = (int)strlen(c->rows[i].a), b = (int)strlen(c->rows[i].b);
		kw = k > kw ? k : kw;
		vw = a > vw ? a : vw;
		vw = b > vw ? b : vw;
	}
	kw += 2;   /* the marker and a blank */
	int bw = p->w - kw - 2 - 1 - vw;   /* "1 " before the bar, a blank after it */
	for (int i = top; i < c->n && i < top + nvis; i++) {
		const struct compare_row *r = &c->rows[i];
		int y = 2 + 2 * (i - top);
		double scale = fmax(r->va, r->vb);
		if (i == sel)
			canvas_put(p, 0, y, 0x25b8, ROLE_ACCENT);   /* ▸ the row the narration speaks of */
		canvas_text(p, 1, y, i == sel ? ROLE_ACCENT : ROLE_LABEL, r->key);
		for (int k = 0; k < 2; k++) {
			int known = k ? r->known_b : r->known_a;
			double val = k ? r->vb : r->va;
			enum role role = k ? ROLE_BAR2 : ROLE_BAR;
			int x = kw;
			canvas_printf(p, x, y + k, role, "%d", k + 1);
			x += 2;
			if (bw >= 3) {
				if (known && scale > 0 && val > 0)
					canvas_bar(p, x, y + k, bw, val / scale, role);
				x += bw + 1;
			}
			if (!canvas_printf_whole(p, x, y + k, ROLE_NORMAL, "%s", k ? r->b : r->a))
				canvas_text(p, x, y + k, ROLE_HOT, "(no room)");
		}
	}
	/* The rows out of view, below (→ reaches them) or above (← does),
	 * then what the bars mean where the row has room; rows past
	 * COMPARE_MAX are in --summary only. */
	int below = c->n - top - nvis, y = p->h - 1, x = 0;
	below = below > 0 ? below : 0;
	if (below > 0 && top > 0)
		x = canvas_printf(p, 0, y, ROLE_DIM, "+%d above, +%d below", top, below);
	else if (below > 0)
		x = canvas_printf(p, 0, y, ROLE_DIM, "+%d below (→)", below);
	else if (top > 0)
		x = canvas_printf(p, 0, y, ROLE_DIM, "+%d above (←)", top);
	if (c->more > 0)   /* always said, after the others */
		x += canvas_printf(p, x, y, ROLE_DIM, "%s+%d in --summary", x ? ", " : "", c->more);
	if (x == 0)
		canvas_text(p, 0, y, ROLE_DIM, "each pair of bars: scaled to its larger value");
	else
		canvas_printf_whole(p, x, y, ROLE_DIM, "%s", "  each pair: bars to its larger");
	int width = view_narration_width(v);
	narrate(c, &c->rows[sel], v->narration, VIEW_NARRATION, width);
}
