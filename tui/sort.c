/*
 * sort.c - Compare's order, filter and jumps: `o` cycles the order of the
 * rows within each scenario (the table's, name, Δ, |Δ|, p), `~` hides the
 * rows that did not change or could not be tested, `]` and `[` jump to the
 * next and previous significant change. The METRIC header says which.
 */
#include "tui/find.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/explore.h"
#include "tui/views.h"

#define SORT_NAME_(e, name) name,
static const char *const sort_names[] = { SORTS(SORT_NAME_) };
#undef SORT_NAME_

const char *sort_name(enum sort_key k)
{
	return k < SORT__COUNT ? sort_names[k] : "";
}

double sort_row_key(const struct cmp_row *r, enum sort_key k)
{
	if (!r)
		return NAN;
	switch (k) {
	case SORT_DELTA:
		return r->has_delta ? r->delta_pct : NAN;
	case SORT_ABS_DELTA:
		return r->has_delta ? -fabs(r->delta_pct) : NAN; /* largest first */
	case SORT_P:
		return r->tested ? r->p_adj : NAN;
	default:
		return 0;
	}
}

static const struct tui *sorting; /* qsort has no context argument */

static int by_key(const void *a, const void *b)
{
	const struct cmp_table *c = &sorting->cmp;
	size_t i = *(const size_t *)a, j = *(const size_t *)b;
	const struct cmp_row *x = &c->rows[i], *y = &c->rows[j];
	enum sort_key k = sorting->ex->sort;
	int d = strcmp(x->scenario, y->scenario);

	/* scenarios stay together, in the table's order: compare their first rows */
	if (d) {
		size_t fx = 0, fy = 0;

		while (strcmp(c->rows[fx].scenario, x->scenario))
			fx++;
		while (strcmp(c->rows[fy].scenario, y->scenario))
			fy++;
		return fx < fy ? -1 : 1;
	}
	if (k == SORT_NAME)
		d = strcmp(x->metric, y->metric);
	else if (k != SORT_TABLE) {
		double u = sort_row_key(x, k), v = sort_row_key(y, k);

		if (isnan(u) != isnan(v))
			return isnan(u) ? 1 : -1;
		d = u < v ? -1 : u > v;
	}
	return d ? d : (i < j ? -1 : i > j); /* stable */
}

const size_t *explore_row_order(struct tui *t, size_t *n)
{
	struct explore *x = explore_of(t);
	const struct cmp_table *c = &t->cmp;

	free(x->order);
	x->order = xmalloc((c->nrows ? c->nrows : 1) * sizeof(*x->order));
	x->norder = 0;
	for (size_t i = 0; i < c->nrows; i++) {
		const struct cmp_row *r = &c->rows[i];

		if (x->hide_same && *t->cand && (!r->tested || r->verdict == CMP_SAME))
			continue;
		x->order[x->norder++] = i;
	}
	sorting = t;
	qsort(x->order, x->norder, sizeof(*x->order), by_key);
	sorting = NULL;
	*n = x->norder;
	return x->order;
}

const char *explore_metric_header(struct tui *t, char *out, size_t size)
{
	struct explore *x = explore_of(t);

	snprintf(out, size, "METRIC%s%s%s", x->sort != SORT_TABLE ? " by " : "",
		 sort_names[x->sort], x->hide_same ? " \xc2\xb7 ~ hidden" : "");
	return out;
}

/* Move Compare's cursor to the next (dir 1) or previous significant row. */
static void jump(struct tui *t, int dir)
{
	struct list *l = &t->cmp_lines;

	for (size_t k = 1; k <= t->nlines; k++) {
		size_t i;

		if (dir > 0 ? l->cursor + k >= t->nlines : k > l->cursor)
			break;
		i = dir > 0 ? l->cursor + k : l->cursor - k;
		if (t->lines[i].kind == LINE_ROW && t->cmp.rows[t->lines[i].index].significant) {
			l->cursor = i;
			return;
		}
	}
	tui_message(t, "no significant change %s", dir > 0 ? "below" : "above");
}

int sort_action(struct tui *t, enum action a)
{
	struct explore *x = explore_of(t);

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
		x->sort = (enum sort_key)((x->sort + 1) % SORT__COUNT);
		snprintf(x->sort_variant, sizeof(x->sort_variant), "%s", t->cand);
		t->cmp_valid = 0;
		views_invalidate(t); /* the Matrix shares the order */
		if (x->sort == SORT_TABLE)
			tui_message(t, "rows in the table's order");
		else
			tui_message(t, "rows by %s", sort_names[x->sort]);
		break;
	case ACT_HIDE_SAME:
		x->hide_same = !x->hide_same;
		t->cmp_valid = 0;
		views_invalidate(t);
		tui_message(t, "%s", x->hide_same ? "unchanged and untested rows hidden" : "every row shown");
		break;
	case ACT_NEXT_SIG:
		jump(t, 1);
		break;
	case ACT_PREV_SIG:
		jump(t, -1);
		break;
	default:
		return ACT_IGNORED;
	}
	return ACT_DONE;
}
