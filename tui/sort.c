/*
 * sort.c - Compare's order, filter and jumps: `o` cycles the order of the
 * rows within each scenario (the table's, name, Δ, |Δ|, p, better: the
 * change by the metric's direction, the best first), `~` hides the
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
#include "util/strmap.h"

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
	case SORT_BETTER: /* the change turned so that better is up: the best first */
		if (!r->has_delta || r->dir == DIR_NONE)
			return NAN;
		return r->dir == DIR_LOWER ? r->delta_pct : -r->delta_pct;
	default:
		return 0;
	}
}

static int by_item(const void *a, const void *b)
{
	const struct sort_row *x = a, *y = b;
	int d = 0;

	/* scenarios stay together, in the table's order */
	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	if (x->metric) {
		d = strcmp(x->metric, y->metric);
	} else if (isnan(x->key) != isnan(y->key)) {
		return isnan(x->key) ? 1 : -1; /* no delta, no p: last */
	} else if (!isnan(x->key)) {
		d = x->key < y->key ? -1 : x->key > y->key;
	}
	return d ? d : (x->index < y->index ? -1 : x->index > y->index); /* stable */
}

void sort_rows(size_t *rows, struct sort_row *v, size_t n, enum sort_key k)
{
	struct strmap first = STRMAP_INIT;

	for (size_t i = 0; i < n; i++) {
		uint32_t at;

		/* a scenario's rank: where it first comes, found once per row */
		if (!strmap_get(&first, v[i].scenario, &at)) {
			at = (uint32_t)i;
			strmap_put(&first, v[i].scenario, at);
		}
		v[i].index = rows[i];
		v[i].rank = at;
		if (k != SORT_NAME)
			v[i].metric = NULL; /* by name: the metric; else by key */
		if (k == SORT_TABLE || k == SORT_NAME)
			v[i].key = 0;
	}
	qsort(v, n, sizeof(*v), by_item);
	for (size_t i = 0; i < n; i++)
		rows[i] = v[i].index;
	strmap_release(&first);
}

const size_t *explore_row_order(struct tui *t, size_t *n)
{
	struct explore *x = explore_of(t);
	const struct cmp_table *c = &t->cmp;
	struct sort_row *s;

	free(x->order);
	x->order = xmalloc((c->nrows ? c->nrows : 1) * sizeof(*x->order));
	s = xmalloc((c->nrows ? c->nrows : 1) * sizeof(*s));
	x->norder = 0;
	for (size_t i = 0; i < c->nrows; i++) {
		const struct cmp_row *r = &c->rows[i];

		if (x->hide_same && *t->cand && (!r->tested || r->verdict == CMP_SAME))
			continue;
		s[x->norder] = (struct sort_row){ .scenario = r->scenario, .metric = r->metric,
						  .key = sort_row_key(r, x->sort) };
		x->order[x->norder++] = i;
	}
	sort_rows(x->order, s, x->norder, x->sort);
	free(s);
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
