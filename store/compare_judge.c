/*
 * compare_judge.c - from the figures gathered for a row to its sides,
 * method, delta, interval, p-value and verdict; see compare_judge.h and the
 * rules in compare.h. The statistics themselves are stats.c's.
 */
#include "store/compare_judge.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/metrics.h"
#include "store/compare_text.h"
#include "store/stats.h"

/* The stat a run is compared by: its mean, else its estimate, value or median; -1 for none. */
static int center_stat(const struct cmp_fig *f)
{
	static const enum stat_kind order[] = { STAT_MEAN, STAT_EST, STAT_VALUE, STAT_MEDIAN };

	for (size_t i = 0; i < countof(order); i++)
		if (!isnan(cmp_fig_v(f, order[i])))
			return (int)order[i];
	return -1;
}

/* The figure a run is compared by (center_stat's), else its samples' mean. */
static double center_of(const struct cmp_fig *f)
{
	struct stats_summary s;
	int k = center_stat(f);

	if (k >= 0)
		return cmp_fig_v(f, (enum stat_kind)k);
	if (f->nsamples) {
		stats_summarize(f->samples, f->nsamples, &s);
		return s.mean;
	}
	return NAN;
}

/* Half a unit of the last printed digit of a run's center; 0 for raw samples or when unknown. */
static double center_res(const struct cmp_fig *f)
{
	int k = center_stat(f);
	double res = k >= 0 ? cmp_fig_res(f, (enum stat_kind)k) : NAN;

	return res > 0 ? res : 0;
}

static void side_clear(struct cmp_side *s)
{
	s->present = 0;
	s->scenario = "";
	s->nruns = 0;
	s->n = 0;
	s->center = s->mean = s->median = s->sd = s->min = s->max = s->lo = s->hi = NAN;
	s->res = s->sd_res = 0;
	s->flags = 0;
}

/*
 * A side made of several values: a run's raw samples (res 0), or one
 * printed figure per run (res: the largest of their resolutions, for the
 * mean of rounded values is at most that far from the mean of the values).
 */
static void side_from_values(struct cmp_side *s, const double *x, size_t n, double res, double level)
{
	struct stats_summary sum;

	stats_summarize(x, n, &sum);
	s->present = 1;
	s->n = (uint32_t)n;
	s->center = s->mean = sum.mean;
	s->median = sum.median;
	s->sd = sum.sd;
	s->min = sum.min;
	s->max = sum.max;
	s->res = res;
	stats_mean_ci_printed(s->mean, s->sd, (double)n, res, level, &s->lo, &s->hi);
}

/* The deviation the statistics take for a side: a printed 0 is its resolution (hyperfine's "± 0.0 ms"). */
static double spread(const struct cmp_side *s)
{
	return stats_spread_printed(s->sd, s->sd_res);
}

/* A side made of one run's printed figures. */
static void side_from_summary(struct cmp_side *s, const struct cmp_fig *f, double level)
{
	double v[STAT__COUNT];
	double res; /* a spread's printed resolution */

	for (int k = 0; k < STAT__COUNT; k++)
		v[k] = cmp_fig_v(f, (enum stat_kind)k);

	s->present = 1;
	s->n = f->n;
	s->center = center_of(f);
	s->mean = v[STAT_MEAN];
	s->median = v[STAT_MEDIAN];
	s->min = v[STAT_MIN];
	s->max = v[STAT_MAX];
	s->res = center_res(f);
	s->sd = v[STAT_SD];
	res = cmp_fig_res(f, STAT_SD);
	s->sd_res = res > 0 ? res : 0;
	/*
	 * The only relative spread we read is perf stat -r's "( +- x% )", and
	 * perf prints the standard error of the mean there (its stddev_stats()
	 * divides the variance by n): the deviation is that times √n.
	 */
	if (isnan(s->sd) && !isnan(v[STAT_REL_SD]) && f->n >= 1) {
		double k = fabs(s->center) / 100 * sqrt((double)f->n);

		s->sd = v[STAT_REL_SD] * k;
		res = cmp_fig_res(f, STAT_REL_SD);
		s->sd_res = res > 0 ? res * k : 0;
	}
	/*
	 * BenchmarkDotNet's Error and JMH's "± Error" are half the 99.9%
	 * interval of the mean: with the count beside them (JMH's Cnt), the
	 * deviation is that over t(0.9995, n-1) / √n, its resolution likewise.
	 */
	if (isnan(s->sd) && !isnan(v[STAT_ERR999]) && f->n >= 2) {
		double k = stats_sd_from_ci(1, (double)f->n, 0.999);

		s->sd = v[STAT_ERR999] * k;
		res = cmp_fig_res(f, STAT_ERR999);
		s->sd_res = res > 0 ? res * k : 0;
	}
	/* A standard error of the mean (BenchmarkDotNet's StdErr) is σ/√n. */
	if (isnan(s->sd) && !isnan(v[STAT_SEM]) && f->n >= 2) {
		double k = sqrt((double)f->n);

		s->sd = v[STAT_SEM] * k;
		res = cmp_fig_res(f, STAT_SEM);
		s->sd_res = res > 0 ? res * k : 0;
	}
	/*
	 * benchstat v1's "± x%" is the largest distance of a sample from the
	 * mean; the deviation of n samples is at most that times √(n/(n-1)).
	 */
	if (isnan(s->sd) && !isnan(v[STAT_REL_DEV]) && f->n >= 2) {
		double k = fabs(s->center) / 100 * sqrt((double)f->n / (double)(f->n - 1));

		s->sd = v[STAT_REL_DEV] * k;
		res = cmp_fig_res(f, STAT_REL_DEV);
		s->sd_res = res > 0 ? res * k : 0;
	}
	if (!isnan(v[STAT_LOWER]) && !isnan(v[STAT_UPPER])) {
		s->lo = v[STAT_LOWER];
		s->hi = v[STAT_UPPER];
	} else if (!isnan(v[STAT_REL_CI]) && isnan(s->mean)) {
		/*
		 * benchstat v2's "± x%": the larger half of its interval of the
		 * median, so the interval lies within center ∓ x%; widened by
		 * what the printed digits of both figures leave open.
		 */
		double half = (v[STAT_REL_CI] + (cmp_fig_res(f, STAT_REL_CI) > 0 ? cmp_fig_res(f, STAT_REL_CI) : 0)) / 100 *
			      fabs(s->center) + s->res;

		s->lo = s->center - half;
		s->hi = s->center + half;
	} else if (!isnan(s->mean)) {
		stats_mean_ci_printed(s->mean, spread(s), (double)s->n, s->res, level, &s->lo, &s->hi);
	}
}

/* Does a side summarize a distribution a t-test can use? */
static int has_spread(const struct cmp_side *s)
{
	return !isnan(s->mean) && s->sd >= 0 && s->n >= 2;
}

/* The Welch interval of the difference of the means, in % of the baseline. */
static void delta_ci(struct cmp_row *r, double level)
{
	struct stats_welch w;
	double b = fabs(r->base.center);

	if (!r->has_delta || !has_spread(&r->base) || !has_spread(&r->cand))
		return;
	if (stats_welch_printed(r->base.mean, spread(&r->base), r->base.n, r->base.res, r->cand.mean,
				spread(&r->cand), r->cand.n, r->cand.res, level, &w) < 0 ||
	    isnan(w.lo))
		return;
	r->ci_lo = w.lo / b * 100;
	r->ci_hi = w.hi / b * 100;
}

static void utest(struct cmp_row *r, const double *x, size_t nx, const double *y, size_t ny,
		  const struct cmp_opts *o)
{
	struct stats_utest u;

	r->method = CMP_UTEST;
	if (stats_utest_min_p(nx, ny) >= o->alpha) {
		/* no arrangement of so few values could reach alpha: say how many it takes instead */
		r->need = stats_utest_need(o->alpha);
		return;
	}
	r->tested = 1;
	/* every value equal on both sides: U sits at the centre of its distribution */
	r->p = stats_utest(x, nx, y, ny, &u) == 0 ? u.p : 1;
}

static void welch(struct cmp_row *r, double level)
{
	struct stats_welch w;

	r->method = CMP_WELCH;
	if (stats_welch_printed(r->base.mean, spread(&r->base), r->base.n, r->base.res, r->cand.mean,
				spread(&r->cand), r->cand.n, r->cand.res, level, &w) < 0)
		return; /* neither side varies, even within its printed digits: no test */
	r->tested = 1;
	r->p = w.p;
}

/* The centers of figures f[0..n), into a heap array the caller frees; *res their largest resolution. */
static double *centers(const struct cmp_fig *const *f, size_t n, double *res)
{
	double *x = xmalloc((n ? n : 1) * sizeof(*x));

	*res = 0;
	for (size_t i = 0; i < n; i++) {
		x[i] = center_of(f[i]);
		if (center_res(f[i]) > *res)
			*res = center_res(f[i]);
	}
	return x;
}

/* Several runs on a side: one value per run on both sides, whatever each run holds. */
static void judge_runs(struct cmp_row *r, const struct cmp_fig *const *b, size_t nb,
		       const struct cmp_fig *const *c, size_t nc, const struct cmp_opts *o)
{
	double rb, rc, *xb = centers(b, nb, &rb), *xc = centers(c, nc, &rc), level = 1 - o->alpha;

	if (nb)
		side_from_values(&r->base, xb, nb, rb, level);
	if (nc)
		side_from_values(&r->cand, xc, nc, rc, level);
	if (nb && nc && r->dir != DIR_NONE)
		utest(r, xb, nb, xc, nc, o);
	else if (nb && nc)
		r->method = CMP_DELTA;
	free(xb);
	free(xc);
}

/* Did the tool print an interval of a run's center (Criterion's bounds, benchstat v2's "± x%")? */
static int has_interval(const struct cmp_fig *f)
{
	return (!isnan(cmp_fig_v(f, STAT_LOWER)) && !isnan(cmp_fig_v(f, STAT_UPPER))) ||
	       (!isnan(cmp_fig_v(f, STAT_REL_CI)) && isnan(cmp_fig_v(f, STAT_MEAN)));
}

/*
 * One figure a side that is an exact count: bytes of a section or total
 * that a tool printed whole (GNU size's text, data, bss, dec, sections),
 * no spread, no samples, no rounding. A file size written by hand
 * ("1.3 MiB") is not.
 */
static int exact_bytes(const struct cmp_row *r, const struct cmp_fig *b, const struct cmp_fig *c)
{
	const struct metric_def *d = metric_lookup(r->quantity);
	const struct cmp_side *s[2] = { &r->base, &r->cand };
	const struct cmp_fig *f[2] = { b, c };

	if (r->unit != UNIT_BYTE || !d || d->family != MF_SIZE || d->id == METRIC_FILE_SIZE)
		return 0;
	for (int i = 0; i < 2; i++)
		if (f[i]->nsamples || has_spread(s[i]) || center_res(f[i]) > 0.5 || !isfinite(s[i]->center) ||
		    s[i]->center != floor(s[i]->center))
			return 0;
	return 1;
}

/* One run a side (or none): its samples, else its printed figures. */
static void judge_one(struct cmp_row *r, const struct cmp_fig *b, const struct cmp_fig *c,
		      const struct cmp_opts *o)
{
	double level = 1 - o->alpha;
	int samples = b && c && b->nsamples && c->nsamples;

	if (b && samples)
		side_from_values(&r->base, b->samples, b->nsamples, 0, level);
	else if (b)
		side_from_summary(&r->base, b, level);
	if (c && samples)
		side_from_values(&r->cand, c->samples, c->nsamples, 0, level);
	else if (c)
		side_from_summary(&r->cand, c, level);
	if (!b || !c)
		return;
	if (r->dir == DIR_NONE) {
		r->method = CMP_DELTA; /* no better side: nothing for a test to decide */
	} else if (samples) {
		utest(r, b->samples, b->nsamples, c->samples, c->nsamples, o);
	} else if (has_spread(&r->base) && has_spread(&r->cand)) {
		welch(r, level);
	} else if (has_interval(b) && has_interval(c)) {
		r->method = CMP_OVERLAP;
		r->tested = 1;
	} else if (exact_bytes(r, b, c)) {
		r->method = CMP_EXACT;
		r->tested = 1;
	} else {
		r->method = CMP_DELTA;
		/* a distribution against a single measurement: a second one would allow a test */
		if ((has_spread(&r->base) && r->cand.n == 1) || (has_spread(&r->cand) && r->base.n == 1))
			r->need = 2;
	}
}

void cmp_judge_row(struct cmp_row *r, const struct cmp_fig *const *base, size_t nb,
		   const struct cmp_fig *const *cand, size_t nc, const struct cmp_opts *o)
{
	const struct cmp_fig **b = xmalloc((nb ? nb : 1) * sizeof(*b));
	const struct cmp_fig **c = xmalloc((nc ? nc : 1) * sizeof(*c));
	size_t kb = 0, kc = 0;

	side_clear(&r->base);
	side_clear(&r->cand);
	r->method = CMP_NONE;
	r->has_delta = r->tested = r->significant = 0;
	r->need = 0;
	r->delta_pct = r->ratio = r->ci_lo = r->ci_hi = r->p = r->p_adj = NAN;
	r->verdict = CMP_UNKNOWN;
	/* a run without a figure to compare by (a spread alone) does not count */
	for (size_t i = 0; i < nb; i++)
		if (!isnan(center_of(base[i])))
			b[kb++] = base[i];
	for (size_t i = 0; i < nc; i++)
		if (!isnan(center_of(cand[i])))
			c[kc++] = cand[i];
	if (kb >= 2 || kc >= 2)
		judge_runs(r, b, kb, c, kc, o);
	else
		judge_one(r, kb ? b[0] : NULL, kc ? c[0] : NULL, o);
	r->base.nruns = kb;
	r->cand.nruns = kc;
	for (size_t i = 0; i < kb; i++)
		r->base.flags |= b[i]->flags;
	for (size_t i = 0; i < kc; i++)
		r->cand.flags |= c[i]->flags;
	if (kb)
		r->base.scenario = b[0]->scenario;
	if (kc)
		r->cand.scenario = c[0]->scenario;
	r->flags = r->base.flags | r->cand.flags | (r->need ? CMP_F_FEW : 0);
	if (r->tested && r->method != CMP_EXACT && kb == 1 && kc == 1)
		r->flags |= CMP_F_ONE_RUN; /* the test is over one invocation's inner runs a side */
	if (kb && kc && strcmp(r->base.scenario, r->cand.scenario))
		r->flags |= CMP_F_SCENARIOS;
	/* a bound ("< 1 ms") is no value: no change is taken from it, nor a verdict */
	if (r->base.present && r->cand.present && isfinite(r->base.center) &&
	    isfinite(r->cand.center) && r->base.center != 0 && !(r->flags & (CMP_F_UPPER | CMP_F_LOWER))) {
		r->has_delta = 1;
		r->delta_pct = (r->cand.center - r->base.center) / fabs(r->base.center) * 100;
		r->ratio = r->cand.center / r->base.center;
		if (r->method == CMP_UTEST || r->method == CMP_WELCH)
			delta_ci(r, 1 - o->alpha);
	}
	r->p_adj = r->p;
	free(b);
	free(c);
}

static enum cmp_verdict direction_verdict(enum direction dir, double change)
{
	if (dir == DIR_NONE || change == 0 || isnan(change))
		return CMP_SAME;
	return (change < 0) == (dir == DIR_LOWER) ? CMP_BETTER : CMP_WORSE;
}

/* A row whose change the counts and verdicts speak about. */
static int judged(const struct cmp_row *r)
{
	return r->dir != DIR_NONE && r->base.present && r->cand.present && r->method != CMP_NONE &&
	       isfinite(r->base.center) && isfinite(r->cand.center) && !(r->flags & (CMP_F_UPPER | CMP_F_LOWER));
}

static void holm(struct cmp_table *t)
{
	double *p = xmalloc((t->nrows ? t->nrows : 1) * sizeof(*p));

	for (size_t i = 0; i < t->nrows; i++)
		p[i] = judged(&t->rows[i]) ? t->rows[i].p : NAN;
	stats_holm(p, t->nrows, p);
	for (size_t i = 0; i < t->nrows; i++)
		if (judged(&t->rows[i]))
			t->rows[i].p_adj = p[i];
	free(p);
}

void cmp_judge_table(struct cmp_table *t)
{
	const struct cmp_opts *o = &t->opts;

	t->improved = t->regressed = t->unchanged = t->untested = t->one_run = 0;
	if (o->holm)
		holm(t);
	for (size_t i = 0; i < t->nrows; i++) {
		struct cmp_row *r = &t->rows[i];
		double change = r->cand.center - r->base.center;
		int beyond, evidence;

		r->significant = 0;
		r->verdict = CMP_UNKNOWN;
		if (!judged(r))
			continue;
		/*
		 * without a baseline to take a percentage of, any difference is beyond
		 * the threshold; with one, the change the printed digits allow at the
		 * least must be ("1.00 s" against "1.02 s" is anything from +1.0% to +3.0%: of a
		 * threshold of 1% the digits say nothing, and the row reads "~")
		 */
		beyond = r->has_delta ? fabs(r->delta_pct) - cmp_delta_res(r) > o->threshold : change != 0;
		if (r->method == CMP_EXACT)
			evidence = 1; /* two exact counts: any difference is real */
		else if (r->method == CMP_OVERLAP)
			evidence = r->cand.hi < r->base.lo || r->cand.lo > r->base.hi;
		else
			evidence = r->p_adj < o->alpha;
		if (r->tested) {
			r->significant = evidence && beyond;
			r->verdict = r->significant ? direction_verdict(r->dir, change) : CMP_SAME;
			if (!r->significant)
				t->unchanged++;
			else if (r->verdict == CMP_BETTER)
				t->improved++;
			else
				t->regressed++;
			if (r->significant && (r->flags & CMP_F_ONE_RUN))
				t->one_run++;
		} else {
			r->verdict = beyond ? direction_verdict(r->dir, change) : CMP_SAME;
			t->untested++;
		}
	}
}
