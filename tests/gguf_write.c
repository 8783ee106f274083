/* gguf_write OUT < SPEC: writes a GGUF test fixture (see tests/unit/gguf_writer.h). */
#include <stdio.h>
#include <stdlib.h>

#include "unit/gguf_writer.h"

int main(int argc, char **argv)
{
	char err[200];
	size_t cap = 1 << 16, n = 0, got;
	char *spec = malloc(cap + 1);
	if (argc != 2 || !spec) {
		fprintf(stderr, "usage: gguf_write OUT < SPEC\n");
		return 2;
	}
	while ((got = fread(spec + n, 1, cap - n, stdin)) > 0) {
		n += got;
		if (n == cap) {
			char *p = realloc(spec, cap * 2 + 1);
			if (!p)
				return 2;
			spec = p;
			cap *= 2;
		}
	}
	spec[n] = 0;
	int rc = gguf_spec_write(spec, argv[1], err, sizeof err);
	free(spec);
	if (rc < 0) {
		fprintf(stderr, "gguf_write: %s\n", err);
		return 2;
	}
	return 0;
}
