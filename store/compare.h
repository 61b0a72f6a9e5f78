/*
 * compare.h - the compare engine: for one experiment, a baseline variant
 * against a candidate, one row per (scenario, metric) with each side's
 * figures and the change. The TUI and the CLI render the same rows.
 */
#ifndef BD_STORE_COMPARE_H
#define BD_STORE_COMPARE_H

#include <stddef.h>

#include "store/model.h"

struct cmp_side {
	int present;     /* 0: the variant has no such measurement */
	size_t nvalues;  /* measurements behind the figure (runs of the variant) */
	uint32_t n;      /* samples the figure summarizes (hyperfine's N runs when one run) */
	double mean, min, max;
};

enum cmp_verdict { CMP_UNKNOWN, CMP_BETTER, CMP_WORSE, CMP_SAME };

struct cmp_row {
	const char *scenario; /* "" when none */
	const char *metric;   /* the export metric name */
	enum unit unit;
	enum direction dir;
	struct cmp_side base, cand;
	int has_delta;
	double delta_pct;     /* (cand - base) / |base| * 100 */
	enum cmp_verdict verdict;
};

struct cmp_table {
	struct arena arena;   /* owns rows' strings */
	const char *base, *cand; /* variant keys */
	struct cmp_row *rows;
	size_t nrows, rows_cap;
};

/*
 * Build the rows of `e` for baseline `base` and candidate `cand` (variant
 * keys). Rows come in the order their metrics first appear. The table is
 * released with cmp_release().
 */
void cmp_build(const struct model *m, const struct experiment *e, const char *base,
	       const char *cand, struct cmp_table *t);
void cmp_release(struct cmp_table *t);

#endif
