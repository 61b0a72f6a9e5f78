/*
 * stats.h - the statistics behind a comparison, on plain arrays of doubles:
 * summaries, confidence intervals, Welch's t-test from summaries, the
 * Mann-Whitney U test (exact, ties included, for small samples), Holm's
 * correction and geometric means; their forms for printed (rounded)
 * figures. store/compare_judge.c and compare_geomean.c are the callers.
 * Distribution functions are GSL's; the exact U distribution is ours (GSL
 * has none). Nothing returned here needs freeing; errors are -1 or NaN.
 */
#ifndef BD_STORE_STATS_H
#define BD_STORE_STATS_H

#include <stddef.h>

/* Both samples at most this large: the exact U distribution; else the normal approximation. */
#define STATS_U_EXACT_MAX 50

struct stats_summary {
	size_t n;
	double mean, median, sd, min, max; /* sd is NaN when n < 2; everything NaN when n == 0 */
};

/* Summarize x[0..n) (sample standard deviation, n - 1). x is not modified. */
void stats_summarize(const double *x, size_t n, struct stats_summary *s);

/*
 * The two-sided confidence interval of a mean at `level` (0.95) from a
 * summary: mean ± t(df = n - 1) · sd / √n. Returns 0, or -1 (bounds NaN)
 * when n < 2 or sd is unknown.
 */
int stats_mean_ci(double mean, double sd, double n, double level, double *lo, double *hi);

/*
 * The standard deviation behind a confidence interval of a mean that is
 * `half` wide on each side at `level` (0.999) over n values: the inverse of
 * stats_mean_ci, half · √n / t(df = n - 1). NaN when n < 2 or half < 0.
 */
double stats_sd_from_ci(double half, double n, double level);

struct stats_welch {
	double diff;   /* mean2 - mean1 */
	double t, df;  /* Welch's t and the Welch-Satterthwaite degrees of freedom */
	double p;      /* two-sided */
	double lo, hi; /* confidence interval of diff at the level asked */
};

/*
 * Welch's unequal-variances t-test of mean2 - mean1 from two summaries
 * (mean, standard deviation, count). Returns 0, or -1 when a count is
 * below 2, a deviation is unknown or negative, or both deviations are 0
 * (no test is possible: nothing varies).
 */
int stats_welch(double m1, double s1, double n1, double m2, double s2, double n2, double level,
		struct stats_welch *w);

/*
 * Printed figures are rounded: a mean printed with resolution r (half a
 * unit of its last digit, parsers/resolution.h) may be r away from what
 * the tool computed, and a deviation printed as 0 is below its resolution,
 * not zero. These forms take the resolutions (0 when exact).
 *
 * stats_spread_printed: the deviation to use for one printed as `sd` with
 * resolution `res`: `res` when sd was printed as 0, else sd.
 */
double stats_spread_printed(double sd, double res);
/* stats_mean_ci, widened by the mean's resolution on each side. */
int stats_mean_ci_printed(double mean, double sd, double n, double res, double level, double *lo,
			  double *hi);
/*
 * stats_welch of two printed means with resolutions r1 and r2: the interval
 * is widened by r1 + r2 on each side, for the true difference may be that
 * far from the printed one; t and p come from the smallest difference the
 * digits allow (|m2 - m1| - r1 - r2, never below 0, its sign kept), so that
 * rounding alone never makes a change significant. `diff` stays m2 - m1.
 * The deviations are taken as given (see stats_spread_printed).
 */
int stats_welch_printed(double m1, double s1, double n1, double r1, double m2, double s2, double n2,
			double r2, double level, struct stats_welch *w);

struct stats_utest {
	double u;  /* pairs (x, y) with x > y, plus half the pairs with x == y (R's W) */
	double p;  /* two-sided: P(|U - n1·n2/2| >= |u - n1·n2/2|) under the null */
	int exact; /* 1: from the exact distribution (given the ties); 0: normal approximation */
	int ties;  /* 1 when some values are equal */
};

/*
 * The two-sided Mann-Whitney U (Wilcoxon rank-sum) test of x against y.
 * When both samples have at most STATS_U_EXACT_MAX values the p-value comes
 * from the exact permutation distribution of U given the tie pattern (so
 * ties are handled exactly, as benchstat does); larger samples use the
 * normal approximation with tie and continuity corrections (R's
 * wilcox.test(exact = FALSE)). Returns 0, or -1 when a sample is empty or
 * every value of both is equal.
 */
int stats_utest(const double *x, size_t nx, const double *y, size_t ny, struct stats_utest *r);

/* The smallest two-sided p-value a U test of n1 against n2 values can reach: 2 / C(n1+n2, n1), at most 1. */
double stats_utest_min_p(size_t n1, size_t n2);
/* The smallest n for which n values against n can reach p < alpha (4 for alpha = 0.05). */
unsigned stats_utest_need(double alpha);

/*
 * Holm's step-down adjustment of p[0..n) into adj[0..n) (they may be the
 * same array). NaN entries are not tests: they are skipped and stay NaN.
 */
void stats_holm(const double *p, size_t n, double *adj);

/* exp(mean(log x)) of x[0..n); NaN when n is 0 or some value is not > 0. */
double stats_geomean(const double *x, size_t n);
/*
 * The geometric standard deviation exp(sd(log x)) of x[0..n) (sample sd,
 * n - 1): how far apart ratios are, as a factor ("×/÷ 1.08"). NaN when
 * n < 2 or some value is not > 0.
 */
double stats_geosd(const double *x, size_t n);
/*
 * The two-sided interval at `level` of exp(m), where m is a mean of logs
 * (a geometric mean's log) with variance `var` and `df` degrees of
 * freedom (INFINITY: the normal distribution), widened by `res` on the
 * log scale for the printed digits: exp(m ± (t(df)·√var + res)). Returns
 * 0, or -1 (bounds NaN) when var or res is negative or df not > 0.
 */
int stats_log_interval(double m, double var, double df, double res, double level, double *lo,
		       double *hi);

#endif
