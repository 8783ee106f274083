/*
 * half: IEEE 754 binary16 ("f16"), the type engines store their KV cache in
 * (llama.cpp's default -ctk/-ctv f16, ggml's GGML_TYPE_F16), converted to and
 * from float in portable C.  The benchmark kernels convert 8 values at a time
 * with F16C where the CPU has it (fastattn.c); these scalar conversions are
 * the portable definition both are tested against.
 */
#ifndef ATTNVIZ_HALF_H
#define ATTNVIZ_HALF_H

#include <stddef.h>
#include <stdint.h>

/* Exact: every half is a float. */
float half_to_float(uint16_t h);
/* Round to nearest, ties to even; beyond 65504 (after rounding) gives infinity. */
uint16_t half_from_float(float f);
/* dst[n] = half(src[n]). */
void half_from_floats(uint16_t *dst, const float *src, size_t n);

#endif
