/*
 * draw.h - drawing primitives on stdscr: text clipped by display width
 * (never by bytes, so µ, ± and wide characters stay whole), padded cells,
 * whole-line fills. Screens draw only through these and never refresh.
 * Text that does not fit is cut with an ellipsis; when the locale is not
 * UTF-8 every string is shown in its ASCII spelling (util/text.h).
 */
#ifndef BD_TUI_DRAW_H
#define BD_TUI_DRAW_H

#include "tui/color.h"

/* Read the locale's character set (after setlocale, before drawing). */
void draw_init(void);
/* 1 when the terminal shows UTF-8; 0: ASCII spellings. */
int draw_utf8(void);
/* Columns `s` takes as it will be shown. */
int draw_width(const char *s);
/* Draw `s` at (y, x) in at most `cols` columns (cut with an ellipsis); returns the columns used. */
int draw_text(int y, int x, int cols, const char *s, enum color_role role);
/*
 * Draw `s`, fields separated by " · ", in at most `cols` columns. Where
 * draw_text() would cut a word holding a digit ("n 10000/1000…" shows a
 * number that is not the one printed), the fields that do not fit go
 * whole instead, with " …" saying so; a cut elsewhere is draw_text()'s.
 * Returns the columns used.
 */
int draw_fields(int y, int x, int cols, const char *s, enum color_role role);
/* The same with fields separated by `sep` (", " in a sentence). */
int draw_fields_sep(int y, int x, int cols, const char *s, const char *sep, enum color_role role);
/*
 * Draw `s` in `cols` columns cut in the middle when it does not fit, so
 * that its end shows too: "write.time_per_op" in 10 columns is
 * "writ…er_op", never "write.tim…" beside "write.time". Returns the
 * columns used.
 */
int draw_text_mid(int y, int x, int cols, const char *s, enum color_role role);
/*
 * Draw `s` wrapped at spaces into at most `max_lines` rows of `cols`
 * columns from (y, x); the last row is cut with an ellipsis when there is
 * more. Returns the rows used (with y < 0 nothing is drawn: the rows it
 * would take).
 */
int draw_wrapped(int y, int x, int cols, int max_lines, const char *s, enum color_role role);
/* Draw `s` right-aligned in a cell of `cols` columns ending at x + cols. */
void draw_right(int y, int x, int cols, const char *s, enum color_role role);
/*
 * A horizontal bar of `frac` (0..1) of `cols` columns at (y, x): whole
 * blocks and, in UTF-8, an eighth block for the rest; '#' in ASCII.
 * Returns the columns drawn.
 */
int draw_bar(int y, int x, int cols, double frac, enum color_role role);
/* Fill row y with blanks in `role`. */
void draw_fill(int y, enum color_role role);

#endif
