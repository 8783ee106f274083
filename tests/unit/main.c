/* The unit-test binary: every group in order, then the count. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "t.h"

int t_failed;
static int t_passed;

__attribute__((format(printf, 5, 0)))
static void vreport(int ok, const char *file, int line, const char *detail, const char *fmt, va_list ap)
{
	printf(ok ? "ok - " : "not ok - ");
	vprintf(fmt, ap);
	if (!ok)
		printf("  (%s:%d%s%s)", file, line, detail ? ": " : "", detail ? detail : "");
	printf("\n");
	if (ok)
		t_passed++;
	else
		t_failed++;
}

void t_report(int ok, const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vreport(ok, file, line, NULL, fmt, ap);
	va_end(ap);
}

void t_near(double got, double want, double tol, const char *file, int line, const char *fmt, ...)
{
	char detail[160];
	va_list ap;
	int ok = got == want || fabs(got - want) <= tol;
	snprintf(detail, sizeof detail, "got %.12g, want %.12g +- %g", got, want, tol);
	va_start(ap, fmt);
	vreport(ok, file, line, detail, fmt, ap);
	va_end(ap);
}

void t_eq_int(long long got, long long want, const char *file, int line, const char *fmt, ...)
{
	char detail[160];
	va_list ap;
	snprintf(detail, sizeof detail, "got %lld, want %lld", got, want);
	va_start(ap, fmt);
	vreport(got == want, file, line, detail, fmt, ap);
	va_end(ap);
}

void t_eq_str(const char *got, const char *want, const char *file, int line, const char *fmt, ...)
{
	char detail[600];
	va_list ap;
	int ok = got && want && !strcmp(got, want);
	snprintf(detail, sizeof detail, "got '%.250s', want '%.250s'", got ? got : "(null)", want ? want : "(null)");
	va_start(ap, fmt);
	vreport(ok, file, line, detail, fmt, ap);
	va_end(ap);
}

#define GROUP(name) void name(void);
#include "groups.h"
#undef GROUP

/* With arguments, only the groups named (build/unit_tests test_size test_fit).
 */
static int wanted(int argc, char **argv, const char *name)
{
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], name))
			return 1;
	return argc < 2;
}

int main(int argc, char **argv)
{
#define GROUP(name)                                                            \
	if (wanted(argc, argv, #name))                                         \
		name();
#include "groups.h"
#undef GROUP
	printf("# unit: %d passed, %d failed\n", t_passed, t_failed);
	return t_failed ? 1 : 0;
}
