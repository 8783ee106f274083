#include "keytable.h"

const struct key_help key_help[] = {
	{ACT_NEXT, "→  l  space", "Right l space",
	 "next step (a moving step sweeps first; a key lands on it)"},
	{ACT_PREV, "←  h", "Left h", "previous step (replays from the start)"},
	{ACT_FIRST, "Home  g", "Home g", "first step"},
	{ACT_LAST, "End  G", "End G", "last step"},
	{ACT_GOTO_STEP, ":", ":", "go to a step: type its number, Enter"},
	/* one line for both: the help fits 120x40 without scrolling
	 * (tmux.sh) */
	{ACT_SCROLL_BACK, "↑ ↓  k j", "Up Down k j",
	 "scroll the benchmark's results (+N more above, below)"},
	{ACT_NEXT_SCENE, "Tab  ]", "Tab ]", "next scene"},
	{ACT_PREV_SCENE, "S-Tab  [", "Shift-Tab [", "previous scene"},
	{ACT_JUMP, "1 … 9", "1-9",
	 "jump to a scene: 1 2 for scene 12, 1 Enter for scene 1"},
	{ACT_SCENES, "s", "s", "scene list (mouse: click a scene)"},
	{ACT_LESSON, "L", "L",
	 "the lesson plan's items (--lesson FILE): Enter goes to one"},
	{ACT_AUTOPLAY, "a", "a",
	 "autoplay on/off (a step held to read it aloud; it stops at the "
	 "scene's end)"},
	{ACT_FASTER, "+", "+", "autoplay faster"},
	{ACT_SLOWER, "-", "-", "autoplay slower"},
	{ACT_RESET, "r", "r",
	 "reset the scene to its first step (the benchmark: measure, or again; "
	 "Enter starts it too)"},
	{ACT_RESET_PARAMS, "R", "R",
	 "parameters back to the scene file's defaults"},
	{ACT_CANCEL, "x", "x", "cancel a benchmark that is running"},
	{ACT_MODEL, "m", "m",
	 "model picker (/ a path, d lesson's, M second, D drops it)"},
	{ACT_MODEL2, "M", "M",
	 "a second model, beside the first where scenes compare"},
	{ACT_EDIT, "e", "e", "edit the scene's parameters"},
	{ACT_EXPLAIN, "w", "w",
	 "explain every number, opened at the one this step shows"},
	{ACT_FOLD, "p", "p",
	 "presenter's screen: summary folded to one line, or back"},
	{ACT_THEME, "t", "t",
	 "theme: classic or projector (dark on white, bold, folded)"},
	{ACT_HELP, "?", "?", "this help"},
	{ACT_QUIT, "q", "q", "quit"},
	{ACT_NONE, "mouse wheel", "wheel", "step forward / back"},
};

const int key_help_count = (int)(sizeof key_help / sizeof key_help[0]);

void keytable_print(FILE *out)
{
	/* --help is read in any terminal: the man page's names, not glyphs. */
	for (int i = 0; i < key_help_count; i++)
		fprintf(out, "  %-14s %s\n", key_help[i].names, key_help[i].what);
}
