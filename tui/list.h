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
/*
 * list_act, where some lines (headings, a summary) are not rows a user
 * selects: Home and End land on the first and the last line for which
 * `row(ctx, i)` is true (on the ends themselves when none is).
 */
int list_act_rows(struct list *l, enum action a, int height, int (*row)(const void *ctx, size_t i),
                  const void *ctx);
/* Keep cursor and top valid for `count` lines and a window `height` tall. */
void list_clamp(struct list *l, int height);

#endif
