#include "ui/term.h"

#include "theme.h"

#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <langinfo.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <term.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

#include "glyph.h"

static SCREEN *screen;
static int started, use_utf8, depth, theme;
static volatile sig_atomic_t quit_flag;

/* What the last blit put on stdscr, to write only the cells that changed:
 * at 3000x1000 writing every cell was most of a frame's time.  A new size
 * (of the canvas or the terminal) or a new theme (term_set_theme) draws
 * every cell again. */
static struct {
	struct cell *cells;
	int w, h, sw, sh, valid;
} shown;

/* The curses attributes of theme.h's bits. */
static attr_t theme_attr(unsigned bits)
{
	return (bits & THEME_BOLD ? A_BOLD : 0) | (bits & THEME_DIM ? A_DIM : 0) |
	       (bits & THEME_UNDERLINE ? A_UNDERLINE : 0) | (bits & THEME_REVERSE ? A_REVERSE : 0);
}

static void on_signal(int sig)
{
	quit_flag = sig;
}

/*
 * The other fatal signals (Ctrl-\ = SIGQUIT, a crash, SIGPIPE, SIGUSR1, ...)
 * cannot wait for the main loop: their handler puts the terminal back at
 * once with what is safe in a handler (write and tcsetattr of bytes and
 * modes saved at start), then the signal, its handler reset to the
 * default (SA_RESETHAND), kills the program as it would have: the shell
 * sees 128 + sig, and a core where one is due.
 */
static const int fatal_signals[] = {SIGQUIT, SIGILL,  SIGTRAP,   SIGABRT,
				    SIGBUS,  SIGFPE,  SIGSEGV,   SIGSYS,
				    SIGPIPE, SIGALRM, SIGUSR1,   SIGUSR2,
				    SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF};
static char restore_seq[512]; /* the bytes endwin would write: attributes off,
			       * mouse off, keypad off, cursor shown, the normal
			       * screen back */
static size_t restore_len;
static int restore_fd = -1, tty_fd = -1;
static struct termios tty_saved;
static int tty_have;
/* an alternate stack: a stack overflow's SIGSEGV still runs the handler */
static char alt_stack[65536];

static void on_fatal(int sig)
{
	if (restore_fd >= 0 && restore_len) {
		ssize_t w = write(restore_fd, restore_seq, restore_len);
		(void)w;
	}
	if (tty_have)
		tcsetattr(tty_fd, TCSANOW, &tty_saved);
	/* the handler is the default again: raised now, the signal is delivered
	 * (and kills) when this returns; a fault re-executes and kills the same
	 */
	raise(sig);
}

/* Append capability cap's string (terminfo) to restore_seq. */
static void add_cap(const char *cap)
{
	char *v = tigetstr(cap);
	size_t n;
	if (!v || v == (char *)-1)
		return;
	n = strlen(v);
	if (restore_len + n < sizeof restore_seq) {
		memcpy(restore_seq + restore_len, v, n);
		restore_len += n;
	}
}

/* What the handler writes, worked out now (tigetstr is not for handlers). */
static void plan_restore(int out_fd)
{
	restore_len = 0;
	add_cap("sgr0");
	/* mouse reporting off: ncurses turns on xterm's 1000 (and 1006) mode
	 * where the terminal has a mouse (kmous) */
	char *km = tigetstr("kmous");
	if (km && km != (char *)-1) {
		static const char off[] = "\033[?1006l\033[?1002l\033[?1000l";
		if (restore_len + sizeof off - 1 < sizeof restore_seq) {
			memcpy(restore_seq + restore_len, off, sizeof off - 1);
			restore_len += sizeof off - 1;
		}
	}
	add_cap("rmkx");
	add_cap("cnorm");
	add_cap("rmcup");
	restore_fd = out_fd;
}

/* The fatal signals whose action is still the default get on_fatal (one
 * a sanitizer or the caller handles, or ignores, keeps its own). */
static void catch_fatal(void)
{
	stack_t ss = {.ss_sp = alt_stack, .ss_size = sizeof alt_stack};
	sigaltstack(&ss, NULL);
	for (size_t i = 0; i < sizeof fatal_signals / sizeof fatal_signals[0];
	     i++) {
		struct sigaction old, sa;
		if (sigaction(fatal_signals[i], NULL, &old) < 0 ||
		    (old.sa_flags & SA_SIGINFO) || old.sa_handler != SIG_DFL)
			continue;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_fatal;
		sigfillset(&sa.sa_mask);
		sa.sa_flags = SA_RESETHAND | SA_ONSTACK;
		sigaction(fatal_signals[i], &sa, NULL);
	}
}

/* Put back the default action of the signals catch_fatal took. */
static void release_fatal(void)
{
	for (size_t i = 0; i < sizeof fatal_signals / sizeof fatal_signals[0];
	     i++) {
		struct sigaction old;
		if (sigaction(fatal_signals[i], NULL, &old) == 0 &&
		    !(old.sa_flags & SA_SIGINFO) && old.sa_handler == on_fatal)
			signal(fatal_signals[i], SIG_DFL);
	}
	restore_fd = -1;
	tty_have = 0;
}

int term_quit_requested(void)
{
	return quit_flag != 0;
}

int term_quit_signal(void)
{
	return (int)quit_flag;
}

int term_utf8(void)
{
	return use_utf8;
}

int term_depth(void)
{
	return depth;
}

/* One colour pair per role: pair r is role r's foreground on the theme's
 * background (the terminal's own, or the projector's white). */
static void init_pairs(void)
{
	/* pair 0, the cells of ROLE_NORMAL and every blank, is the page */
	struct theme_look page = theme_look(theme, depth, ROLE_NORMAL, ' ');
	assume_default_colors(page.fg, page.bg);
	for (int r = 1; r < ROLE_COUNT; r++) {
		struct theme_look l = theme_look(theme, depth, r, ' ');
		init_pair((short)r, (short)l.fg, (short)l.bg);
	}
}

void term_set_theme(int t)
{
	theme = t;
	shown.valid = 0;   /* a role's attributes may differ: all cells again */
	if (started && depth != THEME_MONO) {
		init_pairs();
		clearok(curscr, TRUE);   /* the page's colour too */
	}
}

void term_stop(void)
{
	if (!started)
		return;
	started = 0;
	free(shown.cells);
	memset(&shown, 0, sizeof shown);
	release_fatal();
	endwin();
	delscreen(screen);
	screen = NULL;
}

int term_start(const struct term_opts *o, char *err, size_t errlen)
{
	const char *codeset = nl_langinfo(CODESET);
	const char *term = getenv("TERM");
	use_utf8 = codeset && !strcmp(codeset, "UTF-8");
	/* the terminal's modes as the shell left them, for on_fatal */
	tty_fd = fileno(o->in ? o->in : stdin);
	tty_have = tcgetattr(tty_fd, &tty_saved) == 0;
	screen = newterm(term && *term ? NULL : "xterm", o->out ? o->out : stdout, o->in ? o->in : stdin);
	if (!screen) {
		snprintf(err, errlen, "cannot start the terminal (TERM=%s unknown?)", term ? term : "");
		return -1;
	}
	set_term(screen);
	started = 1;
	atexit(term_stop);
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	curs_set(0);
	set_escdelay(25);
	if (o->draw_every_frame)
		typeahead(-1);
	mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED, NULL);
	mouseinterval(0);
	depth = THEME_MONO;
	theme = o->theme;
	if (!o->no_color && has_colors()) {
		start_color();   /* COLORS is known from here on */
		use_default_colors();
		depth = COLORS >= 256 ? THEME_256 : THEME_8;
		init_pairs();
	}
	/* After newterm: our handlers replace ncurses' own, and leave getch with EINTR. */
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	plan_restore(fileno(o->out ? o->out : stdout));
	catch_fatal();
	return 0;
}

void term_size(int *w, int *h)
{
	getmaxyx(stdscr, *h, *w);
}

/* ASCII for a locale that is not UTF-8: boxes from the terminal's
 * line-drawing set, every other glyph from glyph.c's table. */
static chtype ascii_glyph(uint32_t ch)
{
	switch (ch) {
	case GLYPH_HLINE: return ACS_HLINE;
	case GLYPH_VLINE: return ACS_VLINE;
	case GLYPH_TOP_LEFT: return ACS_ULCORNER;
	case GLYPH_TOP_RIGHT: return ACS_URCORNER;
	case GLYPH_BOTTOM_LEFT: return ACS_LLCORNER;
	case GLYPH_BOTTOM_RIGHT: return ACS_LRCORNER;
	case GLYPH_TEE_RIGHT: return ACS_LTEE;
	case GLYPH_TEE_LEFT: return ACS_RTEE;
	case GLYPH_TEE_DOWN: return ACS_TTEE;
	case GLYPH_TEE_UP: return ACS_BTEE;
	case GLYPH_CROSS: return ACS_PLUS;
	}
	return (chtype)(unsigned char)glyph_ascii(ch);
}

/* The cell's character with its role's attributes. */
static void cell_char(const struct cell *cell, cchar_t *cc, chtype *ch)
{
	int role = cell->role < ROLE_COUNT ? cell->role : ROLE_NORMAL;
	attr_t a = theme_attr(theme_look(theme, depth, role, cell->ch).attr);
	short pair = depth != THEME_MONO ? (short)role : 0;
	wchar_t wc[2] = {(wchar_t)cell->ch, 0};
	if (wcwidth(wc[0]) != 1)
		wc[0] = L'?';
	setcchar(cc, wc, a, pair, NULL);
	*ch = ascii_glyph(cell->ch) | a | COLOR_PAIR(pair);
}

static int same_cell(const struct cell *a, const struct cell *b)
{
	return a->ch == b->ch && a->role == b->role;
}

static void put_cell(const struct canvas *c, int x, int y)
{
	cchar_t cc;
	chtype ch;
	cell_char(canvas_at(c, x, y), &cc, &ch);
	if (use_utf8)
		mvadd_wch(y, x, &cc);
	else
		mvaddch(y, x, ch);
}

/* Keeps a copy of the canvas (without memory for it, the next blit draws
 * every cell). */
static void keep_shown(const struct canvas *c, int sw, int sh)
{
	size_t n = (size_t)c->w * (size_t)c->h;
	if (c->w != shown.w || c->h != shown.h) {
		struct cell *p = n ? realloc(shown.cells, n * sizeof *p) : NULL;
		if (!p) {
			shown.valid = 0;
			return;
		}
		shown.cells = p;
		shown.w = c->w;
		shown.h = c->h;
	}
	if (n)
		memcpy(shown.cells, c->cells, n * sizeof *shown.cells);
	shown.sw = sw;
	shown.sh = sh;
	shown.valid = 1;
}

void term_blit(const struct canvas *c)
{
	int w, h;
	getmaxyx(stdscr, h, w);
	int all = !shown.valid || c->w != shown.w || c->h != shown.h ||
		  w != shown.sw || h != shown.sh;
	int corner = all;
	if (all)
		erase();
	for (int y = 0; y < c->h && y < h; y++)
		for (int x = 0; x < c->w && x < w; x++) {
			size_t i = (size_t)y * (size_t)c->w + (size_t)x;
			const struct cell *now = canvas_at(c, x, y);
			if (!all && same_cell(now, &shown.cells[i]))
				continue;
			if (y == h - 1 && x >= w - 2)
				corner = 1;
			if (y == h - 1 && x == w - 1)
				continue;   /* writing the last cell would scroll some terminals: below */
			put_cell(c, x, y);
		}
	if (corner && c->w >= w && c->h >= h && w >= 2) {
		/* The bottom-right corner: write it one column to the left, then insert
		 * the cell that belongs there, which pushes it into place without the
		 * cursor ever passing the last cell. */
		cchar_t cc, cc2;
		chtype ch, ch2;
		cell_char(canvas_at(c, w - 1, h - 1), &cc, &ch);
		cell_char(canvas_at(c, w - 2, h - 1), &cc2, &ch2);
		if (use_utf8) {
			mvadd_wch(h - 1, w - 2, &cc);
			mvins_wch(h - 1, w - 2, &cc2);
		} else {
			mvaddch(h - 1, w - 2, ch);
			mvinsch(h - 1, w - 2, ch2);
		}
	}
	keep_shown(c, w, h);
	refresh();
}
