#include "scenes/lib/common.h"

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

const char *fmt_in(char *buf, size_t len, double v, int width, int max_decimals)
{
	for (int dec = max_decimals; dec >= 0; dec--) {
		if (snprintf(buf, len, "%.*f", dec, v) > width)
			continue;
		if (v == 0 || strpbrk(buf, "123456789"))
			return buf;
		/* a number that is not 0 never shows as 0.00: more decimals where
		 * they fit (0.004729 beside 0.06, not 4.729e-03) */
		for (int more = max_decimals + 1; more < width; more++)
			if (snprintf(buf, len, "%.*f", more, v) <= width && strpbrk(buf, "123456789"))
				return buf;
		break;
	}
	for (int prec = width; prec >= 0; prec--)
		if (snprintf(buf, len, "%.*e", prec, v) <= width)
			return buf;
	snprintf(buf, len, "#");
	return buf;
}

#include <math.h>
#include <stdlib.h>

const char *fmt_fixed(char *buf, size_t len, double v, int decimals)
{
	char digits[40];
	int prec;
	if (!isfinite(v)) {
		snprintf(buf, len, "%f", v);
		return buf;
	}
	/* The shortest %.Ne that reads back as v. */
	for (prec = 0; prec < 17; prec++) {
		snprintf(digits, sizeof digits, "%.*e", prec, v);
		if (strtod(digits, NULL) == v)
			break;
	}
	snprintf(digits, sizeof digits, "%.*e", prec, v);
	/* digits: [-]d.ddde[+-]xx; shift into an integer string with `decimals` places, half up. */
	int neg = digits[0] == '-';
	char *p = digits + neg, mant[40];
	int nm = 0, exp10 = atoi(strchr(p, 'e') + 1);
	for (; *p != 'e'; p++)
		if (*p != '.')
			mant[nm++] = *p;
	/* value = 0.mant × 10^(exp10 + 1); keep exp10 + 1 + decimals digits. */
	int keep = exp10 + 1 + decimals;
	char out[80];
	int no = 0;
	if (keep < 0) {
		snprintf(buf, len, "%s%.*f", neg ? "-" : "", decimals, 0.0);
		return buf;
	}
	int carry = keep < nm && mant[keep] >= '5';
	for (int i = 0; i < keep; i++)
		out[no++] = i < nm ? mant[i] : '0';
	for (int i = no - 1; i >= 0 && carry; i--) {
		if (out[i] == '9')
			out[i] = '0';
		else {
			out[i]++;
			carry = 0;
		}
	}
	char whole[90];
	int nw = 0;
	if (carry)
		whole[nw++] = '1';
	for (int i = 0; i < no; i++)
		whole[nw++] = out[i];
	whole[nw] = 0;
	/* Insert the decimal point `decimals` from the right, padding with zeros. */
	char res[100];
	int nint = nw - decimals;
	size_t at = 0;
	if (neg)
		res[at++] = '-';
	if (nint <= 0)
		res[at++] = '0';
	for (int i = 0; i < nint; i++)
		res[at++] = whole[i];
	if (decimals > 0) {
		res[at++] = '.';
		for (int i = nint; i < nw; i++)
			if (i >= 0)
				res[at++] = whole[i];
			else
				res[at++] = '0';
	}
	res[at] = 0;
	/* Leading zeros between the point and the digits when nint < 0. */
	if (nint < 0 && decimals > 0) {
		char fixed[100];
		size_t k = 0;
		if (neg)
			fixed[k++] = '-';
		fixed[k++] = '0';
		fixed[k++] = '.';
		for (int i = 0; i < -nint; i++)
			fixed[k++] = '0';
		for (int i = 0; i < nw; i++)
			fixed[k++] = whole[i];
		fixed[k] = 0;
		snprintf(buf, len, "%s", fixed);
		return buf;
	}
	snprintf(buf, len, "%s", res);
	return buf;
}
