#define NCURSES_WIDECHAR 1
#include "ui/keys.h"

#include <curses.h>

static const struct {
	int key, fkey;
	enum action act;
} bindings[] = {
	{KEY_RIGHT, 1, ACT_NEXT}, {'l', 0, ACT_NEXT}, {' ', 0, ACT_NEXT},
	{'\r', 0, ACT_NEXT}, {'\n', 0, ACT_NEXT},
	{KEY_LEFT, 1, ACT_PREV}, {'h', 0, ACT_PREV},
	{KEY_BACKSPACE, 1, ACT_PREV},
	{KEY_HOME, 1, ACT_FIRST}, {'g', 0, ACT_FIRST},
	{KEY_END, 1, ACT_LAST}, {'G', 0, ACT_LAST},
	{'\t', 0, ACT_NEXT_SCENE}, {']', 0, ACT_NEXT_SCENE},
	{KEY_BTAB, 1, ACT_PREV_SCENE}, {'[', 0, ACT_PREV_SCENE},
	{'a', 0, ACT_AUTOPLAY}, {'+', 0, ACT_FASTER}, {'=', 0, ACT_FASTER},
	{'-', 0, ACT_SLOWER}, {'r', 0, ACT_RESET}, {'R', 0, ACT_RESET_PARAMS},
	{'m', 0, ACT_MODEL}, {'M', 0, ACT_MODEL2}, {'e', 0, ACT_EDIT},
	{'?', 0, ACT_HELP}, {KEY_F(1), 1, ACT_HELP}, {'s', 0, ACT_SCENES},
	{'w', 0, ACT_EXPLAIN}, {'t', 0, ACT_THEME}, {'x', 0, ACT_CANCEL},
	{'q', 0, ACT_QUIT}, {'Q', 0, ACT_QUIT}, {':', 0, ACT_GOTO_STEP},
	{'L', 0, ACT_LESSON}, {'p', 0, ACT_FOLD},
	{KEY_UP, 1, ACT_SCROLL_BACK}, {'k', 0, ACT_SCROLL_BACK},
	{KEY_DOWN, 1, ACT_SCROLL_ON}, {'j', 0, ACT_SCROLL_ON},
};

enum action keys_action(int key, int is_function_key)
{
	if (!is_function_key && key >= '1' && key <= '9')
		return ACT_JUMP;
	for (unsigned i = 0; i < sizeof bindings / sizeof bindings[0]; i++)
		if (bindings[i].key == key && bindings[i].fkey == is_function_key)
			return bindings[i].act;
	return ACT_NONE;
}
