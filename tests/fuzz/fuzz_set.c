/*
 * libFuzzer target: --set parsing, then the scene built from what parsed.
 * Input: one byte picking the scene, then KEY=VALUE lines.  Every accepted
 * assignment restarts the scene, so scene init and stepping see the values.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scene/driver.h"

static struct registry reg;
static int ready;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[700];
	if (!ready) {
		setenv("ATTNVIZ_SCENES", "scenes", 0);
		setenv("ATTNVIZ_MODELS", "assets/models", 0);
		if (registry_load(&reg, err, sizeof err) < 0) {
			fprintf(stderr, "%s\n", err);
			abort();
		}
		ready = 1;
	}
	if (size < 1 || size > 4096)
		return 0;
	const struct scene_def *def = &reg.defs[data[0] % reg.n];
	/* bench measures the machine in a thread: not a fuzzing target.  tiled and
	 * needle take legal sizes that are slow to step to the end: for them only
	 * the parsing is fuzzed, not the scene. */
	if (scene_measures(def))
		return 0;
	int parse_only = !strcmp(def->cls->id, "tiled") || !strcmp(def->cls->id, "needle");
	struct run r;
	if (run_open(&r, def, NULL, err, sizeof err) < 0)
		return 0;
	char *text = malloc(size);
	memcpy(text, data + 1, size - 1);
	text[size - 1] = 0;
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		if (parse_only)
			params_set(&r.params, line, err, sizeof err);
		else
			run_set(&r, line, err, sizeof err);
	}
	run_goto(&r, r.nsteps);
	run_goto(&r, r.nsteps / 2);
	struct summary s;
	summary_init(&s);
	run_summary(&r, &s, err, sizeof err);
	summary_free(&s);
	run_close(&r);
	free(text);
	return 0;
}
