/*
 * order.h - the order of Compare's and the Matrix's rows (tui/order.c).
 */
#ifndef BD_TUI_ORDER_H
#define BD_TUI_ORDER_H

#include <stddef.h>

#include "store/compare.h"
#include "store/compare_matrix.h"
#include "tui/explore.h"

/*
 * Compare: the rows of table `c` to show, in order (sorted within each
 * scenario by the sort key, unchanged and untested ones left out when
 * hidden). Heap (the caller frees it); *n set.
 */
size_t *compare_row_order(struct tui *t, const struct cmp_table *c, size_t *n);
/* Compare: what the METRIC column header says ("METRIC", "METRIC by |Δ| · ~ hidden"). */
const char *explore_metric_header(struct tui *t, char *out, size_t size);
/* The sort key of a row (NULL: none); NaN (no delta, no p) sorts last. */
double sort_row_key(const struct cmp_row *r, enum sort_key k);
/* A row to sort (sort_rows): its scenario, metric and sort_row_key(). */
struct sort_row {
	const char *scenario, *metric;
	double key;
	size_t index, rank; /* sort_rows' own */
};
/*
 * Sort rows[0..n) within their scenarios (kept together, in the order they
 * first come) by key `k`: the table's order, name (v[i].metric) or v[i].key
 * (NaN last); ties keep the table's order. v is parallel to rows, and
 * sort_rows' to use up.
 */
void sort_rows(size_t *rows, struct sort_row *v, size_t n, enum sort_key k);
/* What a sort key is shown as ("name", "|Δ|"; "" for the table's order). */
const char *sort_name(enum sort_key k);

/*
 * The rows of matrix `x` to show, in order: sorted within each scenario
 * by the shared sort key (Δ and p of the sort variant's column), the rows
 * without a tested change left out while ~ hides them. Heap; *n set.
 */
size_t *matrix_row_order(struct tui *t, const struct cmp_matrix *x, size_t *n);
/* "rows by |Δ| of NAME · ~ hidden", or "" for the table's order with every row. */
const char *matrix_order_text(struct tui *t, const struct cmp_matrix *x, char *out, size_t size);

#endif
