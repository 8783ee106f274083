/*
 * ini: a strict front end to iniparser, the only code that calls it.
 *
 * iniparser 4.1 (Debian 12) has sharp edges: iniparser_getint crashes on a
 * section name with a colon (CVE-2023-33461), numbers like "12abc" read as
 * 12, a directory loads as an empty dictionary, /dev/zero never ends, and
 * loading time grows with the square of the number of keys.  So ini_open
 * first checks the path is a regular file under a size cap, reads it and
 * checks every line itself (syntax, section and key names, duplicates,
 * binary bytes, line length, key count), remembering the line of each key.
 * Only then does iniparser build the dictionary, and values come back only
 * as strings, to be parsed strictly by the caller.
 */
#ifndef ATTNVIZ_INI_H
#define ATTNVIZ_INI_H

#include <stddef.h>

#define INI_MAX_BYTES (64 * 1024)
#define INI_MAX_LINE 512
#define INI_MAX_KEYS 256
#define INI_NAME_MAX 48

struct ini_key {
	char section[INI_NAME_MAX];
	char key[INI_NAME_MAX];
	int line;
};

struct ini_file {
	char path[512];
	void *dict;                       /* iniparser's dictionary */
	int nkeys;
	struct ini_key keys[INI_MAX_KEYS];   /* in file order */
	int nsections;
	struct ini_key sections[64];      /* key[] unused; line of the header */
};

/* Open and check; 0, or -1 with the one-line error in err. */
int ini_open(struct ini_file *f, const char *path, char *err, size_t errlen);
void ini_close(struct ini_file *f);
/* The value of section/key, or NULL; *line gets its line (0 when missing). */
const char *ini_get(const struct ini_file *f, const char *section, const char *key, int *line);
/* Line of the [section] header, or 0 when the file has no such section. */
int ini_section_line(const struct ini_file *f, const char *section);

#endif
