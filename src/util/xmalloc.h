/*
 * xmalloc: checked allocation for the code that cannot go on without the
 * memory (the UI, the CLI modes, the scene driver), as tmux's xmalloc.c:
 * on failure print one line, "attnviz: out of memory (N bytes)", and exit
 * with status 2 (the terminal is restored by term.c's atexit handler).
 * Kernels (src/kern) and readers (src/model) never use these: they return
 * their errors.
 */
#ifndef ATTNVIZ_XMALLOC_H
#define ATTNVIZ_XMALLOC_H

#include <stddef.h>

/* Never NULL; a zero size still gives a pointer to free. */
void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);

#endif
