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
	if (text_width(s, n) > cols && cols <= dw) {
		/* no room for a character and the ellipsis: the ellipsis alone, never a cut number */
		put(y, x, dots, strlen(utf8 ? dots : "."), color_attr(role));
		used = 1;
	} else if (text_width(s, n) > cols) {
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

/* 1 when draw_text() would cut `s` at `cols` inside a word holding a digit ("10000/1000…"). */
static int cut_splits_number(const char *s, int cols)
{
	struct buf a = BUF_INIT;
	const char *t = shown(s, &a);
	size_t len = strlen(t), n, from, to;
	int used, digit = 0;

	n = text_fit(t, len, cols - (utf8 ? 1 : 3), &used);
	for (from = n; from > 0 && t[from - 1] != ' ';)
		from--;
	for (to = n; to < len && t[to] != ' ';)
		to++;
	for (size_t i = from; i < to; i++)
		digit |= t[i] >= '0' && t[i] <= '9';
	buf_release(&a);
	return digit;
}

int draw_fields(int y, int x, int cols, const char *s, enum color_role role)
{
	return draw_fields_sep(y, x, cols, s, " \xc2\xb7 ", role);
}

int draw_fields_sep(int y, int x, int cols, const char *s, const char *sep, enum color_role role)
{
	struct buf b = BUF_INIT;
	const char *keep = NULL;
	int used;

	if (draw_width(s) <= cols || !cut_splits_number(s, cols))
		return draw_text(y, x, cols, s, role);
	/* the longest run of whole fields that fits with " …" after it */
	for (const char *at = strstr(s, sep); at; at = strstr(at + 1, sep)) {
		buf_reset(&b);
		buf_add(&b, s, (size_t)(at - s));
		buf_adds(&b, " \xe2\x80\xa6");
		if (draw_width(buf_str(&b)) > cols)
			break;
		keep = at;
	}
	if (!keep) {
		buf_release(&b);
		return draw_text(y, x, cols, s, role);
	}
	buf_reset(&b);
	buf_add(&b, s, (size_t)(keep - s));
	buf_adds(&b, " \xe2\x80\xa6");
	used = draw_text(y, x, cols, buf_str(&b), role);
	buf_release(&b);
	return used;
}

int draw_text_mid(int y, int x, int cols, const char *s, enum color_role role)
{
	struct buf a = BUF_INIT, cut = BUF_INIT;
	size_t n;
	int used;

	s = shown(s, &a);
	n = strlen(s);
	if (text_width(s, n) <= cols || cols < 4 + (utf8 ? 1 : 3)) {
		used = draw_text(y, x, cols, s, role);
	} else {
		text_mid(&cut, s, n, cols, utf8 ? "\xe2\x80\xa6" : "...", utf8 ? 1 : 3);
		used = draw_text(y, x, cols, buf_str(&cut), role);
	}
	buf_release(&cut);
	buf_release(&a);
	return used;
}

int draw_wrapped(int y, int x, int cols, int max_lines, const char *s, enum color_role role)
{
	struct buf a = BUF_INIT, line = BUF_INIT;
	int rows = 0;

	s = shown(s, &a);
	while (*s && rows < max_lines) {
		size_t n = rows == max_lines - 1 ? strlen(s) : text_piece(s, cols);

		buf_reset(&line);
		buf_add(&line, s, n);
		if (y >= 0)
			draw_text(y + rows, x, cols, buf_str(&line), role);
		rows++;
		s += n;
		while (*s == ' ')
			s++;
	}
	buf_release(&line);
	buf_release(&a);
	return rows;
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

int draw_bar(int y, int x, int cols, double frac, enum color_role role)
{
	static const char *const eighths[] = { "", "\xe2\x96\x8f", "\xe2\x96\x8e", "\xe2\x96\x8d",
						"\xe2\x96\x8c", "\xe2\x96\x8b", "\xe2\x96\x8a", "\xe2\x96\x89" };
	struct buf b = BUF_INIT;
	int units, whole, n;

	if (cols <= 0 || !(frac > 0))
		return 0;
	if (frac > 1)
		frac = 1;
	units = (int)(frac * cols * 8 + 0.5);
	if (!units)
		units = 1; /* something, however small, is not nothing */
	whole = units / 8;
	for (int i = 0; i < whole; i++)
		buf_adds(&b, utf8 ? "\xe2\x96\x88" : "#");
	if (units % 8)
		buf_adds(&b, utf8 ? eighths[units % 8] : whole ? "" : "#");
	n = b.len ? draw_text(y, x, cols, b.s, role) : 0;
	buf_release(&b);
	return n;
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
