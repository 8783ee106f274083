#include "util/num.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

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
	/* strtod would also take "inf", "nan" and hex floats: words are not numbers here. */
	for (const char *p = s; *p; p++)
		if (isalpha((unsigned char)*p) && *p != 'e' && *p != 'E') {
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
	/* Plain integers are read exactly (doubles lose digits past 2^53). */
	const char *p = s;
	while (isspace((unsigned char)*p))
		p++;
	if (!strpbrk(p, ".eE")) {
		errno = 0;
		long long i = strtoll(p, NULL, 10);
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
