/*
 * effect.h - what a change does to a family of metrics (time,
 * throughput, latency, CPU, memory, size): the geometric mean of the
 * ratios candidate / baseline over the rows of a comparison (compare.h)
 * in that family, with an interval and a verdict by the compare engine's
 * rules:
 *  - every row has a spread on both sides (several runs, samples, a mean
 *    with its deviation, a tool's interval): the interval of the
 *    geometric mean from the rows' relative standard errors (t with the
 *    fewest Welch-Satterthwaite degrees of freedom of any row, widened
 *    by the printed digits); better or worse when it excludes no change
 *    and the change is beyond the noise threshold, else `~`;
 *  - every row an exact size (GNU size's bytes, one figure a side): the
 *    ratio is exact, and beyond the threshold is better or worse;
 *  - otherwise (a side of some row has one figure, or no spread): no
 *    interval, and better? or worse? (untested) only when the change is
 *    beyond the threshold by more than the printed digits leave open.
 * The rows' errors are taken as moving together (sender and receiver
 * bitrate of one iperf3 run, a benchmark's time and time per op are one
 * measurement): the standard error of the mean of their logs is the mean
 * of theirs, never narrower than it is, whatever the rows share. Rows
 * whose direction is not the family's (most of its rows') are left out.
 */
#ifndef BD_STORE_EFFECT_H
#define BD_STORE_EFFECT_H

#include <stddef.h>

#include "parsers/metrics.h"
#include "store/compare.h"
#include "store/pairs.h"

/* How an effect was judged: X(ENUM, name, words). */
#define FX_BASES(X)                                                                                \
	X(NONE, "none", "no rows")                                                                 \
	X(TESTED, "interval", "an interval from the rows' spreads")                                \
	X(EXACT, "exact", "exact sizes")                                                           \
	X(ONE, "untested", "no test (a side without a spread)")

#define FX_BASIS_ENUM_(e, name, words) FX_##e,
enum fx_basis { FX_BASES(FX_BASIS_ENUM_) FX__BASES };
#undef FX_BASIS_ENUM_

struct fx_effect {
	enum metric_family family;
	enum direction dir;  /* lower or higher is better, for its rows */
	size_t nrows;        /* rows it is taken over; 0: none */
	double ratio;        /* geometric mean of candidate / baseline */
	double lo, hi;       /* its interval at 1 - alpha (FX_TESTED), else NaN */
	double res;          /* how far the printed digits let the ratio be off, relative (0.003: ±0.3%) */
	enum fx_basis basis;
	enum cmp_verdict verdict; /* by the family's direction; CMP_UNKNOWN when no rows */
	int tested;          /* the verdict comes from the interval */
	size_t better, worse, same; /* its rows by their own verdicts (tested or not) */
};

/* The families an effect is taken for, in the order they are shown. */
extern const enum metric_family fx_families[];
extern const size_t fx_nfamilies;

/*
 * The effect of table `t` (built and judged by cmp_build()) on family
 * `family`, by t->opts (alpha, threshold) into *out; out->nrows is 0 when
 * the table has no row of it with a direction and a positive figure on
 * both sides.
 */
void fx_effect_of(const struct cmp_table *t, enum metric_family family, struct fx_effect *out);

/*
 * Effects in[0..n) of one family as one (an experiment's pairs, as its
 * line across experiments), by o (NULL: the defaults): the geometric mean
 * of their ratios; an interval when every one has one (the mean of their
 * half-widths on the log scale about it, their errors taken as moving
 * together), exact when every one is, else untested; then the verdict by
 * the rules above. Effects without rows are skipped; out->nrows 0 when
 * none is left.
 */
void fx_effect_combine(const struct fx_effect *in, size_t n, const struct cmp_opts *o,
		       struct fx_effect *out);
/*
 * Compare `cand` against `base` (variant keys of `e`, by `o`; NULL: the
 * defaults) and fill out[k] with the effect on family fx_families[k], for
 * k < fx_nfamilies.
 */
void fx_pair_effects(const struct model *m, const struct experiment *e, const char *base,
		     const char *cand, const struct cmp_opts *o, struct fx_effect *out);
/*
 * The effects of every clean pair of `x` (read from `e` of `m` by
 * fx_read()): each pair's `effects`, in x's arena.
 */
void fx_measure(const struct model *m, const struct experiment *e, const struct cmp_opts *o,
		struct fx_exp *x);
/* The effect of pair p on family `family`, or NULL when not measured or no such family. */
const struct fx_effect *fx_pair_effect(const struct fx_pair *p, enum metric_family family);

/* The change in percent, (ratio - 1) · 100. */
double fx_pct(double ratio);
/* The basis's name ("interval", "exact", "one-figure") and words. */
const char *fx_basis_name(enum fx_basis b);
const char *fx_basis_words(enum fx_basis b);
/*
 * An effect as people read it: "-27.1%", its last digit no finer than the
 * printed figures allow, into out; "" when there are no rows.
 */
char *fx_text_pct(const struct fx_effect *x, char *out, size_t size);
/* Its interval, "[-3.0%, -1.2%]", or "" when it has none. */
char *fx_text_interval(const struct fx_effect *x, char *out, size_t size);
/* Its verdict: "better", "worse", "~", "better?", "worse?" (untested), or "". */
const char *fx_text_verdict(const struct fx_effect *x);

#endif
