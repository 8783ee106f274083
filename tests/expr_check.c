/*
 * expr_check: the test's own evaluator of `--explain` formulas (DESIGN
 * section 6), sharing no code with attnviz or muparser.
 *
 * Reads `attnviz --explain` on stdin.  An item starts with a line
 * `KEY = VALUE` in column 0.  Its formula check's expected value is on its
 * check line (`    check: formula ...: expected X`) or, where the lesson's
 * figure took the check line, on `    also checked by formula: expected X`.
 * Such an item must have exactly one line `    = EXPR` (optionally
 * ` = RESULT` after it), and EXPR evaluated here must give X to the nine
 * digits it is printed with; an item without a formula check must have
 * none.  Prints one line per problem and a last line `N formulas, M bad`;
 * exits 1 when any is bad or when there is no formula at all.
 *
 * EXPR: numbers, + - * / ^ ( ) (× · ÷ − for * * / -), and min max floor
 * ceil pad exp ln sqrt, pad(x, m) rounding x up to a multiple of m.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct parser {
	const char *p;
	int bad;
};

static double expr(struct parser *ps);

static void skip(struct parser *ps)
{
	for (;;) {
		if (*ps->p == ' ')
			ps->p++;
		else
			return;
	}
}

/* The operator at p, with the UTF-8 spellings folded: its ASCII form and
 * its length, or 0. */
static int op_at(const char *p, int *len)
{
	static const struct {
		const char *text;
		char op;
	} ops[] = {{"\xc3\x97", '*'}, {"\xc2\xb7", '*'}, {"\xc3\xb7", '/'}, {"\xe2\x88\x92", '-'}};
	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
		if (!strncmp(p, ops[i].text, strlen(ops[i].text))) {
			*len = (int)strlen(ops[i].text);
			return ops[i].op;
		}
	if (*p && strchr("+-*/^(),", *p)) {
		*len = 1;
		return *p;
	}
	*len = 0;
	return 0;
}

static int peek(struct parser *ps)
{
	int len;
	skip(ps);
	return op_at(ps->p, &len);
}

static void take(struct parser *ps)
{
	int len;
	skip(ps);
	op_at(ps->p, &len);
	ps->p += len;
}

static double call(struct parser *ps, const char *name, size_t n)
{
	double a[16];
	int na = 0;
	if (peek(ps) != '(') {
		ps->bad = 1;
		return NAN;
	}
	take(ps);
	do {
		if (na == 16) {
			ps->bad = 1;
			return NAN;
		}
		a[na++] = expr(ps);
	} while (peek(ps) == ',' && (take(ps), 1));
	if (peek(ps) != ')') {
		ps->bad = 1;
		return NAN;
	}
	take(ps);
#define IS(s) (n == strlen(s) && !strncmp(name, s, n))
	if ((IS("min") || IS("max")) && na >= 1) {
		double r = a[0];
		for (int i = 1; i < na; i++)
			r = IS("min") ? (a[i] < r ? a[i] : r) : (a[i] > r ? a[i] : r);
		return r;
	}
	if (na == 1 && IS("floor"))
		return floor(a[0]);
	if (na == 1 && IS("ceil"))
		return ceil(a[0]);
	if (na == 1 && IS("exp"))
		return exp(a[0]);
	if (na == 1 && IS("ln"))
		return log(a[0]);
	if (na == 1 && IS("sqrt"))
		return sqrt(a[0]);
	if (na == 2 && IS("pad"))
		return ceil(a[0] / a[1]) * a[1];
#undef IS
	ps->bad = 1;
	return NAN;
}

static double primary(struct parser *ps)
{
	skip(ps);
	if (peek(ps) == '(') {
		take(ps);
		double v = expr(ps);
		if (peek(ps) != ')')
			ps->bad = 1;
		take(ps);
		return v;
	}
	if (isdigit((unsigned char)*ps->p) || *ps->p == '.') {
		char *end;
		double v = strtod(ps->p, &end);
		ps->p = end;
		return v;
	}
	if (isalpha((unsigned char)*ps->p)) {
		const char *name = ps->p;
		while (isalnum((unsigned char)*ps->p) || *ps->p == '_')
			ps->p++;
		return call(ps, name, (size_t)(ps->p - name));
	}
	ps->bad = 1;
	return NAN;
}

static double unary(struct parser *ps);

/* a ^ b ^ c is a ^ (b ^ c); -a ^ b is -(a ^ b). */
static double power(struct parser *ps)
{
	double b = primary(ps);
	if (peek(ps) == '^') {
		take(ps);
		return pow(b, unary(ps));
	}
	return b;
}

static double unary(struct parser *ps)
{
	int op = peek(ps);
	if (op == '-' || op == '+') {
		take(ps);
		double v = unary(ps);
		return op == '-' ? -v : v;
	}
	return power(ps);
}

static double term(struct parser *ps)
{
	double v = unary(ps);
	for (int op; (op = peek(ps)) == '*' || op == '/';) {
		take(ps);
		double r = unary(ps);
		v = op == '*' ? v * r : v / r;
	}
	return v;
}

static double expr(struct parser *ps)
{
	double v = term(ps);
	for (int op; (op = peek(ps)) == '+' || op == '-';) {
		take(ps);
		double r = term(ps);
		v = op == '+' ? v + r : v - r;
	}
	return v;
}

/* Evaluate text (up to end), or set *bad. */
static double eval(const char *text, int *bad)
{
	struct parser ps = {text, 0};
	double v = expr(&ps);
	skip(&ps);
	if (*ps.p)
		ps.bad = 1;
	*bad = ps.bad;
	return v;
}

struct item {
	char key[256];
	int nexpr;
	char expr[16384];
	int has_formula;
	double expected;
};

static int nformulas, nbad;

static void finish(const struct item *it)
{
	if (!it->key[0])
		return;
	if (!it->has_formula) {
		if (it->nexpr) {
			printf("%s: an `= EXPR` line but no formula check\n", it->key);
			nbad++;
		}
		return;
	}
	nformulas++;
	if (it->nexpr != 1) {
		printf("%s: a formula check with %d `= EXPR` lines (want 1)\n", it->key, it->nexpr);
		nbad++;
		return;
	}
	int bad;
	double v = eval(it->expr, &bad);
	if (bad) {
		printf("%s: cannot evaluate: %s\n", it->key, it->expr);
		nbad++;
	} else if (!(fabs(v - it->expected) <= 1e-8 * fabs(it->expected) || v == it->expected)) {
		printf("%s: %s gives %.17g, the check expects %.17g\n", it->key, it->expr, v, it->expected);
		nbad++;
	}
}

/* The number after "expected " on a check line. */
static int expected_of(const char *line, double *out)
{
	const char *e = strstr(line, "expected ");
	if (!e)
		return 0;
	char *end;
	*out = strtod(e + 9, &end);
	return end != e + 9;
}

/* A line `KEY = VALUE`: a key of lower-case letters, digits, _ . @ in column 0. */
static int is_key_line(const char *line)
{
	const char *eq = strstr(line, " = ");
	if (!eq || eq == line)
		return 0;
	for (const char *c = line; c < eq; c++)
		if (!(islower((unsigned char)*c) || isdigit((unsigned char)*c) || strchr("_.@", *c)))
			return 0;
	return 1;
}

int main(void)
{
	static char line[16384];
	static struct item it;
	while (fgets(line, sizeof line, stdin)) {
		line[strcspn(line, "\n")] = 0;
		if (is_key_line(line)) {
			finish(&it);
			memset(&it, 0, sizeof it);
			snprintf(it.key, sizeof it.key, "%.*s", (int)(strstr(line, " = ") - line), line);
		} else if (!strncmp(line, "    = ", 6)) {
			it.nexpr++;
			/* EXPR, less a trailing " = RESULT" */
			char *res = strstr(line + 6, " = ");
			snprintf(it.expr, sizeof it.expr, "%.*s", res ? (int)(res - (line + 6)) : (int)strlen(line + 6), line + 6);
		} else if (!strncmp(line, "    check: formula", 18) || !strncmp(line, "    also checked by formula:", 28)) {
			it.has_formula = 1;
			if (!expected_of(line, &it.expected))
				it.expected = NAN;
		}
	}
	finish(&it);
	printf("%d formulas, %d bad\n", nformulas, nbad);
	return nbad || !nformulas;
}
