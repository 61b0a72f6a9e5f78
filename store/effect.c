/*
 * effect.c - the effect of a comparison on a family of metrics; see
 * effect.h for the rules.
 */
#include "store/effect.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "store/compare_text.h"
#include "store/stats.h"
#include "util/util.h"

const enum metric_family fx_families[] = { MF_TIME, MF_THROUGHPUT, MF_LATENCY, MF_CPU, MF_MEMORY, MF_SIZE };
const size_t fx_nfamilies = sizeof(fx_families) / sizeof(fx_families[0]);

/* The normal quantile behind a tool's 95% interval (Criterion's bounds, benchstat's ±). */
#define Z95 1.959963984540054

/* A row an effect can use: a direction, positive figures on both sides. */
static int usable(const struct cmp_row *r)
{
	return r->dir != DIR_NONE && r->base.present && r->cand.present && r->base.center > 0 &&
	       r->cand.center > 0 && isfinite(r->base.center) && isfinite(r->cand.center);
}

/*
 * The variance of log(center) of a side, relative: its deviation over
 * √n (a printed 0 taken as its resolution), else from a tool's 95%
 * interval; *df its degrees of freedom (INFINITY for an interval).
 * Returns 0 when the side has neither.
 */
static int side_var(const struct cmp_side *s, double *v, double *df)
{
	double sd = stats_spread_printed(s->sd, s->sd_res);

	if (s->n >= 2 && sd >= 0 && isfinite(sd) && isfinite(s->mean)) {
		*v = (sd / s->center) * (sd / s->center) / s->n;
		*df = s->n - 1;
		return 1;
	}
	if (isfinite(s->lo) && isfinite(s->hi) && s->hi >= s->lo) {
		double se = (s->hi - s->lo) / (2 * Z95) / s->center;

		*v = se * se;
		*df = INFINITY;
		return 1;
	}
	return 0;
}

static enum cmp_verdict by_direction(enum direction dir, double ratio)
{
	if (ratio == 1)
		return CMP_SAME;
	return (ratio < 1) == (dir == DIR_LOWER) ? CMP_BETTER : CMP_WORSE;
}

/*
 * The verdict of an effect whose ratio, basis, interval and resolution are
 * set: with an interval, a change when it excludes none and the change is
 * beyond the threshold; exact, beyond the threshold; otherwise (untested)
 * beyond it by more than the printed digits leave open.
 */
static void judge(struct fx_effect *out, double threshold)
{
	double beyond = fabs(fx_pct(out->ratio));

	if (out->basis == FX_TESTED) {
		out->verdict = (out->lo > 1 || out->hi < 1) && beyond > threshold ? by_direction(out->dir, out->ratio)
										    : CMP_SAME;
		return;
	}
	if (out->basis == FX_ONE)
		beyond -= out->ratio * out->res * 100;
	out->verdict = beyond > threshold ? by_direction(out->dir, out->ratio) : CMP_SAME;
}

void fx_effect_of(const struct cmp_table *t, enum metric_family family, struct fx_effect *out)
{
	size_t lower = 0, higher = 0, k = 0, exact = 0;
	double logs = 0, res = 0, se = 0, df = INFINITY;
	int spread = 1;

	memset(out, 0, sizeof(*out));
	out->family = family;
	out->ratio = out->lo = out->hi = NAN;
	out->verdict = CMP_UNKNOWN;
	for (size_t i = 0; i < t->nrows; i++) {
		const struct cmp_row *r = &t->rows[i];

		if (usable(r) && metric_family(r->quantity) == family)
			*(r->dir == DIR_LOWER ? &lower : &higher) += 1;
	}
	if (!lower && !higher)
		return;
	out->dir = lower >= higher ? DIR_LOWER : DIR_HIGHER;
	for (size_t i = 0; i < t->nrows; i++) {
		const struct cmp_row *r = &t->rows[i];
		double vb, vc, db, dc;

		if (!usable(r) || metric_family(r->quantity) != family || r->dir != out->dir)
			continue;
		k++;
		logs += log(r->cand.center / r->base.center);
		/* as compare's geometric means: the rows' relative roundings */
		res += cmp_side_res(&r->base, r->unit) / r->base.center +
		       cmp_side_res(&r->cand, r->unit) / r->cand.center;
		exact += cmp_text_exact_bytes(r->quantity) && !r->tested;
		if (spread && side_var(&r->base, &vb, &db) && side_var(&r->cand, &vc, &dc)) {
			/* the row's Welch-Satterthwaite degrees of freedom; the fewest of any row is the family's */
			double denom = (isinf(db) ? 0 : vb * vb / db) + (isinf(dc) ? 0 : vc * vc / dc);
			double dfr = denom > 0 ? (vb + vc) * (vb + vc) / denom : INFINITY;

			se += sqrt(vb + vc);
			if (dfr < df)
				df = dfr;
		} else {
			spread = 0;
		}
		switch (r->verdict) {
		case CMP_BETTER:
			out->better++;
			break;
		case CMP_WORSE:
			out->worse++;
			break;
		default:
			out->same++;
			break;
		}
	}
	out->nrows = k;
	out->ratio = exp(logs / (double)k);
	out->res = res / ((double)k * sqrt((double)k));
	if (spread) {
		/*
		 * the rows may be one run's figures (sender and receiver bitrate,
		 * time and time per op): their errors are taken as moving together,
		 * so the mean's standard error is the mean of theirs, an upper bound
		 * whatever the rows share
		 */
		se /= (double)k;
		out->basis = FX_TESTED;
		out->tested = 1;
		stats_log_interval(logs / (double)k, se * se, df > 0 ? df : INFINITY, log1p(out->res),
				   1 - t->opts.alpha, &out->lo, &out->hi);
	} else {
		out->basis = exact == k ? FX_EXACT : FX_ONE;
	}
	judge(out, t->opts.threshold);
}

void fx_effect_combine(const struct fx_effect *in, size_t n, const struct cmp_opts *o,
		       struct fx_effect *out)
{
	const struct cmp_opts defaults = CMP_OPTS_INIT;
	size_t k = 0, tested = 0, exact = 0;
	double logs = 0, half = 0, res = 0;

	if (!o)
		o = &defaults;
	memset(out, 0, sizeof(*out));
	out->ratio = out->lo = out->hi = NAN;
	out->verdict = CMP_UNKNOWN;
	for (size_t i = 0; i < n; i++) {
		if (!in[i].nrows)
			continue;
		if (!k) {
			out->family = in[i].family;
			out->dir = in[i].dir;
		}
		k++;
		logs += log(in[i].ratio);
		res += in[i].res;
		if (in[i].basis == FX_TESTED) {
			tested++;
			half += (log(in[i].hi) - log(in[i].lo)) / 2;
		}
		exact += in[i].basis == FX_EXACT;
		out->nrows += in[i].nrows;
		out->better += in[i].better;
		out->worse += in[i].worse;
		out->same += in[i].same;
	}
	if (!k)
		return;
	out->ratio = exp(logs / (double)k);
	out->res = res / (double)k;
	if (tested == k) {
		/* as the rows' errors: taken as moving together, the mean half-width */
		out->basis = FX_TESTED;
		out->tested = 1;
		out->lo = exp(logs / (double)k - half / (double)k);
		out->hi = exp(logs / (double)k + half / (double)k);
	} else {
		out->basis = exact == k ? FX_EXACT : FX_ONE;
	}
	judge(out, o->threshold);
}

void fx_pair_effects(const struct model *m, const struct experiment *e, const char *base,
		     const char *cand, const struct cmp_opts *o, struct fx_effect *out)
{
	struct cmp_table t;

	cmp_build(m, e, base, cand, o, &t);
	for (size_t k = 0; k < fx_nfamilies; k++)
		fx_effect_of(&t, fx_families[k], &out[k]);
	cmp_release(&t);
}

void fx_measure(const struct model *m, const struct experiment *e, const struct cmp_opts *o,
		struct fx_exp *x)
{
	for (size_t p = 0; p < x->npairs; p++) {
		struct fx_pair *pa = &x->pairs[p];

		pa->effects = arena_alloc(&x->arena, fx_nfamilies * sizeof(*pa->effects));
		fx_pair_effects(m, e, x->variants[pa->base].key, x->variants[pa->cand].key, o, pa->effects);
	}
}

const struct fx_effect *fx_pair_effect(const struct fx_pair *p, enum metric_family family)
{
	for (size_t k = 0; p->effects && k < fx_nfamilies; k++)
		if (fx_families[k] == family)
			return &p->effects[k];
	return NULL;
}

double fx_pct(double ratio)
{
	return (ratio - 1) * 100;
}

#define FX_BASIS_NAME_(e, name, words) name,
static const char *const basis_names[] = { FX_BASES(FX_BASIS_NAME_) };
#undef FX_BASIS_NAME_
#define FX_BASIS_WORDS_(e, name, words) words,
static const char *const basis_words[] = { FX_BASES(FX_BASIS_WORDS_) };
#undef FX_BASIS_WORDS_

const char *fx_basis_name(enum fx_basis b)
{
	return (unsigned)b < countof(basis_names) ? basis_names[b] : "";
}

const char *fx_basis_words(enum fx_basis b)
{
	return (unsigned)b < countof(basis_words) ? basis_words[b] : "";
}

char *fx_text_pct(const struct fx_effect *x, char *out, size_t size)
{
	*out = '\0';
	if (!x->nrows || !isfinite(x->ratio))
		return out;
	return cmp_text_pct_res(fx_pct(x->ratio), x->ratio * x->res * 100, out, size);
}

char *fx_text_interval(const struct fx_effect *x, char *out, size_t size)
{
	char lo[32], hi[32];

	*out = '\0';
	if (!x->nrows || !isfinite(x->lo) || !isfinite(x->hi))
		return out;
	snprintf(out, size, "[%s, %s]", cmp_text_pct(fx_pct(x->lo), lo, sizeof(lo)),
		 cmp_text_pct(fx_pct(x->hi), hi, sizeof(hi)));
	return out;
}

const char *fx_text_verdict(const struct fx_effect *x)
{
	switch (x->verdict) {
	case CMP_BETTER:
		return x->tested || x->basis == FX_EXACT ? "better" : "better?";
	case CMP_WORSE:
		return x->tested || x->basis == FX_EXACT ? "worse" : "worse?";
	case CMP_SAME:
		return "~";
	default:
		return "";
	}
}
