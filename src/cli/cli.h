/*
 * cli: the command line of DESIGN section 2 and the modes that print
 * without a terminal.  Exit codes: 0 success, 1 a check failed, 2 usage
 * error or bad input.
 */
#ifndef ATTNVIZ_CLI_H
#define ATTNVIZ_CLI_H

#include "app.h"
#include "options.h"

/* Parse argv; 0, or -1 with the error in err. */
int cli_parse(int argc, char **argv, struct cli_options *o, char *err, size_t errlen);
/* Run a non-interactive mode on what main prepared; returns the exit status. */
int cli_run(const struct app *a, const struct cli_options *o);
void cli_help(FILE *out);
/* --bench: real-size kernels timed on this machine (bench.c); returns the exit status. */
int cli_bench(const struct cli_options *o);
/* --fit MEM: the largest context per cache type (fit.c); returns the exit status. */
int cli_fit(const struct app *a, const struct cli_options *o);
/* --cast: the scene (or all) played as asciicast v2 on stdout (cast.c); returns the exit status. */
int cli_cast(const struct app *a, const struct cli_options *o);
/* --lesson FILE --cast: the plan played item by item, a marker per step (cast.c). */
int cli_cast_lesson(const struct app *a, const struct cli_options *o);
/* --archs: every llama.cpp architecture, sized or refused and why
 * (archs.c); returns the exit status. */
int cli_archs(void);
/* --frame: one composed frame as txt, svg or ansi on stdout (frame_out.c). */
int cli_frame(const struct app *a, const struct cli_options *o);

/* --batch: command lines read from in, one a line, each run by run(argc,
 * argv, 1) (main's own, batch.c); after each command's output a line of
 * the record separator (0x1e) and its exit status.  Returns the largest
 * status of a command, or 2 when in cannot be read. */
int cli_batch(FILE *in, int (*run)(int argc, char **argv, int batch));

/* --reconcile LOG: a llama.cpp log's memory lines against attnviz's (reconcile.c); returns the exit status. */
int cli_reconcile(const struct app *a, const struct cli_options *o);
struct llog;
/* The report of --reconcile for a log already read and its model (shown:
 * the log's name as printed; what: where the model came from) on out, a
 * refusal on errout; returns the exit status (0, 1 or 2). */
int reconcile_report(const struct llog *g, const struct model *m, const char *shown, const char *what, FILE *out,
		     FILE *errout);

#endif
