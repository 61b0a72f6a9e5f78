/*
 * screen_help.c - Help: every key from keys.c's table, with what it does.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>

#include "tui/draw.h"
#include "tui/screen.h"

/* The help scrolls by its top line; there is no cursor. */
static size_t max_top(int rows)
{
	size_t n = ACT__COUNT - 1;

	return rows > 0 && n > (size_t)rows ? n - (size_t)rows : 0;
}

static void draw(struct tui *t, int top, int height)
{
	int rows = height - 1;

	if (t->help.top > max_top(rows))
		t->help.top = max_top(rows);
	draw_text(top, 1, COLS - 2, "Keys (\xe2\x86\x91/\xe2\x86\x93 scroll, any other key goes back)", ROLE_HEADER);
	for (int i = 0; i < rows && t->help.top + (size_t)i < ACT__COUNT - 1; i++) {
		enum action a = (enum action)(t->help.top + (size_t)i + 1);

		draw_text(top + 1 + i, 2, 14, keys_names(a), ROLE_HIGHLIGHT);
		draw_text(top + 1 + i, 17, COLS - 18, keys_help(a), ROLE_NORMAL);
	}
}

static int act(struct tui *t, enum action a, int height)
{
	size_t max = max_top(height - 1), page = height > 2 ? (size_t)height - 2 : 1;
	size_t *top = &t->help.top;

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
