/*
 * matrix_keys.c - the exploring keys on the Matrix: `o` orders the rows
 * within each scenario (the table's order, name, Δ, |Δ|, p, better: the change of
 * one variant's column, the one selected when `o` was pressed), `~` hides
 * the rows in which no variant changed beyond the noise with a test, `]`
 * and `[` go to the next and previous significant cell, `H` opens the
 * history of the row's metric, `y`/`Y` copy the rows as shown (the one
 * Markdown writer of `compare --matrix`, store/matrix_md.c). The order and
 * the filter are Compare's too: one state, so the pair view keeps them.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/matrix_md.h"
#include "tui/explore.h"
#include "tui/find.h"
#include "tui/matrix_view.h"
#include "tui/views.h"

struct matrix_state *matrix_state(struct tui *t, const struct views *v)
{
	struct matrix_state *ms = tui_own(t, SCREEN_MATRIX, sizeof(*ms));

	if (ms->epoch != v->epoch) {
		/* another experiment: the cursor on its first metric, not on a heading */
		memset(&ms->rows, 0, sizeof(ms->rows));
		for (size_t l = 0; l < v->nlines; l++)
			if (v->lines[l].kind == ML_ROW) {
				ms->rows.cursor = l;
				break;
			}
		ms->col = 1;
		ms->left = 1;
		ms->epoch = v->epoch;
	}
	if (ms->col >= v->mx.ncols)
		ms->col = v->mx.ncols > 1 ? 1 : 0;
	ms->rows.count = v->nlines;
	return ms;
}

/* The row under the cursor, for the view that opens next. */
void matrix_remember_row(struct tui *t)
{
	const struct views *v = views_get(t);
	const struct matrix_state *ms = matrix_state(t, v);
	const struct mline *ml = ms->rows.cursor < v->nlines ? &v->lines[ms->rows.cursor] : NULL;

	if (ml && ml->kind == ML_ROW) {
		const struct cmp_mrow *r = &v->mx.rows[ml->index];

		snprintf(t->keep_row, sizeof(t->keep_row), "%s\x1f%s\x1f%s", r->scenario, r->subject,
			 r->quantity);
	}
}

/* Rebuild the lines in the new order, the cursor staying on its metric. */
static void reorder(struct tui *t)
{
	matrix_remember_row(t);
	views_invalidate(t);
	tui_changed(t); /* Compare shares the order */
}

/* ] [: the next (dir 1) or previous significant cell, reading row by row. */
static void jump(struct tui *t, struct views *v, int dir)
{
	struct matrix_state *ms = matrix_state(t, v);
	size_t ncols = v->mx.ncols, at = ms->rows.cursor * ncols + ms->col, end = v->nlines * ncols;

	for (size_t k = 1; ncols > 1 && k < end; k++) {
		size_t p, l, c;
		const struct cmp_row *r;

		if (dir > 0 ? at + k >= end : k > at)
			break;
		p = dir > 0 ? at + k : at - k;
		l = p / ncols;
		c = p % ncols;
		if (!c || v->lines[l].kind != ML_ROW)
			continue;
		r = v->mx.rows[v->lines[l].index].cell[c - 1];
		if (r && r->significant) {
			ms->rows.cursor = l;
			ms->col = c;
			return;
		}
	}
	tui_message(t, "no significant change %s", dir > 0 ? "below" : "above");
}

int matrix_sort_action(struct tui *t, enum action a)
{
	struct row_order *o = &t->order;
	struct views *v = views_get(t);
	const struct matrix_state *ms = matrix_state(t, v);
	char what[256];

	switch (a) {
	case ACT_SORT:
		o->sort = (enum sort_key)((o->sort + 1) % SORT__COUNT);
		if (ms->col >= 1 && ms->col < v->mx.ncols)
			snprintf(o->sort_variant, sizeof(o->sort_variant), "%s", v->mx.keys[ms->col]);
		reorder(t);
		v = views_get(t);
		if (!*matrix_order_text(o, t->cand, &v->mx, what, sizeof(what)) ||
		    o->sort == SORT_TABLE)
			snprintf(what, sizeof(what), "rows in the table's order");
		tui_message(t, "%s", what);
		break;
	case ACT_HIDE_SAME:
		o->hide_same = !o->hide_same;
		reorder(t);
		tui_message(t, "%s", o->hide_same ? "rows without a tested change hidden" : "every row shown");
		break;
	case ACT_NEXT_SIG:
	case ACT_PREV_SIG:
		jump(t, v, a == ACT_NEXT_SIG ? 1 : -1);
		break;
	default:
		return ACT_IGNORED;
	}
	return ACT_DONE;
}

/* H: the history of the row's metric, for the baseline and the selected column's variant. */
int matrix_history(struct tui *t)
{
	struct views *v = views_get(t);
	const struct matrix_state *ms = matrix_state(t, v);
	const struct mline *ml = ms->rows.cursor < v->nlines ? &v->lines[ms->rows.cursor] : NULL;
	const struct cmp_mrow *r;
	const char *keys[2];

	if (!ml || ml->kind != ML_ROW) {
		tui_message(t, "H: on a metric's row");
		return ACT_DONE;
	}
	r = &v->mx.rows[ml->index];
	keys[0] = v->mx.keys[0];
	keys[1] = ms->col >= 1 ? v->mx.keys[ms->col] : "";
	return screen_ask_history(t, keys, ms->col >= 1 ? 2 : 1, r->scenario, r->subject, r->quantity);
}

void matrix_markdown(struct tui *t, struct buf *out)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct views *v = views_get(t);
	size_t *rows = xmalloc((v->nlines ? v->nlines : 1) * sizeof(*rows)), n = 0;
	int geo = 0;

	if (t->view_exp >= snap.m->nexps || !v->nlines) {
		free(rows);
		return;
	}
	for (size_t l = 0; l < v->nlines; l++) {
		if (v->lines[l].kind == ML_ROW)
			rows[n++] = v->lines[l].index;
		else if (v->lines[l].kind == ML_GEO)
			geo = 1;
	}
	cmp_matrix_markdown(&v->mx, rows, n, geo, out);
	free(rows);
}
