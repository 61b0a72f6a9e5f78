/*
 * compare_view.h - the state of the Compare screen, its own
 * (tui/compare_view.c builds it, tui/screen_compare.c draws it,
 * tui/compare_lines.c reads its lines as text): the
 * comparison table of the shown experiment's baseline and candidate, the
 * lines drawn from it and the cursor over them. It lives in
 * t->own[SCREEN_COMPARE]; no other file reads it.
 */
#ifndef BD_TUI_COMPARE_VIEW_H
#define BD_TUI_COMPARE_VIEW_H

#include <stddef.h>

#include "store/compare.h"
#include "tui/list.h"
#include "tui/screen.h"

/* A line of the Compare table. */
enum cmp_line_kind {
	LINE_HEADING, /* a scenario, or "geomean": `text` */
	LINE_ROW,     /* cmp row `index` */
	LINE_GEO,     /* geometric mean `index` */
	LINE_COUNTS,  /* improved / regressed / unchanged / untested */
};

struct cmp_line {
	enum cmp_line_kind kind;
	size_t index;
	const char *text;
};

struct compare_view {
	/* what the table was built for: it is built again when any differs */
	size_t exp;              /* t->view_exp; SIZE_MAX: nothing built */
	const char *base, *cand; /* t->base, t->cand */
	unsigned gen;            /* t->gen */
	unsigned shown;          /* t->shown: the cursor starts over when it differs */
	struct cmp_table cmp;    /* points into the snapshot held in `held` */
	struct snapshot *held;
	struct cmp_line *lines;
	size_t nlines, lines_cap;
	struct list list;
};

/* Compare's state, made on first use; compare_view_release() frees it (the screen's release()). */
struct compare_view *compare_of(struct tui *t);
void compare_view_release(struct tui *t);
/* The snapshot moves: the table goes with the old one (the screen's swapped()). */
void compare_view_swapped(struct tui *t);
/* The table and lines, built for the shown experiment, baseline and candidate (rebuilt when stale). */
struct compare_view *compare_built(struct tui *t);

/* For list_act_rows(): line i of a cmp_line array is a metric's row or a geomean, not a heading or the counts. */
int compare_is_row(const void *lines, size_t i);

/* Compare's lines for find and copy (tui/compare_lines.c). */
struct list *compare_lines(struct tui *t);
void compare_line_text(struct tui *t, size_t i, struct buf *out);
void compare_markdown(struct tui *t, struct buf *out);

#endif
