/*
 * compare_judge.h - inside the compare engine: what compare.c gathers for
 * each run of a row (its figures, samples and flags), and the judging of
 * rows from those figures (compare_judge.c). Only store/compare*.c include it.
 */
#ifndef BD_STORE_COMPARE_JUDGE_H
#define BD_STORE_COMPARE_JUDGE_H

#include <math.h>
#include <stdint.h>

#include "store/compare_row.h"

/*
 * Whether a judgement takes the printed resolution of stat k: the stats a
 * run's center may be (center_stat() in compare_judge.c) and the spreads.
 * The others' cmp_stat.res stays NaN.
 */
static inline int cmp_takes_res(enum stat_kind k)
{
	switch (k) {
	case STAT_MEAN:
	case STAT_EST:
	case STAT_VALUE:
	case STAT_MEDIAN:
	case STAT_SD:
	case STAT_REL_SD:
	case STAT_ERR999:
	case STAT_REL_DEV:
	case STAT_REL_CI:
	case STAT_SEM:
		return 1;
	default:
		return 0;
	}
}

/*
 * A run's figure of one stat, and half a unit of its last printed digit
 * (parsers/resolution.h) for the stats of cmp_takes_res(); NaN unknown.
 */
struct cmp_stat {
	double v, res;
};

/*
 * One run's figures for one row. A comparison holds one per run and row
 * (a million for an iperf3 log of 100 MB), and most hold one stat: that
 * one is kept in place; a figure with a second one has every stat's in
 * `more` (STAT__COUNT of them, in its gathering's arena, which lives as
 * long as the figure is read).
 */
struct cmp_fig {
	const char *scenario; /* the run's */
	double *samples;      /* heap, the run's raw values of the quantity, or NULL */
	size_t nsamples, samples_cap;
	struct cmp_stat first; /* stat `first_stat`'s, when `more` is NULL */
	struct cmp_stat *more;
	uint16_t have;        /* bit k: stat k was given (its figure may still be NaN) */
	uint8_t first_stat;
	uint8_t cand;         /* 0: a baseline run; 1: a candidate run */
	uint32_t row;
	uint32_t run;
	uint32_t n;           /* how many values the figures summarize (the largest n given); 0 unknown */
	unsigned flags;       /* CMP_F_* of the run */
};

_Static_assert(STAT__COUNT <= 16, "cmp_fig.have holds a bit per stat");

/* The run's figure of stat k; NaN when it has none. */
static inline double cmp_fig_v(const struct cmp_fig *f, enum stat_kind k)
{
	if (!(f->have >> k & 1))
		return NAN;
	return f->more ? f->more[k].v : f->first.v;
}

/* Half a unit of the last printed digit of its stat k; NaN unknown or not one of cmp_takes_res(). */
static inline double cmp_fig_res(const struct cmp_fig *f, enum stat_kind k)
{
	if (!(f->have >> k & 1))
		return NAN;
	return f->more ? f->more[k].res : f->first.res;
}

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
