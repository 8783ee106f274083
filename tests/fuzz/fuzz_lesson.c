/* libFuzzer target: the lesson-plan loader (--lesson FILE), on arbitrary file
 * contents, against the real scene registry (ATTNVIZ_SCENES). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "scratch.h"
#include "scratch.h"
#include "scene/driver.h"
#include "scene/lesson.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct registry reg;
	static int have_reg = -1;
	static struct lesson l;
	char err[700];
	if (have_reg < 0)
		have_reg = registry_load(&reg, err, sizeof err) == 0;
	if (!have_reg)
		return 0;   /* no scene files: nothing a lesson could name */
	const char *path = scratch_write("lesson", "input.ini", data, size);
	if (!path)
		return 0;
	if (lesson_load(&l, path, &reg, NULL, err, sizeof err) == 0) {
		/* A plan that loads opens every item, inside its scene's steps. */
		for (int i = 0; i < l.n; i++) {
			struct run r;
			if (lesson_open_item(&l, i, NULL, &r, err, sizeof err) < 0 || r.step != l.items[i].first ||
			    l.items[i].last > r.nsteps || l.items[i].first > l.items[i].last)
				__builtin_trap();
			run_close(&r);
		}
		lesson_free(&l);
	}
	return 0;
}
