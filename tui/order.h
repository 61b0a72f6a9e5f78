/*
 * order.h - the order of Compare's and the Matrix's rows (tui/order.c).
 */
#ifndef BD_TUI_ORDER_H
#define BD_TUI_ORDER_H

#include <stddef.h>

#include "store/compare.h"
#include "store/compare_matrix.h"

/* How Compare orders its rows within each scenario: X(ENUM, shown as). */
#define SORTS(X)                                                                                   \
	X(TABLE, "")                                                                               \
	X(NAME, "name")                                                                            \
	X(DELTA, "\xce\x94")                                                                        \
	X(ABS_DELTA, "|\xce\x94|")                                                                   \
	X(P, "p")                                                                                  \
	X(BETTER, "better")

#define SORT_ENUM_(e, name) SORT_##e,
enum sort_key { SORTS(SORT_ENUM_) SORT__COUNT };
#undef SORT_ENUM_

/* The order of Compare's and the Matrix's rows: one state, so the pair view keeps it. */
struct row_order {
	enum sort_key sort;
	int hide_same;          /* leave out the rows without a tested change */
	char sort_variant[512]; /* the Matrix: the variant whose change Δ, |Δ| and p sort by */
};

/*
 * Compare: the rows of table `c` (against candidate `cand`, "" when none)
 * to show, in order `o` (sorted within each scenario by the sort key,
 * unchanged and untested ones left out when hidden). Heap (the caller
 * frees it); *n set.
 */
size_t *compare_row_order(const struct row_order *o, const char *cand, const struct cmp_table *c, size_t *n);
/* Compare: what the METRIC column header says ("METRIC", "METRIC by |Δ| · ~ hidden"). */
const char *compare_order_header(const struct row_order *o, char *out, size_t size);
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
 * The rows of matrix `x` to show, in order `o`: sorted within each
 * scenario by the sort key (Δ and p of the column of o->sort_variant, else
 * of `cand`, else the first candidate's), the rows without a tested change
 * left out while ~ hides them. Heap; *n set.
 */
size_t *matrix_row_order(const struct row_order *o, const char *cand, const struct cmp_matrix *x, size_t *n);
/* "rows by |Δ| of NAME · ~ hidden", or "" for the table's order with every row. */
const char *matrix_order_text(const struct row_order *o, const char *cand, const struct cmp_matrix *x,
			      char *out, size_t size);

#endif
