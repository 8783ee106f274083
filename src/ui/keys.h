/* keys: the curses key codes bound to each action of keytable.h. */
#ifndef ATTNVIZ_KEYS_H
#define ATTNVIZ_KEYS_H

#include "keytable.h"

/* The action of a key (a curses key code or a character) outside overlays. */
enum action keys_action(int key, int is_function_key);

#endif
