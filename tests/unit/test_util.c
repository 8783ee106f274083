/* Canvas, strict numbers, parameters and the INI front end. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <sys/wait.h>
#include <unistd.h>

#include "canvas.h"
#include "scene/formula.h"
#include "scene/params.h"
#include "scene/scenefile.h"
#include "util/ini.h"
#include "util/num.h"
#include "util/words.h"
#include "util/pace.h"
#include "util/xmalloc.h"
#include "t.h"

static void dump_to(const struct canvas *c, char *buf, size_t len)
{
	FILE *f = fmemopen(buf, len, "w");
	canvas_dump(c, f);
	fclose(f);
}

void test_canvas(void)
{
	char buf[512];
	struct canvas *c = canvas_new(10, 3);
	canvas_text(c, 8, 0, ROLE_NORMAL, "héllo");
	canvas_text(c, -2, 1, ROLE_NORMAL, "abcd");
	canvas_text(c, 0, 2, ROLE_NORMAL, "a\x1b[2Jb");
	dump_to(c, buf, sizeof buf);
	T_EQ_STR(buf, "        hé\ncd\na?[2Jb\n", "canvas: clipping, UTF-8, controls become '?'");
	canvas_clear(c);
	canvas_bar(c, 0, 0, 4, 0.5, ROLE_BAR);
	canvas_bar(c, 0, 1, 4, 0.53125, ROLE_BAR);
	dump_to(c, buf, sizeof buf);
	T_EQ_STR(buf, "██\n██▏\n\n", "canvas: bars in eighths");
	canvas_clear(c);
	T_EQ_INT(canvas_wrap(c, 0, 0, 10, 3, ROLE_NORMAL, "one two three four five"), 3, "canvas: wrap uses 3 lines");
	dump_to(c, buf, sizeof buf);
	T_EQ_STR(buf, "one two\nthree four\nfive\n", "canvas: wrap at word boundaries");
	canvas_free(c);
	/* A formula and a quantity keep their spaces when the row has another
	 * place to break; a formula longer than the row breaks at one of its own. */
	static const struct {
		int w;
		const char *in, *out;
	} keep[] = {
		{14, "divides by s = 4 and mixes", "divides by\ns = 4 and\nmixes\n"},
		{16, "keys with |q − k| < 4 only", "keys with\n|q − k| < 4 only\n"},
		{16, "the cache is 10.61 GiB, total", "the cache is\n10.61 GiB, total\n"},
		{12, "set -np 256 here", "set -np 256\nhere\n"},
		{8, "a = b + c + d", "a = b +\nc + d\n"},
		{12, "from 3 to 4 B", "from 3 to\n4 B\n"},
		{22, "matrix (128 × 8 heads × 4 B) ok", "matrix\n(128 × 8 heads × 4 B)\nok\n"},
	};
	for (unsigned i = 0; i < sizeof keep / sizeof keep[0]; i++) {
		c = canvas_new(keep[i].w, 4);
		int rows = canvas_wrap(c, 0, 0, keep[i].w, 4, ROLE_NORMAL, keep[i].in);
		dump_to(c, buf, sizeof buf);
		for (char *e = buf + strlen(buf); e > buf && e[-1] == '\n' && e - 1 > buf && e[-2] == '\n';)
			*--e = 0;   /* the empty rows under the text */
		T_EQ_STR(buf, keep[i].out, "canvas: wrap keeps \"%s\" at %d columns", keep[i].in, keep[i].w);
		T_EQ_INT(canvas_wrap_lines(keep[i].w, keep[i].in), rows, "canvas: wrap_lines counts \"%s\" alike", keep[i].in);
		canvas_free(c);
	}
	c = canvas_new(10, 3);
	uint32_t cp;
	T_EQ_INT(utf8_decode("\xc0\x80", &cp), 2, "utf8: overlong form consumed");
	T_EQ_INT(cp, '?', "utf8: overlong form is not text");
	T_EQ_INT(utf8_decode("\xe2\x82", &cp), 2, "utf8: truncated sequence stops at the NUL");
	canvas_free(c);
	T_OK(canvas_new(-1, 5) == NULL, "canvas: negative size refused");
}

void test_num_params(void)
{
	double v;
	long long i;
	const char *why;
	T_OK(num_real("1e-3", &v, &why) == 0 && v == 1e-3, "num: 1e-3");
	T_OK(num_real("12abc", &v, &why) < 0, "num: 12abc refused");
	T_OK(num_real("nan", &v, &why) < 0 && num_real("inf", &v, &why) < 0, "num: nan and inf refused");
	T_OK(num_real("1e999", &v, &why) < 0, "num: overflow refused");
	T_OK(num_real("", &v, &why) < 0 && num_real("  ", &v, &why) < 0, "num: empty refused");
	T_OK(num_int("08", 0, 100, &i, &why) == 0 && i == 8, "num: 08 is eight, not octal");
	/* hexadecimal as strtod/strtoll read it (DESIGN section 2: numbers as C reads them) */
	T_OK(num_int("0x10", 0, 100, &i, &why) == 0 && i == 16, "num: 0x10 is sixteen");
	T_OK(num_int("0x1e", 0, 100, &i, &why) == 0 && i == 30, "num: 0x1e is thirty, its e a digit");
	T_OK(num_int("0x7fffffffffffffff", 0, INT64_MAX, &i, &why) == 0 && i == INT64_MAX, "num: hex read exactly");
	T_OK(num_real("0x1p-3", &v, &why) == 0 && v == 0.125, "num: hex float 0x1p-3");
	T_OK(num_real("0x", &v, &why) < 0 && num_real("0xg", &v, &why) < 0, "num: 0x and 0xg refused");
	T_OK(num_real("1p3", &v, &why) < 0, "num: p outside hex refused");
	T_OK(num_int("4096", 0, 10000, &i, &why) == 0 && i == 4096, "num: 4096");
	T_OK(num_int("1e3", 0, 10000, &i, &why) == 0 && i == 1000, "num: 1e3 as an integer");
	T_OK(num_int("2.5", 0, 10, &i, &why) < 0, "num: 2.5 is not whole");
	T_OK(num_int("9223372036854775807", 0, 100, &i, &why) < 0, "num: huge refused by range");
	T_OK(num_int("99999999999999999999", 0, INT64_MAX, &i, &why) < 0, "num: past 64 bits refused");

	static const struct param_spec specs[] = {
		{.name = "n", .kind = PARAM_INT, .min = 1, .max = 100, .help = ""},
		{.name = "x", .kind = PARAM_LIST, .min = -10, .max = 10, .max_count = 4, .help = ""},
		{.name = "v", .kind = PARAM_VECS, .min = -10, .max = 10, .max_count = 4, .dim = 2, .help = ""},
		{0},
	};
	struct param_value pv;
	char why2[200];
	T_OK(param_parse(&specs[0], "64", &pv, why2, sizeof why2) == 0 && pv.v[0] == 64, "params: int");
	param_value_free(&pv);
	T_OK(param_parse(&specs[0], "0", &pv, why2, sizeof why2) < 0, "params: below range");
	T_OK(param_parse(&specs[0], "1,2", &pv, why2, sizeof why2) < 0, "params: a scalar takes one number");
	T_OK(param_parse(&specs[1], "1,3,2", &pv, why2, sizeof why2) == 0 && pv.count == 3 && pv.v[2] == 2,
	     "params: list");
	param_value_free(&pv);
	T_OK(param_parse(&specs[1], "1,,2", &pv, why2, sizeof why2) < 0, "params: empty item refused");
	T_OK(param_parse(&specs[1], "1,2,3,4,5", &pv, why2, sizeof why2) < 0, "params: too many items");
	T_OK(param_parse(&specs[2], "1:0,0:1", &pv, why2, sizeof why2) == 0 && pv.count == 2 && pv.v[3] == 1,
	     "params: vectors");
	param_value_free(&pv);
	T_OK(param_parse(&specs[2], "1:0:3", &pv, why2, sizeof why2) < 0, "params: vector with 3 components");
	T_OK(param_parse(&specs[2], "1", &pv, why2, sizeof why2) < 0, "params: vector with 1 component");

	struct params p;
	char err[300];
	memset(&p, 0, sizeof p);
	p.specs = specs;
	p.n = 3;
	param_parse(&specs[0], "8", &p.def[0], why2, sizeof why2);
	p.def[0].is_default = 1;
	param_value_copy(&p.val[0], &p.def[0], 1);
	T_OK(params_set(&p, "bogus=1", err, sizeof err) < 0 && strstr(err, "bogus: unknown parameter"),
	     "params: unknown key named in the error: %s", err);
	T_OK(params_set(&p, "n=abc", err, sizeof err) < 0 && !strncmp(err, "n: ", 3), "params: bad value names the key");
	T_OK(params_set(&p, "n", err, sizeof err) < 0, "params: missing '='");
	T_OK(params_set(&p, "n=9", err, sizeof err) == 0 && !p.val[0].is_default, "params: set away from default");
	T_OK(params_set(&p, "n=8", err, sizeof err) == 0 && p.val[0].is_default, "params: back to default");
	params_free(&p);
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
}

void test_ini(void)
{
	static struct ini_file f;
	char err[600], path[] = "/tmp/attnviz-ini-XXXXXX";
	int fd = mkstemp(path), line;
	close(fd);
	write_file(path, "; c\n[Model]\nName = Tiny ; note\nlayers=4\n");
	T_OK(ini_open(&f, path, err, sizeof err) == 0, "ini: a good file opens");
	T_EQ_STR(ini_get(&f, "model", "name", &line), "Tiny", "ini: value without the comment, case folded");
	T_EQ_INT(line, 3, "ini: line of the key");
	ini_close(&f);
	static const struct {
		const char *text, *want;
	} bad[] = {
		{"[model:layers]\nx=1\n", ":1: ':' is not allowed in a section name"},
		{"[a]\nx=1\nx=2\n", ":3: [a] x: duplicate key (first on line 2)"},
		{"x=1\n", ":1: x: key before any [section]"},
		{"[a]\njunk line\n", ":2: [a] not a 'key = value' line"},
		{"[a]\nx=1\0\n", "binary data"},
		{"[a\n", "section header without ']'"},
		{"[a]\n[a]\n", "section given twice"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		FILE *w = fopen(path, "w");
		fwrite(bad[i].text, 1, strlen(bad[i].text) + (strstr(bad[i].want, "binary") ? 3 : 0), w);
		fclose(w);
		int rc = ini_open(&f, path, err, sizeof err);
		T_OK(rc < 0 && strstr(err, bad[i].want), "ini: refuses %s (%s)", bad[i].want, err);
		ini_close(&f);
	}
	char *longline = malloc(2000);
	memset(longline, 'a', 1999);
	memcpy(longline, "[a]\nx=", 6);
	longline[1999] = 0;
	write_file(path, longline);
	free(longline);
	T_OK(ini_open(&f, path, err, sizeof err) < 0 && strstr(err, "line too long"), "ini: long line refused");
	ini_close(&f);
	T_OK(ini_open(&f, "/dev/zero", err, sizeof err) < 0 && strstr(err, "not a regular file"), "ini: /dev/zero at once");
	ini_close(&f);
	/* iniparser 4.1 loads in time quadratic in the keys: we stop at INI_MAX_KEYS. */
	FILE *many = fopen(path, "w");
	fputs("[a]\n", many);
	for (int i = 0; i <= INI_MAX_KEYS; i++)
		fprintf(many, "k%d = %d\n", i, i);
	fclose(many);
	T_OK(ini_open(&f, path, err, sizeof err) < 0 && strstr(err, "too many keys (the limit is 256)"),
	     "ini: more keys than the limit refused (%s)", err);
	ini_close(&f);
	T_OK(ini_open(&f, "/tmp", err, sizeof err) < 0 && strstr(err, "is a directory"), "ini: a directory refused");
	ini_close(&f);
	unlink(path);

	double v, tol;
	T_OK(figure_parse("0.94 MiB", &v, &tol) == 0 && v == 0.94 * 1048576 && fabs(tol - 0.005 * 1048576) < 1,
	     "figure: 0.94 MiB with half a unit of the last digit");
	T_OK(figure_parse("3.0e-07", &v, &tol) == 0 && fabs(tol - 0.05e-7) < 1e-15, "figure: 3.0e-07");
	T_OK(figure_parse("6%", &v, &tol) == 0 && fabs(v - 0.06) < 1e-15 && fabs(tol - 0.005) < 1e-9, "figure: 6%%");
	T_OK(figure_parse("4608", &v, &tol) == 0 && v == 4608 && tol < 0.51, "figure: integer");
	T_OK(figure_parse("12 parsecs", &v, &tol) < 0, "figure: unknown unit refused");
}

/* The checked allocators: they give memory, or print one line and exit 2. */
void test_xmalloc(void)
{
	char *s = xstrdup("attnviz");
	int *z = xcalloc(4, sizeof *z);
	T_OK(!strcmp(s, "attnviz") && !z[0] && !z[3], "xmalloc: xstrdup copies, xcalloc zeroes");
	s = xrealloc(s, 100);
	void *none = xcalloc(0, 0);
	T_OK(!strcmp(s, "attnviz") && none != NULL, "xmalloc: xrealloc keeps the bytes; a zero size is a pointer");
	free(s), free(z), free(none);
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		/* An overflowing count is refused before calloc sees it. */
		(void)freopen("/dev/null", "w", stderr);
		xcalloc(SIZE_MAX / 2, 4);
		_exit(0);
	}
	int st = 0;
	waitpid(pid, &st, 0);
	T_OK(pid > 0 && WIFEXITED(st) && WEXITSTATUS(st) == 2, "xmalloc: out of memory exits 2");
}

/* --batch's command lines: words as a shell splits them, no expansions. */
void test_words(void)
{
	static const struct {
		const char *line, *want; /* want: the words joined by | */
	} cases[] = {
		{"  --summary   gqa\t-m llama3-8b \n",
		 "--summary|gqa|-m|llama3-8b"},
		{"--set 'x=1, 2'", "--set|x=1, 2"},
		{"-m \"my model.ini\"", "-m|my model.ini"},
		{"a\\ b \"q\\\"t\" 'b\\s' \"b\\s\"", "a b|q\"t|b\\s|b\\s"},
		{"''x\"\" y", "x|y"},
		{"", ""},
		{"   \n", ""},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char line[200], *argv[16], got[200] = "", err[100];
		snprintf(line, sizeof line, "%s", cases[i].line);
		int n = words_split(line, argv, 16, err, sizeof err);
		for (int k = 0; k < n; k++)
			snprintf(got + strlen(got), sizeof got - strlen(got),
				 "%s%s", k ? "|" : "", argv[k]);
		T_EQ_STR(got, cases[i].want,
			 "words: case %zu splits as a shell does", i);
	}
	char open1[] = "--set 'x=1", open2[] = "-m \"a", many[] = "a b c",
	     *argv[4], err[100];
	T_EQ_INT(words_split(open1, argv, 4, err, sizeof err), -1,
		 "words: an open single quote is refused");
	T_EQ_STR(err, "a single quote is not closed", "words: ... and said");
	T_EQ_INT(words_split(open2, argv, 4, err, sizeof err), -1,
		 "words: an open double quote is refused");
	T_EQ_INT(words_split(many, argv, 2, err, sizeof err), -1,
		 "words: more words than room is refused");
	T_EQ_STR(err, "more than 2 words", "words: ... and said");
}

/* The reading pace of autoplay, --cast and a plan: 150 words a minute read
 * aloud (0.4 s a word), at least 3 s, divided by the speed. */
void test_pace(void)
{
	T_EQ_INT(pace_words("  Pairs 0 and 1\tturn ×→ fast.\n"), 7,
		 "pace: words are runs between blanks, UTF-8 or not");
	T_EQ_INT(pace_ms("", 1), 3000, "pace: nothing to read holds 3 s");
	T_EQ_INT(pace_ms("one two three four five six seven", 1), 3000,
		 "pace: 7 words (2.8 s aloud) still hold the 3 s floor");
	char thirty[200] = "";
	for (int i = 0; i < 30; i++)
		strcat(thirty, "word ");
	T_EQ_INT(pace_ms(thirty, 1), 30 * 60000 / 150,
		 "pace: 30 words at 150 words a minute, 12 s");
	T_EQ_INT(pace_ms(thirty, 1.5), 8000, "pace: speed 1.5 holds 2/3");
	T_EQ_INT(pace_ms("", 2), 1500, "pace: the speed scales the floor");
	T_EQ_INT(pace_ms(thirty, 100), 3000, "pace: a speed past 4 is 4");
	T_EQ_INT(pace_ms(thirty, 0), 48000, "pace: a speed under 1/4 is 1/4");
	T_EQ_INT(pace_ms(thirty, (double)NAN), 12000,
		 "pace: a speed that is not a number is 1");
}

/* FORMULA over IN, or NaN when it is refused (its reason in err). */
static double feval(const char *formula, const struct formula_var *in,
		    int n, char *err, size_t errlen)
{
	double v;
	return formula_eval(formula, in, n, &v, err, errlen) ? NAN : v;
}

/* A formula is parsed once and evaluated again with new values: each
 * evaluation must see its own inputs, also when more formulas pass than
 * are kept, and a formula that failed must fail again, not leave a parse
 * behind that another formula's evaluation picks up. */
void test_formula(void)
{
	char err[200] = "";
	double v;
	struct formula_var in[] = {{"x", 3}, {"kv_heads", 8}, {"n", -2}};
	v = feval("x*kv_heads+n", in, 3, err, sizeof err);
	T_OK(v == 22, "formula: 3*8+(-2) = 22 (got %g)", v);
	in[0].value = 5;
	v = feval("x*kv_heads+n", in, 3, err, sizeof err);
	T_OK(v == 38, "formula: the same formula with x = 5: 38 (got %g)", v);
	int bad = -1;
	for (int i = 0; i < 100 && bad < 0; i++) {
		char f[40];
		snprintf(f, sizeof f, "x*%d+pad(n, 4)", i);
		in[0].value = i;
		if (feval(f, in, 3, err, sizeof err) != i * i)
			bad = i;
	}
	T_OK(bad < 0,
	     "formula: 100 formulas, each with its own x (first bad %d)", bad);
	in[0].value = 7;
	v = feval("x*kv_heads+n", in, 3, err, sizeof err);
	T_OK(v == 54, "formula: after 100 others, x = 7: 54 (got %g)", v);
	/* the inputs in another order make another formula */
	struct formula_var re[] = {{"n", 1}, {"kv_heads", 2}, {"x", 10}};
	v = feval("x*kv_heads+n", re, 3, err, sizeof err);
	T_OK(v == 21, "formula: the inputs in another order: 21 (got %g)", v);
	v = feval("x*(kv_heads", in, 3, err, sizeof err);
	T_OK(isnan(v) && strstr(err, "parenthesis"),
	     "formula: a missing parenthesis is refused (%s)", err);
	v = feval("x*(kv_heads", in, 3, err, sizeof err);
	T_OK(isnan(v), "formula: and refused again (got %g)", v);
	v = feval("floor(x/2)+ceil(x/2)+min(x,n)", in, 3, err, sizeof err);
	T_OK(v == 5, "formula: floor, ceil and min after a refusal: 3+4-2 = 5 "
		     "(got %g)", v);
}
