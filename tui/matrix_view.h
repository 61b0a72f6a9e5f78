/*
 * matrix_view.h - the Matrix screen's own state (t->own[SCREEN_MATRIX]),
 * read by its two files: screen_matrix.c and matrix_keys.c. The matrix it
 * shows is the views' (tui/views.h), shared with CPU, Sizes and Scorecard.
 */
#ifndef BD_TUI_MATRIX_VIEW_H
#define BD_TUI_MATRIX_VIEW_H

#include <stddef.h>

#include "tui/list.h"
#include "tui/views.h"

struct matrix_state {
	struct list rows;     /* over the views' lines */
	size_t col;           /* selected column; 0 the baseline */
	size_t left;          /* first candidate column shown when scrolled */
	unsigned epoch;       /* the views' epoch the cursor belongs to */
};

/*
 * The Matrix's state for `v` (views_get()'s, built): made on first use;
 * when `v` was built for another experiment since, the cursor starts on
 * its first metric and the column on the first candidate (b and 3 act on
 * it); the column is kept within v's. Valid until the TUI ends.
 */
struct matrix_state *matrix_state(struct tui *t, const struct views *v);

#endif
