/*
 * panes: the rows a lesson note takes (see the header).
 */
#include "panes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canvas.h"

int frame_note_rows(int w, const char *note)
{
	size_t len = sizeof NOTE_PREFIX + strlen(note);
	char *buf = malloc(len);
	if (!buf)
		return FRAME_NARRATION_ROWS + 1;   /* too long: refused */
	snprintf(buf, len, NOTE_PREFIX "%s", note);
	int rows = canvas_wrap_lines(w - 4, buf);
	free(buf);
	return rows;
}

int frame_note_alone(int w, const char *note, const char *narration)
{
	return frame_note_rows(w, note) + canvas_wrap_lines(w - 4, narration) >
	       FRAME_NARRATION_ROWS;
}
