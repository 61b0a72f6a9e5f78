/*
 * sort.c - the keys of the order, the filter and the jumps: `o` cycles the
 * order of the rows within each scenario (the table's, name, Δ, |Δ|, p,
 * better: the change by the metric's direction, the best first; the order
 * itself is tui/order.c's), `~` hides the rows that did not change or
 * could not be tested, `]` and `[` jump to the next and previous
 * significant change. The Matrix's are tui/matrix_keys.c's.
 */
#include "tui/find.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/explore.h"
#include "tui/views.h"

int sort_action(struct tui *t, enum action a)
{
	struct row_order *o = &t->order;

	if (t->cur == SCREEN_MATRIX)
		return matrix_sort_action(t, a);
	if ((t->cur == SCREEN_CPU || t->cur == SCREEN_SIZES) && (a == ACT_NEXT_SIG || a == ACT_PREV_SIG))
		return views_jump(t, a == ACT_NEXT_SIG ? 1 : -1);
	if (t->cur != SCREEN_COMPARE) {
		tui_message(t, "%s works on the Matrix and Compare screens%s", keys_names(a),
			    a == ACT_NEXT_SIG || a == ACT_PREV_SIG ? " (and CPU, Sizes)" : "");
		return ACT_DONE;
	}
	switch (a) {
	case ACT_SORT:
		o->sort = (enum sort_key)((o->sort + 1) % SORT__COUNT);
		snprintf(o->sort_variant, sizeof(o->sort_variant), "%s", t->cand);
		tui_changed(t);
		views_invalidate(t); /* the Matrix shares the order */
		if (o->sort == SORT_TABLE)
			tui_message(t, "rows in the table's order");
		else
			tui_message(t, "rows by %s", sort_name(o->sort));
		break;
	case ACT_HIDE_SAME:
		o->hide_same = !o->hide_same;
		tui_changed(t);
		views_invalidate(t);
		tui_message(t, "%s", o->hide_same ? "unchanged and untested rows hidden" : "every row shown");
		break;
	default:
		return ACT_IGNORED;
	}
	return ACT_DONE;
}
