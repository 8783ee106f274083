#include "glyph.h"

/* Each symbol and what stands for it in ASCII; box drawing too, for a
 * terminal without a line-drawing set. */
static const struct {
	uint32_t cp;
	char ascii;
} table[] = {
	{GLYPH_HLINE, '-'}, {GLYPH_VLINE, '|'}, {GLYPH_TOP_LEFT, '+'},
	{GLYPH_TOP_RIGHT, '+'}, {GLYPH_BOTTOM_LEFT, '+'},
	{GLYPH_BOTTOM_RIGHT, '+'}, {GLYPH_TEE_RIGHT, '+'},
	{GLYPH_TEE_LEFT, '+'}, {GLYPH_TEE_DOWN, '+'}, {GLYPH_TEE_UP, '+'},
	{GLYPH_CROSS, '+'}, {0x2580, '"'}, {0x2581, '_'}, {0x2582, '_'},
	{0x2583, '_'}, {0x2584, '='}, {0x2585, '='}, {0x2586, '#'},
	{0x2587, '#'}, {GLYPH_FULL, '#'}, {0x2589, '#'}, {0x258a, '#'},
	{0x258b, '#'}, {0x258c, '#'}, {0x258d, ':'}, {0x258e, ':'},
	{0x258f, ':'}, {GLYPH_UPPER_EIGHTH, '-'}, {GLYPH_LIGHT, '.'},
	{GLYPH_MEDIUM, ':'}, {GLYPH_DARK, '#'}, {0x25a0, '#'}, {GLYPH_DOT, '.'},
	{GLYPH_BULLET, '.'}, {GLYPH_DISC, 'o'}, {GLYPH_CIRCLE, 'o'},
	{0x25ef, 'o'}, {GLYPH_DIAMOND, '*'}, {GLYPH_STAR, '*'},
	{GLYPH_ELLIPSIS, '.'}, {GLYPH_POINTER, '>'}, {GLYPH_PLAY, '>'},
	{GLYPH_LEFT_POINTER, '<'}, {GLYPH_CHECK, '+'}, {GLYPH_CROSS_MARK, 'x'},
	{GLYPH_ARROW_NE, '/'}, {GLYPH_ARROW_NW, '\\'}, {GLYPH_ARROW_SW, '/'},
	{GLYPH_ARROW_SE, '\\'},
	/* letters and signs that text uses */
	{0x2192, '>'}, {0x2190, '<'}, {0x2191, '^'}, {0x2193, 'v'},
	{0x2265, '>'}, {0x2264, '<'}, {0x00d7, 'x'}, {0x2212, '-'},
	{0x2013, '-'}, {0x2014, '-'}, {0x221e, '~'}, {0x221a, 'V'},
	{0x03b8, 't'}, {0x03b2, 'b'}, {0x03c0, 'p'}, {0x00b2, '2'},
	{0x2248, '~'}, {0x1d40, 'T'}, {0x2208, 'e'}, {0x00a0, ' '},
	{0x00f7, '/'}, {0x221d, '~'}, {0x03a3, 'S'}, {0x2261, '='},
	{0x2506, ':'},
};

char glyph_ascii(uint32_t cp)
{
	if (cp < 0x80)
		return (char)cp;
	for (unsigned i = 0; i < sizeof table / sizeof table[0]; i++)
		if (table[i].cp == cp)
			return table[i].ascii;
	return '?';
}
