#include "scenes/common.h"

#include <stdio.h>
#include <string.h>

void fmt_thousands(char *buf, size_t len, int64_t v)
{
	char digits[32];
	int n = snprintf(digits, sizeof digits, "%lld", (long long)(v < 0 ? -v : v));
	size_t at = 0;
	if (v < 0 && at + 1 < len)
		buf[at++] = '-';
	for (int i = 0; i < n && at + 1 < len; i++) {
		buf[at++] = digits[i];
		if ((n - i - 1) % 3 == 0 && i < n - 1 && at + 1 < len)
			buf[at++] = ',';
	}
	buf[at] = 0;
}

void fmt_bytes(char *buf, size_t len, double bytes)
{
	if (bytes >= GIB)
		snprintf(buf, len, "%.2f GiB", bytes / GIB);
	else if (bytes >= MIB)
		snprintf(buf, len, "%.2f MiB", bytes / MIB);
	else if (bytes >= 1024)
		snprintf(buf, len, "%.2f KiB", bytes / 1024);
	else
		snprintf(buf, len, "%.0f B", bytes);
}
