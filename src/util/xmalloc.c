#include "util/xmalloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The one way out: a line on stderr and exit 2. */
static void out_of_memory(size_t bytes)
{
	fprintf(stderr, "attnviz: out of memory (%zu bytes)\n", bytes);
	exit(2);
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);
	if (!p)
		out_of_memory(size);
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size)
		out_of_memory(SIZE_MAX);
	void *p = calloc(n && size ? n : 1, n && size ? size : 1);
	if (!p)
		out_of_memory(n * size);
	return p;
}

void *xrealloc(void *old, size_t size)
{
	void *p = realloc(old, size ? size : 1);
	if (!p)
		out_of_memory(size);
	return p;
}

char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(xmalloc(n), s, n);
}
