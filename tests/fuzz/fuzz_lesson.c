/* libFuzzer target: the lesson-plan loader (--lesson FILE), on arbitrary file
 * contents, against the real scene registry (ATTNVIZ_SCENES). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "scene/driver.h"
#include "scene/lesson.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[64];
	static struct registry reg;
	static int have_reg = -1;
	static struct lesson l;
	char err[700];
	if (have_reg < 0)
		have_reg = registry_load(&reg, err, sizeof err) == 0;
	if (!have_reg)
		return 0;   /* no scene files: nothing a lesson could name */
	if (!path[0])
		snprintf(path, sizeof path, "/tmp/attnviz-fuzz-lesson-%d.ini", (int)getpid());
	FILE *f = fopen(path, "wb");
	if (!f)
		return 0;
	fwrite(data, 1, size, f);
	fclose(f);
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
