/*
 * The asciicast encoder (src/cast.c) on small hand-made screens: the expected
 * bytes are written here by hand from asciicast v2 (header line, [time, "o",
 * text] events), ECMA-48 (CUP ESC[row;colH, SGR ESC[...m with 1 bold, 2 dim,
 * 4 underline, 7 reverse, 38;5;N colour N of 256) and the theme table in
 * src/theme.c (accent: yellow 220 + bold; dim: grey 250; hot: red 203 +
 * bold; monochrome: accent bold + underline, dim plain, hot bold).
 */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cast.h"
#include "theme.h"
#include "t.h"

/* A 3x2 screen: "ab─" over "xyz" with a few roles. */
static struct canvas *sample(void)
{
	struct canvas *c = canvas_new(3, 2);
	canvas_put(c, 0, 0, 'a', ROLE_NORMAL);
	canvas_put(c, 1, 0, 'b', ROLE_ACCENT);
	canvas_put(c, 2, 0, 0x2500, ROLE_DIM);
	canvas_put(c, 0, 1, 'x', ROLE_NORMAL);
	canvas_put(c, 1, 1, 'y', ROLE_HOT);
	canvas_put(c, 2, 1, 'z', ROLE_NORMAL);
	return c;
}

static void colour_utf8(void)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	struct cast_opts o = {.utf8 = 1, .depth = THEME_256, .title = "t\"%s%n"};
	struct cast *c = cast_new(f, &o);
	struct canvas *s = sample();
	T_EQ_INT(cast_frame(c, s, 0), 0, "cast: first frame written");
	canvas_put(s, 0, 1, 'X', ROLE_NORMAL);
	T_EQ_INT(cast_frame(c, s, 1605), 0, "cast: second frame written");
	T_EQ_INT(cast_frame(c, s, 1000), 0, "cast: an unchanged frame writes nothing");
	T_EQ_INT(cast_finish(c, 2000), 0, "cast: finish");
	cast_free(c);
	fclose(f);
	T_EQ_STR(text,
		 "{\"version\": 2, \"width\": 3, \"height\": 2, \"title\": \"t\\\"%s%n\"}\n"
		 /* whole screen: cursor hidden, cleared; every cell, the last one too */
		 "[0.000, \"o\", \"\\u001b[?25l\\u001b[H\\u001b[2J\\u001b[1;1Ha\\u001b[0;1;38;5;220mb\\u001b[0;38;5;250m─"
		 "\\u001b[2;1H\\u001b[0mx\\u001b[0;1;38;5;203my\\u001b[0mz\"]\n"
		 /* only the row that changed */
		 "[1.605, \"o\", \"\\u001b[2;1HX\\u001b[0;1;38;5;203my\\u001b[0mz\"]\n"
		 /* 1000 ms came after 1605 ms: the time stays at 1.605, the end comes at 2 s,
		  * with the cursor on the line below the frame */
		 "[2.000, \"o\", \"\\u001b[2;1H\\u000d\\u000a\\u001b[?25h\"]\n",
		 "cast: colour UTF-8 recording byte for byte");
	free(text);
	canvas_free(s);
}

static void mono_ascii_resize(void)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	struct cast_opts o = {.utf8 = 0, .depth = THEME_MONO, .timestamp = 1700000000};
	struct cast *c = cast_new(f, &o);
	struct canvas *s = sample(), *big = canvas_new(4, 1);
	canvas_put(big, 0, 0, 0x2713, ROLE_OK);
	cast_frame(c, s, 0);
	cast_frame(c, big, 250);
	cast_free(c);
	fclose(f);
	T_EQ_STR(text,
		 "{\"version\": 2, \"width\": 3, \"height\": 2, \"timestamp\": 1700000000}\n"
		 "[0.000, \"o\", \"\\u001b[?25l\\u001b[H\\u001b[2J\\u001b[1;1Ha\\u001b[0;1;4mb\\u001b[0m-"
		 "\\u001b[2;1Hx\\u001b[0;1my\\u001b[0mz\"]\n"
		 /* a resize is an "r" event, then a whole frame; ✓ falls back to + */
		 "[0.250, \"r\", \"4x1\"]\n"
		 "[0.250, \"o\", \"\\u001b[?25l\\u001b[H\\u001b[2J\\u001b[1;1H+   \"]\n",
		 "cast: monochrome ASCII recording with a resize, byte for byte");
	free(text);
	canvas_free(s);
	canvas_free(big);
}

/* The projector theme: dark text on its white page, the page (231)
 * behind every cell, ROLE_NORMAL's text black (16), accent orange 166. */
static void projector_page(void)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	struct cast_opts o = {.utf8 = 0, .depth = THEME_256,
			      .theme = THEME_PROJECTOR};
	struct cast *c = cast_new(f, &o);
	struct canvas *s = canvas_new(3, 1);
	canvas_put(s, 0, 0, 'a', ROLE_NORMAL);
	canvas_put(s, 1, 0, 'b', ROLE_ACCENT);
	cast_frame(c, s, 0);
	cast_free(c);
	fclose(f);
	T_EQ_STR(text,
		 "{\"version\": 2, \"width\": 3, \"height\": 1}\n"
		 "[0.000, \"o\", \"\\u001b[?25l\\u001b[H\\u001b[2J\\u001b[1;1H"
		 "\\u001b[0;1;38;5;16;48;5;231ma\\u001b[0;1;38;5;166;48;5;231mb"
		 "\\u001b[0;1;38;5;16;48;5;231m \\u001b[0m\"]\n",
		 "cast: the projector's page behind every cell, byte for byte");
	free(text);
	canvas_free(s);
}

void test_cast(void)
{
	/* The UTF-8 path asks wcwidth, as the UI does, so it needs a UTF-8 locale. */
	char *was = setlocale(LC_CTYPE, NULL);
	char saved[64];
	snprintf(saved, sizeof saved, "%s", was ? was : "C");
	T_OK(setlocale(LC_CTYPE, "C.UTF-8") != NULL, "cast: the C.UTF-8 locale is available");
	colour_utf8();
	setlocale(LC_CTYPE, saved);
	mono_ascii_resize();
	projector_page();
}
