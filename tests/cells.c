/*
 * cells: what a terminal shows, read from `tmux capture-pane -e -p` (text
 * with the SGR escapes tmux writes between cells) on stdin, checked cell by
 * cell.  tests/cells.sh walks every step of every scene and runs this on
 * each capture.
 *
 *   cells [--bars hbar|sinks] LABEL < capture
 *   cells --walk SOCKET ATTACH PANE STEPS [--moving] [--bars B] LABEL
 *                           every step of the scene in PANE (below)
 *
 * Each cell gets the foreground, background, bold and reverse in force when
 * its glyph was written (SGR state carries over lines, as tmux writes it).
 * Where the capture names no colour, the terminal's own are taken to be
 * light text on a dark background: the default background counts as black
 * (0, 16), the default foreground as white.  A failure prints one line
 * "LABEL: row R col C: what" and the exit status is 1:
 *   - a glyph other than a space whose effective foreground (after reverse)
 *     equals its effective background: invisible;
 *   - a block glyph (U+2580-U+259F, U+25A0) in reverse video: its filled
 *     part is painted in the background colour;
 *   - text in dark blue (4, 17-19) or near-black (232-235) on black;
 *   - a light glyph on a light background (both of luminance over a half,
 *     by xterm's palette): yellow or white on the projector's white;
 *   - bold on one of the 8 colours (SGR 30-37) on a light background:
 *     xterm (boldColors, its default) and the Linux console show the
 *     bright half, 8-15, so a dark hue turns light (black to grey, green to
 *     lime).  The light-glyph check above looks at that bright colour.
 * --bars hbar: horizontal bars of the picture pane (left of its first
 * divider), each a run of ▏..█ after a number: a larger number never has a
 * shorter bar (one eighth of slack for rounding).
 * --bars sinks: blocks of rows of vertical bars (▁..█, · for a dropped
 * position), a column a position: the first position, the sink, is the
 * tallest bar of its block wherever it is kept.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "theme.h"

#define ROWS 200
#define COLS 400
#define DEF_FG (-1)
#define DEF_BG (-2)

struct tcell {
	unsigned cp;
	int fg, bg, bold, reverse;
};

static struct tcell grid[ROWS][COLS];   /* [row][col] */
static int nrows, ncols[ROWS];
static int failures;
static const char *label = "capture";

/* One line a failure, the first MAX_SHOWN of them. */
#define MAX_SHOWN 6
static void failf(int r, int c, const char *what)
{
	if (failures++ < MAX_SHOWN)
		printf("%s: row %d col %d: %s\n", label, r, c, what);
}

struct sgr {
	int fg, bg, bold, reverse;
};

/* Apply one SGR parameter list ("0;1;38;5;203") to the state. */
static void apply_sgr(struct sgr *s, const char *params)
{
	int v[32], n = 0;
	const char *p = params;
	if (!*p)
		v[n++] = 0;
	while (*p && n < 32) {
		v[n++] = (int)strtol(p, (char **)&p, 10);
		if (*p == ';' || *p == ':')
			p++;
		else if (*p)
			break;
	}
	for (int i = 0; i < n; i++) {
		int x = v[i];
		if (x == 0)
			*s = (struct sgr){DEF_FG, DEF_BG, 0, 0};
		else if (x == 1)
			s->bold = 1;
		else if (x == 22)
			s->bold = 0;
		else if (x == 7)
			s->reverse = 1;
		else if (x == 27)
			s->reverse = 0;
		else if (x >= 30 && x <= 37)
			s->fg = x - 30;
		else if (x >= 90 && x <= 97)
			s->fg = x - 90 + 8;
		else if (x == 39)
			s->fg = DEF_FG;
		else if (x >= 40 && x <= 47)
			s->bg = x - 40;
		else if (x >= 100 && x <= 107)
			s->bg = x - 100 + 8;
		else if (x == 49)
			s->bg = DEF_BG;
		else if ((x == 38 || x == 48) && i + 2 < n && v[i + 1] == 5) {
			*(x == 38 ? &s->fg : &s->bg) = v[i + 2];
			i += 2;
		} else if ((x == 38 || x == 48) && i + 4 < n && v[i + 1] == 2) {
			/* true colour: black or not is all the checks need */
			int black = v[i + 2] + v[i + 3] + v[i + 4] < 60;
			*(x == 38 ? &s->fg : &s->bg) = black ? 0 : 1000;
			i += 4;
		}
	}
}

static void read_capture(FILE *in)
{
	struct sgr s = {DEF_FG, DEF_BG, 0, 0};
	int c, row = 0, col = 0;
	while ((c = fgetc(in)) != EOF && row < ROWS) {
		if (c == '\n') {
			ncols[row++] = col;
			col = 0;
			continue;
		}
		if (c == 0x1b) {
			char params[128];
			size_t n = 0;
			if ((c = fgetc(in)) != '[')
				continue;
			while ((c = fgetc(in)) != EOF && ((c >= '0' && c <= '9') || c == ';' || c == ':' || c == '?'))
				if (n + 1 < sizeof params)
					params[n++] = (char)c;
			params[n] = 0;
			if (c == 'm')
				apply_sgr(&s, params);
			continue;
		}
		unsigned cp = (unsigned)c;
		int more = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0 ? 1 : 0;
		cp = more == 3 ? cp & 7 : more == 2 ? cp & 15 : more == 1 ? cp & 31 : cp;
		while (more-- > 0 && (c = fgetc(in)) != EOF)
			cp = cp << 6 | ((unsigned)c & 63);
		if (col < COLS)
			grid[row][col++] = (struct tcell){
				cp, s.fg, s.bg, s.bold, s.reverse};
	}
	if (col > 0 && row < ROWS)
		ncols[row++] = col;
	nrows = row;
}

/* A colour as the eye sees it on a dark terminal. */
static int norm(int c)
{
	if (c == DEF_BG || c == 16)
		return 0;
	if (c == DEF_FG || c == 15 || c == 231)
		return 7;
	return c;
}

static int is_block(unsigned cp)
{
	return (cp >= 0x2580 && cp <= 0x259f) || cp == 0x25a0;
}

/* A colour's luminance, 0 (black) to 1 (white), by xterm's palette
 * (theme_rgb); the default foreground is white, the default background
 * black, a true colour black or not (1000). */
static double luminance(int c)
{
	unsigned char rgb[3] = {0, 0, 0};
	if (c == DEF_FG || c == 1000)
		c = 15;
	if (c == DEF_BG)
		c = 0;
	theme_rgb(c, rgb);
	return (0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]) / 255;
}

static void check_visible(void)
{
	char what[160];
	for (int r = 0; r < nrows; r++)
		for (int c = 0; c < ncols[r]; c++) {
			const struct tcell *x = &grid[r][c];
			if (x->cp == ' ' || x->cp == 0xa0)
				continue;
			int fg_raw = x->reverse ? x->bg : x->fg;
			int bg_raw = x->reverse ? x->fg : x->bg;
			int chosen = fg_raw;
			if (x->bold && fg_raw >= 0 && fg_raw < 8)
				fg_raw += 8;   /* what xterm shows */
			int fg = norm(fg_raw), bg = norm(bg_raw);
			if (fg_raw != chosen && luminance(bg_raw) > 0.5) {
				snprintf(what, sizeof what,
					 "U+%04X bold in colour %d on light %d:"
					 " shown as the lighter %d", x->cp,
					 chosen, bg_raw, fg_raw);
				failf(r, c, what);
			} else if (fg == bg) {
				snprintf(what, sizeof what, "U+%04X drawn in its background's colour (%d on %d%s)", x->cp, fg,
					 bg, x->reverse ? ", reverse" : "");
				failf(r, c, what);
			} else if (is_block(x->cp) && x->reverse) {
				snprintf(what, sizeof what, "block U+%04X in reverse video (shows its empty part)", x->cp);
				failf(r, c, what);
			} else if (bg == 0 && (fg == 4 || (fg >= 17 && fg <= 19) || (fg >= 232 && fg <= 235))) {
				snprintf(what, sizeof what, "U+%04X in dark colour %d on black", x->cp, fg);
				failf(r, c, what);
			} else if (luminance(bg_raw) > 0.5 &&
				   luminance(fg_raw) > 0.5) {
				snprintf(what, sizeof what,
					 "U+%04X in light colour %d on "
					 "light %d", x->cp, fg, bg);
				failf(r, c, what);
			}
		}
}

/* Eighths of a horizontal bar glyph (█ ▉ ▊ ▋ ▌ ▍ ▎ ▏), 0 for another. */
static int hbar_eighths(unsigned cp)
{
	if (cp == 0x2588)
		return 8;
	if (cp >= 0x2589 && cp <= 0x258f)
		return (int)(0x2590 - cp);
	return 0;
}

/* Eighths of a vertical bar glyph (▁ .. ▇ █), 0 for another. */
static int vbar_eighths(unsigned cp)
{
	if (cp >= 0x2581 && cp <= 0x2588)
		return (int)(cp - 0x2580);
	return 0;
}

/* The picture pane's right edge: the first divider after column 0. */
static int pane_end(int r)
{
	for (int c = 1; c < ncols[r]; c++)
		if (grid[r][c].cp == 0x2502 || grid[r][c].cp == 0x2534 || grid[r][c].cp == 0x2524)
			return c;
	return ncols[r];
}

struct bar {
	double value;
	int eighths, row;
};

static void check_hbars(void)
{
	struct bar bars[256];
	int n = 0;
	char what[200];
	for (int r = 1; r < nrows - 1 && n < 256; r++) {
		int end = pane_end(r);
		for (int c = 1; c < end && n < 256; c++) {
			if (!hbar_eighths(grid[r][c].cp))
				continue;
			int len = 0, c0 = c;
			while (c < end && hbar_eighths(grid[r][c].cp))
				len += hbar_eighths(grid[r][c++].cp);
			/* the number just left of the bar */
			int e = c0 - 1;
			while (e > 0 && grid[r][e].cp == ' ')
				e--;
			int b = e;
			while (b > 0 && ((grid[r][b - 1].cp >= '0' && grid[r][b - 1].cp <= '9') || grid[r][b - 1].cp == '.' ||
					 grid[r][b - 1].cp == ','))
				b--;
			if (b > e || !(grid[r][e].cp >= '0' && grid[r][e].cp <= '9'))
				continue;
			char num[64];
			int k = 0;
			for (int i = b; i <= e && k < 63; i++)
				if (grid[r][i].cp != ',')
					num[k++] = (char)grid[r][i].cp;
			num[k] = 0;
			bars[n++] = (struct bar){strtod(num, NULL), len, r};
		}
	}
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			if (bars[i].value > bars[j].value && bars[i].eighths + 1 < bars[j].eighths) {
				snprintf(what, sizeof what, "bar of %g is %d eighths, shorter than %d for %g (row %d)",
					 bars[i].value, bars[i].eighths, bars[j].eighths, bars[j].value, bars[j].row);
				failf(bars[i].row, 0, what);
			}
}

/* Bars stand in blocks of rows (one block a cache drawn); in each, a
 * column's bar is the eighths of all its rows added up, and the first column
 * that holds a bar or the dropped mark · is position 0, the sink. */
static void check_sinks(void)
{
	char what[160];
	for (int r = 1; r < nrows - 1;) {
		int r1 = r;
		for (;;) {   /* the block: consecutive rows with a vertical bar glyph */
			int any = 0, end = pane_end(r1);
			for (int c = 1; c < end && !any; c++)
				any = vbar_eighths(grid[r1][c].cp) > 0;
			if (!any || r1 >= nrows - 1)
				break;
			r1++;
		}
		if (r1 == r) {
			r++;
			continue;
		}
		int end = pane_end(r), first = -1, sink = 0, tall = 0, tall_c = 0, dropped = 0, cols = 0;
		for (int c = 1; c < end; c++) {
			int h = 0, mark = 0;
			for (int y = r; y <= r1 && y < nrows - 1; y++) {
				h += vbar_eighths(grid[y][c].cp);
				mark |= grid[y][c].cp == 0xb7;
			}
			if (h == 0 && !mark)
				continue;
			cols++;
			if (first < 0) {
				first = c, sink = h, dropped = h == 0;
			} else if (h > tall) {
				tall = h, tall_c = c;
			}
		}
		if (cols >= 4 && !dropped && sink < tall) {
			snprintf(what, sizeof what, "the sink's bar is %d eighths, shorter than %d at column %d", sink, tall,
				 tall_c);
			failf(r, first, what);
		}
		r = r1 + 1;
	}
}

/*
 * --walk: every step of a scene in one process.  The shell's walk polled
 * the pane with a tmux client a look (and cmp, grep, date and sleep beside
 * it), a dozen processes a step; here one control-mode client (tmux -C,
 * attached to the session ATTACH, so that its size is not the walked
 * pane's) sends the keys and takes the captures.
 *
 *   cells --walk SOCKET ATTACH PANE STEPS [--moving] [--bars B] LABEL
 *
 * The pane shows step 0 of STEPS.  Each step's screen, once settled (two
 * looks ATTNVIZ_TMUX_POLL seconds apart agree, and the title shows the
 * step; with --moving, a third look half a second later too, as a move's
 * next frame would have come by then), is checked as a capture on stdin
 * would be, as "LABEL step K"; then → to the next.  Stops at the first
 * failing step.
 */
struct tmux {
	FILE *in, *out;
	pid_t pid;
	const char *sock, *attach;
	int reopened;
};

static int tmux_open(struct tmux *t, const char *sock, const char *attach)
{
	int to[2], from[2];
	t->sock = sock;
	t->attach = attach;
	if (pipe(to) || pipe(from))
		return -1;
	t->pid = fork();
	if (t->pid < 0)
		return -1;
	if (t->pid == 0) {
		dup2(to[0], 0);
		dup2(from[1], 1);
		close(to[0]), close(to[1]), close(from[0]), close(from[1]);
		execlp("tmux", "tmux", "-L", sock, "-f", "/dev/null", "-C",
		       "attach-session", "-t", attach, (char *)NULL);
		_exit(127);
	}
	close(to[0]);
	close(from[1]);
	t->out = fdopen(to[1], "w");
	t->in = fdopen(from[0], "r");
	return t->out && t->in ? 0 : -1;
}

/* The client exits at the end of its input, once it has written its last
 * lines (%exit): read to their end, or it waits for a reader for ever. */
static void tmux_close(struct tmux *t)
{
	char *line = NULL;
	size_t cap = 0;
	if (t->out)
		fclose(t->out);
	if (t->in) {
		while (getline(&line, &cap, t->in) > 0)
			continue;
		fclose(t->in);
	}
	free(line);
	waitpid(t->pid, NULL, 0);
}

/* Why the last command or settle failed, for the failure's line. */
static char tmux_why[256];

/* Sends a command, and gives its output (malloc'd) in *buf: 0, or -1 when
 * tmux answered with %error or went away.  Notifications between answers
 * are passed over; a line of output that reads "%end" is told from the
 * block's end by the command number %begin gave. */
static int tmux_cmd(struct tmux *t, const char *cmd, char **buf)
{
	char *line = NULL, num[64] = "";
	size_t cap = 0, len = 0;
	ssize_t n;
	int in_block = 0, rc = -1;
	*buf = NULL;
	fprintf(t->out, "%s\n", cmd);
	fflush(t->out);
	FILE *o = open_memstream(buf, &len);
	if (!o)
		return -1;
	while ((n = getline(&line, &cap, t->in)) > 0) {
		if (!in_block) {
			/* flags 1: this client's command (the attach's: 0) */
			int flags = 0;
			if (!strncmp(line, "%begin ", 7) &&
			    sscanf(line + 7, "%*s %63s %d", num, &flags) == 2 &&
			    flags == 1)
				in_block = 1;
			continue;
		}
		char end_num[64];
		int last = !strncmp(line, "%end ", 5) ||
			   !strncmp(line, "%error ", 7);
		if (last &&
		    sscanf(strchr(line, ' ') + 1, "%*s %63s", end_num) == 1 &&
		    !strcmp(end_num, num)) {
			rc = line[1] == 'e' && line[2] == 'n' ? 0 : -1;
			break;
		}
		fwrite(line, 1, (size_t)n, o);
	}
	fclose(o);
	if (rc < 0) {
		const char *msg = *buf && **buf ? *buf : "tmux went away";
		snprintf(tmux_why, sizeof tmux_why, "%s: %.*s", cmd,
			 (int)strcspn(msg, "\n"), msg);
	}
	free(line);
	return rc;
}

/* The capture's text without its escapes contains TEXT. */
static int shows(const char *cap, const char *text)
{
	size_t n = strlen(cap), k = 0;
	char *plain = malloc(n + 1);
	if (!plain)
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (cap[i] == 0x1b && i + 1 < n && cap[i + 1] == '[') {
			i += 2;
			while (i < n && !(cap[i] >= 0x40 && cap[i] <= 0x7e))
				i++;
			continue;
		}
		plain[k++] = cap[i];
	}
	plain[k] = 0;
	int found = strstr(plain, text) != NULL;
	free(plain);
	return found;
}

static void pause_s(double s)
{
	struct timespec ts = {(time_t)s, (long)((s - (double)(time_t)s) * 1e9)};
	nanosleep(&ts, NULL);
}

static double env_s(const char *name, double dflt)
{
	const char *v = getenv(name);
	return v && *v ? atof(v) : dflt;
}

/* A command through the control client; where it failed (it happened
 * once under a loaded CI, the reason not kept), a new client and the
 * command again, twice at most in a walk, each said on stderr.  A key is
 * sent again only where the client went away before it answered. */
static int look(struct tmux *t, const char *cmd, char **buf)
{
	while (tmux_cmd(t, cmd, buf)) {
		int again = !strncmp(cmd, "capture-pane ", 13) ||
			    strstr(tmux_why, "tmux went away");
		if (t->reopened >= 2 || !again)
			return -1;
		fprintf(stderr, "# cells: a new control client after %s\n",
			tmux_why);
		free(*buf);
		*buf = NULL;
		t->reopened++;
		tmux_close(t);
		if (tmux_open(t, t->sock, t->attach))
			return -1;
	}
	return 0;
}

/* The pane's screen in *cap once settled (see above), TEXT shown where
 * given; 0, or -1 at the deadline. */
static int settle(struct tmux *t, const char *cmd, char **cap,
		  const char *text, int moving)
{
	double poll = env_s("ATTNVIZ_TMUX_POLL", 0.05);
	time_t until = time(NULL) + (time_t)env_s("ATTNVIZ_TMUX_WAIT", 90);
	free(*cap);
	if (look(t, cmd, cap))
		return -1;
	for (;;) {
		char *next;
		pause_s(poll);
		if (look(t, cmd, &next)) {
			free(next);
			return -1;
		}
		if (!strcmp(*cap, next) && (!text || shows(next, text))) {
			if (!moving) {
				free(next);
				return 0;
			}
			pause_s(0.5);
			free(next);
			if (look(t, cmd, &next)) {
				free(next);
				return -1;
			}
			if (!strcmp(*cap, next)) {
				free(next);
				return 0;
			}
		}
		free(*cap);
		*cap = next;
		if (time(NULL) >= until) {
			snprintf(tmux_why, sizeof tmux_why,
				 "no two looks alike%s%s in %.0f s",
				 text ? " showing " : "", text ? text : "",
				 env_s("ATTNVIZ_TMUX_WAIT", 90));
			return -1;
		}
	}
}

/* One capture through the checks: 1 on a failure (its lines printed). */
static int check_stream(FILE *in, const char *bars, const char *what)
{
	memset(grid, 0, sizeof grid);
	memset(ncols, 0, sizeof ncols);
	nrows = 0;
	failures = 0;
	label = what;
	read_capture(in);
	if (nrows == 0) {
		printf("%s: empty capture\n", label);
		return 1;
	}
	check_visible();
	if (bars && !strcmp(bars, "hbar"))
		check_hbars();
	else if (bars && !strcmp(bars, "sinks"))
		check_sinks();
	if (failures > MAX_SHOWN)
		printf("%s: %d more\n", label, failures - MAX_SHOWN);
	return failures ? 1 : 0;
}

static int check_capture(const char *cap, const char *bars, const char *what)
{
	FILE *in = fmemopen((void *)cap, strlen(cap), "r");
	if (!in)
		return 1;
	int rc = check_stream(in, bars, what);
	fclose(in);
	return rc;
}

static int walk(int argc, char **argv)
{
	const char *bars = NULL, *name = "walk";
	int moving = 0;
	if (argc < 6)
		return 2;
	const char *sock = argv[2], *attach = argv[3], *pane = argv[4];
	int steps = atoi(argv[5]);
	for (int i = 6; i < argc; i++) {
		if (!strcmp(argv[i], "--bars") && i + 1 < argc)
			bars = argv[++i];
		else if (!strcmp(argv[i], "--moving"))
			moving = 1;
		else
			name = argv[i];
	}
	struct tmux t = {0};
	signal(SIGPIPE, SIG_IGN);   /* a tmux gone is an error of a write */
	char capture[256], keys[256], what[512], text[64];
	char *cap = NULL, *junk = NULL;
	snprintf(capture, sizeof capture, "capture-pane -e -p -t %s", pane);
	snprintf(keys, sizeof keys, "send-keys -t %s Right", pane);
	if (tmux_open(&t, sock, attach)) {
		printf("%s: no tmux control client\n", name);
		return 1;
	}
	int bad = 0;
	if (settle(&t, capture, &cap, NULL, moving)) {
		printf("%s: step 0 never settled (%s)\n", name, tmux_why);
		bad = 1;
	}
	for (int k = 0; !bad; k++) {
		snprintf(what, sizeof what, "%s step %d", name, k);
		if (check_capture(cap, bars, what)) {
			bad = 1;   /* one failing step tells enough */
			break;
		}
		if (k >= steps)
			break;
		look(&t, keys, &junk);
		free(junk);
		snprintf(text, sizeof text, "step %d/%d ", k + 1, steps);
		if (settle(&t, capture, &cap, text, moving)) {
			printf("%s: step %d/%d never showed (%s)\n", name,
			       k + 1, steps, tmux_why);
			bad = 1;
		}
	}
	free(cap);
	tmux_close(&t);
	return bad;
}

int main(int argc, char **argv)
{
	const char *bars = NULL;
	if (argc > 1 && !strcmp(argv[1], "--walk"))
		return walk(argc, argv);
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--bars") && i + 1 < argc)
			bars = argv[++i];
		else
			label = argv[i];
	}
	if (bars && strcmp(bars, "hbar") && strcmp(bars, "sinks")) {
		printf("cells: --bars takes hbar or sinks\n");
		return 2;
	}
	return check_stream(stdin, bars, label);
}
