/* gguf_write [-n] OUT < SPEC: writes a GGUF test fixture (see
 * tests/unit/gguf_writer.h); -n prints the tensors' data bytes as the writer
 * counts them, for the weight-bytes test. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit/gguf_writer.h"

int main(int argc, char **argv)
{
	char err[200];
	size_t cap = 1 << 16, n = 0, got;
	char *spec = malloc(cap + 1);
	int count = argc == 3 && !strcmp(argv[1], "-n");
	if ((argc != 2 && !count) || !spec) {
		fprintf(stderr, "usage: gguf_write [-n] OUT < SPEC\n");
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
	long long bytes = 0;
	int rc = gguf_spec_write_counted(spec, argv[count ? 2 : 1], &bytes, err, sizeof err);
	free(spec);
	if (rc < 0) {
		fprintf(stderr, "gguf_write: %s\n", err);
		return 2;
	}
	if (count)
		printf("%lld\n", bytes);
	return 0;
}
