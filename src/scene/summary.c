#include "scene/summary.h"

#include "scene/formula.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void summary_init(struct summary *s)
{
	memset(s, 0, sizeof *s);
}

void summary_free(struct summary *s)
{
	for (int i = 0; i < s->n; i++) {
		struct summary_item *it = &s->items[i];
		for (int j = 0; j < it->nin; j++)
			free(it->in[j].origin);
		free(it->in);
		free(it->words);
		free(it->formula);
		free(it->expr);
		free(it->formula_err);
		free(it->explain);
	}
	free(s->items);
	memset(s, 0, sizeof *s);
}

__attribute__((format(printf, 2, 0)))
static struct summary_item *add(struct summary *s, const char *keyfmt, va_list ap)
{
	if (s->n == s->cap) {
		int cap = s->cap ? s->cap * 2 : 32;
		struct summary_item *n = realloc(s->items, sizeof *n * (size_t)cap);
		if (!n) {
			s->oom = 1;
			return NULL;
		}
		s->items = n;
		s->cap = cap;
	}
	struct summary_item *it = &s->items[s->n++];
	memset(it, 0, sizeof *it);
	vsnprintf(it->key, sizeof it->key, keyfmt, ap);
	return it;
}

void summary_int(struct summary *s, int64_t v, const char *keyfmt, ...)
{
	va_list ap;
	va_start(ap, keyfmt);
	struct summary_item *it = add(s, keyfmt, ap);
	va_end(ap);
	if (!it)
		return;
	it->is_int = 1;
	it->ival = v;
	it->val = (double)v;
}

void summary_unknown(struct summary *s, const char *keyfmt, ...)
{
	va_list ap;
	va_start(ap, keyfmt);
	struct summary_item *it = add(s, keyfmt, ap);
	va_end(ap);
	if (it)
		it->unknown = 1;
}

void summary_real(struct summary *s, double v, const char *keyfmt, ...)
{
	va_list ap;
	va_start(ap, keyfmt);
	struct summary_item *it = add(s, keyfmt, ap);
	va_end(ap);
	if (it)
		it->val = v;
}

static void explain_line(struct summary *s, struct summary_item *it, const char *text);

/* A formula check is a record evaluated by summary_formula; an expected
 * value handed in as a number cannot show its formula, so it fails. */
static void refuse_formula(struct summary *s, struct summary_item *it, enum summary_how how)
{
	it->how = how;
	if (how == HOW_FORMULA) {
		it->status = SUMMARY_FAIL;
		explain_line(s, it, "a formula check handed in as a number: it must be summary_formula's record");
	}
}

void summary_check_int(struct summary *s, enum summary_how how, int64_t v, int64_t expected, const char *keyfmt, ...)
{
	va_list ap;
	va_start(ap, keyfmt);
	struct summary_item *it = add(s, keyfmt, ap);
	va_end(ap);
	if (!it)
		return;
	it->is_int = it->exp_is_int = it->has_expected = 1;
	it->ival = v;
	it->val = (double)v;
	it->iexp = expected;
	it->exp = (double)expected;
	it->status = v == expected ? SUMMARY_OK : SUMMARY_FAIL;
	refuse_formula(s, it, how);
}

void summary_check_real(struct summary *s, enum summary_how how, double v, double expected, double tol,
		    const char *keyfmt, ...)
{
	va_list ap;
	va_start(ap, keyfmt);
	struct summary_item *it = add(s, keyfmt, ap);
	va_end(ap);
	if (!it)
		return;
	it->val = v;
	it->has_expected = 1;
	it->exp = expected;
	it->tol = tol;
	/* Equal infinities pass too: exp(1000) is +inf both ways. */
	it->status = (v == expected || fabs(v - expected) <= tol) ? SUMMARY_OK : SUMMARY_FAIL;
	refuse_formula(s, it, how);
}

__attribute__((format(printf, 3, 0)))
static void explain_append(struct summary *s, struct summary_item *it, const char *fmt, va_list ap)
{
	char line[1024];
	vsnprintf(line, sizeof line, fmt, ap);
	size_t old = it->explain ? strlen(it->explain) : 0, add_len = strlen(line);
	char *n = realloc(it->explain, old + add_len + 2);
	if (!n) {
		s->oom = 1;
		return;
	}
	memcpy(n + old, line, add_len);
	n[old + add_len] = '\n';
	n[old + add_len + 1] = 0;
	it->explain = n;
}

/* The item added last, or NULL (none yet, or it could not be stored). */
static struct summary_item *last(struct summary *s)
{
	return s->n ? &s->items[s->n - 1] : NULL;
}

static char *dup_or_oom(struct summary *s, const char *text)
{
	char *d = strdup(text);
	if (!d)
		s->oom = 1;
	return d;
}

void summary_words(struct summary *s, const char *fmt, ...)
{
	struct summary_item *it = last(s);
	if (!it)
		return;
	char line[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	free(it->words);
	it->words = dup_or_oom(s, line);
}

void summary_input(struct summary *s, const char *name, double value, const char *origin_fmt, ...)
{
	struct summary_item *it = last(s);
	if (!it)
		return;
	struct summary_input *n = realloc(it->in, sizeof *n * (size_t)(it->nin + 1));
	if (!n) {
		s->oom = 1;
		return;
	}
	it->in = n;
	struct summary_input *in = &it->in[it->nin++];
	snprintf(in->name, sizeof in->name, "%s", name);
	in->value = value;
	char line[512];
	va_list ap;
	va_start(ap, origin_fmt);
	vsnprintf(line, sizeof line, origin_fmt, ap);
	va_end(ap);
	in->origin = dup_or_oom(s, line);
}

/* Integers up to 2^53 are exact in a double: beyond, a relative tolerance. */
#define EXACT_LIMIT 9007199254740992.0

void summary_formula(struct summary *s, double tol, const char *formula)
{
	struct summary_item *it = last(s);
	if (!it)
		return;
	struct formula_var vars[64];
	int nv = it->nin < 64 ? it->nin : 64;
	for (int i = 0; i < nv; i++)
		vars[i] = (struct formula_var){it->in[i].name, it->in[i].value};
	char expr[16384], why[256];
	double e = NAN;
	int rc = formula_substitute(formula, vars, nv, expr, sizeof expr, why, sizeof why);
	if (rc == 0)
		rc = formula_eval(formula, vars, nv, &e, why, sizeof why);
	it->formula = dup_or_oom(s, formula);
	it->expr = rc == 0 ? dup_or_oom(s, expr) : NULL;
	it->formula_err = rc == 0 ? NULL : dup_or_oom(s, why);
	it->how = HOW_FORMULA;
	it->has_expected = 1;
	it->exp = e;
	it->formula_value = e;
	it->tol = tol;
	if (rc != 0) {
		it->status = SUMMARY_FAIL;
	} else if (it->is_int && e == floor(e) && fabs(e) < EXACT_LIMIT) {
		it->exp_is_int = 1;
		it->iexp = (int64_t)e;
		it->status = it->ival == it->iexp ? SUMMARY_OK : SUMMARY_FAIL;
	} else {
		double t = tol;
		if (it->is_int && fabs(e) >= EXACT_LIMIT)
			t = fmax(tol, fabs(e) * 0x1p-50);
		it->status = (it->val == e || fabs(it->val - e) <= t) ? SUMMARY_OK : SUMMARY_FAIL;
	}
}

static void explain_line(struct summary *s, struct summary_item *it, const char *text)
{
	sum_explain_item(s, it, "%s", text);
}

void summary_explain(struct summary *s, const char *fmt, ...)
{
	if (s->n == 0)
		return;
	va_list ap;
	va_start(ap, fmt);
	explain_append(s, &s->items[s->n - 1], fmt, ap);
	va_end(ap);
}

void sum_explain_item(struct summary *s, struct summary_item *it, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	explain_append(s, it, fmt, ap);
	va_end(ap);
}

const char *summary_how_name(enum summary_how how)
{
	static const char *const names[] = {"-", "lesson", "formula", "reference"};
	return (unsigned)how <= HOW_REFERENCE ? names[how] : "-";
}

struct summary_item *summary_find(struct summary *s, const char *key)
{
	for (int i = 0; i < s->n; i++)
		if (!strcmp(s->items[i].key, key))
			return &s->items[i];
	return NULL;
}

void summary_take(struct summary *dst, struct summary *src, const char *suffix)
{
	for (int i = 0; i < src->n; i++) {
		struct summary_item *it = &src->items[i];
		char key[sizeof it->key];
		int fits = snprintf(key, sizeof key, "%s%s", it->key, suffix) < (int)sizeof key;
		int before = dst->n;
		summary_int(dst, 0, "-");
		struct summary_item *d = dst->n > before ? last(dst) : NULL;
		if (!d) {
			/* dst keeps what it had; the rest of src is freed with it */
			summary_free(src);
			return;
		}
		*d = *it;
		memset(it, 0, sizeof *it);
		if (fits)
			memcpy(d->key, key, sizeof key);
		else {
			snprintf(d->key, sizeof d->key, "key-too-long%s", suffix);
			d->status = SUMMARY_FAIL;
		}
	}
	summary_free(src);   /* every item moved out and zeroed: only the array is freed */
}

/* A copy of a heap string; *bad set when it could not be made. */
static char *dup_or_null(const char *text, int *bad)
{
	char *d = text ? strdup(text) : NULL;
	*bad |= text && !d;
	return d;
}

int summary_copy(struct summary *dst, const struct summary *src)
{
	int bad = 0;
	summary_init(dst);
	if (src->n) {
		dst->items = calloc((size_t)src->n, sizeof *dst->items);
		if (!dst->items)
			return -1;
		dst->cap = src->n;
	}
	for (int i = 0; i < src->n && !bad; i++) {
		const struct summary_item *it = &src->items[i];
		struct summary_item *d = &dst->items[dst->n++];
		*d = *it;
		d->in = NULL;
		d->nin = 0;
		d->words = dup_or_null(it->words, &bad);
		d->formula = dup_or_null(it->formula, &bad);
		d->expr = dup_or_null(it->expr, &bad);
		d->formula_err = dup_or_null(it->formula_err, &bad);
		d->explain = dup_or_null(it->explain, &bad);
		if (it->nin && !bad) {
			d->in = calloc((size_t)it->nin, sizeof *d->in);
			bad |= !d->in;
			for (int j = 0; d->in && j < it->nin; j++) {
				d->in[j] = it->in[j];
				d->in[j].origin = dup_or_null(it->in[j].origin, &bad);
				d->nin = j + 1;
			}
		}
	}
	dst->oom = src->oom;
	if (bad) {
		summary_free(dst);
		return -1;
	}
	return 0;
}

void summary_counts(const struct summary *s, int *checked, int *failed)
{
	*checked = *failed = 0;
	for (int i = 0; i < s->n; i++) {
		*checked += s->items[i].status != SUMMARY_NONE;
		*failed += s->items[i].status == SUMMARY_FAIL;
	}
	if (s->oom)
		(*failed)++;
}

void summary_format_value(const struct summary_item *it, int expected, char *buf, size_t len)
{
	if ((expected && !it->has_expected) || (!expected && it->unknown))
		snprintf(buf, len, "-");
	else if (expected ? it->exp_is_int : it->is_int)
		snprintf(buf, len, "%lld", (long long)(expected ? it->iexp : it->ival));
	else
		snprintf(buf, len, "%.9g", expected ? it->exp : it->val);
}

void summary_print(const struct summary *s, const char *scene_id, FILE *out)
{
	static const char *const status[] = {"-", "ok", "FAIL"};
	char v[64], e[64];
	for (int i = 0; i < s->n; i++) {
		const struct summary_item *it = &s->items[i];
		summary_format_value(it, 0, v, sizeof v);
		summary_format_value(it, 1, e, sizeof e);
		fprintf(out, "%s\t%s\t%s\t%s\t%s\t%s\n", scene_id, it->key, v, e, status[it->status],
			summary_how_name(it->status == SUMMARY_NONE ? HOW_NONE : it->how));
	}
}
