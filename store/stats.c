/*
 * stats.c - summaries, intervals and tests for the compare engine; see
 * stats.h. GSL provides the t and normal distributions, binomial
 * coefficients and the descriptive statistics; the exact distribution of
 * the Mann-Whitney U statistic under ties is computed here.
 */
#include "store/stats.h"

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/strmap.h"
#include "util/util.h"

/* GSL's default handler aborts on a domain error; we check results ourselves. */
static void gsl_quiet(void)
{
	gsl_set_error_handler_off();
}

void stats_summarize(const double *x, size_t n, struct stats_summary *s)
{
	double *sorted;

	s->n = n;
	s->mean = s->median = s->sd = s->min = s->max = NAN;
	if (!n)
		return;
	gsl_quiet();
	sorted = xmalloc(n * sizeof(*sorted));
	memcpy(sorted, x, n * sizeof(*sorted));
	gsl_sort(sorted, 1, n);
	s->mean = gsl_stats_mean(sorted, 1, n);
	s->median = gsl_stats_median_from_sorted_data(sorted, 1, n);
	s->min = sorted[0];
	s->max = sorted[n - 1];
	if (n >= 2)
		s->sd = gsl_stats_sd_m(sorted, 1, n, s->mean);
	free(sorted);
}

/*
 * The two-sided t quantile of `level` with df degrees of freedom. The last
 * one is kept: a table's rows ask for the same one again and again.
 */
static double t_quantile(double level, double df)
{
	static double last_level = NAN, last_df = NAN, last_q = NAN;

	if (level != last_level || df != last_df) {
		gsl_quiet();
		last_q = gsl_cdf_tdist_Pinv(1 - (1 - level) / 2, df);
		last_level = level;
		last_df = df;
	}
	return last_q;
}

double stats_sd_from_ci(double half, double n, double level)
{
	if (!(n >= 2) || !(half >= 0) || !(level > 0 && level < 1))
		return NAN;
	return half * sqrt(n) / t_quantile(level, n - 1);
}

int stats_mean_ci(double mean, double sd, double n, double level, double *lo, double *hi)
{
	double q, half;

	*lo = *hi = NAN;
	if (!(n >= 2) || !(sd >= 0) || !isfinite(mean) || !(level > 0 && level < 1))
		return -1;
	q = t_quantile(level, n - 1);
	half = q * sd / sqrt(n);
	*lo = mean - half;
	*hi = mean + half;
	return 0;
}

/* stats_welch(), with the p-value only when `want_p` (stats_welch_printed() makes its own). */
static int welch(double m1, double s1, double n1, double m2, double s2, double n2, double level,
		 int want_p, struct stats_welch *w)
{
	double v1, v2, se, q;

	w->diff = m2 - m1;
	w->t = w->df = w->p = w->lo = w->hi = NAN;
	if (!(n1 >= 2) || !(n2 >= 2) || !(s1 >= 0) || !(s2 >= 0) || !isfinite(w->diff))
		return -1;
	v1 = s1 * s1 / n1;
	v2 = s2 * s2 / n2;
	se = sqrt(v1 + v2);
	if (!(se > 0))
		return -1;
	gsl_quiet();
	w->t = w->diff / se;
	w->df = (v1 + v2) * (v1 + v2) / (v1 * v1 / (n1 - 1) + v2 * v2 / (n2 - 1));
	if (want_p) {
		w->p = 2 * gsl_cdf_tdist_Q(fabs(w->t), w->df);
		if (w->p > 1)
			w->p = 1;
	}
	if (level > 0 && level < 1) {
		q = gsl_cdf_tdist_Pinv(1 - (1 - level) / 2, w->df);
		w->lo = w->diff - q * se;
		w->hi = w->diff + q * se;
	}
	return 0;
}

int stats_welch(double m1, double s1, double n1, double m2, double s2, double n2, double level,
		struct stats_welch *w)
{
	return welch(m1, s1, n1, m2, s2, n2, level, 1, w);
}

double stats_spread_printed(double sd, double res)
{
	return sd == 0 && res > 0 ? res : sd;
}

int stats_mean_ci_printed(double mean, double sd, double n, double res, double level, double *lo,
			  double *hi)
{
	if (stats_mean_ci(mean, sd, n, level, lo, hi) < 0)
		return -1;
	if (res > 0) {
		*lo -= res;
		*hi += res;
	}
	return 0;
}

int stats_welch_printed(double m1, double s1, double n1, double r1, double m2, double s2, double n2,
			double r2, double level, struct stats_welch *w)
{
	double r = (r1 > 0 ? r1 : 0) + (r2 > 0 ? r2 : 0), se, least;

	if (welch(m1, s1, n1, m2, s2, n2, level, r == 0, w) < 0)
		return -1;
	if (r == 0)
		return 0;
	se = sqrt(s1 * s1 / n1 + s2 * s2 / n2); /* > 0: stats_welch checked it */
	least = fabs(w->diff) > r ? fabs(w->diff) - r : 0;
	w->t = copysign(least, w->diff) / se;
	gsl_quiet();
	w->p = 2 * gsl_cdf_tdist_Q(fabs(w->t), w->df);
	if (w->p > 1)
		w->p = 1;
	if (!isnan(w->lo)) {
		w->lo -= r;
		w->hi += r;
	}
	return 0;
}

struct ranked {
	double v;
	int from_x;
};

static int by_value(const void *a, const void *b)
{
	double x = ((const struct ranked *)a)->v, y = ((const struct ranked *)b)->v;

	return (x > y) - (x < y);
}

/*
 * The null distribution of 2U for a sample of n1 values among n1 + n2
 * whose ties form `groups` (sizes in ascending value order): counts[u]
 * for u = 0..2·n1·n2, heap, the caller frees. Under the null every choice of which n1 of the N values belong to the
 * first sample is equally likely; we count choices by their 2U with a
 * knapsack over the tie groups. Taking j of a group of t values, with m
 * values of the second sample below the group, adds j·m pairs won and
 * j·(t - j) ties, so 2U grows by j·(2m + t - j) in C(t, j) ways. Doubles
 * hold the counts: C(100, 50) ≈ 1e29 is far below their range.
 */
static double *exact_counts(const size_t *groups, size_t ng, size_t n1, size_t n2)
{
	size_t S = 2 * n1 * n2, W = S + 1, done = 0;
	double *dp = xcalloc((n1 + 1) * W, sizeof(*dp)), *nd = xcalloc((n1 + 1) * W, sizeof(*nd));
	double *tmp, *counts = xmalloc(W * sizeof(*counts));
	/*
	 * Each row's non-zero counts lie in [lo, hi] (empty: lo > hi), for dp
	 * and for what nd still holds from two groups ago: only that band is
	 * read, added to and cleared, so a row costs its band, not 2·n1·n2.
	 * The sums are the same, in the same order, as over whole rows.
	 */
	size_t *lo = xmalloc((n1 + 1) * sizeof(*lo)), *hi = xcalloc(n1 + 1, sizeof(*hi));
	size_t *nlo = xmalloc((n1 + 1) * sizeof(*nlo)), *nhi = xcalloc(n1 + 1, sizeof(*nhi)), *stmp;

	for (size_t k = 0; k <= n1; k++)
		lo[k] = nlo[k] = SIZE_MAX;
	dp[0] = 1;
	lo[0] = 0;
	for (size_t g = 0; g < ng; g++) {
		size_t t = groups[g], jmax = t < n1 ? t : n1;
		double *ways = xmalloc((jmax + 1) * sizeof(*ways));

		/* C(t, j) once a group, not once a row */
		for (size_t j = 0; j <= jmax; j++)
			ways[j] = gsl_sf_choose((unsigned)t, (unsigned)j);
		for (size_t k = 0; k <= n1; k++) {
			if (nlo[k] <= nhi[k])
				memset(nd + k * W + nlo[k], 0, (nhi[k] - nlo[k] + 1) * sizeof(*nd));
			nlo[k] = SIZE_MAX;
			nhi[k] = 0;
		}
		for (size_t k = 0; k <= n1 && k <= done; k++) {
			size_t m = done - k; /* second-sample values below this group */

			if (m > n2 || lo[k] > hi[k])
				continue;
			for (size_t j = 0; j <= t && k + j <= n1; j++) {
				size_t add = j * (2 * m + t - j), last;
				const double *src = dp + k * W;
				double *dst = nd + (k + j) * W;

				if (m + (t - j) > n2 || add > S || lo[k] + add > S)
					continue;
				last = hi[k] + add <= S ? hi[k] : S - add;
				for (size_t u = lo[k]; u <= last; u++)
					if (src[u] != 0)
						dst[u + add] += src[u] * ways[j];
				if (lo[k] + add < nlo[k + j])
					nlo[k + j] = lo[k] + add;
				if (last + add > nhi[k + j])
					nhi[k + j] = last + add;
			}
		}
		free(ways);
		tmp = dp, dp = nd, nd = tmp;
		stmp = lo, lo = nlo, nlo = stmp;
		stmp = hi, hi = nhi, nhi = stmp;
		done += t;
	}
	memcpy(counts, dp + n1 * W, W * sizeof(*counts));
	free(dp);
	free(nd);
	free(lo);
	free(hi);
	free(nlo);
	free(nhi);
	return counts;
}

/*
 * P(|2U - n1·n2| >= |two_u - n1·n2|) under that distribution.
 * Without ties the counts depend on n1 and n2 alone: the last ones made
 * are kept (a matrix of many rows of n runs a side asks for the same ones
 * again and again). Owned here, for the life of the process.
 */
static struct {
	size_t n1, n2;
	double *counts;
} no_ties;

/*
 * With ties the counts depend on the tie groups too; runs printed to a few
 * digits tie in the same few patterns over and over (a matrix of 200
 * benchmarks of 10 runs a side has some 200 patterns among 1000 rows with
 * a tie), so the distributions made are kept, up to TIED_MAX of them, for
 * the life of the process. The key spells n1, n2 and the group sizes.
 */
#define TIED_MAX 4096
_Static_assert(2 * STATS_U_EXACT_MAX < 128, "a tie key holds each count in one byte");
static struct {
	struct strmap index; /* key (heap, never freed) → position in counts */
	double **counts;
	size_t n, cap;
} tied;

static double *tied_counts(const size_t *groups, size_t ng, size_t n1, size_t n2, int *owned)
{
	struct buf key = BUF_INIT;
	uint32_t at;
	double *counts;

	/* one byte a number (all are at most 2·STATS_U_EXACT_MAX, none is 0): no printf */
	buf_addc(&key, (char)n1);
	buf_addc(&key, (char)n2);
	for (size_t g = 0; g < ng; g++)
		buf_addc(&key, (char)groups[g]);
	if (strmap_get(&tied.index, buf_str(&key), &at)) {
		buf_release(&key);
		*owned = 0;
		return tied.counts[at];
	}
	counts = exact_counts(groups, ng, n1, n2);
	if (tied.n >= TIED_MAX) {
		buf_release(&key);
		*owned = 1; /* the cache is full: the caller frees this one */
		return counts;
	}
	ALLOC_GROW(tied.counts, tied.n + 1, tied.cap);
	tied.counts[tied.n] = counts;
	strmap_put(&tied.index, buf_detach(&key, NULL), (uint32_t)tied.n);
	tied.n++;
	*owned = 0;
	return counts;
}

static double exact_p(const size_t *groups, size_t ng, size_t n1, size_t n2, long two_u)
{
	size_t S = 2 * n1 * n2;
	long centre = (long)(n1 * n2), dist = labs(two_u - centre);
	double total = 0, tail = 0, *counts;
	int no_tie = ng == n1 + n2, owned = 0;

	if (no_tie && no_ties.counts && no_ties.n1 == n1 && no_ties.n2 == n2) {
		counts = no_ties.counts;
	} else if (no_tie) {
		counts = exact_counts(groups, ng, n1, n2);
		free(no_ties.counts);
		no_ties.n1 = n1;
		no_ties.n2 = n2;
		no_ties.counts = counts;
	} else {
		counts = tied_counts(groups, ng, n1, n2, &owned);
	}
	for (size_t u = 0; u <= S; u++) {
		total += counts[u];
		if (labs((long)u - centre) >= dist)
			tail += counts[u];
	}
	if (owned)
		free(counts);
	return total > 0 && tail < total ? tail / total : 1;
}

int stats_utest(const double *x, size_t nx, const double *y, size_t ny, struct stats_utest *r)
{
	size_t N = nx + ny, ng = 0, *groups;
	struct ranked *all;
	long two_r1 = 0, two_u;
	double tie_sum = 0;

	memset(r, 0, sizeof(*r));
	r->u = r->p = NAN;
	if (!nx || !ny)
		return -1;
	gsl_quiet();
	all = xmalloc(N * sizeof(*all));
	groups = xmalloc(N * sizeof(*groups));
	for (size_t i = 0; i < nx; i++)
		all[i] = (struct ranked){ x[i], 1 };
	for (size_t i = 0; i < ny; i++)
		all[nx + i] = (struct ranked){ y[i], 0 };
	if (N <= 64) {
		/* a few values (a row of runs): insertion sort; the ranks do not depend on how ties fall */
		for (size_t i = 1; i < N; i++) {
			struct ranked one = all[i];
			size_t j = i;

			for (; j > 0 && all[j - 1].v > one.v; j--)
				all[j] = all[j - 1];
			all[j] = one;
		}
	} else {
		qsort(all, N, sizeof(*all), by_value);
	}
	/* mid-ranks: a group of t equal values starting at rank a has rank a + (t - 1)/2 each */
	for (size_t a = 0; a < N;) {
		size_t b = a, inx = 0;

		while (b < N && all[b].v == all[a].v)
			inx += all[b++].from_x;
		groups[ng++] = b - a;
		two_r1 += (long)inx * (long)(2 * (a + 1) + (b - a) - 1);
		tie_sum += pow((double)(b - a), 3) - (double)(b - a);
		a = b;
	}
	free(all);
	if (ng == 1) {
		free(groups);
		return -1; /* every value equal: nothing to rank */
	}
	two_u = two_r1 - (long)(nx * (nx + 1));
	r->u = (double)two_u / 2;
	r->ties = ng < N;
	if (nx <= STATS_U_EXACT_MAX && ny <= STATS_U_EXACT_MAX) {
		/* U of y is n1·n2 - U of x: the same distance from the centre, so count over the smaller */
		if (nx <= ny)
			r->p = exact_p(groups, ng, nx, ny, two_u);
		else
			r->p = exact_p(groups, ng, ny, nx, (long)(2 * nx * ny) - two_u);
		r->exact = 1;
	} else {
		double n1n2 = (double)nx * (double)ny, dN = (double)N;
		double sigma = sqrt(n1n2 / 12 * ((dN + 1) - tie_sum / (dN * (dN - 1))));
		double d = r->u - n1n2 / 2, z;

		d -= d > 0 ? 0.5 : d < 0 ? -0.5 : 0; /* continuity correction */
		z = d / sigma;
		r->p = 2 * (z < 0 ? gsl_cdf_ugaussian_P(z) : gsl_cdf_ugaussian_Q(z));
		if (r->p > 1)
			r->p = 1;
	}
	free(groups);
	return 0;
}

double stats_utest_min_p(size_t n1, size_t n2)
{
	double p;

	if (!n1 || !n2)
		return 1;
	gsl_quiet();
	p = 2 * exp(-gsl_sf_lnchoose((unsigned)(n1 + n2), (unsigned)n1));
	return p < 1 ? p : 1;
}

unsigned stats_utest_need(double alpha)
{
	unsigned n = 1;

	while (n < 1000 && !(stats_utest_min_p(n, n) < alpha))
		n++;
	return n;
}

struct indexed_p {
	double p;
	size_t i;
};

static int by_p(const void *a, const void *b)
{
	const struct indexed_p *x = a, *y = b;

	if (x->p != y->p)
		return (x->p > y->p) - (x->p < y->p);
	return (x->i > y->i) - (x->i < y->i);
}

void stats_holm(const double *p, size_t n, double *adj)
{
	struct indexed_p *v = xmalloc((n ? n : 1) * sizeof(*v));
	size_t m = 0;
	double running = 0;

	for (size_t i = 0; i < n; i++)
		if (!isnan(p[i]))
			v[m++] = (struct indexed_p){ p[i], i };
	qsort(v, m, sizeof(*v), by_p);
	for (size_t i = 0; i < n; i++)
		adj[i] = NAN;
	/* the k-th smallest (from 0) is multiplied by m - k; adjusted values never decrease */
	for (size_t k = 0; k < m; k++) {
		double a = (double)(m - k) * v[k].p;

		if (a > running)
			running = a;
		adj[v[k].i] = running < 1 ? running : 1;
	}
	free(v);
}

double stats_geomean(const double *x, size_t n)
{
	double s = 0;

	if (!n)
		return NAN;
	for (size_t i = 0; i < n; i++) {
		if (!(x[i] > 0))
			return NAN;
		s += log(x[i]);
	}
	return exp(s / (double)n);
}

double stats_geosd(const double *x, size_t n)
{
	double s = 0, ss = 0;

	if (n < 2)
		return NAN;
	for (size_t i = 0; i < n; i++) {
		if (!(x[i] > 0))
			return NAN;
		s += log(x[i]);
	}
	s /= (double)n;
	for (size_t i = 0; i < n; i++)
		ss += (log(x[i]) - s) * (log(x[i]) - s);
	return exp(sqrt(ss / (double)(n - 1)));
}

int stats_log_interval(double m, double var, double df, double res, double level, double *lo,
		       double *hi)
{
	double q, half;

	*lo = *hi = NAN;
	if (!isfinite(m) || !(var >= 0) || !(df > 0) || !(res >= 0) || !(level > 0 && level < 1))
		return -1;
	gsl_quiet();
	q = isinf(df) ? gsl_cdf_ugaussian_Pinv(1 - (1 - level) / 2) : t_quantile(level, df);
	half = q * sqrt(var) + res;
	*lo = exp(m - half);
	*hi = exp(m + half);
	return 0;
}
