/*
 * options: the command line of DESIGN section 2, as parsed by cli_parse and
 * handed by main to the CLI modes or to the UI.  The strings point into argv.
 */
#ifndef ATTNVIZ_OPTIONS_H
#define ATTNVIZ_OPTIONS_H

#define CLI_MAX_SETS 64

enum cli_mode { MODE_TUI, MODE_LIST, MODE_PRINT, MODE_SUMMARY, MODE_CHECK, MODE_DUMP, MODE_BENCH,
		MODE_HELP, MODE_VERSION, MODE_CAST, MODE_EXPLAIN, MODE_EXPORT, MODE_RECONCILE };

struct cli_options {
	enum cli_mode mode;
	const char *scene;        /* -s, or the argument of --print / --summary */
	const char *model;        /* -m */
	const char *sets[CLI_MAX_SETS];
	int nsets;
	const char *dump_dir;
	const char *format;       /* --bench --format tsv */
	const char *keys_file;    /* --keys FILE: unattended TUI input */
	long frames;              /* --frames N: unattended TUI run of N frames */
	int cast_w, cast_h;       /* --cast --size WxH; 0: 80x24 */
	const char *record;       /* --record FILE: the TUI session saved as asciicast v2 */
	int theme;                /* --set theme=NAME: enum theme_id */
	const char *reconcile;    /* --reconcile LOG: a llama.cpp log */
};

#endif
