/*
 * screen_help.c - Help: every key from keys.c's table, with what it does
 * (wrapped under itself when the terminal is narrower than the text).
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "tui/draw.h"
#include "tui/screen.h"
#include "util/text.h"

/* Help's own state: where its list is scrolled to (t->own[SCREEN_HELP]). */
static struct list *list_of(struct tui *t)
{
	return tui_own(t, SCREEN_HELP, sizeof(struct list));
}

/* The help text of each action wraps under itself: the lines it takes in `width` columns. */
static size_t help_lines(enum action a, int width)
{
	const char *s = keys_help(a);
	size_t n = 0;

	do {
		s += text_piece(s, width);
		while (*s == ' ')
			s++;
		n++;
	} while (*s);
	return n;
}

static int help_width(void)
{
	return COLS - 18 > 10 ? COLS - 18 : 10;
}

/* The lines the whole help takes. */
static size_t total_lines(void)
{
	size_t n = 0;

	for (int a = 1; a < ACT__COUNT; a++)
		n += help_lines((enum action)a, help_width());
	return n;
}

/* The help scrolls by its top line; there is no cursor. */
static size_t max_top(int rows)
{
	size_t n = total_lines();

	return rows > 0 && n > (size_t)rows ? n - (size_t)rows : 0;
}

static void draw(struct tui *t, int top, int height)
{
	struct list *l = list_of(t);
	int rows = height - 1, w = help_width();
	size_t line = 0;

	size_t all = total_lines();

	if (l->top > max_top(rows))
		l->top = max_top(rows);
	if (rows > 0 && all > (size_t)rows) {
		/* the lines shown, as less says them */
		snprintf(t->pos, sizeof(t->pos), "lines %zu-%zu of %zu", l->top + 1, l->top + (size_t)rows, all);
		snprintf(t->pos_brief, sizeof(t->pos_brief), "%zu-%zu/%zu", l->top + 1, l->top + (size_t)rows, all);
	}
	draw_text(top, 1, COLS - 2, "Keys (\xe2\x86\x91/\xe2\x86\x93 scroll, any other key goes back)", ROLE_HEADER);
	for (int a = 1; a < ACT__COUNT && line < l->top + (size_t)rows; a++) {
		const char *s = keys_help((enum action)a);
		int first = 1;

		do {
			size_t n = text_piece(s, w);

			if (line >= l->top) {
				int y = top + 1 + (int)(line - l->top);
				char text[512];

				if (first)
					draw_text(y, 2, 14, keys_names((enum action)a), ROLE_HIGHLIGHT);
				snprintf(text, sizeof(text), "%.*s", (int)n, s);
				draw_text(y, 17, w, text, ROLE_NORMAL);
			}
			first = 0;
			line++;
			s += n;
			while (*s == ' ')
				s++;
		} while (*s && line < l->top + (size_t)rows);
	}
}

static int act(struct tui *t, enum action a, int height)
{
	size_t max = max_top(height - 1), page = height > 2 ? (size_t)height - 2 : 1;
	size_t *top = &list_of(t)->top;

	switch (a) {
	case ACT_UP:
		*top = *top ? *top - 1 : 0;
		break;
	case ACT_DOWN:
		*top = *top < max ? *top + 1 : max;
		break;
	case ACT_PAGE_UP:
		*top = *top > page ? *top - page : 0;
		break;
	case ACT_PAGE_DOWN:
		*top = *top + page < max ? *top + page : max;
		break;
	case ACT_HOME:
		*top = 0;
		break;
	case ACT_END:
		*top = max;
		break;
	default:
		return ACT_IGNORED;
	}
	return ACT_DONE;
}

const struct screen screen_help = {
	.name = "Help",
	.opener = ACT_HELP,
	.draw = draw,
	.act = act,
};
