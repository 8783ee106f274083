#include "svg.h"

#include <string.h>

#include "theme.h"

#define SVG_FONT_PX 15
#define SVG_BASELINE 14   /* from a row's top: the font's ascent at SVG_FONT_PX */
#define SVG_BG "#000000"
#define SVG_FG "#e5e5e5"  /* the terminal's default foreground (xterm's white) */

/* A colour of xterm's palette as "#rrggbb" (the default foreground where
 * idx is none). */
static void xterm_rgb(int idx, char out[8])
{
	unsigned char c[3];
	if (theme_rgb(idx, c) < 0)
		snprintf(out, 8, "%s", SVG_FG);
	else
		snprintf(out, 8, "#%02x%02x%02x", c[0], c[1], c[2]);
}

/* Text as XML character data: & < > " escaped; a code point XML does not
 * allow (controls, surrogates, U+FFFE and U+FFFF) as '?'. */
static void xml_text(FILE *out, const char *s)
{
	while (*s) {
		uint32_t cp;
		s += utf8_decode(s, &cp);
		if (cp == '&')
			fputs("&amp;", out);
		else if (cp == '<')
			fputs("&lt;", out);
		else if (cp == '>')
			fputs("&gt;", out);
		else if (cp == '"')
			fputs("&quot;", out);
		else {
			char b[4];
			if ((cp < 0x20 && cp != '\t') || (cp >= 0x7f && cp < 0xa0) || (cp >= 0xd800 && cp <= 0xdfff) ||
			    cp == 0xfffe || cp == 0xffff || cp > 0x10ffff)
				cp = '?';
			fwrite(b, 1, (size_t)utf8_encode(cp, b), out);
		}
	}
}

static void xml_cp(FILE *out, uint32_t cp)
{
	char b[5];
	b[utf8_encode(cp, b)] = 0;
	xml_text(out, b);
}

static int same_look(struct theme_look a, struct theme_look b)
{
	return a.fg == b.fg && a.bg == b.bg && a.attr == b.attr;
}

/* One run of cells [x0, x1) of row y with look l. */
static void run_out(FILE *out, const struct canvas *s, int y, int x0, int x1, struct theme_look l)
{
	char fg[8], bg[8];
	int blank = 1;
	for (int x = x0; x < x1; x++)
		blank &= canvas_at(s, x, y)->ch == ' ';
	if (l.fg >= 0)
		xterm_rgb(l.fg, fg);
	else
		snprintf(fg, sizeof fg, "%s", SVG_FG);
	if (l.bg >= 0)
		xterm_rgb(l.bg, bg);
	else
		snprintf(bg, sizeof bg, "%s", SVG_BG);
	if (l.attr & THEME_REVERSE) {
		/* reversed: the colour behind, the page's for the glyphs */
		fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", x0 * SVG_CELL_W,
			y * SVG_CELL_H, (x1 - x0) * SVG_CELL_W, SVG_CELL_H, fg);
	} else if (blank && !(l.attr & THEME_UNDERLINE)) {
		return;   /* blanks on the page draw nothing */
	}
	fprintf(out, "<text x=\"%d\" y=\"%d\" textLength=\"%d\" lengthAdjust=\"spacingAndGlyphs\" fill=\"%s\"", x0 * SVG_CELL_W,
		y * SVG_CELL_H + SVG_BASELINE, (x1 - x0) * SVG_CELL_W, l.attr & THEME_REVERSE ? bg : fg);
	if (l.attr & THEME_BOLD)
		fputs(" font-weight=\"bold\"", out);
	if (l.attr & THEME_DIM)
		fputs(" opacity=\"0.7\"", out);
	if (l.attr & THEME_UNDERLINE)
		fputs(" text-decoration=\"underline\"", out);
	fputc('>', out);
	for (int x = x0; x < x1; x++)
		xml_cp(out, canvas_at(s, x, y)->ch);
	fputs("</text>\n", out);
}

int svg_write(FILE *out, const struct canvas *s, int theme, const char *title)
{
	int w = s->w * SVG_CELL_W, h = s->h * SVG_CELL_H;
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", out);
	fprintf(out,
		"<svg xmlns=\"http://www.w3.org/2000/svg\" xml:space=\"preserve\" width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" "
		"font-size=\"%d\">\n",
		w, h, w, h, SVG_FONT_PX);
	if (title) {
		fputs("<title>", out);
		xml_text(out, title);
		fputs("</title>\n", out);
	}
	/* the page: the theme's background, else the terminal's black */
	struct theme_look page = theme_look((enum theme_id)theme, THEME_256,
					    ROLE_NORMAL, ' ');
	char bg[8];
	if (page.bg >= 0)
		xterm_rgb(page.bg, bg);
	else
		snprintf(bg, sizeof bg, "%s", SVG_BG);
	fprintf(out, "<rect width=\"%d\" height=\"%d\" fill=\"%s\"/>\n",
		w, h, bg);
	for (int y = 0; y < s->h; y++) {
		int x0 = 0;
		struct theme_look l0 = {0, 0, 0};
		for (int x = 0; x <= s->w; x++) {
			struct theme_look l = l0;
			if (x < s->w) {
				const struct cell *c = canvas_at(s, x, y);
				l = theme_look((enum theme_id)theme, THEME_256, c->role, c->ch);
			}
			if (x == s->w || (x > x0 && !same_look(l, l0))) {
				if (x > x0)
					run_out(out, s, y, x0, x, l0);
				x0 = x;
			}
			l0 = l;
		}
	}
	fputs("</svg>\n", out);
	return fflush(out) != 0 || ferror(out) ? -1 : 0;
}
