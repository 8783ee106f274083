/*
 * iniparser 4.1's pitfalls, reproduced against the library itself, next to
 * what our front end (util/ini.c) does with the same input.  The crash and
 * the hang run in child processes.
 */
#include <iniparser.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/ini.h"
#include "t.h"

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
}

/* Run fn in a child with stderr silenced; returns the wait status. */
static int in_child(void (*fn)(const char *), const char *arg, int alarm_s)
{
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		FILE *null = fopen("/dev/null", "w");
		if (null)
			dup2(fileno(null), 2);
		alarm((unsigned)alarm_s);
		fn(arg);
		_exit(0);
	}
	int status = 0;
	waitpid(pid, &status, 0);
	return status;
}

static void getint_colon(const char *path)
{
	dictionary *d = iniparser_load(path);
	(void)iniparser_getint(d, "model:layers", 7);   /* CVE-2023-33461 */
}

static void load_forever(const char *path)
{
	(void)iniparser_load(path);
}

void test_iniparser_pitfalls(void)
{
	char dir[] = "/tmp/attnviz-ip-XXXXXX", path[300], err[600];
	static struct ini_file f;
	if (!mkdtemp(dir))
		return;
	snprintf(path, sizeof path, "%s/n.ini", dir);
	write_text(path, "[a]\nn1 = 12abc\nn2 = 08\nn3 = abc\nn4 = 99999999999\n");
	dictionary *d = iniparser_load(path);
	T_EQ_INT(iniparser_getint(d, "a:n1", -1), 12, "iniparser 4.1: getint reads '12abc' as 12");
	T_EQ_INT(iniparser_getint(d, "a:n2", -1), 0, "iniparser 4.1: getint reads '08' as octal, 0");
	T_EQ_INT(iniparser_getint(d, "a:n3", -1), 0, "iniparser 4.1: getint reads 'abc' as 0");
	/* strtol reads 99999999999 as a long; the cast to int keeps its low 32 bits. */
	T_EQ_INT(iniparser_getint(d, "a:n4", -1), 1215752191, "iniparser 4.1: getint truncates 99999999999 to its low 32 bits");
	iniparser_freedict(d);

	snprintf(path, sizeof path, "%s/sub.ini", dir);
	mkdir(path, 0700);
	d = iniparser_load(path);
	T_OK(d && iniparser_getnsec(d) == 0, "iniparser 4.1: a directory loads as an empty dictionary");
	if (d)
		iniparser_freedict(d);
	T_OK(ini_open(&f, path, err, sizeof err) < 0 && strstr(err, "is a directory"), "ours: a directory is refused");
	ini_close(&f);
	rmdir(path);

	snprintf(path, sizeof path, "%s/c.ini", dir);
	write_text(path, "[model:layers]\nx = 1\n");
	int st = in_child(getint_colon, path, 5);
	T_OK(WIFSIGNALED(st) || (WIFEXITED(st) && WEXITSTATUS(st) != 0),
	     "iniparser 4.1: getint on a [model:layers] section crashes (CVE-2023-33461)");
	T_OK(ini_open(&f, path, err, sizeof err) < 0 && strstr(err, "':' is not allowed in a section name"),
	     "ours: the colon section is refused before iniparser sees it");
	ini_close(&f);
	unlink(path);

	st = in_child(load_forever, "/dev/zero", 1);
	T_OK(WIFSIGNALED(st) && WTERMSIG(st) == SIGALRM, "iniparser 4.1: loading /dev/zero never returns (killed after 1 s)");
	T_OK(ini_open(&f, "/dev/zero", err, sizeof err) < 0 && strstr(err, "not a regular file"), "ours: /dev/zero refused at once");
	ini_close(&f);

	snprintf(path, sizeof path, "%s/n.ini", dir);
	unlink(path);
	rmdir(dir);
}
