/* The lesson plan's set splitting, the SVG writer's runs and escaping, and
 * the cast's markers. */
#include <stdlib.h>
#include <string.h>

#include "canvas.h"
#include "cast.h"
#include "scene/lesson.h"
#include "svg.h"
#include "t.h"
#include "theme.h"

/* A set value and its assignments joined by '|' (DESIGN section 7: a comma
 * followed by KEY= starts the next one). */
static const struct {
	const char *value, *want;
} splits[] = {
	{"n=64, d=8, tile=16", "n=64|d=8|tile=16"},
	{"x=1,3,2,5,0.5,4", "x=1,3,2,5,0.5,4"},
	{"x=1,3,2, seed=7", "x=1,3,2|seed=7"},
	{"values=1:0,0:1,1:1, scores=1,2,3", "values=1:0,0:1,1:1|scores=1,2,3"},
	{"  ctx = 4096 ,ubatch=512  ", "ctx = 4096|ubatch=512"},
	{"a=1,,b=2", "a=1,|b=2"},
	{"", ""},
};

static void test_split(void)
{
	for (unsigned i = 0; i < sizeof splits / sizeof splits[0]; i++) {
		char buf[256], joined[256] = "";
		const char *out[8];
		int n = lesson_split_set(splits[i].value, buf, sizeof buf, out, 8);
		for (int k = 0; k < n; k++) {
			if (k)
				strcat(joined, "|");
			strcat(joined, out[k]);
		}
		T_EQ_STR(joined, splits[i].want, "lesson: set '%s' splits into its assignments", splits[i].value);
	}
	char buf[64];
	const char *out[2];
	T_EQ_INT(lesson_split_set("a=1, b=2, c=3", buf, sizeof buf, out, 2), -1, "lesson: more assignments than room is refused");
}

/* The SVG of a canvas, in a string (the caller frees it). */
static char *svg_of(const struct canvas *c, const char *title)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (!f)
		return NULL;
	svg_write(f, c, THEME_CLASSIC, title);
	fclose(f);
	return text;
}

static int count(const char *hay, const char *needle)
{
	int n = 0;
	for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
		n++;
	return n;
}

static void test_svg(void)
{
	struct canvas *c = canvas_new(10, 2);
	canvas_text(c, 0, 0, ROLE_LABEL, "ab");
	canvas_text(c, 2, 0, ROLE_HOT, "cd");
	canvas_text(c, 0, 1, ROLE_NORMAL, "<&\">");
	canvas_text(c, 5, 1, ROLE_FAIL, "x");
	char *s = svg_of(c, "t <&\"");
	T_OK(s != NULL, "svg: written");
	if (s) {
		/* row 0: "ab" label, "cd" hot (the blanks after them draw nothing); row 1: text, blank, x */
		T_EQ_INT(count(s, "<text "), 4, "svg: one <text> per run of cells of one look");
		T_OK(strstr(s, ">&lt;&amp;&quot;&gt; </text>") != NULL, "svg: cell text escaped for XML");
		T_OK(strstr(s, "<title>t &lt;&amp;&quot;</title>") != NULL, "svg: the title escaped");
		T_OK(strstr(s, "<text x=\"18\" y=\"14\" textLength=\"18\"") != NULL, "svg: a run at its column, stretched over its cells");
		/* classic ROLE_HOT is xterm 203: 0xff, 0x5f, 0x5f */
		T_OK(strstr(s, "fill=\"#ff5f5f\" font-weight=\"bold\">cd</text>") != NULL, "svg: the theme's colour and bold");
	}
	free(s);
	canvas_free(c);
}

static void test_markers(void)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	struct cast_opts o = {.utf8 = 1, .depth = THEME_256};
	struct cast *c = cast_new(f, &o);
	struct canvas *s = canvas_new(4, 2);
	T_EQ_INT(cast_marker(c, 0, "early"), 0, "cast: a marker before any frame is no error");
	cast_frame(c, s, 1500);
	T_EQ_INT(cast_marker(c, CAST_NOW, "scene 1/step 0 \"q\""), 0, "cast: a marker after a frame");
	cast_finish(c, 2000);
	cast_free(c);
	fclose(f);
	T_OK(text && !strstr(text, "early"), "cast: the marker before the header is not written");
	T_OK(text && strstr(text, "\n[1.500, \"m\", \"scene 1/step 0 \\\"q\\\"\"]\n"),
	     "cast: the marker at its frame's time, its label JSON-escaped");
	free(text);
	canvas_free(s);
}

void test_lesson(void)
{
	test_split();
	test_svg();
	test_markers();
}
