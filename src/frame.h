/*
 * frame: the whole screen of DESIGN section 3, composed on a canvas.
 *
 * Layout, overlays (help, model picker, parameter editor, scene list) and
 * the "terminal too small" screen are decided here, without curses, so a
 * whole screen can be tested as text.  The UI only blits the result.
 */
#ifndef ATTNVIZ_FRAME_H
#define ATTNVIZ_FRAME_H

#include "canvas.h"
#include "panes.h"
#include "model/model.h"
#include "scene/driver.h"
#include "scene/lesson.h"
#include "scene/summary.h"


enum overlay { OVERLAY_NONE, OVERLAY_HELP, OVERLAY_PICKER, OVERLAY_EDIT, OVERLAY_SCENES, OVERLAY_EXPLAIN,
	       OVERLAY_LESSON };

struct picker {
	struct model_entry *entries;   /* [MODEL_LIST_MAX] */
	int n;
	int sel;
	struct model preview;     /* the highlighted model, when it loads */
	int for_second;           /* opened with M: Enter loads the second model */
	char second[128];         /* the second model's name, "" when none */
	char preview_err[600];    /* or why it does not */
};

struct frame_info {
	const struct registry *reg;
	const struct run *run;
	const struct summary *sum;     /* the run's summary, or NULL */
	int autoplay;
	int folded;                    /* the presenter's screen: the summary pane on one line */
	const char *message;           /* error or notice for the key bar, or NULL */
	int message_is_error;
	enum overlay overlay;
	const struct picker *picker;
	const char *edit_line;         /* the editor's input, or the picker's typed path */
	size_t edit_cursor;            /* the cursor in edit_line, a byte offset */
	int picker_typing;             /* the picker shows edit_line as a path being typed */
	int scene_sel;                 /* the scene list's highlighted row */
	int busy;                      /* the scene measures in the background (x cancels) */
	const char *explain;           /* the w pane's text (--explain of the scene), or NULL */
	int explain_top;               /* its first row shown (wrapped rows) */
	int help_top;                  /* the help overlay's first row shown */
	const char *step_prompt;       /* ':' typed: the step number so far, or NULL */
	/* A lesson plan playing (--lesson): the item on screen, or -1 when the
	 * scene shown is off the plan; its note heads the narration pane. */
	const struct lesson *lesson;   /* NULL without --lesson */
	int lesson_item;
	const char *note;              /* the item's note on its first step, or NULL */
	int note_alone;                /* the note fills the pane: the narration waits for → */
	int lesson_sel;                /* the L overlay's highlighted item */
};


/* Rows of the summary pane on a screen w wide: FRAME_SUMMARY_ROWS, or
 * FRAME_FOLDED_ROWS when folded, unless a message too long for the key bar
 * is shown: it takes the pane's rows, unfolded, until the next key. */
int frame_summary_rows(int w, int folded, const char *message);
/* Whether a screen in theme (enum theme_id) starts folded: the projector's
 * does, so --frame and --cast draw what the TUI shows in that theme. */
int frame_theme_folds(int theme);
/* Sizes of the scene pane's two canvases for a screen of w x h whose
 * summary pane has summary_rows rows (frame_summary_rows); the picture
 * and the state pane get every row the summary does not take. */
void frame_pane_sizes(int w, int h, int summary_rows, int *pic_w, int *pic_h,
		      int *side_w, int *side_h);
/* Compose the screen; view holds the scene's rendered canvases and narration. */
void frame_compose(struct canvas *screen, const struct frame_info *fi, const struct view *view);
/* Rows the w pane's text takes once wrapped on a screen of width w, and
 * rows the pane shows on a screen of height h (to clamp scrolling). */
int frame_explain_rows(int w, const char *text);
int frame_explain_page(int h);
/* The help overlay's largest first row on a screen of w x h (0 when it fits). */
int frame_help_max_top(int w, int h);
/* Row of the scene list overlay under screen row y, or -1 (mouse clicks). */
int frame_scene_at(const struct canvas *screen, const struct frame_info *fi, int x, int y);

#endif
