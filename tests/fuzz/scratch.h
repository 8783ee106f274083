/* scratch: where a fuzz target writes its input for a reader that takes a
 * path.  One directory a process, $TMPDIR/attnviz-fuzz-TARGET-PID (or under
 * /tmp), holding one file; both are removed when the process exits, as
 * libFuzzer and the replay both end through exit (a run of the suite once
 * left a file for every replay behind). */
#ifndef ATTNVIZ_FUZZ_SCRATCH_H
#define ATTNVIZ_FUZZ_SCRATCH_H

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static char scratch_dir[512], scratch_file[600];

static void scratch_remove(void)
{
	unlink(scratch_file);
	rmdir(scratch_dir);
}

/* Writes data to the process's scratch file, named leaf, and returns the
 * file's path, or NULL when it cannot be written. */
static const char *scratch_write(const char *target, const char *leaf, const uint8_t *data, size_t size)
{
	if (!scratch_dir[0]) {
		const char *tmp = getenv("TMPDIR");
		snprintf(scratch_dir, sizeof scratch_dir, "%s/attnviz-fuzz-%s-%d", tmp && *tmp ? tmp : "/tmp", target,
			 (int)getpid());
		snprintf(scratch_file, sizeof scratch_file, "%s/%s", scratch_dir, leaf);
		if (mkdir(scratch_dir, 0700) != 0 && errno != EEXIST)
			return NULL;
		atexit(scratch_remove);
	}
	FILE *f = fopen(scratch_file, "wb");
	if (!f)
		return NULL;
	size_t put = fwrite(data, 1, size, f);
	return fclose(f) == 0 && put == size ? scratch_file : NULL;
}

#endif
