/*
 * compare_judge.h - inside the compare engine: what compare.c gathers for
 * each run of a row (its figures, samples and flags), and the judging of
 * rows from those figures (compare_judge.c). Only store/compare*.c include it.
 */
#ifndef BD_STORE_COMPARE_JUDGE_H
#define BD_STORE_COMPARE_JUDGE_H

#include "store/compare.h"

/* One run's figures for one row. */
struct cmp_fig {
	size_t row;
	int cand;             /* 0: a baseline run; 1: a candidate run */
	uint32_t run;
	const char *scenario; /* the run's */
	double v[STAT__COUNT]; /* the run's figure of each stat; NaN when it has none */
	double res[STAT__COUNT]; /* half a unit of its last printed digit (parsers/resolution.h); NaN unknown */
	uint32_t n;           /* how many values the figures summarize (the largest n given); 0 unknown */
	double *samples;      /* heap, the run's raw values of the quantity, or NULL */
	size_t nsamples, samples_cap;
	unsigned flags;       /* CMP_F_* of the run */
};

/*
 * Fill the sides, method, delta, interval, p-value and `need` of row `r`
 * from the figures of each side (pointers into the caller's array, valid
 * for the call). Significance and verdicts come later, from
 * cmp_judge_table(), once every p-value of the table is known.
 */
void cmp_judge_row(struct cmp_row *r, const struct cmp_fig *const *base, size_t nb,
		   const struct cmp_fig *const *cand, size_t nc, const struct cmp_opts *o);
/* Holm's adjustment (with opts.holm), significance, verdicts and the counts of `t`. */
void cmp_judge_table(struct cmp_table *t);

#endif
