/*
 * screen_warnings.c - Warnings: what the last import said about its input,
 * one line each (the file's name and line first, so that a long path
 * never hides which line it is), the selected one whole under the list,
 * and Enter opens Source on the text at that line, so that a damaged line
 * can be read without leaving the UI. The status line shows their count.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/draw.h"
#include "tui/explore.h"
#include "tui/screen.h"

/* Rows under the list for the selected warning, whole. */
/* Warnings' own state: where its list is scrolled to (t->own[SCREEN_WARNINGS]). */
static struct list *list_of(struct tui *t)
{
	return tui_own(t, SCREEN_WARNINGS, sizeof(struct list));
}

static int detail_rows(int height)
{
	return height >= 14 ? 4 : 0;
}

static int list_rows(int height)
{
	return height - 1 - detail_rows(height) - (detail_rows(height) ? 1 : 0);
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/* "run1.txt:6" (its file's last part), or "" when it names no file. */
static void place(const struct diag_entry *w, struct buf *b)
{
	if (w->file)
		buf_adds(b, base_name(w->file));
	if (w->file && w->line)
		buf_addf(b, ":%u", (unsigned)w->line);
}

static void draw(struct tui *t, int top, int height)
{
	struct list *l = list_of(t);
	const struct diag *d = t->warnings;
	int rows = list_rows(height), wplace = 0;
	char head[128];
	struct buf b = BUF_INIT;

	l->count = d->n;
	list_clamp(l, rows);
	tui_position_list(t, "warning", l, NULL, NULL);
	snprintf(head, sizeof(head), "%zu warning%s from the last import \xc2\xb7 Enter: its line in the text \xc2\xb7 Esc: back",
		 d->n, d->n == 1 ? "" : "s");
	draw_text(top, 1, COLS - 2, head, ROLE_HEADER);
	if (!d->n) {
		draw_text(top + 2, 2, COLS - 4, "The last import read every line it kept.", ROLE_DIM);
		return;
	}
	/* the places line up in one column, at most a third of the width */
	for (size_t k = 0; k < d->n; k++) {
		buf_reset(&b);
		place(&d->v[k], &b);
		if (draw_width(buf_str(&b)) > wplace)
			wplace = draw_width(buf_str(&b));
	}
	if (wplace > COLS / 3)
		wplace = COLS / 3;
	t->list_y = top + 1;
	for (int i = 0; i < rows && l->top + (size_t)i < d->n; i++) {
		size_t k = l->top + (size_t)i;
		int sel = k == l->cursor, y = top + 1 + i;
		enum color_role role = sel ? ROLE_SELECTED : d->v[k].level == DIAG_ERROR ? ROLE_WORSE : ROLE_NORMAL;

		if (sel)
			draw_fill(y, ROLE_SELECTED);
		buf_reset(&b);
		place(&d->v[k], &b);
		draw_text_mid(y, 1, wplace, buf_str(&b), sel ? ROLE_SELECTED : ROLE_DIM);
		draw_text(y, 1 + wplace + (wplace ? 2 : 0), COLS - 2 - wplace - 2, d->v[k].text, role);
	}
	if (detail_rows(height) && l->cursor < d->n) {
		char *s = diag_format_dup(&d->v[l->cursor]);

		draw_wrapped(top + height - detail_rows(height), 1, COLS - 2, detail_rows(height), s, ROLE_NORMAL);
		free(s);
	}
	buf_release(&b);
}

/* Enter: Source on the warning's text, the cursor on its line. */
static int open_line(struct tui *t)
{
	struct list *l = list_of(t);
	const struct diag_entry *w = l->cursor < t->warnings->n ? &t->warnings->v[l->cursor] : NULL;
	if (!w || !w->file) {
		tui_message(t, "this warning names no file");
		return ACT_DONE;
	}
	/* when the list came from the index, tui.c reads the runs and texts first */
	screen_ask_reload(t, RELOAD_RECORDS, NULL);
	return screen_ask_source_at(t, w->file, w->line);
}

static int act(struct tui *t, enum action a, int height)
{
	struct list *l = list_of(t);

	l->count = t->warnings->n;
	if (list_act(l, a, list_rows(height)))
		return ACT_DONE;
	if (a == ACT_ENTER)
		return open_line(t);
	return ACT_IGNORED;
}

/* For find (/ n N) and the mouse: a line per warning, as drawn. */
static struct list *lines(struct tui *t)
{
	struct list *l = list_of(t);

	l->count = t->warnings->n;
	return l;
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
