/*
 * test_compare.c - the compare engine (store/compare*.c): which method each
 * row gets from the figures both sides hold, the deltas, intervals,
 * p-values, verdicts, counts, flags and geometric means. Records are built
 * by hand (every shape the parsers produce, hyperfine's or not) or
 * imported from small texts. Reference values come from R 4.2.2 and coin
 * 1.4-2, as in test_stats.c; the call that made each is beside it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>

#include "helpers.h"
#include "store/compare.h"
#include "store/compare_text.h"

#define assert_close(got, want, rel)                                                               \
	do {                                                                                       \
		double g_ = (got), w_ = (want);                                                    \
		double tol_ = (rel) * (fabs(w_) > 1e-300 ? fabs(w_) : 1e-300);                     \
		if (!(fabs(g_ - w_) <= tol_))                                                      \
			fail_msg("%s = %.17g, want %.17g (rel %g)", #got, g_, w_, (double)(rel));  \
	} while (0)

/* ---- building records by hand ---- */

static uint32_t add_run(struct model *m, const char *variant, const char *scenario,
			const char *subject)
{
	uint32_t r;
	struct run *run;

	if (!m->nsources)
		model_add_source(m, "00000000000000000000000000000000", NULL, 0);
	r = recset_add_run(&m->rs);
	run = &m->rs.runs[r];
	run->id = arena_printf(&m->arena, "test:%u", r);
	run->block = arena_printf(&m->arena, "block%u", r);
	run->fmt = FMT_HYPERFINE;
	run->first_line = run->last_line = r + 1;
	run->experiment = "exp";
	run->variant.text = variant;
	run->variant.key = model_variant_key(m, variant);
	run->variant.origin = VO_LABEL;
	run->scenario = scenario;
	run->subject = subject;
	return r;
}

static void add_meas(struct model *m, uint32_t run, const char *quantity, enum stat_kind stat,
		     enum unit unit, enum direction dir, double value, uint32_t n)
{
	struct measurement *me = recset_add_meas(&m->rs);

	me->run = run;
	me->quantity = quantity;
	me->stat = stat;
	me->unit = unit;
	me->dir = dir;
	me->value = value;
	me->n = n;
}

/* A hyperfine-like summary: time mean (lower is better), its sd, count. */
static void add_summary(struct model *m, uint32_t run, double mean, double sd, uint32_t n)
{
	add_meas(m, run, "time", STAT_MEAN, UNIT_SECOND, DIR_LOWER, mean, n);
	add_meas(m, run, "time", STAT_SD, UNIT_SECOND, DIR_NONE, sd, n);
}

static void add_samples(struct model *m, uint32_t run, const char *quantity, const double *x,
			size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct sample *s = recset_add_sample(&m->rs);

		s->run = run;
		s->quantity = quantity;
		s->unit = UNIT_SECOND;
		s->index = (uint32_t)i;
		s->value = x[i];
	}
}

static void add_note(struct model *m, uint32_t run, enum note_kind kind)
{
	struct note *n = recset_add_note(&m->rs);

	n->run = run;
	n->kind = kind;
	n->text = "a note";
}

/* Resolve the model and compare variant `base` with `cand` in experiment "exp". */
static void build(struct model *m, const char *base, const char *cand, const struct cmp_opts *o,
		  struct cmp_table *t)
{
	const struct experiment *e;

	model_resolve(m);
	e = model_experiment(m, "exp");
	assert_non_null(e);
	cmp_build(m, e, model_variant_key(m, base), model_variant_key(m, cand), o, t);
}

static const struct cmp_row *row_of(const struct cmp_table *t, const char *scenario,
				    const char *metric)
{
	for (size_t i = 0; i < t->nrows; i++)
		if (!strcmp(t->rows[i].scenario, scenario) && !strcmp(t->rows[i].metric, metric))
			return &t->rows[i];
	fail_msg("no row %s / %s", scenario, metric);
	return NULL;
}

/* The time row of hand-new-us.txt, app_release against `cand`, into a fresh `m` and `t`. */
static const struct cmp_row *new_us_time(struct model *m, struct diag *d, const char *cand,
					 struct cmp_table *t)
{
	model_init(m);
	import_sample(m, "samples/hyperfine/hand-new-us.txt", d);
	model_resolve(m);
	cmp_build(m, &m->exps[0], model_variant_key(m, "app_release"), model_variant_key(m, cand), NULL, t);
	return row_of(t, "input.json", "time");
}

/* ---- tests ---- */

/*
 * hyperfine prints "1.0 ms ± 0.0 ms": σ is below 0.05 ms, not 0, and the mean
 * is 1.0 ± 0.05 ms. Worked by hand: base 812.4 ± 21.3 µs (3312), candidate
 * 1.0 ms with σ 0.05 ms (2675); v1 = 21.3e-6^2/3312, v2 = 0.05e-3^2/2675,
 * se = sqrt(v1 + v2) = 1.0351633373069732e-06, df = 3455.365237322573,
 * qt(0.975, df) = 1.9606507681872132 (numerical integration, see
 * test_stats.c); rounding of the means: 0.05e-6 + 0.05e-3. Interval of the
 * difference in % of 812.4e-6: [16.681487716335532, 29.502658024678745],
 * ±6.41% around +23.09%. Taking σ as 0 gave ±0.09%, when rounding alone
 * is ±5% of 1.0 ms.
 */
static void test_welch_zero_spread_printed(void **state)
{
	struct model m;
	struct diag d = DIAG_INIT;
	struct cmp_table t;
	const struct cmp_row *r;
	char buf[64];

	(void)state;
	r = new_us_time(&m, &d, "app_pgo_bolt", &t);
	assert_int_equal(r->method, CMP_WELCH);
	assert_true(r->cand.sd == 0); /* as printed */
	assert_close(r->cand.sd_res, 0.05e-3, 1e-12);
	assert_close(r->cand.res, 0.05e-3, 1e-12);
	assert_close(r->ci_lo, 16.681487716335532, 1e-6);
	assert_close(r->ci_hi, 29.502658024678745, 1e-6);
	assert_string_equal(cmp_text_ci(r, buf, sizeof(buf)), "\xc2\xb1" "6.4%"); /* two significant digits */
	/* t from the least difference the digits allow: (187.6 - 50.05) µs / se = 132.9 */
	assert_true(r->tested && r->significant);
	assert_int_equal(r->verdict, CMP_WORSE);
	cmp_release(&t);
	model_release(&m);
	diag_release(&d);
}

/* hyperfine text: mean ± σ over N runs on each side → Welch from the summaries. */
static void test_welch_from_hyperfine_text(void **state)
{
	struct model m;
	struct diag d = DIAG_INIT;
	struct cmp_table t;
	const struct cmp_row *r;
	char buf[64];

	(void)state;
	r = new_us_time(&m, &d, "app_pgo", &t);
	assert_int_equal(r->method, CMP_WELCH);
	assert_int_equal(r->base.n, 3312);
	assert_int_equal(r->cand.n, 3907);
	assert_close(r->base.mean, 812.4e-6, 1e-15);
	assert_close(r->base.sd, 21.3e-6, 1e-15);
	assert_close(r->base.min, 771.0e-6, 1e-15);
	assert_close(r->cand.max, 812.8e-6, 1e-15);
	assert_true(isnan(r->base.median)); /* hyperfine's text has none */
	/* R: (701.9e-6 - 812.4e-6)/812.4e-6*100 */
	assert_close(r->delta_pct, -13.601674052191044, 1e-12);
	/*
	 * R: Welch interval of the difference (see test_stats.c) / 812.4e-6 * 100,
	 * [-13.716510317377356, -13.486837787004728], widened on each side by the
	 * printed means' rounding: 812.4 and 701.9 µs are each ±0.05 µs, so
	 * 0.1e-6 / 812.4e-6 * 100 = 0.012309207287050712 %.
	 */
	assert_close(r->ci_lo, -13.716510317377356 - 0.012309207287050712, 1e-9);
	assert_close(r->ci_hi, -13.486837787004728 + 0.012309207287050712, 1e-9);
	assert_close(r->base.res, 0.05e-6, 1e-9);
	assert_true(r->p < 1e-300);
	assert_true(r->tested && r->significant);
	assert_int_equal(r->verdict, CMP_BETTER);
	assert_true(r->cand.flags & CMP_F_OUTLIERS); /* hyperfine's warning under app_pgo */
	assert_false(r->base.flags & CMP_F_OUTLIERS);
	assert_string_equal(cmp_text_verdict(r), "better");
	assert_string_equal(cmp_text_p(r, buf, sizeof(buf)), "<0.001");
	assert_string_equal(cmp_text_delta(r, buf, sizeof(buf)), "-13.6%");
	/* half of 13.728820 - 13.474529 = 0.127145 */
	assert_string_equal(cmp_text_ci(r, buf, sizeof(buf)), "\xc2\xb1" "0.13%");
	/* 21.3 / 812.4 */
	assert_string_equal(cmp_text_spread(&r->base, buf, sizeof(buf)), "\xc2\xb1" "2.6%");
	assert_string_equal(cmp_text_figure(&r->base, r->unit, buf, sizeof(buf)), "812 \xc2\xb5s");
	assert_string_equal(cmp_text_n(r, buf, sizeof(buf)), "3312/3907");
	/* user time: a mean without a deviation on either side: the delta alone */
	r = row_of(&t, "input.json", "user");
	assert_int_equal(r->method, CMP_DELTA);
	assert_false(r->tested);
	assert_int_equal(r->verdict, CMP_BETTER);
	assert_string_equal(cmp_text_verdict(r), "better?");
	/* the count of runs has no better side: no test, no verdict */
	r = row_of(&t, "input.json", "runs");
	assert_int_equal(r->dir, DIR_NONE);
	assert_int_equal(r->verdict, CMP_UNKNOWN);
	assert_int_equal(t.improved, 1);
	assert_int_equal(t.regressed, 0);
	assert_int_equal(t.unchanged, 0);
	assert_int_equal(t.untested, 2);
	cmp_release(&t);
	/* against the slower PGO+BOLT build: worse */
	cmp_build(&m, &m.exps[0], model_variant_key(&m, "app_release"),
		  model_variant_key(&m, "app_pgo_bolt"), NULL, &t);
	r = row_of(&t, "input.json", "time");
	assert_int_equal(r->verdict, CMP_WORSE);
	assert_int_equal(t.regressed, 1);
	cmp_release(&t);
	model_release(&m);
	diag_release(&d);
}

/* Raw samples on both sides (hyperfine JSON times[]) → Mann-Whitney U. */
static void test_utest_on_samples(void **state)
{
	/* coin exact: p = 0.02156177156177156 (see test_stats.c) */
	double x[] = { 4.9, 5.1, 5.0, 4.9, 5.2, 5.0 }, y[] = { 5.0, 5.3, 5.1, 5.4, 5.2, 5.3, 5.5 };
	struct cmp_opts strict = CMP_OPTS_INIT;
	struct model m;
	struct cmp_table t;
	const struct cmp_row *r;
	uint32_t a, b;

	(void)state;
	model_init(&m);
	a = add_run(&m, "release", "", "");
	b = add_run(&m, "pgo", "", "");
	add_summary(&m, a, 5.0166666666666666, 0.12, 6); /* the tool's own figures are not used */
	add_summary(&m, b, 5.2571428571428571, 0.17, 7);
	add_samples(&m, a, "time", x, 6);
	add_samples(&m, b, "time", y, 7);
	build(&m, "release", "pgo", NULL, &t);
	assert_int_equal(t.nrows, 1);
	r = &t.rows[0];
	assert_int_equal(r->method, CMP_UTEST);
	assert_int_equal(r->base.n, 6);
	assert_int_equal(r->cand.n, 7);
	/* R: mean(x), median(x), mean(y) */
	assert_close(r->base.mean, 5.0166666666666666, 1e-15);
	assert_close(r->base.median, 5, 1e-15);
	assert_close(r->cand.center, 5.2571428571428571, 1e-15);
	assert_close(r->p, 0.02156177156177156, 1e-12);
	/* R: (mean(y) - mean(x))/mean(x)*100; t.test(y, x)$conf.int / mean(x) * 100 */
	assert_close(r->delta_pct, 4.7935453251067877, 1e-12);
	assert_close(r->ci_lo, 1.2387230471921438, 1e-9);
	assert_close(r->ci_hi, 8.3483676030214315, 1e-9);
	assert_true(r->significant);
	assert_int_equal(r->verdict, CMP_WORSE); /* slower */
	cmp_release(&t);
	/* the same data at alpha = 0.01: p = 0.0216 is not enough */
	strict.alpha = 0.01;
	build(&m, "release", "pgo", &strict, &t);
	assert_false(t.rows[0].significant);
	assert_int_equal(t.rows[0].verdict, CMP_SAME);
	assert_string_equal(cmp_text_verdict(&t.rows[0]), "~");
	assert_int_equal(t.unchanged, 1);
	cmp_release(&t);
	/* a threshold above the change: significant p, but within the noise */
	strict.alpha = 0.05;
	strict.threshold = 5;
	build(&m, "release", "pgo", &strict, &t);
	assert_true(t.rows[0].tested);
	assert_false(t.rows[0].significant);
	assert_int_equal(t.rows[0].verdict, CMP_SAME);
	cmp_release(&t);
	model_release(&m);
}

/* Too few samples for any test to reach alpha: "need ≥ 4" instead of a p-value. */
static void test_need_more_samples(void **state)
{
	double x[] = { 1, 2, 3 }, y[] = { 4, 5, 6 };
	struct model m;
	struct cmp_table t;
	const struct cmp_row *r;
	char buf[32];

	(void)state;
	model_init(&m);
	add_samples(&m, add_run(&m, "a", "", ""), "time", x, 3);
	add_samples(&m, add_run(&m, "b", "", ""), "time", y, 3);
	add_meas(&m, 0, "time", STAT_MEAN, UNIT_SECOND, DIR_LOWER, 2, 3);
	build(&m, "a", "b", NULL, &t);
	r = &t.rows[0];
	assert_int_equal(r->method, CMP_UTEST);
	assert_int_equal(r->need, 4);     /* 2/choose(6,3) = 0.1 ≥ 0.05; 2/choose(8,4) < 0.05 */
	assert_true(isnan(r->p));
	assert_false(r->tested);
	assert_true(r->flags & CMP_F_FEW);
	assert_int_equal(r->verdict, CMP_WORSE); /* +150%: beyond the threshold, untested */
	assert_string_equal(cmp_text_verdict(r), "worse?");
	assert_string_equal(cmp_text_p(r, buf, sizeof(buf)), "need \xe2\x89\xa5" "4");
	assert_int_equal(t.untested, 1);
	cmp_release(&t);
	model_release(&m);
}

/* n = 1 against a distribution, and one value against one. */
static void test_single_values(void **state)
{
	struct model m;
	struct cmp_table t;
	const struct cmp_row *r;

	(void)state;
	model_init(&m);
	/* hyperfine --runs 1 prints a mean with n = 1 and no deviation */
	add_summary(&m, add_run(&m, "release", "s", ""), 2.1e-3, 0.5e-3, 15);
	add_meas(&m, add_run(&m, "pgo", "s", ""), "time", STAT_MEAN, UNIT_SECOND, DIR_LOWER, 1.6e-3, 1);
	/* size rows: one figure each, n unknown */
	add_meas(&m, 0, "text", STAT_VALUE, UNIT_BYTE, DIR_LOWER, 1000, 0);
	add_meas(&m, 1, "text", STAT_VALUE, UNIT_BYTE, DIR_LOWER, 950, 0);
	add_meas(&m, 0, "bss", STAT_VALUE, UNIT_BYTE, DIR_LOWER, 1000, 0);
	add_meas(&m, 1, "bss", STAT_VALUE, UNIT_BYTE, DIR_LOWER, 1005, 0);
	build(&m, "release", "pgo", NULL, &t);
	r = row_of(&t, "s", "time");
	assert_int_equal(r->method, CMP_DELTA);
	assert_int_equal(r->need, 2);
	assert_true(r->flags & CMP_F_FEW);
	r = row_of(&t, "s", "text");
	/* exact bytes a side: the change is a fact, no test needed, no rounding */
	assert_int_equal(r->method, CMP_EXACT);
	assert_int_equal(r->need, 0); /* a size is not noisy: no sample count would change it */
	assert_close(r->delta_pct, -5, 1e-12);
	assert_int_equal(r->verdict, CMP_BETTER);
	assert_true(r->tested && r->significant);
	assert_false(r->flags & CMP_F_ONE_RUN);
	assert_string_equal(cmp_text_mark(r), "\xe2\x9c\x93");
	r = row_of(&t, "s", "bss");
	assert_int_equal(r->verdict, CMP_SAME); /* +0.5% is within the 1% threshold */
	assert_int_equal(t.untested, 1);
	assert_int_equal(t.improved, 1);
	assert_int_equal(t.unchanged, 1);
	cmp_release(&t);
	model_release(&m);
}

/*
 * Several runs of a variant (hyperfine text invocations, iperf3 runs): each
 * run's figure is one sample, n = runs, never the pool of their inner runs.
 */
static void test_runs_are_samples(void **state)
{
	double b[] = { 10.1, 10.3, 10.2, 10.4 }, c[] = { 9.1, 9.0, 9.3, 9.2 };
	struct model m;
	struct cmp_table t;
	const struct cmp_row *r;

	(void)state;
	model_init(&m);
	for (int i = 0; i < 4; i++) {
		add_meas(&m, add_run(&m, "release", "server", ""), "sender.bitrate", STAT_VALUE,
			 UNIT_BIT_PER_S, DIR_HIGHER, b[i] * 1e9, 0);
		add_meas(&m, add_run(&m, "pgo", "server", ""), "sender.bitrate", STAT_VALUE,
			 UNIT_BIT_PER_S, DIR_HIGHER, c[i] * 1e9, 0);
	}
	build(&m, "release", "pgo", NULL, &t);
	r = &t.rows[0];
	assert_int_equal(r->method, CMP_UTEST);
	assert_int_equal(r->base.nruns, 4);
	assert_int_equal(r->base.n, 4);
	/* R: mean(b), sd(b) */
	assert_close(r->base.mean, 10.25e9, 1e-15);
	assert_close(r->base.sd, 0.12909944487358102e9, 1e-12);
	/* R: wilcox.test(b, c)$p.value = 0.028571428571428571 */
	assert_close(r->p, 0.028571428571428571, 1e-12);
	/* R: t.test(c, b)$conf.int / mean(b) * 100 */
	assert_close(r->ci_lo, -12.910941166014348, 1e-9);
	assert_close(r->ci_hi, -8.5524734681319856, 1e-9);
	assert_int_equal(r->verdict, CMP_WORSE); /* a lower bit rate is worse */
	assert_true(r->significant);
	cmp_release(&t);
	model_release(&m);
}

/* The same from text: two hyperfine invocations per variant, under labels. */
static void test_invocations_from_text(void **state)
{
	static const char text[] =
		"Release:\n\n"
		"Benchmark 1: ./app input.json\n"
		"  Time (mean \xc2\xb1 \xcf\x83):     812.4 \xc2\xb5s \xc2\xb1  21.3 \xc2\xb5s    [User: 402.1 \xc2\xb5s, System: 377.9 \xc2\xb5s]\n"
		"  Range (min \xe2\x80\xa6 max):   771.0 \xc2\xb5s \xe2\x80\xa6 934.2 \xc2\xb5s    3312 runs\n\n"
		"PGO:\n\n"
		"Benchmark 1: ./app input.json\n"
		"  Time (mean \xc2\xb1 \xcf\x83):     701.9 \xc2\xb5s \xc2\xb1  18.7 \xc2\xb5s    [User: 331.0 \xc2\xb5s, System: 350.6 \xc2\xb5s]\n"
		"  Range (min \xe2\x80\xa6 max):   660.3 \xc2\xb5s \xe2\x80\xa6 812.8 \xc2\xb5s    3907 runs\n\n"
		"Release:\n\n"
		"Benchmark 1: ./app input.json\n"
		"  Time (mean \xc2\xb1 \xcf\x83):     815.0 \xc2\xb5s \xc2\xb1  20.0 \xc2\xb5s    [User: 402.1 \xc2\xb5s, System: 377.9 \xc2\xb5s]\n"
		"  Range (min \xe2\x80\xa6 max):   771.0 \xc2\xb5s \xe2\x80\xa6 934.2 \xc2\xb5s    3000 runs\n\n"
		"PGO:\n\n"
		"Benchmark 1: ./app input.json\n"
		"  Time (mean \xc2\xb1 \xcf\x83):     705.0 \xc2\xb5s \xc2\xb1  18.7 \xc2\xb5s    [User: 331.0 \xc2\xb5s, System: 350.6 \xc2\xb5s]\n"
		"  Range (min \xe2\x80\xa6 max):   660.3 \xc2\xb5s \xe2\x80\xa6 812.8 \xc2\xb5s    3000 runs\n";
	struct model m;
	struct diag d = DIAG_INIT;
	struct cmp_table t;
	const struct cmp_row *r = NULL;

	(void)state;
	model_init(&m);
	import_string(&m, "labels.md", text, &d);
	assert_int_equal(m.rs.nruns, 4);
	assert_int_equal(m.nexps, 1);
	cmp_build(&m, &m.exps[0], model_variant_key(&m, "Release"), model_variant_key(&m, "PGO"), NULL, &t);
	for (size_t i = 0; i < t.nrows; i++)
		if (!strcmp(t.rows[i].quantity, "time"))
			r = &t.rows[i];
	assert_non_null(r);
	assert_int_equal(r->method, CMP_UTEST);
	assert_int_equal(r->base.nruns, 2);
	assert_int_equal(r->base.n, 2); /* two invocations, not 6312 runs */
	assert_close(r->base.mean, (812.4e-6 + 815.0e-6) / 2, 1e-12);
	assert_int_equal(r->need, 4);
	assert_int_equal(r->verdict, CMP_BETTER);
	assert_false(r->tested);
	cmp_release(&t);
	model_release(&m);
	diag_release(&d);
}

/*
 * A verdict claims no more than the printed digits allow (hyperfine's own
 * output, samples/hyperfine/o0-vs-o2.txt): "System: 0.1 ms" against
 * "System: 0.2 ms" is +100% as printed, but the figures may be anything
 * from 0.05 to 0.15 ms and 0.15 to 0.25 ms: cmp_delta_res() is
 * 100 / 0.1 * (0.05 + 2 * 0.05) = 150 points, the change may be under the
 * 1% threshold, and the row reads "~", not "worse?". "User: 4.7 ms"
 * against "1.4 ms" is -70.2% ± 1.38 points: better? still.
 */
static void test_verdict_within_rounding(void **state)
{
	struct model m;
	struct diag d = DIAG_INIT;
	struct cmp_table t;
	const struct cmp_row *sys, *user;

	(void)state;
	model_init(&m);
	import_sample(&m, "samples/hyperfine/o0-vs-o2.txt", &d);
	model_resolve(&m);
	cmp_build(&m, &m.exps[0], model_variant_key(&m, "fib_O0"), model_variant_key(&m, "fib_O2"), NULL, &t);
	sys = row_of(&t, "30", "system");
	assert_close(sys->delta_pct, 100, 1e-9);
	assert_close(cmp_delta_res(sys), 150, 1e-9);
	assert_false(sys->tested);
	assert_int_equal(sys->verdict, CMP_SAME);
	user = row_of(&t, "30", "user");
	assert_close(user->delta_pct, (1.4 - 4.7) / 4.7 * 100, 1e-9);
	assert_close(cmp_delta_res(user), 100 / 4.7 * (0.05 + 1.4 / 4.7 * 0.05), 1e-9);
	assert_int_equal(user->verdict, CMP_BETTER);
	assert_int_equal(t.untested, 2);
	cmp_release(&t);
	model_release(&m);
	diag_release(&d);
}

/* Criterion's [lower estimate upper]: intervals apart or not, no p-value. */
static void test_interval_overlap(void **state)
{
	struct model m;
	struct cmp_table t;
	const struct cmp_row *r;
	uint32_t a, b;

	(void)state;
	model_init(&m);
	a = add_run(&m, "main", "", "fib 20");
	b = add_run(&m, "pgo", "", "fib 20");
	add_meas(&m, a, "time_per_op", STAT_LOWER, UNIT_SECOND, DIR_LOWER, 125.68e-9, 0);
	add_meas(&m, a, "time_per_op", STAT_EST, UNIT_SECOND, DIR_LOWER, 126.86e-9, 0);
	add_meas(&m, a, "time_per_op", STAT_UPPER, UNIT_SECOND, DIR_LOWER, 128.38e-9, 0);
	add_meas(&m, b, "time_per_op", STAT_LOWER, UNIT_SECOND, DIR_LOWER, 110.10e-9, 0);
	add_meas(&m, b, "time_per_op", STAT_EST, UNIT_SECOND, DIR_LOWER, 111.00e-9, 0);
	add_meas(&m, b, "time_per_op", STAT_UPPER, UNIT_SECOND, DIR_LOWER, 112.30e-9, 0);
	/* a second benchmark whose intervals overlap */
	a = add_run(&m, "main", "", "fib 10");
	b = add_run(&m, "pgo", "", "fib 10");
	add_meas(&m, a, "time_per_op", STAT_LOWER, UNIT_SECOND, DIR_LOWER, 10.0e-9, 0);
	add_meas(&m, a, "time_per_op", STAT_EST, UNIT_SECOND, DIR_LOWER, 10.5e-9, 0);
	add_meas(&m, a, "time_per_op", STAT_UPPER, UNIT_SECOND, DIR_LOWER, 11.0e-9, 0);
	add_meas(&m, b, "time_per_op", STAT_LOWER, UNIT_SECOND, DIR_LOWER, 9.5e-9, 0);
	add_meas(&m, b, "time_per_op", STAT_EST, UNIT_SECOND, DIR_LOWER, 10.2e-9, 0);
	add_meas(&m, b, "time_per_op", STAT_UPPER, UNIT_SECOND, DIR_LOWER, 10.6e-9, 0);
	add_note(&m, b, NOTE_OUTLIERS); /* "Found 2 outliers among 100 measurements" */
	build(&m, "main", "pgo", NULL, &t);
	r = row_of(&t, "", "fib 20.time_per_op");
	assert_int_equal(r->method, CMP_OVERLAP);
	assert_close(r->base.center, 126.86e-9, 1e-15);
	assert_close(r->base.lo, 125.68e-9, 1e-15);
	assert_true(isnan(r->p));
	assert_true(r->tested && r->significant);
	assert_int_equal(r->verdict, CMP_BETTER);
	r = row_of(&t, "", "fib 10.time_per_op");
	assert_int_equal(r->method, CMP_OVERLAP);
	assert_false(r->significant);
	assert_int_equal(r->verdict, CMP_SAME);
	assert_true(r->flags & CMP_F_OUTLIERS);
	assert_int_equal(t.improved, 1);
	assert_int_equal(t.unchanged, 1);
	cmp_release(&t);
	model_release(&m);
}

/* Holm over the rows of one table: R: p.adjust(c(0.0215..., 0.2544..., 0.0719...), "holm"). */
static void test_holm(void **state)
{
	double x1[] = { 4.9, 5.1, 5.0, 4.9, 5.2, 5.0 }, y1[] = { 5.0, 5.3, 5.1, 5.4, 5.2, 5.3, 5.5 };
	double x2[] = { 0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46 };
	double y2[] = { 1.15, 0.88, 0.90, 0.74, 1.21 };
	double x3[] = { 1, 1, 1, 1, 2 }, y3[] = { 1, 2, 2, 2, 2, 2, 2 };
	struct cmp_opts holm = CMP_OPTS_INIT;
	struct model m;
	struct cmp_table t;
	uint32_t a, b;

	(void)state;
	model_init(&m);
	a = add_run(&m, "a", "", "");
	b = add_run(&m, "b", "", "");
	add_samples(&m, a, "q1", x1, 6);
	add_samples(&m, b, "q1", y1, 7);
	add_samples(&m, a, "q2", x2, 10);
	add_samples(&m, b, "q2", y2, 5);
	add_samples(&m, a, "q3", x3, 5);
	add_samples(&m, b, "q3", y3, 7);
	add_meas(&m, a, "q1", STAT_MEAN, UNIT_SECOND, DIR_LOWER, 0, 0); /* directions only */
	add_meas(&m, a, "q2", STAT_MEAN, UNIT_SECOND, DIR_LOWER, 0, 0);
	add_meas(&m, a, "q3", STAT_MEAN, UNIT_SECOND, DIR_LOWER, 0, 0);
	holm.holm = 1;
	build(&m, "a", "b", &holm, &t);
	assert_int_equal(t.nrows, 3);
	assert_close(t.rows[0].p, 0.02156177156177156, 1e-12);
	assert_close(t.rows[0].p_adj, 0.064685314685314688, 1e-12);
	assert_close(t.rows[1].p_adj, 0.254412254412254402, 1e-12);
	assert_close(t.rows[2].p_adj, 0.143939393939393950, 1e-12);
	assert_false(t.rows[0].significant); /* significant alone, not after the correction */
	cmp_release(&t);
	build(&m, "a", "b", NULL, &t);
	assert_true(t.rows[0].significant);
	assert_close(t.rows[0].p_adj, t.rows[0].p, 0);
	cmp_release(&t);
	model_release(&m);
}

/* Data-quality flags come from the runs' notes and flags. */
static void test_flags(void **state)
{
	struct model m;
	struct cmp_table t;
	const struct cmp_row *r;
	uint32_t a, b;

	(void)state;
	model_init(&m);
	a = add_run(&m, "a", "", "");
	b = add_run(&m, "b", "", "");
	add_summary(&m, a, 1.0, 0.1, 10);
	add_summary(&m, b, 1.5, 0.1, 10);
	add_note(&m, a, NOTE_WARNING);
	m.rs.runs[b].flags |= RUN_FAILED | RUN_INCOMPLETE;
	build(&m, "a", "b", NULL, &t);
	r = &t.rows[0];
	assert_int_equal(r->base.flags, CMP_F_WARNINGS);
	assert_int_equal(r->cand.flags, CMP_F_FAILED | CMP_F_INCOMPLETE);
	/* one run a side, tested (Welch from the summaries): within one invocation a side */
	assert_int_equal(r->flags, CMP_F_WARNINGS | CMP_F_FAILED | CMP_F_INCOMPLETE | CMP_F_ONE_RUN);
	assert_true(r->significant);
	assert_int_equal(t.one_run, 1);
	assert_string_equal(cmp_text_mark(r), "\xe2\x9c\x97\xc2\xb9");
	assert_string_equal(cmp_flag_name(CMP_F_FAILED), "failed");
	cmp_release(&t);
	/* a second run of each: a test over repeated invocations, not flagged */
	add_summary(&m, add_run(&m, "a", "", ""), 1.01, 0.1, 10);
	add_summary(&m, add_run(&m, "b", "", ""), 1.52, 0.1, 10);
	build(&m, "a", "b", NULL, &t);
	assert_false(t.rows[0].flags & CMP_F_ONE_RUN);
	assert_int_equal(t.one_run, 0);
	cmp_release(&t);
	model_release(&m);
}

/* Sides measured in different scenarios meet in one row, flagged. */
static void test_mixed_scenarios(void **state)
{
	struct model m;
	struct cmp_table t;

	(void)state;
	model_init(&m);
	add_summary(&m, add_run(&m, "a", "./fib 30", ""), 5e-3, 1e-4, 10);
	add_summary(&m, add_run(&m, "b", "./fib 31", ""), 4e-3, 1e-4, 10);
	build(&m, "a", "b", NULL, &t);
	assert_int_equal(t.nrows, 1);
	assert_string_equal(t.rows[0].scenario, "./fib 30");
	assert_string_equal(t.rows[0].cand.scenario, "./fib 31");
	assert_true(t.rows[0].flags & CMP_F_SCENARIOS);
	assert_int_equal(t.rows[0].method, CMP_WELCH);
	cmp_release(&t);
	model_release(&m);
}

/* perf stat -r's "( +- x% )" is a relative standard error: sd = x% · mean · √n. */
static void test_relative_spread(void **state)
{
	struct model m;
	struct cmp_table t;
	uint32_t a, b;

	(void)state;
	model_init(&m);
	a = add_run(&m, "a", "", "");
	b = add_run(&m, "b", "", "");
	add_meas(&m, a, "task_clock", STAT_MEAN, UNIT_SECOND, DIR_LOWER, 103.63e-3, 5);
	add_meas(&m, a, "task_clock", STAT_REL_SD, UNIT_PERCENT, DIR_NONE, 5.01, 5);
	add_meas(&m, b, "task_clock", STAT_MEAN, UNIT_SECOND, DIR_LOWER, 88.27e-3, 5);
	add_meas(&m, b, "task_clock", STAT_REL_SD, UNIT_PERCENT, DIR_NONE, 8.37, 5);
	build(&m, "a", "b", NULL, &t);
	assert_int_equal(t.rows[0].method, CMP_WELCH);
	assert_close(t.rows[0].base.sd, 0.0501 * 103.63e-3 * sqrt(5), 1e-12);
	cmp_release(&t);
	model_release(&m);
}

/*
 * benchstat v2's "± x%" is the larger half of its interval of the median:
 * the interval lies within median ∓ x%, which the printed digits widen by
 * half a unit of the last digit of both figures. Worked by hand for
 * benchstat's own example (cmd/benchstat's doc):
 *   old 1.718µ ± 1%: (1% + 0.5%) · 1.718e-6 + 0.0005e-6 = 0.02627e-6
 *   new 1.423µ ± 1%: (1% + 0.5%) · 1.423e-6 + 0.0005e-6 = 0.021845e-6
 * apart: better; gob 3.066µ ± 0% against 3.070µ ± 2% overlap: the same.
 */
static void test_benchstat_intervals(void **state)
{
	static const char text[] =
		"                      \xe2\x94\x82   old.txt   \xe2\x94\x82               new.txt               \xe2\x94\x82\n"
		"                      \xe2\x94\x82   sec/op    \xe2\x94\x82   sec/op     vs base                \xe2\x94\x82\n"
		"Encode/format=json-48   1.718\xc2\xb5 \xc2\xb1 1%   1.423\xc2\xb5 \xc2\xb1 1%  -17.20% (p=0.000 n=10)\n"
		"Encode/format=gob-48    3.066\xc2\xb5 \xc2\xb1 0%   3.070\xc2\xb5 \xc2\xb1 2%        ~ (p=0.446 n=10)\n"
		"geomean                 2.295\xc2\xb5        2.090\xc2\xb5        -8.94%\n";
	struct model m;
	struct diag d = DIAG_INIT;
	struct cmp_table t;
	const struct cmp_row *r;

	(void)state;
	model_init(&m);
	import_string(&m, "bs.txt", text, &d);
	assert_int_equal(d.n, 0);
	model_resolve(&m);
	cmp_build(&m, &m.exps[0], model_variant_key(&m, "old"), model_variant_key(&m, "new"), NULL, &t);
	r = row_of(&t, "", "Encode/format=json.time_per_op");
	assert_int_equal(r->method, CMP_OVERLAP);
	assert_close(r->base.center, 1.718e-6, 1e-15);
	assert_int_equal(r->base.n, 10);
	assert_int_equal(r->cand.n, 10);
	assert_close(r->base.lo, 1.718e-6 - 0.02627e-6, 1e-12);
	assert_close(r->base.hi, 1.718e-6 + 0.02627e-6, 1e-12);
	assert_close(r->cand.lo, 1.423e-6 - 0.021845e-6, 1e-12);
	assert_close(r->cand.hi, 1.423e-6 + 0.021845e-6, 1e-12);
	assert_true(r->tested && r->significant);
	assert_int_equal(r->verdict, CMP_BETTER);
	r = row_of(&t, "", "Encode/format=gob.time_per_op");
	assert_int_equal(r->method, CMP_OVERLAP);
	assert_false(r->significant);
	assert_int_equal(r->verdict, CMP_SAME);
	cmp_release(&t);
	model_release(&m);
	diag_release(&d);
}

/*
 * benchstat v1's "± x%" bounds every sample's distance from the mean; the
 * deviation of n samples is then at most x% · mean · √(n/(n-1)), which
 * Welch's test takes (go-retry#13's Do-8: 7.79µs ± 3% over 9 samples).
 */
static void test_benchstat_v1_deviation(void **state)
{
	static const char text[] =
		"name               old time/op    new time/op    delta\n"
		"Do-8                 7.79\xc2\xb5s \xc2\xb1 3%    4.75\xc2\xb5s \xc2\xb1 7%  -39.01%  (p=0.000 n=9+10)\n"
		"DoSuccess-8          6.59ns \xc2\xb1 6%    6.62ns \xc2\xb1 5%     ~     (p=0.631 n=10+10)\n";
	struct model m;
	struct diag d = DIAG_INIT;
	struct cmp_table t;
	const struct cmp_row *r;

	(void)state;
	model_init(&m);
	import_string(&m, "v1.txt", text, &d);
	assert_int_equal(d.n, 0);
	model_resolve(&m);
	cmp_build(&m, &m.exps[0], model_variant_key(&m, "old"), model_variant_key(&m, "new"), NULL, &t);
	r = row_of(&t, "", "Do.time_per_op");
	assert_int_equal(r->method, CMP_WELCH);
	assert_int_equal(r->base.n, 9);
	assert_int_equal(r->cand.n, 10);
	assert_close(r->base.sd, 0.03 * 7.79e-6 * sqrt(9.0 / 8.0), 1e-12);
	assert_close(r->cand.sd, 0.07 * 4.75e-6 * sqrt(10.0 / 9.0), 1e-12);
	assert_true(r->tested && r->significant);
	assert_int_equal(r->verdict, CMP_BETTER);
	r = row_of(&t, "", "DoSuccess.time_per_op");
	assert_int_equal(r->method, CMP_WELCH);
	assert_false(r->significant);
	cmp_release(&t);
	model_release(&m);
	diag_release(&d);
}

/*
 * BenchmarkDotNet's StdErr is σ/√n: with the N column beside it, Welch's
 * test takes σ = StdErr · √N (Parse: 2.36 ns · √15 and 4.05 ns · √14).
 */
static void test_bdn_stderr_count(void **state)
{
	static const char text[] =
		"| Method | Job  |     Mean |  StdErr |  N |\n"
		"|------- |----- |---------:|--------:|---:|\n"
		"|  Parse | main | 519.7 ns | 2.36 ns | 15 |\n"
		"|  Parse |   pr | 740.9 ns | 4.05 ns | 14 |\n";
	struct model m;
	struct diag d = DIAG_INIT;
	struct cmp_table t;
	const struct cmp_row *r;

	(void)state;
	model_init(&m);
	import_string(&m, "bdn.md", text, &d);
	assert_int_equal(d.n, 0);
	model_resolve(&m);
	cmp_build(&m, &m.exps[0], model_variant_key(&m, "main"), model_variant_key(&m, "pr"), NULL, &t);
	r = row_of(&t, "", "Parse.time_per_op");
	assert_int_equal(r->method, CMP_WELCH);
	assert_int_equal(r->base.n, 15);
	assert_int_equal(r->cand.n, 14);
	assert_close(r->base.sd, 2.36e-9 * sqrt(15), 1e-15);
	assert_close(r->cand.sd, 4.05e-9 * sqrt(14), 1e-15);
	assert_true(r->tested && r->significant);
	assert_int_equal(r->verdict, CMP_WORSE);
	cmp_release(&t);
	model_release(&m);
	diag_release(&d);
}

/* A zero baseline has no percentage; a test still decides. */
static void test_zero_baseline(void **state)
{
	double x[] = { 0, 0, 0, 0, 0 }, y[] = { 3, 5, 2, 4, 6 };
	struct model m;
	struct cmp_table t;
	uint32_t a, b;

	(void)state;
	model_init(&m);
	a = add_run(&m, "a", "", "");
	b = add_run(&m, "b", "", "");
	add_samples(&m, a, "retransmits", x, 5);
	add_samples(&m, b, "retransmits", y, 5);
	add_meas(&m, a, "retransmits", STAT_MEAN, UNIT_COUNT, DIR_LOWER, 0, 5);
	build(&m, "a", "b", NULL, &t);
	assert_false(t.rows[0].has_delta);
	assert_true(t.rows[0].tested);
	assert_int_equal(t.rows[0].verdict, CMP_WORSE);
	cmp_release(&t);
	model_release(&m);
}

/* Geometric means over the benchmarks every candidate shares with the baseline. */
static void test_geomeans(void **state)
{
	static const char *const bench[] = { "a", "b", "c" };
	double base[] = { 1e-6, 2e-6, 4e-6 }, c1[] = { 0.9e-6, 2.2e-6, 3.0e-6 };
	double c2[] = { 2e-6, 4e-6 };
	struct model m;
	struct cmp_table t[2];
	const struct experiment *e;

	(void)state;
	model_init(&m);
	for (int i = 0; i < 3; i++) {
		add_meas(&m, add_run(&m, "main", "", bench[i]), "time_per_op", STAT_VALUE, UNIT_SECOND,
			 DIR_LOWER, base[i], 0);
		add_meas(&m, add_run(&m, "pgo", "", bench[i]), "time_per_op", STAT_VALUE, UNIT_SECOND,
			 DIR_LOWER, c1[i], 0);
	}
	/* "bolt" lacks benchmark c */
	for (int i = 0; i < 2; i++)
		add_meas(&m, add_run(&m, "bolt", "", bench[i]), "time_per_op", STAT_VALUE, UNIT_SECOND,
			 DIR_LOWER, c2[i], 0);
	model_resolve(&m);
	e = model_experiment(&m, "exp");
	cmp_build(&m, e, model_variant_key(&m, "main"), model_variant_key(&m, "pgo"), NULL, &t[0]);
	cmp_geomeans(&t[0], 1);
	assert_int_equal(t[0].ngeo, 1);
	assert_int_equal(t[0].geo[0].nrows, 3);
	/* R: exp(mean(log(c(1e-6,2e-6,4e-6)))), the same of c1, and their ratio */
	assert_close(t[0].geo[0].base, 2.0000000000000012e-06, 1e-13);
	assert_close(t[0].geo[0].cand, 1.8110432210393054e-06, 1e-13);
	assert_close(t[0].geo[0].ratio, 0.90552161051965219, 1e-13);
	assert_close(t[0].geo[0].gain, 1 / 0.90552161051965219, 1e-13);
	assert_int_equal(t[0].geo[0].verdict, CMP_BETTER);
	{
		char buf[32];

		assert_string_equal(cmp_text_gain(&t[0].geo[0], buf, sizeof(buf)), "1.10\xc3\x97 better");
	}
	cmp_build(&m, e, model_variant_key(&m, "main"), model_variant_key(&m, "bolt"), NULL, &t[1]);
	/* together: only a and b are in every table. R: geomean of c(0.9e-6, 2.2e-6) over c(1e-6, 2e-6) */
	cmp_geomeans(t, 2);
	assert_int_equal(t[0].geo[0].nrows, 2);
	assert_close(t[0].geo[0].ratio, 0.99498743710661752, 1e-13);
	assert_int_equal(t[0].geo[0].verdict, CMP_SAME); /* -0.5%: within the threshold */
	assert_close(t[1].geo[0].ratio, 2, 1e-13);
	assert_int_equal(t[1].geo[0].verdict, CMP_WORSE);
	cmp_release(&t[0]);
	cmp_release(&t[1]);
	model_release(&m);
}

/* The baseline alone (an experiment of one variant): one side, no verdicts. */
/* A change ends at the digit its figures' rounding allows; "≈" when that spans more than a point. */
static void test_pct_digits(void **state)
{
	char b[32];

	(void)state;
	assert_string_equal(cmp_text_pct_res(2.27, 0.23, b, sizeof(b)), "+2%");  /* 44.0 → 45.0 GiB */
	assert_string_equal(cmp_text_pct_res(-18.75, 5.7, b, sizeof(b)), "\xe2\x89\x88-19%"); /* 16 → 13 ns */
	assert_string_equal(cmp_text_pct_res(976.9, 80, b, sizeof(b)), "\xe2\x89\x88+980%"); /* 1.3 → 14 MiB */
	assert_string_equal(cmp_text_pct_res(-0.4, 33, b, sizeof(b)), "\xe2\x89\x88+0%"); /* never "-0" */
	assert_string_equal(cmp_text_pct_res(-4.7619, 0, b, sizeof(b)), "-4.8%"); /* exact */
}

static void test_one_side(void **state)
{
	struct model m;
	struct cmp_table t;

	(void)state;
	model_init(&m);
	add_summary(&m, add_run(&m, "a", "", ""), 1, 0.1, 10);
	build(&m, "a", "a", NULL, &t);
	assert_int_equal(t.nrows, 1);
	assert_true(t.rows[0].base.present);
	assert_false(t.rows[0].cand.present);
	assert_int_equal(t.rows[0].method, CMP_NONE);
	assert_int_equal(t.rows[0].verdict, CMP_UNKNOWN);
	cmp_release(&t);
	model_release(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_welch_from_hyperfine_text),
		cmocka_unit_test(test_welch_zero_spread_printed),
		cmocka_unit_test(test_utest_on_samples),
		cmocka_unit_test(test_need_more_samples),
		cmocka_unit_test(test_single_values),
		cmocka_unit_test(test_runs_are_samples),
		cmocka_unit_test(test_invocations_from_text),
		cmocka_unit_test(test_interval_overlap),
		cmocka_unit_test(test_holm),
		cmocka_unit_test(test_flags),
		cmocka_unit_test(test_mixed_scenarios),
		cmocka_unit_test(test_relative_spread),
		cmocka_unit_test(test_benchstat_intervals),
		cmocka_unit_test(test_benchstat_v1_deviation),
		cmocka_unit_test(test_bdn_stderr_count),
		cmocka_unit_test(test_zero_baseline),
		cmocka_unit_test(test_geomeans),
		cmocka_unit_test(test_one_side),
		cmocka_unit_test(test_pct_digits),
		cmocka_unit_test(test_verdict_within_rounding),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
