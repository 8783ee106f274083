/*
 * words: one line split into words as a shell splits a command line, with
 * none of its expansions: blanks part words; '...' keeps everything;
 * "..." keeps everything but \" and \\; outside quotes a backslash keeps
 * the next character.  --batch reads its command lines with it.
 */
#ifndef ATTNVIZ_UTIL_WORDS_H
#define ATTNVIZ_UTIL_WORDS_H

#include <stddef.h>

/* Split line in place into at most max words (argv[0..n-1] point into
 * line).  Returns n, or -1 with why (an unterminated quote, too many
 * words) in err. */
int words_split(char *line, char **argv, int max, char *err, size_t errlen);

#endif
