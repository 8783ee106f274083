/*
 * options: the command line of DESIGN section 2, as parsed by cli_parse and
 * handed by main to the CLI modes or to the UI.  The strings point into argv.
 */
#ifndef ATTNVIZ_OPTIONS_H
#define ATTNVIZ_OPTIONS_H

#define CLI_MAX_SETS 64

enum cli_mode {
	MODE_TUI,
	MODE_LIST,
	MODE_PRINT,
	MODE_SUMMARY,
	MODE_CHECK,
	MODE_DUMP,
	MODE_BENCH,
	MODE_HELP,
	MODE_VERSION,
	MODE_CAST,
	MODE_EXPLAIN,
	MODE_EXPORT,
	MODE_FRAME,
	MODE_FIT,
	MODE_RECONCILE,
	MODE_BATCH,
	MODE_ARCHS
};

/* --frame --format: what the one frame is written as. */
enum frame_format { FRAME_TXT, FRAME_SVG, FRAME_ANSI };

struct cli_options {
	enum cli_mode mode;
	const char *scene;        /* -s, or the argument of --print / --summary */
	const char *model;        /* -m */
	const char *model2;       /* a second -m: shown beside the first (scenes that compare, --fit) */
	const char *sets[CLI_MAX_SETS];
	int nsets;
	const char *dump_dir;
	const char *format;       /* --bench / --fit --format tsv */
	const char *fit_mem;      /* --fit MEM */
	const char *keys_file;    /* --keys FILE: unattended TUI input */
	long frames;              /* --frames N: unattended TUI run of N frames */
	int cast_w, cast_h;       /* --cast --size WxH; 0: 80x24 */
	const char *record;       /* --record FILE: the TUI session saved as asciicast v2 */
	int theme;                /* --set theme=NAME: enum theme_id */
	const char *lesson;       /* --lesson FILE: the TUI (or --cast) plays the plan */
	int frame_step;           /* --frame --step N; -1: the scene's last step */
	enum frame_format frame_format;   /* --frame --format */
	const char *reconcile;    /* --reconcile LOG: a llama.cpp log */
};

#endif
