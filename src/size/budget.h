/*
 * budget: a memory size as the user writes it for --fit and the fit scene:
 * a number with a unit (24GiB, 80GB, 12000MiB, 1.5TiB; decimal kB MB GB TB,
 * binary KiB MiB GiB TiB, B or no unit for bytes) or a device from a small
 * table of published memory sizes (rtx4090, a100-80g, h100, m2-ultra-192),
 * named as people write them ("RTX 4090", rtx-4090, 4090: case, spaces,
 * hyphens and the vendor's words do not matter); or several devices,
 * comma-separated, each may be N x one ("2x24GiB", "rtx3090,rtx3090",
 * "2xrtx3090,16GiB").
 */
#ifndef ATTNVIZ_BUDGET_H
#define ATTNVIZ_BUDGET_H

#include <stddef.h>
#include <stdint.h>

/* Most devices of one budget (llama.cpp's GGML_CUDA_MAX_DEVICES is 16). */
#define BUDGET_MAX_DEVICES 16

struct budget_device {
	const char *name;    /* as typed: rtx4090 */
	const char *title;   /* NVIDIA GeForce RTX 4090 */
	const char *aliases; /* other names people write, '|'-separated */
	int64_t bytes;
	const char *source; /* where the size is published */
};

/* [budget_device_count] sorted by size. */
extern const struct budget_device budget_devices[];
extern const size_t budget_device_count;

/* A budget: one device or several. */
struct budget {
	int n; /* devices, 1 to BUDGET_MAX_DEVICES */
	int64_t bytes[BUDGET_MAX_DEVICES];
	const struct budget_device
	    *dev[BUDGET_MAX_DEVICES]; /* NULL: given as a size */
	int64_t total;		      /* the sum */
};

/* Parse text.  0 with *bytes, the sum of its devices (and *dev, the device
 * named when it is one, or NULL), or -1 with what is wrong in why[len]
 * (the text is not echoed into a format). */
int budget_parse(const char *text, int64_t *bytes,
		 const struct budget_device **dev, char *why, size_t len);
/* Parse text as one device or several: 0 with b filled, or -1 with why. */
int budget_parse_set(const char *text, struct budget *b, char *why, size_t len);
/* A device by name as people write it, or NULL. */
const struct budget_device *budget_device_find(const char *name);
/* "rtx 4090" -> "rtx4090": lower case, letters and digits only, into
 * out[len]. */
void budget_device_key(const char *name, char *out, size_t len);

#endif
