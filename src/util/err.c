#include "util/err.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void err_clean(char *dst, size_t len, const char *src)
{
	size_t i = 0;
	if (len == 0)
		return;
	for (; src && *src && i + 1 < len; src++)
		dst[i++] = ((unsigned char)*src < 0x20 || *src == 0x7f) ? '?' : *src;
	dst[i] = 0;
}

void err_set(char *buf, size_t len, const char *file, int line, const char *section,
	     const char *key, const char *fmt, ...)
{
	char what[512], part[300];
	size_t at = 0;
	va_list ap;
	if (!buf || len == 0)
		return;
	buf[0] = 0;
	if (file) {
		err_clean(part, sizeof part, file);
		if (line > 0)
			at += (size_t)snprintf(buf + at, len - at, "%s:%d: ", part, line);
		else
			at += (size_t)snprintf(buf + at, len - at, "%s: ", part);
	}
	if (at < len && section) {
		err_clean(part, sizeof part, section);
		at += (size_t)snprintf(buf + at, len - at, "[%s] ", part);
	}
	if (at < len && key) {
		err_clean(part, sizeof part, key);
		at += (size_t)snprintf(buf + at, len - at, "%s: ", part);
	}
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	if (at < len) {
		err_clean(part, sizeof part, what);
		snprintf(buf + at, len - at, "%s", part);
	}
}

void err_print(const char *msg)
{
	fprintf(stderr, "attnviz: %s\n", msg);
}

void err_print_warning(const char *msg)
{
	fprintf(stderr, "attnviz: warning: %s\n", msg);
}
