/*
 * panes: the projector's screen as every view lays it out (DESIGN section
 * 3): its size, the rows of the text panes, and how many rows a lesson's
 * note takes there.  Apart from the frame, so that the lesson reader,
 * which refuses a note too long for the pane, need not know the frame.
 */
#ifndef ATTNVIZ_PANES_H
#define ATTNVIZ_PANES_H

/* The projector's size: every scene is whole at it; below it, "too small". */
#define FRAME_MIN_W 80
#define FRAME_MIN_H 24
#define FRAME_NARRATION_ROWS 3
#define FRAME_SUMMARY_ROWS 3
/* The presenter's screen: the summary pane folded to its one line of counts. */
#define FRAME_FOLDED_ROWS 1

/* A lesson item's note as the narration pane shows it, after this word. */
#define NOTE_PREFIX "Note: "
/* Rows a lesson item's note takes in the narration pane of width w. */
int frame_note_rows(int w, const char *note);
/* 1 when note and narration do not fit the pane together: the note is
 * shown alone. */
int frame_note_alone(int w, const char *note, const char *narration);

#endif
