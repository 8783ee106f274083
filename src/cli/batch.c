/*
 * --batch: many questions of one process.  Each line of the input is a
 * command line (attnviz's arguments, without the program's name), split as
 * a shell splits words (util/words.h, no expansions); blank lines and lines
 * starting with # are passed over.  Each command runs as it would alone,
 * its output and errors as it would print them; then stdout gets a line of
 * the ASCII record separator (0x1e) and the command's exit status, so a
 * reader can tell where one command's output ends (the scene files are
 * read once: main.c's registry_keep).  The batch exits with
 * the largest of its commands' statuses.  A scripted walk of
 * every scene and model pays the program's start once, not once a number.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "util/err.h"
#include "util/words.h"

#define BATCH_MAX_WORDS 256
#define BATCH_MAX_LINE 65536

int cli_batch(FILE *in, int (*run)(int argc, char **argv, int batch))
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	long no = 0;
	int worst = 0;
	while ((len = getline(&line, &cap, in)) >= 0) {
		char *argv[BATCH_MAX_WORDS + 1], err[200], why[300];
		int status, argc;
		no++;
		argv[0] = "attnviz";
		if (len > BATCH_MAX_LINE) {
			snprintf(why, sizeof why,
				 "--batch: line %ld: longer than %d bytes", no,
				 BATCH_MAX_LINE);
			err_print(why);
			status = 2;
		} else if ((long)strlen(line) != (long)len) {
			snprintf(why, sizeof why,
				 "--batch: line %ld: a NUL byte", no);
			err_print(why);
			status = 2;
		} else if ((argc = words_split(line, argv + 1,
					       BATCH_MAX_WORDS - 1, err,
					       sizeof err)) < 0) {
			snprintf(why, sizeof why, "--batch: line %ld: %s", no,
				 err);
			err_print(why);
			status = 2;
		} else if (argc == 0 || argv[1][0] == '#') {
			continue;
		} else {
			argv[argc + 1] = NULL;
			status = run(argc + 1, argv, 1);
		}
		printf("\036%d\n", status);
		worst = status > worst ? status : worst;
		if (fflush(stdout) != 0)
			break;
	}
	free(line);
	if (ferror(in)) {
		err_print("--batch: the input could not be read");
		return 2;
	}
	return ferror(stdout) ? 2 : worst;
}
