/* attnviz: entry point.  Parses the command line, then runs a print mode or the TUI. */
#include <locale.h>
#include <stdio.h>
#include <unistd.h>

#include "cli/cli.h"
#include "ui/ui.h"

int main(int argc, char **argv)
{
	struct cli_options o;
	char err[700];
	setlocale(LC_ALL, "");
	if (cli_parse(argc, argv, &o, err, sizeof err) < 0) {
		cli_error(err);
		return 2;
	}
	if (o.mode != MODE_TUI)
		return cli_run(&o);
	return ui_main(&o);
}
