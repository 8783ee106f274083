/*
 * num: strict number parsing.  The whole string must be the number, as C's
 * strtod/strtoll read it, finite and in range: "4096", "1e-3", "0x1000".
 * No "12abc", no "inf" or "nan", no octal: "08" is 8.
 */
#ifndef ATTNVIZ_NUM_H
#define ATTNVIZ_NUM_H

#include <stddef.h>

/* 0 on success, or -1 with a short reason in why ("not a number", ...). */
int num_real(const char *s, double *out, const char **why);
/* Integer in [min, max]; accepts "4096" and "1e3" (an integral real) too. */
int num_int(const char *s, long long min, long long max, long long *out, const char **why);
/* v as a message shows it, into buf: a whole number in full ("16777217",
 * not %g's "1.67772e+07") up to 2^63, else %.9g ("0.25", "1e+308"). */
const char *num_show(char *buf, size_t len, double v);

#endif
