/*
 * draw.h - drawing primitives on stdscr: text clipped by display width
 * (never by bytes, so µ, ± and wide characters stay whole), padded cells,
 * whole-line fills. Screens draw only through these and never refresh.
 */
#ifndef BD_TUI_DRAW_H
#define BD_TUI_DRAW_H

#include "tui/color.h"

/* Draw `s` at (y, x) in at most `cols` columns; returns the columns used. */
int draw_text(int y, int x, int cols, const char *s, enum color_role role);
/* Draw `s` right-aligned in a cell of `cols` columns ending at x + cols. */
void draw_right(int y, int x, int cols, const char *s, enum color_role role);
/* Fill row y with blanks in `role`. */
void draw_fill(int y, enum color_role role);

#endif
