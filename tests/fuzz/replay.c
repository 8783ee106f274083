/* Run a fuzz target's entry point on files, for the ordinary test suite:
 * prints "ok - replay TARGET FILE" for each file it survives. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		FILE *f = fopen(argv[i], "rb");
		if (!f) {
			printf("not ok - replay %s (cannot open)\n", argv[i]);
			continue;
		}
		uint8_t *buf = malloc(1 << 20);
		size_t n = fread(buf, 1, 1 << 20, f);
		fclose(f);
		LLVMFuzzerTestOneInput(buf, n);
		free(buf);
		printf("ok - replay %s\n", argv[i]);
	}
	return 0;
}
