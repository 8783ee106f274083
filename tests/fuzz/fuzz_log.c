/*
 * libFuzzer target: a llama.cpp log as --reconcile reads it (llamalog.c),
 * then the model of its print_info lines and the whole report, written to
 * /dev/null.  Lines are data: any bytes, any length, any prefix.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli/cli.h"
#include "model/llamalog.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[700];
	if (size > (1 << 20))
		return 0;
	FILE *in = fmemopen(size ? (void *)data : (void *)"", size ? size : 1, "rb");
	FILE *null = fopen("/dev/null", "w");
	struct llog *g = malloc(sizeof *g);
	struct model *m = malloc(sizeof *m);
	if (in && null && g && m && llog_read(g, in) == 0 && llog_model(g, "fuzz.log", m, err, sizeof err) == 0)
		reconcile_report(g, m, "fuzz.log", "the log's print_info lines", null, null);
	if (in)
		fclose(in);
	if (null)
		fclose(null);
	free(g);
	free(m);
	return 0;
}
