/* ui: the interactive terminal program, the only code that includes curses. */
#ifndef ATTNVIZ_UI_H
#define ATTNVIZ_UI_H

#include "cli/cli.h"

/* Run the TUI; returns the exit status. */
int ui_main(const struct cli_options *o);

#endif
