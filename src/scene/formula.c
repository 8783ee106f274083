#include "scene/formula.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <muParserDLL.h>

static double fn_floor(double x) { return floor(x); }
static double fn_ceil(double x) { return ceil(x); }
/* GGML_PAD(x, n): x rounded up to a multiple of n. */
static double fn_pad(double x, double m) { return ceil(x / m) * m; }

/* muparser's own functions that formulas may use; floor, ceil and pad are ours. */
static const char *const functions[] = {"min", "max", "floor", "ceil", "pad", "exp", "ln", "sqrt"};

void formula_number(double v, char *buf, size_t len)
{
	if (v == trunc(v) && fabs(v) < 1e15) {
		snprintf(buf, len, "%.0f", v);
		return;
	}
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, len, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			return;
	}
}

static int is_function(const char *name, size_t n)
{
	for (size_t i = 0; i < sizeof functions / sizeof functions[0]; i++)
		if (strlen(functions[i]) == n && !strncmp(functions[i], name, n))
			return 1;
	return 0;
}

int formula_substitute(const char *formula, const struct formula_var *vars, int nvars, char *out, size_t outlen,
		       char *err, size_t errlen)
{
	size_t o = 0;
	for (const char *p = formula; *p;) {
		char piece[64];
		const char *from = piece;
		size_t n;
		if (isalpha((unsigned char)*p) || *p == '_') {
			const char *q = p;
			while (isalnum((unsigned char)*q) || *q == '_')
				q++;
			n = (size_t)(q - p);
			int v = -1;
			for (int i = 0; i < nvars; i++)
				if (strlen(vars[i].name) == n && !strncmp(vars[i].name, p, n))
					v = i;
			if (v >= 0) {
				if (!isfinite(vars[v].value)) {
					snprintf(err, errlen, "input %s is not a finite number", vars[v].name);
					return -1;
				}
				char num[40];
				formula_number(vars[v].value, num, sizeof num);
				snprintf(piece, sizeof piece, vars[v].value < 0 ? "(%s)" : "%s", num);
				n = strlen(piece);
			} else if (is_function(p, n)) {
				from = p;
			} else {
				snprintf(err, errlen, "formula names %.*s, which is no input and no function", (int)n, p);
				return -1;
			}
			p = q;
		} else if (isdigit((unsigned char)*p) || *p == '.') {
			/* A number, exponent included, so the e of 1e-05 is no name. */
			const char *q = p;
			while (isdigit((unsigned char)*q) || *q == '.')
				q++;
			if ((*q == 'e' || *q == 'E') &&
			    (isdigit((unsigned char)q[1]) || ((q[1] == '-' || q[1] == '+') && isdigit((unsigned char)q[2])))) {
				q += 2;
				while (isdigit((unsigned char)*q))
					q++;
			}
			from = p;
			n = (size_t)(q - p);
			p = q;
		} else {
			from = p;
			n = 1;
			p++;
		}
		if (o + n >= outlen) {
			snprintf(err, errlen, "formula too long");
			return -1;
		}
		memcpy(out + o, from, n);
		o += n;
	}
	out[o] = 0;
	return 0;
}

/*
 * Formulas compiled once.  A scene checks one formula at many points (the
 * RoPE scenes one per pair and position: thousands a summary), and
 * muparser's parse costs far more than its evaluation; so each formula is
 * parsed once with its inputs as muparser variables, and later checks of
 * the same formula over the same inputs only set the values and evaluate.
 * The values are the ones formula_substitute writes into the `= EXPR` line
 * (it prints each number so that it reads back exactly), and tests/
 * expr_check.c evaluates that line a second way.  Released at exit.
 */
#define COMPILED_MAX 32
#define COMPILED_VARS 64

struct compiled {
	char *formula;
	muParserHandle_t h;
	int nvars;
	char name[COMPILED_VARS][32];
	double value[COMPILED_VARS];
};

static struct compiled compiled[COMPILED_MAX];
static int compiled_next, compiled_atexit;

static void compiled_drop(struct compiled *c)
{
	if (c->h)
		mupRelease(c->h);
	free(c->formula);
	*c = (struct compiled){0};
}

static void compiled_release(void)
{
	for (int i = 0; i < COMPILED_MAX; i++)
		compiled_drop(&compiled[i]);
}

static int compiled_matches(const struct compiled *c, const char *formula,
			    const struct formula_var *vars, int nvars)
{
	if (!c->formula || c->nvars != nvars || strcmp(c->formula, formula))
		return 0;
	for (int i = 0; i < nvars; i++)
		if (strcmp(c->name[i], vars[i].name))
			return 0;
	return 1;
}

/* A new entry for FORMULA over VARS (the oldest one given up), or NULL
 * when muparser cannot be made or an input's name does not fit. */
static struct compiled *compiled_add(const char *formula,
				     const struct formula_var *vars, int nvars)
{
	if (nvars > COMPILED_VARS)
		return NULL;
	for (int i = 0; i < nvars; i++)
		if (strlen(vars[i].name) >= sizeof compiled[0].name[0])
			return NULL;
	if (!compiled_atexit) {
		atexit(compiled_release);
		compiled_atexit = 1;
	}
	struct compiled *c = &compiled[compiled_next];
	compiled_next = (compiled_next + 1) % COMPILED_MAX;
	compiled_drop(c);
	c->formula = strdup(formula);
	c->h = mupCreate(muBASETYPE_FLOAT);
	if (!c->formula || !c->h) {
		compiled_drop(c);
		return NULL;
	}
	mupDefineFun1(c->h, "floor", fn_floor, 1);
	mupDefineFun1(c->h, "ceil", fn_ceil, 1);
	mupDefineFun2(c->h, "pad", fn_pad, 1);
	c->nvars = nvars;
	for (int i = 0; i < nvars; i++) {
		snprintf(c->name[i], sizeof c->name[i], "%s", vars[i].name);
		mupDefineVar(c->h, c->name[i], &c->value[i]);
	}
	mupSetExpr(c->h, formula);
	return c;
}

int formula_eval(const char *formula, const struct formula_var *vars,
		 int nvars, double *out, char *err, size_t errlen)
{
	struct compiled *c = NULL;
	for (int i = 0; i < COMPILED_MAX && !c; i++)
		if (compiled_matches(&compiled[i], formula, vars, nvars))
			c = &compiled[i];
	if (!c)
		c = compiled_add(formula, vars, nvars);
	if (!c) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (int i = 0; i < nvars; i++)
		c->value[i] = vars[i].value;
	double v = mupEval(c->h);
	if (mupError(c->h)) {
		snprintf(err, errlen, "%s", mupGetErrorMsg(c->h));
		/* muparser keeps a failed parse: parse it again next time */
		compiled_drop(c);
		return -1;
	}
	*out = v;
	return 0;
}
