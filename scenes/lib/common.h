/*
 * common: small helpers shared by scene files (formatting, tensors to .npy).
 * No curses here: scenes draw only on canvases.
 */
#ifndef ATTNVIZ_SCENES_COMMON_H
#define ATTNVIZ_SCENES_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define GIB (1024.0 * 1024.0 * 1024.0)
#define MIB (1024.0 * 1024.0)

/* 16777216 -> "16,777,216". */
void fmt_thousands(char *buf, size_t len, int64_t v);
/* Bytes as "8.00 MiB" / "10.61 GiB", choosing the unit. */
void fmt_bytes(char *buf, size_t len, double bytes);
/* v in at most `width` columns for a table's column: the most decimals up
 * to max_decimals that fit; a small number that would read 0.00 takes
 * more decimals if they fit; else the most digits of %e that fit (a number
 * is whole or absent: "1.1e+09", never "10737418"; "3.1e-07", never
 * "0.000000"), else "#". */
const char *fmt_in(char *buf, size_t len, double v, int width, int max_decimals);

#endif

/*
 * Fixed-point text as Java's %.Nf writes it: the shortest decimal that reads
 * back as v, rounded half up.  C's printf rounds the exact binary value, so
 * 38.125 gives 38.12 there and 38.13 in the lesson.  Returns buf.
 */
const char *fmt_fixed(char *buf, size_t len, double v, int decimals);
