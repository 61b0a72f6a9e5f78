/*
 * draw.c - clipped text on stdscr; see draw.h.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <langinfo.h>
#include <string.h>

#include "tui/draw.h"
#include "util/buf.h"
#include "util/text.h"

static int utf8 = 1;

void draw_init(void)
{
	const char *cs = nl_langinfo(CODESET);

	utf8 = cs && (!strcmp(cs, "UTF-8") || !strcmp(cs, "utf8"));
}

int draw_utf8(void)
{
	return utf8;
}

/* The text as this terminal can show it: itself, or its ASCII spelling. */
static const char *shown(const char *s, struct buf *b)
{
	if (utf8)
		return s;
	text_ascii(b, s, strlen(s));
	return buf_str(b);
}

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
	struct buf a = BUF_INIT;
	const char *dots = utf8 ? "\xe2\x80\xa6" : "...";
	int dw = utf8 ? 1 : 3, used;
	size_t n;

	if (cols <= 0 || y < 0 || y >= LINES || x >= COLS) {
		buf_release(&a);
		return 0;
	}
	if (x + cols > COLS)
		cols = COLS - x;
	s = shown(s, &a);
	n = strlen(s);
	if (text_width(s, n) > cols && cols > dw) {
		/* cut: say so with an ellipsis, never silently */
		n = text_fit(s, n, cols - dw, &used);
		put(y, x, s, n, color_attr(role));
		put(y, x + used, dots, strlen(dots), color_attr(role));
		used += dw;
	} else {
		n = text_fit(s, n, cols, &used);
		put(y, x, s, n, color_attr(role));
	}
	buf_release(&a);
	return used;
}

int draw_width(const char *s)
{
	struct buf a = BUF_INIT;
	int w;

	s = shown(s, &a);
	w = text_width(s, strlen(s));
	buf_release(&a);
	return w;
}

void draw_right(int y, int x, int cols, const char *s, enum color_role role)
{
	int w = draw_width(s);

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
