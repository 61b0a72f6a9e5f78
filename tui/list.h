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
 * selects: the cursor lands only on lines for which `row(ctx, i)` is true.
 * Up and Down step over the others to the next row (and stay on the
 * first or the last row); a page lands on the nearest row in its
 * direction; Home and End on the first and the last row (on the ends
 * themselves when there is no row). Moving up shows the headings right
 * above the row; on the last row, the lines after it show.
 */
int list_act_rows(struct list *l, enum action a, int height, int (*row)(const void *ctx, size_t i),
                  const void *ctx);
/*
 * After a list's lines are made again: a cursor on a line that is not a
 * row (`row` as for list_act_rows) goes to the nearest row below it, else
 * above; `top` is kept, so a first heading stays in view.
 */
void list_on_row(struct list *l, int (*row)(const void *ctx, size_t i), const void *ctx);
/*
 * The cursor's place among the rows of `l` (`row` as for list_act_rows;
 * NULL: every line is one), from 1, and in *n how many rows there are;
 * 0 when the cursor is on no row.
 */
size_t list_rank(const struct list *l, int (*row)(const void *ctx, size_t i), const void *ctx, size_t *n);
/* Keep cursor and top valid for `count` lines and a window `height` tall. */
void list_clamp(struct list *l, int height);

#endif
