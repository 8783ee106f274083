/* escseq: the sequences after ESC a terminfo entry may not name. */
#include "escseq.h"

#include <string.h>

#include "t.h"

static enum esc_key parse(const char *s)
{
	return escseq_parse(s, strlen(s));
}

void test_escseq(void)
{
	static const struct {
		const char *seq;
		enum esc_key want;
	} cases[] = {
		{"[", ESC_MORE}, {"O", ESC_MORE}, {"[1", ESC_MORE}, {"[1;5", ESC_MORE},
		{"[1~", ESC_HOME}, {"[7~", ESC_HOME}, {"[H", ESC_HOME}, {"OH", ESC_HOME}, {"[1;5H", ESC_HOME},
		{"[4~", ESC_END}, {"[8~", ESC_END}, {"[F", ESC_END}, {"OF", ESC_END}, {"[4;2~", ESC_END},
		{"[5~", ESC_PGUP}, {"[6~", ESC_PGDN}, {"[A", ESC_UP}, {"OB", ESC_DOWN}, {"[1;3C", ESC_RIGHT},
		{"[D", ESC_LEFT},
		/* SGR mouse (mode 1006): 64 wheel up, 65 down, a modifier kept apart */
		{"[<64;10;10M", ESC_WHEEL_UP}, {"[<65;1;1M", ESC_WHEEL_DOWN}, {"[<81;1;1M", ESC_WHEEL_DOWN},
		{"[<0;10;10M", ESC_SWALLOW}, {"[<65;10;10m", ESC_SWALLOW},
		/* whole but meaningless here: swallowed, never keys */
		{"[1;5X", ESC_SWALLOW}, {"[99;7~", ESC_SWALLOW}, {"[200~", ESC_SWALLOW}, {"OP", ESC_SWALLOW},
		{"[?1;2c", ESC_SWALLOW},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		T_EQ_INT(parse(cases[i].seq), cases[i].want, "escseq: ESC %s", cases[i].seq);
	/* an unterminated sequence is given up at ESCSEQ_MAX bytes, not read on */
	char longer[ESCSEQ_MAX + 1];
	memset(longer, '1', sizeof longer);
	longer[0] = '[';
	T_EQ_INT(escseq_parse(longer, ESCSEQ_MAX - 1), ESC_MORE, "escseq: a parameter run below the limit wants more");
	T_EQ_INT(escseq_parse(longer, ESCSEQ_MAX), ESC_SWALLOW, "escseq: %d bytes without a final byte are swallowed",
		 ESCSEQ_MAX);
}
