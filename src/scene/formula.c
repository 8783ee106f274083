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

int formula_eval(const char *expr, double *out, char *err, size_t errlen)
{
	muParserHandle_t h = mupCreate(muBASETYPE_FLOAT);
	if (!h) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	mupDefineFun1(h, "floor", fn_floor, 1);
	mupDefineFun1(h, "ceil", fn_ceil, 1);
	mupDefineFun2(h, "pad", fn_pad, 1);
	mupSetExpr(h, expr);
	double v = mupEval(h);
	int rc = 0;
	if (mupError(h)) {
		snprintf(err, errlen, "%s", mupGetErrorMsg(h));
		rc = -1;
	} else {
		*out = v;
	}
	mupRelease(h);
	return rc;
}
