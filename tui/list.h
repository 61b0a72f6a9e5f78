/*
 * list.h - the state of a scrolling list: which line is selected, which is
 * at the top. Every screen that scrolls keeps one; layout (the visible
 * height) is passed in on each call, never stored.
 */
#ifndef BD_TUI_LIST_H
#define BD_TUI_LIST_H

#include <stddef.h>

#include "tui/keys.h"

struct list {
	size_t cursor, top, count;
};

/* Apply a movement action; returns 1 when it was one. */
int list_act(struct list *l, enum action a, int height);
/* Keep cursor and top valid for `count` lines and a window `height` tall. */
void list_clamp(struct list *l, int height);

#endif
