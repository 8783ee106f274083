#include "util/npy.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "util/err.h"

int npy_write_f32(const char *dir, const char *name, const float *data, size_t rows, size_t cols,
		  char *err, size_t errlen)
{
	char path[600], header[128];
	snprintf(path, sizeof path, "%s/%s.npy", dir, name);
	int len = snprintf(header, sizeof header, "{'descr': '<f4', 'fortran_order': False, 'shape': (%zu, %zu), }",
			   rows, cols);
	/* The 10-byte preamble plus the header is padded with spaces to a multiple of 64, ending in '\n'. */
	int total = (10 + len + 1 + 63) / 64 * 64;
	while (10 + len < total - 1)
		header[len++] = ' ';
	header[len++] = '\n';
	FILE *f = fopen(path, "wb");
	if (!f) {
		err_set(err, errlen, path, 0, NULL, NULL, "%s", strerror(errno));
		return -1;
	}
	unsigned char pre[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (unsigned char)(len & 0xff),
				 (unsigned char)(len >> 8)};
	fwrite(pre, 1, sizeof pre, f);
	fwrite(header, 1, (size_t)len, f);
	for (size_t i = 0; i < rows * cols; i++) {
		uint32_t u;
		memcpy(&u, &data[i], 4);
		unsigned char b[4] = {u & 0xff, (u >> 8) & 0xff, (u >> 16) & 0xff, u >> 24};
		fwrite(b, 1, 4, f);
	}
	if (fclose(f) != 0) {
		err_set(err, errlen, path, 0, NULL, NULL, "%s", strerror(errno));
		return -1;
	}
	return 0;
}
