/*
 * escseq: ECMA-48's shape of a control sequence (CSI: '[', parameter bytes
 * 0x30-0x3F, intermediate bytes 0x20-0x2F, one final byte 0x40-0x7E; SS3:
 * 'O' and one byte), and the meanings of the common ones (xterm's
 * ctlseqs: "PC-Style Function Keys", vt220 editing keys, SGR mouse mode
 * 1006: button 64 wheel up, 65 wheel down).
 */
#include "escseq.h"

#include <string.h>

/* Whole sequences after ESC, with or without a modifier parameter. */
static const struct {
	const char *seq;
	enum esc_key key;
} known[] = {
	{"[1~", ESC_HOME}, {"[7~", ESC_HOME}, {"[H", ESC_HOME}, {"OH", ESC_HOME},
	{"[4~", ESC_END}, {"[8~", ESC_END}, {"[F", ESC_END}, {"OF", ESC_END},
	{"[5~", ESC_PGUP}, {"[6~", ESC_PGDN},
	{"[A", ESC_UP}, {"OA", ESC_UP}, {"[B", ESC_DOWN}, {"OB", ESC_DOWN},
	{"[C", ESC_RIGHT}, {"OC", ESC_RIGHT}, {"[D", ESC_LEFT}, {"OD", ESC_LEFT},
};

/* SGR mouse report "[<b;x;yM" (or 'm', a release): the wheel's buttons. */
static enum esc_key sgr_mouse(const char *seq, size_t n)
{
	if (n < 3 || seq[1] != '<' || seq[n - 1] != 'M')
		return ESC_SWALLOW;
	int b = 0;
	for (size_t i = 2; i < n && seq[i] >= '0' && seq[i] <= '9' && b < 1000; i++)
		b = b * 10 + (seq[i] - '0');
	b &= ~(4 | 8 | 16);   /* shift, meta, control */
	return b == 64 ? ESC_WHEEL_UP : b == 65 ? ESC_WHEEL_DOWN : ESC_SWALLOW;
}

enum esc_key escseq_parse(const char *seq, size_t n)
{
	if (n == 0)
		return ESC_MORE;
	if (seq[0] == 'O') {   /* SS3: one byte after it */
		if (n < 2)
			return ESC_MORE;
	} else {
		unsigned char last = (unsigned char)seq[n - 1];
		if (n < 2 || last < 0x40 || last > 0x7e)
			return n >= ESCSEQ_MAX ? ESC_SWALLOW : ESC_MORE;
		if (seq[1] == '<')
			return sgr_mouse(seq, n);
	}
	/* "[1;5H" (a modifier) means what "[H" does, "[4;2~" what "[4~" does */
	char base[ESCSEQ_MAX + 1];
	size_t len = n < ESCSEQ_MAX ? n : ESCSEQ_MAX;
	memcpy(base, seq, len);
	base[len] = 0;
	char *semi = strchr(base, ';');
	if (semi && base[0] == '[') {
		char final = base[len - 1];
		if (final == '~')
			memmove(semi, base + len - 1, 2);   /* keep the number, drop the modifier */
		else {
			base[1] = final, base[2] = 0;       /* "[1;5H" -> "[H" */
		}
	}
	for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
		if (!strcmp(base, known[i].seq))
			return known[i].key;
	return ESC_SWALLOW;
}
