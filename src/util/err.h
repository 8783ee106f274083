/*
 * err: the one-line error of DESIGN section 2, built in a caller's buffer.
 *
 *   FILE:LINE: [section] key: what is wrong
 *
 * Each part is left out when it is not known (file NULL, line 0, section
 * NULL, key NULL).  Callers print the line with the "attnviz: " prefix.
 */
#ifndef ATTNVIZ_ERR_H
#define ATTNVIZ_ERR_H

#include <stddef.h>

void err_set(char *buf, size_t len, const char *file, int line, const char *section,
	     const char *key, const char *fmt, ...) __attribute__((format(printf, 7, 8)));

/* Print a one-line error on stderr: "attnviz: msg". */
void err_print(const char *msg);
/* Print a warning on stderr: "attnviz: warning: msg". */
void err_print_warning(const char *msg);

/* Copy text, replacing control bytes with '?', so data can be shown in one line. */
void err_clean(char *dst, size_t len, const char *src);

#endif
