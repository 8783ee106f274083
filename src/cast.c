/* wcwidth: the width rule term.c applies through curses. */
#define _XOPEN_SOURCE 700
#include "cast.h"

#include "glyph.h"
#include "theme.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wchar.h>


struct cast {
	FILE *out;
	struct cast_opts o;
	char *title;               /* the header's title, owned */
	struct timespec t0;        /* CAST_NOW counts from here */
	int w, h;                  /* the last frame's size; 0 before the first */
	struct cell *prev;         /* [h][w] the last frame */
	long last_ms;
	int err;                   /* a write failed: the recording is incomplete */
	int restyle;               /* the theme changed: the next frame rewrites every row */
	int style;                 /* the SGR state while an event is built: 0 plain */
	char *buf;                 /* the event's text before JSON escaping */
	size_t len, cap;
};

/* The packed style of a cell: attribute bits, then the foreground + 1 and
 * the background + 1 above them (0 = the terminal's). */
#define STYLE_FG_SHIFT 4
#define STYLE_BG_SHIFT 13
static int cell_style(const struct cast *c, const struct cell *cell)
{
	struct theme_look l = theme_look(c->o.theme, c->o.depth, cell->role, cell->ch);
	return (int)l.attr | (l.fg + 1) << STYLE_FG_SHIFT |
	       (l.bg + 1) << STYLE_BG_SHIFT;
}

static void put(struct cast *c, const char *s, size_t n)
{
	if (c->len + n + 1 > c->cap) {
		size_t cap = c->cap ? c->cap : 4096;
		while (c->len + n + 1 > cap)
			cap *= 2;
		char *b = realloc(c->buf, cap);
		if (!b) {
			c->err = 1;
			return;
		}
		c->buf = b;
		c->cap = cap;
	}
	memcpy(c->buf + c->len, s, n);
	c->len += n;
}

static void puts_(struct cast *c, const char *s)
{
	put(c, s, strlen(s));
}

/* fmt is a literal of this file, never data. */
static void putf(struct cast *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void putf(struct cast *c, const char *fmt, ...)
{
	char b[64];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(b, sizeof b, fmt, ap);
	va_end(ap);
	if (n > 0)
		put(c, b, (size_t)n < sizeof b ? (size_t)n : sizeof b - 1);
}

/* SGR for a packed style: reset, then the attributes, then the colour. */
static void set_style(struct cast *c, int st)
{
	if (st == c->style)
		return;
	c->style = st;
	if (st == 0) {
		puts_(c, "\x1b[0m");
		return;
	}
	puts_(c, "\x1b[0");
	if (st & THEME_BOLD)
		puts_(c, ";1");
	if (st & THEME_DIM)
		puts_(c, ";2");
	if (st & THEME_UNDERLINE)
		puts_(c, ";4");
	if (st & THEME_REVERSE)
		puts_(c, ";7");
	int fg = (st >> STYLE_FG_SHIFT &
		  ((1 << (STYLE_BG_SHIFT - STYLE_FG_SHIFT)) - 1)) - 1;
	int bg = (st >> STYLE_BG_SHIFT) - 1;
	if (fg >= 0 && fg < 8)
		putf(c, ";3%d", fg);
	else if (fg >= 0)
		putf(c, ";38;5;%d", fg);
	if (bg >= 0 && bg < 8)
		putf(c, ";4%d", bg);
	else if (bg >= 0)
		putf(c, ";48;5;%d", bg);
	puts_(c, "m");
}

static void put_glyph(struct cast *c, uint32_t ch)
{
	char b[4];
	if (ch < 0x20 || (ch >= 0x7f && ch < 0xa0))
		ch = '?';   /* canvas_put never stores controls; a cell is never a cursor move */
	if (!c->o.utf8)
		ch = (unsigned char)glyph_ascii(ch);   /* the UI's stand-ins, box lines as - | + */
	else if (ch > 0x10ffff || (ch >= 0xd800 && ch <= 0xdfff) || wcwidth((wchar_t)ch) != 1)
		ch = '?';   /* as term.c: every cell is one column wide */
	put(c, b, (size_t)utf8_encode(ch, b));
}

static void put_row(struct cast *c, const struct canvas *s, int y)
{
	putf(c, "\x1b[%d;1H", y + 1);
	/* Every cell, the bottom-right corner too: a terminal holds the cursor
	 * at the last column (pending wrap) and the next event moves it first. */
	for (int x = 0; x < s->w; x++) {
		const struct cell *cell = &s->cells[y * s->w + x];
		set_style(c, cell_style(c, cell));
		put_glyph(c, cell->ch);
	}
}

/* s as a JSON string body onto out: UTF-8 kept (invalid bytes become '?'),
 * quotes, backslashes and control characters escaped. */
static void json_string(FILE *out, const char *s, size_t n)
{
	const char *end = s + n;
	while (s < end) {
		unsigned char u = (unsigned char)*s;
		if (u == '"' || u == '\\') {
			fputc('\\', out);
			fputc(u, out);
			s++;
		} else if (u < 0x20 || u == 0x7f) {
			fprintf(out, "\\u%04x", u);
			s++;
		} else if (u < 0x80) {
			fputc(u, out);
			s++;
		} else {
			uint32_t cp;
			char b[4];
			int len = utf8_decode(s, &cp);
			if (s + len > end)
				cp = '?', len = (int)(end - s);
			fwrite(b, 1, (size_t)utf8_encode(cp, b), out);
			s += len;
		}
	}
}

static long now_ms(const struct cast *c)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long)(t.tv_sec - c->t0.tv_sec) * 1000 + (t.tv_nsec - c->t0.tv_nsec) / 1000000;
}

/* One event line: [T, "type", "text"], flushed. */
static int write_event(struct cast *c, long ms, const char *type, const char *text, size_t n)
{
	fprintf(c->out, "[%ld.%03ld, \"%s\", \"", ms / 1000, ms % 1000, type);
	json_string(c->out, text, n);
	fputs("\"]\n", c->out);
	if (fflush(c->out) != 0 || ferror(c->out))
		c->err = 1;
	return c->err ? -1 : 0;
}

static long event_time(struct cast *c, long ms)
{
	if (ms < 0)
		ms = now_ms(c);
	if (ms < c->last_ms)
		ms = c->last_ms;
	c->last_ms = ms;
	return ms;
}

struct cast *cast_new(FILE *out, const struct cast_opts *o)
{
	struct cast *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->out = out;
	c->o = *o;
	if (o->title && !(c->title = strdup(o->title))) {
		free(c);
		return NULL;
	}
	c->o.title = c->title;
	clock_gettime(CLOCK_MONOTONIC, &c->t0);
	return c;
}

void cast_set_theme(struct cast *c, int theme)
{
	c->o.theme = theme;
	c->restyle = 1;
}

void cast_free(struct cast *c)
{
	if (!c)
		return;
	free(c->title);
	free(c->prev);
	free(c->buf);
	free(c);
}

static void write_header(struct cast *c, int w, int h)
{
	fprintf(c->out, "{\"version\": 2, \"width\": %d, \"height\": %d", w, h);
	if (c->o.timestamp)
		fprintf(c->out, ", \"timestamp\": %lld", c->o.timestamp);
	if (c->o.title) {
		fputs(", \"title\": \"", c->out);
		json_string(c->out, c->o.title, strlen(c->o.title));
		fputc('"', c->out);
	}
	fputs("}\n", c->out);
}

int cast_frame(struct cast *c, const struct canvas *s, long ms)
{
	if (c->err)
		return -1;
	ms = event_time(c, ms);
	int full = !c->prev || c->w != s->w || c->h != s->h, rows_all = full || c->restyle;
	c->restyle = 0;
	if (full) {
		size_t n = (size_t)s->w * (size_t)s->h;
		struct cell *p = malloc((n ? n : 1) * sizeof *p);
		if (!p) {
			c->err = 1;
			return -1;
		}
		if (!c->prev) {
			write_header(c, s->w, s->h);
		} else {
			char size[32];
			snprintf(size, sizeof size, "%dx%d", s->w, s->h);
			write_event(c, ms, "r", size, strlen(size));
		}
		free(c->prev);
		c->prev = p;
		c->w = s->w;
		c->h = s->h;
	}
	c->len = 0;
	c->style = 0;
	if (full)
		puts_(c, "\x1b[?25l\x1b[H\x1b[2J");   /* cursor hidden as the UI hides it; a clean screen */
	for (int y = 0; y < s->h; y++) {
		const struct cell *row = &s->cells[y * s->w], *old = &c->prev[y * s->w];
		int same = !rows_all;
		for (int x = 0; x < s->w && same; x++)
			same = row[x].ch == old[x].ch && row[x].role == old[x].role;
		if (!same)
			put_row(c, s, y);
	}
	set_style(c, 0);
	memcpy(c->prev, s->cells, (size_t)s->w * (size_t)s->h * sizeof *c->prev);
	if (c->err)
		return -1;
	if (c->len == 0)
		return 0;   /* nothing changed: no event */
	return write_event(c, ms, "o", c->buf, c->len);
}

int cast_finish(struct cast *c, long ms)
{
	if (c->err)
		return -1;
	if (!c->prev)
		return 0;
	ms = event_time(c, ms);
	char end[32];
	/* The cursor on the line below the frame, shown again: a shell prompt
	 * after playback starts there instead of over the footer. */
	snprintf(end, sizeof end, "\x1b[%d;1H\r\n\x1b[?25h", c->h > 0 ? c->h : 1);
	return write_event(c, ms, "o", end, strlen(end));
}

int cast_marker(struct cast *c, long ms, const char *label)
{
	if (c->err)
		return -1;
	if (!c->prev)
		return 0;   /* no header yet: a marker before any frame marks nothing */
	/* CAST_NOW marks the frame just written: its time, not a later tick */
	return write_event(c, event_time(c, ms == CAST_NOW ? c->last_ms : ms), "m", label, strlen(label));
}

int cast_write_ansi(FILE *out, const struct canvas *s, const struct cast_opts *o)
{
	struct cast *c = cast_new(out, o);
	if (!c)
		return -1;
	for (int y = 0; y < s->h && !c->err; y++) {
		c->len = 0;
		c->style = 0;
		for (int x = 0; x < s->w; x++) {
			const struct cell *cell = &s->cells[y * s->w + x];
			set_style(c, cell_style(c, cell));
			put_glyph(c, cell->ch);
		}
		set_style(c, 0);
		put(c, "\n", 1);
		if (!c->err)
			fwrite(c->buf, 1, c->len, out);
	}
	int rc = c->err || fflush(out) != 0 || ferror(out) ? -1 : 0;
	cast_free(c);
	return rc;
}
