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

int list_act_rows(struct list *l, enum action a, int height, int (*row)(const void *ctx, size_t i),
                  const void *ctx)
{
	size_t i;

	if (!list_act(l, a, height))
		return 0;
	if (a == ACT_HOME) {
		for (i = 0; i < l->count && !row(ctx, i); i++)
			;
		if (i < l->count)
			l->cursor = i;
	} else if (a == ACT_END) {
		for (i = l->count; i > 0 && !row(ctx, i - 1); i--)
			;
		if (i > 0)
			l->cursor = i - 1;
	}
	list_clamp(l, height);
	return 1;
}
