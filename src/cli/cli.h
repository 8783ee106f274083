/*
 * cli: the command line of DESIGN section 2 and the modes that print
 * without a terminal.  Exit codes: 0 success, 1 a check failed, 2 usage
 * error or bad input.
 */
#ifndef ATTNVIZ_CLI_H
#define ATTNVIZ_CLI_H

#include "model/model.h"
#include "scene/driver.h"

#define CLI_MAX_SETS 64

enum cli_mode { MODE_TUI, MODE_LIST, MODE_PRINT, MODE_SUMMARY, MODE_CHECK, MODE_DUMP, MODE_BENCH,
		MODE_EXPORT, MODE_HELP, MODE_VERSION };

struct cli_options {
	enum cli_mode mode;
	const char *scene;        /* -s, or the argument of --print / --summary */
	const char *model;        /* -m */
	const char *sets[CLI_MAX_SETS];
	int nsets;
	const char *dump_dir;
	const char *format;       /* --bench --format tsv */
	const char *keys_file;    /* --keys FILE: unattended TUI input */
	long frames;              /* --frames N: unattended TUI run of N frames */
};

/* Parse argv; 0, or -1 with the error in err. */
int cli_parse(int argc, char **argv, struct cli_options *o, char *err, size_t errlen);
/* Run a non-interactive mode; returns the exit status. */
int cli_run(const struct cli_options *o);
void cli_help(FILE *out);
/* --bench: real-size kernels timed on this machine (bench.c); returns the exit status. */
int cli_bench(const struct cli_options *o);
/* Report an error line on stderr: "attnviz: ...". */
void cli_error(const char *msg);
/* Open a run of one scene with -m and every --set applied; 0 or exit status 2. */
int cli_open_run(struct run *r, const struct scene_def *def, const struct model *m, const struct cli_options *o,
		 int only_known, char *err, size_t errlen);

#endif
