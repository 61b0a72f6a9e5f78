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
 * The stats whose printed resolution a judgement takes: those a run's
 * center may be (center_stat() in compare_judge.c) and the spreads;
 * cmp_res_slot() gives each a number, -1 for the others (whose cmp_stat.res
 * stays NaN).
 */
#define CMP_RES_SLOTS 10
static inline int cmp_res_slot(enum stat_kind k)
{
	switch (k) {
	case STAT_MEAN:
		return 0;
	case STAT_EST:
		return 1;
	case STAT_VALUE:
		return 2;
	case STAT_MEDIAN:
		return 3;
	case STAT_SD:
		return 4;
	case STAT_REL_SD:
		return 5;
	case STAT_ERR999:
		return 6;
	case STAT_REL_DEV:
		return 7;
	case STAT_REL_CI:
		return 8;
	case STAT_SEM:
		return 9;
	default:
		return -1;
	}
}

/*
 * A run's figure of one stat, and half a unit of its last printed digit
 * (parsers/resolution.h) for the stats of cmp_res_slot(); NaN unknown.
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

/* Half a unit of the last printed digit of its stat k (one of cmp_res_slot()'s); NaN unknown. */
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
