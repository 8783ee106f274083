/* Shell-like word splitting of one line (words.h). */
#include <stdio.h>

#include "util/words.h"

static int blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

int words_split(char *line, char **argv, int max, char *err, size_t errlen)
{
	int n = 0;
	char *in = line, *out = line;
	for (;;) {
		while (blank(*in))
			in++;
		if (!*in)
			return n;
		if (n == max) {
			snprintf(err, errlen, "more than %d words", max);
			return -1;
		}
		/* The word is copied over itself: it never grows, so out
		 * stays at or behind in. */
		argv[n++] = out;
		char quote = 0;
		while (*in && (quote || !blank(*in))) {
			char c = *in++;
			if (quote == '\'' && c == '\'')
				quote = 0;
			else if (quote == '"' && c == '"')
				quote = 0;
			else if (!quote && (c == '\'' || c == '"'))
				quote = c;
			else if (c == '\\' && quote != '\'' && *in &&
				 (!quote || *in == '"' || *in == '\\'))
				*out++ = *in++;
			else
				*out++ = c;
		}
		if (quote) {
			snprintf(err, errlen, "a %s quote is not closed",
				 quote == '"' ? "double" : "single");
			return -1;
		}
		if (*in)
			in++;
		*out++ = 0;
	}
}
