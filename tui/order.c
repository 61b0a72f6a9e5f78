/*
 * order.c - the order of the rows of Compare and the Matrix, one state for
 * both (the explore state's sort key, sort variant and ~): within each
 * scenario by the table's order, name, Δ, |Δ|, p or better, the rows
 * without a tested change left out while ~ hides them; and what the
 * headers say of it. Pure: it is handed the order and the candidate.
 */
#include "tui/order.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/strmap.h"
#include "util/util.h"

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

size_t *compare_row_order(const struct row_order *x, const char *cand, const struct cmp_table *c, size_t *n)
{
	size_t *order = xmalloc((c->nrows ? c->nrows : 1) * sizeof(*order));
	struct sort_row *s = xmalloc((c->nrows ? c->nrows : 1) * sizeof(*s));

	*n = 0;
	for (size_t i = 0; i < c->nrows; i++) {
		const struct cmp_row *r = &c->rows[i];

		if (x->hide_same && *cand && (!r->tested || r->verdict == CMP_SAME))
			continue;
		s[*n] = (struct sort_row){ .scenario = r->scenario, .metric = r->metric,
					   .key = sort_row_key(r, x->sort) };
		order[(*n)++] = i;
	}
	sort_rows(order, s, *n, x->sort);
	free(s);
	return order;
}

const char *compare_order_header(const struct row_order *x, char *out, size_t size)
{
	snprintf(out, size, "METRIC%s%s%s", x->sort != SORT_TABLE ? " by " : "",
		 sort_names[x->sort], x->hide_same ? " \xc2\xb7 ~ hidden" : "");
	return out;
}

/* The column the order's Δ and p are read from: the recorded variant's, else the first candidate. */
static size_t sort_column(const struct row_order *o, const char *cand, const struct cmp_matrix *x)
{
	const char *want = o->sort_variant[0] ? o->sort_variant : cand;

	for (size_t c = 1; c < x->ncols; c++)
		if (!strcmp(x->keys[c], want))
			return c;
	return 1;
}

/* A row whose every candidate is unchanged or untested (hidden by ~). */
static int same_everywhere(const struct cmp_mrow *r, size_t ncols)
{
	for (size_t c = 1; c < ncols; c++) {
		const struct cmp_row *cr = r->cell[c - 1];

		if (cr && cr->tested && cr->verdict != CMP_SAME)
			return 0;
	}
	return 1;
}

size_t *matrix_row_order(const struct row_order *ex, const char *cand, const struct cmp_matrix *x, size_t *n)
{
	size_t *order = xmalloc((x->nrows ? x->nrows : 1) * sizeof(*order));
	struct sort_row *s = xmalloc((x->nrows ? x->nrows : 1) * sizeof(*s));
	size_t col = x->ncols > 1 ? sort_column(ex, cand, x) : 0;

	*n = 0;
	for (size_t i = 0; i < x->nrows; i++) {
		const struct cmp_mrow *r = &x->rows[i];

		if (ex->hide_same && x->ncols >= 2 && same_everywhere(r, x->ncols))
			continue;
		s[*n] = (struct sort_row){ .scenario = r->scenario, .metric = r->metric,
					   .key = col ? sort_row_key(r->cell[col - 1], ex->sort) : NAN };
		order[(*n)++] = i;
	}
	sort_rows(order, s, *n, ex->sort);
	free(s);
	return order;
}

const char *matrix_order_text(const struct row_order *ex, const char *cand, const struct cmp_matrix *x,
			      char *out, size_t size)
{
	size_t c = x->ncols > 1 ? sort_column(ex, cand, x) : 0;

	out[0] = '\0';
	if (ex->sort == SORT_NAME)
		snprintf(out, size, "rows by name");
	else if (ex->sort != SORT_TABLE && c)
		snprintf(out, size, "rows by %s of %s", sort_name(ex->sort), cmp_matrix_name(x, c));
	if (ex->hide_same)
		snprintf(out + strlen(out), size - strlen(out), "%s~ hidden",
			 out[0] ? " \xc2\xb7 " : "");
	return out;
}
