#include "scene/focus.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/*
 * The rule.  A step's own numbers are the ones its narration and state pane
 * print (the narration "describes exactly what the picture shows at that
 * step, with the step's own numbers"); the picture is left out, as its
 * tables hold every row at once, the rows of steps to come too.  A printed
 * number stands for a summary item when the item's value, rounded to the
 * digits printed, is that number (s.1 = 1.13533528 is shown as 1.135335).
 *
 * Of the numbers that stand for an item, the one chosen is, in order:
 *   1. new at this step, not printed by the step before: what the step
 *      changed (online-softmax's step 4 names the old sum 1.503215 and the
 *      new 1.203438; the new one is the step's);
 *   2. printed with more digits: 1.135335 names one item, while 3 or 20
 *      equal a dozen counts and indices by chance, so a number of fewer
 *      than FOCUS_MIN_DIGITS digits never counts;
 *   3. printed first (the narration comes before the state pane).
 * The pane opens at the first item, in the summary's order, that the
 * chosen number stands for.  A step that prints no such number (a title
 * step) opens the pane at its top, as before.
 */
#define FOCUS_MIN_DIGITS 3

/* A number as printed. */
struct shown {
	double x;       /* its value */
	double tol;     /* half a unit in its last printed digit */
	int digits;     /* digits printed, leading zeros left out */
	char text[48];  /* as printed, no sign glyphs or thousands commas */
};

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int is_word(char c)
{
	return is_digit(c) || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z') || c == '_';
}

/* The number printed at q (a digit that begins one), into *n; returns the
 * end of its text, or NULL when what is printed there is not a number a
 * reader would take for a value (part of a name, "128K", "0x10"). */
static const char *number_at(const char *start, const char *q, struct shown *n)
{
	char buf[64];
	size_t o = 0;
	int digits = 0, lead = 1, decimals = 0, exp10 = 0;
	/* a minus sign: '-', or U+2212 */
	int neg = (q > start && q[-1] == '-') ||
		  (q - start >= 3 && !memcmp(q - 3, "\xe2\x88\x92", 3));
	const char *p = q;
	if (neg)
		buf[o++] = '-';
	for (; is_digit(*p) || (*p == ',' && is_digit(p[1]) && is_digit(p[2]) &&
				is_digit(p[3]) && !is_digit(p[4]));
	     p++) {
		if (*p == ',')
			continue;   /* 131,072: a thousands comma */
		lead = lead && *p == '0';
		digits += !lead;
		if (o < 40)
			buf[o++] = *p;
	}
	if (*p == '.' && is_digit(p[1]))
		for (buf[o++] = *p++; is_digit(*p); p++) {
			digits++, decimals++;
			if (o < 40)
				buf[o++] = *p;
		}
	if ((*p == 'e' || *p == 'E') &&
	    (is_digit(p[1]) ||
	     ((p[1] == '-' || p[1] == '+') && is_digit(p[2])))) {
		buf[o++] = *p++;
		exp10 = (int)strtol(p, NULL, 10);
		for (buf[o++] = *p++; is_digit(*p) && o < 60; p++)
			buf[o++] = *p;
	}
	buf[o] = 0;
	if (is_word(*p) || o >= sizeof n->text)
		return NULL;
	n->x = strtod(buf, NULL);
	n->tol = 0.5 * pow(10, exp10 - decimals);
	n->digits = digits;
	memcpy(n->text, buf, o + 1);
	return p;
}

/* The next number printed in t from *p, into *n; 0 when none is left. */
static int next_number(const char *t, const char **p, struct shown *n)
{
	for (const char *q = *p; *q; q++) {
		if (!is_digit(*q))
			continue;
		/* a digit inside a word or a key (m.0, x2, 4b) is not a number */
		int inside = q > t && (is_word(q[-1]) || q[-1] == '.');
		const char *end = inside ? NULL : number_at(t, q, n);
		if (end) {
			*p = end;
			return 1;
		}
		while (is_word(*q) || *q == '.' || *q == ',')
			q++;   /* past the rest of it */
		if (!*q)
			break;
	}
	return 0;
}

/* t prints the number n (the same text). */
static int prints(const char *t, const struct shown *n)
{
	struct shown m;
	for (const char *p = t; t && next_number(t, &p, &m);)
		if (!strcmp(m.text, n->text))
			return 1;
	return 0;
}

/* The first item whose value, rounded as n is printed, is n; or -1. */
static int item_for(const struct summary *s, const struct shown *n)
{
	for (int i = 0; i < s->n; i++) {
		const struct summary_item *it = &s->items[i];
		if (it->unknown)
			continue;
		double v = it->is_int ? (double)it->ival : it->val;
		if (fabs(v - n->x) <= n->tol * (1 + 1e-9))
			return i;
	}
	return -1;
}

int focus_item(const struct summary *s, const char *now, const char *before)
{
	struct shown n;
	int best = -1, best_new = 0, best_digits = 0;
	for (const char *p = now; now && next_number(now, &p, &n);) {
		if (n.digits < FOCUS_MIN_DIGITS)
			continue;
		int is_new = !prints(before, &n);
		if (best >= 0 &&
		    (is_new < best_new ||
		     (is_new == best_new && n.digits <= best_digits)))
			continue;
		int i = item_for(s, &n);
		if (i < 0)
			continue;
		best = i, best_new = is_new, best_digits = n.digits;
	}
	return best;
}

char *focus_view_text(const struct view *v)
{
	size_t nar = strlen(v->narration), len = nar + 2;
	if (v->side)
		len += (size_t)v->side->h * ((size_t)v->side->w * 4 + 1);
	char *t = malloc(len);
	if (!t)
		return NULL;
	memcpy(t, v->narration, nar);
	size_t o = nar;
	t[o++] = '\n';
	for (int y = 0; v->side && y < v->side->h; y++) {
		for (int x = 0; x < v->side->w; x++)
			o += (size_t)utf8_encode(canvas_at(v->side, x, y)->ch,
						 t + o);
		t[o++] = '\n';
	}
	t[o] = 0;
	return t;
}

long focus_explain_offset(const char *text, const char *key)
{
	size_t k = strlen(key);
	for (const char *p = text; k && (p = strstr(p, key)) != NULL; p++)
		if ((p == text || p[-1] == '\n') && !strncmp(p + k, " = ", 3))
			return (long)(p - text);
	return -1;
}
