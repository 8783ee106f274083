#include "keytable.h"

const struct key_help key_help[] = {
	{ACT_NEXT, "→  l  space", "Right l space", "next step",
	 "next step (a moving step sweeps first; a key lands on it)"},
	{ACT_PREV, "←  h", "Left h", "previous step",
	 "previous step (replays from the start)"},
	{ACT_FIRST, "Home  g", "Home g", "first step", "first step"},
	{ACT_LAST, "End  G", "End G", "last step", "last step"},
	{ACT_GOTO_STEP, ":", ":", "go to step N, Enter",
	 "go to a step: type its number, Enter"},
	/* one line for both: the help fits 120x40 without scrolling
	 * (tmux.sh), and 80x24 in two columns of briefs (test_frame.c) */
	{ACT_SCROLL_BACK, "↑ ↓  k j", "Up Down k j", "scroll bench results",
	 "scroll the benchmark's results (+N more above, below)"},
	{ACT_NEXT_SCENE, "Tab  ]", "Tab ]", "next scene", "next scene"},
	{ACT_PREV_SCENE, "S-Tab  [", "Shift-Tab [", "previous scene",
	 "previous scene"},
	{ACT_JUMP, "1 … 9", "1-9", "scene N (1 2: 12)",
	 "jump to a scene: 1 2 for scene 12, 1 Enter for scene 1"},
	{ACT_SCENES, "s", "s", "scene list",
	 "scene list (mouse: click a scene)"},
	{ACT_LESSON, "L", "L", "lesson plan's items",
	 "the lesson plan's items (--lesson FILE): Enter goes to one"},
	{ACT_AUTOPLAY, "a", "a", "autoplay on/off",
	 "autoplay on/off (a step held to read it aloud; it stops at the "
	 "scene's end)"},
	{ACT_FASTER, "+", "+", "autoplay faster", "autoplay faster"},
	{ACT_SLOWER, "-", "-", "autoplay slower", "autoplay slower"},
	{ACT_RESET, "r", "r", "step 0; bench: measure",
	 "reset the scene to its first step (the benchmark: measure, or again; "
	 "Enter starts it too)"},
	{ACT_RESET_PARAMS, "R", "R", "default parameters",
	 "parameters back to the scene file's defaults"},
	{ACT_CANCEL, "x", "x", "cancel a benchmark",
	 "cancel a benchmark that is running"},
	{ACT_MODEL, "m", "m", "model picker",
	 "model picker (/ a path, d lesson's, M second, D drops it)"},
	{ACT_MODEL2, "M", "M", "a second model beside",
	 "a second model, beside the first where scenes compare"},
	{ACT_EDIT, "e", "e", "edit parameters", "edit the scene's parameters"},
	{ACT_EXPLAIN, "w", "w", "explain every number",
	 "explain every number, opened at the one this step shows"},
	{ACT_FOLD, "p", "p", "presenter's screen",
	 "presenter's screen: summary folded to one line, or back"},
	{ACT_THEME, "t", "t", "projector theme on/off",
	 "theme: classic or projector (dark on white, bold, folded)"},
	{ACT_HELP, "?", "?", "this help", "this help"},
	{ACT_QUIT, "q", "q", "quit", "quit"},
	{ACT_NONE, "mouse wheel", "wheel", "step forward / back",
	 "step forward / back"},
};

const int key_help_count = (int)(sizeof key_help / sizeof key_help[0]);

void keytable_print(FILE *out)
{
	/* --help is read in any terminal: the man page's names, not glyphs. */
	for (int i = 0; i < key_help_count; i++)
		fprintf(out, "  %-14s %s\n", key_help[i].names, key_help[i].what);
}
