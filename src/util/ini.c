#include "util/ini.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <iniparser.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/err.h"

/* iniparser reports through this callback; our own checks come first, so
 * anything it still says is dropped rather than printed over the screen. */
static int ini_quiet(const char *fmt, ...)
{
	(void)fmt;
	return 0;
}

static int name_ok(const char *s, size_t n)
{
	if (n == 0 || n >= INI_NAME_MAX)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '_' && s[i] != '.' && s[i] != '-')
			return 0;
	return 1;
}

static void lower_copy(char *dst, const char *src, size_t n)
{
	for (size_t i = 0; i < n; i++)
		dst[i] = (char)tolower((unsigned char)src[i]);
	dst[n] = 0;
}

/* Read the whole file through one descriptor, checked as a regular file. */
static char *slurp(const char *path, size_t *len, char *err, size_t errlen)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		err_set(err, errlen, path, 0, NULL, NULL, "%s", strerror(errno));
		return NULL;
	}
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		err_set(err, errlen, path, 0, NULL, NULL, "%s",
			S_ISDIR(st.st_mode) ? "is a directory, not an INI file" : "not a regular file");
		close(fd);
		return NULL;
	}
	if (st.st_size > INI_MAX_BYTES) {
		err_set(err, errlen, path, 0, NULL, NULL, "file too large (%lld bytes, the limit is %d)",
			(long long)st.st_size, INI_MAX_BYTES);
		close(fd);
		return NULL;
	}
	char *buf = malloc(INI_MAX_BYTES + 1);
	size_t got = 0;
	ssize_t r;
	if (!buf) {
		close(fd);
		err_set(err, errlen, path, 0, NULL, NULL, "out of memory");
		return NULL;
	}
	while (got < INI_MAX_BYTES + 1 && (r = read(fd, buf + got, INI_MAX_BYTES + 1 - got)) > 0)
		got += (size_t)r;
	close(fd);
	if (got > INI_MAX_BYTES) {
		free(buf);
		err_set(err, errlen, path, 0, NULL, NULL, "file too large (the limit is %d bytes)", INI_MAX_BYTES);
		return NULL;
	}
	buf[got] = 0;
	*len = got;
	return buf;
}

/* Check one line; adds sections and keys to f.  0 or -1 with err. */
static int scan_line(struct ini_file *f, char *line, int lineno, char *section, char *err, size_t errlen)
{
	size_t n = strlen(line);
	while (n && isspace((unsigned char)line[n - 1]))
		line[--n] = 0;
	while (isspace((unsigned char)*line))
		line++, n--;
	if (n == 0 || line[0] == ';' || line[0] == '#')
		return 0;
	if (line[0] == '[') {
		char *close_br = strchr(line, ']');
		if (!close_br) {
			err_set(err, errlen, f->path, lineno, NULL, NULL, "section header without ']'");
			return -1;
		}
		size_t len = (size_t)(close_br - line - 1);
		char *rest = close_br + 1;
		while (isspace((unsigned char)*rest))
			rest++;
		if (*rest && *rest != ';' && *rest != '#') {
			err_set(err, errlen, f->path, lineno, NULL, NULL, "text after the section header");
			return -1;
		}
		if (memchr(line + 1, ':', len)) {
			/* iniparser joins section and key with ':'; such names are ambiguous
			 * and crash iniparser_getint in 4.1 (CVE-2023-33461). */
			err_set(err, errlen, f->path, lineno, NULL, NULL, "':' is not allowed in a section name");
			return -1;
		}
		if (!name_ok(line + 1, len)) {
			err_set(err, errlen, f->path, lineno, NULL, NULL,
				"bad section name (letters, digits, '_', '-', '.'; at most %d)", INI_NAME_MAX - 1);
			return -1;
		}
		lower_copy(section, line + 1, len);
		for (int i = 0; i < f->nsections; i++)
			if (!strcmp(f->sections[i].section, section)) {
				err_set(err, errlen, f->path, lineno, section, NULL,
					"section given twice (first on line %d)", f->sections[i].line);
				return -1;
			}
		if (f->nsections >= (int)(sizeof f->sections / sizeof f->sections[0])) {
			err_set(err, errlen, f->path, lineno, NULL, NULL, "too many sections");
			return -1;
		}
		strcpy(f->sections[f->nsections].section, section);
		f->sections[f->nsections++].line = lineno;
		return 0;
	}
	char *eq = strchr(line, '=');
	if (!eq) {
		err_set(err, errlen, f->path, lineno, section[0] ? section : NULL, NULL,
			"not a 'key = value' line");
		return -1;
	}
	size_t klen = (size_t)(eq - line);
	while (klen && isspace((unsigned char)line[klen - 1]))
		klen--;
	char key[INI_NAME_MAX];
	if (klen >= INI_NAME_MAX || !name_ok(line, klen) || memchr(line, ':', klen)) {
		err_set(err, errlen, f->path, lineno, section[0] ? section : NULL, NULL,
			"bad key name (letters, digits, '_', '-', '.'; at most %d)", INI_NAME_MAX - 1);
		return -1;
	}
	lower_copy(key, line, klen);
	if (!section[0]) {
		err_set(err, errlen, f->path, lineno, NULL, key, "key before any [section]");
		return -1;
	}
	for (int i = 0; i < f->nkeys; i++)
		if (!strcmp(f->keys[i].section, section) && !strcmp(f->keys[i].key, key)) {
			err_set(err, errlen, f->path, lineno, section, key, "duplicate key (first on line %d)",
				f->keys[i].line);
			return -1;
		}
	if (f->nkeys >= INI_MAX_KEYS) {
		err_set(err, errlen, f->path, lineno, section, key, "too many keys (the limit is %d)", INI_MAX_KEYS);
		return -1;
	}
	strcpy(f->keys[f->nkeys].section, section);
	strcpy(f->keys[f->nkeys].key, key);
	f->keys[f->nkeys++].line = lineno;
	return 0;
}

static int scan(struct ini_file *f, char *text, size_t len, char *err, size_t errlen)
{
	char section[INI_NAME_MAX] = "";
	int lineno = 1;
	char *line = text;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];
		if (c == 0 || (c < 0x20 && c != '\n' && c != '\r' && c != '\t') || c == 0x7f) {
			err_set(err, errlen, f->path, lineno, NULL, NULL, "binary data (byte 0x%02x), not an INI file", c);
			return -1;
		}
		lineno += c == '\n';
	}
	lineno = 1;
	for (;;) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = 0;
		if (strlen(line) > INI_MAX_LINE) {
			err_set(err, errlen, f->path, lineno, section[0] ? section : NULL, NULL,
				"line too long (the limit is %d characters)", INI_MAX_LINE);
			return -1;
		}
		if (scan_line(f, line, lineno, section, err, errlen) < 0)
			return -1;
		if (!nl)
			break;
		line = nl + 1;
		lineno++;
	}
	return 0;
}

int ini_open(struct ini_file *f, const char *path, char *err, size_t errlen)
{
	size_t len;
	memset(f, 0, sizeof *f);
	snprintf(f->path, sizeof f->path, "%s", path);
	char *text = slurp(path, &len, err, errlen);
	if (!text)
		return -1;
	/* A UTF-8 byte order mark (Windows editors write one) starts no line:
	 * read past it, and give iniparser, which would take it for text, the
	 * file without it. */
	int bom = len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3), rc = 0;
	FILE *copy = NULL;
	if (bom) { /* before scan, which cuts the text into lines */
		copy = tmpfile();
		if (!copy || fwrite(text + 3, 1, len - 3, copy) != len - 3 ||
		    fflush(copy) != 0) {
			err_set(err, errlen, path, 0, NULL, NULL,
				"cannot copy it without its byte order mark");
			rc = -1;
		}
	}
	if (rc == 0)
		rc = scan(f, text + 3 * bom, len - 3 * (size_t)bom, err,
			  errlen);
	free(text);
	if (rc < 0) {
		if (copy)
			fclose(copy);
		return -1;
	}
	iniparser_set_error_callback(ini_quiet);
	if (copy) {
		char fd_path[64];
		rewind(copy);
		snprintf(fd_path, sizeof fd_path, "/dev/fd/%d", fileno(copy));
		f->dict = iniparser_load(fd_path);
		fclose(copy);
	} else {
		f->dict = iniparser_load(path);
	}
	if (!f->dict) {
		err_set(err, errlen, path, 0, NULL, NULL, "could not be read as INI");
		return -1;
	}
	return 0;
}

void ini_close(struct ini_file *f)
{
	if (f->dict)
		iniparser_freedict(f->dict);
	f->dict = NULL;
}

const char *ini_get(const struct ini_file *f, const char *section, const char *key, int *line)
{
	*line = 0;
	for (int i = 0; i < f->nkeys; i++)
		if (!strcmp(f->keys[i].section, section) && !strcmp(f->keys[i].key, key)) {
			char full[2 * INI_NAME_MAX + 2];
			snprintf(full, sizeof full, "%s:%s", section, key);
			*line = f->keys[i].line;
			return iniparser_getstring(f->dict, full, NULL);
		}
	return NULL;
}

int ini_section_line(const struct ini_file *f, const char *section)
{
	for (int i = 0; i < f->nsections; i++)
		if (!strcmp(f->sections[i].section, section))
			return f->sections[i].line;
	return 0;
}
