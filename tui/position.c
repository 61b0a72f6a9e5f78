/*
 * position.c - where the cursor is in the list a screen draws ("row 3 of
 * 16"), which the status line shows at its right end (tui.c).
 */
#include <stdio.h>

#include "tui/screen.h"

void tui_position(struct tui *t, const char *what, size_t k, size_t n)
{
	t->pos[0] = t->pos_brief[0] = '\0';
	if (!k || !n)
		return;
	snprintf(t->pos, sizeof(t->pos), "%s %zu of %zu", what, k, n);
	snprintf(t->pos_brief, sizeof(t->pos_brief), "%zu/%zu", k, n);
}

void tui_position_list(struct tui *t, const char *what, const struct list *l,
		       int (*row)(const void *ctx, size_t i), const void *ctx)
{
	size_t n, k = list_rank(l, row, ctx, &n);

	tui_position(t, what, k, n);
}
