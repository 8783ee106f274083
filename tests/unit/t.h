/*
 * t: the unit tests' few macros.  Each check prints one line, "ok - NAME"
 * or "not ok - NAME" with the values, which tests/report.sh counts.
 */
#ifndef ATTNVIZ_T_H
#define ATTNVIZ_T_H

#include <math.h>
#include <stdio.h>

extern int t_failed;

#define T_OK(cond, ...) t_report((cond) != 0, __FILE__, __LINE__, __VA_ARGS__)
/* |got - want| <= tol */
#define T_NEAR(got, want, tol, ...) t_near((got), (want), (tol), __FILE__, __LINE__, __VA_ARGS__)
#define T_EQ_INT(got, want, ...) t_eq_int((long long)(got), (long long)(want), __FILE__, __LINE__, __VA_ARGS__)
#define T_EQ_STR(got, want, ...) t_eq_str((got), (want), __FILE__, __LINE__, __VA_ARGS__)

void t_report(int ok, const char *file, int line, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void t_near(double got, double want, double tol, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
void t_eq_int(long long got, long long want, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
void t_eq_str(const char *got, const char *want, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

#endif
