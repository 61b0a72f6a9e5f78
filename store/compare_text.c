/*
 * compare_text.c - the cells of a comparison for people; see compare_text.h.
 */
#include "store/compare_text.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "parsers/metrics.h"
#include "parsers/units.h"

/* Two decimals below 1% (but 0 is "0.0"), one up to 100%, none beyond. */
static int pct_decimals(double a)
{
	return a < 1 && a > 0 ? 2 : a < 100 ? 1 : 0;
}

double cmp_side_res(const struct cmp_side *s, enum unit unit)
{
	if (!(s->res > 0) || !isfinite(s->res))
		return 0;
	if (unit == UNIT_COUNT && s->res <= 0.5)
		return 0; /* a whole count ("10000 runs", "4,441,127,390 cycles") is exact */
	/* several runs' printed figures: their rounding errors average out like any other */
	return s->nruns > 1 ? s->res / sqrt((double)s->nruns) : s->res;
}

char *cmp_text_figure(const struct cmp_side *s, enum unit unit, char *out, size_t size)
{
	if (!s->present || isnan(s->center))
		snprintf(out, size, "-");
	else
		unit_format_res(s->center, unit, cmp_side_res(s, unit), out, size);
	return out;
}

char *cmp_text_bytes(double v, int sign, char *out, size_t size)
{
	char digits[32], grouped[48];
	size_t n, k = 0;

	snprintf(digits, sizeof(digits), "%.0f", fabs(v));
	n = strlen(digits);
	for (size_t i = 0; i < n && k + 2 < sizeof(grouped); i++) {
		if (i && (n - i) % 3 == 0)
			grouped[k++] = ',';
		grouped[k++] = digits[i];
	}
	grouped[k] = '\0';
	snprintf(out, size, "%s%s B", v < 0 ? "-" : sign && v > 0 ? "+" : "", grouped);
	return out;
}

int cmp_text_exact_bytes(const char *quantity)
{
	const struct metric_def *d = metric_lookup(quantity);

	return d && d->family == MF_SIZE && d->id != METRIC_FILE_SIZE;
}

/* What a side's figures were written as: "~" approximate, "<" or ">" a bound, "" a value. */
static const char *side_mark(const struct cmp_side *s)
{
	unsigned b = s->flags & (CMP_F_UPPER | CMP_F_LOWER);

	if (!s->present || !(s->flags & (CMP_F_APPROX | CMP_F_UPPER | CMP_F_LOWER)))
		return "";
	if (b == CMP_F_UPPER && !(s->flags & CMP_F_APPROX))
		return "<";
	if (b == CMP_F_LOWER && !(s->flags & CMP_F_APPROX))
		return ">";
	return "~";
}

char *cmp_text_value(const char *quantity, const struct cmp_side *s, enum unit unit, char *out,
		     size_t size)
{
	const char *mark = side_mark(s);
	size_t k = strlen(mark);

	if (k && size > k + 1) {
		/* "~45.1 MiB", "<1.0 ms": the mark the author wrote, before the figure */
		memcpy(out, mark, k);
		cmp_text_figure(s, unit, out + k, size - k);
		return out;
	}
	if (s->present && unit == UNIT_BYTE && cmp_text_exact_bytes(quantity) &&
	    isfinite(s->center) && fabs(s->center) < 1e15 && s->center == floor(s->center))
		return cmp_text_bytes(s->center, 0, out, size);
	return cmp_text_figure(s, unit, out, size);
}

/* Past this, a percentage is written with an exponent, as units.c writes any figure. */
#define PCT_PLAIN_MAX 1e7

char *cmp_text_spread(const struct cmp_side *s, char *out, size_t size)
{
	double rel = NAN;

	*out = '\0';
	if (!s->present || !(fabs(s->center) > 0))
		return out;
	if (s->sd >= 0)
		rel = s->sd / fabs(s->center) * 100;
	else if (isnan(s->mean) && s->hi >= s->lo)
		rel = (s->hi - s->lo) / 2 / fabs(s->center) * 100; /* the tool's own interval */
	if (rel >= PCT_PLAIN_MAX && isfinite(rel))
		snprintf(out, size, "\xc2\xb1%.3g%%", rel);
	else if (rel >= 0 && isfinite(rel))
		snprintf(out, size, "\xc2\xb1%.*f%%", pct_decimals(rel), rel);
	return out;
}

char *cmp_text_pct(double pct, char *out, size_t size)
{
	return cmp_text_pct_res(pct, 0, out, size);
}

char *cmp_text_pct_res(double pct, double res, char *out, size_t size)
{
	int d = pct_decimals(fabs(pct));
	double unit = 0; /* > 0: rounded to this many points, the digits say no more */

	/* a last digit no finer than the rounding's half-width: 0.1 needs res <= 0.1, 1 needs <= 1 */
	if (res > 0 && isfinite(res)) {
		int most = (int)floor(-log10(res) + 1e-9);

		if (most < d)
			d = most < 0 ? 0 : most;
		/* wider than a point: the digit of the half-width, and "≈" (16 ns → 13 ns is ≈-19%) */
		if (res > 1)
			unit = pow(10, floor(log10(res) + 1e-9));
	}
	if (isnan(pct))
		*out = '\0';
	else if (fabs(pct) >= PCT_PLAIN_MAX && isfinite(pct))
		snprintf(out, size, "%s%+.3g%%", unit > 0 ? "\xe2\x89\x88" : "", pct); /* "+7.14e+304%", not 300 digits */
	else if (unit > 0)
		snprintf(out, size, "\xe2\x89\x88%+.0f%%", round(pct / unit) * unit + 0.0); /* +0.0: no "-0" */
	else
		snprintf(out, size, "%+.*f%%", d, pct);
	return out;
}

double cmp_delta_res(const struct cmp_row *r)
{
	double b = fabs(r->base.center), rb = cmp_side_res(&r->base, r->unit),
	       rc = cmp_side_res(&r->cand, r->unit);

	if (!r->has_delta || !(b > 0) || r->method == CMP_EXACT)
		return 0; /* exact counts: the change is known to any digit */
	return 100 / b * (rc + fabs(r->cand.center) / b * rb);
}

char *cmp_text_delta(const struct cmp_row *r, char *out, size_t size)
{
	if (!r->has_delta)
		*out = '\0';
	else
		cmp_text_pct_res(r->delta_pct, cmp_delta_res(r), out, size);
	return out;
}

char *cmp_text_ci(const struct cmp_row *r, char *out, size_t size)
{
	double half = (r->ci_hi - r->ci_lo) / 2;

	*out = '\0';
	if (half >= 0)
		snprintf(out, size, "\xc2\xb1%.*f%%", pct_decimals(half), half);
	return out;
}

char *cmp_text_p(const struct cmp_row *r, char *out, size_t size)
{
	*out = '\0';
	if (r->need)
		snprintf(out, size, "need \xe2\x89\xa5%u", r->need);
	else if (r->p_adj < 0.001)
		snprintf(out, size, "<0.001");
	else if (r->p_adj >= 0)
		snprintf(out, size, "%.3f", r->p_adj);
	return out;
}

char *cmp_text_n(const struct cmp_row *r, char *out, size_t size)
{
	char b[16] = "?", c[16] = "?";

	*out = '\0';
	if (!r->base.present || !r->cand.present || (!r->base.n && !r->cand.n))
		return out; /* no count on either side (a size, a figure alone): nothing to say */
	if (r->base.n)
		snprintf(b, sizeof(b), "%u", (unsigned)r->base.n);
	if (r->cand.n)
		snprintf(c, sizeof(c), "%u", (unsigned)r->cand.n);
	snprintf(out, size, "%s/%s", b, c);
	return out;
}

const char *cmp_text_verdict(const struct cmp_row *r)
{
	switch (r->verdict) {
	case CMP_BETTER:
		return r->tested ? "better" : "better?";
	case CMP_WORSE:
		return r->tested ? "worse" : "worse?";
	case CMP_SAME:
		return "~";
	default:
		return "";
	}
}

const char *cmp_text_mark(const struct cmp_row *r)
{
	switch (r->verdict) {
	case CMP_BETTER:
		return !r->tested ? "\xe2\x9c\x93?" : r->flags & CMP_F_ONE_RUN ? "\xe2\x9c\x93\xc2\xb9" : "\xe2\x9c\x93";
	case CMP_WORSE:
		return !r->tested ? "\xe2\x9c\x97?" : r->flags & CMP_F_ONE_RUN ? "\xe2\x9c\x97\xc2\xb9" : "\xe2\x9c\x97";
	case CMP_SAME:
		return "~";
	default:
		return "";
	}
}

void cmp_text_counts(const struct cmp_table *t, const char *sep, struct buf *out)
{
	buf_addf(out, "%zu improved%s%zu regressed%s%zu unchanged%s%zu untested", t->improved, sep, t->regressed,
		 sep, t->unchanged, sep, t->untested);
	if (t->one_run)
		buf_addf(out, " (%zu within one run a side)", t->one_run);
}

const char *cmp_text_method(enum cmp_method m)
{
	switch (m) {
	case CMP_DELTA:
		return "one figure a side, no test";
	case CMP_UTEST:
		return "Mann-Whitney U on the samples";
	case CMP_WELCH:
		return "Welch's t-test on mean, sd, n";
	case CMP_OVERLAP:
		return "the tool's intervals";
	case CMP_EXACT:
		return "exact bytes a side, no test needed";
	default:
		return "a side has no figure";
	}
}

char *cmp_text_gain(const struct cmp_geomean *g, char *out, size_t size)
{
	if (g->verdict == CMP_SAME || !(g->gain > 0))
		snprintf(out, size, "~");
	else if (g->gain >= 1)
		snprintf(out, size, "%.2f\xc3\x97 better", g->gain);
	else
		snprintf(out, size, "%.2f\xc3\x97 worse", 1 / g->gain);
	return out;
}

void cmp_text_flags(unsigned flags, const char *sep, struct buf *out)
{
	int first = 1;

	for (unsigned b = 0; b < CMP__FLAGS; b++) {
		if (!(flags & (1u << b)))
			continue;
		if (!first)
			buf_adds(out, sep);
		buf_adds(out, cmp_flag_name(1u << b));
		first = 0;
	}
}
