/*
 * escseq: the escape sequences a terminal may send that its terminfo entry
 * does not name (PuTTY's, rxvt's and the Linux console's Home and End
 * under TERM=xterm, an SGR mouse report under TERM=screen).  ncurses hands
 * such a sequence over as ESC and then its bytes, which would read as keys
 * ('[' is the previous scene, a digit a scene jump): the UI collects the
 * bytes after ESC and asks this table what they mean.  Knows no curses.
 */
#ifndef ATTNVIZ_ESCSEQ_H
#define ATTNVIZ_ESCSEQ_H

#include <stddef.h>

enum esc_key {
	ESC_MORE,        /* not finished: read another byte */
	ESC_SWALLOW,     /* a whole sequence that means nothing here */
	ESC_HOME, ESC_END, ESC_PGUP, ESC_PGDN, ESC_UP, ESC_DOWN, ESC_RIGHT, ESC_LEFT,
	ESC_WHEEL_UP, ESC_WHEEL_DOWN,
};

/* The longest sequence collected; a longer one is swallowed whole. */
#define ESCSEQ_MAX 32

/* What the n bytes after ESC mean (seq[0] is '[' or 'O'; a sequence
 * starting otherwise is no sequence and is never passed here). */
enum esc_key escseq_parse(const char *seq, size_t n);

#endif
