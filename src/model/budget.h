/*
 * budget: a memory size as the user writes it for --fit and the fit scene:
 * a number with a unit (24GiB, 80GB, 12000MiB, 1.5TiB; decimal kB MB GB TB,
 * binary KiB MiB GiB TiB, B or no unit for bytes) or a device from a small
 * table of published memory sizes (rtx4090, a100-80g, h100, m2-ultra-192).
 */
#ifndef ATTNVIZ_BUDGET_H
#define ATTNVIZ_BUDGET_H

#include <stddef.h>
#include <stdint.h>

struct budget_device {
	const char *name;     /* as typed: rtx4090 */
	const char *title;    /* NVIDIA GeForce RTX 4090 */
	int64_t bytes;
	const char *source;   /* where the size is published */
};

/* [budget_device_count] sorted by size. */
extern const struct budget_device budget_devices[];
extern const size_t budget_device_count;

/* Parse text.  0 with *bytes (and *dev, the device named, or NULL), or -1
 * with what is wrong in why[len] (the text is not echoed into a format). */
int budget_parse(const char *text, int64_t *bytes, const struct budget_device **dev, char *why, size_t len);
/* A device by name, or NULL. */
const struct budget_device *budget_device_find(const char *name);

#endif
