/*
 * formula: the expression library behind formula checks (DESIGN section 6).
 *
 * A formula check's expected value is its formula text, with the values of
 * its named inputs put in, evaluated by muparser: not by the code that
 * produced the value.  The text uses numbers, + - * / ^ ( ) and the
 * functions min max floor ceil pad exp ln sqrt, where pad(x, m) rounds x
 * up to a multiple of m (llama.cpp's GGML_PAD).
 */
#ifndef ATTNVIZ_FORMULA_H
#define ATTNVIZ_FORMULA_H

#include <stddef.h>

/* A named input: its name as the formula spells it, and its value. */
struct formula_var {
	const char *name;
	double value;
};

/* Write FORMULA into out with each input's name replaced by its value (a
 * negative value in parentheses), as the `= EXPR` line shows it.  0, or -1
 * with a one-line reason in err (a name that is neither an input nor one of
 * the functions, a value that is not finite, no room). */
int formula_substitute(const char *formula, const struct formula_var *vars, int nvars, char *out, size_t outlen,
		       char *err, size_t errlen);
/* Evaluate FORMULA with each input's value (the formula formula_substitute
 * writes out).  0 with *out, or -1 with muparser's reason in err. */
int formula_eval(const char *formula, const struct formula_var *vars,
		 int nvars, double *out, char *err, size_t errlen);
/* The shortest text of v that reads back as v (%.15g to %.17g). */
void formula_number(double v, char *buf, size_t len);

#endif
