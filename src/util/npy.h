/* npy: write arrays as NumPy .npy files (format 1.0, little-endian, C order). */
#ifndef ATTNVIZ_NPY_H
#define ATTNVIZ_NPY_H

#include <stddef.h>

/* A [rows][cols] float32 array to dir/name.npy; 0, or -1 with err. */
int npy_write_f32(const char *dir, const char *name, const float *data, size_t rows, size_t cols,
		  char *err, size_t errlen);

#endif
