/*
 * compare.h - the compare engine: for one experiment, a baseline variant
 * against a candidate, one row per (scenario, subject, quantity) with each
 * side's figures, the change, how sure we are of it and a verdict; then
 * geometric means over the rows. The TUI and the `compare` command render
 * the same rows. Statistics live in stats.c; this layer picks which to use.
 *
 * How a row is judged depends on the figures both sides have:
 *  - several runs on a side: each run's figure is one sample (n = runs),
 *    both sides alike; Mann-Whitney U test;
 *  - one run a side, both with raw samples (hyperfine JSON times[]): U test;
 *  - one run a side with mean, standard deviation and count: Welch's t-test
 *    from the summaries;
 *  - both with [lower, estimate, upper] (Criterion): interval overlap;
 *  - one exact figure a side (a byte count `size` printed whole): the
 *    change is a fact, no test needed (CMP_EXACT, counted as tested);
 *  - otherwise (a size written by hand, a mean without spread): the delta alone.
 * A change is significant when its p-value (Holm-adjusted on request) is
 * below alpha, or the intervals are apart, and it is larger than the noise
 * threshold by what the printed digits allow (the change less
 * cmp_delta_res(): "0.1 ms" against "0.2 ms" may be no change at all);
 * otherwise it is "the same" (shown `~`), tested or not. A test whose every
 * side is one invocation (hyperfine's mean ± σ over N inner runs, one
 * invocation a variant) is flagged CMP_F_ONE_RUN: its runs share the
 * machine's state and order, so it is counted apart from tests over
 * repeated invocations.
 */
#ifndef BD_STORE_COMPARE_H
#define BD_STORE_COMPARE_H

#include <stddef.h>

#include "store/compare_row.h"
#include "store/model.h"

/*
 * Build the table of experiment `e` for variant keys `base` and `cand`
 * (cand == base: only the baseline side is filled). Rows come in the order
 * their figures first appear in the experiment's runs. `o` may be NULL for
 * CMP_OPTS_INIT. The table owns everything it points to except `e`'s and
 * the model's strings; release it with cmp_release().
 */
void cmp_build(const struct model *m, const struct experiment *e, const char *base,
	       const char *cand, const struct cmp_opts *o, struct cmp_table *t);
/*
 * Fill each table's geometric means, over the rows (scenario, subject,
 * quantity) present with positive figures on both sides of every one of
 * the `n` tables (one baseline against several candidates), for each
 * quantity with a direction found in at least two such rows.
 */
void cmp_geomeans(struct cmp_table *t, size_t n);

/*
 * One baseline against many candidates: cmp_base_prepare() gathers and
 * judges the baseline's runs once; cmp_build_against() then makes the
 * same table cmp_build() would, reading only the candidate's runs (and the
 * baseline rows they share a (subject, quantity) with). `b` must outlive
 * neither the model nor `e`; the tables do not point into it.
 */
struct gather;
struct cmp_base {
	const struct model *m;
	const struct experiment *e;
	struct cmp_table t;       /* the baseline's rows, as gathered */
	struct gather *g;         /* their figures */
	size_t *fig_start, *fig_order;
	struct cmp_row *alone;    /* each row judged with the baseline alone */
	struct byrun bm, bs, bn;
	int own_byrun;
};
void cmp_base_prepare(const struct model *m, const struct experiment *e, const char *base,
		      const struct cmp_opts *o, struct cmp_base *b);
void cmp_build_against(const struct cmp_base *b, const char *cand, struct cmp_table *t);
void cmp_base_release(struct cmp_base *b);
void cmp_release(struct cmp_table *t);

#endif
