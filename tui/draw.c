/*
 * draw.c - clipped text on stdscr; see draw.h.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <string.h>

#include "tui/draw.h"
#include "util/buf.h"
#include "util/text.h"

/* Control bytes and invalid UTF-8 would move the cursor or print garbage: show '?'. */
static void put(int y, int x, const char *s, size_t n, int attr)
{
	struct buf b = BUF_INIT;

	text_excerpt(&b, s, n, 1 << 20);
	attron(attr);
	mvaddnstr(y, x, buf_str(&b), (int)b.len);
	attroff(attr);
	buf_release(&b);
}

int draw_text(int y, int x, int cols, const char *s, enum color_role role)
{
	size_t n = strlen(s);
	int used;

	if (cols <= 0 || y < 0 || y >= LINES || x >= COLS)
		return 0;
	if (x + cols > COLS)
		cols = COLS - x;
	n = text_fit(s, n, cols, &used);
	put(y, x, s, n, color_attr(role));
	return used;
}

void draw_right(int y, int x, int cols, const char *s, enum color_role role)
{
	int w = text_width(s, strlen(s));

	if (w > cols)
		draw_text(y, x, cols, s, role);
	else
		draw_text(y, x + cols - w, w, s, role);
}

void draw_fill(int y, enum color_role role)
{
	int attr = color_attr(role);

	if (y < 0 || y >= LINES)
		return;
	attron(attr);
	mvhline(y, 0, ' ', COLS);
	attroff(attr);
}
