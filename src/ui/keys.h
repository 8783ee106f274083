/* keys: what each key does, one table for the whole program. */
#ifndef ATTNVIZ_KEYS_H
#define ATTNVIZ_KEYS_H

enum action {
	ACT_NONE, ACT_NEXT, ACT_PREV, ACT_FIRST, ACT_LAST, ACT_NEXT_SCENE, ACT_PREV_SCENE, ACT_JUMP,
	ACT_AUTOPLAY, ACT_FASTER, ACT_SLOWER, ACT_RESET, ACT_RESET_PARAMS, ACT_MODEL, ACT_EDIT, ACT_HELP, ACT_SCENES, ACT_CANCEL, ACT_QUIT,
};

/* The action of a key (a curses key code or a character) outside overlays. */
enum action keys_action(int key, int is_function_key);

#endif
