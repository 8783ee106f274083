/* ui: the interactive terminal program, the only code that includes curses. */
#ifndef ATTNVIZ_UI_H
#define ATTNVIZ_UI_H

#include "app.h"
#include "options.h"

/* Run the TUI on what main prepared (registry, -m model, -s scene); returns
 * the exit status.  The app stays the caller's. */
int ui_main(const struct app *a, const struct cli_options *o);

#endif
