#include "util/num.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "0x1000", "-0X1p3": a hexadecimal number as strtod reads it (sign and
 * spaces before the 0x). */
static int is_hex(const char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	if (*s == '+' || *s == '-')
		s++;
	return s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
}

/* The letters a number may hold: an exponent's e, or in hexadecimal the
 * digits a-f, the x of 0x and the binary exponent's p. */
static int number_letter(int c, int hex)
{
	if (hex)
		return isxdigit(c) || c == 'x' || c == 'X' || c == 'p' || c == 'P';
	return c == 'e' || c == 'E';
}

static int blank(const char *s)
{
	while (*s && isspace((unsigned char)*s))
		s++;
	return *s == 0;
}

int num_real(const char *s, double *out, const char **why)
{
	char *end;
	if (!s || blank(s)) {
		*why = "empty value";
		return -1;
	}
	/* Numbers as C reads them (DESIGN section 2), hexadecimal too; strtod
	 * would also take "inf" and "nan": words are not numbers here. */
	int hex = is_hex(s);
	for (const char *p = s; *p; p++)
		if (isalpha((unsigned char)*p) && !number_letter((unsigned char)*p, hex)) {
			*why = "not a number";
			return -1;
		}
	errno = 0;
	double v = strtod(s, &end);
	if (end == s || !blank(end)) {
		*why = "not a number";
		return -1;
	}
	if (errno == ERANGE || !isfinite(v)) {
		*why = "number out of range";
		return -1;
	}
	*out = v;
	return 0;
}

int num_int(const char *s, long long min, long long max, long long *out, const char **why)
{
	double v;
	if (num_real(s, &v, why) < 0)
		return -1;
	if (v != floor(v)) {
		*why = "not a whole number";
		return -1;
	}
	if (v < (double)min || v > (double)max) {
		*why = "out of range";
		return -1;
	}
	/* Plain integers are read exactly (doubles lose digits past 2^53);
	 * base 10 even with a leading 0: "08" is 8, as strtod reads it. */
	const char *p = s;
	int hex = is_hex(s);
	while (isspace((unsigned char)*p))
		p++;
	if (!strpbrk(p, hex ? ".pP" : ".eE")) {
		errno = 0;
		long long i = strtoll(p, NULL, hex ? 16 : 10);
		if (errno == ERANGE || i < min || i > max) {
			*why = "out of range";
			return -1;
		}
		*out = i;
		return 0;
	}
	*out = (long long)v;
	return 0;
}

const char *num_show(char *buf, size_t len, double v)
{
	if (v == floor(v) && fabs(v) < 9.2e18)
		snprintf(buf, len, "%lld", (long long)v);
	else
		snprintf(buf, len, "%.9g", v);
	return buf;
}
