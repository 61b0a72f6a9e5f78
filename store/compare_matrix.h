/*
 * compare_matrix.h - every variant of an experiment side by side: one row
 * per (scenario, subject, quantity), one column per variant, the baseline
 * first. Each candidate's cells are the rows of its own comparison with
 * the baseline (compare.h), so a cell says exactly what the pair view and
 * `compare` say about that variant. The TUI's Matrix, CPU, Sizes and
 * Scorecard screens and `compare --matrix` read it.
 */
#ifndef BD_STORE_COMPARE_MATRIX_H
#define BD_STORE_COMPARE_MATRIX_H

#include <stddef.h>

#include "parsers/metrics.h"
#include "store/compare.h"

struct cmp_mrow {
	const char *scenario, *subject, *quantity, *metric; /* as the first table's row */
	enum unit unit;
	enum direction dir;
	enum metric_family family;
	const struct cmp_side *base; /* the baseline's figures; base->present 0 when it has none */
	/*
	 * cell[k]: the row of table k (candidate column k + 1) for this row, or
	 * NULL when that comparison has no such row. cell[k]->cand is the
	 * candidate's figures, the rest the change against the baseline.
	 */
	const struct cmp_row **cell;
};

/* One summary line: the geometric mean of a quantity, per candidate (geo[k] may be NULL). */
struct cmp_mgeo {
	const char *quantity;
	enum unit unit;
	const struct cmp_geomean **geo;
};

struct cmp_matrix {
	const struct experiment *e;
	size_t ncols;           /* variants: 1 + candidates */
	const char **keys;      /* variant keys, keys[0] the baseline */
	struct cmp_table *t;    /* t[k]: the baseline against keys[k + 1]; with one variant, t[0] is
				   the baseline alone (cand == base) and no column has cells */
	size_t ntables;
	struct cmp_mrow *rows;
	size_t nrows;
	struct cmp_mgeo *geo;
	size_t ngeo;
	struct cmp_side none; /* a missing side, for rows the baseline lacks */
};

/*
 * Build the matrix of experiment `e` with `base` as the baseline (NULL:
 * the experiment's) and every other variant a candidate, in the
 * experiment's order. `o` may be NULL. The matrix owns its tables and
 * arrays; strings belong to the tables or the model, which must outlive
 * it. Release with cmp_matrix_release().
 */
void cmp_matrix_build(const struct model *m, const struct experiment *e, const char *base,
		      const struct cmp_opts *o, struct cmp_matrix *x);
void cmp_matrix_release(struct cmp_matrix *x);
/* The display text of column `col` (the variant's name as imported). */
const char *cmp_matrix_name(const struct cmp_matrix *x, size_t col);

/* What a family's rows say for one candidate: the whole trade-off in a few figures. */
struct cmp_summary {
	size_t nrows;       /* rows with a direction and positive figures on both sides */
	double delta_pct;   /* geometric mean of their ratios, as a change in % (oriented as printed) */
	double delta_res;   /* how far the rows' printed digits let delta_pct be off, in points */
	enum cmp_verdict verdict; /* beyond the noise threshold, by the rows' direction */
	size_t significant; /* rows whose change is significant in the verdict's direction */
	size_t untested;    /* rows without a test */
	size_t one_run;     /* of `significant`: tested within one run a side (CMP_F_ONE_RUN) */
};

/* 1 when some cell's significant change rests on one run a side (CMP_F_ONE_RUN). */
int cmp_matrix_one_run(const struct cmp_matrix *x);
/*
 * The summary of candidate column `col` (>= 1) over the rows that `pick`
 * accepts (NULL: all rows with a direction). A summary is never tested
 * itself: its verdict is by the threshold, and `significant`/`untested`
 * say how much of it rests on tests.
 */
void cmp_matrix_summary(const struct cmp_matrix *x, size_t col,
			int (*pick)(const struct cmp_mrow *r, void *arg), void *arg,
			struct cmp_summary *s);

#endif
