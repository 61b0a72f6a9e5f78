/*
 * list.c - scrolling list state; see list.h.
 */
#include "tui/list.h"

void list_clamp(struct list *l, int height)
{
	size_t h = height > 0 ? (size_t)height : 1;

	if (l->count == 0) {
		l->cursor = l->top = 0;
		return;
	}
	if (l->cursor >= l->count)
		l->cursor = l->count - 1;
	if (l->cursor < l->top)
		l->top = l->cursor;
	if (l->cursor >= l->top + h)
		l->top = l->cursor - h + 1;
	if (l->top + h > l->count)
		l->top = l->count > h ? l->count - h : 0;
}

int list_act(struct list *l, enum action a, int height)
{
	size_t page = height > 1 ? (size_t)height - 1 : 1;

	switch (a) {
	case ACT_UP:
		if (l->cursor)
			l->cursor--;
		break;
	case ACT_DOWN:
		l->cursor++;
		break;
	case ACT_PAGE_UP:
		l->cursor = l->cursor > page ? l->cursor - page : 0;
		break;
	case ACT_PAGE_DOWN:
		l->cursor += page;
		break;
	case ACT_HOME:
		l->cursor = 0;
		break;
	case ACT_END:
		l->cursor = l->count ? l->count - 1 : 0;
		break;
	default:
		return 0;
	}
	list_clamp(l, height);
	return 1;
}

/* The nearest row from `i` in direction `dir` (+1, -1), `i` itself included; SIZE_MAX when none. */
static size_t nearest_row(const struct list *l, size_t i, int dir, int (*row)(const void *ctx, size_t i),
                          const void *ctx)
{
	for (; i < l->count; i = dir > 0 ? i + 1 : i - 1) {
		if (row(ctx, i))
			return i;
		if (dir < 0 && i == 0)
			break;
	}
	return (size_t)-1;
}

int list_act_rows(struct list *l, enum action a, int height, int (*row)(const void *ctx, size_t i),
                  const void *ctx)
{
	size_t h = height > 0 ? (size_t)height : 1, i, from = l->cursor;
	int up = a == ACT_UP || a == ACT_PAGE_UP || a == ACT_HOME, dir = up ? -1 : 1;

	if (a == ACT_UP || a == ACT_DOWN) {
		/* step over headings to the next row; none: stay */
		i = from < l->count && (dir > 0 || from > 0) ? nearest_row(l, from + (size_t)dir, dir, row, ctx)
							     : (size_t)-1;
		if (i != (size_t)-1)
			l->cursor = i;
		list_clamp(l, height);
	} else {
		if (!list_act(l, a, height))
			return 0;
		if (a == ACT_HOME || a == ACT_END)
			dir = -dir; /* from the end of the list inwards */
		if (l->cursor < l->count && !row(ctx, l->cursor)) {
			i = nearest_row(l, l->cursor, dir, row, ctx);
			if (i == (size_t)-1)
				i = nearest_row(l, l->cursor, -dir, row, ctx);
			if (i != (size_t)-1)
				l->cursor = i;
		}
		list_clamp(l, height);
	}
	if (l->cursor >= l->count)
		return 1;
	/*
	 * The lines that belong with the row and are not rows come into view
	 * with it while it stays in view: moving up, the headings right above
	 * (the first row shows the first heading); moving down to the last
	 * row, the lines after it (the counts).
	 */
	if (up) {
		for (i = l->cursor; i > 0 && !row(ctx, i - 1); i--)
			;
		if (i < l->top)
			l->top = l->cursor - i < h ? i : l->cursor - h + 1;
	} else if (nearest_row(l, l->cursor + 1, 1, row, ctx) == (size_t)-1) {
		i = l->count; /* one past the last line */
		if (i > l->top + h)
			l->top = i - l->cursor <= h ? i - h : l->cursor;
	}
	return 1;
}

void list_on_row(struct list *l, int (*row)(const void *ctx, size_t i), const void *ctx)
{
	size_t i;

	if (l->cursor >= l->count || row(ctx, l->cursor))
		return;
	i = nearest_row(l, l->cursor, 1, row, ctx);
	if (i == (size_t)-1)
		i = nearest_row(l, l->cursor, -1, row, ctx);
	if (i != (size_t)-1)
		l->cursor = i;
}

size_t list_rank(const struct list *l, int (*row)(const void *ctx, size_t i), const void *ctx, size_t *n)
{
	size_t k = 0;

	*n = 0;
	for (size_t i = 0; i < l->count; i++)
		if (!row || row(ctx, i)) {
			++*n;
			if (i == l->cursor)
				k = *n;
		}
	return k;
}
