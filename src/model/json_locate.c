/*
 * json_locate: where a key of a JSON text is, for the errors of the
 * config.json readers (hfconfig.c, hfconv.c).
 */
#include "model/json_locate.h"

#include <stdio.h>
#include <string.h>

/*
 * Line and column (1-based) of the key at a dotted path ("text_config.
 * rope_scaling.factor") in JSON text that jansson has accepted already, so
 * the scan needs no error handling: it tracks the key that opened each open
 * object and compares the path when it meets a key.  0 when not found.
 */
int json_locate(const char *t, size_t n, const char *path, int *line, int *col)
{
	char names[8][48]; /* [depth] the key that opened each container */
	char pending[48] = "";
	int depth = 0, ln = 1, cl = 1;
	for (size_t i = 0; i < n; i++) {
		char c = t[i];
		if (c == '"') {
			int kl = ln, kc = cl;
			size_t s = ++i;
			cl++;
			while (i < n && t[i] != '"') {
				if (t[i] == '\\' && i + 1 < n) {
					i++;
					cl++;
				}
				if (((unsigned char)t[i] & 0xc0) != 0x80)
					cl++;
				i++;
			}
			size_t klen = i - s, j = i + 1;
			cl++;
			while (j < n && (t[j] == ' ' || t[j] == '\t' ||
					 t[j] == '\n' || t[j] == '\r'))
				j++;
			if (j >= n || t[j] != ':')
				continue; /* a value, not a key */
			snprintf(pending, sizeof pending, "%.*s",
				 (int)(klen < 47 ? klen : 47), t + s);
			/* compare names[1..depth-1] + key with path */
			const char *p = path;
			int match = depth >= 1 && depth <= 8;
			for (int d = 1; match && d < depth; d++) {
				size_t l = strlen(names[d]);
				if (strncmp(p, names[d], l) || p[l] != '.')
					match = 0;
				else
					p += l + 1;
			}
			if (match && strlen(p) == klen &&
			    !strncmp(p, t + s, klen)) {
				*line = kl;
				*col = kc;
				return 1;
			}
			continue;
		}
		if (c == '{' || c == '[') {
			if (depth < 8)
				snprintf(names[depth], sizeof names[depth],
					 "%s", pending);
			depth++;
			pending[0] = 0;
		} else if (c == '}' || c == ']') {
			depth--;
		} else if (c == ',') {
			pending[0] = 0;
		}
		if (c == '\n') {
			ln++;
			cl = 1;
		} else if (((unsigned char)c & 0xc0) != 0x80) {
			cl++;
		}
	}
	return 0;
}
