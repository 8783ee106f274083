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

int main(int argc, char **argv)
{
	struct cli_options o;
	struct app app;
	char err[700];
	setlocale(LC_ALL, "");
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
