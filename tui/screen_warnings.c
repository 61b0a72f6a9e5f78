/*
 * screen_warnings.c - Warnings: what the last import said about its input
 * ("FILE:LINE: warning: TEXT"), one line each, so that a damaged line can
 * be found without leaving the UI. The status line shows their count.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>

#include "tui/draw.h"
#include "tui/screen.h"

static void draw(struct tui *t, int top, int height)
{
	const struct diag *d = t->warnings;
	int rows = height - 1;
	char head[96];

	t->warn.count = d->n;
	list_clamp(&t->warn, rows);
	snprintf(head, sizeof(head), "%zu warning%s from the last import (Esc to go back)", d->n,
		 d->n == 1 ? "" : "s");
	draw_text(top, 1, COLS - 2, head, ROLE_HEADER);
	if (!d->n) {
		draw_text(top + 2, 2, COLS - 4, "The last import read every line it kept.", ROLE_DIM);
		return;
	}
	t->list_y = top + 1;
	for (int i = 0; i < rows && t->warn.top + (size_t)i < d->n; i++) {
		size_t k = t->warn.top + (size_t)i;
		char *s = diag_format_dup(&d->v[k]);
		int sel = k == t->warn.cursor;

		if (sel)
			draw_fill(top + 1 + i, ROLE_SELECTED);
		draw_text(top + 1 + i, 1, COLS - 2, s,
			  sel ? ROLE_SELECTED : d->v[k].level == DIAG_ERROR ? ROLE_WORSE : ROLE_NORMAL);
		free(s);
	}
}

static int act(struct tui *t, enum action a, int height)
{
	t->warn.count = t->warnings->n;
	return list_act(&t->warn, a, height - 1) ? ACT_DONE : ACT_IGNORED;
}

/* For find (/ n N) and the mouse: a line per warning, as drawn. */
static struct list *lines(struct tui *t)
{
	t->warn.count = t->warnings->n;
	return &t->warn;
}

static void line_text(struct tui *t, size_t i, struct buf *out)
{
	if (i < t->warnings->n) {
		char *s = diag_format_dup(&t->warnings->v[i]);

		buf_adds(out, s);
		free(s);
	}
}

const struct screen screen_warnings = {
	.name = "Warnings",
	.opener = ACT_WARNINGS,
	.draw = draw,
	.act = act,
	.lines = lines,
	.line_text = line_text,
};
