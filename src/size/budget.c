/* budget: memory sizes as typed (see the header). */
#include "size/budget.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define GIB (INT64_C(1) << 30)

/*
 * Published memory sizes.  Vendors write GPU and unified memory in "GB" of
 * binary capacity (the chips are 2^30-byte multiples: a 24 GB RTX 4090 shows
 * 24564 MiB in nvidia-smi, the last 12 MiB held by the driver), so each is
 * taken as that many GiB.  Sorted by size, smallest first.
 */
const struct budget_device budget_devices[] = {
    {.name = "rtx3060",
     .title = "NVIDIA GeForce RTX 3060 12 GB",
     .aliases = "3060|rtx 3060 12gb",
     .bytes = 12 * GIB,
     .source = "nvidia.com GeForce RTX 3060 family specs: 12 GB GDDR6"},
    {.name = "rtx4080",
     .title = "NVIDIA GeForce RTX 4080",
     .aliases = "4080",
     .bytes = 16 * GIB,
     .source = "nvidia.com GeForce RTX 4080 specs: 16 GB GDDR6X"},
    {.name = "rtx3090",
     .title = "NVIDIA GeForce RTX 3090",
     .aliases = "3090",
     .bytes = 24 * GIB,
     .source = "nvidia.com GeForce RTX 3090 specs: 24 GB GDDR6X"},
    {.name = "rtx4090",
     .title = "NVIDIA GeForce RTX 4090",
     .aliases = "4090",
     .bytes = 24 * GIB,
     .source = "nvidia.com GeForce RTX 4090 specs: 24 GB GDDR6X"},
    {.name = "rtx5090",
     .title = "NVIDIA GeForce RTX 5090",
     .aliases = "5090",
     .bytes = 32 * GIB,
     .source = "nvidia.com GeForce RTX 5090 specs: 32 GB GDDR7"},
    {.name = "a100-40g",
     .title = "NVIDIA A100 40GB",
     .aliases = "a100 40|a100-40gb",
     .bytes = 40 * GIB,
     .source = "NVIDIA A100 Tensor Core GPU datasheet: 40 GB HBM2"},
    {.name = "l40s",
     .title = "NVIDIA L40S",
     .aliases = "",
     .bytes = 48 * GIB,
     .source = "NVIDIA L40S datasheet: 48 GB GDDR6 with ECC"},
    {.name = "a100-80g",
     .title = "NVIDIA A100 80GB",
     .aliases = "a100|a100 80|a100-80gb",
     .bytes = 80 * GIB,
     .source = "NVIDIA A100 Tensor Core GPU datasheet: 80 GB HBM2e"},
    {.name = "h100",
     .title = "NVIDIA H100 SXM",
     .aliases = "h100 80gb|h100-80g",
     .bytes = 80 * GIB,
     .source = "NVIDIA H100 Tensor Core GPU datasheet: H100 SXM 80 GB "
	       "HBM3"},
    {.name = "m4-max-128",
     .title = "Apple M4 Max, 128 GB",
     .aliases = "m4 max",
     .bytes = 128 * GIB,
     .source = "apple.com MacBook Pro (2024) tech specs: up to 128 GB "
	       "unified memory"},
    {.name = "h200",
     .title = "NVIDIA H200 SXM",
     .aliases = "h200 141gb",
     .bytes = 141 * GIB,
     .source = "NVIDIA H200 Tensor Core GPU datasheet: 141 GB HBM3e"},
    {.name = "m2-ultra-192",
     .title = "Apple M2 Ultra, 192 GB",
     .aliases = "m2 ultra",
     .bytes = 192 * GIB,
     .source = "apple.com Mac Studio (2023) tech specs: up to 192 GB "
	       "unified memory"},
    {.name = "mi300x",
     .title = "AMD Instinct MI300X",
     .aliases = "",
     .bytes = 192 * GIB,
     .source = "amd.com Instinct MI300X specifications: 192 GB HBM3"},
    {.name = "m3-ultra-512",
     .title = "Apple M3 Ultra, 512 GB",
     .aliases = "m3 ultra",
     .bytes = 512 * GIB,
     .source = "apple.com Mac Studio (2025) tech specs: up to 512 GB "
	       "unified memory"},
};
const size_t budget_device_count =
    sizeof budget_devices / sizeof budget_devices[0];

/* Units: decimal and binary multiples, as written. */
static const struct {
	const char *unit;
	double scale;
} units[] = {
    {"", 1},
    {"B", 1},
    {"kB", 1e3},
    {"KB", 1e3},
    {"MB", 1e6},
    {"GB", 1e9},
    {"TB", 1e12},
    {"PB", 1e15},
    {"KiB", 1024.0},
    {"MiB", 1048576.0},
    {"GiB", 1073741824.0},
    {"TiB", 1099511627776.0},
    {"PiB", 1125899906842624.0},
};

void budget_device_key(const char *name, char *out, size_t len)
{
	size_t n = 0;
	for (const char *p = name; *p && n + 1 < len; p++)
		if ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9'))
			out[n++] = *p;
		else if (*p >= 'A' && *p <= 'Z')
			out[n++] = (char)(*p - 'A' + 'a');
	if (len)
		out[n < len ? n : len - 1] = 0;
}

/* The key of a name without the vendor's words people may or may not write
 * ("NVIDIA GeForce RTX 4090" and "rtx 4090" are one device). */
static void device_key(const char *name, char *out, size_t len)
{
	static const char *const vendor[] = {"nvidia", "geforce", "amd",
					     "instinct", "apple"};
	char k[128];
	budget_device_key(name, k, sizeof k);
	const char *p = k;
	for (int again = 1; again;) {
		again = 0;
		for (size_t i = 0; i < sizeof vendor / sizeof vendor[0]; i++)
			if (!strncmp(p, vendor[i], strlen(vendor[i])) &&
			    p[strlen(vendor[i])]) {
				p += strlen(vendor[i]);
				again = 1;
			}
	}
	snprintf(out, len, "%s", p);
}

const struct budget_device *budget_device_find(const char *name)
{
	char want[128], key[128], alias[64];
	device_key(name, want, sizeof want);
	if (!want[0])
		return NULL;
	for (size_t i = 0; i < budget_device_count; i++) {
		const struct budget_device *d = &budget_devices[i];
		device_key(d->name, key, sizeof key);
		if (!strcmp(key, want))
			return d;
		device_key(d->title, key, sizeof key);
		if (!strcmp(key, want))
			return d;
		for (const char *a = d->aliases; *a;) {
			size_t n = strcspn(a, "|");
			snprintf(alias, sizeof alias, "%.*s", (int)n, a);
			device_key(alias, key, sizeof key);
			if (!strcmp(key, want))
				return d;
			a += n + (a[n] == '|');
		}
	}
	return NULL;
}

/* One size or one device, as written. */
static int parse_one(const char *text, int64_t *bytes,
		     const struct budget_device **dev, char *why, size_t len)
{
	const struct budget_device *d = budget_device_find(text);
	*dev = NULL;
	if (d) {
		*bytes = d->bytes;
		*dev = d;
		return 0;
	}
	char *end;
	errno = 0;
	double v = strtod(text, &end);
	if (end == text || !(text[0] >= '0' && text[0] <= '9')) {
		snprintf(why, len,
			 "want a size such as 24GiB, 80GB, 12000MiB, a device "
			 "(rtx4090, \"RTX 4090\", a100-80g, "
			 "h100, ...: --fit list) or several (2x24GiB, "
			 "rtx3090,rtx3090)");
		return -1;
	}
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
		if (strcmp(end, units[i].unit))
			continue;
		double b = v * units[i].scale;
		/* at least 1 MiB, at most 1 PiB: anything else is a typing slip
		 */
		if (errno || !isfinite(b) || b < 1048576.0 ||
		    b > 1125899906842624.0) {
			/* a bare number is bytes; "--fit 24" most likely meant
			 * GiB */
			if (!*end && b < 1048576.0 &&
			    v * 1073741824.0 >= 1048576.0 &&
			    v * 1073741824.0 <= 1125899906842624.0)
				snprintf(
				    why, len,
				    "%.*s bytes is under 1 MiB (a bare number "
				    "is bytes): did you mean %.*sGiB?",
				    (int)(end - text), text, (int)(end - text),
				    text);
			else
				snprintf(why, len,
					 "out of range (1 MiB to 1 PiB)");
			return -1;
		}
		*bytes = (int64_t)b;
		return 0;
	}
	snprintf(why, len,
		 "unknown unit (B, kB, MB, GB, TB, PB, KiB, MiB, GiB, TiB, "
		 "PiB)");
	return -1;
}

int budget_parse_set(const char *text, struct budget *b, char *why, size_t len)
{
	char part[128];
	memset(b, 0, sizeof *b);
	for (const char *p = text;;) {
		size_t n = strcspn(p, ",");
		if (n >= sizeof part) {
			snprintf(why, len,
				 "a device or size longer than %zu characters",
				 sizeof part - 1);
			return -1;
		}
		snprintf(part, sizeof part, "%.*s", (int)n, p);
		/* "2x24GiB", "2 x rtx3090": that many of one ("0x10" is no hex
		 * size) */
		long count = 1;
		const char *one = part;
		char *end;
		if (part[0] >= '0' && part[0] <= '9') {
			long c = strtol(part, &end, 10);
			while (*end == ' ')
				end++;
			if (*end == 'x' || *end == 'X') {
				count = c;
				for (one = end + 1; *one == ' ';)
					one++;
			}
		}
		if (count < 1 || count > BUDGET_MAX_DEVICES - b->n) {
			snprintf(why, len, "1 to %d devices",
				 BUDGET_MAX_DEVICES);
			return -1;
		}
		int64_t bytes;
		const struct budget_device *dev;
		if (parse_one(one, &bytes, &dev, why, len) < 0)
			return -1;
		for (long i = 0; i < count; i++) {
			b->bytes[b->n] = bytes;
			b->dev[b->n++] = dev;
			b->total += bytes; /* 16 devices of at most 1 PiB: no
					      overflow */
		}
		if (!p[n])
			return 0;
		p += n + 1;
	}
}

int budget_parse(const char *text, int64_t *bytes,
		 const struct budget_device **dev, char *why, size_t len)
{
	struct budget b;
	if (budget_parse_set(text, &b, why, len) < 0)
		return -1;
	*bytes = b.total;
	*dev = b.n == 1 ? b.dev[0] : NULL;
	return 0;
}
