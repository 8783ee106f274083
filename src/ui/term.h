/*
 * term: the terminal itself.  Start and restore curses, colours and glyphs,
 * signals, and blitting a composed canvas.  Restoring is idempotent and runs
 * on q, on SIGINT/SIGTERM/SIGHUP (the main loop ends) and at exit; every
 * other fatal signal that can be caught (SIGQUIT, a crash, SIGPIPE, ...)
 * restores the terminal in its handler, and the program dies by it.
 */
#ifndef ATTNVIZ_TERM_H
#define ATTNVIZ_TERM_H

#include <stdio.h>

#include "canvas.h"

struct term_opts {
	FILE *in, *out;       /* NULL: the controlling terminal */
	int no_color;         /* NO_COLOR or a monochrome terminal */
	int draw_every_frame; /* no typeahead skipping: unattended runs draw each frame */
	int theme;            /* enum theme_id */
};

/* 0, or -1 with a reason in err. */
int term_start(const struct term_opts *o, char *err, size_t errlen);
void term_stop(void);
/* The terminal's size now. */
void term_size(int *w, int *h);
/* Draw the canvas and refresh the screen in one update. */
void term_blit(const struct canvas *c);
/* A signal asked us to quit. */
int term_quit_requested(void);
/* The signal that asked to quit (SIGINT, SIGTERM, SIGHUP), or 0.  After
 * term_stop the program should die by it, so the shell sees 128 + sig. */
int term_quit_signal(void);
/* The locale draws Unicode; else glyphs map to ASCII. */
int term_utf8(void);
/* What the terminal shows: enum theme_depth (monochrome, 8 or 256 colours). */
int term_depth(void);
/* Switch to another theme (enum theme_id); the next blit shows it. */
void term_set_theme(int theme);

#endif
