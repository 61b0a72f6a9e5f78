/*
 * test_stats.c - store/stats.c against reference values computed with
 * R 4.2.2 (Debian r-base-core 4.2.2.20221110) and its package coin 1.4-2
 * (Debian r-cran-coin), recorded beside each check with the call that made
 * it. Exact U p-values with ties come from coin::wilcox_test(distribution =
 * "exact") and agree with an exhaustive enumeration in R (combn over every
 * split of the mid-ranks); base R's wilcox.test cannot do them exactly.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "store/stats.h"

/* |got - want| within `rel` of want (or of 1e-300 for a zero want). */
#define assert_close(got, want, rel)                                                               \
	do {                                                                                       \
		double g_ = (got), w_ = (want);                                                    \
		double tol_ = (rel) * (fabs(w_) > 1e-300 ? fabs(w_) : 1e-300);                     \
		if (!(fabs(g_ - w_) <= tol_))                                                      \
			fail_msg("%s = %.17g, want %.17g (rel %g)", #got, g_, w_, (double)(rel));  \
	} while (0)

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* A coin/exact or R p-value (and U = R's W) for x against y. */
static void check_u(const double *x, size_t nx, const double *y, size_t ny, double u, double p,
		    int exact)
{
	struct stats_utest r;

	assert_int_equal(stats_utest(x, nx, y, ny, &r), 0);
	assert_close(r.u, u, 1e-15);
	assert_close(r.p, p, 1e-12);
	assert_int_equal(r.exact, exact);
	/* the test is symmetric: y against x has U' = nx·ny - U and the same p */
	assert_int_equal(stats_utest(y, ny, x, nx, &r), 0);
	assert_close(r.u, (double)(nx * ny) - u, 1e-15);
	assert_close(r.p, p, 1e-12);
}

static void test_utest_small_no_ties(void **state)
{
	(void)state;
	/* R: wilcox.test(1, 2, exact = TRUE) → W = 0, p = 1 */
	{
		double x[] = { 1 }, y[] = { 2 };
		check_u(x, 1, y, 1, 0, 1, 1);
	}
	/* R: wilcox.test(c(1,2), c(3,4), exact = TRUE) → W = 0, p = 0.33333333333333331 */
	{
		double x[] = { 1, 2 }, y[] = { 3, 4 };
		check_u(x, 2, y, 2, 0, 0.33333333333333331, 1);
	}
	/* R: wilcox.test(c(1,2,3), c(4,5,6), exact = TRUE) → W = 0, p = 0.10000000000000001 */
	{
		double x[] = { 3, 1, 2 }, y[] = { 6, 4, 5 };
		check_u(x, 3, y, 3, 0, 0.10000000000000001, 1);
	}
	/* R: wilcox.test(c(1,2,4), c(3,5,6), exact = TRUE) → W = 1, p = 0.20000000000000001 */
	{
		double x[] = { 1, 2, 4 }, y[] = { 3, 5, 6 };
		check_u(x, 3, y, 3, 1, 0.20000000000000001, 1);
	}
	/* R: wilcox.test(c(1,4,5), c(2,3,6), exact = TRUE) → W = 4, p = 1 (U at the centre) */
	{
		double x[] = { 1, 4, 5 }, y[] = { 2, 3, 6 };
		check_u(x, 3, y, 3, 4, 1, 1);
	}
	/* R: wilcox.test(c(10.2,10.4), c(10.1,10.3,10.5,10.6,10.7)) → W = 3, p = 0.5714285714285714 */
	{
		double x[] = { 10.2, 10.4 }, y[] = { 10.1, 10.3, 10.5, 10.6, 10.7 };
		check_u(x, 2, y, 5, 3, 0.5714285714285714, 1);
	}
	/*
	 * Hollander & Wolfe (1973) p. 69, the example of R's ?wilcox.test:
	 * R: wilcox.test(x, y, exact = TRUE) → W = 35, p = 0.2544122544122544
	 */
	{
		double x[] = { 0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46 };
		double y[] = { 1.15, 0.88, 0.90, 0.74, 1.21 };
		check_u(x, N(x), y, N(y), 35, 0.2544122544122544, 1);
	}
}

static void test_utest_small_ties(void **state)
{
	(void)state;
	/* coin: wilcox_test(distribution = "exact") → p = 0.66666666666666663; W = 0.5 */
	{
		double x[] = { 1, 2 }, y[] = { 2, 3 };
		check_u(x, 2, y, 2, 0.5, 0.66666666666666663, 1);
	}
	/* coin exact → p = 0.20000000000000001; W = 0.5 */
	{
		double x[] = { 1, 1, 2 }, y[] = { 2, 3, 3 };
		check_u(x, 3, y, 3, 0.5, 0.20000000000000001, 1);
	}
	/* coin exact → p = 1; W = 2 (one value against three, tied in the middle) */
	{
		double x[] = { 2 }, y[] = { 1, 2, 2 };
		check_u(x, 1, y, 3, 2, 1, 1);
	}
	/* coin exact → p = 0.48571428571428571; W = 4 */
	{
		double x[] = { 3, 3, 3, 4 }, y[] = { 3, 4, 4, 4 };
		check_u(x, 4, y, 4, 4, 0.48571428571428571, 1);
	}
	/* heavy ties, an asymmetric null distribution: coin exact → p = 0.071969696969696975; W = 6 */
	{
		double x[] = { 1, 1, 1, 1, 2 }, y[] = { 1, 2, 2, 2, 2, 2, 2 };
		check_u(x, 5, y, 7, 6, 0.071969696969696975, 1);
	}
	/* timings rounded to 0.1 ms: coin exact → p = 0.02156177156177156; W = 5 */
	{
		double x[] = { 4.9, 5.1, 5.0, 4.9, 5.2, 5.0 }, y[] = { 5.0, 5.3, 5.1, 5.4, 5.2, 5.3, 5.5 };
		struct stats_utest r;

		check_u(x, 6, y, 7, 5, 0.02156177156177156, 1);
		assert_int_equal(stats_utest(x, 6, y, 7, &r), 0);
		assert_int_equal(r.ties, 1);
	}
}

/*
 * The exact p with ties against brute force: every way of choosing which
 * n1 of the N values are the first sample, each 2U from mid-ranks. Many
 * tie patterns, each asked twice and interleaved, so that distributions
 * kept from one pattern are never handed to another.
 */
static double brute_p(const double *v, size_t N, size_t n1, double two_u_obs)
{
	double rank[16], hits = 0, all = 0, centre = (double)n1 * (double)(N - n1);

	for (size_t i = 0; i < N; i++) {
		double below = 0, equal = 0;

		for (size_t j = 0; j < N; j++) {
			below += v[j] < v[i];
			equal += v[j] == v[i];
		}
		rank[i] = below + (equal + 1) / 2;
	}
	for (unsigned mask = 0; mask < 1u << N; mask++) {
		double two_r1 = 0;

		if ((size_t)__builtin_popcount(mask) != n1)
			continue;
		for (size_t i = 0; i < N; i++)
			if (mask & 1u << i)
				two_r1 += 2 * rank[i];
		all++;
		if (fabs(two_r1 - (double)(n1 * (n1 + 1)) - centre) >= fabs(two_u_obs - centre) - 1e-9)
			hits++;
	}
	return hits / all;
}

static void test_utest_ties_brute(void **state)
{
	unsigned seed = 12345;

	(void)state;
	for (int round = 0; round < 2; round++)
		for (int c = 0; c < 40; c++) {
			double x[5], y[6], v[11];
			struct stats_utest r;

			seed = 12345 + (unsigned)c * 7919;
			for (size_t i = 0; i < 11; i++) {
				seed = seed * 1103515245u + 12345u;
				v[i] = (double)((seed >> 16) % (3 + (unsigned)c % 5)); /* few values: many ties */
			}
			memcpy(x, v, sizeof(x));
			memcpy(y, v + 5, sizeof(y));
			if (stats_utest(x, 5, y, 6, &r) < 0)
				continue; /* every value equal */
			assert_close(r.p, brute_p(v, 11, 5, 2 * r.u), 1e-12);
		}
}

static void test_utest_large(void **state)
{
	double x[60], y[70];

	(void)state;
	/* 50 against 50 with ties, still exact: x = (1:50 * 7) %% 13, y = (1:50 * 5) %% 11 + 3 */
	/* coin exact → p = 0.0065917776937754061; W = 859.5 */
	for (int i = 1; i <= 50; i++) {
		x[i - 1] = (i * 7) % 13;
		y[i - 1] = (i * 5) % 11 + 3;
	}
	check_u(x, 50, y, 50, 859.5, 0.0065917776937754061, 1);
	/* 51 against 50: the normal approximation. x = (1:51 * 7) %% 13, y = (1:50 * 5) %% 11 + 1 */
	/* R: wilcox.test(x, y, exact = FALSE, correct = TRUE) → W = 1264, p = 0.94295157644390837 */
	for (int i = 1; i <= 51; i++)
		x[i - 1] = (i * 7) % 13;
	for (int i = 1; i <= 50; i++)
		y[i - 1] = (i * 5) % 11 + 1;
	check_u(x, 51, y, 50, 1264, 0.94295157644390837, 0);
	/* x = (1:60 * 37) %% 23, y = (1:55 * 29) %% 19 + 2: W = 1641, p = 0.96200184491113583 */
	for (int i = 1; i <= 60; i++)
		x[i - 1] = (i * 37) % 23;
	for (int i = 1; i <= 55; i++)
		y[i - 1] = (i * 29) % 19 + 2;
	check_u(x, 60, y, 55, 1641, 0.96200184491113583, 0);
	/* no ties: x = (1:60) * 1.5, y = (1:70) * 1.3 + 10: W = 1645, p = 0.033788028549828909 */
	for (int i = 1; i <= 60; i++)
		x[i - 1] = i * 1.5;
	for (int i = 1; i <= 70; i++)
		y[i - 1] = i * 1.3 + 10;
	check_u(x, 60, y, 70, 1645, 0.033788028549828909, 0);
}

static void test_utest_degenerate(void **state)
{
	double x[] = { 2, 2, 2 }, y[] = { 2, 2 };
	struct stats_utest r;

	(void)state;
	assert_int_equal(stats_utest(x, 3, y, 2, &r), -1); /* nothing to rank */
	assert_true(isnan(r.p));
	assert_int_equal(stats_utest(x, 0, y, 2, &r), -1);
	assert_int_equal(stats_utest(x, 3, y, 0, &r), -1);
}

static void test_utest_need(void **state)
{
	(void)state;
	/* 2 / choose(n1 + n2, n1): R: 2/choose(6,3) = 0.1, 2/choose(5,2) = 0.2, 2/choose(8,4) */
	assert_close(stats_utest_min_p(3, 3), 0.1, 1e-12);
	assert_close(stats_utest_min_p(2, 3), 0.2, 1e-12);
	assert_close(stats_utest_min_p(4, 4), 2.0 / 70, 1e-12);
	assert_close(stats_utest_min_p(1, 1), 1, 0);
	assert_close(stats_utest_min_p(0, 5), 1, 0);
	/* benchstat's "need >= 4 samples to detect a difference at alpha level 0.05" */
	assert_int_equal(stats_utest_need(0.05), 4);
	/* 2/choose(8,4) = 0.0286 ≥ 0.01 but 2/choose(10,5) = 0.0079 < 0.01 */
	assert_int_equal(stats_utest_need(0.01), 5);
	assert_int_equal(stats_utest_need(0.5), 2);
}

static void test_welch(void **state)
{
	struct stats_welch w;

	(void)state;
	/*
	 * R, Welch from summaries with R's own distribution functions:
	 * se <- sqrt(s1^2/n1 + s2^2/n2); t <- (m2 - m1)/se;
	 * df <- (s1^2/n1 + s2^2/n2)^2 / ((s1^2/n1)^2/(n1-1) + (s2^2/n2)^2/(n2-1));
	 * p <- 2*pt(-abs(t), df); ci <- m2 - m1 + c(-1, 1) * qt(0.975, df) * se
	 */
	/* hyperfine samples/hyperfine/o0-vs-o2.txt: 5.1 ± 0.7 ms (20) vs 1.6 ± 0.2 ms (20) */
	assert_int_equal(stats_welch(5.1e-3, 0.7e-3, 20, 1.6e-3, 0.2e-3, 20, 0.95, &w), 0);
	assert_close(w.t, -21.500329089188295, 1e-12);
	assert_close(w.df, 22.081505999172528, 1e-12);
	assert_close(w.p, 2.6744628165182481e-16, 1e-8);
	assert_close(w.lo, -0.0038375298405537183, 1e-10);
	assert_close(w.hi, -0.0031624701594462827, 1e-10);
	/* n = 2 against 3: t = 1.7888543819998317, df = 2.9411764705882355, p = 0.17342021054405973 */
	assert_int_equal(stats_welch(10, 1, 2, 12, 1.5, 3, 0.95, &w), 0);
	assert_close(w.t, 1.7888543819998317, 1e-12);
	assert_close(w.df, 2.9411764705882355, 1e-12);
	assert_close(w.p, 0.17342021054405973, 1e-9);
	assert_close(w.lo, -1.5986815326292843, 1e-9);
	assert_close(w.hi, 5.5986815326292838, 1e-9);
	/* one side without spread: df = n2 - 1 = 4, p = 0.32616423534506039 */
	assert_int_equal(stats_welch(100, 0, 5, 101, 2, 5, 0.95, &w), 0);
	assert_close(w.df, 4, 1e-12);
	assert_close(w.p, 0.32616423534506039, 1e-9);
	assert_close(w.hi, 3.4833279964075281, 1e-9);
	/* hyperfine samples/hyperfine/hand-new-us.txt: t = -232.18838652678468, df = 6646.1264655877812, R's p is 0 */
	assert_int_equal(stats_welch(812.4e-6, 21.3e-6, 3312, 701.9e-6, 18.7e-6, 3907, 0.95, &w), 0);
	assert_close(w.t, -232.18838652678468, 1e-12);
	assert_close(w.df, 6646.1264655877812, 1e-12);
	assert_true(w.p < 1e-300);
	assert_close(w.lo, -0.00011143292981837365, 1e-10);
	assert_close(w.hi, -0.00010956707018162641, 1e-10);
	/* no test without two values a side, a spread, or any spread at all */
	assert_int_equal(stats_welch(1, 0.1, 1, 2, 0.1, 5, 0.95, &w), -1);
	assert_int_equal(stats_welch(1, NAN, 5, 2, 0.1, 5, 0.95, &w), -1);
	assert_int_equal(stats_welch(1, 0, 5, 2, 0, 5, 0.95, &w), -1);
}

/*
 * Printed figures are rounded. Expected values below come from Welch's
 * formulas by hand, and Student's t by numerical integration of its density
 * (composite Simpson, 200000 steps, which gives R's 0.17342021054405973 for
 * t = 1.7888543819998317, df = 2.9411764705882355 to 1e-14).
 */
static void test_welch_printed(void **state)
{
	struct stats_welch w;
	double lo, hi;

	(void)state;
	/* a deviation printed as 0 is its resolution; a non-zero one is kept */
	assert_true(stats_spread_printed(0, 0.05) == 0.05);
	assert_true(stats_spread_printed(0.7, 0.05) == 0.7);
	assert_true(stats_spread_printed(0, 0) == 0);
	assert_true(isnan(stats_spread_printed(NAN, 0.05)));
	/*
	 * 10 ± 1 (n 2) against 12 ± 1.5 (n 3), each mean printed to ±0.05: se =
	 * sqrt(1/2 + 2.25/3) = sqrt(1.25); the least difference the digits allow
	 * is 2 - 0.1 = 1.9, t = 1.9 / sqrt(1.25) = 1.69941166289984, df =
	 * 2.9411764705882355 as unrounded, p = 2 * P(T > t) = 0.1896251392897842
	 * (0.17342021054405973 unrounded). The interval is test_welch's,
	 * [-1.5986815326292843, 5.5986815326292838], widened by 0.1 on each side.
	 */
	assert_int_equal(stats_welch_printed(10, 1, 2, 0.05, 12, 1.5, 3, 0.05, 0.95, &w), 0);
	assert_close(w.diff, 2, 1e-15);
	assert_close(w.t, 1.69941166289984, 1e-12);
	assert_close(w.df, 2.9411764705882355, 1e-12);
	assert_close(w.p, 0.1896251392897842, 1e-9);
	assert_close(w.lo, -1.6986815326292843, 1e-9);
	assert_close(w.hi, 5.6986815326292838, 1e-9);
	/*
	 * "1.0 ± 0.0" (n 5) against 1.2 ± 0.1 (n 5), means to ±0.05: the zero
	 * deviation is 0.05, so Welch never runs with one side exact.
	 * v1 = 0.05^2/5 = 0.0005, v2 = 0.1^2/5 = 0.002, se = sqrt(0.0025) = 0.05;
	 * df = 0.0025^2 / (0.0005^2/4 + 0.002^2/4) = 6.25e-6/1.0625e-6 =
	 * 5.882352941176471; least difference 0.2 - 0.1 = 0.1, t = 0.1/0.05 = 2,
	 * p = 0.09337888947464767 (unrounded, t = 4 would say p < 0.01);
	 * qt(0.975, df) = 2.4588237096991046 (bisection on the same integral),
	 * interval 0.2 ± 2.4588237096991046 * 0.05 ± 0.1 =
	 * [-0.02294118548495523, 0.4229411854849553].
	 */
	assert_int_equal(stats_welch_printed(1.0, stats_spread_printed(0, 0.05), 5, 0.05, 1.2, 0.1, 5, 0.05,
					     0.95, &w),
			 0);
	assert_close(w.df, 5.882352941176471, 1e-12);
	assert_close(w.t, 2, 1e-12);
	assert_close(w.p, 0.09337888947464767, 1e-9);
	assert_close(w.lo, -0.02294118548495523, 1e-9);
	assert_close(w.hi, 0.4229411854849553, 1e-9);
	/* a difference within the rounding: t = 0, p = 1, and the interval holds 0 */
	assert_int_equal(stats_welch_printed(1.0, 0.05, 5, 0.05, 1.05, 0.05, 5, 0.05, 0.95, &w), 0);
	assert_true(w.t == 0);
	assert_close(w.p, 1, 1e-12);
	assert_true(w.lo < 0 && w.hi > 0);
	/* exact means: the same as stats_welch (test_welch's first case) */
	assert_int_equal(stats_welch_printed(5.1e-3, 0.7e-3, 20, 0, 1.6e-3, 0.2e-3, 20, 0, 0.95, &w), 0);
	assert_close(w.t, -21.500329089188295, 1e-12);
	/* both deviations printed as 0 with no resolution known: still no test */
	assert_int_equal(stats_welch_printed(1, 0, 5, 0, 2, 0, 5, 0, 0.95, &w), -1);
	/*
	 * A mean's interval is never narrower than its digits: 5 ± 1 (n 4),
	 * printed to ±0.5: qt(0.975, 3) = 3.182446305284263 (R), half-width
	 * 3.182446305284263 * 1/2 = 1.5912231526421315, plus 0.5.
	 */
	assert_int_equal(stats_mean_ci_printed(5, 1, 4, 0.5, 0.95, &lo, &hi), 0);
	assert_close(lo, 5 - 1.5912231526421315 - 0.5, 1e-12);
	assert_close(hi, 5 + 1.5912231526421315 + 0.5, 1e-12);
}

static void test_welch_from_data(void **state)
{
	double x[] = { 1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30 };
	double y[] = { 0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29 };
	struct stats_summary sx, sy;
	struct stats_welch w;

	(void)state;
	/* R: mean(x) = 1.7666666666666666, sd(x) = 0.71559415872406329, median(x) = 1.68 */
	stats_summarize(x, N(x), &sx);
	assert_int_equal(sx.n, 9);
	assert_close(sx.mean, 1.7666666666666666, 1e-15);
	assert_close(sx.sd, 0.71559415872406329, 1e-14);
	assert_close(sx.median, 1.68, 1e-15);
	assert_close(sx.min, 0.50, 0);
	assert_close(sx.max, 3.06, 0);
	/* R: mean(y) = 1.3347777777777778, sd(y) = 0.80233343719705741, median(y) = 1.06 */
	stats_summarize(y, N(y), &sy);
	assert_close(sy.sd, 0.80233343719705741, 1e-14);
	assert_close(sy.median, 1.06, 1e-15);
	/* R: t.test(y, x) → t = -1.2051727991066514, df = 15.795035582541246, p = 0.24588283853317081,
	 * conf.int = -1.192385707967589 0.3286079301898116 */
	assert_int_equal(stats_welch(sx.mean, sx.sd, 9, sy.mean, sy.sd, 9, 0.95, &w), 0);
	assert_close(w.t, -1.2051727991066514, 1e-12);
	assert_close(w.df, 15.795035582541246, 1e-12);
	assert_close(w.p, 0.24588283853317081, 1e-9);
	assert_close(w.lo, -1.192385707967589, 1e-9);
	assert_close(w.hi, 0.3286079301898116, 1e-9);
}

static void test_summary_small(void **state)
{
	double one[] = { 3.5 }, two[] = { 5.1, 4.9 }, four[] = { 4, 1, 3, 2 };
	struct stats_summary s;

	(void)state;
	stats_summarize(one, 1, &s); /* n = 1: R's sd(3.5) is NA */
	assert_close(s.mean, 3.5, 0);
	assert_close(s.median, 3.5, 0);
	assert_true(isnan(s.sd));
	stats_summarize(two, 2, &s); /* R: sd(c(4.9, 5.1)) = 0.141421356237309 (printed to 15 digits) */
	assert_close(s.sd, 0.141421356237309, 1e-13);
	assert_close(s.median, 5.0, 1e-15);
	stats_summarize(four, 4, &s); /* R: median(c(4,1,3,2)) = 2.5 */
	assert_close(s.median, 2.5, 0);
	assert_close(four[0], 4, 0); /* the input is not sorted in place */
	stats_summarize(four, 0, &s);
	assert_true(isnan(s.mean));
}

static void test_mean_ci(void **state)
{
	double lo, hi;

	(void)state;
	/* R: t.test(c(1.83,0.50,1.62,2.48,1.68,1.88,1.55,3.06,1.30))$conf.int
	 * → 1.2166123036181211 2.3167210297152119 */
	assert_int_equal(stats_mean_ci(1.7666666666666666, 0.71559415872406329, 9, 0.95, &lo, &hi), 0);
	assert_close(lo, 1.2166123036181211, 1e-10);
	assert_close(hi, 2.3167210297152119, 1e-10);
	/* n = 2: R: t.test(c(4.9, 5.1), conf.level = 0.99)$conf.int → -1.36567411628713 11.36567411628713 */
	assert_int_equal(stats_mean_ci(5.0, 0.14142135623730951, 2, 0.99, &lo, &hi), 0);
	assert_close(lo, -1.36567411628713, 1e-9);
	assert_close(hi, 11.36567411628713, 1e-9);
	assert_int_equal(stats_mean_ci(5.0, 0.1, 1, 0.95, &lo, &hi), -1);
	assert_true(isnan(lo) && isnan(hi));
}

static void test_sd_from_ci(void **state)
{
	(void)state;
	/*
	 * JMH's "33.423 ± 0.971" over Cnt 20 is half a 99.9% interval: the
	 * deviation is 0.971 * sqrt(20) / qt(0.9995, 19). R: qt(0.9995, 19) →
	 * 3.8834058525920829 (mpmath, the t CDF inverted by its incomplete
	 * beta at 30 digits, agrees), so 1.1182050440095287.
	 */
	assert_close(stats_sd_from_ci(0.971, 20, 0.999), 1.1182050440095287, 1e-10);
	/* Cnt 5: qt(0.9995, 4) → 8.6103015813792751; 2391.507 → 621.06677334407230 */
	assert_close(stats_sd_from_ci(2391.507, 5, 0.999), 621.0667733440723, 1e-7);
	assert_true(isnan(stats_sd_from_ci(1, 1, 0.999)));
	assert_true(isnan(stats_sd_from_ci(-1, 5, 0.999)));
}

static void test_holm(void **state)
{
	double p[] = { 0.01, 0.04, 0.03, 0.005, NAN }, adj[5];
	double q[] = { 0.2, 0.01, 0.5, 0.01 };

	(void)state;
	/* R: p.adjust(c(0.01, 0.04, 0.03, 0.005, NA), "holm") → 0.03 0.06 0.06 0.02 NA */
	stats_holm(p, 5, adj);
	assert_close(adj[0], 0.03, 1e-15);
	assert_close(adj[1], 0.06, 1e-15);
	assert_close(adj[2], 0.06, 1e-15);
	assert_close(adj[3], 0.02, 1e-15);
	assert_true(isnan(adj[4]));
	/* in place, with tied p-values: R: p.adjust(c(0.2, 0.01, 0.5, 0.01), "holm") → 0.4 0.04 0.5 0.04 */
	stats_holm(q, 4, q);
	assert_close(q[0], 0.4, 1e-15);
	assert_close(q[1], 0.04, 1e-15);
	assert_close(q[2], 0.5, 1e-15);
	assert_close(q[3], 0.04, 1e-15);
}

static void test_geomean(void **state)
{
	double x[] = { 1.16, 0.8, 1.05, 2 }, bad[] = { 1, 0 };

	(void)state;
	/* R: exp(mean(log(c(1.16, 0.8, 1.05, 2)))) → 1.1815220138995346 */
	assert_close(stats_geomean(x, 4), 1.1815220138995346, 1e-14);
	assert_close(stats_geomean(x, 1), 1.16, 1e-15);
	assert_true(isnan(stats_geomean(bad, 2)));
	assert_true(isnan(stats_geomean(x, 0)));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_utest_small_no_ties),
		cmocka_unit_test(test_utest_small_ties),
		cmocka_unit_test(test_utest_ties_brute),
		cmocka_unit_test(test_utest_large),
		cmocka_unit_test(test_utest_degenerate),
		cmocka_unit_test(test_utest_need),
		cmocka_unit_test(test_welch),
		cmocka_unit_test(test_welch_printed),
		cmocka_unit_test(test_welch_from_data),
		cmocka_unit_test(test_summary_small),
		cmocka_unit_test(test_mean_ci),
		cmocka_unit_test(test_sd_from_ci),
		cmocka_unit_test(test_holm),
		cmocka_unit_test(test_geomean),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
