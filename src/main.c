/*
 * attnviz: the entry.  Parse the command line, prepare once what every mode
 * needs (scene registry, -m model, -s scene, --set keys), then hand over to
 * a non-interactive mode (src/cli) or to the terminal program (src/ui).
 */
#include <locale.h>
#include <stdio.h>

#include "app.h"
#include "cli/cli.h"
#include "options.h"
#include "ui/ui.h"
#include "util/err.h"

#ifndef ATTNVIZ_VERSION
#define ATTNVIZ_VERSION "0.1.0"
#endif

/* One command line, as attnviz runs it: parse, prepare, run a mode.  In a
 * batch the terminal program is refused: stdin holds the commands. */
static int run(int argc, char **argv, int batch)
{
	struct cli_options o;
	struct app app;
	char err[700];
	if (cli_parse(argc, argv, &o, err, sizeof err) < 0) {
		err_print(err);
		return 2;
	}
	switch (o.mode) {
	case MODE_HELP:
		cli_help(stdout);
		return 0;
	case MODE_VERSION:
		printf("attnviz %s\n", ATTNVIZ_VERSION);
		return 0;
	case MODE_BENCH:
		return cli_bench(&o);
	case MODE_ARCHS:
		return cli_archs();
	case MODE_BATCH:
		if (batch) {
			err_print("--batch: a command line of the batch runs "
				  "one mode, not another batch");
			return 2;
		}
		registry_keep();   /* the scene files read once a batch */
		return cli_batch(stdin, run);
	case MODE_TUI:
		if (batch) {
			err_print(
				"--batch: a command line needs a mode "
				"(--summary, --explain, --fit, ...): "
				"the terminal program does not run in a batch");
			return 2;
		}
		break;
	default:
		break;
	}
	if (app_prepare(&app, &o, err, sizeof err) < 0) {
		err_print(err);
		return 2;
	}
	int status = o.mode == MODE_TUI ? ui_main(&app, &o) : cli_run(&app, &o);
	app_free(&app);
	return status;
}

int main(int argc, char **argv)
{
	setlocale(LC_ALL, "");
	return run(argc, argv, 0);
}
