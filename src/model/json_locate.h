#ifndef ATTNVIZ_JSON_LOCATE_H
#define ATTNVIZ_JSON_LOCATE_H

#include <stddef.h>

/* Line and column (1-based) of the key at a dotted path
 * ("text_config.rope_scaling.factor") in JSON text that jansson accepted:
 * 1, or 0 when not found. */
int json_locate(const char *t, size_t n, const char *path, int *line,
		int *col);

#endif
