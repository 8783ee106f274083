#include <stdio.h>

#include "cli/cli.h"

int cli_bench(const struct cli_options *o)
{
	(void)o;
	cli_error("--bench: not built yet");
	return 2;
}
