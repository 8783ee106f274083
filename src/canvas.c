#include "canvas.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "glyph.h"

struct canvas *canvas_new(int w, int h)
{
	if (w < 0 || h < 0 || (w > 0 && h > (1 << 22) / w))   /* 4M cells: a 4000x1000 terminal */
		return NULL;
	struct canvas *c = malloc(sizeof *c);
	if (!c)
		return NULL;
	c->w = w;
	c->h = h;
	c->cells = calloc((size_t)w * h + 1, sizeof *c->cells);
	if (!c->cells) {
		free(c);
		return NULL;
	}
	canvas_clear(c);
	return c;
}

void canvas_free(struct canvas *c)
{
	if (!c)
		return;
	free(c->cells);
	free(c);
}

void canvas_clear(struct canvas *c)
{
	c->overflow = c->overlap = 0;
	for (int i = 0; i < c->w * c->h; i++) {
		c->cells[i].ch = ' ';
		c->cells[i].role = ROLE_NORMAL;
		c->cells[i].text = 0;
	}
}

void canvas_put(struct canvas *c, int x, int y, uint32_t ch, enum role role)
{
	if (x < 0 || y < 0 || x >= c->w || y >= c->h)
		return;
	/* C0, DEL and C1 controls would move the terminal's cursor: never store them. */
	if (ch < 0x20 || (ch >= 0x7f && ch < 0xa0))
		ch = '?';
	c->cells[y * c->w + x].ch = ch;
	c->cells[y * c->w + x].role = (uint8_t)role;
	c->cells[y * c->w + x].text = 0;
}

/* Put one character of text: counts it when it lands past an edge or on
 * another text's character. */
static void put_text(struct canvas *c, int x, int y, uint32_t ch, enum role role)
{
	if (x < 0 || y < 0 || x >= c->w || y >= c->h) {
		c->overflow++;
		return;
	}
	struct cell *cell = &c->cells[y * c->w + x];
	if (cell->text && cell->ch != ' ' && ch != ' ' && cell->ch != ch)
		c->overlap++;
	canvas_put(c, x, y, ch, role);
	cell->text = 1;
}

const struct cell *canvas_at(const struct canvas *c, int x, int y)
{
	if (x < 0 || y < 0 || x >= c->w || y >= c->h)
		return NULL;
	return &c->cells[y * c->w + x];
}

int utf8_decode(const char *s, uint32_t *cp)
{
	const unsigned char *u = (const unsigned char *)s;
	int len;
	uint32_t v;
	if (u[0] < 0x80) {
		*cp = u[0];
		return 1;
	} else if ((u[0] & 0xe0) == 0xc0) {
		len = 2;
		v = u[0] & 0x1f;
	} else if ((u[0] & 0xf0) == 0xe0) {
		len = 3;
		v = u[0] & 0x0f;
	} else if ((u[0] & 0xf8) == 0xf0) {
		len = 4;
		v = u[0] & 0x07;
	} else {
		*cp = '?';
		return 1;
	}
	for (int i = 1; i < len; i++) {
		if ((u[i] & 0xc0) != 0x80) {
			*cp = '?';
			return i;
		}
		v = (v << 6) | (u[i] & 0x3f);
	}
	/* Overlong forms, surrogates and values past U+10FFFF are not text. */
	static const uint32_t min_for_len[5] = {0, 0, 0x80, 0x800, 0x10000};
	if (v < min_for_len[len] || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
		v = '?';
	*cp = v;
	return len;
}

int utf8_encode(uint32_t cp, char *out)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	} else if (cp < 0x800) {
		out[0] = (char)(0xc0 | (cp >> 6));
		out[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	} else if (cp < 0x10000) {
		out[0] = (char)(0xe0 | (cp >> 12));
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | (cp >> 18));
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	out[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

int canvas_text(struct canvas *c, int x, int y, enum role role, const char *utf8)
{
	int col = 0;
	while (*utf8) {
		uint32_t cp;
		utf8 += utf8_decode(utf8, &cp);
		put_text(c, x + col, y, cp, role);
		col++;
	}
	return col;
}

int canvas_printf(struct canvas *c, int x, int y, enum role role, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return canvas_text(c, x, y, role, buf);
}

int canvas_printf_whole(struct canvas *c, int x, int y, enum role role, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (x < 0 || y < 0 || y >= c->h || x + utf8_width(buf) > c->w)
		return 0;
	return canvas_text(c, x, y, role, buf);
}

void canvas_hline(struct canvas *c, int x, int y, int len, uint32_t ch, enum role role)
{
	for (int i = 0; i < len; i++)
		canvas_put(c, x + i, y, ch, role);
}

void canvas_vline(struct canvas *c, int x, int y, int len, uint32_t ch, enum role role)
{
	for (int i = 0; i < len; i++)
		canvas_put(c, x, y + i, ch, role);
}

void canvas_fill(struct canvas *c, int x, int y, int w, int h, uint32_t ch, enum role role)
{
	for (int j = 0; j < h; j++)
		canvas_hline(c, x, y + j, w, ch, role);
}

void canvas_box(struct canvas *c, int x, int y, int w, int h, enum role role, const char *title)
{
	if (w < 2 || h < 2)
		return;
	canvas_hline(c, x + 1, y, w - 2, GLYPH_HLINE, role);
	canvas_hline(c, x + 1, y + h - 1, w - 2, GLYPH_HLINE, role);
	canvas_vline(c, x, y + 1, h - 2, GLYPH_VLINE, role);
	canvas_vline(c, x + w - 1, y + 1, h - 2, GLYPH_VLINE, role);
	canvas_put(c, x, y, GLYPH_TOP_LEFT, role);
	canvas_put(c, x + w - 1, y, GLYPH_TOP_RIGHT, role);
	canvas_put(c, x, y + h - 1, GLYPH_BOTTOM_LEFT, role);
	canvas_put(c, x + w - 1, y + h - 1, GLYPH_BOTTOM_RIGHT, role);
	if (title && *title && w > 4) {
		/* Clip the title inside the corners. */
		char buf[256];
		int room = w - 4, col = 0;
		const char *s = title;
		size_t out = 0;
		while (*s && col < room && out + 5 < sizeof buf) {
			uint32_t cp;
			s += utf8_decode(s, &cp);
			out += (size_t)utf8_encode(cp, buf + out);
			col++;
		}
		buf[out] = 0;
		canvas_put(c, x + 1, y, ' ', role);
		canvas_text(c, x + 2, y, ROLE_LABEL, buf);
		canvas_put(c, x + 2 + col, y, ' ', role);
	}
}

void canvas_bar(struct canvas *c, int x, int y, int len, double frac, enum role role)
{
	if (!(frac > 0))
		return;
	if (frac > 1)
		frac = 1;
	int eighths = (int)(frac * len * 8 + 0.5);
	int full = eighths / 8, part = eighths % 8;
	canvas_hline(c, x, y, full, GLYPH_FULL, role);
	if (part > 0 && full < len)
		canvas_put(c, x + full, y, GLYPH_FULL + 8 - (uint32_t)part, role);  /* ▉ .. ▏: 7/8 .. 1/8 */
}

void canvas_dump(const struct canvas *c, FILE *out)
{
	for (int y = 0; y < c->h; y++) {
		int last = c->w - 1;
		while (last >= 0 && c->cells[y * c->w + last].ch == ' ')
			last--;
		for (int x = 0; x <= last; x++) {
			char b[4];
			int n = utf8_encode(c->cells[y * c->w + x].ch, b);
			fwrite(b, 1, (size_t)n, out);
		}
		fputc('\n', out);
	}
}

void canvas_line(struct canvas *c, int x0, int y0, int x1, int y1, uint32_t ch, enum role role)
{
	int dx = x1 > x0 ? x1 - x0 : x0 - x1, dy = y1 > y0 ? y1 - y0 : y0 - y1;
	int steps = dx > dy ? dx : dy;
	for (int i = 0; i <= steps; i++) {
		int x = steps ? x0 + (int)((double)(x1 - x0) * i / steps + (x1 >= x0 ? 0.5 : -0.5)) : x0;
		int y = steps ? y0 + (int)((double)(y1 - y0) * i / steps + (y1 >= y0 ? 0.5 : -0.5)) : y0;
		canvas_put(c, x, y, ch, role);
	}
}

/* A command-line flag and its value stay on one line: the space after a
 * word like -np or --swa-full is no place to break when a value (a word
 * not starting with '-') follows, so "-np 256" never splits. */
static int flag_with_value(const char *word, const char *space)
{
	int letter = space - word >= 2 && word[0] == '-' &&
		     ((word[1] >= 'a' && word[1] <= 'z') || (word[1] >= 'A' && word[1] <= 'Z') || word[1] == '-');
	return letter && space[1] && space[1] != ' ' && space[1] != '-' && space[1] != '\n';
}

/* Is [w, end) one of the words a formula or a quantity keeps on its row? */
static int is_one_of(const char *w, const char *end, const char *const *list)
{
	for (; *list; list++)
		if ((size_t)(end - w) == strlen(*list) && !strncmp(w, *list, (size_t)(end - w)))
			return 1;
	return 0;
}

/* Spaces a formula or a quantity keeps: either side of an operator ("s =
 * 4", "|q − k| < 4") and between a number and its unit ("10.61 GiB").  A
 * row breaks there only when it has no other place (wrap's `soft`). */
static int glued(const char *word, const char *space)
{
	static const char *const ops[] = {"=", "==", "<", ">", "≤", "≥", "−", "+", "×", "·", "÷", "≈", "-", NULL};
	static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "KB", "MB", "GB", "TB",
					    "ms", "µs", "ns", "rad", "GFLOP/s", "GB/s", "TFLOP", NULL};
	const char *next = space + 1, *next_end = next;
	while (*next_end && *next_end != ' ' && *next_end != '\n')
		next_end++;
	/* the unit may end a clause: "GiB," "GiB." "GiB)" */
	const char *unit_end = next_end;
	while (unit_end > next && strchr(",.;:)", unit_end[-1]))
		unit_end--;
	/* and an operand's words: "8 heads" in "× 8 heads × 4 B" */
	const char *after = *next_end == ' ' ? next_end + 1 : next_end, *after_end = after;
	while (*after_end && *after_end != ' ' && *after_end != '\n')
		after_end++;
	int number_before = space > word && space[-1] >= '0' && space[-1] <= '9';
	return flag_with_value(word, space) || is_one_of(word, space, ops) || is_one_of(next, next_end, ops) ||
	       (number_before && is_one_of(next, unit_end, units)) || (number_before && is_one_of(after, after_end, ops));
}

/* Word-wrap s into lines of w columns; draws them when c is not NULL
 * (at most h lines) and returns the lines used, or needed when c is NULL. */
static int wrap(struct canvas *c, int x, int y, int w, int h, enum role role, const char *s)
{
	int line = 0;
	if (w <= 0)
		return 0;
	while (*s && (!c || line < h)) {
		/* Take as many whole words as fit; break a word only when it alone is too long. */
		const char *p = s, *cut = NULL, *soft = NULL, *word = s;
		int cols = 0;
		while (*p && *p != '\n' && cols < w) {
			uint32_t cp;
			const char *next = p + utf8_decode(p, &cp);
			if (*p == ' ') {
				if (!glued(word, p))
					cut = p;
				else
					soft = p;
				word = p + 1;
			}
			p = next;
			cols++;
		}
		if (!cut)
			cut = soft;   /* a formula longer than the row: broken at one of its spaces */
		const char *end = (!*p || *p == '\n' || !cut || (*p == ' ' && !glued(word, p))) ? p : cut;
		int col = 0;
		for (const char *q = s; c && q < end;) {
			uint32_t cp;
			q += utf8_decode(q, &cp);
			put_text(c, x + col++, y + line, cp, role);
		}
		s = end;
		while (*s == ' ' || *s == '\n')
			s++;
		line++;
	}
	if (c && *s)
		c->overflow++;   /* words left over: the box was too small */
	return line;
}

int canvas_wrap(struct canvas *c, int x, int y, int w, int h, enum role role, const char *s)
{
	return wrap(c, x, y, w, h, role, s);
}

int canvas_wrap_lines(int w, const char *s)
{
	return wrap(NULL, 0, 0, w, 0, ROLE_NORMAL, s);
}

int utf8_width(const char *s)
{
	int cols = 0;
	while (*s) {
		uint32_t cp;
		s += utf8_decode(s, &cp);
		cols++;
	}
	return cols;
}
