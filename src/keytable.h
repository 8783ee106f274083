/*
 * keytable: every key of the terminal program and what it does, the one
 * table from which the help overlay and --help are drawn (the man page is
 * tested against it).  The curses key codes bound to each action live in
 * src/ui/keys.c; this file knows no curses.
 */
#ifndef ATTNVIZ_KEYTABLE_H
#define ATTNVIZ_KEYTABLE_H

#include <stdio.h>

enum action {
	ACT_NONE,
	ACT_NEXT,
	ACT_PREV,
	ACT_FIRST,
	ACT_LAST,
	ACT_NEXT_SCENE,
	ACT_PREV_SCENE,
	ACT_JUMP,
	ACT_AUTOPLAY,
	ACT_FASTER,
	ACT_SLOWER,
	ACT_RESET,
	ACT_RESET_PARAMS,
	ACT_MODEL,
	ACT_EDIT,
	ACT_HELP,
	ACT_SCENES,
	ACT_CANCEL,
	ACT_QUIT,
	ACT_EXPLAIN,
	ACT_THEME,
	ACT_GOTO_STEP,
	ACT_LESSON,
	ACT_MODEL2,
	ACT_SCROLL_BACK,
	ACT_SCROLL_ON,
	ACT_FOLD,
};

struct key_help {
	enum action act;     /* ACT_NONE: a key outside the main bindings (mouse) */
	const char *keys;    /* as shown on screen: "→  l  space" */
	const char *names;   /* the same keys as the man page names them, blank-separated */
	const char *brief;   /* <= 22 columns: the help's 2 columns at 80x24 */
	const char *what;
};

extern const struct key_help key_help[];
extern const int key_help_count;

/* The table as plain text (--help): one key line each, ASCII arrows. */
void keytable_print(FILE *out);

#endif
